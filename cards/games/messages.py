"""The violation messages: gettext msgids by violation key, translated from the site's catalogue.

Messages are looked up by key when a violation is shown, not when it is found, so the language is
the reader's choice (`--lang ja`, `Accept-Language`, the site's language; the site and the command
line pick it in one place, `choose_language` below). Each game registers its messages next to its
rules as English msgids (`%(name)s` placeholders) marked with `gettext_noop`, so `make messages`
puts them in `locale/ja/LC_MESSAGES/django.po` with the site's other texts; the Japanese lives
there, and `render` reads the compiled catalogue with the standard library's `gettext`, so the core
stays free of Django. A value that is itself a text of the code (`exactly 50`, a cap's `[Dragon
Ball] cards`) is passed as a `Text` and translated with the message; a value from the game's data
that reads differently per language (a zone's Japanese header name, a type's Japanese search word)
is passed with the language as suffix (`zone_en`, `zone_ja`), and the message names it once
(`%(zone)s`).
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "ja")
#: The site's message catalogues (`locale/<lang>/LC_MESSAGES/django.mo`, committed compiled).
LOCALE = Path(__file__).resolve().parents[2] / "locale"
_CATALOGUE: dict[str, str] = {}


class UnknownMessage(LookupError):
    """A message key nothing registered (a programming error, never the reader's)."""


def register(key: str, msgid: str) -> None:
    """Name a violation's message: `msgid` (marked with `gettext_noop`) is the English text, a
    `%`-format over the violation's values."""
    existing = _CATALOGUE.get(key)
    if existing is not None and existing != msgid:
        raise ValueError(f"message {key!r} is registered twice with different texts")
    _CATALOGUE[key] = msgid


@cache
def translation(lang: str) -> gettext.NullTranslations:
    """The compiled catalogue of a language (English: the msgids themselves)."""
    return gettext.translation("django", LOCALE, languages=[lang], fallback=True)


def render(key: str, lang: str, values: Mapping[str, Any]) -> str:
    msgid = _CATALOGUE.get(key)
    if msgid is None:
        raise UnknownMessage(f"no message registered for {key!r}")
    lang = choose_language(lang)
    suffix = f"_{lang}"
    translate = translation(lang).gettext
    shown = {
        **values,
        **{k.removesuffix(suffix): v for k, v in values.items() if k.endswith(suffix)},
    }
    return translate(msgid) % {k: _show(v, translate, lang) for k, v in shown.items()}


def in_language(msgid: str, lang: str) -> str:
    """A msgid of the core in a language, from the compiled catalogue (the command line's and the
    pure core's way to read what the site reads with Django's `gettext`)."""
    return translation(choose_language(lang)).gettext(msgid)


def texts(key: str) -> dict[str, str]:
    """The message's texts by language."""
    return {lang: translation(lang).gettext(_CATALOGUE[key]) for lang in LANGUAGES}


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


def listed(
    items: Sequence[Any], msgid: str = "", names: tuple[str, str] = ("first", "rest")
) -> Any:
    """Several values as one text, joined the reader's way: `a, b, c` in English, `a、b、c` in
    Japanese (or by `msgid`, a text over the two `names` such as `%(first)s or %(rest)s`; other
    names make another msgid where a list joins another way in Japanese, as a selector's `・`)."""
    if len(items) <= 1:
        return items[0] if items else ""
    first, rest = names
    return Text(msgid or _LISTED, {first: items[0], rest: listed(items[1:], msgid, names)})


_LISTED = gettext_noop("%(first)s, %(rest)s")


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
