"""Issue 22, findings 1, 9, 10 and 11 (and the review queue's `?game=%00`): what a player can send
the community pages costs a bounded amount, and what they download is not a live spreadsheet."""

from __future__ import annotations

import csv
import io
import threading

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection, connections
from django.urls import reverse
from PIL import Image, ImageFile
from rest_framework.test import APIClient

from cards import faces
from cards.community import proposals
from cards.community.models import Proposal
from cards.games.registry import get_game
from cards.importers import parse_file
from cards.models import Card
from tests.community.conftest import png_bytes

pytestmark = pytest.mark.django_db

CELLS = {"number": "BT1-300", "name": "A", "type": "Battle"}


@pytest.fixture
def decodes(monkeypatch) -> list[tuple[int, int]]:
    """The size of every image Pillow decodes (a load with tiles still to read), in order."""
    seen: list[tuple[int, int]] = []
    real = ImageFile.ImageFile.load

    def load(image):
        if image.tile:
            seen.append(image.size)
        return real(image)

    monkeypatch.setattr(ImageFile.ImageFile, "load", load)
    return seen


def propose_with_image(client, image: bytes, **cells: str):
    upload = SimpleUploadedFile("card.png", image)
    url = reverse("community:propose", args=["dbscg"])
    return client.post(url, {**CELLS, **cells, "image": upload})


def big_png(side: int) -> bytes:
    """A small file (one colour compresses well) of side² pixels."""
    out = io.BytesIO()
    Image.new("1", (side, side)).save(out, "PNG")
    return out.getvalue()


def test_finding_1_an_image_is_not_decoded_when_the_cells_are_wrong(player_client, dbscg, decodes):
    response = propose_with_image(player_client, png_bytes(), name="")
    assert response.status_code == 400
    assert decodes == []
    assert not Proposal.objects.exists()


def test_finding_1_an_accepted_proposal_decodes_its_image_once(player_client, dbscg, decodes):
    assert propose_with_image(player_client, png_bytes()).status_code == 302
    assert decodes == [(63, 88)]
    assert Proposal.objects.get().image


def test_finding_1_a_player_over_the_hourly_limit_costs_no_decode(
    player_client, player, dbscg, decodes, settings
):
    settings.DECKLAB_PROPOSALS_PER_HOUR = 1
    proposals.propose(player, "dbscg", proposals.check_cells("dbscg", CELLS))
    response = propose_with_image(player_client, png_bytes(), number="BT1-301")
    assert "per hour" in response.content.decode()
    assert decodes == []


def test_finding_1_refused_images_use_up_the_players_attempts(
    player_client, dbscg, decodes, settings
):
    settings.DECKLAB_PROPOSALS_PER_HOUR = 3
    for _ in range(3):
        refused = propose_with_image(player_client, b"\x89PNG\r\n\x1a\n not really")
        assert refused.status_code == 400
        assert "not a readable image" in refused.content.decode()
    over = propose_with_image(player_client, png_bytes())
    assert "per hour" in over.content.decode()
    assert not Proposal.objects.exists()
    assert len(decodes) <= 3


def test_finding_1_a_huge_image_in_a_small_file_is_refused_before_decoding(decodes):
    huge = big_png(6324)
    assert len(huge) < 200_000
    with pytest.raises(faces.ImageRejected, match="megapixels"):
        faces.checked_png(huge)
    assert decodes == []


def test_finding_1_a_large_jpeg_is_decoded_at_a_reduced_scale(decodes):
    out = io.BytesIO()
    Image.new("RGB", (4800, 6700), "navy").save(out, "JPEG", quality=30)
    stored = Image.open(io.BytesIO(faces.checked_png(out.getvalue())))
    assert stored.size[0] <= faces.STORED_SIZE[0] and stored.size[1] <= faces.STORED_SIZE[1]
    assert len(decodes) == 1
    width, height = decodes[0]
    assert width * height <= faces.MAX_DECODED_PIXELS


