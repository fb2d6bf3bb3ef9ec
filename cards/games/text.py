"""Text folding shared by decklist parsing, card lookup and search.

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
