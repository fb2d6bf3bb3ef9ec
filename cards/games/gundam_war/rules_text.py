"""Gundam War deck rules in DeckLab's words (`/rules/gundam_war/`)."""

from cards.games.messages import gettext_noop
from cards.games.ruletext import Rule, Section

SECTIONS = (
    Section(
        "3.1",
        en=gettext_noop("Deck construction (format Standard)"),
        rules=(
            Rule(
                "3.1.1",
                en=gettext_noop(
                    "The main deck has exactly 50 cards; a side deck is empty or exactly 10. The "
                    "limits below count both together."
                ),
            ),
            Rule(
                "3.1.2",
                en=gettext_noop(
                    "Up to 3 cards of the same name, the model number being part of the name. "
                    "Basic G have no limit."
                ),
            ),
            Rule(
                "3.1.3",
                en=gettext_noop("Up to 6 special G in total."),
            ),
            Rule(
                "3.1.4",
                en=gettext_noop("Up to 3 cards with ユニーク in total, whatever their names."),
            ),
            Rule(
                "3.1.5",
                en=gettext_noop(
                    "A card marked 1枚制限/デッキ shares the deck with no other card of its name, "
                    "model number aside."
                ),
            ),
            Rule(
                "3.1.6",
                en=gettext_noop("Colours may be mixed freely."),
            ),
        ),
    ),
    Section(
        "3.2",
        en=gettext_noop("Community regulations"),
        note=gettext_noop(
            "Each community tournament regulation is a format of its own: its deck and side "
            "sizes, copy limit, usable sets, and banned and limited cards."
        ),
    ),
)
