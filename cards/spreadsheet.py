"""CSV cells that spreadsheet tools read as text, never as formulas (issue 22, finding 11).

A cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage return is a formula to Excel,
LibreOffice and Google Sheets: an approved card named `=HYPERLINK(…)` became a live link in
`download.csv`. Such a cell is written with a leading apostrophe, which those tools show as
text and hide (OWASP "CSV Injection"); plain numbers (`-1`, `+2000`) and a lone `-` are
left as they are, since no tool runs them. The card-file reader removes the apostrophe again, so
a downloaded file imports as the same cards.
"""

from __future__ import annotations

import re

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
ESCAPE = "'"
_NUMBER = re.compile(r"[+-]?\d+(\.\d+)?")


def formula_safe(value: object) -> object:
    """The cell as written to a CSV file: a text that would start a formula gets `'` first."""
    if not isinstance(value, str) or not value.startswith(FORMULA_STARTS):
        return value
    if value == "-" or _NUMBER.fullmatch(value):
        return value
    return ESCAPE + value


def unescaped(value: str | None) -> str | None:
    """A cell as read from a CSV file: the apostrophe `formula_safe` added is taken off."""
    if value and value.startswith(ESCAPE) and value[1:].startswith(FORMULA_STARTS):
        return value[1:]
    return value
