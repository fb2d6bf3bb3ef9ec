"""The shipped card data: every registered game's folder, imported idempotently (`cards.shipped`)."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from cards.models import Card


@pytest.mark.django_db
def test_load_card_data_imports_everything_once_then_writes_nothing(capsys):
    call_command("load_card_data")
    first = capsys.readouterr().out
    stamps = dict(Card.objects.values_list("id", "updated_at"))
    call_command("load_card_data")
    second = capsys.readouterr().out
    assert "dbscg: 6476 created" in first
    assert "gundam_war: 130 created" in first and "dreadnought: 13 created" in first
    assert len(second.splitlines()) == len(first.splitlines())
    for line in second.splitlines():
        assert "0 created, 0 updated" in line or "set decks" in line
    assert dict(Card.objects.values_list("id", "updated_at")) == stamps


@pytest.mark.django_db
def test_finding_25_4_load_card_data_with_nothing_new_sends_a_few_queries(
    django_assert_max_num_queries,
):
    """Issue 25 item 4: every start sent 6,728 queries, 6,720 of them one-row reads of a column
    deferred by `.only()` (`number_folded`), to learn that nothing had changed."""
    call_command("load_card_data")
    with django_assert_max_num_queries(40):
        call_command("load_card_data")
