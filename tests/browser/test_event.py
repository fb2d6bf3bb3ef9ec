"""An event run in the browser, in English on a desktop and in Japanese on a phone: the organiser
creates a DBSCG event, eight players register (one list refused, then fixed), the lists lock,
three Swiss rounds with a drop, a top 4, the standings page and a registration sheet looked at."""

from __future__ import annotations

import subprocess

import pytest
from django.test import Client
from django.urls import reverse

from decklab.events.models import Event, LockedList, Registration
from tests.browser.conftest import SCREENSHOTS, TIMEOUT_MS, VIEWPORTS
from tests.decks import factories
from tests.events.conftest import ILLEGAL_TEXT, LEGAL_TEXT

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _session(user) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


class Browser:
    """One browser context at a width and in a language, signed in as one user after another."""

    def __init__(self, browser, live_server, width: str, locale: str):
        self.context = browser.new_context(
            viewport=VIEWPORTS[width], is_mobile=width == "phone", has_touch=True, locale=locale
        )
        self.context.set_default_timeout(TIMEOUT_MS)
        self.page = self.context.new_page()
        self.url = live_server.url
        self.width = width

    def as_user(self, user):
        self.context.clear_cookies()
        cookie = {"name": "sessionid", "value": _session(user), "url": self.url}
        self.context.add_cookies([cookie])
        return self.page

    def go(self, path: str):
        self.page.goto(self.url + path)
        if self.width == "phone":
            width = self.page.evaluate("document.documentElement.scrollWidth")
            assert width <= VIEWPORTS["phone"]["width"], f"{path} is {width} px wide"
        return self.page


def _report_results(run: Browser, event: Event) -> None:
    manage = reverse("events:manage", args=[event.pk])
    page = run.go(manage)
    round_ = event.rounds.last()
    for table in round_.tables.filter(second__isnull=False):
        form = page.locator(f'form.result-form[data-table="{table.number}"]')
        form.locator("input[name=first_wins]").fill("2")
        form.locator("input[name=second_wins]").fill("1")
        with page.expect_navigation():
            form.locator("button[type=submit]").click()


@pytest.mark.parametrize(("width", "locale"), [("desktop", "en"), ("phone", "ja")])
def test_an_organiser_runs_a_dbscg_event_with_eight_players(
    live_server, browser, shoot, width, locale
):
    factories.load_dbscg()
    organiser = factories.make_user("organiser")
    players = [factories.make_user(f"player{i}") for i in range(1, 9)]
    run = Browser(browser, live_server, width, locale)

    run.as_user(organiser)
    page = run.go(reverse("events:new"))
    page.fill("#id_name", "Friday Night ZENKAI")
    page.select_option("#id_game", "dbscg")
    page.fill("#id_date", "2026-12-05")
    page.fill("#id_place", "Shop Akiba")
    page.select_option("#id_top_cut", "4")
    with page.expect_navigation():
        page.click("form.panel button[type=submit]")
    event = Event.objects.get()
    shoot(page, f"{width}-{locale}-created")

    detail = reverse("events:detail", args=[event.pk])
    run.as_user(players[0])
    page = run.go(detail)
    page.fill("#id_decklist", ILLEGAL_TEXT)
    with page.expect_navigation():
        page.click("button[name=check]")
    assert page.locator('.violation[data-code="copy_limit"]').is_visible()
    shoot(page, f"{width}-{locale}-violations")
    with page.expect_navigation():
        page.click("button[name=submit]")
    assert page.locator('.legal-status[data-legal="false"]').is_visible()
    assert not Registration.objects.exists()
    page.fill("#id_decklist", LEGAL_TEXT)
    with page.expect_navigation():
        page.click("button[name=submit]")
    shoot(page, f"{width}-{locale}-registered")
    for player in players[1:]:
        run.as_user(player)
        page = run.go(detail)
        page.fill("#id_decklist", LEGAL_TEXT)
        with page.expect_navigation():
            page.click("button[name=submit]")
    assert Registration.objects.filter(event=event).count() == 8

    run.as_user(organiser)
    page = run.go(reverse("events:manage", args=[event.pk]))
    with page.expect_navigation():
        page.click("#lock-all")
    assert LockedList.objects.count() == 8
    assert (
        page.locator("td.state").all_inner_texts()
        == ["Locked" if locale == "en" else "ロック中"] * 8
    )
    shoot(page, f"{width}-{locale}-locked")

    for number in (1, 2, 3):
        if number == 3:
            run.as_user(players[7])
            page = run.go(detail)
            with page.expect_navigation():
                page.click("form[action$='/drop'] button")
            run.as_user(organiser)
        page = run.go(reverse("events:manage", args=[event.pk]))
        with page.expect_navigation():
            page.click("#next-round")
        _report_results(run, event)
    shoot(run.page, f"{width}-{locale}-swiss-done")
    assert event.rounds.last().tables.filter(second__isnull=True).count() == 1

    for _ in ("semi-finals", "final"):
        page = run.go(reverse("events:manage", args=[event.pk]))
        with page.expect_navigation():
            page.click("#next-round")
        _report_results(run, event)
    event.refresh_from_db()
    assert event.status == "finished"

    page = run.go(reverse("events:standings", args=[event.pk]))
    assert page.locator("table.standings tbody tr").count() == 8
    assert page.locator("ol.places li").count() == 8
    shoot(page, f"{width}-{locale}-standings")

    winner = page.locator("ol.places li a").first.inner_text()
    sheet = page.request.get(run.url + reverse("events:sheet", args=[event.pk, winner]))
    assert sheet.headers["content-type"] == "application/pdf"
    pdf = SCREENSHOTS / f"{width}-{locale}-sheet.pdf"
    pdf.write_bytes(sheet.body())
    subprocess.run(
        ["pdftoppm", "-png", "-r", "50", "-f", "1", "-l", "1", str(pdf), str(pdf.with_suffix(""))],
        check=True,
    )
    assert pdf.with_name(f"{pdf.stem}-1.png").stat().st_size > 5_000
    run.context.close()
