"""Decklist text (CONTRACT §3): parsing, resolving against a card pool, and the canonical export.

Parsing never raises: a line that is not a header, comment or card line becomes a
`decklist.syntax` violation, and a reference no card matches becomes `decklist.unknown_card` or
`decklist.ambiguous_card`, so a player sees every problem of a pasted list at once.
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from cards.games import messages
from cards.games.base import Card, CardPool, Deck, Entry, Violation, Zone
from cards.games.game import Game, name_key
from cards.games.text import fold

#: A quantity above this is a typo, not a deck (and would make the engines allocate nonsense).
MAX_QUANTITY = 999

_RULE = "Decklist text (CONTRACT.md §3)."
BOM = "\ufeff"

messages.register(
    "decklist.syntax",
    en="Line {line}: {text!r} is neither a section header, a comment nor a card line.",
    ja="{line}行目: 「{text}」は見出し・コメント・カード行のどれでもありません。",
)
messages.register(
    "decklist.quantity",
    en="Line {line}: {quantity} copies is not a quantity (1 to {max} per line).",
    ja="{line}行目: {quantity}枚は指定できません（1行に1〜{max}枚）。",
)
messages.register(
    "decklist.unknown_card",
    en="Line {line}: no card matches {reference!r}. Check the number or the name.",
    ja="{line}行目: 「{reference}」に一致するカードがありません。番号か名前を確認してください。",
)
messages.register(
    "decklist.ambiguous_card",
    en="Line {line}: {reference!r} matches {matches}. Write the card number instead.",
    ja="{line}行目: 「{reference}」は複数のカード（{matches}）に一致します。カード番号で書いてください。",
)

# The patterns below run on lines whose spaces are single (`_SPACES`) and must stay linear in the
# line's length: with runs of spaces, the header's adjacent optional spaces could split one run in
# very many ways (a 200-space line took seconds, a longer one hours), and a count before 枚 that
# may start inside a run of digits made a long run of digits quadratic.
_SPACES = re.compile(r"\s+")
_COMMENT = re.compile(r"^(#|//)")
_HEADER = re.compile(r"^(?P<name>.+?) ?(?:\( ?\d+ ?\))? ?:? ?(?:\( ?\d+ ?\))?$")
_QTY_FIRST = re.compile(r"^(?P<qty>\d+) ?(?:[x×] | (?:[x×] )?)(?P<ref>\S.*)$", re.IGNORECASE)
# `X x4`, `X ×4`, and the Japanese recipe style `X×4` (no space; only with ×, since an `x` right
# after a reference may be part of it).
_QTY_LAST = re.compile(r"^(?P<ref>.*?\S)(?: [x×] ?|×)(?P<qty>\d+)$", re.IGNORECASE)
_QTY_MAI = re.compile(r"^(?P<ref>.*?\S) ?(?<!\d)(?P<qty>\d+) ?枚$")
_QTY_FORMS = (_QTY_LAST, _QTY_MAI, _QTY_FIRST)
#: Other sites' one-line sideboard mark (`SB: 2 Name`): read into the game's sideboard zone, if any.
_SIDEBOARD_LINE = re.compile(r"^(?:SB|Sideboard) ?: ?(?P<rest>\S.*)$", re.IGNORECASE)


@dataclass(frozen=True)
class Line:
    """One card line: where it stands, which zone it is in, how many, and what it names.

    Some lines read two ways: `12 x2` is 2 copies of card 12, `2 Goku x5` is 2 copies of a card
    named "Goku x5". `alternatives` holds the other readings; `resolve` takes the first reading
    whose reference finds a card, so the pool, not a guess, settles it.
    """

    number: int
    zone: str
    quantity: int
    reference: str
    alternatives: tuple[tuple[int, str], ...] = ()

    @property
    def first_word(self) -> str:
        return first_word(self.reference)

    @property
    def readings(self) -> tuple[tuple[int, str], ...]:
        return ((self.quantity, self.reference), *self.alternatives)


def first_word(reference: str) -> str:
    return reference.split(" ", 1)[0]


@dataclass
class ParsedDecklist:
    lines: list[Line] = field(default_factory=list)
    problems: list[Violation] = field(default_factory=list)


def _header_key(text: str) -> str:
    return re.sub(r"[\s\-_・]", "", fold(text))


def _zone_headers(game: Game) -> dict[str, str]:
    return {_header_key(name): zone.slug for zone in game.zones for name in zone.header_names}


def _quantity(digits: str) -> int:
    """The number a line's digits say; a run too long to be a count is just "too many"."""
    return int(digits) if len(digits) <= len(str(MAX_QUANTITY)) else MAX_QUANTITY + 1


