"""Blade Rondo deck rules in DeckLab's words (`/rules/blade_rondo/`)."""

from cards.games.ruletext import Rule, Section

SECTIONS = (
    Section(
        "4.1",
        en="What a deck is",
        ja="デッキとは",
        note_en="Blade Rondo has no deck of your own: a set deck of sword cards is shuffled, each "
        "player is dealt 15 (10 from a 24-card set) and keeps 7 of them as the hand for the whole "
        "game.",
        note_ja="ブレイドロンドには自分だけのデッキはない。セットデッキの剣カードを混ぜ、各プレイヤーに"
        "15枚（24枚のセットなら10枚）を配り、そのうち7枚をゲーム中ずっと使う手札にする。",
    ),
    Section(
        "4.2",
        en="Format Set deck",
        ja="セットデッキ",
        rules=(
            Rule(
                "4.2.1",
                en="The pool is exactly one set deck as sold, card for card, or empty when only "
                "a hand is checked.",
                ja="プールは販売されたセットデッキ1つと完全に一致すること。手札だけを確認する場合は空でよい。",
            ),
            Rule(
                "4.2.2",
                en="The dealt cards, when given, are the set deck's deal count, all from the pool.",
                ja="配札を入れる場合は、そのセットデッキの配る枚数ちょうどで、すべてプールから。",
            ),
            Rule(
                "4.2.3",
                en="The hand, when given, is exactly 7 cards, taken from the dealt cards (or the "
                "pool).",
                ja="手札を入れる場合はちょうど7枚で、配札（なければプール）から選ぶ。",
            ),
        ),
    ),
    Section(
        "4.3",
        en="Format Free construction",
        ja="フリー構築",
        note_en="The pool is 40 cards: 20 different cards, 2 copies each, from any sets; dealt "
        "cards and hand as in 4.2.",
        note_ja="プールは40枚。異なる20種を2枚ずつ、どの弾からでもよい。配札と手札は4.2と同じ。",
    ),
)
