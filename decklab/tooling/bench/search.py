"""Card-search latency on the DBSCG cards of the current database (`make bench`).

Each of 50 fixed queries is timed the way a card-list page runs it — translate, count (capped, as
the page does), fetch the first page (`CappedPaginator`'s `order`) — several times; the median and
p95 over all those timings stand beside a baseline measured in the same run: the same
count-and-page of an unfiltered `Card.objects.filter(game=…)`. Target: p95 under 50 ms, on SQLite
and on PostgreSQL. A second set (`search_cards.MORE_QUERIES`: card text, negated groups, Japanese,
numbers) is timed the same way, and on PostgreSQL the bench prints planning's share of the
database's time for both sets (`EXPLAIN ANALYZE` of every statement; target under 20%).

`manage.py bench --scale 10` (`make bench SCALE=10`) also runs the same queries on `scale` copies
of every DBSCG card (numbers suffixed `-x2` …, each with a made-up card text), in a separate bench database beside the configured
one (`<name>_bench`, Django's test-database machinery; kept between runs and rebuilt only when its
size is wrong or it has no card text): the user's data is only read. On PostgreSQL it also times the same queries as
before the search work (trigram indexes dropped, every match counted), as before the tag index
(trigram indexes only: `tag_index=False`, pages left to the database), both planned with
PostgreSQL's default costs as they were then, and the current way with those default costs
(without `settings.POSTGRESQL_SESSION`); the last three take turns query by query, so all see the
same machine load.
"""

from __future__ import annotations

import re
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from importlib import import_module
from pathlib import Path
from typing import Any

from django.apps import apps
from django.core.paginator import Paginator
from django.db import connection

from cards.models import Card
from cards.paging import CappedPaginator
from cards.search import ordered, page_order, search
from cards.views import LIST_COLUMNS
from decklab.tooling.bench.search_cards import GAME, MORE_QUERIES, QUERIES, analyze, build

PAGE = 60
ROUNDS = 5


def _timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000


#: How a page is read: the paginator, whether the query uses PostgreSQL's tag index
#: (`cards.search.parse`; None: where the database has it), and whether PostgreSQL plans it with
#: its own default costs instead of DeckLab's session settings (`settings.POSTGRESQL_SESSION`).
Mode = tuple[Callable, bool | None, bool]
NOW: Mode = (
    lambda cards: CappedPaginator(cards, PAGE, page=1, order=page_order(GAME, "number")),
    None,
    False,
)
#: As now, planned with PostgreSQL's default `random_page_cost`.
DEFAULT_COSTS: Mode = (NOW[0], None, True)
#: Before the tag index: trigram indexes only, the count capped, matches never sorted.
TRIGRAMS_ONLY: Mode = (lambda cards: CappedPaginator(cards, PAGE, page=1), False, True)
#: Before the search work (with the trigram indexes dropped, `_as_before`): every match counted.
NO_INDEXES: Mode = (lambda cards: Paginator(cards, PAGE), False, True)


def _page(query: str, mode: Mode = NOW) -> None:
    paginator, tag_index, _ = mode
    cards = ordered(search(GAME, query, tag_index=tag_index), "number").only(*LIST_COLUMNS)
    list(paginator(cards).page(1).object_list)


def _plain_page(mode: Mode = NOW) -> None:
    cards = Card.objects.filter(game=GAME).order_by("number").only(*LIST_COLUMNS)
    list(mode[0](cards).page(1).object_list)


@contextmanager
def _planner(default_costs: bool) -> Iterator[None]:
    """On PostgreSQL with `default_costs`: the server's built-in `random_page_cost` meanwhile
    (switched outside the timed calls: its queries are not part of a page)."""
    if not default_costs or connection.vendor != "postgresql":
        yield
        return
    with connection.cursor() as cursor:
        cursor.execute("SHOW random_page_cost")
        (session,) = cursor.fetchone()
        cursor.execute(
            "SELECT set_config('random_page_cost', boot_val, false) FROM pg_settings"
            " WHERE name = 'random_page_cost'"
        )
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute("SELECT set_config('random_page_cost', %s, false)", [session])


def _p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


def run(report) -> None:
    _measure(report, {"": NOW})
    _measure(report, {"second set: ": NOW}, MORE_QUERIES)
    _planning(report, "", QUERIES + MORE_QUERIES)


_PLAN_TIME = re.compile(r"Planning Time: ([\d.]+) ms")
_RUN_TIME = re.compile(r"Execution Time: ([\d.]+) ms")


def _planning(report, label: str, queries: tuple[str, ...]) -> None:
    """On PostgreSQL: how much of the database's time for the pages of `queries` is planning (the
    server's own `EXPLAIN ANALYZE` figures for every statement a page sends). Target under 20%:
    1,000-value statistics made it half (issue 25 item 3)."""
    if connection.vendor != "postgresql":
        return
    planned = ran = 0.0
    for query in queries:
        for sql, params in _statements(partial(_page, query)):
            with connection.cursor() as cursor:
                cursor.execute(f"EXPLAIN (ANALYZE, SUMMARY) {sql}", params)
                lines = "\n".join(row[0] for row in cursor.fetchall())
            planned += float(_PLAN_TIME.search(lines)[1])  # type: ignore[index]
            ran += float(_RUN_TIME.search(lines)[1])  # type: ignore[index]
    if not planned + ran:
        raise RuntimeError("the search pages sent no statement to explain")
    share = 100 * planned / (planned + ran)
    report(f"{label}planning, share of the database's time (both sets)", share, "%", target="< 20%")


