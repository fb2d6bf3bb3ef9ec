"""The message catalogue: every violation message in English and Japanese.

Messages are looked up by key when a violation is shown, not when it is found, so the language is
the reader's choice (`--lang ja`, `Accept-Language`, the site's language; the site and the command
line pick it in one place, `choose_language` below). Each game registers its own
messages next to its rules, always in every language and with the same placeholders: a value that
reads differently per language is passed twice with the language as suffix (`zone_en`, `zone_ja`),
and `noun` (an English plural ending) exists only in English.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
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


# ---------------------------------------------------------------------------------------------
# Texts the site translates: refusals of the pure core (goal errors and the like)


@dataclass(frozen=True)
class InLanguages:
    """A value that reads differently per language (a zone's name, a violation's message)."""

    texts: Mapping[str, str]

    def show(self, lang: str) -> str:
        return self.texts.get(choose_language(lang)) or self.texts["en"]


@dataclass(frozen=True)
class Text:
    """A text for the reader, translated when it is shown, not when it is made.

    `msgid` is marked with `gettext_noop` where it is written (so `makemessages` puts it in the
    site's catalogue) and has `%(name)s` placeholders, one per key of `values`. A value may be
    another `Text` (a field's label, a refusal inside another), `InLanguages`, or a plain value
    shown as is. `show` renders it with a `translate` function (the site's `gettext`); `str()`
    is the English text, for the command line and logs. `to_json`/`from_json` keep it in a
    database row, so a stored reason reads in whatever language its reader has.
    """

    msgid: str
    values: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if format_names(self.msgid) != set(self.values):
            raise ValueError(
                f"text {self.msgid!r} needs the values {sorted(format_names(self.msgid))}, "
                f"got {sorted(self.values)}"
            )

    def show(self, translate: Callable[[str], str] = str, lang: str = "en") -> str:
        if not self.values:
            return translate(self.msgid)
        shown = {key: _show(value, translate, lang) for key, value in self.values.items()}
        return translate(self.msgid) % shown

    def __str__(self) -> str:
        return self.show()

    def to_json(self) -> dict[str, Any]:
        return {"msgid": self.msgid, "values": {k: _to_json(v) for k, v in self.values.items()}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Text:
        return cls(data["msgid"], {k: _from_json(v) for k, v in data.get("values", {}).items()})


#: `%(name)s` and the like (any conversion), as Python's `%` operator reads them.
_FORMAT_NAME = re.compile(r"%\((\w+)\)[-#0 +]*\d*(?:\.\d+)?[a-zA-Z]")


def format_names(text: str) -> set[str]:
    """The named `%` placeholders of a text: `'%(card)s in %(zone)s'` → `{'card', 'zone'}`."""
    return set(_FORMAT_NAME.findall(text))


def _show(value: Any, translate: Callable[[str], str], lang: str) -> Any:
    if isinstance(value, Text):
        return value.show(translate, lang)
    if isinstance(value, InLanguages):
        return value.show(lang)
    return value


def _to_json(value: Any) -> Any:
    if isinstance(value, Text):
        return value.to_json()
    if isinstance(value, InLanguages):
        return {"languages": dict(value.texts)}
    return value


def _from_json(value: Any) -> Any:
    if isinstance(value, dict) and "msgid" in value:
        return Text.from_json(value)
    if isinstance(value, dict) and "languages" in value:
        return InLanguages(value["languages"])
    return value


class Explained(Exception):
    """An error whose message is for the reader: `text` is the `Text` the site shows translated,
    `str(error)` the English. Raised as `Kind(gettext_noop("... %(name)s ..."), name=value)`; the
    base of `Refusal` and of the core's lookups that fail on a reader's value (`UnknownGame`,
    `UnknownFormat`), so `reason` reads them all one way."""

    def __init__(self, msgid: str | Text, /, **values: Any):
        self.text = msgid if isinstance(msgid, Text) else Text(msgid, values)
        super().__init__(str(self.text))


class Refusal(Explained, ValueError):
    """A value the core refuses (a goal that cannot run, a value that is no speed).

    Raised as `Refusal(gettext_noop("... %(name)s ..."), name=value)`; one mechanism for every
    game's refusals.
    """


#: A value from the reader shown in a message: quoted, and cut short past this many characters.
SHOWN_VALUE = 60


def shown_value(value: Any) -> str:
    """A value the reader gave, as a refusal quotes it (`'NOPE-1'`, `2.5`), cut short."""
    text = repr(value)
    return text if len(text) <= SHOWN_VALUE else text[: SHOWN_VALUE - 1] + "…"


def reason(error: Exception) -> Text | str:
    """What an error says to the reader: an `Explained` error's `Text`, else its English message."""
    return error.text if isinstance(error, Explained) else str(error)
