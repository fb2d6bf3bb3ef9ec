"""What the browser tests do on a page, shared by them: sign in, open a deck, wait for the editor,
search, start a simulation, open a context at a width. `tests/browser/test_*` modules import these
from here, never from each other (tests/test_layout.py)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.urls import reverse

from decklab.decks.services import deck_create
from tests.browser.conftest import TIMEOUT_MS, VIEWPORTS
from tests.decks import factories

PASSWORD = "a-long-test-password-42"
PHONE = {"width": 390, "height": 844}


def context(browser, *, locale: str, viewport=None):
    made = browser.new_context(locale=locale, viewport=viewport or {"width": 1400, "height": 1000})
    made.set_default_timeout(TIMEOUT_MS)
    return made


def opened(browser, width: str, locale: str = "ja"):
    """A context and its page at one of `VIEWPORTS` (a phone is a touch device)."""
    made = browser.new_context(
        viewport=VIEWPORTS[width], is_mobile=width == "phone", has_touch=True, locale=locale
    )
    made.set_default_timeout(TIMEOUT_MS)
    return made, made.new_page()


def sign_in(page, live_server, username: str) -> None:
    """Sign in as a user made before, whose password is `PASSWORD`."""
    page.goto(live_server.url + reverse("login"))
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("form.panel button[type=submit]")
    page.wait_for_url("**/accounts/profile/")


def sign_in_new_user(page, live_server, username: str) -> None:
    factories.make_user(username, PASSWORD)
    sign_in(page, live_server, username)


def own_deck(live_server, page, username: str, name: str = "Fast hands"):
    """A new user signed in on the editor of their legal DBSCG deck: the deck."""
    factories.load_dbscg()
    sign_in_new_user(page, live_server, username)
    owner = get_user_model().objects.get(username=username)
    deck = deck_create(owner=owner, game="dbscg", name=name, zones=factories.LEGAL_DBSCG)
    page.goto(live_server.url + reverse("decks:editor", args=[deck.pk]))
    return deck


def open_own_deck(live_server, new_page, username: str, name: str):
    """`own_deck` on a new page: the page and the deck."""
    page = new_page()
    return page, own_deck(live_server, page, username, name)


def wait_for_version(page, version: int) -> None:
    page.wait_for_selector(f'#deck-state[data-version="{version}"]', state="attached")


def wait_for_count(page, zone: str, number: str, count: int) -> None:
    """Wait until the deck panel shows that many copies of the card (card changes keep the version
    of a sitting's draft, so the version does not tell that a change landed)."""
    page.wait_for_selector(
        f".entry[data-zone='{zone}'][data-number='{number}'][data-count='{count}']",
        state="attached",
    )


def search(page, query: str) -> None:
    page.fill("#search-q", query)
    page.wait_for_selector(f"#search-results .result[data-number='{query}']")


def unfold(page, panel: str) -> None:
    """Open a panel the editor folds to its heading on a phone (editor.js), as a tap on the
    heading does; nothing on a wider screen, where no panel is folded."""
    if page.locator(panel).evaluate("p => p.classList.contains('folded')"):
        page.locator(f"{panel} > h2").first.click()


def start_a_drawn_goal(page) -> None:
    """Run the goldfish panel on one goal (TS1-002 or TS1-003 drawn by turn 3, seed 7)."""
    unfold(page, "#goldfish")
    page.select_option("select[name='drawn-cards']", ["TS1-002", "TS1-003"])
    page.fill("input[name='drawn-turn']", "3")
    page.select_option("select[name='trials']", "100000")
    page.fill("input[name='seed']", "7")
    page.click(".goldfish-panel button:has-text('Run simulation')")
    page.wait_for_selector("#simulation .run progress")


def unique_cards(count: int) -> list[str]:
    """Numbers of Gundam War units, commands and operations with names no other card shares."""
    from cards.models import Card

    cards = Card.objects.filter(game="gundam_war", type__in=["UNIT", "COMMAND", "OPERATION"])
    names = {}
    for number, name in cards.order_by("number").values_list("number", "name"):
        names.setdefault(name, []).append(number)
    return [numbers[0] for numbers in names.values() if len(numbers) == 1][:count]


def fits(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
