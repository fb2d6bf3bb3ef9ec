"""The DRAWS◎TROIDAL beta game's fixed numbers and its battle rule (RULES.md §5.2, seed 001).

Both engines (`engine`, the readable reference, and `fast`, numpy over many games) take every
number and the outcome of every battle from here, so a rule lives in one place: `fast` turns
`battle` into a table over the two decks' cards instead of re-stating it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from cards.games.base import Deck
from cards.games.messages import Refusal, gettext_noop

#: Each player's life at the start (ライフ50). Life 0 loses.
LIFE = 50
#: Slots A–E on each side; every turn has one battle per slot.
SLOTS = 5
#: The hand is drawn up to this many cards in step ① (and drawn once at the set-up).
HAND_SIZE = 5
#: Step ③: at most this many swaps of two adjacent cards.
MAX_SWAPS = 2
#: A card that has won this many battles in a row is trashed after the battle step, without damage.
RETIRE_AT_WINS = 5
#: The beta format's deck is 60 cards (RULES.md §5.1); simulations accept other sizes, from the ten
#: cards the set-up needs up to a bound that keeps a chunk's arrays small.
MIN_DECK_SIZE = SLOTS + HAND_SIZE
MAX_DECK_SIZE = 240
#: Guard points beyond this would let games run for thousands of turns: the goal refuses them.
MAX_GUARD = 20

#: 水→火→金→木→土→水: each attribute beats the next one in the cycle.
CYCLE = ("水", "火", "金", "木", "土")
#: 陽 and 陰 destroy each other: both cards lose.
MUTUAL = frozenset({"陽", "陰"})
#: 無 (and an attribute the policy cannot see) has no advantage either way.
NEUTRAL = "無"


@dataclass(frozen=True, slots=True)
class Fighter:
    """What a card brings to a battle: the contract columns of `draws_troidal` (CONTRACT §2).

    `power` None is a card without power (it always loses); empty risk and guard count as 0.
    """

    number: str
    attribute: str
    power: int | None
    risk: int = 0
    guard: int = 0


class Outcome(IntEnum):
    """The result of one battle, seen from the first card."""

    FIRST_WINS = 0
    SECOND_WINS = 1
    BOTH_LOSE = 2

    def loses(self, side: int) -> bool:
        """Whether the card of `side` (0 first, 1 second) loses this battle."""
        return self is not (Outcome.FIRST_WINS if side == 0 else Outcome.SECOND_WINS)


def beats(attribute: str, other: str) -> bool:
    """Whether `attribute` has the advantage over `other` in the five-attribute cycle."""
    if attribute not in CYCLE or other not in CYCLE:
        return False
    return CYCLE[(CYCLE.index(attribute) + 1) % len(CYCLE)] == other


def battle(first: Fighter, second: Fighter) -> Outcome:
    """One battle of two facing cards (step ⑤).

    陽 against 陰 destroys both whatever the powers. A card without power loses even against power
    0 and even with the attribute advantage (two such cards both lose). Otherwise the attribute
    advantage wins; without one the higher power wins, and equal powers both lose.
    """
    if {first.attribute, second.attribute} == MUTUAL:
        return Outcome.BOTH_LOSE
    if first.power is None or second.power is None:
        if first.power is None and second.power is None:
            return Outcome.BOTH_LOSE
        return Outcome.SECOND_WINS if first.power is None else Outcome.FIRST_WINS
    if beats(first.attribute, second.attribute):
        return Outcome.FIRST_WINS
    if beats(second.attribute, first.attribute):
        return Outcome.SECOND_WINS
    if first.power == second.power:
        return Outcome.BOTH_LOSE
    return Outcome.FIRST_WINS if first.power > second.power else Outcome.SECOND_WINS


def arrangements() -> tuple[tuple[int, ...], ...]:
    """Every order of the five slots reachable with at most two adjacent swaps (step ③).

    Entry `k` of an arrangement is the slot whose card moves into slot `k`. The identity comes
    first, then the single swaps, then the pairs, each order once: 14 in all. Policies pick among
    these, so "at most two adjacent swaps" is enforced here and nowhere else.
    """
    identity = tuple(range(SLOTS))
    found = {identity: 0}
    layer = [identity]
    for depth in range(1, MAX_SWAPS + 1):
        following = []
        for order in layer:
            for left in range(SLOTS - 1):
                swapped = list(order)
                swapped[left], swapped[left + 1] = swapped[left + 1], swapped[left]
                key = tuple(swapped)
                if key not in found:
                    found[key] = depth
                    following.append(key)
        layer = following
    return tuple(sorted(found, key=lambda order: (found[order], order)))


ARRANGEMENTS = arrangements()


def fighters(deck: Deck, zone: str = "main") -> tuple[Fighter, ...]:
    """The deck's cards one per copy, in decklist order; `ValueError` for a card no engine can play.

    Negative risk or guard, or more guard than `MAX_GUARD`, is refused with a message naming the
    card, as is a deck smaller than the set-up needs or too large to simulate.
    """
    cards: list[Fighter] = []
    for entry in deck.entries(zone):
        fighter = Fighter(
            number=entry.card.number,
            attribute=entry.card["attribute"] or NEUTRAL,
            power=entry.card["power"],
            risk=entry.card["risk"] or 0,
            guard=entry.card["guard"] or 0,
        )
        if fighter.risk < 0 or not 0 <= fighter.guard <= MAX_GUARD:
            raise Refusal(
                gettext_noop("%(card)s: risk must be 0 or more and guard from 0 to %(guard)d."),
                card=entry.card.label,
                guard=MAX_GUARD,
            )
        cards.extend([fighter] * entry.count)
    if not MIN_DECK_SIZE <= len(cards) <= MAX_DECK_SIZE:
        raise Refusal(
            gettext_noop(
                "The deck holds %(count)d cards; a simulated game needs %(least)d to %(most)d "
                "(%(slots)d turned up at the set-up and %(hand)d drawn first)."
            ),
            count=len(cards),
            least=MIN_DECK_SIZE,
            most=MAX_DECK_SIZE,
            slots=SLOTS,
            hand=HAND_SIZE,
        )
    return tuple(cards)
