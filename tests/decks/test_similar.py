"""Similar public decks (issue 27 item 4): ranked by the weighted overlap of card counts, with what
changed against the nearest popular list; private and unlisted decks never appear in either."""

from __future__ import annotations

import pytest
from django.urls import reverse

from decklab.decks import similar
from decklab.decks.models import Visibility
from decklab.decks.selectors import current_version
from decklab.decks.services import deck_create, deck_fork, deck_update
from tests.decks import factories

pytestmark = pytest.mark.usefixtures("dbscg_cards")


def make(owner, name, visibility=Visibility.PUBLIC, **main):
    zones = {**factories.LEGAL_DBSCG, "main": {**factories.LEGAL_DBSCG["main"], **main}}
    return deck_create(owner=owner, game="dbscg", name=name, zones=zones, visibility=visibility)


def names(decks) -> list[str]:
    return [item.deck.name for item in decks]


def test_the_most_similar_public_decks_come_first(owner, stranger):
    deck = make(owner, "Mine")
    make(stranger, "Two copies changed", **{"TS1-002": 2, "TS1-003": 2})
    make(stranger, "One copy changed", **{"TS1-002": 3})
    make(stranger, "Half changed", **{f"TS1-{n:03d}": 0 for n in range(2, 9)})
    found = similar.similar_decks(deck=deck)
    assert names(found) == ["One copy changed", "Two copies changed", "Half changed"]
    # 51 of the 52 main cards and the rest shared: Σ min / Σ max = 54 / 55.
    assert found[0].score == pytest.approx(54 / 55)


@pytest.mark.parametrize("visibility", [Visibility.PRIVATE, Visibility.UNLISTED])
def test_private_and_unlisted_decks_are_never_similar_decks(owner, stranger, visibility):
    deck = make(owner, "Mine")
    make(stranger, "Hidden twin", visibility=visibility)
    make(stranger, "Public cousin", **{f"TS1-{n:03d}": 0 for n in range(2, 9)})
    assert names(similar.similar_decks(deck=deck)) == ["Public cousin"]
    assert similar.nearest_list(deck=deck).similar.deck.name == "Public cousin"


def test_a_deck_made_private_leaves_the_similar_decks_at_once(owner, stranger):
    deck = make(owner, "Mine")
    twin = make(stranger, "Twin")
    assert names(similar.similar_decks(deck=deck)) == ["Twin"]  # ranked and cached
    deck_update(deck=twin, visibility=Visibility.PRIVATE)
    assert similar.similar_decks(deck=deck) == []
    assert similar.nearest_list(deck=deck) is None


@pytest.mark.parametrize("visibility", [Visibility.PRIVATE, Visibility.UNLISTED])
def test_a_deck_that_is_not_public_has_no_similar_decks_and_no_panel(
    owner, stranger, client, visibility
):
    deck = make(owner, "Not listed", visibility=visibility)
    make(stranger, "Twin")
    assert similar.similar_decks(deck=deck) == []
    client.force_login(owner)
    assert client.get(reverse("decks:similar", args=[deck.code])).status_code == 404
    assert "similar-decks" not in client.get(reverse("decks:shared", args=[deck.code])).text


def test_what_changed_is_against_the_nearest_list_others_copied(owner, stranger):
    deck = make(owner, "Mine", **{"TS1-002": 2})
    make(stranger, "Nearest, never copied", **{"TS1-002": 3})
    popular = make(stranger, "Copied", **{"TS1-002": 4, "TS1-003": 3})
    copy = deck_fork(source=current_version(popular), owner=factories.make_user("fan"))
    private_copy = deck_fork(source=current_version(deck), owner=factories.make_user("quiet"))
    assert similar.public_copies([popular.pk, deck.pk]) == {}  # copies are private so far
    deck_update(deck=copy, visibility=Visibility.PUBLIC)
    assert private_copy.visibility == Visibility.PRIVATE
    nearest = similar.nearest_list(deck=deck)
    assert (nearest.similar.deck.name, nearest.popular, nearest.similar.copies) == (
        "Copied",
        True,
        1,
    )
    main = next(zone for zone in nearest.zones if zone["zone"] == "main")
    # From the popular list to this deck: two TS1-002 out, a fourth TS1-003 in.
    assert [(n, c) for n, c, _ in main["removed"]] == [("TS1-002", 2)]
    assert [(n, c) for n, c, _ in main["added"]] == [("TS1-003", 1)]


def test_without_a_copied_list_near_it_what_changed_is_against_the_most_similar(owner, stranger):
    deck = make(owner, "Mine", **{"TS1-002": 2})
    make(stranger, "Nearest", **{"TS1-002": 3})
    nearest = similar.nearest_list(deck=deck)
    assert (nearest.similar.deck.name, nearest.popular) == ("Nearest", False)


def test_the_public_page_loads_the_similar_decks_panel(owner, stranger, client):
    deck = make(owner, "Mine", **{"TS1-002": 2})
    make(stranger, "Nearest", **{"TS1-002": 3})
    assert "similar-decks" in client.get(reverse("decks:shared", args=[deck.code])).text
    panel = client.get(reverse("decks:similar", args=[deck.code])).text
    assert "Nearest" in panel and "What changed from the most similar deck" in panel
