"""PostgreSQL's tag index (`cards.search`, migration 0009) finds exactly what the plain translation
finds; and a page read as `CappedPaginator` reads it (`PageOrder`) is the order's own page.

Every comparison runs on both databases: on PostgreSQL the default translation uses the tag index
(checked in the SQL), on SQLite it is the plain one.
"""

from __future__ import annotations

from collections import Counter

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cards import paging
from cards.models import Card
from cards.paging import CappedPaginator
from cards.search import PageOrder, fields, ordered, search

pytestmark = pytest.mark.django_db

GAMES = ("dbscg", "gundam_war", "draws_troidal")


@pytest.fixture
def cards(dbscg, gundam_war, draws_troidal) -> None:
    """The three card files of `conftest.py`."""


def _numbers(game: str, query: str, tag_index: bool | None) -> list[str]:
    return sorted(search(game, query, tag_index=tag_index).values_list("number", flat=True))


def _queries(game: str) -> list[str]:
    """For every tag the game's cards have: the whole value, its start, a piece from inside it,
    with `:` and `=`, alone, negated and beside another; plus each field's own examples."""
    tag_fields = {item.name for item in fields(game) if item.kind == "tag"}
    queries: set[str] = set()
    for tags in Card.objects.filter(game=game).values_list("tags", flat=True):
        for tag in filter(None, tags.split("|")):
            name, value = tag.split(":", 1)
            assert name in tag_fields
            for part in {value, value[:2], value[1:3], value[-1:]}:
                if part.strip() and '"' not in part:
                    queries |= {f'{name}:"{part}"', f'{name}="{part}"', f'-{name}:"{part}"'}
            queries.add(f'{name}:"{value[:2]}" or number:"{value[-2:]}"')
    for item in fields(game):
        queries.update(item.examples)
    return sorted(queries)


def test_the_tag_index_finds_what_the_plain_translation_finds(cards):
    compared = 0
    for game in GAMES:
        for query in _queries(game):
            assert _numbers(game, query, None) == _numbers(game, query, False), (game, query)
            compared += 1
    assert compared > 300


def _number_queries(game: str) -> dict[str, set[str]]:
    """Queries on card numbers (free words, `number:`, `number=`) and the cards each should find,
    worked out from the `number:` tag and the names in the tags and names columns, which the
    queries once searched."""
    rows = list(Card.objects.filter(game=game).values_list("number", "tags", "name_folded"))
    tagged = {
        number: [t.removeprefix("number:") for t in tags.split("|") if t.startswith("number:")]
        for number, tags, _ in rows
    }
    pieces = {p for values in tagged.values() for v in values for p in (v, v[:2], v[:4], v[1:4])}
    expected: dict[str, set[str]] = {}
    for piece in filter(str.strip, pieces):
        if '"' in piece:
            continue
        expected[f'"{piece}"'] = {
            number
            for number, _, names in rows
            if piece in names or any(v.startswith(piece) for v in tagged[number])
        }
        expected[f'number:"{piece}"'] = {
            n for n, vs in tagged.items() if any(piece in v for v in vs)
        }
        expected[f'number="{piece}"'] = {n for n, vs in tagged.items() if piece in vs}
        expected[f'-number:"{piece}"'] = set(tagged) - expected[f'number:"{piece}"']
    return expected


def test_card_numbers_are_found_as_their_number_tag_says(cards):
    compared = 0
    for game in GAMES:
        for query, numbers in _number_queries(game).items():
            for tag_index in (None, False):
                assert set(_numbers(game, query, tag_index)) == numbers, (game, query)
            compared += 1
    assert compared > 100


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the tag index is PostgreSQL's")
def test_on_postgresql_field_values_are_looked_up_in_the_tag_index(cards):
    with CaptureQueriesContext(connection) as vocabulary:
        contains = str(search("dbscg", "set:bt2 trait=saiyan").query)
    # `set:` asks the vocabulary first (one query), then the index with the tags it found.
    assert [q["sql"] for q in vocabulary.captured_queries if "cards_searchtag" in q["sql"]]
    assert "string_to_array" in contains and "set:bt2" in contains
    assert "string_to_array" not in str(search("dbscg", "set:bt2", tag_index=False).query)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the triggers are PostgreSQL's")
