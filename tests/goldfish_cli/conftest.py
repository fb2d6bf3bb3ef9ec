"""The goldfish command's test cards, deck and goal (also used by the i18n tests)."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from cards.importers import import_cards

#: A leader and four battle cards (facts made up for the tests).
CARDS = (
    "number,name,type,colors,energy_cost,specified_cost,keywords\n"
    "CLI-001,Cli Leader,Leader,Red,,,\n"
    "CLI-002,Cli Striker,Battle,Red,2,R,\n"
    "CLI-003,Cli Guard,Battle,Blue,1,,\n"
    "CLI-004,Cli Ball,Battle,Red,1,,Dragon Ball\n"
    "CLI-005,Cli Filler,Battle,Green,1,,\n"
)


DECKLIST = "Leader\n1 CLI-001\nMain\n4 CLI-002\n4 CLI-003\n4 CLI-004\n38 CLI-005\n"


DRAWN = {"type": "drawn", "cards": ["CLI-002"], "at_least": 1, "turn": 3, "play": "first"}


@pytest.fixture
def deck_file(tmp_path):
    import_cards("dbscg", CARDS.encode(), "cards.csv")
    path = tmp_path / "deck.txt"
    path.write_text(DECKLIST, encoding="utf-8")
    return str(path)


def refused(*args: str) -> str:
    with pytest.raises(CommandError) as error:
        call_command("goldfish", *args, stdout=io.StringIO())
    assert error.value.returncode == 2
    return str(error.value)
