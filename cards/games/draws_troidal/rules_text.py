"""DRAWS◎TROIDAL deck rules in DeckLab's words (`/rules/draws_troidal/`)."""

from cards.games.ruletext import Section

SECTIONS = (
    Section(
        "5.1",
        en="Format β",
        ja="β版",
        note_en="A deck has exactly 60 cards. The beta rules set no limit on copies.",
        note_ja="デッキはちょうど60枚。β版のルールには同名カードの枚数制限はない。",
    ),
)
