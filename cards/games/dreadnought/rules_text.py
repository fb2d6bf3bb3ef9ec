"""Dreadnought deck rules in DeckLab's words, English and Japanese (`/rules/dreadnought/`)."""

from cards.games.ruletext import Rule, Section

SECTIONS = (
    Section(
        "1.1",
        en="Deck construction (format Standard)",
        ja="デッキ構築（スタンダード）",
        rules=(
            Rule(
                "1.1.1",
                en="A deck has exactly two casters, kept apart from the main deck, and the two "
                "casters must have different names.",
                ja="キャスターはちょうど2枚。メインデッキとは別に置き、2枚は異なる名前でなければならない。",
            ),
            Rule(
                "1.1.2",
                en="The main deck has exactly 50 cards; the casters do not count towards them.",
                ja="メインデッキはちょうど50枚。キャスターはこの枚数に含めない。",
            ),
            Rule(
                "1.1.3",
                en="Up to 4 copies of a name. An epithet or version does not make a new name, a "
                "suffix such as II does. A card printed with デッキ構築【N】 allows N copies.",
                ja="同名カードは4枚まで。二つ名やバージョン違いは同名として数え、「II」などの"
                "付いたカードは別名。「デッキ構築【N】」を持つカードはN枚まで入れられる。",
            ),
            Rule(
                "1.1.4",
                en="Every main-deck card's cluster condition must fit the casters' clusters: with "
                "one cluster X twice, 【X】, 【XX】, 【 】 and 【全】; with X and Y, 【X】, 【Y】, "
                "【XY】, 【YX】, 【 】 and 【全】.",
                ja="メインデッキのカードのクラスタ条件はキャスターのクラスタに合うこと。"
                "2枚とも同じクラスタXなら【X】【XX】【 】【全】、XとYなら【X】【Y】【XY】【YX】"
                "【 】【全】が使用可能。",
            ),
            Rule(
                "1.1.5",
                en="Casters go only in the casters zone, never in the main deck.",
                ja="キャスターはキャスター枠にのみ置き、メインデッキには入れられない。",
            ),
        ),
    ),
    Section(
        "1.2",
        en="Format Early (2015)",
        ja="アーリー（2015年版）",
        note_en="As 1.1, but the older cluster table: with one cluster X, 【X】, 【XX】 and 【 】; "
        "with X and Y, 【X】, 【Y】 and 【 】.",
        note_ja="1.1と同じだが、クラスタ条件は旧表を使う。同じクラスタXなら【X】【XX】【 】、"
        "XとYなら【X】【Y】【 】のみ使用可能。",
    ),
)
