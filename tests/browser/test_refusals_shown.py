"""A refused request shows the server's message where the answer goes, in the page's language.

htmx leaves 4xx answers unswapped by default: the goldfish panel of the editor showed nothing at all
when the server refused a run (only a console error). base.html's htmx-config swaps the refusals
meant for the player (400, 409, 422, 429); anything else that fails (a 5xx, no connection) shows a
short note from site.js. A ticked goal's required fields are also required in the browser, which
stops an empty submit before it is sent. Desktop and phone, English and Japanese.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from decklab.decks.services import deck_create
from tests.browser.conftest import TIMEOUT_MS, VIEWPORTS
from tests.browser.pages import sign_in_new_user, unfold
from tests.decks import factories

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: What each language's page says: the server's refusal of a drawn goal without its cards, the
#: note of a request that failed, the run button and the goal names.
WORDS = {
    "en": {
        "locale": "en-US",
        "refused": "This goal needs",
        "failed": "Something went wrong. Try again.",
        "run": "Run simulation",
    },
    "ja": {
        "locale": "ja-JP",
        "refused": "この目標には",
        "failed": "エラーが発生しました。もう一度お試しください。",
        "run": "シミュレーションを実行",
    },
}

SHOWN_ERROR = """([selector, text]) => {
    const shown = document.querySelector(selector);
    return !!shown && shown.offsetParent !== null && shown.textContent.includes(text);
}"""


@pytest.fixture(
    params=[(lang, size) for lang in sorted(WORDS) for size in sorted(VIEWPORTS)],
    ids="-".join,
)
def player(request, browser, live_server):
    """A signed-in player on the editor of their legal DBSCG deck, in a language and a width."""
    lang, size = request.param
    context = browser.new_context(
        locale=WORDS[lang]["locale"],
        viewport=VIEWPORTS[size],
        is_mobile=size == "phone",
        has_touch=True,
    )
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    factories.load_dbscg()
    sign_in_new_user(page, live_server, f"refused{lang}{size}")
    owner = get_user_model().objects.get(username=f"refused{lang}{size}")
    deck = deck_create(owner=owner, game="dbscg", name="Refused", zones=factories.LEGAL_DBSCG)
    page.goto(live_server.url + reverse("decks:editor", args=[deck.pk]))
    unfold(page, "#goldfish")
    assert page.get_attribute("html", "lang") == lang
    yield page, WORDS[lang]
    context.close()


def test_a_refused_simulation_shows_the_servers_message(player, shoot):
    page, words = player
    form = page.locator(".goldfish-panel form.goals")
    cards = form.locator("select[name='drawn-cards']")

    # The ticked goal's required fields are required; an unticked goal's are not.
    page.wait_for_function("() => document.querySelector(\"select[name='drawn-cards']\").required")
    form.locator("input[name=goal][value=drawn]").uncheck()
    assert not cards.evaluate("(select) => select.required")
    form.locator("input[name=goal][value=drawn]").check()
    assert cards.evaluate("(select) => select.required")

    # The browser stops an empty choice of cards: nothing is sent.
    form.get_by_role("button", name=words["run"]).click()
    assert cards.evaluate("(select) => !select.validity.valid")
    assert page.locator("#simulation").inner_text().strip() == ""

    # A browser that does not stop it (no validation): the server's refusal shows in the panel.
    form.evaluate("(form) => { form.noValidate = true; }")
    with page.expect_response(lambda response: response.url.endswith("/simulate")) as answer:
        form.get_by_role("button", name=words["run"]).click()
    assert answer.value.status == 400
    page.wait_for_function(SHOWN_ERROR, arg=["#simulation .notice.error", words["refused"]])
    refusal = page.inner_text("#simulation .notice.error")
    assert words["refused"] in refusal and "cards" in refusal
    page.locator("#simulation").scroll_into_view_if_needed()
    shoot(page, "refused")

    # The server fails (a 500): a short note in the page's language, not silence; the next answer
    # that comes takes it away.
    page.route(
        "**/simulate",
        lambda route: route.fulfill(status=500, body="<h1>Server Error</h1>"),
    )
    form.get_by_role("button", name=words["run"]).click()
    page.wait_for_function(SHOWN_ERROR, arg=[".goldfish-panel .request-failed", words["failed"]])
    assert page.locator(".request-failed").count() == 1
    assert page.locator("#simulation .notice.error").count() == 0  # the earlier refusal went
    shoot(page, "server-failed")
    page.unroute("**/simulate")
    form.get_by_role("button", name=words["run"]).click()
    page.wait_for_selector(".request-failed", state="detached")
    page.wait_for_function(SHOWN_ERROR, arg=["#simulation .notice.error", words["refused"]])
    assert (
        page.evaluate("() => document.documentElement.scrollWidth")
        <= VIEWPORTS["phone" if page.viewport_size["width"] < 500 else "desktop"]["width"]
    )
