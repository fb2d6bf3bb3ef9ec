"""The message catalogue: every violation message in English and Japanese.

Messages are looked up by key when a violation is shown, not when it is found, so the language is
the reader's choice (`--lang ja`, `Accept-Language`, the site's language; the site and the command
line pick it in one place, `choose_language` below). Each game registers its own
messages next to its rules, always in every language and with the same placeholders: a value that
reads differently per language is passed twice with the language as suffix (`zone_en`, `zone_ja`),
and `noun` (an English plural ending) exists only in English.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from typing import Any

LANGUAGES = ("en", "ja")
#: Placeholders one language needs and the others do not: English plural endings.
ENGLISH_ONLY = frozenset({"noun"})
_CATALOGUE: dict[str, dict[str, str]] = {}


class UnknownMessage(LookupError):
    """A message key nothing registered (a programming error, never the reader's)."""


def placeholders(text: str, lang: str) -> frozenset[str]:
    """The values a text uses, language suffixes removed (`zone_ja` → `zone`)."""
    names = {name for _, name, _, _ in string.Formatter().parse(text) if name}
    if lang == "en":
        names -= ENGLISH_ONLY
    return frozenset(name.removesuffix(f"_{lang}") for name in names)


def register(key: str, *, en: str, ja: str) -> None:
    """Add a message; the texts are `str.format` templates over the violation's values."""
    texts = {"en": en, "ja": ja}
    if not all(text.strip() for text in texts.values()):
        raise ValueError(f"message {key!r} needs a text in every language {LANGUAGES}")
    if placeholders(en, "en") != placeholders(ja, "ja"):
        raise ValueError(
            f"message {key!r}: the placeholders differ between languages "
            f"({sorted(placeholders(en, 'en'))} vs {sorted(placeholders(ja, 'ja'))})"
        )
    existing = _CATALOGUE.get(key)
    if existing is not None and existing != {"en": en, "ja": ja}:
        raise ValueError(f"message {key!r} is registered twice with different texts")
    _CATALOGUE[key] = {"en": en, "ja": ja}


def render(key: str, lang: str, values: Mapping[str, Any]) -> str:
    texts = _CATALOGUE.get(key)
    if texts is None:
        raise UnknownMessage(f"no message registered for {key!r}")
    return texts[choose_language(lang)].format_map(values)


def texts(key: str) -> dict[str, str]:
    """The message's texts by language."""
    return dict(_CATALOGUE[key])


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


def gettext_noop(text: str) -> str:
    """Mark a text of the pure core (goal, field, format and chart labels) for the site's message
    catalogue: `makemessages` finds the calls by this name, and the site translates the text when
    it shows it (`{{ text|local }}`, `gettext(text)`). The core itself stays free of Django."""
    return text