def parse(game: Game, text: str) -> ParsedDecklist:
    headers = _zone_headers(game)
    zone = game.default_zone
    parsed = ParsedDecklist()
    # A byte-order mark (files saved by Windows editors) is no part of the first line, whichever
    # way the text came: a file, an API body's `decklist`, a paste into the editor (CONTRACT §3).
    text = text.removeprefix(BOM)
    for number, raw in enumerate(text.splitlines(), start=1):
        line = _SPACES.sub(" ", unicodedata.normalize("NFKC", raw)).strip()
        if not line or _COMMENT.match(line):
            continue
        header = _HEADER.match(line)
        if header and _header_key(header["name"]) in headers:
            zone = headers[_header_key(header["name"])]
            continue
        line_zone = zone
        sideboard = _SIDEBOARD_LINE.match(line)
        if sideboard and _header_key("Sideboard") in headers:
            line_zone, line = headers[_header_key("Sideboard")], sideboard["rest"]
        # Trailing counts first: a reference may itself start with digits (Gundam War ids).
        matches = [m for m in (form.match(line) for form in _QTY_FORMS) if m]
        if not matches:
            parsed.problems.append(
                Violation(
                    code="decklist.syntax",
                    rule=_RULE,
                    zone=line_zone,
                    count=number,
                    line=number,
                    params={"text": raw.strip()},
                )
            )
            continue
        readings = [
            (_quantity(m["qty"]), m["ref"])
            for m in matches
            if 1 <= _quantity(m["qty"]) <= MAX_QUANTITY
        ]
        if not readings:
            digits = matches[0]["qty"]
            quantity = digits if len(digits) <= 12 else digits[:12] + "…"
            parsed.problems.append(
                Violation(
                    code="decklist.syntax",
                    message_key="decklist.quantity",
                    rule=_RULE,
                    zone=line_zone,
                    count=number,
                    line=number,
                    params={"quantity": quantity, "max": MAX_QUANTITY},
                )
            )
            continue
        (quantity, reference), *alternatives = list(dict.fromkeys(readings))
        parsed.lines.append(Line(number, line_zone, quantity, reference, tuple(alternatives)))
    return parsed


def resolve(game: Game, parsed: ParsedDecklist, pool: CardPool) -> tuple[Deck, list[Violation]]:
    """Look every line's card up: by number first (any printed form, `Game.card_for_number`),
    then by the whole reference as a name, then by the name after a number that found nothing."""
    readings = [reading for line in parsed.lines for reading in line.readings]
    by_number = pool.by_numbers(
        {key for _, ref in readings for key in game.lookup_keys(first_word(ref))}
    )
    by_name = pool.by_name_keys(
        {
            key
            for _, ref in readings
            if game.card_for_number(first_word(ref), by_number) is None
            for key in _name_references(ref)
        }
    )

    problems = list(parsed.problems)
    counts: dict[str, dict[str, int]] = {zone: {} for zone in game.zone_slugs}
    cards: dict[str, Card] = {}
    for line in parsed.lines:
        found = _first_resolving(game, line, by_number, by_name)
        if found is None:
            matches = _distinct(by_name.get(name_key(line.reference), []))
            problems.append(_lookup_problem(line, matches))
            continue
        quantity, card = found
        cards[card.number] = card
        zone = counts[line.zone]
        zone[card.number] = zone.get(card.number, 0) + quantity
    deck = Deck(
        zones={
            zone: tuple(Entry(cards[number], count) for number, count in numbers.items())
            for zone, numbers in counts.items()
        }
    )
    return deck, problems


def _name_references(reference: str) -> tuple[str, ...]:
    """Name keys a reference may mean: the whole of it, then, when its first word looks like a
    card number (it has a digit) that did not resolve, the name after it (`C-55 シロッコの眼`,
    a Gundam War number written without its colour)."""
    whole = name_key(reference)
    head, _, rest = reference.partition(" ")
    if rest and any(ch.isdigit() for ch in head):
        return (whole, name_key(rest))
    return (whole,)


def _first_resolving(
    game: Game, line: Line, by_number: Mapping[str, Card], by_name: Mapping[str, list[Card]]
) -> tuple[int, Card] | None:
    """The first reading of a line that names exactly one card, with its quantity."""
    for quantity, reference in line.readings:
        card = game.card_for_number(first_word(reference), by_number)
        if card is not None:
            return quantity, card
        for key in _name_references(reference):
            matches = _distinct(by_name.get(key, []))
            if len(matches) == 1:
                return quantity, matches[0]
    return None


def _distinct(cards: Iterable[Card]) -> list[Card]:
    return list({card.number: card for card in cards}.values())


