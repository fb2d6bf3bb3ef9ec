"""Each game's deck rules as DeckLab states them, in English and Japanese, for the rules pages.

Violations cite rules by number (`§2.1.3`, `§3.2`). Every game keeps its texts in its own folder,
`cards/games/<slug>/rules_text.py`, as `SECTIONS` (its `GAME.rules_text`; `Game.rule` finds one by
number): numbered sections of numbered rules, each with both languages. The site serves them at `/rules/<slug>/` with an anchor per number, and links each
citation there. Pure Python: the command line can use it too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cards.games.messages import in_language

#: A citation inside a violation's rule text: `§2.1.3` (not `CONTRACT.md §3`, the decklist format).
CITATION = re.compile(r"(?<!CONTRACT\.md )§(\d+(?:\.\d+)*)")


@dataclass(frozen=True)
class Rule:
    number: str
    #: The rule in English, a msgid (marked with `gettext_noop`): its Japanese is in the catalogue.
    en: str

    def text(self, lang: str) -> str:
        return in_language(self.en, lang)

    @property
    def anchor(self) -> str:
        return anchor(self.number)


@dataclass(frozen=True)
class Section:
    number: str
    #: The heading in English, a msgid like a rule's.
    en: str
    rules: tuple[Rule, ...] = ()
    #: A text under the heading (a msgid), for sections that are one rule (`As 2.1, except …`).
    note: str = ""

    def text(self, lang: str) -> str:
        """The heading; a citation of a whole section reads as its heading."""
        return in_language(self.en, lang)

    @property
    def anchor(self) -> str:
        return anchor(self.number)


def anchor(number: str) -> str:
    """`2.1.3` → `r2-1-3`: the fragment of a rule on its game's page."""
    return "r" + number.replace(".", "-")


def cited(text: str) -> list[str]:
    """The rule numbers a violation's rule text cites, in order: `['2.1.3', '2.1.9']`."""
    return CITATION.findall(text or "")
