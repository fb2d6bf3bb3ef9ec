"""Issue 9, finding 12: the editor, htmx and the API docs work under the Content-Security-Policy.

A real Chromium records every policy violation (`securitypolicyviolation` events and console
errors); the pages must work and report none.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from decklab.decks.models import Deck
from tests.browser.test_deck_editor import open_own_deck, search, wait_for_version

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WATCH = """() => {
  window.__violations = [];
  document.addEventListener('securitypolicyviolation',
    e => window.__violations.push(
      [e.violatedDirective, e.blockedURI, e.sourceFile, e.lineNumber, e.sample].join(' ')));
}"""


def watch(page) -> list[str]:
    """Collects the page's policy violations, from the first script on, on every navigation."""
    console: list[str] = []
    page.on(
        "console",
        lambda message: (
            console.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    page.add_init_script(f"({WATCH})()")
    return console


def violations(page, console: list[str]) -> list[str]:
    return [*page.evaluate("window.__violations || []"), *console]


def test_finding_12_the_editor_and_htmx_work_under_the_policy(live_server, new_page, shoot):
    page, deck = open_own_deck(live_server, new_page, "csp-player", "Policy deck")
    console = watch(page)
    page.reload()
    assert "script-src 'self'" in page.evaluate(
        "fetch(location.href).then(r => r.headers.get('content-security-policy'))"
    )
    search(page, "TS1-002")  # htmx search as you type
    page.click("button[value='main:TS1-002']")  # an htmx change swapping the deck panel
    wait_for_version(page, 2)
    page.wait_for_selector("#legality-panel .legal-status")
    shoot(page, "changed-under-csp")
    assert violations(page, console) == []

    page.once("dialog", lambda dialog: dialog.accept())  # the delete confirmation (editor.js)
    page.click("summary:has-text('Deck settings')")
    page.click("form[data-confirm] button[type=submit]")
    page.wait_for_url("**/accounts/profile/")
    assert not Deck.objects.filter(pk=deck.pk).exists()


def test_finding_12_the_delete_confirmation_can_be_declined(live_server, new_page):
    page, deck = open_own_deck(live_server, new_page, "csp-careful", "Kept deck")
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.click("summary:has-text('Deck settings')")
    page.click("form[data-confirm] button[type=submit]")
    page.wait_for_timeout(500)
    assert Deck.objects.filter(pk=deck.pk).exists()


def test_finding_12_the_api_docs_load_under_the_policy(live_server, new_page, shoot):
    page = new_page()
    console = watch(page)
    page.goto(live_server.url + reverse("api-docs"))
    page.wait_for_selector(".swagger-ui .info .title")
    shoot(page, "api-docs")
    assert violations(page, console) == []
