"""Issue 23, "Done means": a Dreadnought player starting from the shipped data (13 cards: 8
non-caster names × 4 = 32 of the 50 the main deck needs) reaches a legal deck through the site
alone, in Japanese, at a phone's and a laptop's width: the editor says the data is incomplete, the
pasted list's unknown cards offer prefilled proposals, an editor approves them from the review
queue, and the same list then makes a legal deck."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from cards.community.models import editors_group
from cards.games.registry import get_game
from cards.shipped import DATA, load_game
from tests.browser.pages import opened, sign_in_new_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHIPPED_MAIN = [
    "スサノヲ",
    "アバドン",
    "ヘラクレス",
    "べレロフォン",
    "ラクシュミの蓮の花",
    "アレスの猛き槍",
    "レジスト",
    "ディスペル",
]
#: Cards the shipped data lacks (stand-ins: numbers and names made up for the test), with copies.
MISSING = [("DN1-101", "テスト鬼A", 4), ("DN1-102", "テスト鬼B", 4), ("DN1-103", "テスト鬼C", 4)]
MISSING += [("DN1-104", "テスト鬼D", 4), ("DN1-105", "テスト鬼E", 2)]
DECKLIST = "\n".join(
    [
        "キャスター",
        "1 旭 レイジ",
        "1 恵比寿 ユイ",
        "メイン",
        *(f"4 {name}" for name in SHIPPED_MAIN),
        *(f"{count} {number} {name}" for number, name, count in MISSING),
    ]
)


@pytest.mark.parametrize("width", ["phone", "desktop"])
def test_a_dreadnought_player_reaches_a_legal_deck_from_the_shipped_data_in_japanese(
    live_server, browser, shoot, width
):
    list(load_game(get_game("dreadnought"), DATA / "dreadnought"))
    player_context, page = opened(browser, width)
    sign_in_new_user(page, live_server, "reiji")

    # A new deck from a pasted list: the shipped cards are read, the five others are not.
    page.goto(live_server.url + reverse("decks:new") + "?game=dreadnought")
    page.select_option("#id_game", "dreadnought")
    page.fill("#id_name", "紅蓮")
    page.fill("#id_decklist", DECKLIST)
    page.click("#new-deck-form button[type=submit]:not([name=preview])")
    page.wait_for_selector("#legality-panel .legal-status[data-legal='false']")
    assert "ドレッドノートは 13 種類登録済み（全種類数は不明）。" in page.inner_text("body")
    assert page.locator("#legality-panel .missing-cards").count() == 1
    links = page.locator("ul.import-problems a.propose-card")
    assert links.count() == len(MISSING)
    proposals = [links.nth(n).get_attribute("href") for n in range(links.count())]
    shoot(page, "unknown-cards")

    # Each unknown card: the proposal form opens with its number and name filled in, in Japanese.
    for (number, name, _), address in zip(MISSING, proposals, strict=True):
        page.goto(live_server.url + address)
        assert page.input_value("#id_number") == number
        assert page.input_value("#id_name") == name
        assert page.inner_text("label[for=id_log_cost]") == "ログコスト："
        page.select_option("#id_type", "ユニット")
        page.select_option("#id_cluster", "赤")
        page.select_option("#id_size", "S")
        if number == "DN1-101":
            page.fill("#id_bp", "五十")  # a mistake, said in Japanese beside the field
            page.click("#proposal-form button[type=submit]")
            page.wait_for_selector("#proposal-form .errorlist")
            assert "整数を入力してください" in page.inner_text("#proposal-form")
            shoot(page, "error-in-japanese")
        page.fill("#id_bp", "3000")
        page.fill("#id_source_note", "手持ちのカード")
        page.click("#proposal-form button[type=submit]")
        page.wait_for_selector(".status-pending")
    shoot(page, "proposed")

    # A card editor approves them from the review queue.
    editor_context, editor = opened(browser, width)
    sign_in_new_user(editor, live_server, "editor")
    get_user_model().objects.get(username="editor").groups.add(editors_group())
    for number, name, _ in MISSING:
        editor.goto(live_server.url + reverse("community:queue"))
        editor.click(f"text={number} {name}")
        editor.wait_for_selector("#approve-form")
        if number == "DN1-101":
            shoot(editor, "review")
        editor.click("#approve-form button[value=approve]")
        editor.wait_for_selector(".status-approved")
    editor_context.close()

    # The same list, imported again, now makes a legal deck.
    deck = get_user_model().objects.get(username="reiji").decks.get()
    page.goto(live_server.url + reverse("decks:editor", args=[deck.pk]) + "#import-export")
    page.fill("#id_decklist", DECKLIST)
    page.select_option("#id_mode", "replace")
    page.click(".import-form button[type=submit]")
    page.wait_for_selector("#legality-panel .legal-status[data-legal='true']")
    assert "ドレッドノートは 18 種類登録済み" in page.inner_text("body")
    assert page.locator("#legality-panel .missing-cards").count() == 0
    assert page.locator("ul.import-problems").count() == 0
    shoot(page, "legal")
    player_context.close()
