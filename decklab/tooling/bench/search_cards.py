"""The cards and queries of the search bench (`decklab.tooling.bench.search`): the two query sets,
and the scaled set of DBSCG cards it builds in its own database."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection

from cards.games.game import number_key
from cards.games.text import fold
from cards.models import Card, to_game_card
from cards.search import index_columns

GAME = "dbscg"

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

#: The second set (issue 25 item 3): what the first leaves out and players type — card text
#: (`text:`, `o:`; the scaled set gives every card a made-up text, `made_up_text`), negated
#: groups, Japanese and card numbers or number comparisons.
MORE_QUERIES = (
    "text:draw",
    'o:"dual attack"',
    "text:barrier type:battle",
    "o:ドロー",
    "テキスト:手札",
    "text:warp color:red",
    "-text:draw type:leader",
    "text:zzz-no-such-text",
    "-(color:red or color:blue)",
    "-(type:battle or type:extra)",
    "-(color:red or color:blue) type:battle",
    "-(trait:saiyan or trait:god) cost<=2",
    "孫悟空",
    "ソンゴクウ",
    "色:赤 コスト<=2",
    "種類:リーダー",
    "弾:BT1",
    "パワー>=20000",
    "bt1-001",
    "BT10-0",
    "number:BT20-0",
    "number=BT1-001",
    "cost=3",
    "cost>=3 cost<=4 power<=10000",
)


#: Rows written per INSERT while building the scaled set.
BUILD_BATCH = 2_000


def analyze() -> None:
    """Statistics for the planner; on PostgreSQL also VACUUM, which leaves the table as a site's
    settles (the visibility map that index-only scans read; GIN indexes made by `_as_before` keep
    new rows in a pending list until then, migration 0011)."""
    table = connection.ops.quote_name(Card._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(f"{'VACUUM ' if connection.vendor == 'postgresql' else ''}ANALYZE {table}")


#: The words of the scaled set's made-up card texts (DeckLab ships no card text; a site's users
#: enter it): common and rare words, English and Japanese, so that `text:` finds many or few.
TEXT_WORDS = (
    "draw",
    "energy",
    "barrier",
    "blocker",
    "attack",
    "combo",
    "hand",
    "drop area",
    "life",
    "deck",
    "leader",
    "battle card",
    "awaken",
    "evolve",
    "warp",
    "critical",
    "dual attack",
    "double strike",
    "union-fusion",
    "over realm",
    "ドロー",
    "エナジー",
    "手札",
    "ライフ",
    "バトルカード",
)


def made_up_text(row: int) -> str:
    """A card text of 8 of `TEXT_WORDS`, the same for the same row in every build: the first words
    in most texts, the last in about one in a hundred (the lesser of two draws)."""
    count = len(TEXT_WORDS)
    picked = []
    for step in range(8):
        draw = (row * 2_654_435_761 + step * 40_503) % 4_294_967_291
        picked.append(TEXT_WORDS[min(draw % count, draw // count % count)])
    return "When this card " + ", ".join(picked) + "."


@contextmanager
def _gin_indexes_built_after() -> Iterator[None]:
    """On PostgreSQL, the card table's GIN indexes dropped meanwhile and made again afterwards,
    each from its own definition: building one in bulk takes seconds, where inserting 200k rows
    into them (no pending list, migration 0011) took most of an hour on a loaded machine."""
    if connection.vendor != "postgresql":
        yield
        return
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = %s"
            " AND indexdef LIKE '%% USING gin %%'",
            [Card._meta.db_table],
        )
        definitions = cursor.fetchall()
        for name, _ in definitions:
            cursor.execute(f"DROP INDEX {connection.ops.quote_name(name)}")
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            for _, definition in definitions:
                cursor.execute(definition)


def build(rows: list[tuple], scale: int) -> None:
    with _gin_indexes_built_after():
        _insert(rows, scale)
    analyze()


def _insert(rows: list[tuple], scale: int) -> None:
    # One statement, not a delete per card (their signal forgets the cached counts one by one):
    # the bench database's cards, which nothing else refers to.
    with connection.cursor() as cursor:
        cursor.execute(f"DELETE FROM {connection.ops.quote_name(Card._meta.db_table)}")
    batch: list[Card] = []
    for copy in range(1, scale + 1):
        for row, (number, name, type_, data, extra) in enumerate(rows):
            number = number if copy == 1 else f"{number}-x{copy}"
            card = to_game_card(number, name, type_, data, extra)
            text = made_up_text(row)
            batch.append(
                Card(
                    game=GAME,
                    number=number,
                    number_key=number_key(number),
                    name=name,
                    type=type_,
                    data=data,
                    extra=extra,
                    text=text,
                    text_folded=fold(text),
                    **index_columns(GAME, card),
                )
            )
            if len(batch) == BUILD_BATCH:
                Card.objects.bulk_create(batch)
                batch = []
    Card.objects.bulk_create(batch)
