"""Decklist lookups in the database (`cards.pool.DatabasePool`)."""

from __future__ import annotations

import pytest

from cards.games.registry import get_game
from cards.pool import DatabasePool

pytestmark = pytest.mark.django_db


def test_a_reference_holding_nul_finds_nothing_instead_of_failing(dbscg):
    pool = DatabasePool("dbscg")
    key = get_game("dbscg").number_key("BT1-004")
    assert pool.by_numbers([key, f"{key}\x00"]).keys() == {key}
    assert pool.by_name_keys(["champa\x00"]) == {}
