"""Text folding shared by decklist parsing, card lookup and search; whole numbers typed by people.

Players type card names in many shapes: half-width katakana from old sites, hiragana for katakana,
full-width Latin letters, odd spacing. Everything that compares names goes through `fold`, so that
the same name always meets itself.
"""

from __future__ import annotations

import re
import unicodedata

_SPACES = re.compile(r"\s+")
# Hiragana U+3041..U+3096 sit exactly 0x60 below their katakana twins.
_HIRAGANA_TO_KATAKANA = {code: code + 0x60 for code in range(0x3041, 0x3097)}


def fold(text: str) -> str:
    """Fold width (NFKC), case, kana (hiragana → katakana) and runs of spaces."""
    text = unicodedata.normalize("NFKC", text).casefold().translate(_HIRAGANA_TO_KATAKANA)
    return _SPACES.sub(" ", text).strip()


def fold_compact(text: str) -> str:
    """`fold` without any spaces: for names whose spacing varies between printings and lists."""
    return fold(text).replace(" ", "")


#: Digits a typed whole number may have: any such number fits a 64-bit database id.
MAX_DIGITS = 18


def whole_number(text: str) -> int | None:
    """The whole number `text` spells in ASCII digits (spaces around allowed), else None.

    Ids, versions and sizes come from URLs, forms and headers. `str.isdigit` accepts `²` and `١`,
    which `int` then refuses or reads, and `int` refuses thousands of digits outright; a number too
    long for a database id is no id either. One check here, so no caller answers with a 500.
    """
    text = text.strip()
    if not (0 < len(text) <= MAX_DIGITS and text.isascii() and text.isdigit()):
        return None
    return int(text)


#: Kana, CJK ideographs and half-width katakana: the letters of Japanese text.
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff66-\uff9f]")


def is_japanese(text: str) -> bool:
    """True when the text holds a Japanese letter (`ガンダム`, `赤`), false for `UNIT` or `3`."""
    return bool(JAPANESE.search(text))


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
