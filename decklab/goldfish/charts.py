"""The run page's reading of results: table rows, and probability by turn as an inline SVG.

Made on the server, so the page needs no chart library: goals that differ only in their `turn` form
one line, each point with its 95% interval as a whisker and the exact value as a ring; the legend
naming the lines is an HTML list under the drawing.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, gettext_noop, ngettext

from cards.games.goldfish import goal_forms, measure_labels
from cards.languages import listed
from cards.models import Card

WIDTH, HEIGHT = 560, 260
#: Margins wide enough for the labels at the size a phone draws them (site.css: 20 units).
LEFT, RIGHT, TOP, BOTTOM = 62, 16, 16, 50
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")


@dataclass(frozen=True)
class Measure:
    """One number a result reports: a probability (or a mean) with its 95% interval."""

    label: str
    value: float | None
    low: float | None
    high: float | None
    percent: bool

    def _show(self, number: float | None) -> str:
        if number is None:
            return "—"
        return f"{number:.2%}" if self.percent else f"{number:,.3f}"

    @property
    def estimate(self) -> str:
        return self._show(self.value)

    @property
    def interval(self) -> str:
        return "—" if self.low is None else f"{self._show(self.low)} – {self._show(self.high)}"


@dataclass(frozen=True)
class Row:
    goal: str
    measures: tuple[Measure, ...]
    exact: Any
    #: The card facts the goal read that some of its cards lack (`goldfish.summarize`'s
    #: `missing_facts`): the page warns with them under the table.
    missing: tuple[Mapping[str, Any], ...] = ()

    @property
    def exact_text(self) -> str:
        """The exact value as a percentage with four decimals; other shapes as compact JSON."""
        if self.exact is None:
            return "—"
        if isinstance(self.exact, float | int) and not isinstance(self.exact, bool):
            return f"{self.exact:.4%}"
        return json.dumps(self.exact, ensure_ascii=False)


#: Words for goal types, fields (by name), choices (by field name and choice), the figures
#: results report (by `(MEASURE, key)`) and card numbers (by `(CARD, number)`: "BT1-004 Son Goku").
Names = Mapping[str | tuple[str, str], str]
MEASURE = "measure"
CARD = "card"
#: Goal fields that name cards, by kind: a list of references, scores by reference; and the
#: `card` field (a text field holding one reference).
CARD_KINDS = {"cards": "list", "mapping": "keys"}
#: At most this many card references of a run are looked up for their names.
CARD_WORDS_LIMIT = 200


def describe_goal(goal: Mapping[str, Any], names: Names | None = None) -> str:
    """`drawn: cards BT1-004, at least 1, turn 3, play first` — every field, in the goal's order.

    `names` gives other words for goal types, field names and choices (`goal_names`, for
    Japanese pages).
    """
    names = names or {}

    def card(reference: Any) -> str:
        return names.get((CARD, str(reference)), str(reference))

    parts = []
    for key, value in goal.items():
        # A setting left empty (no colour asked, no card named) says nothing: "color None" did.
        if key == "type" or value is None or value == "" or value == [] or value == {}:
            continue
        if isinstance(value, list):
            value = listed(card(v) for v in value)
        elif isinstance(value, Mapping):
            value = listed(f"{card(k)} {v}" for k, v in value.items())
        elif isinstance(value, str) and "\n" in value:
            lines = value.count("\n") + 1
            value = ngettext("%(lines)d-line text", "%(lines)d-line text", lines) % {"lines": lines}
        elif isinstance(value, str):
            value = names.get((key, value)) or card(value)
        parts.append(f"{names.get(key, key.replace('_', ' '))} {value}")
    kind = goal.get("type", "?")
    colon = "：" if get_language() == "ja" else ": "
    return f"{names.get(kind, kind)}{colon}" + listed(parts)


def in_form_order(results: Sequence[Mapping[str, Any]], game_slug: str) -> list[dict[str, Any]]:
    """The results with each goal's fields in its form's order: PostgreSQL's jsonb keeps keys in
    its own order, and a goal must read the same whichever database stored it."""
    order = {
        form["type"]: [spec["name"] for spec in form["fields"]] for form in goal_forms(game_slug)
    }

    def ordered(goal: Mapping[str, Any]) -> dict[str, Any]:
        rank = {key: place for place, key in enumerate(["type", *order.get(goal.get("type"), [])])}
        return dict(sorted(goal.items(), key=lambda item: rank.get(item[0], len(rank))))

    return [{**result, "goal": ordered(result.get("goal", {}))} for result in results]


def readable(
    results: Sequence[Mapping[str, Any]], game_slug: str
) -> tuple[list[dict[str, Any]], Names | None]:
    """A run's results as pages show them: goals in their form's order, card numbers with their
    names, and the words for goal types and fields on Japanese pages (English keeps the goal's
    own keys, `drawn: cards …`)."""
    names = dict(goal_names(game_slug)) if get_language() == "ja" else {}
    names.update(card_words(game_slug, results))
    return in_form_order(results, game_slug), names or None


def card_words(game_slug: str, results: Sequence[Mapping[str, Any]]) -> dict[tuple[str, str], str]:
    """`(CARD, number)` → "number name" for the card numbers the goals name (references given as
    names stay as written)."""
    kinds = {
        form["type"]: {
            spec["name"]: "one" if spec["name"] == "card" else CARD_KINDS.get(spec["kind"])
            for spec in form["fields"]
        }
        for form in goal_forms(game_slug)
    }
    references: set[str] = set()
    for result in results:
        goal = result.get("goal", {})
        for key, value in goal.items():
            kind = kinds.get(goal.get("type"), {}).get(key)
            if kind == "one" and isinstance(value, str):
                references.add(value)
            elif kind == "list" and isinstance(value, list):
                references.update(str(v) for v in value)
            elif kind == "keys" and isinstance(value, Mapping):
                references.update(str(k) for k in value)
    found = Card.objects.filter(
        game=game_slug, number__in=sorted(references)[:CARD_WORDS_LIMIT]
    ).values_list("number", "name")
    return {(CARD, number): f"{number} {name}" for number, name in found}


def goal_names(game_slug: str) -> dict[str | tuple[str, str], str]:
    """The game's goal types, goal fields by name and choices by field and choice (the form's
    options), in the active language's words."""
    found: dict[str | tuple[str, str], str] = {}
    for form in goal_forms(game_slug):
        found[form["type"]] = gettext(form["label"])
        for spec in form["fields"]:
            found.setdefault(spec["name"], gettext(spec["label"]))
            for choice, label in spec["options"]:
                if label != choice:
                    found.setdefault((spec["name"], choice), gettext(label))
    for key, label in measure_labels(game_slug).items():
        found[(MEASURE, key)] = gettext(label)
    return found


