"""One decklist line as players paste it: what it is (header, note, card) and the card's readings.

Written by hand, not with a parsing library: the shapes are short regular expressions over one
line at a time, each linear in the line's length (`tests/games/test_decklist_hostile_lines.py`).
The shapes come from where players copy lists (docs/decklists.md): DeckLab's own exports, the DBSCG
community deck builder (`_____Main Deck_____`, `3 Name [BT11-132]`), untap (`1x Name (SET) NO
//play-1`), Japanese recipes (`【メイン】50枚`, `《名前》×3`) and web result tables (pipes, headings,
set names glued to names).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from cards.games.text import fold

#: A quantity above this is a typo, not a deck (and would make the engines allocate nonsense).
MAX_QUANTITY = 999

#: Where a pasted list comes from, as recognised from its lines (most telling first).
FORMATS = ("builder", "table", "recipe", "untap", "canonical")

_SPACES = re.compile(r"\s+")
_COMMENT = re.compile(r"^(#|//)")
# The patterns below run on lines whose spaces are single and must stay linear in the line's
# length: adjacent optional spaces could split one run in very many ways, and a count before 枚
# that may start inside a run of digits made a long run of digits quadratic.
_HEADER = re.compile(r"^(?P<name>.+?) ?(?:\( ?\d+ ?\))? ?:? ?(?:\( ?\d+ ?\))?$")
_BANNER = re.compile(r"^(?:_{3,}(?P<a>[^_]+)_{3,}|={3,}(?P<b>[^=]+)={3,}|-{3,}(?P<c>[^-]+)-{3,})$")
_RECIPE_HEADER = re.compile(r"^【(?P<name>[^】]+)】 ?(?:\d+ ?枚?)?$")
_MARKED_HEADING = re.compile(r"^[●■◆◇□○▼▽★☆◎▶►] ?(?P<name>.+)$")
_TABLE_RULE = re.compile(r"^[\s|:\-+]*$")
#: DeckLab's Markdown export: `## Main (50)` (any other `#` line is a comment).
_MARKDOWN_HEADING = re.compile(r"^#{1,6} (?P<name>.+)$")
_BULLET = re.compile(r"^[-*・•] (?=\S)")
_QTY_FIRST = re.compile(r"^(?P<qty>\d+) ?(?:[x×] | (?:[x×] )?)(?P<ref>\S.*)$", re.IGNORECASE)
# `X x4`, `X ×4`, and the Japanese recipe style `X×4` (no space; only with ×, since an `x` right
# after a reference may be part of it).
_QTY_LAST = re.compile(r"^(?P<ref>.*?\S)(?: [x×] ?|×)(?P<qty>\d+)$", re.IGNORECASE)
_QTY_MAI = re.compile(r"^(?P<ref>.*?\S) ?(?<!\d)(?P<qty>\d+) ?枚$")
_QTY_FORMS = (_QTY_LAST, _QTY_MAI, _QTY_FIRST)
#: Other sites' one-line sideboard mark (`SB: 2 Name`): read into the game's sideboard zone, if any.
_SIDEBOARD_LINE = re.compile(r"^(?:SB|Sideboard) ?: ?(?P<rest>\S.*)$", re.IGNORECASE)
# untap: a trailing `//play-1` (where the card starts), and `Name (SET) NUMBER`.
_UNTAP_SUFFIX = re.compile(r" //\S*$")
_UNTAP_SET = re.compile(r"^(?P<name>.*?\S) \((?P<set>[^()]{1,12})\) (?P<number>\S+)$")
# The community deck builder: `Name [BT11-132]`, the number in brackets after the name.
_BRACKET_NUMBER = re.compile(r"^(?P<name>.*?\S) ?\[(?P<number>[^\[\]\s]+)\]$")
# Set names in a table: `雲散霧消18弾`, `ジ・オ 15弾`, `ギラ・ドーガ 《BB3》`.
_SET_SUFFIX = re.compile(r" ?(?:第?\d{1,3}弾|《[A-Za-z]{1,4}\d{0,3}》)$")
_ANGLE_NAME = re.compile(r"《(?P<name>[^《》]+)》")


@dataclass(frozen=True)
class Reading:
    """What one source line is. `kind` is `blank`, `comment`, `header`, `note` or `card`."""

    kind: str
    #: The zone a header opens; a card line's zone is decided by the reader.
    zone: str | None = None
    #: A card line's readings, most likely first: (copies, reference).
    readings: tuple[tuple[int, str], ...] = ()
    #: The line gave no count: one copy (a leader, a caster, a bare number or name).
    countless: bool = False
    #: The digits of a count out of range (`100000 BT1-004`), for the problem it becomes.
    bad_quantity: str | None = None
    #: The zone a one-line mark sends the card to (`SB: 2 Name`).
    zone_override: str | None = None
    #: The source format the line's shape tells, if any (see `FORMATS`).
    hint: str | None = None


def normalise(raw: str) -> str:
    """A line as compared: NFKC, runs of spaces as one, no spaces at the ends."""
    return _SPACES.sub(" ", unicodedata.normalize("NFKC", raw)).strip()


def header_key(text: str) -> str:
    return re.sub(r"[\s\-_・]", "", fold(text))


def read_line(line: str, headers: dict[str, str]) -> Reading:
    """Read one normalised line against the game's zone headers (`header_key` → zone slug)."""
    if not line:
        return Reading("blank")
    markdown = _MARKDOWN_HEADING.match(line)
    if markdown:
        header = _HEADER.match(markdown["name"])
        if header and header_key(header["name"]) in headers:
            return Reading("header", zone=headers[header_key(header["name"])])
    if _COMMENT.match(line):
        return Reading("comment", hint="untap" if line.startswith("//") else None)
    marked = _marked_heading(line)
    if marked is not None:
        name, mark = marked
        zone = headers.get(header_key(name))
        if zone is not None:
            return Reading("header", zone=zone, hint=mark)
        return Reading("note", hint=mark)
    header = _HEADER.match(line)
    if header and header_key(header["name"]) in headers:
        return Reading("header", zone=headers[header_key(header["name"])])
    hint: str | None = None
    if "|" in line:
        if _TABLE_RULE.match(line):
            return Reading("note", hint="table")
        line = " ".join(cell.strip() for cell in line.split("|") if cell.strip())
        hint = "table"
    zone_override = None
    sideboard = _SIDEBOARD_LINE.match(line)
    if sideboard and header_key("Sideboard") in headers:
        zone_override, line = headers[header_key("Sideboard")], sideboard["rest"]
    line = _BULLET.sub("", line)
    return _card_line(line, hint, zone_override)


