"""Dragon Ball Super Card Game deck rules in DeckLab's words (`/rules/dbscg/`)."""

from cards.games.messages import gettext_noop
from cards.games.ruletext import Rule, Section

SECTIONS = (
    Section(
        "2.1",
        en=gettext_noop("Deck construction (format ZENKAI)"),
        rules=(
            Rule(
                "2.1.1",
                en=gettext_noop("One leader card, in the leader zone."),
            ),
            Rule(
                "2.1.2",
                en=gettext_noop(
                    "The main deck has 50 to 60 cards, with no leader and no Z-card among them."
                ),
            ),
            Rule(
                "2.1.3",
                en=gettext_noop(
                    "Up to 4 copies of one card number, unless the card says otherwise."
                ),
            ),
            Rule(
                "2.1.4",
                en=gettext_noop(
                    "Up to 7 cards with [Dragon Ball] in total, in any mix; they are exempt from "
                    "the 4-copy limit."
                ),
            ),
            Rule(
                "2.1.5",
                en=gettext_noop("Up to 4 cards with [Super Combo] in total."),
            ),
            Rule(
                "2.1.6",
                en=gettext_noop("At most 1 card with [Ultimate]."),
            ),
            Rule(
                "2.1.7",
                en=gettext_noop("The Z-deck holds 0 to 7 Z-cards only, up to 4 of one number."),
            ),
            Rule(
                "2.1.8",
                en=gettext_noop(
                    "A leader that prints a deck restriction limits the deck it leads."
                ),
            ),
            Rule(
                "2.1.9",
                en=gettext_noop("Alternate prints share their card number and count together."),
            ),
            Rule(
                "2.1.10",
                en=gettext_noop(
                    "A card has a keyword only when the keyword is its own ability, not when its "
                    "text merely mentions it."
                ),
            ),
        ),
    ),
    Section(
        "2.2",
        en=gettext_noop("Format Classic (before ZENKAI)"),
        note=gettext_noop("As 2.1, but the main deck is exactly 50 cards and there is no Z-deck."),
    ),
)
