"""Card files (CONTRACT §2) → validated cards → one atomic upsert.

A file is read whole and every row checked before anything is written: one bad row rejects the
file, and the report names every bad row by line and column. Re-importing the same file writes
nothing (rows are compared with what is stored), so `make run` can import on every start.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from django.db import connection, transaction

from cards import writes
from cards.games import base, jsontext
from cards.games.game import Game
from cards.games.lines import MAX_QUANTITY
from cards.games.registry import get_game
from cards.games.schema import RowError
from cards.models import Card, CardName, GameData
from cards.search import choose_example, choose_hints
from cards.spreadsheet import unescaped

#: After writing this many cards, refresh the database's table statistics, so the planner
#: knows the table holds thousands of cards (PostgreSQL's autovacuum would learn it later).
ANALYZE_AFTER = 1000


@dataclass(frozen=True)
class Problem:
    line: int
    column: str
    message: str

    def __str__(self) -> str:
        where = f"line {self.line}" if self.line else "file"
        return (
            f"{where}, column {self.column}: {self.message}"
            if self.column
            else f"{where}: {self.message}"
        )


class ImportFailed(Exception):
    """The file was rejected; nothing was written. `problems` lists every reason."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__(f"{len(problems)} problem(s); nothing was imported")


@dataclass
class ImportReport:
    game: str
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    numbers: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        return (
            f"{self.game}: {self.created} created, {self.updated} updated, "
            f"{self.unchanged} unchanged"
        )


def read_rows(content: bytes, filename: str) -> Iterator[tuple[int, Mapping[str, Any]]]:
    """(line number, row) pairs of a CSV or JSON card file; `ImportFailed` if unreadable."""
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ImportFailed(
            [Problem(0, "", f"not UTF-8 text ({error.reason} at byte {error.start})")]
        ) from None
    if "\x00" in text:  # no database text column can hold it (PostgreSQL refuses it outright)
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise ImportFailed([Problem(line, "", "holds a NUL character")])
    if filename.lower().endswith(".json") or text.lstrip().startswith("["):
        return _json_rows(text)
    return _csv_rows(text)


def _csv_rows(text: str) -> Iterator[tuple[int, Mapping[str, Any]]]:
    # strict: a quote never closed, or text after a closing quote, is an error to report rather
    # than a cell that silently swallows the rest of the file.
    reader = csv.DictReader(io.StringIO(text, newline=""), strict=True)
    if not reader.fieldnames:
        raise ImportFailed([Problem(1, "", "the file is empty: expected a header row")])
    reader.fieldnames = [name.strip() for name in reader.fieldnames]
    twice = sorted(
        {name for name in reader.fieldnames if name and reader.fieldnames.count(name) > 1}
    )
    if twice:
        # csv.DictReader would keep the last cell silently: which one the file meant is unknown.
        raise ImportFailed(
            [Problem(1, name, "the header names this column twice") for name in twice]
        )
    rows = []
    start = 2
    try:
        for row in reader:
            overflow = row.pop(None, None)  # more cells than header columns
            row = {key: unescaped(value) for key, value in row.items()}
            rows.append((start, {**row, "__overflow__": overflow} if overflow else row))
            start = reader.line_num + 1
    except csv.Error as error:
        raise ImportFailed([Problem(start, "", f"broken CSV: {error}")]) from None
    return iter([(0, {"__header__": reader.fieldnames}), *rows])


def _json_rows(text: str) -> Iterator[tuple[int, Mapping[str, Any]]]:
    position = _skip_space(text, 0)
    if not text.startswith("[", position):
        raise ImportFailed([Problem(1, "", "a JSON card file is a list of objects")])
    position += 1
    rows: list[tuple[int, Mapping[str, Any]]] = []
    while True:
        position = _skip_space(text, position)
        if text.startswith("]", position):
            break
        line = text.count("\n", 0, position) + 1
        try:
            item, position = jsontext.raw_decode(text, position)
        except json.JSONDecodeError as error:
            raise ImportFailed([Problem(error.lineno, "", f"broken JSON: {error.msg}")]) from None
        if not isinstance(item, dict):
            raise ImportFailed([Problem(line, "", "each item must be an object")])
        unstorable = _unstorable(item)
        if unstorable:
            raise ImportFailed([Problem(line, "", unstorable)])
        rows.append((line, {str(k): v for k, v in item.items()}))
        position = _skip_space(text, position)
        if text.startswith(",", position):
            position += 1
        elif not text.startswith("]", position):
            raise ImportFailed(
                [Problem(text.count("\n", 0, position) + 1, "", "broken JSON: expected , or ]")]
            )
    header = sorted({key for _, row in rows for key in row})
    return iter([(0, {"__header__": header}), *rows])


#: Nesting a card file's value may have (a cell is a value or a list; extra columns get room).
MAX_DEPTH = 16
_SURROGATE = re.compile("[\ud800-\udfff]")


def _unstorable(value: Any) -> str | None:
    """Why decoded JSON cannot be stored, or None: no database text holds a NUL (`\\u0000`) or a
    lone surrogate (`\\ud800`), and deep nesting would fail when written. Iterative on purpose."""
    pending = [(value, 0)]
    while pending:
        item, depth = pending.pop()
        if depth > MAX_DEPTH:
            return f"nests values more than {MAX_DEPTH} levels deep"
        if isinstance(item, str):
            if "\x00" in item:
                return "holds a NUL character"
            if _SURROGATE.search(item):
                return "holds a lone surrogate (\\ud800-\\udfff), which is not text"
        elif isinstance(item, dict):
            pending += [(part, depth + 1) for pair in item.items() for part in pair]
        elif isinstance(item, list):
            pending += [(part, depth + 1) for part in item]
    return None