def _lookup_problem(line: Line, matches: list[Card]) -> Violation:
    if not matches:
        return Violation(
            code="decklist.unknown_card",
            rule=_RULE,
            zone=line.zone,
            cards=(line.reference,),
            line=line.number,
            params={"reference": line.reference},
        )
    shown = ", ".join(sorted((card.number for card in matches), key=natural_key)[:5])
    if len(matches) > 5:
        shown += f" … ({len(matches)} cards)"
    return Violation(
        code="decklist.ambiguous_card",
        rule=_RULE,
        zone=line.zone,
        cards=tuple(card.number for card in matches),
        count=len(matches),
        line=line.number,
        params={"reference": line.reference, "matches": shown},
    )


def load(game: Game, text: str, pool: CardPool) -> tuple[Deck, list[Violation]]:
    """Parse and resolve in one step."""
    return resolve(game, parse(game, text), pool)


def natural_key(number: str) -> tuple:
    """Sort card numbers as people read them: BT1-009 before BT1-010 before BT10-001.

    A run of digits compares by its length, then its digits (leading zeros dropped), never through
    `int`: numbers come from deck codes and API bodies too, and `int` refuses a run of thousands of
    digits. The odd parts of the split are the digit runs (`str.isdigit` would also pass `²`).
    """
    return tuple(
        _digit_run_key(part) if index % 2 else (1, 0, part.casefold())
        for index, part in enumerate(re.split(r"(\d+)", number))
        if part
    )


def _digit_run_key(digits: str) -> tuple[int, int, str]:
    if not digits.isascii():
        digits = "".join(str(unicodedata.decimal(digit)) for digit in digits)
    digits = digits.lstrip("0")
    return (0, len(digits), digits)


def _zones_in_order(game: Game, deck: Deck) -> Iterator[tuple[Zone, list[Entry], int]]:
    """Each non-empty zone in the game's order: its entries by number and its size."""
    for zone in game.zones:
        entries = sorted(deck.zones.get(zone.slug, ()), key=lambda e: natural_key(e.card.number))
        if entries:
            yield zone, entries, sum(entry.count for entry in entries)


def _text(blocks: list[str]) -> str:
    return "\n\n".join(blocks) + "\n" if blocks else ""


def export(game: Game, deck: Deck) -> str:
    """The canonical text: a header per non-empty zone, then `N NUMBER NAME` by number."""
    return _text(
        [
            "\n".join(
                [f"{zone.label} ({size})"]
                + [f"{entry.count} {entry.card.number} {entry.card.name}" for entry in entries]
            )
            for zone, entries, size in _zones_in_order(game, deck)
        ]
    )


def export_recipe(game: Game, deck: Deck) -> str:
    """The Japanese recipe players post: `【メイン】50枚`, then `カード名 ×3` per card.

    Cards are listed by number under each zone's Japanese name. The names are the card data's own
    (Japanese wherever the data has them); a name shared by several cards reads back as ambiguous,
    so the canonical `export` stays the text for importing.
    """
    return _text(
        [
            "\n".join(
                [f"【{zone.label_ja}】{size}枚"]
                + [f"{entry.card.name} ×{entry.count}" for entry in entries]
            )
            for zone, entries, size in _zones_in_order(game, deck)
        ]
    )


#: The shapes `export_as` writes: the canonical text, a Japanese recipe, Markdown, CSV.
EXPORT_FORMATS = ("text", "recipe", "markdown", "csv")


def export_as(game: Game, deck: Deck, shape: str) -> str:
    """The deck in one of `EXPORT_FORMATS` (unknown shapes: the canonical text)."""
    if shape == "recipe":
        return export_recipe(game, deck)
    if shape == "markdown":
        return "\n".join(
            "\n".join(
                [
                    f"## {zone.label} ({size})",
                    "",
                    *(f"- {e.count} × {e.card.number} {e.card.name}" for e in entries),
                    "",
                ]
            )
            for zone, entries, size in _zones_in_order(game, deck)
        )
    if shape == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["zone", "count", "number", "name"])
        for zone, entries, _size in _zones_in_order(game, deck):
            writer.writerows([zone.slug, e.count, e.card.number, e.card.name] for e in entries)
        return out.getvalue()
    return export(game, deck)


class MemoryPool:
    """A `CardPool` over cards held in memory (tests, benchmarks, deck codes with card files)."""

    def __init__(self, game: Game, cards: Iterable[Card]):
        self._numbers: dict[str, Card] = {}
        self._names: dict[str, list[Card]] = {}
        for card in cards:
            self._numbers[game.number_key(card.number)] = card
            for key in game.name_keys(card):
                self._names.setdefault(key, []).append(card)

    def by_numbers(self, numbers: Iterable[str]) -> dict[str, Card]:
        return {n: self._numbers[n] for n in numbers if n in self._numbers}

    def by_name_keys(self, keys: Iterable[str]) -> dict[str, list[Card]]:
        return {k: self._names[k] for k in keys if k in self._names}
