"""The card facts a goldfish goal reads, and the cards of a deck that lack them (issue 23).

A goal computed from a fact the card data does not hold (SP of Dreadnought cards, the cost of a
Blade Rondo card) gives a number that looks like an answer and is not. Each goal type declares
the facts it reads as `Need`s: `missing` lists the deck's cards without each one, `plan` refuses a
goal when no card it reads has the fact, and otherwise the goal runs and its result names the
cards without it (`missing_facts`, one entry per fact) with what the engine used instead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cards.games.base import Card, Entry
from cards.games.messages import Refusal, Text, gettext_noop

if TYPE_CHECKING:
    from cards.games.goldfish.context import Context

#: How many cards a warning names (the count says how many more there are).
SHOWN_CARDS = 8


class NeedRefused(Refusal):
    """A goal none of whose cards has a fact it reads (`plan` names the goal)."""


def _every_goal(goal: Mapping[str, Any]) -> bool:
    return True


@dataclass(frozen=True)
class Need:
    """A card fact a goal reads.

    `fact` names it in results (`speed`, `hp`, `energy_cost`); `label` and `stand_in` (msgids)
    say it to the player: the fact, and what the engine uses for a card without it. `cards` picks
    the entries the goal reads it from (by default every card of `zone`); `when` says whether the
    goal's fields make it read the fact at all. With `refuse`, a goal none of whose cards has the
    fact is refused: every number it gave would come from the stand-in.
    """

    fact: str
    label: str
    stand_in: str
    known: Callable[[Card], bool]
    zone: str = "main"
    cards: Callable[[Context, Mapping[str, Any]], Iterable[Entry]] | None = None
    when: Callable[[Mapping[str, Any]], bool] = _every_goal
    refuse: bool = True

    def entries(self, context: Context, goal: Mapping[str, Any]) -> list[Entry]:
        if self.cards is not None:
            return list(self.cards(context, goal))
        return list(context.deck.entries(self.zone))

    def check(self, context: Context, goal: Mapping[str, Any]) -> dict[str, Any] | None:
        """The warning of the cards the goal reads without the fact (None when all have it);
        `NeedRefused` when none has it and the need refuses."""
        if not self.when(goal):
            return None
        entries = self.entries(context, goal)
        lacking = [entry.card for entry in entries if not self.known(entry.card)]
        if not lacking:
            return None
        if self.refuse and len(lacking) == len(entries):
            raise NeedRefused(
                gettext_noop(
                    "No card this goal reads has its %(fact)s in the card data, so every number "
                    "it gave would be made up (%(cards)s): add the fact to the cards first."
                ),
                fact=Text(self.label),
                cards=_listed(lacking),
            )
        return {
            "fact": self.fact,
            "label": self.label,
            "stand_in": self.stand_in,
            "cards": [card.label for card in lacking],
        }


def _listed(cards: list[Card]) -> str:
    shown = ", ".join(card.label for card in cards[:SHOWN_CARDS])
    more = len(cards) - SHOWN_CARDS
    return f"{shown} … (+{more})" if more > 0 else shown


def missing_facts(
    needs: Iterable[Need], context: Context, goal: Mapping[str, Any]
) -> list[dict[str, Any]]:
    """The warnings of a goal's needs against its deck (`NeedRefused` as `Need.check` raises it)."""
    return [warning for need in needs if (warning := need.check(context, goal)) is not None]