def rows(results: Sequence[Mapping[str, Any]], names: Names | None = None) -> list[Row]:
    """The results as table rows: one per goal, each with the measures it reports."""
    return [
        Row(
            describe_goal(result.get("goal", {}), names),
            tuple(_measures(result, names or {})),
            result.get("exact"),
            tuple(result.get("missing_facts", ())),
        )
        for result in results
    ]


def _measures(result: Mapping[str, Any], names: Names) -> list[Measure]:
    """The figures of a result; beside the probability, each in the game's words (`names`) or
    else its key's own (`mean own turns`, `mulligan_fires`)."""
    found = []
    if "probability" in result:
        found.append(_measure(gettext_noop("probability"), result, "probability", percent=True))
    for key, value in result.items():
        if not isinstance(value, Mapping) or key == "goal":
            continue
        if "probability" in value:
            label = names.get((MEASURE, key), key.replace("_", " "))
            found.append(_measure(label, value, "probability", percent=True))
        elif "mean" in value:
            label = names.get((MEASURE, key), f"mean {key.replace('_', ' ')}")
            found.append(_measure(label, value, "mean", percent=False))
    return found


def _measure(label: str, data: Mapping[str, Any], key: str, *, percent: bool) -> Measure:
    low, high = [*(data.get("ci95") or []), None, None][:2]
    return Measure(label, data.get(key), low, high, percent)


@dataclass(frozen=True)
class Point:
    turn: int
    probability: float
    low: float
    high: float
    exact: float | None


