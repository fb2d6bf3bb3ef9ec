"""Database-backed card lookup for decklists: two queries per decklist, whatever its length."""

from __future__ import annotations

from collections.abc import Iterable

from cards.games import base
from cards.games.base import GameData
from cards.models import Card, CardName
from cards.models import GameData as GameDataRow

_FIELDS = ("number", "name", "type", "data", "extra")


class DatabasePool:
    """A `CardPool` over one game's cards in the database."""

    def __init__(self, game: str):
        self.game = game

    def by_numbers(self, numbers: Iterable[str]) -> dict[str, base.Card]:
        keys = _storable(numbers)
        if not keys:
            return {}
        # No ORDER BY: with the model's default ordering SQLite walks the (game, number) index
        # through every card of the game instead of looking the keys up.
        rows = Card.objects.filter(game=self.game, number_key__in=keys).order_by()
        return {row.number_key: row.to_game_card() for row in rows.only(*_FIELDS, "number_key")}

    def by_name_keys(self, keys: Iterable[str]) -> dict[str, list[base.Card]]:
        wanted = _storable(keys)
        if not wanted:
            return {}
        found: dict[str, list[base.Card]] = {}
        rows = (
            CardName.objects.filter(game=self.game, key__in=wanted)
            .select_related("card")
            .order_by()
        )
        for row in rows:
            found.setdefault(row.key, []).append(row.card.to_game_card())
        return found

    def by_name_prefix(self, prefixes: Iterable[str], limit: int) -> dict[str, list[base.Card]]:
        """One query per prefix, each cut at `limit` names: only unknown references ask, and
        `cards.games.suggest` caps how many do."""
        keys: set[str] = set()
        for start in _storable(set(prefixes)):
            names = CardName.objects.filter(game=self.game, key__startswith=start).order_by("key")
            keys.update(names.values_list("key", flat=True).distinct()[:limit])
        return self.by_name_keys(keys)


def _storable(keys: Iterable[str]) -> list[str]:
    """The keys a stored card could have: text with NUL matches none, and PostgreSQL would refuse
    the query outright."""
    return [key for key in keys if "\x00" not in key]


def game_data(game: str) -> GameData:
    """The imported game data rules may use (see `cards.games.base.GameData`)."""
    return dict(GameDataRow.objects.filter(game=game).values_list("key", "value"))
