"""Deck statistics for the editor's charts: the cost curve, colours and types, plus each game's own.

Each game lists its charts in its folder (`Game.charts`). Charts are counted over the game's default zone (the deck that is drawn from: `main`, or Blade
Rondo's `pool`), copies included. Each chart is data (`Chart`), drawn as inline SVG by the template
`decks/_chart.html`, so the numbers are tested here and the page needs no chart library.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from dataclasses import dataclass

from django.utils.translation import get_language, gettext

from cards.games.base import Deck
from cards.games.charts import NONE
from cards.games.registry import get_game

#: A chart's width in SVG units; its height follows from its bars.
WIDTH = 320
#: Column charts (short labels such as costs): the plot's height, room for counts and labels.
COLUMN_HEIGHT = 100
COLUMN_TOP = 14
COLUMN_BOTTOM = 16
#: Bar charts (long labels such as keywords): one row per label, the label in a left gutter.
ROW = 20
GUTTER = 118
COUNT_ROOM = 30
#: The widest column, so that a chart of one or two values does not draw slabs.
COLUMN_WIDTH = 40
#: Labels this wide or narrower (in half-width characters) fit under a column.
COLUMN_LABEL = 3
#: Longer labels are cut to this width in the gutter; the full label is the bar's tooltip.
GUTTER_LABEL = 18


@dataclass(frozen=True)
class Bar:
    label: str
    #: The label as drawn: cut to fit, the full one is in `label`.
    short_label: str
    count: int
    x: float
    y: float
    width: float
    height: float
    label_x: float
    label_y: float
    count_x: float
    count_y: float


@dataclass(frozen=True)
class Chart:
    title: str
    bars: tuple[Bar, ...]
    total: int
    width: int
    height: int
    #: Bars grow to the right from labels on the left (long labels); else columns grow upwards.
    horizontal: bool

    @property
    def summary(self) -> str:
        """The chart as one sentence, for screen readers."""
        return f"{self.title}: " + ", ".join(f"{bar.label} {bar.count}" for bar in self.bars)


def _sort_key(label: object) -> tuple:
    if isinstance(label, int):
        return (0, label, "")
    return (1, 0, str(label)) if label != NONE else (2, 0, "")


def _text_width(text: str) -> int:
    """Width in half-width characters: Japanese and other wide characters count twice."""
    return sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text)


def _cut(text: str, width: int) -> str:
    """`text` cut to `width` half-width characters, an ellipsis marking the cut."""
    if _text_width(text) <= width:
        return text
    kept = ""
    for char in text:
        if _text_width(kept + char) > width - 1:
            break
        kept += char
    return kept + "…"


def chart(title: str, counts: Counter, cards: int | None = None) -> Chart:
    """Columns when every label fits under one (a cost curve), else labelled horizontal bars.
    `cards`: the copies counted, the chart's total (a card with two colours is one bar in
    each, so the bars may add up to more); the bars' sum when not given."""
    labels = sorted(counts, key=_sort_key)
    peak = max(counts.values(), default=0) or 1
    horizontal = any(_text_width(str(label)) > COLUMN_LABEL for label in labels)
    bars = []
    if horizontal:
        room = WIDTH - GUTTER - COUNT_ROOM
        for index, label in enumerate(labels):
            length = room * counts[label] / peak
            top = index * ROW + 2
            bars.append(
                Bar(
                    label=str(label),
                    short_label=_cut(str(label), GUTTER_LABEL),
                    count=counts[label],
                    x=GUTTER,
                    y=top,
                    width=round(length, 1),
                    height=ROW - 6,
                    label_x=GUTTER - 6,
                    label_y=top + ROW - 9,
                    count_x=round(GUTTER + length + 4, 1),
                    count_y=top + ROW - 9,
                )
            )
        height = len(labels) * ROW + 4
    else:
        slot = WIDTH / max(len(labels), 1)
        column = min(slot * 0.7, COLUMN_WIDTH)
        for index, label in enumerate(labels):
            length = COLUMN_HEIGHT * counts[label] / peak
            left = index * slot
            bars.append(
                Bar(
                    label=str(label),
                    short_label=str(label),
                    count=counts[label],
                    x=round(left + (slot - column) / 2, 1),
                    y=round(COLUMN_TOP + COLUMN_HEIGHT - length, 1),
                    width=round(column, 1),
                    height=round(length, 1),
                    label_x=round(left + slot / 2, 1),
                    label_y=COLUMN_TOP + COLUMN_HEIGHT + COLUMN_BOTTOM - 3,
                    count_x=round(left + slot / 2, 1),
                    count_y=round(COLUMN_TOP + COLUMN_HEIGHT - length - 3, 1),
                )
            )
        height = COLUMN_TOP + COLUMN_HEIGHT + COLUMN_BOTTOM
    return Chart(
        title=title,
        bars=tuple(bars),
        total=sum(counts.values()) if cards is None else cards,
        width=WIDTH,
        height=height,
        horizontal=horizontal,
    )


def deck_charts(game_slug: str, deck: Deck) -> list[Chart]:
    """The charts of the deck's default zone, copies counted. On Japanese pages a value the
    game's search fields name in Japanese (a colour, a type, a kind) is drawn by that name."""
    game = get_game(game_slug)
    words = (
        {value: word for field in game.search_fields for value, word in field.names_ja.items()}
        if get_language() == "ja"
        else {}
    )
    charts = []
    for title, values in game.charts:
        counts: Counter = Counter()
        entries = list(deck.entries(game.default_zone))
        for entry in entries:
            for value in values(entry.card):
                counts[words.get(value, value) if isinstance(value, str) else value] += entry.count
        # Titles are marked in the pure core (`gettext_noop`); the reader's language is chosen here.
        charts.append(chart(gettext(title), counts, sum(entry.count for entry in entries)))
    return charts
