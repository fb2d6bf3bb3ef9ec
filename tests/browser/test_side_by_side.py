"""The history's "Simulate both side by side": one click runs two versions of a deck (or a version
and another deck) on the goldfish form's defaults in a real Celery worker and lands on the
side-by-side page with both estimates, their difference and its interval; the goals can be changed
there and both run again. Desktop and phone."""

from __future__ import annotations

import pytest
from django.urls import reverse

from decklab.decks.services import deck_create, deck_save
from tests.browser.pages import own_deck
from tests.decks import factories

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def see_the_difference(page) -> str:
    page.wait_for_url("**/side-by-side?*")
    page.wait_for_selector(".run-compare .compare-table .diff-value", timeout=90_000)
    table = page.inner_text(".run-compare .compare-table")
    page.wait_for_selector(".run .notice.ok >> nth=1")  # each run's own results have come in too
    assert "points" in table and ("beyond chance" in table or "too close" in table)
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    return table


def test_two_versions_simulated_side_by_side_in_one_click(
    live_server, sized_page, shoot, start_worker
):
    start_worker()
    page = sized_page
    deck = own_deck(live_server, page, "versions")
    fewer = {**factories.LEGAL_DBSCG["main"], "TS1-002": 1, "TS1-003": 7}
    deck_save(deck=deck, zones={**factories.LEGAL_DBSCG, "main": fewer}, expected_version=1)
    page.goto(live_server.url + reverse("decks:history", args=[deck.pk]) + "?a=1&b=2")
    page.wait_for_selector(".diff")
    shoot(page, "history-diff")
    page.get_by_role("button", name="Simulate both side by side").click()
    table = see_the_difference(page)
    assert "Fast hands (version 2)" in table and "Fast hands (version 1)" in table
    shoot(page, "side-by-side")

    # The goals came back in the form: change the turn and run both again.
    form = page.locator("form.goals")
    assert form.locator("input[name=goal]:checked").count() == 1
    form.locator("input[name=drawn-turn]").fill("4")
    form.locator("input[name=seed]").fill("11")
    form.get_by_role("button", name="Run both").click()
    page.wait_for_url("**/side-by-side?*")
    see_the_difference(page)
    assert page.input_value("form.goals input[name=drawn-turn]") == "4"
    assert "the same seed (11)" in page.inner_text("main")
    shoot(page, "run-again")


def test_a_version_and_another_deck_simulated_side_by_side_in_one_click(
    live_server, sized_page, shoot, start_worker
):
    start_worker()
    page = sized_page
    deck = own_deck(live_server, page, "neighbours")
    stranger = factories.make_user("stranger", "a-long-test-password-42")
    theirs = deck_create(
        owner=stranger,
        game="dbscg",
        name="A public list with a rather long name",
        zones={**factories.LEGAL_DBSCG, "main": {**factories.LEGAL_DBSCG["main"], "TS1-002": 1}},
        visibility="public",
    )
    page.goto(
        live_server.url + reverse("decks:history", args=[deck.pk]) + f"?a=1&with={theirs.code}"
    )
    page.wait_for_selector(".diff")
    page.get_by_role("button", name="Simulate both side by side").click()
    table = see_the_difference(page)
    assert "A public list with a rather long name (version 1)" in table
    # The default goal (cards drawn by turn 3) draws a chart by turn in both runs: every line of
    # its legend and the goal, long as it is, wrap within the screen.
    page.wait_for_selector(".run table.results >> nth=1")
    width = page.viewport_size["width"]
    legends = page.locator(".run .chart-legend li")
    for index in range(legends.count()):
        box = legends.nth(index).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 1, box
    goals = page.locator(".run table.results th[scope=row]")
    assert goals.count() >= 2
    for index in range(goals.count()):
        box = goals.nth(index).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 1, box
    page.locator(".run-compare").scroll_into_view_if_needed()
    shoot(page, "side-by-side")
    box = page.locator(".run-compare").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"] + 1