def _statements(page: Callable[[], object]) -> list[tuple[str, Any]]:
    """The statements `page` sends, with their parameters. Not Django's query log
    (`CaptureQueriesContext`): once the log holds its 9,000 entries, it captures nothing."""
    sent: list[tuple[str, Any]] = []

    def record(execute, sql, params, many, context):
        sent.append((sql, params))
        return execute(sql, params, many, context)

    with connection.execute_wrapper(record):
        page()
    return sent


def _measure(report, modes: dict[str, Mode], queries: tuple[str, ...] = QUERIES) -> None:
    """Each mode's pages beside the unfiltered page. The modes take turns query by query, so a
    change in the machine's load (it is shared) falls on all of them alike."""
    cards = Card.objects.filter(game=GAME).count()
    report(f"{next(iter(modes))}dbscg cards in the {connection.vendor} database", cards, "cards")
    for mode in modes.values():  # warm caches and connections before measuring
        with _planner(mode[2]):
            for query in queries:
                _page(query, mode)
    searched: dict[str, list[float]] = {label: [] for label in modes}
    plain: dict[str, list[float]] = {label: [] for label in modes}
    by_query: dict[str, dict[str, list[float]]] = {label: {} for label in modes}
    for _ in range(ROUNDS):
        for query in queries:
            for label, mode in modes.items():
                with _planner(mode[2]):
                    elapsed = _timed(partial(_page, query, mode))
                    searched[label].append(elapsed)
                    by_query[label].setdefault(query, []).append(elapsed)
                    plain[label].append(_timed(partial(_plain_page, mode)))
    for label in modes:
        base_median, base_p95 = statistics.median(plain[label]), _p95(plain[label])
        found = searched[label]
        median = statistics.median(found)
        report(
            f"{label}search page, median", median, "ms", baseline=("unfiltered page", base_median)
        )
        report(
            f"{label}search page, p95",
            _p95(found),
            "ms",
            baseline=("unfiltered page", base_p95),
            target="< 50 ms",
        )
        medians = {query: statistics.median(by_query[label][query]) for query in queries}
        slowest = max(medians, key=medians.__getitem__)
        report(
            f"{label}slowest query {slowest!r}, median",
            statistics.median(by_query[label][slowest]),
            "ms",
        )


def run_scaled(report, scale: int) -> None:
    """The same measurement on `scale` copies of the DBSCG cards, in the bench database."""
    fields = ("number", "name", "type", "data", "extra")
    rows = list(Card.objects.filter(game=GAME).order_by("id").values_list(*fields))
    if not rows:
        report("search at scale: no DBSCG cards to copy (run `make setup`)", 0, "cards")
        return
    creation = connection.creation
    original = connection.settings_dict["NAME"]
    test = connection.settings_dict.setdefault("TEST", {})
    if connection.vendor == "sqlite":
        test["NAME"] = str(Path(original).with_name(f"{Path(original).stem}_bench.sqlite3"))
    else:
        test["NAME"] = f"{original}_bench"
    creation.create_test_db(verbosity=0, autoclobber=True, keepdb=True, serialize=False)
    try:
        stored = Card.objects.filter(game=GAME)
        if stored.count() != len(rows) * scale or not stored.exclude(text="").exists():
            started = time.perf_counter()
            build(rows, scale)
            print(f"  built {len(rows) * scale:,} cards in {time.perf_counter() - started:.0f} s")
        if connection.vendor == "postgresql":
            with _as_before():
                _measure(
                    report, {f"{scale}x, no trigram indexes, every match counted: ": NO_INDEXES}
                )
            _measure(
                report,
                {
                    f"{scale}x, trigram indexes only: ": TRIGRAMS_ONLY,
                    f"{scale}x, PostgreSQL's default planner costs: ": DEFAULT_COSTS,
                    f"{scale}x, now: ": NOW,
                },
            )
        else:
            _measure(report, {f"{scale}x: ": NOW})
        _measure(report, {f"{scale}x, second set: ": NOW}, MORE_QUERIES)
        _planning(report, f"{scale}x, ", QUERIES + MORE_QUERIES)
    finally:
        creation.destroy_test_db(original, verbosity=0, keepdb=True)


@contextmanager
def _as_before() -> Iterator[None]:
    """The bench database as before the search work: no trigram or tag indexes, default
    statistics, every match counted; restored afterwards (this is the bench database, never the
    user's)."""
    indexes = import_module("cards.migrations.0007_search_trigram_indexes")
    text = import_module("cards.migrations.0013_search_text_index_planning")
    statistics_now = import_module("cards.migrations.0014_search_columns_statistics")
    with connection.schema_editor() as editor:
        text.backwards(apps, editor)
        indexes.drop_indexes(apps, editor)
    analyze()
    try:
        yield
    finally:
        pending = import_module("cards.migrations.0011_search_gin_without_pending_list")
        with connection.schema_editor() as editor:
            indexes.create_indexes(apps, editor)
            pending.set_fastupdate(on=False)(apps, editor)
            text.forwards(apps, editor)
            statistics_now.forwards(apps, editor)
