"""Phones at 390 px: the main player pages fit the screen's width in Japanese (and the history and
the goldfish goal form in English too); so do every game's deck editor and shared deck page, with a
deck of the game's shipped cards (their group and sort menus list the game's row fields). Nothing scrolls sideways and no visible element reaches past
the right edge, except inside a `.table-scroll` box that is meant to scroll; a history version's
"Revert to this" and a goldfish mapping's rows are whole on screen. The screenshots go to
`var/screenshots` to be looked at."""

from __future__ import annotations

import pytest
from django.urls import reverse

from cards import shipped
from cards.games.registry import GAMES, get_game
from cards.models import Card
from decklab.decks.models import Visibility
from decklab.decks.services import deck_close_draft, deck_create, deck_edit, deck_save
from tests.browser.conftest import VIEWPORTS
from tests.browser.pages import opened, sign_in, unfold
from tests.decks import factories
from tests.goldfish.conftest import played_turn_run

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = VIEWPORTS["phone"]

#: Visible elements whose right edge passes the viewport's, outside the `.table-scroll` boxes that
#: scroll on purpose.
OVERFLOWING = """() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  for (const element of document.body.querySelectorAll('*')) {
    if (element.closest('.table-scroll, .visually-hidden, [hidden]')) continue;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden' || style.display === 'none') continue;
    if (box.right > width + 1) {
      const name = element.tagName.toLowerCase() + (element.id ? '#' + element.id : '')
        + [...element.classList].map(c => '.' + c).join('');
      out.push(`${name} right=${Math.round(box.right)}`);
    }
  }
  return out;
}"""


def fits(page) -> None:
    """The page is no wider than the phone, and nothing visible sticks out of its right edge."""
    assert page.evaluate(OVERFLOWING) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def within_screen(locator) -> None:
    """Every element the locator finds is whole on screen, left to right."""
    assert locator.count() >= 1
    for index in range(locator.count()):
        box = locator.nth(index).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 1, box


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_each_version_shows_its_revert_button_whole(live_server, browser, shoot, locale):
    factories.load_dbscg()
    owner = factories.make_user(f"kaiten-{locale}")
    deck = deck_create(owner=owner, game="dbscg", name="Revert me", zones=factories.LEGAL_DBSCG)
    fewer = {**factories.LEGAL_DBSCG["main"], "TS1-002": 1, "TS1-003": 7}
    deck_save(deck=deck, zones={**factories.LEGAL_DBSCG, "main": fewer}, expected_version=1)
    for _ in range(3):
        deck_edit(deck=deck, action="add", zone="main", number="TS1-004", count=1)
    deck_close_draft(
        deck=deck,
        note="Regional qualifier list: https://example.com/a-rather-long-link-to-a-tournament-report",
    )
    deck_edit(deck=deck, action="set", zone="main", number="TS1-004", count=0)
    context, page = opened(browser, "phone", locale)
    sign_in(page, live_server, f"kaiten-{locale}")
    page.goto(live_server.url + reverse("decks:history", args=[deck.pk]))
    page.wait_for_selector("table.versions")
    fits(page)
    shoot(page, "history")
    # Nothing of the versions hides in a sideways scroll either.
    assert page.evaluate(
        "() => { const box = document.querySelector('table.versions').closest('.table-scroll');"
        " return box.scrollWidth <= box.clientWidth + 1; }"
    )
    buttons = page.locator("table.versions button[form^=revert-]")
    assert buttons.count() == 3
    within_screen(buttons)
    context.close()


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_the_goldfish_mapping_rows_fit_a_phone(live_server, browser, shoot, locale):
    factories.make_user(f"omomi-{locale}")
    context, page = opened(browser, "phone", locale)
    sign_in(page, live_server, f"omomi-{locale}")
    for game in ("dbscg", "dreadnought", "blade_rondo"):
        page.goto(live_server.url + reverse("goldfish:new") + f"?game={game}")
        rows = page.locator("table.mapping-rows input")
        rows.first.scroll_into_view_if_needed()
        shoot(page, game)
        fits(page)
        within_screen(rows)
    context.close()


#: The pages a player walks through, as (name, address, a selector that shows the page is there).
def player_pages(deck) -> list[tuple[str, str, str]]:
    return [
        ("card-list", reverse("cards:list", args=["dbscg"]), "main"),
        ("card-page", reverse("cards:detail", args=["dbscg", "TS1-002"]), ".card-page"),
        ("search-help", reverse("cards:help", args=["dbscg"]), "main"),
        ("builder", reverse("decks:build", args=["dbscg"]), "main"),
        ("editor", reverse("decks:editor", args=[deck.pk]), "#deck-panel .entry"),
        ("goldfish-new", reverse("goldfish:new") + "?game=dbscg", "fieldset.goal"),
        ("rules", reverse("rules", args=["dbscg"]), "main"),
    ]


