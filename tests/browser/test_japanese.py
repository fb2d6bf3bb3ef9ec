"""The site in Japanese in a real browser: build a legal Gundam War deck end to end, read it on a
phone, and switch languages with the header's switcher signed out and in (the choice survives
signing in, and comes back on another browser). Screenshots show the Japanese glyphs (CI installs
fonts-noto-cjk)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.browser.pages import (
    PASSWORD,
    PHONE,
    context,
    sign_in,
    unique_cards,
    wait_for_count,
    wait_for_version,
)
from tests.decks import factories
from tests.i18n.conftest import load_cards

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def switch_to(page, language: str) -> None:
    page.select_option("#site-language", language)
    with page.expect_navigation():
        page.click(".language-switch button[type=submit]")


def test_build_a_gundam_war_deck_in_japanese(browser, live_server, shoot):
    load_cards()
    factories.make_user("kenta", PASSWORD)
    numbers = unique_cards(17)
    assert len(numbers) == 17
    page = context(browser, locale="ja-JP").new_page()
    sign_in(page, live_server, "kenta")
    assert page.get_attribute("html", "lang") == "ja"
    page.goto(live_server.url + reverse("decks:new"))
    assert page.inner_text("h1") == "新しいデッキ"
    page.select_option("#id_game", "gundam_war")
    page.fill("#id_name", "青単アムロ")
    page.click("form.panel button[type=submit]")
    wait_for_version(page, 1)
    editor = page.url
    assert "カードはまだありません" in page.inner_text("#deck-panel")
    shoot(page, "empty-editor-ja")

    for index, number in enumerate(numbers):
        page.fill("#search-q", number)
        page.wait_for_selector(f"#search-results .result[data-number='{number}']")
        page.click(f"button[value='main:{number}']")
        wait_for_count(page, "main", number, 1)
        page.focus(f".entry[data-zone='main'][data-number='{number}']")
        copies = 2 if index == len(numbers) - 1 else 3  # 16 × 3 + 2 = 50
        page.keyboard.press(str(copies))
        wait_for_count(page, "main", number, copies)
    page.wait_for_selector("#legality-panel .legal-status[data-legal='true']")
    legality = page.inner_text("#legality-panel")
    assert "スタンダードで使用可能です。" in legality
    assert "メイン" in page.inner_text("#deck-panel")
    shoot(page, "legal-deck-ja")

    # Break a rule: the violation is Japanese and links its rule on the rules page.
    page.focus(f".entry[data-zone='main'][data-number='{numbers[0]}']")
    page.keyboard.press("4")
    wait_for_count(page, "main", numbers[0], 4)
    page.wait_for_selector("#legality-panel .legal-status[data-legal='false']")
    link = page.locator("#legality-panel .violation .rule a").first
    assert link.get_attribute("href").startswith("/rules/gundam_war/#r3-1-")
    shoot(page, "violation-ja")
    with page.expect_navigation():
        link.click()
    assert page.inner_text("h1") == "ガンダムウォーのデッキ構築ルール"
    shoot(page, "rules-ja")

    # The recipe export and the editor on a phone.
    page.goto(editor)
    page.wait_for_selector("#export-panel .recipe", state="attached")
    assert "【メイン】51枚" in page.text_content("#export-panel .recipe")
    phone = context(browser, locale="ja-JP", viewport=PHONE).new_page()
    sign_in(phone, live_server, "kenta")
    phone.goto(editor)
    phone.wait_for_selector("#deck-panel")
    assert phone.get_attribute("html", "lang") == "ja"
    shoot(phone, "editor-phone-ja")
    phone.goto(live_server.url + reverse("cards:list", args=["gundam_war"]))
    shoot(phone, "card-list-phone-ja")

    # The switcher, signed in: English now, the profile remembers it.
    switch_to(page, "en")
    assert page.get_attribute("html", "lang") == "en"
    assert "Legality" in page.inner_text("#legality-panel")
    switch_to(page, "ja")
    assert "使用可否" in page.inner_text("#legality-panel")


def test_the_switcher_signed_out_and_the_choice_survives_sign_in(browser, live_server, shoot):
    factories.make_user("yui", PASSWORD)
    page = context(browser, locale="en-US").new_page()
    page.goto(live_server.url + reverse("cards:help", args=["dreadnought"]))
    assert page.get_attribute("html", "lang") == "en"
    switch_to(page, "ja")
    assert page.url.endswith(reverse("cards:help", args=["dreadnought"]))
    assert page.inner_text("h1") == "ドレッドノートのカード検索"
    shoot(page, "help-ja")
    sign_in(page, live_server, "yui")
    assert page.get_attribute("html", "lang") == "ja"
    assert page.inner_text("h2 >> nth=0") == "あなたのデッキ"
    shoot(page, "profile-ja")

    # Another browser, English by its settings: signing in brings Japanese back.
    other = context(browser, locale="en-US").new_page()
    other.goto(live_server.url + "/")
    assert other.get_attribute("html", "lang") == "en"
    sign_in(other, live_server, "yui")
    assert other.get_attribute("html", "lang") == "ja"
    switch_to(other, "en")
    assert other.inner_text("h2 >> nth=0") == "Your decks"


@pytest.mark.parametrize("viewport", [None, PHONE], ids=["desktop", "phone"])
def test_a_goal_naming_no_card_of_the_deck_is_refused_in_japanese(
    browser, live_server, shoot, viewport
):
    load_cards()
    factories.make_user("kenta", PASSWORD)
    decklist = "\n".join(f"3 {number}" for number in unique_cards(17))
    page = context(browser, locale="ja-JP", viewport=viewport).new_page()
    sign_in(page, live_server, "kenta")
    page.goto(live_server.url + reverse("goldfish:new") + "?game=gundam_war")
    page.fill("#decklist", decklist)
    page.fill("#drawn-cards", "NOPE-1")
    page.fill("#drawn-turn", "3")
    with page.expect_navigation():
        page.click("form.panel button[type=submit]")
    error = page.inner_text(".notice.error")
    assert "目標1（" in error and "'NOPE-1' はこのデッキのメインにありません。" in error, error
    assert "is not a card" not in error
    shoot(page, "goal-error-ja")
