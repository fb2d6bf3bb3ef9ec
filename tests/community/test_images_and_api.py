"""Card images (staff upload, `import_card_images`) as revisions, and the proposal API."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.urls import reverse
from rest_framework.test import APIClient

from cards.community.models import Proposal
from cards.models import Card
from decklab.accounts.tokens import new_token
from tests.community.conftest import png_bytes

pytestmark = pytest.mark.django_db


def test_import_card_images_stores_checked_images_as_revisions(tmp_path, gundam_war, dbscg):
    folder = tmp_path / "images"
    folder.mkdir()
    (folder / "BT1-001.png").write_bytes(png_bytes())
    (folder / "BT1-004.jpg").write_bytes(b"not an image at all")
    (folder / "XX-999.png").write_bytes(png_bytes())
    out, err = io.StringIO(), io.StringIO()
    call_command("import_card_images", "dbscg", str(folder), stdout=out, stderr=err)
    assert "1 images imported, 2 refused" in out.getvalue()
    assert "BT1-004.jpg: this file is not a readable image" in err.getvalue()
    assert "XX-999.png: no dbscg card numbered XX-999" in err.getvalue()
    card = Card.objects.get(game="dbscg", number="BT1-001")
    assert card.image
    revision = card.revisions.order_by("-sequence").first()
    assert revision.source == "image" and revision.note == "BT1-001.png"
    assert list(revision.changes) == ["card image"]
    (folder / "青_U-1.png").write_bytes(png_bytes())
    call_command("import_card_images", "gundam_war", str(folder), stdout=out, stderr=err)
    assert Card.objects.get(game="gundam_war", number="青/U-1").image


def test_a_staff_image_upload_is_a_revision(staff_client, dbscg):
    from django.core.files.uploadedfile import SimpleUploadedFile

    url = reverse("cards:image", args=["dbscg", "BT1-006"])
    staff_client.post(url, {"image": SimpleUploadedFile("a.png", png_bytes())})
    card = Card.objects.get(number="BT1-006")
    upload = card.revisions.order_by("-sequence").first()
    assert upload.author.username == "staff" and card.image
    staff_client.post(url, {"remove": "1"})
    card.refresh_from_db()
    assert not card.image
    from cards.community import revisions

    revisions.revert(upload, None)  # the file was kept: the image comes back
    card.refresh_from_db()
    assert card.image.name == upload.row["card image"]


@pytest.fixture
def api(player):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {new_token(player)[1]}")
    return client


def test_the_proposal_api_creates_lists_and_reads_own_proposals(api, dbscg, editor):
    cells = {"number": "BT1-500", "name": "API card", "type": "Battle", "power": "5000"}
    created = api.post(
        "/api/v1/proposals", {"game": "dbscg", "row": cells, "source_note": "box"}, format="json"
    )
    assert created.status_code == 201, created.content
    assert created.json()["status"] == "pending"
    bad = api.post(
        "/api/v1/proposals", {"game": "dbscg", "row": {**cells, "power": "x"}}, format="json"
    )
    assert bad.status_code == 400 and "power" in bad.json()["problems"]
    listed = api.get("/api/v1/proposals").json()
    assert [p["number"] for p in listed["results"]] == ["BT1-500"]
    pk = created.json()["id"]
    assert api.get(f"/api/v1/proposals/{pk}").json()["row"]["name"] == "API card"
    # Players cannot review; editors can.
    assert api.post(f"/api/v1/proposals/{pk}/review", {"action": "approve"}).status_code == 403
    editor_api = APIClient()
    editor_api.force_authenticate(editor)
    queue = editor_api.get("/api/v1/proposals?queue=1").json()
    assert [p["id"] for p in queue["results"]] == [pk]
    no_reason = editor_api.post(f"/api/v1/proposals/{pk}/review", {"action": "reject"})
    assert no_reason.status_code == 400
    approved = editor_api.post(
        f"/api/v1/proposals/{pk}/review", {"action": "approve"}, format="json"
    )
    assert approved.status_code == 200 and approved.json()["status"] == "approved"
    assert Card.objects.get(game="dbscg", number="BT1-500").data["power"] == 5000
    again = editor_api.post(f"/api/v1/proposals/{pk}/review", {"action": "approve"})
    assert again.status_code == 409


def test_a_refused_proposal_s_problems_follow_accept_language(api, dbscg):
    """Issue 23: under `Accept-Language: ja` the API's `problems` stayed the importer's English."""
    cells = {"number": "BT1-501", "name": "Bad card", "type": "Battle", "power": "x"}
    body = {"game": "dbscg", "row": cells}
    japanese = api.post("/api/v1/proposals", body, format="json", HTTP_ACCEPT_LANGUAGE="ja")
    assert japanese.status_code == 400
    assert (
        japanese.json()["problems"]["power"] == "整数を入力してください（xは整数ではありません）。"
    )
    english = api.post("/api/v1/proposals", body, format="json").json()
    assert english["problems"]["power"] == "Enter a whole number (x is not one)."


def test_the_api_answers_429_over_the_pending_cap(api, dbscg, settings):
    settings.DECKLAB_PROPOSALS_MAX_PENDING = 0
    cells = {"number": "BT1-500", "name": "API card", "type": "Battle"}
    response = api.post("/api/v1/proposals", {"game": "dbscg", "row": cells}, format="json")
    assert response.status_code == 429 and "at most 0" in response.json()["detail"]
    assert not Proposal.objects.exists()


def test_others_proposals_are_not_visible(api, dbscg, editor):
    from cards.community import proposals

    cells = {"number": "BT1-501", "name": "Other", "type": "Battle"}
    other = proposals.propose(editor, "dbscg", proposals.check_cells("dbscg", cells))
    assert api.get(f"/api/v1/proposals/{other.pk}").status_code == 404


def test_a_staff_card_file_upload_writes_revisions_by_that_staff_member(
    staff_client, eager_tasks, django_capture_on_commit_callbacks
):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from tests.cards.conftest import DRAWS_TROIDAL_CSV

    upload = SimpleUploadedFile("starter.csv", DRAWS_TROIDAL_CSV.encode())
    # The upload queues the import when its transaction commits; the task runs here at once.
    with django_capture_on_commit_callbacks(execute=True):
        response = staff_client.post(
            reverse("cards:upload"), {"game": "draws_troidal", "content": "cards", "file": upload}
        )
    assert response.status_code == 302
    assert staff_client.get(response["Location"]).status_code == 200
    card = Card.objects.get(game="draws_troidal", number="DT-001")
    revision = card.revisions.get()
    assert revision.author.username == "staff" and revision.note == "starter.csv"
