"""Legality on the site's side: decklist text + the database's cards → the CONTRACT §4 object.

The command line (`validate_deck`), the API and the deck editor all call `validate`, so a deck gets
the same verdict, the same codes and the same messages wherever it is checked. Problems in the
text (`decklist.*`) come first, in line order, then the format's rules in RULES.md order.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from datetime import date
from typing import Any

from cards.decklists import decklist_load
from cards.games import messages
from cards.games.base import Deck, Violation
from cards.games.dates import NO_DATES
from cards.games.game import Game
from cards.games.registry import get_game
from cards.pool import game_data


class LazyGameData(Mapping[str, Any]):
    """The game's imported data (`cards.pool.game_data`), read only if a rule asks for it.

    Only Blade Rondo's rules read game data; the other games' checks skip the query.
    """

    def __init__(self, game_slug: str):
        self._game = game_slug
        self._data: Mapping[str, Any] | None = None

    def _loaded(self) -> Mapping[str, Any]:
        if self._data is None:
            self._data = game_data(self._game)
        return self._data

    def __bool__(self) -> bool:
        return True

    def __getitem__(self, key: str) -> Any:
        return self._loaded()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._loaded())

    def __len__(self) -> int:
        return len(self._loaded())


def quantities_text(game_slug: str, quantities: Mapping[str, Mapping[str, int]]) -> str:
    """Decklist text for zone → number → count (a deck code's contents), to load like any list."""
    game = get_game(game_slug)
    blocks = []
    for zone in game.zone_slugs:
        cards = quantities.get(zone) or {}
        if cards:
            lines = [f"{count} {number}" for number, count in cards.items()]
            blocks.append("\n".join([zone, *lines]))
    return "\n\n".join(blocks) + "\n"


def check(
    game: Game, format_slug: str | None, deck: Deck, at: date | None = None
) -> list[Violation]:
    """The violations of a resolved deck in one format (`UnknownFormat` for an unknown format),
    now or as the format stood at `at` (RULES.md §6.1, `Game.validate`)."""
    return game.validate(deck, format_slug, at=at, data=LazyGameData(game.slug)).violations


def report(
    game: Game,
    format_slug: str | None,
    deck: Deck,
    violations: list[Violation],
    lang: str,
    at: date | None = None,
) -> dict[str, Any]:
    """The CONTRACT §4 object for a deck and its violations; checked at a date, with `at` and
    the `notes` a reader must see (the game's data carries no dates)."""
    fmt = game.format(format_slug)
    lang = messages.choose_language(lang)
    out: dict[str, Any] = {
        "game": game.slug,
        "format": fmt.slug,
        "format_name": fmt.name,
        "legal": not violations,
        "counts": game.zone_counts(deck),
        "violations": [violation.to_dict(lang) for violation in violations],
    }
    if at is not None:
        out["at"] = at.isoformat()
        notes = () if game.dates else (NO_DATES,)
        out["notes"] = [messages.translation(lang).gettext(note) for note in notes]
    return out


def validate(
    game_slug: str,
    *,
    text: str,
    format_slug: str | None = None,
    lang: str = "en",
    at: date | None = None,
) -> dict[str, Any]:
    """Check a decklist in one format: exactly the CONTRACT §4 JSON object (plus `format_name`),
    and with `at` as the format stood at that date (plus `at` and `notes`).

    Raises `UnknownGame` or `UnknownFormat` before touching the database.
    """
    game = get_game(game_slug)
    game.format(format_slug)
    deck, problems = decklist_load(game=game.slug, text=text)
    violations = problems + check(game, format_slug, deck, at)
    return report(game, format_slug, deck, violations, lang, at)


def format_matrix(game_slug: str, *, text: str, lang: str = "en") -> dict[str, Any]:
    """The deck's legality in every format of its game at once (the text is read once)."""
    game = get_game(game_slug)
    deck, problems = decklist_load(game=game.slug, text=text)
    return matrix(game, deck, problems, lang)


def matrix(game: Game, deck: Deck, problems: list[Violation], lang: str) -> dict[str, Any]:
    """`format_matrix` of a deck already resolved (the deck editor's cards, read once)."""
    data = LazyGameData(game.slug)
    lang = messages.choose_language(lang)
    rows = []
    for fmt in game.formats:
        violations = problems + fmt.check(deck, data)
        rows.append(
            {
                "format": fmt.slug,
                "name": fmt.name,
                "legal": not violations,
                "violations": len(violations),
                "codes": sorted({violation.code for violation in violations}),
            }
        )
    return {
        "game": game.slug,
        "counts": game.zone_counts(deck),
        "problems": [problem.to_dict(lang) for problem in problems],
        "formats": rows,
    }
