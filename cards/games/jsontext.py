"""JSON written by others (card files, deck codes, goals): every failure is a `JSONDecodeError`.

Python's parser raises `RecursionError` on deeply nested arrays (a 300-character deck code can
inflate to 100,000 `[`) and a bare `ValueError` on an integer of more than 4,300 digits. Callers
that report `JSONDecodeError` with its line and column would let both through as a crash.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from cards.games.messages import Text, gettext_noop

_DECODER = json.JSONDecoder()

#: What Python's parser (and `_decode_errors`) says is wrong, marked for the site's catalogue so
#: a reader of another language reads it in theirs.
PROBLEMS = frozenset(
    {
        gettext_noop("Expecting value"),
        gettext_noop("Expecting property name enclosed in double quotes"),
        gettext_noop("Expecting ':' delimiter"),
        gettext_noop("Expecting ',' delimiter"),
        gettext_noop("Unterminated string starting at"),
        gettext_noop("Invalid control character at"),
        gettext_noop("Invalid \\escape"),
        gettext_noop("Invalid \\uXXXX escape"),
        gettext_noop("Extra data"),
        gettext_noop("Illegal trailing comma before end of object"),
        gettext_noop("Illegal trailing comma before end of array"),
        gettext_noop("nested too deeply"),
        gettext_noop("a number with too many digits"),
    }
)


@contextmanager
def _decode_errors(text: str, position: int) -> Iterator[None]:
    try:
        yield
    except json.JSONDecodeError:
        raise
    except RecursionError:
        raise json.JSONDecodeError("nested too deeply", text, position) from None
    except ValueError:
        raise json.JSONDecodeError("a number with too many digits", text, position) from None


def loads(text: str) -> Any:
    """`json.loads`, failing only with `JSONDecodeError`."""
    with _decode_errors(text, 0):
        return json.loads(text)


def problem(error: json.JSONDecodeError) -> Text:
    """Where and why JSON cannot be read, as a text to translate: in English exactly Python's
    message (`Expecting value: line 1 column 3 (char 2)`); a message Python may add later is
    shown as it is."""
    return Text(
        gettext_noop("%(problem)s: line %(line)d column %(column)d (char %(char)d)"),
        {
            "problem": Text(error.msg) if error.msg in PROBLEMS else error.msg,
            "line": error.lineno,
            "column": error.colno,
            "char": error.pos,
        },
    )


def raw_decode(text: str, position: int) -> tuple[Any, int]:
    """`JSONDecoder.raw_decode` (one value from `position`), failing only with `JSONDecodeError`."""
    with _decode_errors(text, position):
        return _DECODER.raw_decode(text, position)
