"""`goldfish --goal` with JSON that Python's parser itself refuses exits 2 with a message."""

from __future__ import annotations

import pytest

from tests.goldfish_cli.conftest import refused

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("goal", "message"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"type": "drawn", "turn": ' + "9" * 5000 + "}", "a number with too many digits"),
    ],
)
def test_contract_5_a_goal_python_cannot_parse_exits_2(deck_file, goal, message):
    assert message in refused("--game", "dbscg", "--goal", goal, deck_file)
