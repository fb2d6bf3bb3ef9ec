"""Where a violation's rule can be read: its citations (`§2.1.3`) as anchors of the rules page.

A violation's `rule` text cites rule numbers the way CONTRACT §4 fixes it (`RULES.md, dbscg §2`).
The rules page `/rules/<game>/` has an anchor per number; `citations` finds the cited rules the
page holds, for the pages' links (`{% cite %}`) and the API's `rule_url` and `rule_text`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.urls import reverse

from cards.games import ruletext
from cards.games.registry import get_game
from cards.links import absolute


def citations(game_slug: str, rule: str) -> list[tuple[str, str, ruletext.Rule | ruletext.Section]]:
    """`(number, address on the site, rule)` of each rule the text cites that the page holds."""
    page = reverse("rules", args=[game_slug])
    game = get_game(game_slug)
    found = []
    for number in ruletext.cited(rule):
        cited = game.rule(number)
        if cited is not None:
            found.append((number, f"{page}#{cited.anchor}", cited))
    return found


def linked(game_slug: str, violations: Iterable[dict[str, Any]], lang: str) -> list[dict[str, Any]]:
    """The API's violations with where to read their rule, the contract's fields kept as they are:
    `rule_url`, the first cited rule on the rules page, and `rule_text`, the cited rules in the
    reader's language (`§2.1.3 …`). Only violations of a game's numbered rules have them; a
    decklist problem cites the decklist format (`CONTRACT.md §3`), no rule of the game."""
    out = []
    for violation in violations:
        cited = citations(game_slug, violation.get("rule", ""))
        if cited:
            violation = {
                **violation,
                "rule_url": absolute(cited[0][1]),
                "rule_text": " ".join(f"§{number} {rule.text(lang)}" for number, _, rule in cited),
            }
        out.append(violation)
    return out
