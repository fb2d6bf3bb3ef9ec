"""The editor never loses input: quick clicks and digit keys all land, on desktop and phone widths."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from decklab.decks import selectors
from decklab.decks.services import deck_create
from tests.browser.pages import (
    own_deck,
    sign_in_new_user,
    start_a_drawn_goal,
    unfold,
    unique_cards,
)
from tests.decks import factories

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def count_of(page, zone: str, number: str) -> str:
    return page.get_attribute(f".entry[data-zone='{zone}'][data-number='{number}']", "data-count")


def test_quick_clicks_and_digit_keys_are_all_saved(live_server, sized_page, shoot):
    page = sized_page
    deck = own_deck(live_server, page, "fasthands")
    plus = page.get_by_role("button", name="One copy more of TS1-002")
    for _ in range(8):
        plus.click()  # no waiting for the answer between clicks
    # A digit right after a "+" on another card: the "+" and the digit both apply, in order.
    page.get_by_role("button", name="One copy more of TS1-003").click()
    page.focus(".entry[data-zone='main'][data-number='TS1-003']")
    page.keyboard.press("2")
    # Clicks faster than any person: ten "+" dispatched in one go from the page itself.
    page.evaluate(
        """() => { for (let i = 0; i < 10; i++) {
            document.querySelector('.entry[data-number="TS1-004"] button[value="add:1"]').click(); } }"""
    )
    assert page.get_attribute("#editor", "aria-busy") == "true"  # the busy state shows at once
    shoot(page, "busy")
    page.wait_for_selector("#deck-status[data-kind='saved']", state="attached")
    assert page.get_attribute("#editor", "aria-busy") == "false"
    shoot(page, "saved")

    page.reload()
    assert count_of(page, "main", "TS1-002") == "12"
    assert count_of(page, "main", "TS1-003") == "2"
    assert count_of(page, "main", "TS1-004") == "14"
    deck.refresh_from_db()
    zones = selectors.current_zones(deck)["main"]
    assert (zones["TS1-002"], zones["TS1-003"], zones["TS1-004"]) == (12, 2, 14)
    # The legality panel followed the last change, not one in the middle of the burst.
    page.wait_for_selector("#legality-panel .legal-status[data-legal='false']")
    shoot(page, "reloaded")


def test_a_sitting_is_one_version_saved_with_a_note_and_compared_from_the_top_of_history(
    live_server, sized_page, shoot
):
    page = sized_page
    deck = own_deck(live_server, page, "sitter")
    plus = page.get_by_role("button", name="One copy more of TS1-005")
    plus.click()
    plus.click()
    page.wait_for_selector(".entry[data-number='TS1-005'][data-count='6']", state="attached")
    assert "draft: 2 changes" in page.inner_text("#deck-panel h2")
    page.fill(".save-version input[name=note]", "two more TS1-005")
    page.click(".save-version button")
    page.wait_for_selector(".messages >> text=Version 2 saved.")
    assert page.locator(".save-version").count() == 0  # nothing left to save
    page.get_by_role("button", name="One copy more of TS1-006").click()
    page.wait_for_selector(".save-version", state="attached")
    deck.refresh_from_db()
    assert deck.version == 3
    shoot(page, "editor-with-draft")

    page.click("text=History")
    compare = page.locator("form.compare-form")
    assert compare.bounding_box()["y"] < 600  # at the top, not below the list
    assert "two more TS1-005" in page.inner_text("table.versions")
    compare.locator("input[name=a]").fill("1")
    compare.locator("input[name=b]").fill("3")
    compare.locator("button").click()
    page.wait_for_selector(".diff")
    diff = page.inner_text(".diff")
    assert "+2 TS1-005" in diff and "+1 TS1-006" in diff
    shoot(page, "history-compare")


def test_dead_ends_lead_somewhere(live_server, sized_page, shoot, settings):
    settings.DEBUG = True  # as under `make run`
    settings.DECKLAB_DEBUG_ERROR_PAGES = False
    page = sized_page
    factories.load_dbscg()
    owner = factories.make_user("returning", "a-long-test-password-42")
    deck = deck_create(owner=owner, game="dbscg", name="Mine", zones=factories.LEGAL_DBSCG)

    page.goto(live_server.url + reverse("decks:shared", args=[deck.code]))
    assert "This page is not here" in page.inner_text("main")
    assert "URLconf" not in page.content()
    shoot(page, "private-link-404")

    editor_url = reverse("decks:editor", args=[deck.pk])
    page.goto(live_server.url + editor_url)  # signed out: sign in, then back to the deck
    page.wait_for_url(lambda url: reverse("login") + "?next=" in url)
    page.fill("#id_username", "returning")
    page.fill("#id_password", "a-long-test-password-42")
    page.click("form.panel button[type=submit]")
    page.wait_for_url(f"**{editor_url}")
    assert "Mine" in page.inner_text("h1")

    page.goto(live_server.url + reverse("cards:list", args=["dbscg"]))
    example = page.get_attribute("#q", "placeholder").removeprefix("e.g. ")
    page.fill("#q", example)
    page.press("#q", "Enter")
    page.wait_for_selector("#results a[href*='/cards/dbscg/']")
    shoot(page, "example-search")


def test_the_card_in_view_preview_links_columns_grouping_and_natural_order(
    live_server, sized_page, shoot
):
    page = sized_page
    phone = page.viewport_size["width"] < 720
    deck = own_deck(live_server, page, "viewer")
    link = page.locator(".entry[data-zone='main'][data-number='TS1-002'] a.card-link")
    assert link.get_attribute("href") == reverse("cards:detail", args=["dbscg", "TS1-002"])
    if phone:  # a long press shows the preview and does not follow the link
        link.dispatch_event("touchstart")
        page.wait_for_timeout(700)
        link.dispatch_event("touchend")
    else:
        link.hover()
    preview = page.locator("#card-preview")
    preview.wait_for(state="visible")
    assert preview.locator("figcaption").inner_text() == "Test Fighter 1"
    page.wait_for_function(
        "() => document.querySelector('#card-preview img').naturalWidth > 0"
    )  # the face (the card's facts drawn) loaded
    assert "/card/" not in page.url
    shoot(page, "preview")
    if phone:  # a touch elsewhere dismisses it
        page.locator("h1").dispatch_event("touchstart")
    else:  # so does leaving the name, and Escape
        page.mouse.move(0, 0)
    page.keyboard.press("Escape")
    preview.wait_for(state="hidden")
    # Keyboard: focusing the name shows the preview too.
    page.focus(".entry[data-number='TS1-003'] a.card-link")
    preview.wait_for(state="visible")
    assert preview.locator("figcaption").inner_text() == "Test Fighter 2"
    page.keyboard.press("Escape")

    # Columns from the game folder: type, colour, cost, power, set.
    row = page.locator(".entry[data-zone='main'][data-number='TS1-002']")
    assert row.locator(".col[data-col='cost']").inner_text() == "2"
    assert row.locator(".col[data-col='type']").inner_text() == "Battle"

    # Sort by name in number order (Fighter 2 before Fighter 10), then group by cost.
    page.select_option("#deck-panel .deck-sort", "name")
    names = page.locator(".zone[data-zone='main'] .entry .name").all_inner_texts()
    assert names[:3] == ["Test Fighter 1", "Test Fighter 2", "Test Fighter 3"]
    assert names.index("Test Fighter 9") < names.index("Test Fighter 10")
    page.select_option("#deck-panel .deck-group", "cost")
    heads = page.locator(".zone[data-zone='main'] .group-head").all_inner_texts()
    assert heads == ["1 (12)", "2 (16)", "3 (12)", "4 (12)"]
    shoot(page, "grouped-by-cost")
    # The grouping stays after a change re-renders the deck, and after a reload.
    page.get_by_role("button", name="One copy more of TS1-003").click()
    page.wait_for_selector(".entry[data-number='TS1-003'][data-count='5']", state="attached")
    assert page.locator(".zone[data-zone='main'] .group-head").count() == 4
    page.reload()
    assert page.locator(".zone[data-zone='main'] .group-head").count() == 4

    # The same preview on the shared page, and the name leads to the card page.
    deck.visibility = "unlisted"
    deck.save()
    page.goto(live_server.url + reverse("decks:shared", args=[deck.code]))
    shared_link = page.locator(".entry[data-number='TS1-004'] a.card-link")
    if phone:
        shared_link.dispatch_event("touchstart")
        page.wait_for_timeout(700)
        shared_link.dispatch_event("touchend")
    else:
        shared_link.hover()
    preview.wait_for(state="visible")
    shoot(page, "shared-preview")
    page.keyboard.press("Escape")
    page.wait_for_timeout(500)  # a later tap, not the end of the long press, follows the link
    shared_link.click()
    page.wait_for_url("**/cards/dbscg/card/TS1-004")


def test_the_editor_search_shows_the_total_and_every_result(
    live_server, sized_page, shoot, monkeypatch
):
    from decklab.decks.views import editor as views

    monkeypatch.setattr(views, "SEARCH_LIMIT", 5)  # a few cards make several pages
    page = sized_page
    own_deck(live_server, page, "seeker")
    page.fill("#search-q", "type:battle")
    page.wait_for_selector("#search-results .result-count")
    total = int(page.inner_text("#search-results .result-count").split()[0])
    assert total > 10
    while page.locator("#search-results button.more-results").count():
        shown = page.locator("#search-results .result").count()
        page.click("#search-results button.more-results")
        page.wait_for_function(
            f"() => document.querySelectorAll('#search-results .result').length > {shown}"
        )
    numbers = page.locator("#search-results .result").evaluate_all(
        "items => items.map(item => item.dataset.number)"
    )
    assert len(numbers) == len(set(numbers)) == total
    shoot(page, "all-results")
    # A result of the last page adds to the deck like the first.
    page.locator("#search-results .result").last.locator("button.add").first.click()
    page.wait_for_selector(f".entry[data-number='{numbers[-1]}']")


def test_on_a_phone_each_add_says_what_it_did_and_the_summary_stays_in_view(
    live_server, sized_page, shoot
):
    page = sized_page
    own_deck(live_server, page, "thumbs")
    page.fill("#search-q", "TS1-015")
    page.wait_for_selector("#search-results .result[data-number='TS1-015']")
    page.click("#search-results button[value='main:TS1-015']")
    page.wait_for_selector("#deck-status[data-kind='saved']")
    assert page.inner_text("#deck-status") == "TS1-015: 1 in Main"
    page.click("#search-results button[value='main:TS1-015']")
    page.wait_for_function(
        "() => document.getElementById('deck-status').textContent === 'TS1-015: 2 in Main'"
    )
    shoot(page, "feedback")
    summary = page.locator("#deck-panel .deck-summary")
    if page.viewport_size["width"] >= 720:
        assert not summary.is_visible()  # the deck and legality are in view beside the search
        return
    box = summary.bounding_box()
    assert box["y"] + box["height"] <= page.viewport_size["height"] + 1  # on screen
    assert summary.locator(".summary-size").inner_text() == "57 cards"  # all zones
    assert summary.locator(".summary-legal").inner_text() == "Legal"
    summary.locator(".summary-legal").click()
    page.wait_for_function(
        "() => { const r = document.getElementById('legality-panel').getBoundingClientRect();"
        " return r.top >= -1 && r.top < window.innerHeight; }"
    )
    shoot(page, "legality-one-tap")


def test_blade_rondo_set_deck_deal_and_hand_from_the_dealt_cards(live_server, sized_page, shoot):
    from cards.importers import import_path
    from cards.shipped import DATA

    import_path("blade_rondo", DATA / "blade_rondo" / "cards.csv")
    page = sized_page
    sign_in_new_user(page, live_server, "rondo")
    owner = get_user_model().objects.get(username="rondo")
    deck = deck_create(owner=owner, game="blade_rondo", name="Bread")
    page.goto(live_server.url + reverse("decks:editor", args=[deck.pk]))
    page.select_option(".preset-form select", label="Bread Rondo")
    page.click(".preset-form button")
    page.wait_for_selector(".zone[data-zone='pool'] .entry", state="attached")
    assert page.inner_text(".zone[data-zone='pool'] .zone-size") == "(24)"
    assert page.inner_text(".deal-button") == "Deal 10"
    page.click(".deal-button")
    page.wait_for_selector(".zone[data-zone='dealt'] .entry", state="attached")
    assert page.inner_text(".zone[data-zone='dealt'] .zone-size") == "(10)"
    dealt_row = page.locator(".zone[data-zone='dealt'] .entry").first
    number = dealt_row.get_attribute("data-number")
    dealt_row.locator("button[value='copy:hand']").click()
    page.wait_for_selector(f".zone[data-zone='hand'] .entry[data-number='{number}']")
    assert page.inner_text(".zone[data-zone='dealt'] .zone-size") == "(10)"  # still dealt
    shoot(page, "hand-from-dealt")


def test_copy_buttons_export_shapes_and_the_registration_sheet_fields(
    live_server, sized_page, shoot
):
    page = sized_page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    deck = own_deck(live_server, page, "copier")
    unfold(page, "#import-export")

    def copied(label: str) -> str:
        page.get_by_role("button", name=label).click()
        page.wait_for_selector("button.copy-button[data-done='true']")
        text = page.evaluate("navigator.clipboard.readText()")
        page.wait_for_selector("button.copy-button[data-done='true']", state="detached")
        return text

    assert copied("Copy code") == page.input_value("#deck-code")
    assert "TS1-002" in copied("Copy text")
    assert copied("Copy link") == live_server.url + reverse("decks:shared", args=[deck.code])

    recipe = page.request.get(
        live_server.url + page.get_attribute("a[href$='shape=recipe']", "href")
    )
    assert re.search(r"【メイン】\d+枚\nTest Fighter 1 ×4", recipe.text())
    csv_text = page.request.get(
        live_server.url + page.get_attribute("a[href$='shape=csv']", "href")
    ).text()
    assert csv_text.startswith("zone,count,number,name\nleader,1,TS1-001,")

    page.fill(".sheet-form input[name=player]", "Son Goku")
    page.fill(".sheet-form input[name=event]", "Store Cup")
    page.fill(".sheet-form input[name=date]", "2026-11-29")
    shoot(page, "export")
    with page.expect_response(lambda r: "sheet.pdf" in r.url) as sheet:
        page.click(".sheet-form button")
    response = sheet.value
    assert response.status == 200 and response.headers["content-type"] == "application/pdf"
    assert "event=Store+Cup" in response.url and "date=2026-11-29" in response.url


def run_the_compare(page) -> None:
    """Run one goal on the goldfish panel's pair and play its runs' chunks here (no worker: the
    tests replace `services.queue._send`), until the side-by-side compare shows the difference."""
    from decklab.goldfish import services as goldfish_services
    from decklab.goldfish.models import SimulationRun

    start_a_drawn_goal(page)
    for run in SimulationRun.objects.order_by("id"):
        while goldfish_services.play_chunks(run.pk, run.requeues).startswith("stored"):
            pass  # each call plays the chunks it claims; the run is done when none are left
    page.wait_for_selector("#simulation .compare-table .diff-value")


def test_goldfish_compare_shows_both_estimates_and_the_difference(
    live_server, sized_page, shoot, monkeypatch
):
    from decklab.goldfish import services as goldfish_services

    # No worker here: the test plays the chunks itself while the page polls.
    monkeypatch.setattr(goldfish_services.queue, "_send", lambda messages: None)
    goldfish_services.plans._cached_plan.cache_clear()
    page = sized_page
    own_deck(live_server, page, "comparer")
    page.get_by_role("button", name="One copy fewer of TS1-002").click()
    page.wait_for_selector(".entry[data-number='TS1-002'][data-count='3']", state="attached")
    page.reload()
    unfold(page, "#goldfish")
    page.select_option("select[name='compare']", "version:1")
    run_the_compare(page)
    table = page.inner_text("#simulation .compare-table")
    assert "points" in table and ("beyond chance" in table or "too close" in table)
    page.locator("#simulation .run-compare").scroll_into_view_if_needed()
    shoot(page, "goldfish-compare")
    box = page.locator("#simulation .run-compare").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"] + 1


def test_an_ambiguous_name_in_a_paste_is_picked_from_a_list(live_server, sized_page, shoot):
    from cards.importers import import_cards

    page = sized_page
    own_deck(live_server, page, "picker")
    import_cards(
        "dbscg", b"number,name,type\nTS9-001,Twin Name,Battle\nTS9-002,Twin Name,Battle\n", "t.csv"
    )
    unfold(page, "#import-export")
    page.fill("#id_decklist", "Main\n3 Twin Name\n")
    page.select_option("#id_mode", "add")
    page.click(".import-export button:has-text('Import')")
    page.wait_for_selector(".import-choices")
    page.select_option(".import-choices select[name=number]", "TS9-002")
    shoot(page, "picker")
    page.click(".import-choices button:has-text('Add 3')")
    page.wait_for_selector(".entry[data-zone='main'][data-number='TS9-002'][data-count='3']")


def test_a_replace_with_a_name_to_choose_keeps_the_deck_until_the_card_is_picked(
    live_server, sized_page, shoot
):
    """The player walk's Gundam War deck (14 main, 1 side) in Japanese: `メイン / 2 アムロ・レイ`
    (three cards share the name) with the default Replace saves nothing, keeps the text and asks
    which card; picked in the import form, the import replaces the deck and v1 stays."""
    from cards import shipped
    from cards.games.registry import get_game

    list(shipped.load_game(get_game("gundam_war"), shipped.DATA / "gundam_war"))
    page = sized_page
    sign_in_new_user(page, live_server, "amuro")
    page.context.add_cookies([{"name": "django_language", "value": "ja", "url": live_server.url}])
    numbers = unique_cards(15)
    owner = get_user_model().objects.get(username="amuro")
    zones = {"main": {number: 1 for number in numbers[:14]}, "side": {numbers[14]: 1}}
    deck = deck_create(owner=owner, game="gundam_war", name="テストデッキ", zones=zones)
    page.goto(live_server.url + reverse("decks:editor", args=[deck.pk]))
    unfold(page, "#import-export")
    assert page.input_value("#id_mode") == "replace"  # the default
    paste = "メイン\n2 アムロ・レイ"
    page.fill("#id_decklist", paste)
    page.click(".import-form button[type=submit]")
    page.wait_for_selector(".import-picks select[name='pick-2']")
    assert "デッキは変更されていません" in page.inner_text(".messages")
    assert page.input_value("#id_decklist") == paste
    assert page.input_value("#id_mode") == "replace"
    assert page.get_attribute("#deck-state", "data-version") == "1"
    deck.refresh_from_db()
    assert deck.version == 1 and selectors.current_zones(deck) == zones
    page.locator("#import-export").scroll_into_view_if_needed()
    shoot(page, "refused-replace-ja")
    box = page.locator(".import-picks select").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"] + 1

    page.select_option(".import-picks select[name='pick-2']", "青/CH-17")
    page.click(".import-form button[type=submit]")
    page.wait_for_selector(".entry[data-zone='main'][data-number='青/CH-17'][data-count='2']")
    assert "前のカードは履歴に残っています" in page.inner_text(".messages")
    shoot(page, "replaced-ja")
    deck.refresh_from_db()
    assert selectors.current_zones(deck) == {"main": {"青/CH-17": 2}}
    assert selectors.version_of(deck, 1).zones == zones


def test_a_version_compared_with_another_deck_then_simulated_side_by_side(
    live_server, sized_page, shoot, monkeypatch
):
    from decklab.goldfish import services as goldfish_services

    monkeypatch.setattr(goldfish_services.queue, "_send", lambda messages: None)
    goldfish_services.plans._cached_plan.cache_clear()
    page = sized_page
    deck = own_deck(live_server, page, "historian")
    lighter = {**factories.LEGAL_DBSCG["main"], "TS1-002": 1}
    sibling = deck_create(
        owner=deck.owner,
        game="dbscg",
        name="Blue sibling with a long name",
        zones={**factories.LEGAL_DBSCG, "main": lighter},
    )
    stranger = factories.make_user("stranger", "a-long-test-password-42")
    theirs = deck_create(
        owner=stranger,
        game="dbscg",
        name="A public list",
        zones={**factories.LEGAL_DBSCG, "main": {**lighter, "TS1-003": 2}},
        visibility="public",
    )
    page.goto(live_server.url + reverse("decks:history", args=[deck.pk]))
    other = page.locator("form.compare-other")
    other.locator("select[name=mine]").select_option(sibling.code)
    other.locator("button").click()
    page.wait_for_selector(".diff")
    diff = page.inner_text(".diff")
    assert "Blue sibling with a long name, version 1" in diff and "−3 TS1-002" in diff
    shoot(page, "with-your-deck")
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]

    other = page.locator("form.compare-other")
    other.locator("select[name=mine]").select_option("")
    other.locator("input[name=with]").fill(live_server.url + f"/d/{theirs.code}")
    other.locator("button").click()
    page.wait_for_selector(".diff >> text=A public list, version 1")
    assert "−2 TS1-003" in page.inner_text(".diff")
    shoot(page, "with-a-public-deck")

    page.get_by_role("link", name="or choose the goals first").click()
    page.wait_for_selector(".compare-ready")
    chosen = f"code:{theirs.code}:1"
    assert page.input_value("select[name='compare']") == chosen
    run_the_compare(page)
    headings = page.inner_text("#simulation")
    assert "Fast hands (version 1)" in headings and "A public list (version 1)" in headings
    page.locator("#simulation .run-compare").scroll_into_view_if_needed()
    shoot(page, "simulated-side-by-side")
    box = page.locator("#simulation .run-compare").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"] + 1


def test_a_blade_rondo_free_pool_from_a_set_deck_with_a_swap_and_pairs(
    live_server, sized_page, shoot
):
    from cards.importers import import_path
    from cards.shipped import DATA

    import_path("blade_rondo", DATA / "blade_rondo" / "cards.csv")
    page = sized_page
    sign_in_new_user(page, live_server, "freeform")
    owner = get_user_model().objects.get(username="freeform")
    deck = deck_create(owner=owner, game="blade_rondo", name="Free pool", format="free")
    page.goto(live_server.url + reverse("decks:editor", args=[deck.pk]))
    assert page.inner_text(".construction-tally") == "0/20 different cards · 0/40 cards"
    page.select_option(".preset-form select", label="Blade Rondo")
    page.click(".preset-form button")
    page.wait_for_selector(".construction[data-complete='true']", state="attached")
    assert page.inner_text(".construction-tally") == "20/20 different cards · 40/40 cards"
    shoot(page, "from-set-deck")

    # Swap 斬撃剣 (1) for 夜想剣 (21): pick "Swap" on the row, then add from the search.
    page.locator(".entry[data-zone='pool'][data-number='1'] .swap-pick").click()
    page.fill("#search-q", "夜想剣")
    page.wait_for_selector("#search-results button[value='pool:21']")
    assert "×2" in page.inner_text("#search-results button[value='pool:21']")
    page.click("#search-results button[value='pool:21']")
    page.wait_for_selector(".entry[data-zone='pool'][data-number='21'][data-count='2']")
    assert page.locator(".entry[data-zone='pool'][data-number='1']").count() == 0
    assert page.inner_text(".construction-tally") == "20/20 different cards · 40/40 cards"

    # "−2" takes the pair out: the counter says what is missing, "+" on a search result adds a pair.
    page.get_by_role("button", name="2 copies fewer of 21").click()
    page.wait_for_selector(".entry[data-zone='pool'][data-number='21']", state="detached")
    todo = page.inner_text(".construction-todo")
    assert "Add 1 more different card (2 copies each)." in todo
    shoot(page, "one-pair-short")
    page.click("#search-results button[value='pool:21']")
    page.wait_for_selector(".construction[data-complete='true']", state="attached")
    deck.refresh_from_db()
    pool = selectors.current_zones(deck)["pool"]
    assert len(pool) == 20 and set(pool.values()) == {2} and "21" in pool and "1" not in pool
    page.wait_for_selector("#legality-panel .legal-status[data-legal='true']")
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    shoot(page, "complete")
