"""A public deck's page in Japanese in a real browser: its goldfish numbers beside the format's
average, its similar public decks and what changed against the nearest popular list, at desktop and
phone widths (screenshots for a person to look at)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from decklab.decks import selectors, services
from decklab.decks.models import Visibility
from decklab.goldfish import services as goldfish_services
from tests.browser.pages import PHONE, context, fits
from tests.decks import factories

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def public_deck(owner, name: str, **main: int):
    zones = {**factories.LEGAL_DBSCG, "main": {**factories.LEGAL_DBSCG["main"], **main}}
    return services.deck_create(
        owner=owner, game="dbscg", name=name, zones=zones, visibility=Visibility.PUBLIC
    )


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 900}, PHONE], ids=["1280", "390"])
def test_a_public_deck_shows_its_goldfish_numbers_and_similar_decks_in_japanese(
    browser, live_server, shoot, viewport, eager_tasks, settings
):
    settings.GOLDFISH_PUBLIC_TRIALS = 5_000
    goldfish_services.plans._cached_plan.cache_clear()
    factories.load_dbscg()
    author, rival, fan = (factories.make_user(name) for name in ("kaku", "raibaru", "fan"))
    # Each public deck's numbers are run as it is saved (tasks run at once here).
    deck = public_deck(author, "赤の速攻", **{"TS1-002": 2, "TS1-003": 2})
    popular = public_deck(rival, "定番の赤", **{"TS1-002": 4, "TS1-003": 3})
    public_deck(rival, "赤の派生", **{"TS1-004": 1})
    copy = services.deck_fork(source=selectors.current_version(popular), owner=fan)
    services.deck_update(deck=copy, visibility=Visibility.PUBLIC)
    services.deck_create(
        owner=rival, game="dbscg", name="非公開の双子", zones=factories.LEGAL_DBSCG
    )

    made = context(browser, locale="ja-JP", viewport=viewport)
    page = made.new_page()
    page.goto(live_server.url + reverse("decks:shared", args=[deck.code]))
    page.wait_for_selector("#public-numbers table.results")
    page.wait_for_selector("#similar-decks li")
    numbers = page.inner_text("#public-numbers")
    assert "一人回しの数値" in numbers and "フォーマット平均" in numbers and "厳密値" in numbers
    similar = page.inner_text("#similar-decks")
    assert "似ているデッキ" in similar and "定番の赤" in similar and "赤の派生" in similar
    assert "最も近い人気リスト「定番の赤」からの変更点" in similar
    assert "非公開の双子" not in similar
    if viewport == PHONE:
        fits(page)
    shoot(page, "public-deck")
    page.locator("#public-numbers").screenshot(
        path=str(
            settings.BASE_DIR / "var" / "screenshots" / f"public-numbers-{viewport['width']}.png"
        )
    )
    made.close()
