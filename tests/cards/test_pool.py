"""Decklist lookups in the database (`cards.pool.DatabasePool`)."""

from __future__ import annotations

import pytest

from cards.pool import DatabasePool

pytestmark = pytest.mark.django_db


def test_a_reference_holding_nul_finds_nothing_instead_of_failing(dbscg):
    pool = DatabasePool("dbscg")
    assert pool.by_numbers(["bt1-004", "bt1-004\x00"]).keys() == {"bt1-004"}
    assert pool.by_name_keys(["champa\x00"]) == {}
