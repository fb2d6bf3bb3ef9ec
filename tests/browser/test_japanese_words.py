"""DeckLab's own words in Japanese in a real browser: a deck's history with its automatic notes,
and the goldfish form's choices, at desktop and phone widths (screenshots for a person to look at)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from decklab.decks import services
from tests.browser.pages import PASSWORD, PHONE, context, sign_in
from tests.decks import factories

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 900}, PHONE], ids=["1280", "390"])
def test_history_notes_and_goal_choices_read_in_japanese(browser, live_server, shoot, viewport):
    factories.load_dbscg()
    owner = factories.make_user("yomu", PASSWORD)
    deck = services.deck_create(owner=owner, game="dbscg", name="赤", zones=factories.LEGAL_DBSCG)
    services.deck_edit(deck=deck, action="add", zone="main", number="TS1-002", count=-1)
    services.deck_close_draft(deck=deck)
    services.deck_revert(deck=deck, number=1, expected_version=deck.version)
    made = context(browser, locale="ja-JP", viewport=viewport)
    page = made.new_page()
    sign_in(page, live_server, "yomu")
    page.goto(live_server.url + reverse("decks:history", args=[deck.pk]))
    history = page.inner_text("main")
    assert (
        "v1に戻す" in history
        and "-1 TS1-002 Test Fighter 1（メイン）" in history
        and "作成" in history
    )
    assert "revert to" not in history
    shoot(page, "history")
    page.goto(live_server.url + reverse("goldfish:new") + "?game=dbscg")
    play = page.locator("select[name='drawn-play'] option")
    assert play.all_inner_texts() == ["先攻", "後攻"]
    page.click("details.field:has(textarea[name='goals_json']) > summary")
    page.fill("textarea[name='goals_json']", "[{")
    page.fill("textarea[name='decklist']", "4 TS1-002")
    with page.expect_navigation():
        page.locator("form:has(textarea[name='goals_json']) > button[type=submit]").click()
    assert "1行目3文字目" in page.inner_text("main")
    shoot(page, "json-refused")
    made.close()
