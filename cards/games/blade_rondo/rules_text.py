"""Blade Rondo deck rules in DeckLab's words (`/rules/blade_rondo/`)."""

from cards.games.messages import gettext_noop
from cards.games.ruletext import Rule, Section

SECTIONS = (
    Section(
        "4.1",
        en=gettext_noop("What a deck is"),
        note=gettext_noop(
            "Blade Rondo has no deck of your own: a set deck of sword cards is shuffled, each "
            "player is dealt 15 (10 from a 24-card set) and keeps 7 of them as the hand for the whole "
            "game."
        ),
    ),
    Section(
        "4.2",
        en=gettext_noop("Format Set deck"),
        rules=(
            Rule(
                "4.2.1",
                en=gettext_noop(
                    "The pool is exactly one set deck as sold, card for card, or empty when only "
                    "a hand is checked."
                ),
            ),
            Rule(
                "4.2.2",
                en=gettext_noop(
                    "The dealt cards, when given, are the set deck's deal count, all from the pool."
                ),
            ),
            Rule(
                "4.2.3",
                en=gettext_noop(
                    "The hand, when given, is exactly 7 cards, taken from the dealt cards (or the "
                    "pool)."
                ),
            ),
        ),
    ),
    Section(
        "4.3",
        en=gettext_noop("Format Free construction"),
        note=gettext_noop(
            "The pool is 40 cards: 20 different cards, 2 copies each, from any sets; dealt "
            "cards and hand as in 4.2."
        ),
    ),
)
