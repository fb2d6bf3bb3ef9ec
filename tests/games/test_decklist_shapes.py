"""Other sites' decklist shapes read where unambiguous (`SB:` lines, `Sideboard`, `4x Name`), and the
export shapes: plain, Japanese recipe, Markdown, CSV."""

from __future__ import annotations

import csv
import io

from cards.games import decklist
from cards.games.registry import get_game
from tests.games.shipped import read, shipped_cards


def two_cards(slug: str):
    first, second = shipped_cards(slug)[:2]
    return first, second


def test_sb_lines_and_a_sideboard_section_go_to_the_side_deck():
    main, side = two_cards("gundam_war")
    text = f"4x {main.number}\nSB: 2 {side.number}\n\nSideboard\n1x {main.number}\n"
    deck, problems = read("gundam_war", text)
    assert not problems
    assert deck.quantities() == {"main": {main.number: 4}, "side": {side.number: 2, main.number: 1}}


def test_an_sb_line_in_a_game_without_a_sideboard_is_refused_not_guessed():
    card, _ = two_cards("dreadnought")
    deck, problems = read("dreadnought", f"SB: 1 {card.number}\n")
    assert problems and not any(deck.quantities().values())


def test_export_shapes_hold_the_same_cards():
    game = get_game("gundam_war")
    main, side = two_cards("gundam_war")
    deck, _ = read("gundam_war", f"3 {main.number}\nSide\n2 {side.number}\n")
    recipe = decklist.export_as(game, deck, "recipe")
    assert f"【メイン】3枚\n{main.name} ×3" in recipe and f"{side.name} ×2" in recipe
    markdown = decklist.export_as(game, deck, "markdown")
    assert "## Main (3)" in markdown and f"- 3 × {main.number} {main.name}" in markdown
    rows = list(csv.reader(io.StringIO(decklist.export_as(game, deck, "csv"))))
    assert rows[0] == ["zone", "count", "number", "name"]
    assert ["side", "2", side.number, side.name] in rows
    assert decklist.export_as(game, deck, "text") == decklist.export(game, deck)
    again, problems = read("gundam_war", decklist.export_as(game, deck, "text"))
    assert not problems and again.quantities() == deck.quantities()
