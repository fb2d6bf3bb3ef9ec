"""Gundam War deck rules in DeckLab's words (`/rules/gundam_war/`)."""

from cards.games.ruletext import Rule, Section

SECTIONS = (
    Section(
        "3.1",
        en="Deck construction (format Standard)",
        ja="デッキ構築（スタンダード）",
        rules=(
            Rule(
                "3.1.1",
                en="The main deck has exactly 50 cards; a side deck is empty or exactly 10. The "
                "limits below count both together.",
                ja="メインデッキはちょうど50枚。サイドデッキは0枚かちょうど10枚。"
                "以下の枚数制限はメインとサイドを合わせて数える。",
            ),
            Rule(
                "3.1.2",
                en="Up to 3 cards of the same name, the model number being part of the name. "
                "Basic G have no limit.",
                ja="同名カード（型番を含む）は3枚まで。基本Gは制限なし。",
            ),
            Rule(
                "3.1.3",
                en="Up to 6 special G in total.",
                ja="特殊Gは合計6枚まで。",
            ),
            Rule(
                "3.1.4",
                en="Up to 3 cards with ユニーク in total, whatever their names.",
                ja="「ユニーク」を持つカードは名前を問わず合計3枚まで。",
            ),
            Rule(
                "3.1.5",
                en="A card marked 1枚制限/デッキ shares the deck with no other card of its name, "
                "model number aside.",
                ja="「1枚制限/デッキ」のカードは、型番を除いた同名カードを他に入れられない。",
            ),
            Rule(
                "3.1.6",
                en="Colours may be mixed freely.",
                ja="色は自由に混ぜてよい。",
            ),
        ),
    ),
    Section(
        "3.2",
        en="Community regulations",
        ja="コミュニティ大会のレギュレーション",
        note_en="Each community tournament regulation is a format of its own: its deck and side "
        "sizes, copy limit, usable sets, and banned and limited cards.",
        note_ja="コミュニティ大会のレギュレーションはそれぞれ独立したフォーマット。"
        "デッキとサイドの枚数、同名の上限、使用可能な弾、禁止カードと制限カードを定める。",
    ),
)