def _marked_heading(line: str) -> tuple[str, str] | None:
    """A heading set off by marks, and the format it tells: a banner, 【…】 with an optional count
    (`【メイン】50枚`, `【サイド】0枚`: a count, never a quantity of cards), or ●…."""
    banner = _BANNER.match(line)
    if banner:
        name = banner["a"] or banner["b"] or banner["c"]
        return name.strip(), "builder"
    recipe = _RECIPE_HEADER.match(line)
    if recipe:
        return recipe["name"], "recipe"
    marked = _MARKED_HEADING.match(line)
    if marked and not any(form.match(marked["name"]) for form in _QTY_FORMS):
        header = _HEADER.match(marked["name"])
        return (header["name"] if header else marked["name"]), "table"
    return None


def _card_line(line: str, hint: str | None, zone_override: str | None) -> Reading:
    untap = _UNTAP_SUFFIX.search(line)
    if untap:
        line, hint = line[: untap.start()], hint or "untap"
    line, glued = _without_set_name(line)
    hint = hint or glued
    matches = [m for m in (form.match(line) for form in _QTY_FORMS) if m]
    if matches:
        readings = [
            (_quantity(m["qty"]), _reference(m["ref"])) for m in matches if _in_range(m["qty"])
        ]
        if not readings:
            return Reading("card", bad_quantity=_shown_digits(matches[0]["qty"]))
        refs = [ref for _, ref in readings]
        hint = hint or _reference_hint(" ".join(m["ref"] for m in matches))
        if _QTY_LAST.match(line) or _QTY_MAI.match(line):
            hint = hint or "recipe"
        readings = [(qty, ref) for (qty, _), ref in zip(readings, refs, strict=True) if ref]
        return Reading(
            "card",
            readings=tuple(dict.fromkeys(readings)),
            zone_override=zone_override,
            hint=hint,
        )
    reference = _reference(line)
    return Reading(
        "card",
        readings=((1, reference),),
        countless=True,
        zone_override=zone_override,
        hint=hint or _reference_hint(line),
    )


def _without_set_name(line: str) -> tuple[str, str | None]:
    """The line without a set name glued to its end (`ジ・オ ×2 15弾` → `ジ・オ ×2`)."""
    cut = _SET_SUFFIX.search(line)
    if cut and cut.start() > 0:
        return line[: cut.start()].rstrip(), "table"
    return line, None


def _reference(text: str) -> str:
    """A card reference in the form the lookup reads: the number first, then the name."""
    text, _ = _without_set_name(text)
    text = _ANGLE_NAME.sub(lambda m: m["name"], text).strip()
    untap = _UNTAP_SET.match(text)
    if untap:
        return f"{untap['number']} {untap['name']}"
    bracket = _BRACKET_NUMBER.match(text)
    if bracket:
        return f"{bracket['number']} {bracket['name']}"
    return text


def _reference_hint(text: str) -> str | None:
    if _BRACKET_NUMBER.match(text):
        return "builder"
    if _UNTAP_SET.match(text):
        return "untap"
    if "《" in text:
        return "recipe"
    return None


def _in_range(digits: str) -> bool:
    return 1 <= _quantity(digits) <= MAX_QUANTITY


def _quantity(digits: str) -> int:
    """The number a line's digits say; a run too long to be a count is just "too many"."""
    return int(digits) if len(digits) <= len(str(MAX_QUANTITY)) else MAX_QUANTITY + 1


def _shown_digits(digits: str) -> str:
    return digits if len(digits) <= 12 else digits[:12] + "…"


def source_format(hints: list[str | None]) -> str:
    """The format a paste's lines tell, the most telling hint first (`FORMATS`)."""
    present = set(hints)
    return next((name for name in FORMATS if name in present), "canonical")