def test_the_player_pages_fit_a_phone_in_japanese(live_server, browser, shoot):
    factories.load_dbscg()
    owner = factories.make_user("aruku")
    deck = deck_create(owner=owner, game="dbscg", name="速攻デッキ", zones=factories.LEGAL_DBSCG)
    context, page = opened(browser, "phone", "ja")
    for name, address in (("login", reverse("login")), ("signup", reverse("signup"))):
        page.goto(live_server.url + address)
        page.wait_for_selector("form.panel")
        shoot(page, name)
        fits(page)
    sign_in(page, live_server, "aruku")
    for name, address, shown in player_pages(deck):
        page.goto(live_server.url + address)
        page.wait_for_selector(shown)
        shoot(page, name)
        fits(page)
    # The editor's goldfish panel with every goal type ticked open (the mapping rows among them).
    page.goto(live_server.url + reverse("decks:editor", args=[deck.pk]))
    unfold(page, "#goldfish")
    goals = page.locator("fieldset.goal input[name=goal]:not(:checked)")
    assert goals.count() >= 1
    while goals.count():
        goals.first.check()
    page.locator("table.mapping-rows").first.scroll_into_view_if_needed()
    shoot(page, "editor-goals")
    fits(page)
    within_screen(page.locator("table.mapping-rows input"))
    context.close()


def test_the_run_page_fits_a_phone_in_japanese(live_server, browser, shoot, monkeypatch):
    owner = factories.make_user("hashiru")
    run = played_turn_run(owner, monkeypatch, turns=4, trials=500)
    context, page = opened(browser, "phone", "ja")
    sign_in(page, live_server, "hashiru")
    page.goto(live_server.url + reverse("goldfish:run", args=[run.pk]))
    page.wait_for_selector(".turn-chart")
    shoot(page, "run")
    fits(page)
    context.close()


def shipped_deck(owner, game: str):
    """A deck of the game's shipped cards (DBSCG: the test cards), unlisted so `/d/<code>` shows it:
    two copies of the first cards of each zone's kind, casters in the Dreadnought caster zone."""
    if game == "dbscg":
        factories.load_dbscg()
        zones = factories.LEGAL_DBSCG
    else:
        for _line in shipped.load_game(get_game(game), shipped.DATA / game):
            pass
        cards = list(Card.objects.filter(game=game).order_by("number_order"))
        default = get_game(game).default_zone
        zones = {default: {card.number: 2 for card in cards[:10]}}
        if game == "dreadnought":
            casters = [card.number for card in cards if card.type == "キャスター"][:2]
            units = [card.number for card in cards if card.type != "キャスター"]
            zones = {"casters": dict.fromkeys(casters, 1), "main": dict.fromkeys(units, 3)}
    deck = deck_create(owner=owner, game=game, name="遠征用デッキ", zones=zones)
    deck.visibility = Visibility.UNLISTED
    deck.save()
    return deck


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_s_editor_and_shared_deck_fit_a_phone_in_japanese(
    live_server, browser, shoot, game
):
    """The editor's group and sort menus hold the game's field labels (Dreadnought's cluster was
    once so long that the page scrolled sideways), and the shared page shows the deck's rows."""
    owner = factories.make_user(f"tabi-{game}")
    deck = shipped_deck(owner, game)
    context, page = opened(browser, "phone", "ja")
    sign_in(page, live_server, f"tabi-{game}")
    page.goto(live_server.url + reverse("decks:editor", args=[deck.pk]))
    page.wait_for_selector("#deck-panel .entry")
    for menu in ("select.deck-group", "select.deck-sort"):
        assert page.locator(f"#deck-panel {menu} option").count() >= 2
    shoot(page, "editor")
    fits(page)
    page.goto(live_server.url + reverse("decks:shared", args=[deck.code]))
    page.wait_for_selector("select.deck-group")
    shoot(page, "shared")
    fits(page)
    # The card list with its search hint, and a card page with its "Data source" box opened.
    page.goto(live_server.url + reverse("cards:list", args=[game]))
    page.wait_for_selector("#search-help a code")
    shoot(page, "card-list")
    fits(page)
    for number in SOURCED_CARDS.get(game, [next(iter(deck_numbers(deck)))]):
        page.goto(live_server.url + reverse("cards:detail", args=[game, number]))
        page.wait_for_selector(".card-page")
        if page.locator("details.provenance").count():
            page.locator("details.provenance summary").click()
        shoot(page, "card-page")
        fits(page)
    context.close()


#: Shipped cards whose page has a long "Data source" box.
SOURCED_CARDS = {"dreadnought": ["DN-K001"], "gundam_war": ["黒/U-129", "青/CH-24"]}


def deck_numbers(deck) -> list[str]:
    return [number for zone in deck.versions.latest("number").zones.values() for number in zone]
