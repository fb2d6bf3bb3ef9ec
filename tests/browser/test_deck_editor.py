"""The deck pages in a real browser: build, break and fix, share, build without an account, simulate."""

from __future__ import annotations

import time

import pytest
from django.urls import reverse

from tests.browser.pages import (
    open_own_deck,
    search,
    sign_in_new_user,
    start_a_drawn_goal,
    wait_for_count,
    wait_for_version,
)
from tests.decks import factories
from tests.goldfish.conftest import play_indexes

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_build_a_legal_dbscg_deck_from_search_results(live_server, new_page, shoot):
    factories.load_dbscg()
    page = new_page()
    sign_in_new_user(page, live_server, "builder")
    page.goto(live_server.url + reverse("decks:new"))
    page.select_option("#id_game", "dbscg")
    page.fill("#id_name", "Browser-built deck")
    page.click("form.panel button[type=submit]")
    wait_for_version(page, 1)
    shoot(page, "empty-editor")

    search(page, "TS1-001")
    page.click("button[value='leader:TS1-001']")
    wait_for_count(page, "leader", "TS1-001", 1)
    for n in range(2, 15):
        number = f"TS1-{n:03d}"
        page.keyboard.press("/")
        search(page, number)
        page.keyboard.press("Enter")  # Enter adds the first result
        wait_for_count(page, "main", number, 1)
        page.focus(f".entry[data-zone='main'][data-number='{number}']")
        page.keyboard.press("4")  # a digit sets the focused card's copies
        wait_for_count(page, "main", number, 4)
    wait_for_version(page, 2)  # the whole build is one draft version
    shoot(page, "deck-built")
    page.wait_for_selector("#legality-panel .legal-status[data-legal='true']")
    assert "Legal in ZENKAI" in page.inner_text("#legality-panel")
    assert page.inner_text("#deck-panel .zone[data-zone='main'] .zone-size") == "(52)"
    shoot(page, "legal")


def test_a_fifth_copy_shows_a_violation_that_goes_away_when_removed(live_server, new_page, shoot):
    page, _ = open_own_deck(live_server, new_page, "counter", "Four of each")
    page.wait_for_selector("#legality-panel .legal-status[data-legal='true']")
    shoot(page, "legal")

    entry = ".entry[data-zone='main'][data-number='TS1-002']"
    page.click(f"{entry} button[aria-label='One copy more of TS1-002']")
    wait_for_count(page, "main", "TS1-002", 5)
    page.wait_for_selector(f"{entry} .violation[data-code='copy_limit']")
    page.wait_for_selector("#legality-panel .legal-status[data-legal='false']")
    assert "Remove 1 copy of TS1-002" in page.inner_text("#legality-panel")
    shoot(page, "fifth-copy-violation")

    page.click(f"{entry} button[aria-label='One copy fewer of TS1-002']")
    wait_for_count(page, "main", "TS1-002", 4)
    page.wait_for_selector("#legality-panel .legal-status[data-legal='true']")
    assert page.locator(f"{entry} .violation").count() == 0
    shoot(page, "fixed")


def test_share_a_deck_and_open_the_link_without_a_session(live_server, new_page, shoot):
    page, deck = open_own_deck(live_server, new_page, "sharer", "Shared deck")
    page.click("details.settings summary")
    page.select_option("#id_visibility", "unlisted")
    page.click("details.settings form.panel button[type=submit]")
    page.wait_for_selector(".message.success")
    shoot(page, "made-unlisted")
    link = page.get_attribute(".deck-links a:has-text('Share link')", "href")

    stranger = new_page()
    stranger.goto(live_server.url + link)
    assert "Shared deck" in stranger.inner_text("h1")
    assert "TS1-002" in stranger.inner_text(".shared-deck")
    assert stranger.get_attribute("meta[property='og:image']", "content").endswith("/deck.png")
    assert "Sign in" in stranger.inner_text(".site-header")
    shoot(stranger, "opened-without-session")
    image = stranger.request.get(live_server.url + reverse("decks:image", args=[deck.code]))
    assert image.headers["content-type"] == "image/png"


def test_build_and_share_a_dreadnought_deck_without_an_account(live_server, new_page, shoot):
    factories.load_dreadnought()
    page = new_page()
    page.goto(live_server.url + reverse("decks:build", args=["dreadnought"]))
    shoot(page, "empty-builder")

    def add(number: str, zone: str) -> None:
        before = page.get_attribute("#deck-state", "data-code")
        search(page, number)
        page.click(f"button[value='{zone}:{number}']")
        page.wait_for_function(
            "before => document.querySelector('#deck-state').dataset.code !== before", arg=before
        )

    add("TD-C01", "casters")
    add("TD-C02", "casters")
    for number in ("TD-U01", "TD-U02", "TD-U03"):
        add(number, "main")
    page.focus(".entry[data-zone='main'][data-number='TD-U02']")
    page.keyboard.press("3")
    page.wait_for_selector(".entry[data-number='TD-U02'][data-count='3']")
    page.wait_for_selector("#legality-panel .legal-status[data-legal='false']")
    assert "?c=" in page.url  # the address bar holds the deck
    shoot(page, "built-without-account")

    stranger = new_page()
    stranger.goto(page.url)
    for number in ("TD-C01", "TD-C02", "TD-U01", "TD-U02", "TD-U03"):
        stranger.wait_for_selector(f"#deck-panel .entry[data-number='{number}']")
    assert stranger.get_attribute(".entry[data-number='TD-U02']", "data-count") == "3"
    shoot(stranger, "opened-from-link")


def test_run_a_simulation_and_watch_the_progress_bar_reach_the_results(
    live_server, new_page, shoot, monkeypatch
):
    from decklab.goldfish import services as goldfish_services
    from decklab.goldfish.models import SimulationRun

    # No worker here: the test plays the chunks itself, one at a time, while the page polls.
    monkeypatch.setattr(goldfish_services.queue, "_send", lambda messages: None)
    goldfish_services.plans._cached_plan.cache_clear()
    page, _ = open_own_deck(live_server, new_page, "simulator", "Goldfish")
    start_a_drawn_goal(page)
    shoot(page, "queued")

    run = SimulationRun.objects.get()
    for index in range(run.chunks_total):
        play_indexes(run, index)
        time.sleep(1.2)  # let the 1 s poll show the bar moving
        if index == 0:
            shoot(page, "progress")
    page.wait_for_selector("#simulation .notice.ok:has-text('Done')")
    page.wait_for_selector("#simulation table.results")
    assert "Exact" in page.inner_text("#simulation table.results")
    shoot(page, "results")
