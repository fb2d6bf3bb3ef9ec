"""Phones at 390 px, in English and Japanese: the goldfish run page's probability-by-turn chart is
whole on screen, and a deck row's buttons stay on one line however long the card's Japanese name."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from cards.importers import import_path
from cards.shipped import DATA
from decklab.decks.services import deck_create
from tests.browser.conftest import TIMEOUT_MS
from tests.browser.pages import PHONE, sign_in_new_user
from tests.goldfish.conftest import played_turn_run

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(params=["en", "ja"])
def phone(request, browser):
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, locale=request.param
    )
    context.set_default_timeout(TIMEOUT_MS)
    yield context.new_page()
    context.close()


def test_the_probability_by_turn_chart_is_whole_on_a_phone(live_server, phone, shoot, monkeypatch):
    page = phone
    sign_in_new_user(page, live_server, "charter")
    owner = get_user_model().objects.get(username="charter")
    run = played_turn_run(owner, monkeypatch, turns=6, trials=2000)
    page.goto(live_server.url + reverse("goldfish:run", args=[run.pk]))
    chart = page.locator(".turn-chart svg.chart")
    chart.scroll_into_view_if_needed()
    shoot(page, "run-page")
    box = chart.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    # Nothing of the figure is hidden in a scroll box either: the chart is drawn within its width.
    hidden = page.evaluate(
        "() => { const f = document.querySelector('.turn-chart'); return f.scrollWidth - f.clientWidth; }"
    )
    assert hidden <= 1
    legend_fits(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def legend_fits(page) -> None:
    """Every line of the charts' legends is whole on screen: a long goal wraps, nothing is cut."""
    legends = page.locator(".chart-legend li")
    assert legends.count() >= 1
    width = page.viewport_size["width"]
    for index in range(legends.count()):
        line = legends.nth(index)
        box = line.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 1, box
        assert line.evaluate("li => li.scrollWidth <= li.clientWidth + 1")


def test_a_long_japanese_name_keeps_the_row_buttons_on_one_line(live_server, phone, shoot):
    import_path("blade_rondo", DATA / "blade_rondo" / "cards.csv")
    page = phone
    sign_in_new_user(page, live_server, "longnames")
    owner = get_user_model().objects.get(username="longnames")
    # The longest names of the shipped cards, in the set format and in the free one (its Swap too).
    from cards.models import Card

    longest = sorted(
        Card.objects.filter(game="blade_rondo").values_list("number", "name"),
        key=lambda card: -len(card[1]),
    )[:4]
    for format_slug in ("set", "free"):
        deck = deck_create(
            owner=owner,
            game="blade_rondo",
            name=f"Long names ({format_slug})",
            format=format_slug,
            zones={
                "pool": {number: 2 for number, _ in longest},
                "dealt": {longest[0][0]: 1},
            },
        )
        page.goto(live_server.url + reverse("decks:editor", args=[deck.pk]))
        rows = page.locator(".entry[data-zone='pool'] .row-form")
        rows.first.scroll_into_view_if_needed()
        shoot(page, f"rows-{format_slug}")
        assert rows.count() == len(longest)
        # A row is three short lines (name, its facts on one line, buttons), however many set
        # decks hold the card; its copies read "2×", never into a number of digits ("2 11").
        for entry in page.locator(".entry[data-zone='pool']").all():
            line = entry.locator(".entry-line")
            assert line.bounding_box()["height"] <= 100, line.inner_text()
            after = entry.locator(".count").evaluate("c => getComputedStyle(c, '::after').content")
            assert after == '"×"'
        for index in range(rows.count()):
            tops = rows.nth(index).evaluate(
                "form => [...form.querySelectorAll('input:not([type=hidden]):not([type=radio]), button, label')]"
                ".filter(e => e.getBoundingClientRect().width > 1)"
                ".map(e => Math.round(e.getBoundingClientRect().top))"
            )
            assert max(tops) - min(tops) <= 4, (format_slug, longest[index], tops)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_editor_with_a_history_of_noted_versions_fits_a_phone(live_server, phone, shoot):
    """Versions with long notes fill the goldfish panel's "Compare with" menu: on a phone the menu
    shrinks to the screen, the summary bar stays on it, and the keyboard help is not shown."""
    from decklab.decks.services import deck_close_draft, deck_edit
    from tests.decks import factories

    factories.load_dbscg()
    page = phone
    sign_in_new_user(page, live_server, "historian")
    owner = get_user_model().objects.get(username="historian")
    deck = deck_create(owner=owner, game="dbscg", name="Noted", zones=factories.LEGAL_DBSCG)
    for number in range(2, 6):
        deck_edit(deck=deck, action="add", zone="main", number=f"TS1-{number:03d}", count=1)
        deck_close_draft(
            deck=deck,
            note=f"Version {number}: one more TS1-{number:03d} for the long late game against "
            "control decks, cutting a two-drop that never found its target (long note)",
        )
        deck.refresh_from_db()
    page.goto(live_server.url + reverse("decks:editor", args=[deck.pk]))
    # The secondary panels start folded to their headings: the page is the deck, not ~6,500 px.
    shoot(page, "editor-folded")
    for panel in ("#stats-panel", "#import-export", "#goldfish"):
        assert page.locator(panel).evaluate("p => p.classList.contains('folded')"), panel
    # Beside the deck's own rows the page holds the header, the search and the legality panel:
    # about 2,000 px; unfolded, the statistics, import and goldfish panels added 4,000 more.
    deck_rows = page.locator("#deck-panel").bounding_box()["height"]
    assert page.evaluate("document.documentElement.scrollHeight") - deck_rows <= 2500
    # The header's Simulate link unfolds the goldfish panel; a tap on a heading folds it back.
    page.click(".deck-links a[href='#goldfish']")
    menu = page.locator("select[name=compare]")
    assert menu.locator("option").count() >= 4
    menu.scroll_into_view_if_needed()
    shoot(page, "editor-noted-history")
    box = menu.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    bar = page.locator(".deck-summary").bounding_box()
    assert bar["x"] >= 0 and bar["x"] + bar["width"] <= PHONE["width"], bar
    assert not page.locator(".keyboard-help").is_visible()
    statistics = page.locator("#stats-panel")
    statistics.locator(".fold-toggle").click()
    assert statistics.locator(".chart").first.is_visible()
    assert statistics.locator(".fold-toggle").get_attribute("aria-expanded") == "true"
    statistics.locator("h2").click()
    assert not statistics.locator(".chart").first.is_visible()
