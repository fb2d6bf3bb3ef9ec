"""RULES.md §5.2 (seed 001): set-up, the turn's steps, damage, guard, wins, and how games end.

The games here are dealt from fixed library orders and played by `Plain`, a test policy that never
redoes, fills empty slots from the hand in order and never swaps, so each rule shows on its own.
"""

from __future__ import annotations

import random
from collections import deque

from cards.games.draws_troidal import engine
from cards.games.draws_troidal.battle import LIFE, Fighter
from cards.games.draws_troidal.engine import Result
from cards.games.draws_troidal.policy import Policy, Sight


class Plain(Policy):
    def __init__(self, deck, rng=None, redo=False):
        super().__init__(deck, rng or random.Random(0))
        self.wants_redo = redo
        self.asked: list[list[int]] = []
        self.seen_when_filling: list[list[Sight | None]] = []

    def redo(self, five):
        self.asked.append(list(five))
        return self.wants_redo

    def fill(self, hand, empty, facing):
        self.seen_when_filling.append(list(facing))
        return list(zip(empty, hand, strict=False))

    def arrange(self, field, facing):
        return (0, 1, 2, 3, 4)


def deck(*cards: Fighter, size: int = 60) -> list[Fighter]:
    """The given cards on top, then copies of the last one up to `size`."""
    return [*cards, *[cards[-1]] * (size - len(cards))]


def match(first: list[Fighter], second: list[Fighter]) -> engine.Match:
    sides = [Plain(first), Plain(second)]
    return engine.deal(sides, [range(len(first)), range(len(second))], initiative=0)


WATER = Fighter("W", "水", 5, risk=3)
FIRE = Fighter("F", "火", 9, risk=2)


def test_section_5_2_set_up_places_the_first_five_in_slots_a_to_e_then_draws_five():
    cards = [Fighter(f"N{i}", "無", i) for i in range(60)]
    game = match(cards, cards)
    player = game.players[0]
    assert [held.card for held in player.slots] == [0, 1, 2, 3, 4]
    assert player.hand == [5, 6, 7, 8, 9]
    assert len(player.library) == 50
    assert player.life == LIFE == 50


def test_section_5_2_set_up_may_be_redone_once_only():
    cards = deck(WATER)
    policy = Plain(cards, redo=True)
    order = engine.shuffled_order(policy, random.Random(3))
    assert len(policy.asked) == 1
    assert sorted(order) == list(range(60))


def test_section_5_2_a_card_set_face_down_shows_only_its_power_until_opened():
    game = match(deck(WATER), deck(FIRE))
    assert game.players[0].sight(0) == Sight(5)
    game.play_turn()
    assert game.players[0].sight(0) == Sight(5, WATER, 0)


def test_section_5_2_a_losing_card_without_guard_is_trashed_and_its_risk_is_damage():
    game = match(deck(WATER), deck(FIRE))
    assert game.play_turn() is None
    loser = game.players[1]
    assert loser.life == 50 - 5 * FIRE.risk
    assert loser.slots == [None] * 5
    assert len(loser.trash) == 5
    assert game.players[0].life == 50


def test_section_5_2_a_losing_card_with_guard_loses_a_point_stays_and_deals_no_damage():
    guarded = Fighter("G", "火", 9, risk=2, guard=1)
    game = match(deck(WATER), deck(guarded))
    game.play_turn()
    loser = game.players[1]
    assert loser.life == 50
    assert [held.guard for held in loser.slots] == [0] * 5
    game.play_turn()
    assert loser.life == 50 - 5 * guarded.risk
    assert loser.slots == [None] * 5


def test_section_5_2_a_winner_stays_and_counts_a_win():
    game = match(deck(WATER), deck(FIRE))
    game.play_turn()
    assert [held.wins for held in game.players[0].slots] == [1] * 5


def test_section_5_2_a_card_with_five_wins_in_a_row_is_trashed_after_the_battles_without_damage():
    harmless = Fighter("H", "火", 9, risk=0)
    game = match(deck(WATER), deck(harmless))
    for _ in range(4):
        game.play_turn()
    winner = game.players[0]
    assert [held.wins for held in winner.slots] == [4] * 5
    game.play_turn()
    assert winner.slots == [None] * 5
    assert len(winner.trash) == 5
    assert winner.life == 50


def test_section_5_2_a_loss_saved_by_guard_ends_the_winning_streak():
    player = engine.Player((Fighter("G", "無", 5, guard=1),) * 10, Plain([]), deque())
    player.slots[0] = engine.Slot(0, guard=1)
    for lost in (False, False, True, False):
        player.after_battle(0, lost)
    assert player.slots[0].wins == 1
    assert player.slots[0].guard == 0


def test_section_5_2_both_players_reaching_0_in_the_same_battle_is_a_draw():
    even = Fighter("E", "無", 5, risk=3)
    game = match(deck(even), deck(even))
    for player in game.players:
        player.life = 3
    assert game.play_turn() == engine.Ending(Result.DRAW, 1)


def test_section_5_2_the_player_first_brought_to_0_loses_even_if_the_other_would_be_later():
    weak, strong = Fighter("w", "無", 1, risk=3), Fighter("s", "無", 9, risk=3)
    game = match(deck(weak, strong), deck(strong, weak))
    for player in game.players:
        player.life = 3
    assert game.play_turn() == engine.Ending(Result.LOSS, 1)
    assert game.players[1].life == 3


def test_section_5_2_a_player_who_cannot_draw_loses():
    weak, strong = Fighter("w", "無", 1), Fighter("s", "無", 9)
    game = match(deck(weak, size=10), deck(strong, size=60))
    # Turn 1 and 2 use the set-up cards and the hand; turn 3 needs five draws from an empty deck.
    assert game.play() == engine.Ending(Result.LOSS, 3)


def test_section_5_2_both_players_unable_to_draw_in_the_same_turn_is_a_draw():
    even = Fighter("e", "無", 5)
    game = match(deck(even, size=10), deck(even, size=10))
    assert game.play() == engine.Ending(Result.DRAW, 3)


def test_section_5_2_initiative_passes_to_the_other_player_every_turn():
    game = match(deck(WATER, size=60), deck(Fighter("H", "火", 9, risk=0), size=60))
    assert game.initiative == 0
    game.play_turn()
    assert game.initiative == 1
    game.play_turn()
    assert game.initiative == 0


def test_section_5_2_both_players_fill_their_slots_seeing_the_other_field_before_the_step():
    game = match(deck(WATER), deck(FIRE))
    game.play_turn()  # every fire card is trashed; the water cards stay, opened
    game.play_turn()
    watcher, trashed = game.players
    # In turn 2 the water player saw five empty slots, though the fire player filled them then.
    assert watcher.policy.seen_when_filling[1] == [None] * 5
    assert trashed.policy.seen_when_filling[1] == [Sight(5, WATER, 0)] * 5
