"""`manage.py reindex_cards`: stored cards get their derived columns back from their facts, and a
second run writes nothing (`cards.writes.reindex`)."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

from cards import writes
from cards.community.models import CardRevision
from cards.models import Card, CardName
from cards.search import search


def test_a_card_whose_derived_columns_are_stale_gets_them_back_without_a_revision(dbscg):
    Card.objects.filter(number="BT1-004").update(
        number_key="stale", name_folded="", tags="", cost=None, text="Evolve", text_folded=""
    )
    CardName.objects.filter(card__number="BT1-004").delete()
    revisions = CardRevision.objects.count()
    assert not search("dbscg", "Destructive").filter(number="BT1-004").exists()

    call_command("reindex_cards", "dbscg", verbosity=0)

    card = Card.objects.get(number="BT1-004")
    assert (card.number_key, card.cost, card.text_folded) == ("bt1-4", 6, "evolve")
    assert search("dbscg", "Destructive").filter(number="BT1-004").exists()
    assert CardName.objects.filter(card=card).exists()
    assert CardRevision.objects.count() == revisions


def test_reindexing_twice_writes_nothing_the_second_time(dbscg, gundam_war):
    assert writes.reindex("dbscg") == 0
    Card.objects.filter(number="BT1-001").update(tags="")
    assert writes.reindex("dbscg") == 1
    assert writes.reindex("dbscg") == 0


def test_an_unknown_game_is_refused_by_name(db):
    with pytest.raises(CommandError, match="unknown games: nope"):
        call_command("reindex_cards", "nope")
