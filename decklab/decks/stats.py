"""Deck statistics for the editor's charts: the same three charts for every game, plus each game's own.

Charts are counted over the game's default zone (the deck that is drawn from: `main`, or Blade
Rondo's `pool`), copies included. Each chart is data (`Chart`), drawn as inline SVG by the template
`decks/_chart.html`, so the numbers are tested here and the page needs no chart library.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from cards.games.base import Card, Deck
from cards.games.registry import get_game

#: A chart's width in SVG units; bars share it.
WIDTH = 320
HEIGHT = 120
NONE = "—"

Values = Callable[[Card], Iterable[object]]


@dataclass(frozen=True)
class Bar:
    label: str
    count: int
    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class Chart:
    title: str
    bars: tuple[Bar, ...]
    total: int

    @property
    def width(self) -> int:
        return WIDTH

    @property
    def height(self) -> int:
        return HEIGHT


def _one(column: str) -> Values:
    def values(card: Card) -> Iterable[object]:
        value = card[column]
        return (NONE if value is None or value == "" else value,)

    return values


def _many(column: str) -> Values:
    def values(card: Card) -> Iterable[object]:
        return tuple(card[column] or ()) or (NONE,)

    return values


def _type(card: Card) -> Iterable[object]:
    return (card.type or NONE,)


def _specified(card: Card) -> Iterable[object]:
    return tuple(card["specified_cost"] or "") or (NONE,)


def _g_colour(card: Card) -> Iterable[object]:
    return (card["color"] or NONE,) if card.type == "G" else ()


def _keywords(card: Card) -> Iterable[object]:
    return tuple(card["keywords"] or ())


#: Per game: (title, values) for the cost curve, colours, types, then the game's own charts.
CHARTS: dict[str, tuple[tuple[str, Values], ...]] = {
    "dbscg": (
        ("Energy cost", _one("energy_cost")),
        ("Colours", _many("colors")),
        ("Types", _type),
        ("Specified colours", _specified),
        ("Keywords", _keywords),
    ),
    "gundam_war": (
        ("Total cost", _one("total_cost")),
        ("Colours", _one("color")),
        ("Types", _type),
        ("G by colour", _g_colour),
    ),
    "dreadnought": (
        ("Log cost", _one("log_cost")),
        ("Clusters", _one("cluster")),
        ("Types", _type),
        ("Sizes", _one("size")),
    ),
    "draws_troidal": (
        ("Power", _one("power")),
        ("Attributes", _one("attribute")),
        ("Risk", _one("risk")),
    ),
    "blade_rondo": (
        ("Cost", _one("cost")),
        ("Kinds", _type),
    ),
}


def _sort_key(label: object) -> tuple:
    if isinstance(label, int):
        return (0, label, "")
    return (1, 0, str(label)) if label != NONE else (2, 0, "")


def chart(title: str, counts: Counter) -> Chart:
    labels = sorted(counts, key=_sort_key)
    peak = max(counts.values(), default=0)
    slot = WIDTH / max(len(labels), 1)
    bars = []
    for index, label in enumerate(labels):
        height = (HEIGHT - 20) * counts[label] / peak if peak else 0
        bars.append(
            Bar(
                label=str(label),
                count=counts[label],
                x=round(index * slot + slot * 0.1, 1),
                y=round(HEIGHT - 14 - height, 1),
                width=round(slot * 0.8, 1),
                height=round(height, 1),
            )
        )
    return Chart(title=title, bars=tuple(bars), total=sum(counts.values()))


def deck_charts(game_slug: str, deck: Deck) -> list[Chart]:
    """The charts of the deck's default zone, copies counted."""
    zone = get_game(game_slug).default_zone
    charts = []
    for title, values in CHARTS[game_slug]:
        counts: Counter = Counter()
        for entry in deck.entries(zone):
            for value in values(entry.card):
                counts[value] += entry.count
        charts.append(chart(title, counts))
    return charts
