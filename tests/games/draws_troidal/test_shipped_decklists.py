"""RULES.md §5.1 (the DRAWS◎TROIDAL seed `seeds/001_…`) as decklists of the shipped starter cards
→ codes, by number and by name: exactly 60 cards, and no copy limit."""

from __future__ import annotations

import pytest

from tests.games.shipped import audit, shipped_cards

GAME = "draws_troidal"
CARDS = shipped_cards(GAME)[:30]


def text(size: int, form: str) -> str:
    lines, left = [], size
    for card in CARDS:
        if left <= 0:
            break
        lines.append(f"{min(2, left)} {card.number if form == 'number' else card.name}")
        left -= min(2, left)
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("form", ["number", "name"])
@pytest.mark.parametrize(("size", "codes"), [(59, ["zone.size"]), (60, []), (61, ["zone.size"])])
def test_5_1_exactly_60_cards(form, size, codes):
    extra = "1 DT-031\n" if size > 60 else ""
    assert audit(GAME, "beta", text(min(size, 60), form) + extra) == codes


def test_5_1_no_copy_limit():
    assert audit(GAME, "beta", f"60 {CARDS[0].number}\n") == []
