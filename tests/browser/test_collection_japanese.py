"""My cards in Japanese in a real browser, on a desktop and a phone: add a set deck product and a
pasted list to the collection, open a public deck, read owned/needed per line, wishlist what is
missing, find the deck among the decks within reach, and offer spare copies on the trade list."""

from __future__ import annotations

import pytest
from django.urls import reverse

from cards.importers import import_path
from cards.shipped import DATA
from decklab.collections.reading import read_list
from decklab.collections.services import products
from decklab.decks.services import deck_create
from tests.browser.conftest import TIMEOUT_MS
from tests.browser.pages import PASSWORD, sign_in
from tests.decks import factories

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _public_deck(owner) -> tuple[str, str]:
    """A public Blade Rondo deck: a set deck's cards, one card more, and two of a card nobody
    owns. Returns its code and the pasted list that supplies the one card more."""
    _key, _name, cards = products("blade_rondo")[0]
    product, _problems = read_list("blade_rondo", "\n".join(f"{n} {c}" for c, n in cards.items()))
    pool = {entry.card.number: entry.count for entry in product.entries()}
    from cards.models import Card

    others = Card.objects.filter(game="blade_rondo").exclude(number__in=pool)
    pasted, missing = others.values_list("number", flat=True)[:2]
    deck = deck_create(
        owner=owner,
        game="blade_rondo",
        name="テスト公開デッキ",
        zones={"pool": {**pool, pasted: 1, missing: 2}},
        visibility="public",
    )
    return deck.code, f"1 {pasted}"


@pytest.mark.parametrize("viewport", [(1280, 900), (390, 844)], ids=["desktop", "phone"])
def test_a_collection_in_japanese_finds_a_buildable_deck(browser, live_server, shoot, viewport):
    import_path("blade_rondo", DATA / "blade_rondo" / "cards.csv")
    factories.make_user("hana", PASSWORD)
    code, pasted = _public_deck(factories.make_user("taro", PASSWORD))
    width, height = viewport
    context = browser.new_context(locale="ja-JP", viewport={"width": width, "height": height})
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    sign_in(page, live_server, "hana")

    page.goto(live_server.url + reverse("collections:mine", args=["blade_rondo"]))
    assert "マイカード" in page.inner_text("h1")
    page.click("form[action$='/product'] button[type=submit]")
    assert "枚追加しました" in page.inner_text("main")
    page.fill("#collection-text", pasted)
    page.click("form[action$='/paste'] button[type=submit]")
    assert "1枚追加しました" in page.inner_text("main")
    shoot(page, "collection-ja")

    page.goto(live_server.url + reverse("decks:shared", args=[code]))
    panel = page.locator(".holdings-panel")
    page.wait_for_selector(".holdings-panel .holdings-total")
    assert "2枚不足" in panel.inner_text()
    assert panel.locator("tr.short").count() == 1
    assert panel.locator("tr.short td.missing").inner_text() == "2"
    number = pasted.split()[1]
    line = panel.locator(f'tr[data-number="{number}"]')
    assert (line.locator("td.needed").inner_text(), line.locator("td.owned").inner_text()) == (
        "1",
        "1",
    )
    assert "必要" in panel.locator("thead").inner_text()
    panel.scroll_into_view_if_needed()
    shoot(page, "deck-owned-needed-ja")
    page.click(".holdings-panel form[action$='/wish'] button")
    assert "不足の2枚をほしいものリストに入れました" in page.inner_text("main")

    page.goto(live_server.url + reverse("collections:buildable", args=["blade_rondo"]))
    assert "テスト公開デッキ" not in page.inner_text("main")
    page.fill("input[name=missing]", "2")
    page.click("form.search button[type=submit]")
    assert "テスト公開デッキ" in page.inner_text("table.decks")
    assert "不足" in page.inner_text("table.decks thead")
    shoot(page, "buildable-ja")

    page.goto(live_server.url + reverse("collections:mine", args=["blade_rondo"]))
    wishlist = page.locator("ul.wishlist")
    assert wishlist.locator("li").count() == 1 and wishlist.locator(".count").inner_text() == "2"
    page.fill("#collection-text", f"3 {number}")
    page.click("form[action$='/paste'] button[type=submit]")
    row = page.locator(f'table.trade-list tr[data-number="{number}"]')
    assert "余剰" in page.inner_text("table.trade-list thead")
    assert row.locator("input[name=offered]").get_attribute("placeholder") == "2"
    row.locator("input[name=offered]").fill("1")
    row.locator("button[type=submit]").click()
    assert "トレードリストを更新しました。" in page.inner_text("main")
    assert (
        page.locator(
            f'table.trade-list tr[data-number="{number}"] input[name=offered]'
        ).input_value()
        == "1"
    )
    page.locator("table.trade-list").scroll_into_view_if_needed()
    shoot(page, "trade-list-ja")
    context.close()
