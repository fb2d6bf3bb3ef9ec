"""The decklist intake (CONTRACT §3, docs/decklists.md): text as players paste it → the deck, and
what became of every line.

Reading never raises. Every source line ends as one of: a blank, a comment, a section header, a
card, a note skipped with its reason (a heading of a results page, a line under a card), or a
problem (`decklist.*` violations) with the nearest cards as suggestions. Problems come in line
order. The card lookup goes through the `CardPool`: one lookup by number, one by name, and for
unknown references one bounded lookup of candidates (`cards.games.suggest`).
"""

from __future__ import annotations

import csv
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from cards.games import deckcode, messages, suggest
from cards.games.base import Card, CardPool, Deck, Entry, Violation
from cards.games.game import Game
from cards.games.lines import MAX_QUANTITY, header_key, normalise, read_line, source_format
from cards.games.messages import gettext_noop
from cards.games.references import (
    distinct,
    first_resolving,
    lookups,
    name_references,
    suggestion_key,
)
from cards.games.references import first_word as first_word
from cards.games.text import fold, natural_key

_RULE = "Decklist text (CONTRACT.md §3)."
BOM = "\ufeff"
#: The header row of DeckLab's CSV export (`decklist.export_as(..., "csv")`).
CSV_HEADER = "zone,count,number,name"

messages.register(
    "decklist.syntax",
    gettext_noop("Line %(line)s: %(text)r is neither a section header, a comment nor a card line."),
)
messages.register(
    "decklist.countless",
    gettext_noop(
        "Line %(line)s: %(text)r has no count and names no card. Add a count before the card, as in 4 BT1-001, or check the number."
    ),
)
messages.register(
    "decklist.quantity",
    gettext_noop("Line %(line)s: %(quantity)s copies is not a quantity (1 to %(max)s per line)."),
)
messages.register(
    "decklist.unknown_card",
    gettext_noop("Line %(line)s: no card matches %(reference)r. Check the number or the name."),
)
messages.register(
    "decklist.unknown_suggested",
    gettext_noop("Line %(line)s: no card matches %(reference)r. Did you mean %(suggestions)s?"),
)
messages.register(
    "decklist.ambiguous_card",
    gettext_noop(
        "Line %(line)s: %(reference)r matches %(matches)s. Write the card number instead."
    ),
)
messages.register(
    "decklist.ambiguous_many",
    gettext_noop(
        "Line %(line)s: %(reference)r matches %(matches)s and %(more)s more cards. Write the card number instead."
    ),
)
messages.register(
    "intake.note.heading", gettext_noop("a heading, not a section of this game's decks")
)
messages.register("intake.note.table", gettext_noop("a table rule"))
messages.register("intake.note.text", gettext_noop("no card has this name: kept as a note"))

#: A card number somewhere in a reference (`BT1-001`, `U-129`, `黒U-129`): a line holding one
#: was meant as a card, so it is a problem when unread, never a note.
_NUMBER_LIKE = re.compile(r"[A-Za-z]{1,5}\d{0,3}-[A-Za-z]{0,2}\d+")
#: Choices shown in an ambiguity message; the violation's `cards` hold all.
SHOWN_MATCHES = 5


@dataclass(frozen=True)
class Line:
    """One card line: where it stands, which zone it is in, how many, and what it names.

    Some lines read two ways: `12 x2` is 2 copies of card 12, `2 Goku x5` is 2 copies of a card
    named "Goku x5". `alternatives` holds the other readings; the first reading whose reference
    finds a card wins, so the pool, not a guess, settles it.
    """

    number: int
    zone: str
    quantity: int
    reference: str
    alternatives: tuple[tuple[int, str], ...] = ()
    #: The line gave no count (one copy).
    countless: bool = False

    @property
    def readings(self) -> tuple[tuple[int, str], ...]:
        return ((self.quantity, self.reference), *self.alternatives)


@dataclass(frozen=True)
class SourceLine:
    """What became of one source line. `kind`: blank, comment, header, card, note or problem."""

    number: int
    text: str
    kind: str
    zone: str | None = None
    card: Card | None = None
    quantity: int | None = None
    #: Why a note was skipped (a message key, `intake.note.*`).
    note: str | None = None
    problem: Violation | None = None
    suggestions: tuple[Card, ...] = ()


