"""The public card rows (`PublicCard`) the meta's cards and the similar decks read: one per card of
each public deck, copies summed over its zones, kept in step with every save, gone when the deck
leaves public or is deleted, and refilled by `manage.py discovery_rebuild`."""

from __future__ import annotations

from django.core.management import call_command

from decklab.decks.services import deck_delete, deck_save
from decklab.discovery.models import DeckFacts, PublicCard
from tests.decks import factories


def _rows(deck) -> dict[str, int]:
    return dict(PublicCard.objects.filter(deck=deck).values_list("number", "copies"))


def test_a_public_deck_has_one_row_per_card_with_its_facts(make_deck):
    deck = make_deck("Public", zones={**factories.LEGAL_DBSCG, "zdeck": {"TS1-002": 1}})
    rows = _rows(deck)
    assert rows["TS1-002"] == 5  # four in the main deck and one in the other zone
    assert rows["TS1-001"] == 1 and len(rows) == 14
    facts = DeckFacts.objects.get(deck=deck)
    for row in PublicCard.objects.filter(deck=deck):
        assert (row.game, row.format, row.dated) == ("dbscg", facts.format, facts.dated)


def test_unlisted_and_private_decks_have_no_rows(three_decks):
    assert _rows(three_decks["public"])
    assert not _rows(three_decks["unlisted"]) and not _rows(three_decks["private"])


def test_a_save_rewrites_the_rows(make_deck):
    deck = make_deck("Public")
    zones = {**factories.LEGAL_DBSCG, "main": {"TS1-002": 2, "TS1-003": 4}}
    deck_save(deck=deck, zones=zones, expected_version=None)
    assert _rows(deck) == {"TS1-001": 1, "TS1-002": 2, "TS1-003": 4, "TS1-090": 1, "TS1-091": 1}


def test_a_deck_made_private_loses_its_rows_and_gets_them_back(make_deck):
    deck = make_deck("Public")
    deck.visibility = "private"
    deck.save()
    assert not _rows(deck)
    deck.visibility = "public"
    deck.save()
    assert _rows(deck)


def test_a_deleted_deck_loses_its_rows(make_deck):
    deck = make_deck("Public")
    other = make_deck("Other")
    deck_delete(deck=deck)
    assert not PublicCard.objects.filter(deck_id=deck.pk).exists()
    assert _rows(other)


def test_the_rebuild_fills_the_rows_and_drops_stale_ones(three_decks):
    public, private = three_decks["public"], three_decks["private"]
    expected = _rows(public)
    PublicCard.objects.all().delete()
    PublicCard.objects.create(
        deck=private, game="dbscg", format="zenkai", dated=public.created_at, number="X", copies=1
    )
    call_command("discovery_rebuild", stdout=None)
    assert _rows(public) == expected
    assert not _rows(private)
