"""CONTRACT §3 as properties: any text parses without raising, and any deck survives export → parse,
in every game; every format checks any deck without raising."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cards.games import decklist, lines
from cards.games.base import Card, Deck, Entry
from cards.games.registry import GAMES, get_game

#: Card numbers as card files write them: letters, digits and the separators seen in the games.
#: A number that is a lone "x" is left out: `4 x 1` reads as 4 copies of card 1 (CONTRACT §3).
NUMBERS = st.text(
    alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcxyz0123456789-_/青赤", min_size=1, max_size=12
).filter(lambda n: not n.startswith("//") and n.casefold() != "x")
#: Names: any printable text on one line.
NAMES = st.text(
    alphabet=st.characters(
        blacklist_categories=("Cc", "Cs", "Zl", "Zp"), blacklist_characters="\x85"
    ),
    min_size=1,
    max_size=30,
).filter(lambda name: name.strip())


@st.composite
def decks(draw: st.DrawFn) -> tuple[str, list[Card], Deck]:
    game = get_game(draw(st.sampled_from(list(GAMES))))
    numbers = draw(st.lists(NUMBERS, min_size=1, max_size=8, unique_by=game.number_key))
    cards = [Card(number, draw(NAMES), "") for number in numbers]
    zones = {}
    for zone in game.zone_slugs:
        chosen = draw(st.lists(st.sampled_from(cards), unique_by=lambda c: c.number, max_size=4))
        zones[zone] = tuple(
            Entry(card, draw(st.integers(1, lines.MAX_QUANTITY))) for card in chosen
        )
    return game.slug, cards, Deck(zones=zones)


@given(slug=st.sampled_from(list(GAMES)), text=st.text(max_size=400))
@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
def test_any_text_parses_into_a_deck_and_violations_without_raising(slug, text):
    game = get_game(slug)
    pool = decklist.MemoryPool(game, [Card("BT1-001", "Goku", "Battle"), Card("12", "x2", "")])
    deck, problems = decklist.load(game, text, pool)
    assert all(problem.message() and problem.message("ja") for problem in problems)
    checked = {zone.slug for zone in game.zones if zone.checked}
    assert checked <= set(deck.zones) <= set(game.zone_slugs)


@given(decks())
@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
def test_any_deck_survives_export_then_parse(case):
    slug, cards, deck = case
    game = get_game(slug)
    again, problems = decklist.load(
        game, decklist.export(game, deck), decklist.MemoryPool(game, cards)
    )
    assert problems == []
    # An empty zone that no rule checks (DBSCG's side deck) is left out of a read deck.
    checked = {zone.slug for zone in game.zones if zone.checked}
    expected = {z: dict(q) for z, q in deck.quantities().items() if q or z in checked}
    assert again.quantities() == expected


@given(decks())
@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
def test_every_format_checks_any_deck_without_raising(case):
    slug, _, deck = case
    for fmt in get_game(slug).formats:
        for violation in fmt.check(deck):
            assert violation.message() and violation.message("ja") and violation.rule
