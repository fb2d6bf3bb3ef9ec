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

_DECODER = json.JSONDecoder()


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


def raw_decode(text: str, position: int) -> tuple[Any, int]:
    """`JSONDecoder.raw_decode` (one value from `position`), failing only with `JSONDecodeError`."""
    with _decode_errors(text, position):
        return _DECODER.raw_decode(text, position)
