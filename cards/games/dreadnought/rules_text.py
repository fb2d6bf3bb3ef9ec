"""Dreadnought deck rules in DeckLab's words, English and Japanese (`/rules/dreadnought/`)."""

from cards.games.messages import gettext_noop
from cards.games.ruletext import Rule, Section

SECTIONS = (
    Section(
        "1.1",
        en=gettext_noop("Deck construction (format Standard)"),
        rules=(
            Rule(
                "1.1.1",
                en=gettext_noop(
                    "A deck has exactly two casters, kept apart from the main deck, and the two "
                    "casters must have different names."
                ),
            ),
            Rule(
                "1.1.2",
                en=gettext_noop(
                    "The main deck has exactly 50 cards; the casters do not count towards them."
                ),
            ),
            Rule(
                "1.1.3",
                en=gettext_noop(
                    "Up to 4 copies of a name. An epithet or version does not make a new name, a "
                    "suffix such as II does. A card printed with デッキ構築【N】 allows N copies."
                ),
            ),
            Rule(
                "1.1.4",
                en=gettext_noop(
                    "Every main-deck card's cluster condition must fit the casters' clusters: with "
                    "one cluster X twice, 【X】, 【XX】, 【 】 and 【全】; with X and Y, 【X】, 【Y】, "
                    "【XY】, 【YX】, 【 】 and 【全】."
                ),
            ),
            Rule(
                "1.1.5",
                en=gettext_noop("Casters go only in the casters zone, never in the main deck."),
            ),
        ),
    ),
    Section(
        "1.2",
        en=gettext_noop("Format Early (2015)"),
        note=gettext_noop(
            "As 1.1, but the older cluster table: with one cluster X, 【X】, 【XX】 and 【 】; "
            "with X and Y, 【X】, 【Y】 and 【 】."
        ),
    ),
)
