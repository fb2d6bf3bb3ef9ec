"""Each game names a deck's archetype by its natural key (issue 27: the meta counts by it)."""

from cards.games.base import Card, Deck, Entry
from cards.games.registry import all_games, get_game


def _deck(**zones: list[Card]) -> Deck:
    return Deck(
        zones={zone: tuple(Entry(card, 1) for card in cards) for zone, cards in zones.items()}
    )


def test_a_dbscg_deck_is_known_by_its_leader_and_its_colours():
    leader = Card("BT1-001", "Son Goku", "Leader", {"colors": ["Blue", "Red"]})
    found = get_game("dbscg").archetype(_deck(leader=[leader]))
    assert (found.key, found.label, found.colours) == ("BT1-001", "Son Goku", ("Red", "Blue"))


def test_a_dreadnought_deck_is_known_by_its_caster_pair_in_any_order():
    one = Card("C-02", "Zeta", "キャスター", {"cluster": "青"})
    two = Card("C-01", "Alpha", "キャスター", {"cluster": "赤"})
    game = get_game("dreadnought")
    first = game.archetype(_deck(casters=[one, two]))
    assert first == game.archetype(_deck(casters=[two, one]))
    assert (first.key, first.label, first.colours) == ("C-01+C-02", "Alpha / Zeta", ("赤", "青"))


def test_a_gundam_war_deck_is_known_by_its_colour_set():
    cards = [Card(f"U-{i}", "x", "ユニット", {"color": c}) for i, c in enumerate("黒青黒")]
    found = get_game("gundam_war").archetype(_deck(main=cards))
    assert (found.key, found.colours) == ("青+黒", ("青", "黒"))


def test_a_blade_rondo_pool_is_known_by_its_set_mix():
    cards = [
        Card("1", "a", "physical", {"sets": ["B", "A"]}),
        Card("2", "b", "magical", {"sets": ["A"]}),
    ]
    assert get_game("blade_rondo").archetype(_deck(pool=cards)).key == "A+B"


def test_an_empty_deck_has_no_archetype_in_any_game():
    for game in all_games():
        assert game.archetype(Deck(zones={})).key == ""
