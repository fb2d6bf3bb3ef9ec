"""Dragon Ball Super Card Game deck rules in DeckLab's words (`/rules/dbscg/`)."""

from cards.games.ruletext import Rule, Section

SECTIONS = (
    Section(
        "2.1",
        en="Deck construction (format ZENKAI)",
        ja="デッキ構築（ZENKAI）",
        rules=(
            Rule(
                "2.1.1",
                en="One leader card, in the leader zone.",
                ja="リーダーカードを1枚、リーダー枠に置く。",
            ),
            Rule(
                "2.1.2",
                en="The main deck has 50 to 60 cards, with no leader and no Z-card among them.",
                ja="メインデッキは50〜60枚。リーダーとZカードは入れられない。",
            ),
            Rule(
                "2.1.3",
                en="Up to 4 copies of one card number, unless the card says otherwise.",
                ja="同じカード番号は4枚まで（カードに別の指定がある場合はそれに従う）。",
            ),
            Rule(
                "2.1.4",
                en="Up to 7 cards with [Dragon Ball] in total, in any mix; they are exempt from "
                "the 4-copy limit.",
                ja="［ドラゴンボール］を持つカードは合計7枚まで（組み合わせは自由）。"
                "これらは4枚制限の対象外。",
            ),
            Rule(
                "2.1.5",
                en="Up to 4 cards with [Super Combo] in total.",
                ja="［スーパーコンボ］を持つカードは合計4枚まで。",
            ),
            Rule(
                "2.1.6",
                en="At most 1 card with [Ultimate].",
                ja="［アルティメット］を持つカードは1枚まで。",
            ),
            Rule(
                "2.1.7",
                en="The Z-deck holds 0 to 7 Z-cards only, up to 4 of one number.",
                ja="Zデッキは0〜7枚で、Zカードのみ。同じ番号は4枚まで。",
            ),
            Rule(
                "2.1.8",
                en="A leader that prints a deck restriction limits the deck it leads.",
                ja="デッキ構築の条件を持つリーダーは、そのデッキにその条件を課す。",
            ),
            Rule(
                "2.1.9",
                en="Alternate prints share their card number and count together.",
                ja="パラレルなどの別版は同じカード番号として合算する。",
            ),
            Rule(
                "2.1.10",
                en="A card has a keyword only when the keyword is its own ability, not when its "
                "text merely mentions it.",
                ja="キーワードは、そのカード自身の能力である場合だけ持つとみなす。"
                "テキスト中で言及しているだけでは持たない。",
            ),
        ),
    ),
    Section(
        "2.2",
        en="Format Classic (before ZENKAI)",
        ja="クラシック（ZENKAI以前）",
        note_en="As 2.1, but the main deck is exactly 50 cards and there is no Z-deck.",
        note_ja="2.1と同じだが、メインデッキはちょうど50枚で、Zデッキは使えない。",
    ),
)
