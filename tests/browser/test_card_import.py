"""A staff card import through the site, as a task (issue 22 finding 8): the upload goes to the
import's page, a real Celery worker imports the file, and the page shows the report, or every
problem by line and column; on a laptop and a phone, in English and Japanese."""

from __future__ import annotations

import pytest
from django.urls import reverse

from cards.models import Card
from tests.browser.test_japanese import sign_in
from tests.browser.test_player_screens import fits, opened
from tests.decks import factories

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GOOD = "number,name,type\nIMP-001,Import Test One,Battle\nIMP-002,Import Test Two,Extra\n"
BAD = "number,name,type,power\nIMP-003,Bad Type,Hero,5\nIMP-004,Bad Power,Battle,lots\n"


def upload(page, live_server, path, content: str) -> None:
    page.goto(live_server.url + reverse("cards:upload"))
    page.select_option("#id_game", "dbscg")
    path.write_text(content)
    page.set_input_files("#id_file", str(path))
    with page.expect_navigation():
        page.click("form.panel button[type=submit]")


@pytest.mark.parametrize("width", ["desktop", "phone"])
@pytest.mark.parametrize("locale", ["en", "ja"])
def test_a_staff_import_runs_in_a_worker_and_its_page_shows_the_outcome(
    live_server, browser, shoot, start_worker, tmp_path, width, locale
):
    start_worker()
    staff = factories.make_user("importer")
    staff.is_staff = True
    staff.save()
    context, page = opened(browser, width, locale)
    sign_in(page, live_server, "importer")

    upload(page, live_server, tmp_path / "cards.csv", GOOD)
    assert "/cards/upload/" in page.url
    page.wait_for_selector(".notice.ok")  # the page refreshed itself until the worker was done
    assert "dbscg: 2 created, 0 updated, 0 unchanged" in page.inner_text(".notice.ok")
    assert Card.objects.filter(number__startswith="IMP-").count() == 2
    shoot(page, f"{width}-{locale}-done")
    fits(page)

    upload(page, live_server, tmp_path / "bad.csv", BAD)
    page.wait_for_selector(".notice.error table")
    rows = page.locator(".notice.error tbody tr")
    assert rows.count() >= 2
    assert not Card.objects.filter(number__in=["IMP-003", "IMP-004"]).exists()
    shoot(page, f"{width}-{locale}-rejected")
    fits(page)
    context.close()