def test_every_written_card_adds_its_tags_to_the_vocabulary(cards, load):
    # An import (bulk insert, then bulk update) and a single save all reach the vocabulary.
    load("dbscg", "number,name,type,set\nNEW-1,New card,Battle,ZZ9\n")
    assert _numbers("dbscg", "set:z9", None) == ["NEW-1"]
    load("dbscg", "number,name,type,set\nNEW-1,New card,Battle,QQ7\n")
    assert _numbers("dbscg", "set:q7", None) == ["NEW-1"]
    card = Card.objects.get(game="dbscg", number="BT21-001")
    card.tags = card.tags.replace("|set:bt21|", "|set:yy5|")
    card.save()
    assert _numbers("dbscg", "set:y5", None) == ["BT21-001"]
    assert _numbers("dbscg", "set:y5", False) == ["BT21-001"]


@pytest.mark.parametrize("sort", ["number", "name", "cost", "power", "type"])
@pytest.mark.parametrize("descending", [False, True])
@pytest.mark.parametrize(("count_cap", "prefix_rows"), [(None, None), (0, 1), (0, 2), (1, 3)])
def test_every_page_is_the_same_page_however_it_is_read(
    cards, monkeypatch, sort, descending, count_cap, prefix_rows
):
    """Few matches sorted, or many looked for among the first rows of the order and then among
    more (which hold the page or not): every page is the order's own page. A small cap and prefix
    make the test cards take every way."""
    if count_cap is not None:
        monkeypatch.setattr(paging, "COUNT_CAP", count_cap)
        monkeypatch.setattr(paging, "PREFIX_ROWS", prefix_rows)
        monkeypatch.setattr(paging, "PREFIX_GROWTH", 2)
    order = _WaysCounted("dbscg", sort, descending)
    ways: Counter[str] = Counter()
    for query in ("", "type:battle", "-color:red", "cost<=2"):
        matches = ordered(search("dbscg", query), sort, descending)
        expected = list(matches.values_list("number", flat=True))
        for per_page in (1, 2, 3):
            for number in range(1, len(expected) // per_page + 2):
                paginator = CappedPaginator(matches, per_page, page=number, order=order)
                before = order.ways.copy()
                page = paginator.get_page(number)
                asked = order.ways - before
                ways["from the first rows" if asked["first rows"] else "sorted"] += 1
                if asked["first rows"] and asked["sorted"]:
                    ways["first rows without the page"] += 1
                shown = [card.number for card in page.object_list]
                start = (page.number - 1) * per_page
                assert shown == expected[start : start + per_page], (query, per_page, number)
                assert paginator.count == min(len(expected), paginator.cap)
                assert paginator.capped == (len(expected) > paginator.cap)
    if count_cap is None:  # the test cards are fewer than the cap: always sorted
        assert set(ways) == {"sorted"}
    else:
        assert ways["from the first rows"] and ways["sorted"]


class _WaysCounted(PageOrder):
    """A `PageOrder` that counts the ways it is asked to read pages."""

    def __init__(self, *args):
        super().__init__(*args)
        self.ways: Counter[str] = Counter()

    def sorted(self, cards):
        self.ways["sorted"] += 1
        return super().sorted(cards)

    def among_first(self, cards, rows):
        first = super().among_first(cards, rows)
        if first is not None:
            self.ways["first rows"] += 1
        return first


def test_many_matches_at_the_end_of_the_order_are_sorted(cards, monkeypatch):
    monkeypatch.setattr(paging, "COUNT_CAP", 0)
    monkeypatch.setattr(paging, "PREFIX_ROWS", 1)
    monkeypatch.setattr(paging, "PREFIX_GROWTH", 2)
    numbers = list(ordered(search("dbscg", ""), "number").values_list("number", flat=True))
    last = numbers[-3:]
    matches = ordered(search("dbscg", " or ".join(f'number="{n}"' for n in last)), "number")
    order = _WaysCounted("dbscg", "number")
    paginator = CappedPaginator(matches, 1, page=2, order=order)
    assert [card.number for card in paginator.page(2)] == last[1:2]
    # Each wider prefix sorted, then every match, once the prefix would hold every card.
    assert order.ways["sorted"] == order.ways["first rows"] > 1
    assert not paginator.cut_short


def _only_at_the_end(monkeypatch, scan_cap: int):
    """A negated search whose matches are the order's last 3 cards (none among its first rows),
    with more matches than the count's cap: the fallback issue 25 found sorting every match."""
    monkeypatch.setattr(paging, "COUNT_CAP", 0)
    monkeypatch.setattr(paging, "PREFIX_ROWS", 1)
    monkeypatch.setattr(paging, "PREFIX_GROWTH", 2)
    monkeypatch.setattr(paging, "SCAN_CAP", scan_cap)
    numbers = list(ordered(search("dbscg", ""), "number").values_list("number", flat=True))
    query = " ".join(f'-number="{n}"' for n in numbers[:-3])
    return numbers, ordered(search("dbscg", query), "number")


def test_issue_25_past_the_scan_cap_a_page_holds_what_was_found_and_says_so(cards, monkeypatch):
    numbers, matches = _only_at_the_end(monkeypatch, scan_cap=2)
    assert len(numbers) > 5  # the cap's 2 rows hold none of the matches
    order = _WaysCounted("dbscg", "number")
    paginator = CappedPaginator(matches, 1, page=1, order=order)
    assert list(paginator.page(1)) == []
    assert paginator.cut_short and paginator.capped
    # Prefixes of 1 and 2 rows, the wider read as a range; every match never sorted.
    assert order.ways == {"first rows": 2, "sorted": 1}


def test_issue_25_a_page_within_the_scan_cap_is_whole(cards, monkeypatch):
    within = Card.objects.filter(game="dbscg").count() - 1  # rows up to the second-to-last card
    numbers, matches = _only_at_the_end(monkeypatch, scan_cap=within)
    order = _WaysCounted("dbscg", "number")
    paginator = CappedPaginator(matches, 1, page=1, order=order)
    assert [card.number for card in paginator.page(1)] == numbers[-3:-2]
    assert not paginator.cut_short


@pytest.mark.parametrize(
    "address", ["/cards/dbscg/", "/api/v1/games/dbscg/cards", "/decks/search/dbscg"]
)
def test_issue_25_the_player_is_told_to_narrow_a_search_cut_short(
    cards, monkeypatch, client, address
):
    from cards import apis, views
    from cards import search as card_search
    from decklab.decks.views import editor

    numbers, _ = _only_at_the_end(monkeypatch, scan_cap=2)
    monkeypatch.setattr(card_search, "page_order", PageOrder)  # as on PostgreSQL
    monkeypatch.setattr(views, "PAGE_SIZE", 1)
    monkeypatch.setattr(apis.CappedPagination, "page_size", 1)
    monkeypatch.setattr(editor, "SEARCH_LIMIT", 1)
    query = " ".join(f'-number="{n}"' for n in numbers[:-3])
    answer = client.get(address, {"q": query})
    assert answer.status_code == 200
    if address.startswith("/api/"):
        assert answer.json()["page_cut_short"] is True
    else:
        page = answer.content.decode()
        assert "Narrow the search to see the rest." in page
        assert "No card matches" not in page and "page=2" not in page  # no "More" past the cap


def test_a_wider_prefix_is_read_as_a_range_and_sorted(cards, monkeypatch):
    """The second prefix is bounded by its last row's value and sorted, so the database reads
    that range, never walks the whole order through the filter (issue 25: a negated group)."""
    monkeypatch.setattr(paging, "COUNT_CAP", 0)
    monkeypatch.setattr(paging, "PREFIX_ROWS", 1)
    monkeypatch.setattr(paging, "PREFIX_GROWTH", 4)
    numbers = list(ordered(search("dbscg", ""), "number").values_list("number", flat=True))
    wanted = numbers[2:4]
    matches = ordered(search("dbscg", " or ".join(f'number="{n}"' for n in wanted)), "number")
    order = _WaysCounted("dbscg", "number")
    paginator = CappedPaginator(matches, 1, page=1, order=order)
    with CaptureQueriesContext(connection) as read:
        assert [card.number for card in paginator.page(1)] == wanted[:1]
    assert order.ways == {"first rows": 2, "sorted": 1}
    page_query = read.captured_queries[-1]["sql"]
    assert f"\"number_order\" <= '{Card.objects.get(number=numbers[3]).number_order}'" in page_query


def test_a_page_among_the_first_rows_reads_only_those(cards, monkeypatch):
    """Many matches: the page's query is bounded by the value of the order's 960th card (for a page
    of 60), not left to walk the whole index."""
    monkeypatch.setattr(paging, "COUNT_CAP", 0)
    matches = ordered(search("dbscg", ""), "cost", descending=True)
    first = list(matches.values_list("number", "cost"))
    per_page = 2
    paginator = CappedPaginator(
        matches, per_page, page=1, order=PageOrder("dbscg", "cost", descending=True)
    )
    monkeypatch.setattr(paging, "PREFIX_ROWS", 2)
    with CaptureQueriesContext(connection) as read:
        page = paginator.page(1)
    assert [card.number for card in page] == [number for number, _ in first[:per_page]]
    bound = first[2 * per_page - 1][1]
    assert f'"cost" >= {bound}' in read.captured_queries[-1]["sql"]
