"""The editor's search finds everything: the card list's query language, the total, every page."""

import re

import pytest
from django.urls import reverse

from cards import paging
from cards.games.decklist import natural_key
from cards.importers import import_path
from cards.shipped import DATA
from decklab.decks.views.editor import SEARCH_LIMIT

pytestmark = pytest.mark.django_db


@pytest.fixture
def blade_rondo(db):
    import_path("blade_rondo", DATA / "blade_rondo" / "cards.csv")


def numbers_in(html: str) -> list[str]:
    return re.findall(r'class="result" data-number="([^"]+)"', html)


def test_every_result_is_reachable_by_more_in_number_order(client, blade_rondo):
    url = reverse("decks:search", args=["blade_rondo"])
    first = client.get(url, {"q": "-is:limited"}).content.decode()
    total = int(re.search(r"(\d+) cards match", first).group(1))
    assert total > 2 * SEARCH_LIMIT
    seen = numbers_in(first)
    assert len(seen) == SEARCH_LIMIT and "<ol" in first
    more = re.search(r'hx-get="([^"]+)"', first)
    while more:
        page = client.get(more.group(1).replace("&amp;", "&")).content.decode()
        assert "<ol" not in page  # rows to append to the list
        seen += numbers_in(page)
        more = re.search(r'hx-get="([^"]+)"', page)
    assert len(seen) == len(set(seen)) == total
    assert seen == sorted(seen, key=natural_key)  # 1, 2, …, 10, not 1, 10, 11


def test_a_count_past_the_cap_says_so_and_more_still_finds_every_card(
    client, blade_rondo, monkeypatch
):
    monkeypatch.setattr(paging, "COUNT_CAP", 1)
    url = reverse("decks:search", args=["blade_rondo"])
    first = client.get(url, {"q": "-is:limited"}).content.decode()
    assert f"{SEARCH_LIMIT + 1}+ cards match" in first
    seen = numbers_in(first)
    more = re.search(r'hx-get="([^"]+)"', first)
    while more:
        page = client.get(more.group(1).replace("&amp;", "&")).content.decode()
        seen += numbers_in(page)
        more = re.search(r'hx-get="([^"]+)"', page)
    monkeypatch.setattr(paging, "COUNT_CAP", 10_000)
    whole = client.get(url, {"q": "-is:limited"}).content.decode()
    assert "+ cards match" not in whole
    assert len(seen) == len(set(seen)) == int(re.search(r"(\d+) cards match", whole).group(1))


def test_a_query_error_is_explained(client, blade_rondo):
    page = client.get(reverse("decks:search", args=["blade_rondo"]), {"q": "cost>="}).content
    assert b"query-error" in page
