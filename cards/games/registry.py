"""The five games, by slug. Game modules are imported on first use."""

from __future__ import annotations

from functools import cache
from importlib import import_module

from cards.games.game import Game
from cards.games.messages import Explained, gettext_noop, shown_value

#: slug → the package that holds the game (its `__init__` defines `GAME`).
GAMES: dict[str, str] = {
    "dbscg": "cards.games.dbscg",
    "gundam_war": "cards.games.gundam_war",
    "dreadnought": "cards.games.dreadnought",
    "blade_rondo": "cards.games.blade_rondo",
    "draws_troidal": "cards.games.draws_troidal",
}


class UnknownGame(Explained, LookupError):
    """A game slug the registry does not hold; the message names the known ones."""


@cache
def get_game(slug: str) -> Game:
    try:
        package = GAMES[slug]
    except KeyError:
        raise UnknownGame(
            gettext_noop("unknown game %(game)s (known: %(known)s)"),
            game=shown_value(slug),
            known=", ".join(GAMES),
        ) from None
    game = import_module(package).GAME
    if game.slug != slug:
        raise ValueError(f"{package} holds the game {game.slug!r}, registered as {slug!r}")
    return game


def all_games() -> list[Game]:
    return [get_game(slug) for slug in GAMES]