@dataclass
class ParsedDecklist:
    lines: list[Line] = field(default_factory=list)
    problems: list[Violation] = field(default_factory=list)
    #: The lines that are not card lines, by line number.
    others: dict[int, SourceLine] = field(default_factory=dict)
    source_format: str = "canonical"
    texts: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Intake:
    """What a decklist read as: the deck, its problems in line order, every line, the format."""

    deck: Deck
    problems: list[Violation]
    lines: tuple[SourceLine, ...]
    source_format: str

    def tally(self, kind: str) -> int:
        return sum(1 for line in self.lines if line.kind == kind)

    @property
    def written(self) -> int:
        """Lines with something on them."""
        return sum(1 for line in self.lines if line.kind != "blank")


def zone_headers(game: Game) -> dict[str, str]:
    return {header_key(name): zone.slug for zone in game.zones for name in zone.header_names}


def parse(game: Game, text: str) -> ParsedDecklist:
    """The lines of a decklist, read without any card lookup."""
    # A byte-order mark (files saved by Windows editors) is no part of the first line, whichever
    # way the text came: a file, an API body's `decklist`, a paste into the editor (CONTRACT §3).
    text = text.removeprefix(BOM)
    texts = text.splitlines()
    parsed = ParsedDecklist(texts=texts)
    code = _deck_code(game, text)
    if code is not None:
        parsed.lines, parsed.source_format = code, "code"
        return parsed
    if [normalise(t) for t in texts if t.strip()][:1] == [CSV_HEADER]:
        _parse_csv(game, texts, parsed)
        return parsed
    headers = zone_headers(game)
    zone = game.default_zone
    hints: list[str | None] = []
    for number, raw in enumerate(texts, start=1):
        reading = read_line(normalise(raw), headers)
        hints.append(reading.hint)
        if reading.kind == "header":
            zone = reading.zone or zone
            parsed.others[number] = SourceLine(number, raw, "header", zone=zone)
        elif reading.bad_quantity is not None:
            problem = Violation(
                code="decklist.syntax",
                message_key="decklist.quantity",
                rule=_RULE,
                zone=zone,
                count=number,
                line=number,
                params={"quantity": reading.bad_quantity, "max": MAX_QUANTITY},
            )
            parsed.problems.append(problem)
            parsed.others[number] = SourceLine(number, raw, "problem", zone=zone, problem=problem)
        elif reading.kind != "card" or not reading.readings:
            note = "intake.note.table" if reading.hint == "table" else "intake.note.heading"
            kind = reading.kind if reading.kind != "card" else "note"
            parsed.others[number] = SourceLine(
                number, raw, kind, note=note if kind == "note" else None
            )
        else:
            (quantity, reference), *alternatives = reading.readings
            line_zone = reading.zone_override or zone
            parsed.lines.append(
                Line(number, line_zone, quantity, reference, tuple(alternatives), reading.countless)
            )
    parsed.source_format = source_format(hints)
    return parsed


def _deck_code(game: Game, text: str) -> list[Line] | None:
    """A DeckLab deck code pasted as the whole text, as card lines; None when it is none."""
    words = text.split()
    if len(words) != 1 or len(words[0]) < 8:
        return None
    try:
        decoded = deckcode.decode(words[0])
    except deckcode.DeckCodeError:
        return None
    if decoded.game != game.slug:
        return None
    return [
        Line(1, zone, count, number)
        for zone, cards in decoded.quantities.items()
        for number, count in cards.items()
    ]


def _parse_csv(game: Game, texts: list[str], parsed: ParsedDecklist) -> None:
    """DeckLab's CSV export: `zone,count,number,name` rows (the header row first)."""
    parsed.source_format = "csv"
    rows = csv.reader(texts)
    for number, row in enumerate(rows, start=1):
        cells = [cell.strip() for cell in row]
        if not any(cells):
            parsed.others[number] = SourceLine(number, texts[number - 1], "blank")
        elif len(cells) == 4 and cells[0] in game.zone_slugs and cells[1].isdigit():
            zone, count, card_number, name = cells
            quantity = int(count) if len(count) <= 3 else 1000
            parsed.lines.append(Line(number, zone, quantity, f"{card_number} {name}".strip()))
        else:
            kind = "header" if number == 1 else "note"
            note = None if number == 1 else "intake.note.text"
            parsed.others[number] = SourceLine(number, texts[number - 1], kind, note=note)