def test_finding_10_a_proposal_holds_few_extra_columns_with_short_names(player, dbscg):
    api = APIClient()
    api.force_authenticate(player)
    long_name = {**CELLS, "x" * 5000: "1"}
    answer = api.post("/api/v1/proposals", {"game": "dbscg", "row": long_name}, format="json")
    assert answer.status_code == 400
    many = {**CELLS, **{f"extra{n}": "1" for n in range(proposals.MAX_EXTRA_COLUMNS + 1)}}
    answer = api.post("/api/v1/proposals", {"game": "dbscg", "row": many}, format="json")
    assert answer.status_code == 400
    assert "extra columns" in answer.json()["detail"] + str(answer.json().get("problems"))
    assert not Proposal.objects.exists()


def test_finding_10_a_proposal_file_with_a_long_column_name_is_refused(player_client, dbscg):
    header = "number,name,type," + "y" * 3000
    content = f"{header}\nBT1-300,A,Battle,1\n".encode()
    upload = SimpleUploadedFile("cards.csv", content)
    response = player_client.post(
        reverse("community:propose-file", args=["dbscg"]), {"file": upload}
    )
    assert response.status_code == 400
    assert "column name is at most 64 characters" in response.content.decode()
    assert not Proposal.objects.exists()


def test_finding_11_formulas_in_the_open_data_csv_are_text(client, dbscg):
    Card.objects.filter(number="BT1-006").update(name='=HYPERLINK("http://evil.example","x")')
    Card.objects.filter(number="BT1-004").update(name="@SUM(1+1)")
    response = client.get(reverse("community:download", args=["dbscg", "csv"]))
    rows = {r["number"]: r for r in csv.DictReader(io.StringIO(response.content.decode()))}
    assert rows["BT1-006"]["name"] == '\'=HYPERLINK("http://evil.example","x")'
    assert rows["BT1-004"]["name"] == "'@SUM(1+1)"
    for row in rows.values():
        for value in row.values():
            assert not value.startswith(("=", "+", "@", "\t", "\r")), value


def test_finding_11_the_escaped_csv_imports_as_the_same_cards(client, dbscg):
    Card.objects.filter(number="BT1-006").update(name="=1+2")
    response = client.get(reverse("community:download", args=["dbscg", "csv"]))
    cards = {c.number: c for c in parse_file(get_game("dbscg"), response.content, "d.csv")}
    assert cards["BT1-006"].name == "=1+2"


def test_a_review_queue_filter_that_is_no_game_shows_every_waiting_proposal(editor_client):
    response = editor_client.get(reverse("community:queue"), {"game": "\x00"})
    assert response.status_code == 200


def _propose_in_a_thread(user_id: int, number: str, start: threading.Barrier, out: list) -> None:
    from django.contrib.auth import get_user_model

    try:
        user = get_user_model().objects.get(pk=user_id)
        start.wait()
        row = {**CELLS, "number": number}
        proposals.propose(user, "dbscg", proposals.check_cells("dbscg", row))
        out.append("made")
    except proposals.ProposalRefused:
        out.append("refused")
    finally:
        connections.close_all()


@pytest.mark.django_db(transaction=True)
def test_finding_9_the_pending_cap_holds_for_parallel_proposals(settings, player, dbscg):
    if connection.vendor == "sqlite":
        pytest.skip("SQLite runs one writer at a time: the race needs PostgreSQL")
    settings.DECKLAB_PROPOSALS_MAX_PENDING = 3
    threads, out = 12, []
    start = threading.Barrier(threads)
    workers = [
        threading.Thread(
            target=_propose_in_a_thread, args=(player.pk, f"BT1-{400 + n}", start, out)
        )
        for n in range(threads)
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert sorted(out) == ["made"] * 3 + ["refused"] * 9
    assert Proposal.objects.filter(proposer=player).count() == 3
