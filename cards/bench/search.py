"""Card-search latency on the DBSCG cards of the current database (`make bench`).

Each of 50 fixed queries is timed the way a card-list page runs it — translate, count, fetch the
first page — several times; the median and p95 over all those timings stand beside a baseline
measured in the same run: the same count-and-page of an unfiltered `Card.objects.filter(game=…)`.
Target: p95 under 50 ms, on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from cards.models import Card
from cards.search import ordered, search
from cards.views import LIST_COLUMNS

GAME = "dbscg"
PAGE = 60
ROUNDS = 5

QUERIES = (
    "goku",
    "son goku",
    '"son gohan"',
    "vegeta -ssb",
    "frieza or cell",
    "bt20-0",
    "ｺﾞｸｳ",
    "type:battle",
    "type=leader",
    "type:z-",
    "color:red",
    "色:赤",
    "color:red type:battle cost<=2",
    "type:battle color:red cost<=3 power>=15000",
    'kw:"super combo"',
    "kw=barrier",
    "kw:dragon ball",
    "set:BT20",
    "set=BT1 rarity=SR",
    "trait:saiyan",
    "trait:saiyan color:blue",
    "trait:android -color:black",
    "char:goku",
    "era:broly",
    "cost=0",
    "cost>=7",
    "cost<=1 power>=20000",
    "power>25000",
    "combo>=10000",
    "combocost=0 type:battle",
    "spec=RR",
    "rarity:scr",
    "-type:battle",
    "-(color:red or color:blue)",
    "(color:green or color:yellow) type:extra",
    "color:black kw:barrier or color:white",
    "type:leader (trait:god or trait:angel)",
    "種類:リーダー 色:青",
    "name:champa",
    'name="son goku"',
    "number:BT1-",
    "cost<=3 -kw:barrier -kw:blocker type=battle",
    "kw:evolve cost<=4",
    "kw:awaken type=leader",
    "trait:majin or trait:demon",
    "color:red color:blue",
    "power>=10000 power<=15000",
    "set:EX",
    "set:PROMO type=battle",
    "zzz-no-such-card",
)


def _timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000


def _page(query: str) -> None:
    cards = ordered(search(GAME, query), "number").only(*LIST_COLUMNS)
    cards.count()
    list(cards[:PAGE])


def _plain_page() -> None:
    cards = Card.objects.filter(game=GAME).order_by("number").only(*LIST_COLUMNS)
    cards.count()
    list(cards[:PAGE])


def _p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


def run(report) -> None:
    assert len(QUERIES) == 50
    report("dbscg cards in the database", Card.objects.filter(game=GAME).count(), "cards")
    for query in QUERIES:  # warm caches and connections before measuring
        _page(query)
    searched = [_timed(lambda q=q: _page(q)) for _ in range(ROUNDS) for q in QUERIES]
    plain = [_timed(_plain_page) for _ in range(ROUNDS * len(QUERIES))]
    baseline_median, baseline_p95 = statistics.median(plain), _p95(plain)
    report(
        "search page, median",
        statistics.median(searched),
        "ms",
        baseline=("unfiltered page", baseline_median),
    )
    report(
        "search page, p95",
        _p95(searched),
        "ms",
        baseline=("unfiltered page", baseline_p95),
        target="< 50 ms",
    )
    slowest = max(
        QUERIES, key=lambda q: statistics.median(_timed(lambda: _page(q)) for _ in range(3))
    )
    report(
        f"slowest query {slowest!r}, median",
        statistics.median(_timed(lambda: _page(slowest)) for _ in range(3)),
        "ms",
    )
