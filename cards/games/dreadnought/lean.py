"""Dreadnought lean plain-Python loops, one per benchmarked goal (`cards/games/lean.py` says
why): both decks shuffled whole each game, the speed and draw phases card by card."""

from __future__ import annotations

import random

from .contest import HAND_LIMIT, OPENING_HAND, Contest
from .goldfish import DISCARDED, TARGET, DeckOutGoal, DrawsGoal, SpeedGoal


def _cards(counts: tuple[int, ...]) -> list[int]:
    return [kind for kind, n in enumerate(counts) for _ in range(n)]


def _game(contest: Contest, mine: list[int], theirs: list[int], turns: int) -> tuple[bool, int]:
    """One game of shuffled decks up to `turns`: whether the player is first on the last turn
    (False once the game is over), and the player's cards used by then."""
    mine_left, theirs_left = contest.me.cards, contest.speed_opponent().cards
    gear = contest.gear_below if contest.gear_below is not None else -1
    slower = contest.gear_when == "slower"
    hand = mine[:OPENING_HAND] if contest.gear_below is not None else None
    used = seen = OPENING_HAND
    first = False
    for _ in range(turns):
        a, b = mine[used], theirs[seen]
        used += 1
        seen += 1
        changed = False
        while True:
            if used == mine_left or seen == theirs_left:
                return False, used
            if a == b:  # speed burn
                a, b = mine[used], theirs[seen]
                used += 1
                seen += 1
                continue
            if hand and not changed and a < gear and (slower or a < b):
                changed = True
                fastest = max(hand)
                if fastest > a:
                    hand.remove(fastest)
                    a = fastest
                    continue
            break
        first = a > b
        for me, draws in ((True, 1), (False, 2)) if first else ((False, 1), (True, 2)):
            for _ in range(draws):
                if me:
                    if hand is not None:
                        hand.append(mine[used])
                    used += 1
                    if used == mine_left:
                        return False, used
                else:
                    seen += 1
                    if seen == theirs_left:
                        return False, used
        if hand is not None:
            hand.remove(min(hand))  # set 1 burst
            while len(hand) > HAND_LIMIT:
                hand.remove(min(hand))
    return first, used


def speed(goal: SpeedGoal, rng: random.Random, trials: int) -> float:
    """P(first on the last turn) against the opponent's deck, gear changes as the goal says."""
    contest = goal.contest
    mine, theirs = _cards(contest.me.counts), _cards(contest.speed_opponent().counts)
    shuffle = rng.shuffle
    hits = 0
    for _ in range(trials):
        shuffle(mine)
        shuffle(theirs)
        if _game(contest, mine, theirs, contest.turns)[0]:
            hits += 1
    return hits / trials


def deck_out(goal: DeckOutGoal, rng: random.Random, trials: int) -> float:
    """P(the deck has run out by turn t), the order decided by the speed phase each turn."""
    contest = goal.contest
    mine, theirs = _cards(contest.me.counts), _cards(contest.speed_opponent().counts)
    deck_cards = contest.me.deck_cards
    shuffle = rng.shuffle
    hits = 0
    for _ in range(trials):
        shuffle(mine)
        shuffle(theirs)
        if _game(contest, mine, theirs, goal.turn)[1] > deck_cards:
            hits += 1
    return hits / trials


def draws(goal: DrawsGoal, rng: random.Random, trials: int) -> float:
    """Discard the keep rule's cards from the opening hand, draw as many, then each turn's
    speed card and draws: at least k targets by turn t? (HP cards and the burst are unseen: the
    cards drawn are the next ones of the shuffle.)"""
    deck = list(goal.kinds)
    later = goal.per_turn * goal.turns
    shuffle = rng.shuffle
    hits = 0
    for _ in range(trials):
        shuffle(deck)
        hand = deck[:OPENING_HAND]
        end = OPENING_HAND + hand.count(DISCARDED) + later
        if hand.count(TARGET) + deck[OPENING_HAND:end].count(TARGET) >= goal.at_least:
            hits += 1
    return hits / trials