def _skip_space(text: str, position: int) -> int:
    while position < len(text) and text[position] in " \t\r\n":
        position += 1
    return position


def parse_file(game: Game, content: bytes, filename: str) -> list[base.Card]:
    """Every row as a card, or `ImportFailed` with every problem of the file."""
    rows = read_rows(content, filename)
    _, header_row = next(rows)
    header = header_row["__header__"]
    missing = game.schema.missing_columns(header)
    if missing:
        raise ImportFailed([Problem(1, column, "required column is missing") for column in missing])
    problems: list[Problem] = []
    cards: list[base.Card] = []
    first_line: dict[str, int] = {}
    for line, row in rows:
        if "__overflow__" in row:
            problems.append(Problem(line, "", "more cells than the header has columns"))
            continue
        raw_number = str(row.get("number") or "").strip()
        key = game.number_key(raw_number)
        if raw_number and key in first_line:
            problems.append(
                Problem(line, "number", f"{raw_number} is already on line {first_line[key]}")
            )
            continue
        first_line.setdefault(key, line)
        try:
            card = game.schema.from_row(row)
        except RowError as error:
            problems += [Problem(line, column, message) for column, message in error.problems]
            continue
        problems += [Problem(line, column, message) for column, message in too_long(game, card)]
        cards.append(card)
    if problems:
        raise ImportFailed(problems)
    return cards


def too_long(game: Game, card: base.Card) -> list[tuple[str, str]]:
    """(column, message) for each value longer than its database column: PostgreSQL refuses it."""
    stored = {
        "number": ("number", card.number),
        "number_key": ("number", game.number_key(card.number)),
        "name": ("name", card.name),
        "type": (game.schema.type_column, card.type),
    }
    problems: dict[str, str] = {}
    for field_name, (column, value) in stored.items():
        limit = Card._meta.get_field(field_name).max_length
        if len(value) > limit:
            problems.setdefault(column, f"is longer than {limit} characters")
    return list(problems.items())


def import_cards(game_slug: str, content: bytes, filename: str, author: Any = None) -> ImportReport:
    """Validate the whole file, then insert new cards and update changed ones in one transaction
    (`writes.cards_upsert`); each of them gets a revision (by `author`: the staff member who
    uploaded, or None)."""
    game = get_game(game_slug)
    cards = parse_file(game, content, filename)
    report = ImportReport(game=game_slug)
    new, changed = writes.cards_upsert(game=game, cards=cards, note=filename, author=author)
    report.created, report.updated = len(new), len(changed)
    report.unchanged = len(cards) - len(new) - len(changed)
    if not new and not changed:
        return report
    report.numbers = [row.number for row in new + changed]
    choose_example(game_slug)
    choose_hints(game_slug)
    if len(report.numbers) >= ANALYZE_AFTER:
        with connection.cursor() as cursor:
            for model in (Card, CardName):
                cursor.execute(f"ANALYZE {connection.ops.quote_name(model._meta.db_table)}")
    return report


def import_path(game_slug: str, path: Path | str) -> ImportReport:
    path = Path(path)
    return import_cards(game_slug, path.read_bytes(), path.name)


def import_set_decks(game_slug: str, content: bytes) -> int:
    """Upsert a game's set decks (a shipped `set_decks.json`: key → {"name", "cards": {card name:
    count}}); returns how many were given."""
    try:
        decks = jsontext.loads(content.decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ImportFailed([Problem(0, "", f"not a JSON file: {error}")]) from None
    unstorable = _unstorable(decks)
    if unstorable:
        raise ImportFailed([Problem(0, "", unstorable)])
    problems = _check_set_decks(decks)
    if problems:
        raise ImportFailed(problems)
    with transaction.atomic():
        row, _ = GameData.objects.select_for_update().get_or_create(
            game=game_slug, key="set_decks", defaults={"value": {}}
        )
        merged = {**row.value, **decks}
        if merged != row.value:
            row.value = merged
            row.save()
    return len(decks)


def _check_set_decks(decks: Any) -> list[Problem]:
    if not isinstance(decks, dict):
        return [Problem(0, "", "expected an object of set decks by key")]
    problems = []
    for key, deck in decks.items():
        cards = deck.get("cards") if isinstance(deck, dict) else None
        if not isinstance(cards, dict) or not all(
            isinstance(n, int) and not isinstance(n, bool) and 0 < n <= MAX_QUANTITY
            for n in cards.values()
        ):
            problems.append(
                Problem(
                    0, key, f"a set deck needs 'cards': {{card name: count 1 to {MAX_QUANTITY}}}"
                )
            )
        elif not isinstance(deck.get("name", ""), str):
            problems.append(Problem(0, key, "'name' must be text"))
    return problems


def read_upload(file: BinaryIO, limit: int) -> bytes:
    """Read at most `limit` bytes of an upload; `ImportFailed` if it is larger."""
    content = file.read(limit + 1)
    if len(content) > limit:
        raise ImportFailed([Problem(0, "", f"the file is larger than {limit // 1024} KiB")])
    return content
