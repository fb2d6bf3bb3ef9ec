"""DRAWS◎TROIDAL deck rules in DeckLab's words (`/rules/draws_troidal/`)."""

from cards.games.messages import gettext_noop
from cards.games.ruletext import Section

SECTIONS = (
    Section(
        "5.1",
        en=gettext_noop("Format β"),
        note=gettext_noop("A deck has exactly 60 cards. The beta rules set no limit on copies."),
    ),
)
