"""Issue 20 in a real browser, in both languages, on a laptop and a phone: paste a messy Japanese
recipe, see what it reads as with one typo's suggestion, accept it, save; then export the recipe
and import it into a new deck with an identical result."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from decklab.decks import selectors
from decklab.decks.models import Deck
from tests.browser.conftest import TIMEOUT_MS, VIEWPORTS
from tests.browser.pages import sign_in, unfold
from tests.decks import factories
from tests.i18n.conftest import load_cards

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "a-long-test-password-42"

#: Our own list in a blog recipe's shape: an archetype line, counted headers, a typo (クシャトリヤ).
MESSY_RECIPE = """\
【ガンダム系】
【メイン】9枚
ジ・オ×3
無差別攻撃 ×3
クシャトリヤ 3枚
【サイド】0枚
"""
SUMMARY = {
    "en": "Of 6 lines, 4 were read and 1 skipped as notes.",
    "ja": "6行中 4行を読み取り、1行をメモとして飛ばしました。",
}


def new_deck(page, live_server, name: str, decklist: str = "") -> Deck:
    page.goto(live_server.url + reverse("decks:new"))
    page.select_option("#id_game", "gundam_war")
    page.fill("#id_name", name)
    page.fill("#id_decklist", decklist)
    page.click("form.panel button[type=submit]")
    page.wait_for_selector('#deck-state[data-version="1"]', state="attached")
    return Deck.objects.get(name=name)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", sorted(VIEWPORTS))
def test_a_messy_recipe_is_previewed_fixed_saved_and_its_export_reads_back(
    browser, live_server, shoot, lang, size
):
    load_cards()
    factories.make_user("kenta", PASSWORD)
    context = browser.new_context(
        locale="ja-JP" if lang == "ja" else "en-US",
        viewport=VIEWPORTS[size],
        is_mobile=size == "phone",
        has_touch=True,
    )
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    sign_in(page, live_server, "kenta")
    deck = new_deck(page, live_server, "Recipe")
    unfold(page, "#import-export")

    page.fill("#import-form textarea[name=decklist]", MESSY_RECIPE)
    page.click("#import-form button[name=preview]")
    page.wait_for_selector("#intake-preview")
    assert SUMMARY[lang] in page.inner_text("#intake-preview")
    assert page.locator(".intake-note").count() == 1
    fix = page.locator("button[name=pick-5][value='U-198']")
    assert fix.count() == 1 and "クシャトリア" in fix.inner_text()
    fix.scroll_into_view_if_needed()
    shoot(page, f"preview-{lang}-{size}")
    assert not any(selectors.current_zones(deck).values())  # nothing saved by a preview

    fix.click()
    page.wait_for_selector("#intake-preview")
    assert page.locator(".intake-problem").count() == 0
    assert "U-198" in page.input_value("#import-form textarea[name=decklist]")
    shoot(page, f"fixed-{lang}-{size}")

    page.click("#import-form button[type=submit]:not([name])")
    page.wait_for_selector(".entry[data-zone='main'][data-number='U-198'][data-count='3']")
    deck.refresh_from_db()
    saved = selectors.current_zones(deck)
    assert saved["main"] == {"黒/U-129": 3, "黒/C-64": 3, "U-198": 3}
    shoot(page, f"saved-{lang}-{size}")

    recipe = page.locator("pre.recipe").text_content()
    assert recipe.startswith("【メイン】9枚")
    again = new_deck(page, live_server, "Recipe again", recipe)
    assert selectors.current_zones(again) == saved
    assert again.owner == get_user_model().objects.get(username="kenta")
    context.close()
