"""Propose → review → approved card: search, legality and the deck editor see it; rejections,
history, reverts, bulk files, limits, coverage and the open-data downloads."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from cards import search
from cards.community import proposals, revisions
from cards.community.models import CardRevision, Proposal
from cards.coverage import completeness, coverage
from cards.importers import ImportFailed, import_cards
from cards.models import Card
from cards.validation import validate
from tests.community.conftest import png_bytes
from tests.decks import factories

pytestmark = pytest.mark.django_db

#: A Dreadnought deck one card name short of legal: 2 casters, 12 units × 4 = 48 of 50.
SHORT_DECK = "casters\n1 TD-C01\n1 TD-C02\nmain\n" + "".join(
    f"4 TD-U{n:02d}\n" for n in range(1, 13)
)
NEW_UNIT = {
    "number": "TD-U20",
    "name": "Proposed Unit",
    "type": "ユニット",
    "cluster": "青",
    "size": "M",
    "bp": "3000",
    "log_cost": "2",
}


def _post_proposal(client, game: str, cells: dict, **more) -> object:
    return client.post(reverse("community:propose", args=[game]), {**cells, **more})


def test_an_approved_proposal_is_in_search_legality_and_the_deck_editor(
    player_client, editor_client, player
):
    factories.load_dreadnought()
    assert not validate("dreadnought", text=SHORT_DECK + "2 TD-U20\n")["legal"]

    response = _post_proposal(
        player_client, "dreadnought", NEW_UNIT, text="【起動】 draw a card", source_note="my card"
    )
    proposal = Proposal.objects.get(number="TD-U20")
    assert response.status_code == 302 and proposal.status == Proposal.Status.PENDING
    # Pending: nothing reads it yet.
    assert not search.search("dreadnought", "TD-U20").exists()
    unknown = validate("dreadnought", text=SHORT_DECK + "2 TD-U20\n")["violations"]
    assert "decklist.unknown_card" in {v["code"] for v in unknown}
    queue = editor_client.get(reverse("community:queue"))
    assert "TD-U20" in queue.content.decode()
    page = editor_client.get(reverse("community:proposal", args=[proposal.pk])).content.decode()
    assert "Proposed Unit" in page and 'id="approve-form"' in page

    editor_client.post(
        reverse("community:review", args=[proposal.pk]),
        {**NEW_UNIT, "text": "【起動】 draw a card", "action": "approve"},
    )
    proposal.refresh_from_db()
    assert proposal.status == Proposal.Status.APPROVED
    card = Card.objects.get(game="dreadnought", number="TD-U20")
    assert card.text == "【起動】 draw a card"
    assert list(search.search("dreadnought", "Proposed Unit")) == [card]
    assert list(search.search("dreadnought", "text:起動")) == [card]
    assert list(search.search("dreadnought", "o:DRAW")) == [card]
    assert validate("dreadnought", text=SHORT_DECK + "2 TD-U20\n")["legal"]
    results = player_client.get(reverse("decks:search", args=["dreadnought"]), {"q": "TD-U20"})
    assert "Proposed Unit" in results.content.decode()
    assert '<mark class="keyword">【起動】</mark>' in results.content.decode()  # its text too
    revision = card.revisions.get()
    assert revision.proposal == proposal and revision.author.username == "editor"
    assert revision.changes["name"] == [None, "Proposed Unit"]
    detail = player_client.get(reverse("cards:detail", args=["dreadnought", "TD-U20"]))
    assert '<mark class="keyword">【起動】</mark>' in detail.content.decode()


def test_a_correction_starts_from_the_current_cells_and_text(player_client, dbscg):
    Card.objects.filter(number="BT1-006").update(text="[Barrier] old text")
    url = reverse("community:propose", args=["dbscg"])
    form = player_client.get(url, {"number": "BT1-006"}).context["form"]
    assert form.initial["name"] == "Scheming Champa" and form.initial["power"] == "10000"
    assert form.initial["text"] == "[Barrier] old text"
    assert player_client.get(url, {"number": "NOPE-1"}).status_code == 404
    assert player_client.get(url, {"new": "BT1-007"}).context["form"].initial == {
        "number": "BT1-007"
    }


def test_bad_cells_are_reported_next_to_their_field_and_nothing_is_stored(player_client):
    factories.load_dreadnought()
    cells = {**NEW_UNIT, "type": "Dragon", "bp": "lots", "name": ""}
    response = _post_proposal(player_client, "dreadnought", cells)
    assert response.status_code == 400
    form = response.context["form"]
    assert set(form.errors) >= {"type", "bp", "name"}
    assert "whole number" in form.errors["bp"][0]
    assert not Proposal.objects.exists()


def test_a_rejection_keeps_the_card_and_shows_the_reason_to_the_proposer(
    player_client, editor_client, player, dbscg
):
    card = Card.objects.get(game="dbscg", number="BT1-006")
    edit = {**factories_row(card), "power": "99000"}
    _post_proposal(player_client, "dbscg", edit)
    proposal = Proposal.objects.get()
    assert proposal.card == card
    response = editor_client.post(
        reverse("community:review", args=[proposal.pk]), {"action": "reject", "reason": ""}
    )
    proposal.refresh_from_db()
    assert proposal.status == Proposal.Status.PENDING  # no reason, no rejection
    editor_client.post(
        reverse("community:review", args=[proposal.pk]),
        {"action": "reject", "reason": "The printed power is 10000."},
    )
    proposal.refresh_from_db()
    assert proposal.status == Proposal.Status.REJECTED
    card.refresh_from_db()
    assert card.data["power"] == 10000
    mine = player_client.get(reverse("community:mine")).content.decode()
    assert "The printed power is 10000." in mine
    page = player_client.get(reverse("community:proposal", args=[proposal.pk])).content.decode()
    assert "The printed power is 10000." in page
    del response


def factories_row(card: Card) -> dict:
    from cards.games.registry import get_game

    return get_game(card.game).schema.to_row(card.to_game_card())


def test_edit_then_approve_applies_the_editors_cells(player_client, editor_client, dbscg):
    card = Card.objects.get(game="dbscg", number="BT1-006")
    _post_proposal(player_client, "dbscg", {**factories_row(card), "power": "99000"})
    proposal = Proposal.objects.get()
    editor_client.post(
        reverse("community:review", args=[proposal.pk]),
        {**factories_row(card), "power": "12000", "action": "approve"},
    )
    card.refresh_from_db()
    proposal.refresh_from_db()
    assert card.data["power"] == 12000 and proposal.status == Proposal.Status.APPROVED
    assert proposal.reason  # says the editor changed it
    assert revisions.latest(card).changes == {"power": ["10000", "12000"]}


def test_a_proposal_on_an_outdated_revision_is_flagged(player, editor, editor_client, dbscg):
    card = Card.objects.get(game="dbscg", number="BT1-006")
    cells = {**factories_row(card), "power": "11000"}
    first = proposals.propose(player, "dbscg", proposals.check_cells("dbscg", cells))
    other = {**factories_row(card), "combo_power": "0"}
    second = proposals.propose(player, "dbscg", proposals.check_cells("dbscg", other))
    assert not proposals.is_outdated(second)
    proposals.approve(first, editor)
    assert proposals.is_outdated(second)
    assert proposals.outdated(Proposal.objects.filter(status="pending")) == {second.pk}
    with pytest.raises(proposals.ProposalRefused):
        proposals.approve(first, editor)  # already reviewed
    assert (
        "the card changed since" in editor_client.get(reverse("community:queue")).content.decode()
    )
    page = editor_client.get(reverse("community:proposal", args=[second.pk])).content.decode()
    assert 'id="outdated"' in page


def test_imports_write_one_revision_per_changed_card_and_none_when_unchanged(dbscg, load):
    from tests.cards.conftest import DBSCG_CSV

    assert CardRevision.objects.count() == 7  # one per new card
    assert load("dbscg", DBSCG_CSV).unchanged == 7
    assert CardRevision.objects.count() == 7
    load("dbscg", DBSCG_CSV.replace("Scheming Champa", "Scheming Champa!"), "fix.csv")
    revision = CardRevision.objects.get(card__number="BT1-006", sequence=2)
    assert revision.source == "import" and revision.note == "fix.csv"
    assert revision.changes == {"name": ["Scheming Champa", "Scheming Champa!"]}
    assert CardRevision.objects.count() == 8


def test_an_import_that_only_rebuilds_search_columns_writes_no_revision(dbscg, load):
    """A new way of indexing (DBSCG's Japanese character names) rewrites derived columns of
    cards whose facts are as before: their history gains no empty revision."""
    from tests.cards.conftest import DBSCG_CSV

    Card.objects.filter(game="dbscg").update(tags="", name_folded="stale")
    report = load("dbscg", DBSCG_CSV)
    assert report.updated == 7
    assert Card.objects.filter(game="dbscg", name_folded="stale").count() == 0
    assert CardRevision.objects.count() == 7


def test_an_editor_reverts_to_any_revision_as_a_new_revision(editor_client, editor, dbscg, load):
    from tests.cards.conftest import DBSCG_CSV

    load("dbscg", DBSCG_CSV.replace("Scheming Champa", "Wrong Name"), "bad.csv")
    card = Card.objects.get(game="dbscg", number="BT1-006")
    first = card.revisions.get(sequence=1)
    page = editor_client.get(reverse("community:history", args=["dbscg", "BT1-006"]))
    assert "Wrong Name" in page.content.decode()
    editor_client.post(reverse("community:revert", args=[first.pk]))
    card.refresh_from_db()
    assert card.name == "Scheming Champa"
    latest = revisions.latest(card)
    assert latest.sequence == 3 and latest.reverted_to == first and latest.author == editor
    assert list(search.search("dbscg", "Scheming")) == [card]


def test_players_cannot_review_or_revert(player_client, player, dbscg):
    card = Card.objects.get(game="dbscg", number="BT1-006")
    cells = factories_row(card) | {"power": "1"}
    proposal = proposals.propose(player, "dbscg", proposals.check_cells("dbscg", cells))
    response = player_client.post(
        reverse("community:review", args=[proposal.pk]), {**cells, "action": "approve"}
    )
    assert response.status_code == 403
    assert player_client.get(reverse("community:queue")).status_code == 403
    revert = player_client.post(reverse("community:revert", args=[card.revisions.get().pk]))
    assert revert.status_code == 403


def test_a_bulk_file_reports_every_bad_row_by_line_and_column(player_client, player, dbscg):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from tests.cards.conftest import DBSCG_CSV

    header, *stored = DBSCG_CSV.strip().splitlines()
    blanks = "," * (header.count(",") - 3)
    bad = [
        header,
        f"BT1-200,Good Row,,Battle{blanks}",
        f"BT1-201,,,Battle{blanks}",
        f"BT1-202,Bad Type,,Dragon{blanks}",
    ]
    url = reverse("community:propose-file", args=["dbscg"])
    upload = SimpleUploadedFile("set.csv", "\n".join(bad).encode())
    response = player_client.post(url, {"file": upload})
    assert response.status_code == 400
    problems = {(p.line, p.column) for p in response.context["failure"].problems}
    assert problems == {(3, "name"), (4, "type")}
    assert not Proposal.objects.exists()
    good = [*bad[:2], *stored]  # the stored cards' rows are unchanged: no proposal for them
    upload = SimpleUploadedFile("set.csv", "\n".join(good).encode())
    assert player_client.post(url, {"file": upload}).status_code == 302
    assert [p.number for p in Proposal.objects.all()] == ["BT1-200"]


def test_limits_bound_the_pending_queue_and_the_hourly_rate(player, settings, dbscg):
    settings.DECKLAB_PROPOSALS_MAX_PENDING = 2
    cells = {"number": "BT1-300", "name": "A", "type": "Battle"}
    for n in range(2):
        row = {**cells, "number": f"BT1-30{n}"}
        proposals.propose(player, "dbscg", proposals.check_cells("dbscg", row))
    with pytest.raises(proposals.ProposalRefused, match="at most 2 may wait"):
        proposals.propose(player, "dbscg", proposals.check_cells("dbscg", cells))
    settings.DECKLAB_PROPOSALS_MAX_PENDING = 50
    settings.DECKLAB_PROPOSALS_PER_HOUR = 2
    with pytest.raises(proposals.ProposalRefused, match="per hour"):
        proposals.propose(player, "dbscg", proposals.check_cells("dbscg", cells))


def test_an_image_is_checked_like_a_staff_upload_and_shown_once_approved(
    player_client, editor, draws_troidal
):
    from django.core.files.uploadedfile import SimpleUploadedFile

    cells = {"number": "DT-054", "name": "New", "attribute": "水", "power": "1", "risk": "0"}
    cells["guard"] = "1"
    not_image = SimpleUploadedFile("card.png", b"not an image")
    response = _post_proposal(player_client, "draws_troidal", cells, image=not_image)
    assert response.status_code == 400 and "image" in response.context["form"].errors
    image = SimpleUploadedFile("card.png", png_bytes())
    _post_proposal(player_client, "draws_troidal", cells, image=image)
    proposal = Proposal.objects.get()
    assert proposal.image
    shown = player_client.get(reverse("community:proposal-image", args=[proposal.pk]))
    assert shown["Content-Type"] == "image/png"
    proposals.approve(proposal, editor)
    card = Card.objects.get(game="draws_troidal", number="DT-054")
    assert card.image and card.image.name.startswith("cards/draws_troidal/")
    face = player_client.get(reverse("cards:face", args=["draws_troidal", "DT-054"]))
    import io

    from PIL import Image

    assert Image.open(io.BytesIO(face.content)).getpixel((5, 5)) == (0, 0, 128)


def test_coverage_counts_known_numbers_and_lists_the_missing(load, client):
    load(
        "draws_troidal",
        "number,name,attribute,power,risk,guard\nDT-001,A,水,1,0,1\nDT-003,B,水,1,0,1\n",
    )
    (series,) = coverage("draws_troidal")
    assert (series.count, series.total, series.size) == (2, 53, 53)
    assert series.missing[:3] == ["DT-002", "DT-004", "DT-005"] and len(series.missing) == 51
    load(
        "dbscg",
        "number,name,type,set\nBT1-001,A,Battle,BT1\nBT1-004,B,Battle,BT1\nP-001,C,Battle,\n",
    )
    by_prefix = {s.prefix: s for s in coverage("dbscg")}
    assert (by_prefix["BT1-"].count, by_prefix["BT1-"].total) == (2, 4)
    assert by_prefix["BT1-"].missing == ["BT1-002", "BT1-003"]
    assert (
        completeness("draws_troidal", Card.objects.filter(game="draws_troidal").count()).known == 2
    )
    load("gundam_war", "number,name,type,color\n赤/U-999999999,Far,UNIT,赤\n", "far.csv")
    (far,) = [s for s in coverage("gundam_war") if s.prefix == "赤/U-"]
    assert far.missing_count == 999_999_998 and len(far.missing) == 200
    page = client.get(reverse("community:coverage", args=["dbscg"])).content.decode()
    assert "BT1-002" in page and "at least 4" in page
    home = client.get(reverse("home")).content.decode()
    assert "2 of 53 numbers known" in home
    # Counts read with thousands separators.
    assert "of at least 999,999,999 numbers known" in home
    page = client.get(reverse("community:coverage", args=["gundam_war"])).content.decode()
    assert "at least 999,999,999" in page and "999,999,998 missing in all" in page


@pytest.mark.parametrize("kind", ["csv", "json"])
def test_a_download_imports_back_into_an_empty_database_as_the_same_cards(
    client, dbscg, gundam_war, kind
):
    def facts(game):
        return [
            (c.number, c.name, c.type, c.data)
            for c in Card.objects.filter(game=game).order_by("number")
        ]

    for game in ("dbscg", "gundam_war"):
        before = facts(game)
        response = client.get(reverse("community:download", args=[game, kind]))
        assert response.status_code == 200
        Card.objects.filter(game=game).delete()
        import_cards(game, response.content, f"cards.{kind}")
        assert facts(game) == before
    if kind == "json":
        assert json.loads(response.content)[0]["number"]


def test_a_download_of_another_kind_is_a_404(client, db):
    assert client.get("/cards/dbscg/download.xml").status_code == 404


def test_the_bulk_file_refuses_a_file_with_too_many_rows(player, settings, dbscg):
    settings.DECKLAB_PROPOSAL_FILE_MAX_ROWS = 1
    content = b"number,name,type\nBT9-001,A,Battle\nBT9-002,B,Battle\n"
    with pytest.raises(ImportFailed, match="problem"):
        proposals.propose_file(player, "dbscg", content, "a.csv", "")
