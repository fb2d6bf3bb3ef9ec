"""Issue 9, finding 12: the editor, htmx and the API docs work under the Content-Security-Policy.

A real Chromium reports every policy violation (`securitypolicyviolation` events); the pages must
work and cause none. Only violations caused by the site's own files count: a blocked script
anywhere, or anything whose source is the site. (The policy allows style attributes, which htmx
writes while it swaps: blocked, they showed up now and then as `style-src-attr` violations from
htmx.min.js; the templates are checked statically for inline code, tests/test_production.py.)
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from decklab.decks.models import Deck
from tests.browser.pages import open_own_deck, search, wait_for_version

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WATCH = """() => {
  window.__violations = [];
  document.addEventListener('securitypolicyviolation', e => window.__violations.push({
    directive: e.violatedDirective, blocked: e.blockedURI, source: e.sourceFile,
    line: e.lineNumber, sample: e.sample}));
}"""


def watch(page) -> None:
    """Collects the page's policy violations, from the first script on, on every navigation."""
    page.add_init_script(f"({WATCH})()")


def violations(page, site: str) -> list[dict]:
    return [
        found
        for found in page.evaluate("window.__violations || []")
        if found["directive"].startswith("script-src") or (found["source"] or "").startswith(site)
    ]


def test_finding_12_the_editor_and_htmx_work_under_the_policy(live_server, new_page, shoot):
    page, deck = open_own_deck(live_server, new_page, "csp-player", "Policy deck")
    watch(page)
    page.reload()
    assert "script-src 'self'" in page.evaluate(
        "fetch(location.href).then(r => r.headers.get('content-security-policy'))"
    )
    search(page, "TS1-002")  # htmx search as you type
    page.click("button[value='main:TS1-002']")  # an htmx change swapping the deck panel
    wait_for_version(page, 2)
    page.wait_for_selector("#legality-panel .legal-status")
    shoot(page, "changed-under-csp")
    assert violations(page, live_server.url) == []

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
    watch(page)
    page.goto(live_server.url + reverse("api-docs"))
    page.wait_for_selector(".swagger-ui .info .title")
    shoot(page, "api-docs")
    assert violations(page, live_server.url) == []


def test_finding_12_the_watch_sees_a_violation_of_the_site(live_server, new_page):
    """The check above can fail: an inline script on a site page is reported."""
    page = new_page()
    watch(page)
    page.goto(live_server.url + reverse("home"))
    page.evaluate(
        "() => { const s = document.createElement('script'); s.textContent = 'window.x = 1';"
        " document.body.appendChild(s); }"
    )
    page.wait_for_timeout(300)
    assert [v["directive"] for v in violations(page, live_server.url)] == ["script-src-elem"]
