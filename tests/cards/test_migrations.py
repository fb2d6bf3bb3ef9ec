"""The migrations on a database that already holds cards, of registered games and of others."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

FIRST = [("cards", "0001_initial")]


def migrate(targets):
    """Migrate the test database to these nodes, back or forward: the models of that state."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state(targets).apps


def latest():
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


@pytest.fixture
def first_card_migration(transactional_db):
    """The card tables as the first migration made them; every migration applied again after."""
    yield migrate(FIRST)
    migrate(latest())


def test_every_migration_passes_the_cards_of_a_game_no_longer_registered(first_card_migration):
    card = first_card_migration.get_model("cards", "Card")
    card.objects.create(game="retired_game", number="XD01-01", name="Old", number_key="xd01-01")
    card.objects.create(game="dbscg", number="XD01-01", name="Padded", number_key="xd01-01")

    card = migrate(latest()).get_model("cards", "Card")

    keys = dict(card.objects.values_list("game", "number_key"))
    assert keys == {"retired_game": "xd01-01", "dbscg": "xd1-1"}