def series(
    results: Sequence[Mapping[str, Any]], names: Names | None = None
) -> dict[str, list[Point]]:
    """Probability-by-turn lines, one per goal apart from its `turn`.

    A result's own `by_turn` list (turn 0 = the opening hand) gives a whole line; results whose
    goals are equal but for `turn` (the form's "every turn up to t") add one point each.
    """
    lines: dict[str, dict[int, Point]] = {}
    for result in results:
        goal = result.get("goal", {})
        key = describe_goal({k: v for k, v in goal.items() if k != "turn"}, names)
        by_turn = result.get("by_turn")
        if isinstance(by_turn, list):
            for entry in by_turn:
                if isinstance(entry, Mapping) and "probability" in entry:
                    lines.setdefault(key, {})[entry["turn"]] = _point(entry["turn"], entry)
        elif isinstance(goal.get("turn"), int) and "probability" in result:
            lines.setdefault(key, {})[goal["turn"]] = _point(goal["turn"], result)
    return {key: [points[t] for t in sorted(points)] for key, points in lines.items() if points}


def _point(turn: int, data: Mapping[str, Any]) -> Point:
    low, high = data.get("ci95") or [data["probability"]] * 2
    exact = data.get("exact")
    return Point(
        turn, data["probability"], low, high, exact if isinstance(exact, float | int) else None
    )


def probability_by_turn(
    results: Sequence[Mapping[str, Any]], names: Names | None = None
) -> SafeString:
    """An SVG chart of the turn-based results, or an empty string when they do not make a line:
    none has a turn, or all are of one turn (a single dot; the table says it)."""
    lines = series(results, names)
    turns = sorted({point.turn for points in lines.values() for point in points})
    if len(turns) < 2:
        return mark_safe("")
    first, last = turns[0], turns[-1]
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(turn: int) -> float:
        return LEFT + (turn - first) / (last - first) * plot_w

    def y(probability: float) -> float:
        return TOP + (1 - probability) * plot_h

    # Outside the f-strings, where `makemessages` finds them.
    title, turn_word, exact_word = (
        escape(gettext("Probability by turn")),
        escape(gettext("turn")),
        escape(gettext("exact")),
    )
    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{title}" '
        'xmlns="http://www.w3.org/2000/svg">'
    ]
    for tick in range(0, 101, 25):
        ty = y(tick / 100)
        parts.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{ty:.1f}" y2="{ty:.1f}" stroke="#ddd"/>'
            f'<text x="{LEFT - 6}" y="{ty + 4:.1f}" text-anchor="end" font-size="11">{tick}%</text>'
        )
    for turn in turns:
        parts.append(
            f'<text x="{x(turn):.1f}" y="{HEIGHT - BOTTOM + 20}" text-anchor="middle" '
            f'font-size="11">{turn}</text>'
        )
    parts.append(
        f'<text x="{LEFT + plot_w / 2:.1f}" y="{HEIGHT - 3}" text-anchor="middle" '
        f'font-size="12">{turn_word}</text>'
    )
    for number, points in enumerate(lines.values()):
        colour = COLOURS[number % len(COLOURS)]
        path = " ".join(f"{x(p.turn):.1f},{y(p.probability):.1f}" for p in points)
        parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>')
        for p in points:
            px = x(p.turn)
            parts.append(
                f'<line x1="{px:.1f}" x2="{px:.1f}" y1="{y(p.low):.1f}" y2="{y(p.high):.1f}" '
                f'stroke="{colour}"/><circle cx="{px:.1f}" cy="{y(p.probability):.1f}" r="3" '
                f'fill="{colour}"><title>{turn_word} {p.turn}: {p.probability:.2%} '
                f"({p.low:.2%}–{p.high:.2%})</title></circle>"
            )
            if p.exact is not None:
                parts.append(
                    f'<circle cx="{px:.1f}" cy="{y(p.exact):.1f}" r="6" fill="none" '
                    f'stroke="{colour}"><title>{exact_word} {p.exact:.4%}</title>'
                    "</circle>"
                )
    parts.append("</svg>")
    # The legend is HTML under the drawing: a long goal wraps at any width instead of being cut
    # off at the SVG's edge, and stays at the page's text size when a phone scales the drawing.
    parts.append('<ul class="chart-legend">')
    for number, label in enumerate(lines):
        colour = COLOURS[number % len(COLOURS)]
        parts.append(
            '<li><svg class="swatch" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">'
            f'<rect width="12" height="12" fill="{colour}"/></svg> {escape(label)}</li>'
        )
    parts.append("</ul>")
    return mark_safe("".join(parts))