def read(game: Game, text: str, pool: CardPool) -> Intake:
    """Read a decklist: the deck, the problems in line order, what became of every line."""
    parsed = parse(game, text)
    by_number, by_name = lookups(game, [r for line in parsed.lines for r in line.readings], pool)
    counts: dict[str, dict[str, int]] = {zone: {} for zone in game.zone_slugs}
    cards: dict[str, Card] = {}
    results = dict(parsed.others)
    unresolved = []
    for line in parsed.lines:
        found = first_resolving(game, line.readings, by_number, by_name)
        if found is None:
            unresolved.append(line)
            continue
        quantity, card = found
        cards[card.number] = card
        zone = counts[line.zone]
        zone[card.number] = zone.get(card.number, 0) + quantity
        results[line.number] = SourceLine(
            line.number, _text_of(parsed, line), "card", line.zone, card, quantity
        )
    near = suggest.suggestions(game, pool, [suggestion_key(line.reference) for line in unresolved])
    for line in unresolved:
        results[line.number] = _unresolved(
            parsed, line, by_name, near.get(suggestion_key(line.reference), ())
        )
    # A zone no rule checks (DBSCG's side deck) is in the deck only when the list fills it, so a
    # deck without one keeps the zones CONTRACT §1 names, in stored versions and locked lists too.
    deck = Deck(
        zones={
            zone.slug: tuple(Entry(cards[n], count) for n, count in counts[zone.slug].items())
            for zone in game.zones
            if zone.checked or counts[zone.slug]
        }
    )
    source = tuple(
        results.get(number) or SourceLine(number, raw, "blank")
        for number, raw in enumerate(parsed.texts, start=1)
    )
    problems = sorted(
        parsed.problems
        + [r.problem for r in results.values() if r.problem and r.kind == "problem"],
        key=lambda problem: problem.line or 0,
    )
    return Intake(deck, list(dict.fromkeys(problems)), source, parsed.source_format)


def load(game: Game, text: str, pool: CardPool) -> tuple[Deck, list[Violation]]:
    """The deck a decklist reads as, and its problems (`read` without the per-line account)."""
    found = read(game, text, pool)
    return found.deck, found.problems


def _text_of(parsed: ParsedDecklist, line: Line) -> str:
    return parsed.texts[line.number - 1] if line.number <= len(parsed.texts) else line.reference


def _unresolved(
    parsed: ParsedDecklist,
    line: Line,
    by_name: Mapping[str, list[Card]],
    near: tuple[Card, ...],
) -> SourceLine:
    """What a line that named no card becomes: an ambiguity, a problem, or a skipped note."""
    raw = _text_of(parsed, line)
    matches = next(
        (
            found
            for key in name_references(line.reference)
            if len(found := distinct(by_name.get(key, []))) > 1
        ),
        [],
    )
    numbered = bool(_NUMBER_LIKE.search(fold(line.reference).upper()))
    if matches:
        problem = _ambiguous(line, matches)
    elif near:
        problem = _unknown(line, near)
    elif not numbered and (line.countless or parsed.source_format == "table"):
        return SourceLine(line.number, raw, "note", line.zone, note="intake.note.text")
    elif line.countless and not _NUMBER_LIKE.match(fold(line.reference).upper()):
        problem = Violation(
            code="decklist.syntax",
            message_key="decklist.countless",
            rule=_RULE,
            zone=line.zone,
            count=line.number,
            line=line.number,
            params={"text": raw.strip()},
        )
    else:
        problem = _unknown(line, ())
    return SourceLine(
        line.number,
        raw,
        "problem",
        line.zone,
        quantity=line.quantity,
        problem=problem,
        suggestions=() if matches else near,
    )


def _unknown(line: Line, near: tuple[Card, ...]) -> Violation:
    params: dict[str, object] = {"reference": line.reference, "copies": line.quantity}
    if near:
        params["suggestions_en"] = " or ".join(repr(card.label) for card in near)
        params["suggestions_ja"] = "、".join(f"「{card.label}」" for card in near)
    return Violation(
        code="decklist.unknown_card",
        message_key="decklist.unknown_suggested" if near else None,
        rule=_RULE,
        zone=line.zone,
        cards=(line.reference,),
        line=line.number,
        params=params,
    )


def _ambiguous(line: Line, matches: list[Card]) -> Violation:
    numbers = sorted((card.number for card in matches), key=natural_key)
    return Violation(
        code="decklist.ambiguous_card",
        message_key="decklist.ambiguous_many" if len(numbers) > SHOWN_MATCHES else None,
        rule=_RULE,
        zone=line.zone,
        cards=tuple(card.number for card in matches),
        count=len(matches),
        line=line.number,
        params={
            "reference": line.reference,
            "matches": ", ".join(numbers[:SHOWN_MATCHES]),
            "more": len(numbers) - SHOWN_MATCHES,
            "copies": line.quantity,
        },
    )
