"""Discovery in Japanese on a laptop and a phone (issue 27): search the public decks by a card and
by a leader, open a deck, read "decks with this card" on the card page, and read the meta."""

import pytest
from django.urls import reverse

from decklab.decks.services import deck_create
from tests.browser.pages import fits, opened
from tests.decks import factories
from tests.discovery.decks import BETA_ZONES, load_cards

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def public_decks(db):
    load_cards()
    owner = factories.make_user("sagasu")
    deck_create(
        owner=owner,
        game="dbscg",
        name="速攻デッキ",
        zones=factories.LEGAL_DBSCG,
        visibility="public",
    )
    deck_create(owner=owner, game="dbscg", name="ベータ軸", zones=BETA_ZONES, visibility="public")
    deck_create(owner=owner, game="dbscg", name="秘密のデッキ", zones=BETA_ZONES)


@pytest.mark.parametrize("width", ["desktop", "phone"])
def test_finding_a_deck_by_card_and_by_leader_in_japanese(
    live_server, browser, shoot, public_decks, width
):
    context, page = opened(browser, width, "ja")
    search_url = live_server.url + reverse("decks:public", args=["dbscg"])
    page.goto(search_url)
    page.fill("#public-card", "TS1-003")
    page.click(".deck-search button[type=submit]")
    page.wait_for_url("**card=TS1-003**")
    rows = page.locator(".deck-results tbody tr")
    assert rows.count() == 1 and "速攻デッキ" in rows.first.inner_text()
    assert "リーダー" in page.inner_text(".deck-search")
    fits(page)
    shoot(page, "by-card")

    page.goto(search_url)
    page.select_option("select[name=archetype]", "TS2-001")
    page.click(".deck-search button[type=submit]")
    page.wait_for_url("**archetype=TS2-001**")
    assert rows.count() == 1 and "Test Leader Beta" in rows.first.inner_text()
    assert "秘密のデッキ" not in page.content()
    fits(page)
    shoot(page, "by-leader")

    page.click(".deck-results a:has-text('ベータ軸')")
    page.wait_for_selector(".deck-view, .entry")
    page.wait_for_selector(".deck-view-count:has-text('閲覧1回')")
    fits(page)
    shoot(page, "deck")

    page.goto(live_server.url + reverse("cards:detail", args=["dbscg", "TS1-002"]))
    panel = page.locator(".card-decks")
    assert "このカードを使うデッキ" in panel.inner_text()
    assert "2個の公開デッキがこのカードを使っています" in panel.inner_text()
    fits(page)
    shoot(page, "card")

    page.goto(live_server.url + reverse("discovery:meta", args=["dbscg"]))
    assert "Test Leader Alpha" in page.inner_text(".meta-shares")
    fits(page)
    shoot(page, "meta")
    context.close()
