"""`python manage.py validate_deck --game <slug> [--format <slug>] [--at YYYY-MM-DD] [--json]
[--lang ja] <file | ->`.

CONTRACT §4: exit 0 legal, 1 not legal, 2 the command could not run (unknown game or format,
unreadable file), always with a message on stderr and never a traceback.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DatabaseError

from cards.decklists import decklist_limit
from cards.games import messages
from cards.games.game import UnknownFormat
from cards.games.registry import GAMES, UnknownGame
from cards.languages import translated
from cards.validation import validate

#: Exit statuses of CONTRACT §4.
NOT_LEGAL = 1
COULD_NOT_RUN = 2

HEADINGS = {
    "en": {True: "LEGAL", False: "NOT LEGAL"},
    "ja": {True: "使用可能", False: "使用不可"},
}


def read_decklist(name: str) -> str:
    """A decklist file's text, or stdin's for `-`; exit status 2 with a reason otherwise."""
    try:
        if name == "-":
            raw = sys.stdin.buffer.read(decklist_limit() + 1)
        else:
            with Path(name).open("rb") as file:
                raw = file.read(decklist_limit() + 1)
    except OSError as error:
        raise CommandError(
            f"cannot read {name}: {error.strerror or error}", returncode=COULD_NOT_RUN
        ) from None
    if len(raw) > decklist_limit():
        raise CommandError(
            f"{name} is larger than {decklist_limit() // 1024} KiB: not a decklist",
            returncode=COULD_NOT_RUN,
        )
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise CommandError(
            f"{name} is not UTF-8 text (byte {error.start})", returncode=COULD_NOT_RUN
        ) from None


@contextmanager
def could_not_run(lang: str = "en") -> Iterator[None]:
    """Turn an unknown game or format (told in `lang`), or a database without tables, into exit
    status 2."""
    try:
        yield
    except (UnknownGame, UnknownFormat) as error:
        raise CommandError(translated(error.text, lang), returncode=COULD_NOT_RUN) from None
    except DatabaseError as error:
        raise CommandError(
            f"the card database is not ready ({error}); run `python manage.py migrate`",
            returncode=COULD_NOT_RUN,
        ) from None


class Command(BaseCommand):
    help = "Check a decklist against a format's deck rules (CONTRACT §4)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", required=True, help=f"game slug: {', '.join(GAMES)}")
        parser.add_argument("--format", dest="format_slug", help="format slug (default: first)")
        parser.add_argument(
            "--json", dest="as_json", action="store_true", help="print one JSON object"
        )
        parser.add_argument("--lang", default="en", help="message language: en or ja")
        parser.add_argument(
            "--at",
            type=date.fromisoformat,
            default=None,
            help="check by the format as it stood at this date, YYYY-MM-DD (RULES.md §6.1)",
        )
        parser.add_argument("file", help="a decklist file, or - for standard input")

    def handle(
        self,
        *args: object,
        game: str,
        format_slug: str | None,
        as_json: bool,
        lang: str,
        file: str,
        at: date | None = None,
        **options: object,
    ) -> None:
        lang = messages.choose_language(lang)
        text = read_decklist(file)
        with could_not_run(lang):
            result = validate(game, text=text, format_slug=format_slug, lang=lang, at=at)
        if as_json:
            self.stdout.write(_json(result))
        else:
            self.stdout.write(render(result, lang))
        if not result["legal"]:
            sys.exit(NOT_LEGAL)


def _json(result: dict) -> str:
    return json.dumps(result, ensure_ascii=False, indent=2)


def render(result: dict, lang: str) -> str:
    """The readable report: verdict, zone counts, then each violation with its rule."""
    violations = result["violations"]
    heading = HEADINGS[lang][result["legal"]]
    lines = [f"{result['game']} / {result['format_name']} ({result['format']}): {heading}"]
    lines.append("  ".join(f"{zone} {count}" for zone, count in result["counts"].items()))
    for violation in violations:
        zone = f" [{violation['zone']}]" if violation["zone"] else ""
        lines.append(f"  ✗ {violation['code']}{zone}: {violation['message']}")
        lines.append(f"      {violation['rule']}")
    lines.extend(f"  ({note})" for note in result.get("notes", ()))
    return "\n".join(lines)
