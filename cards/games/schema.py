"""Card-data columns (CONTRACT §2) and the parsing of one row into a `Card`.

Each game declares its columns once, as data; `Schema.from_row` turns a CSV or JSON row into a
`Card` or raises `RowError` naming every bad column, so an importer can report all of a file's
problems at once. Empty cells mean "none": `None` for scalars, `()` for lists.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from cards.games.base import Card

ANY = "any"
#: No printed number comes near this; any whole number within it fits every database's integer
#: column (a power of 99,999,999,999 was a PostgreSQL "integer out of range" crash on import).
LARGEST = 999_999_999


class RowError(ValueError):
    """A row that cannot become a card; `problems` holds (column, message) pairs."""

    def __init__(self, problems: list[tuple[str, str]]):
        self.problems = problems
        super().__init__("; ".join(f"{column}: {message}" for column, message in problems))


Parser = Callable[[Any], Any]


def _text(value: Any) -> str:
    return str(value).strip()


def text(value: Any) -> str:
    return _text(value)


def integer(value: Any) -> int:
    if isinstance(value, bool):
        raise ValueError(f"expected a whole number, got {value!r}")
    if isinstance(value, int):
        return _in_range(value)
    raw = _text(value).replace(",", "")
    if isinstance(value, float) and value.is_integer():
        return _in_range(int(value))
    if not re.fullmatch(r"[+-]?\d+", raw):
        raise ValueError(f"expected a whole number, got {raw!r}")
    # `int` refuses more than 4,300 digits; anything longer than LARGEST is out of range anyway.
    too_long = len(raw.lstrip("+-").lstrip("0")) > len(str(LARGEST))
    return _in_range(LARGEST + 1 if too_long else int(raw))


def _in_range(number: int) -> int:
    if not -LARGEST <= number <= LARGEST:
        raise ValueError(f"expected a whole number from {-LARGEST:,} to {LARGEST:,}")
    return number


class choice:  # noqa: N801 - reads as a parser, like the functions beside it
    """One of `allowed` (case folded with `fold_case`); forms offer `allowed` as a menu."""

    def __init__(self, *allowed: str, fold_case: bool = False):
        self.allowed = allowed
        self.fold_case = fold_case
        self._lookup = {(a.casefold() if fold_case else a): a for a in allowed}

    def __call__(self, value: Any) -> str:
        raw = _text(value)
        found = self._lookup.get(raw.casefold() if self.fold_case else raw)
        if found is None:
            raise ValueError(f"{raw!r} is not one of {', '.join(self.allowed)}")
        return found


@dataclass(frozen=True)
class list_of:  # noqa: N801 - reads as a parser, like the functions beside it
    """A cell holding several values; JSON may give a real list instead. Empty means `()`."""

    item: Parser
    separator: str = ";"

    def __call__(self, value: Any) -> tuple[Any, ...]:
        parts = value if isinstance(value, (list, tuple)) else _text(value).split(self.separator)
        return tuple(self.item(p) for p in (_text(part) for part in parts) if p)


def number_or(*words: str) -> Parser:
    """A whole number, or one of a few words (`X` energy cost, `any` copy limit)."""
    lookup = {w.casefold(): w for w in words}

    def parse(value: Any) -> int | str:
        raw = _text(value)
        if raw.casefold() in lookup:
            return lookup[raw.casefold()]
        try:
            return integer(value)
        except ValueError:
            raise ValueError(
                f"expected a whole number or {' / '.join(words)}, got {raw!r}"
            ) from None

    return parse


def pattern(regex: str, description: str) -> Parser:
    compiled = re.compile(regex)

    def parse(value: Any) -> str:
        raw = _text(value)
        if not compiled.fullmatch(raw):
            raise ValueError(f"{raw!r} is not {description}")
        return raw

    return parse


copy_limit = number_or(ANY)


def flag(value: Any) -> bool:
    """A yes/no cell: 1/0, true/false, yes/no, y/n."""
    if isinstance(value, bool):
        return value
    raw = _text(value).casefold()
    if raw in {"1", "true", "yes", "y"}:
        return True
    if raw in {"0", "false", "no", "n"}:
        return False
    raise ValueError(f"expected 1 or 0, got {raw!r}")


@dataclass(frozen=True)
class Column:
    """A card-file column. `required`: the header must have it and, unless `empty_ok`, every row a
    value (Dreadnought's cluster is required, yet empty means the 【 】 condition). `label` (a
    msgid) names it to players, in the game's words (the proposal form); `choices`, for a column
    whose parser is no `choice`, lists the values a form offers (every value the parser takes)."""

    name: str
    parse: Parser = text
    required: bool = False
    empty_ok: bool = False
    label: str = ""
    choices: tuple[str, ...] = ()

    @property
    def offered(self) -> tuple[str, ...]:
        """The values a form offers as a menu (none: free text)."""
        if self.choices:
            return self.choices
        if isinstance(self.parse, choice):
            return self.parse.allowed
        return ()


@dataclass(frozen=True)
class Schema:
    """The columns of one game's card files. `type_column` names the card's category column."""

    columns: tuple[Column, ...]
    type_column: str

    @property
    def required(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.columns if c.required)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.columns)

    def missing_columns(self, header: Iterable[str]) -> list[str]:
        present = set(header)
        return [name for name in self.required if name not in present]

    def from_row(self, row: Mapping[str, Any]) -> Card:
        data: dict[str, Any] = {}
        problems: list[tuple[str, str]] = []
        for column in self.columns:
            raw = row.get(column.name)
            if raw is None or (isinstance(raw, str) and not raw.strip()) or raw == []:
                if column.required and not column.empty_ok:
                    problems.append((column.name, "is required and empty"))
                data[column.name] = () if isinstance(column.parse, list_of) else None
                continue
            try:
                data[column.name] = column.parse(raw)
            except ValueError as error:
                problems.append((column.name, str(error)))
        if problems:
            raise RowError(problems)
        extra = {
            key: value
            for key, value in row.items()
            if key not in self.names and key is not None and value not in (None, "")
        }
        number = data.pop("number")
        name = data.pop("name")
        card_type = data.get(self.type_column) or ""
        return Card(number=number, name=name, type=card_type, data=data, extra=extra)

    def to_row(self, card: Card) -> dict[str, Any]:
        """The card as the cells of a CSV row that `from_row` reads back as the same card: lists
        joined by their separator, flags as 1/0, none as an empty cell; extra columns as given."""
        row = {"number": card.number, "name": card.name}
        for column in self.columns:
            if column.name in row:
                continue
            value = card.data.get(column.name)
            if isinstance(column.parse, list_of):
                row[column.name] = column.parse.separator.join(str(v) for v in value or ())
            elif isinstance(value, bool):
                row[column.name] = "1" if value else "0"
            else:
                row[column.name] = "" if value is None else str(value)
        extra = {key: value for key, value in card.extra.items() if key not in row}
        return {**row, **extra}
