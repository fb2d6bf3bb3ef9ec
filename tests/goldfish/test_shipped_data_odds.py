"""Honest odds on the shipped card data (issue 23, finding 2): a goal whose facts the shipped cards
lack is refused by the API before it runs, naming the fact, instead of printing 0% or 100%; a goal
the shipped data holds the facts for runs as its form offers it, without a warning."""

from __future__ import annotations

import pytest

from cards.games.registry import get_game
from cards.shipped import DATA, load_game
from decklab.goldfish.models import SimulationRun

pytestmark = pytest.mark.usefixtures("eager_tasks")

DREADNOUGHT = "\n".join(
    ["Casters", "1 旭 レイジ", "1 恵比寿 ユイ", "Main"] + [f"4 DN-K{n:03d}" for n in range(6, 14)]
)
#: The 2006 champion deck's first cards, and the G the regulations treat as basic.
GUNDAM_WAR = "3 黒/C-55 シロッコの眼\n2 黒/U-129 ジ・オ\n20 GW-BG05 ティターンズ\n"


def shipped(slug: str) -> None:
    list(load_game(get_game(slug), DATA / slug))


def post(api, game: str, decklist: str, goal: dict, django_capture_on_commit_callbacks):
    body = {"game": game, "decklist": decklist, "goals": [goal], "trials": 500, "seed": 3}
    with django_capture_on_commit_callbacks(execute=True):
        return api.post("/api/v1/simulations", body, format="json")


@pytest.mark.parametrize("goal_type", ["speed", "deck_out"])
def test_dreadnoughts_speed_goals_are_refused_on_shipped_cards_without_sp(
    db, api, django_capture_on_commit_callbacks, goal_type
):
    shipped("dreadnought")
    response = post(
        api, "dreadnought", DREADNOUGHT, {"type": goal_type}, django_capture_on_commit_callbacks
    )
    assert response.status_code == 400
    assert "SP (speed)" in response.json()["detail"]
    assert not SimulationRun.objects.exists()


def test_dreadnoughts_drawn_runs_on_shipped_cards_and_names_the_casters_without_hp(
    db, api, django_capture_on_commit_callbacks
):
    shipped("dreadnought")
    goal = {"type": "drawn", "cards": ["スサノヲ"]}
    response = post(api, "dreadnought", DREADNOUGHT, goal, django_capture_on_commit_callbacks)
    assert response.status_code == 202, response.content
    run = api.get(f"/api/v1/simulations/{response.json()['id']}").json()
    assert [(gap["fact"], len(gap["cards"])) for gap in run["missing_facts"]] == [("hp", 2)]


@pytest.mark.parametrize("goal_type", ["mulligan", "g_in_play"])
def test_gundam_war_g_goals_run_on_the_shipped_basic_g_without_a_warning(
    db, api, django_capture_on_commit_callbacks, goal_type
):
    """Issue 23: with no G shipped, mulligan read '0% kept' and g_in_play 0%."""
    shipped("gundam_war")
    response = post(
        api, "gundam_war", GUNDAM_WAR, {"type": goal_type}, django_capture_on_commit_callbacks
    )
    assert response.status_code == 202, response.content
    run = api.get(f"/api/v1/simulations/{response.json()['id']}").json()
    assert run["status"] == "done" and run["missing_facts"] == []
