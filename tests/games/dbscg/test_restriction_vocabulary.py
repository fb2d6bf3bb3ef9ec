"""RULES.md §2.1.8 and `deck_restriction.md` §3: each selector term, read and matched on its own,
at its boundaries; and the clauses import refuses."""

from __future__ import annotations

import pytest

from cards.games.dbscg.restriction import MAX_CLAUSE, parse_clause, parse_selector
from cards.games.schema import RowError
from tests.games.decks import cards, codes, deck

GAME = "dbscg"

(PLAIN, MULTI, UNKNOWN_COLOUR, X_COST, NO_TRAIT, LEADERISH, DARK, BALL) = cards(
    GAME,
    [
        {
            "number": "V-1",
            "name": "Plain",
            "type": "Battle",
            "colors": "Red",
            "energy_cost": "3",
            "traits": "Saiyan/Universe 7",
            "characters": "Vegeta/Cabba",
        },
        {"number": "V-2", "name": "Multi", "type": "Extra", "colors": "Red/Blue"},
        {"number": "V-3", "name": "Unknown", "type": "Battle", "colors": "Red/Unknown"},
        {"number": "V-4", "name": "X", "type": "Battle", "energy_cost": "X"},
        {"number": "V-5", "name": "Traitless", "type": "Extra", "traits": "-", "energy_cost": "0"},
        {
            "number": "V-6",
            "name": "Two sides",
            "type": "Battle",
            "traits": "Android // Universe 7",
            "characters": "Broly : Br // Broly",
        },
        {"number": "V-7", "name": "Dark", "type": "Extra", "keywords": "Dark Dragon Ball"},
        {"number": "V-8", "name": "Ball", "type": "Extra", "keywords": "Dragon Ball;Barrier"},
    ],
)


@pytest.mark.parametrize(
    ("selector", "card", "matches"),
    [
        ("type=Battle", PLAIN, True),
        ("type=battle", PLAIN, True),  # folded
        ("type!=Battle", PLAIN, False),
        ("trait=Universe 7", PLAIN, True),
        ("trait=Universe", PLAIN, False),  # exact
        ("trait~Universe", PLAIN, True),  # substring
        ("trait!~Universe", NO_TRAIT, True),  # `-` is no trait
        ("trait!=Saiyan", NO_TRAIT, True),
        ("trait=Universe 7", LEADERISH, True),  # ` // ` counts as `/`
        ("char=Cabba", PLAIN, True),  # one of several characters
        ("char=Broly", LEADERISH, True),
        ("char=Broly : Br", LEADERISH, True),
        ("char=Veg", PLAIN, False),
        ("color=Red", MULTI, True),
        ("color!=Red", MULTI, False),
        ("color!=Red", X_COST, True),  # no colour at all
        ("multicolor", MULTI, True),
        ("multicolor", UNKNOWN_COLOUR, False),  # `Unknown` is not a colour
        ("!multicolor", PLAIN, True),
        ("cost<=3", PLAIN, True),
        ("cost<=2", PLAIN, False),
        ("cost>=3", PLAIN, True),
        ("cost>=4", PLAIN, False),
        ("cost<=99", X_COST, False),  # X never matches, in either direction
        ("cost>=0", X_COST, False),
        ("cost>=0", MULTI, False),  # nor does a blank cost
        ("kw=Dragon Ball", BALL, True),
        ("kw=Dragon Ball", DARK, False),  # whole tokens only
        ("kw=Dark Dragon Ball", DARK, True),
        ("kw!=Barrier", BALL, False),
        ("type=Battle&trait!=Universe 6&char!=Vegeta", PLAIN, False),  # the exception
        ("type=Battle&cost<=3", PLAIN, True),
    ],
)
def test_a_selector_term(selector, card, matches):
    assert parse_selector(selector)(card) is matches


@pytest.mark.parametrize(
    "clause",
    [
        "only:x",
        "none:",
        "none:cost<3",
        "none:type=Battle&",
        "none:char~Broly",  # only trait takes ~
        "none:power>=3",
        "max_count:seven:kw=Dragon Ball",
        "max_count:7",
        "max_energy_cost:five",
        "zdeck_none:multicolour",
        "none:" + "type=Battle&" * MAX_CLAUSE + "multicolor",
    ],
)
def test_a_clause_import_refuses(clause):
    with pytest.raises(ValueError):
        parse_clause(clause)
    with pytest.raises(RowError):
        cards(GAME, [{"number": "L", "name": "L", "type": "Leader", "deck_restriction": clause}])


def test_a_value_may_hold_colons():
    (leader,) = cards(
        GAME,
        [
            {
                "number": "L",
                "name": "L",
                "type": "Leader",
                "deck_restriction": "none:char=Broly : Br",
            }
        ],
    )
    assert parse_clause(leader["deck_restriction"][0]).selector(LEADERISH)


(LEADER,) = cards(
    GAME,
    [
        {
            "number": "L-1",
            "name": "Leader",
            "type": "Leader",
            "deck_restriction": "max_count:2:kw=Dark Dragon Ball;zdeck_none:type=Z-Battle",
        }
    ],
)
FILLER = cards(GAME, [{"number": f"F-{i}", "name": f"F{i}", "type": "Battle"} for i in range(13)])
Z_BATTLE, Z_EXTRA = cards(
    GAME,
    [
        {"number": "Z-1", "name": "Z battle", "type": "Z-Battle"},
        {"number": "Z-2", "name": "Z extra", "type": "Z-Extra"},
    ],
)


def zenkai(*extra, zdeck=()) -> list[str]:
    main = [(card, 4) for card in FILLER] + list(extra)
    return codes(GAME, "zenkai", deck(leader=[(LEADER, 1)], main=main, zdeck=list(zdeck)))


@pytest.mark.parametrize(("copies", "expected"), [(2, []), (3, ["dbscg.leader_restriction"])])
def test_max_count_counts_copies(copies, expected):
    assert zenkai((DARK, copies)) == expected


def test_zdeck_none_looks_only_at_the_z_deck():
    assert zenkai(zdeck=[(Z_EXTRA, 4)]) == []
    assert zenkai(zdeck=[(Z_EXTRA, 4), (Z_BATTLE, 1)]) == ["dbscg.leader_restriction"]


def test_zero_padding_variants_imported_as_cards_count_together():
    padded, unpadded = cards(
        GAME,
        [
            {"number": "XD9-01", "name": "One", "type": "Battle"},
            {"number": "XD09-01_PR", "name": "One", "type": "Battle"},
        ],
    )
    assert zenkai((padded, 2), (unpadded, 2)) == []
    assert zenkai((padded, 3), (unpadded, 2)) == ["copy_limit"]
