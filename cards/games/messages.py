"""The message catalogue: every violation message in English and Japanese.

Messages are looked up by key when a violation is shown, not when it is found, so the language is
the reader's choice (`--lang ja`, `Accept-Language`, the site's language). Each game registers its
own messages next to its rules; a missing Japanese text falls back to English.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

LANGUAGES = ("en", "ja")
_CATALOGUE: dict[str, dict[str, str]] = {}


class UnknownMessage(LookupError):
    """A message key nothing registered (a programming error, never the reader's)."""


def register(key: str, *, en: str, ja: str) -> None:
    """Add a message; the texts are `str.format` templates over the violation's values."""
    existing = _CATALOGUE.get(key)
    if existing is not None and existing != {"en": en, "ja": ja}:
        raise ValueError(f"message {key!r} is registered twice with different texts")
    _CATALOGUE[key] = {"en": en, "ja": ja}


def render(key: str, lang: str, values: Mapping[str, Any]) -> str:
    texts = _CATALOGUE.get(key)
    if texts is None:
        raise UnknownMessage(f"no message registered for {key!r}")
    template = texts.get(lang) or texts["en"]
    return template.format_map(values)


def choose_language(*wanted: str | None) -> str:
    """The language to write messages in: the first of `wanted` (most wanted first, e.g. `--lang`
    or `?lang=`, then the site's choice, then Accept-Language) that is supported, else English.
    'ja-JP', 'JA' and 'ja_JP' all mean Japanese. The one place that decides a reader's language."""
    for lang in wanted:
        code = (lang or "").split("-")[0].split("_")[0].lower()
        if code in LANGUAGES:
            return code
    return "en"


def keys() -> list[str]:
    return sorted(_CATALOGUE)
