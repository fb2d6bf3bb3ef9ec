"""What each deck misses from a collection, materialised per collection (`Reach`).

Counting is one SQL statement over the decks' needs by identity (`needs`): the collection's
copies per identity, less those its built decks reserve (a built deck counts its own), are joined
to the need rows of the identities it holds; a deck misses its total less what is covered.
`reach_refresh` writes those counts into `Reach`: every deck of the game the first time (or when
too much changed), and then only the decks that need an identity whose copies changed since
(`ReachDirty`, written by the services with the change) and the decks whose needs were written
since the last refresh (less `SETTLE`, for saves still committing then). `within` then reads the
decks missing at most N by an index (docs/collections.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta

from django.db import connection, transaction
from django.db.models import QuerySet
from django.utils import timezone

from decklab.collections.models import (
    BuiltDeck,
    Collection,
    CollectionCard,
    DeckNeed,
    DeckNeeds,
    Reach,
    ReachDirty,
    ReachState,
)
from decklab.decks.models import Deck

#: A deck saved this long before a refresh is recounted by the next one too: a save whose
#: transaction had not committed when the refresh read the needs is not lost.
SETTLE = timedelta(minutes=2)
#: `ReachDirty` for "anything may have changed": every deck is recounted.
ALL = "*"
#: More changed identities than this at once (an import): every deck is recounted.
LARGEST_PARTIAL = 200

_COUNT = """
WITH built AS (
    SELECT deck_id FROM {built} WHERE collection_id = %s
), free AS (
    SELECT owned.identity, owned.n - COALESCE(reserved.n, 0) AS n
    FROM (
        SELECT identity, SUM(quantity) AS n FROM {card} WHERE collection_id = %s
        GROUP BY identity
    ) owned LEFT JOIN (
        SELECT identity, SUM(count) AS n FROM {need}
        WHERE deck_id IN (SELECT deck_id FROM built) GROUP BY identity
    ) reserved ON reserved.identity = owned.identity
), covered AS (
    SELECT need.deck_id,
        SUM({least}(need.count, {greatest}(0, free.n + CASE WHEN built.deck_id IS NULL
            THEN 0 ELSE need.count END))) AS n
    FROM free JOIN {need} need ON need.identity = free.identity
    LEFT JOIN built ON built.deck_id = need.deck_id
    WHERE need.deck_id IN ({decks})
    GROUP BY need.deck_id
)
INSERT INTO {reach} (collection_id, deck_id, missing)
SELECT %s, total.deck_id, total.total - COALESCE(covered.n, 0)
FROM {needs} total LEFT JOIN covered ON covered.deck_id = total.deck_id
WHERE total.deck_id IN ({decks})
"""


def _count(collection: Collection, decks: QuerySet[Deck]) -> None:
    """Write `Reach` rows of these decks (none of which may have one yet)."""
    deck_sql, deck_params = decks.order_by().values("id").query.sql_with_params()
    postgres = connection.vendor == "postgresql"
    sql = _COUNT.format(
        card=CollectionCard._meta.db_table,
        built=BuiltDeck._meta.db_table,
        need=DeckNeed._meta.db_table,
        needs=DeckNeeds._meta.db_table,
        reach=Reach._meta.db_table,
        decks=deck_sql,
        least="LEAST" if postgres else "MIN",
        greatest="GREATEST" if postgres else "MAX",
    )
    params = [collection.pk, collection.pk, *deck_params, collection.pk, *deck_params]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


def reach_mark(*, collection: Collection, identities: Iterable[str]) -> None:
    """Note identities whose copies changed (in the transaction of the change)."""
    ReachDirty.objects.bulk_create(
        ReachDirty(collection=collection, identity=identity) for identity in set(identities)
    )


@transaction.atomic
def reach_refresh(*, collection: Collection) -> None:
    """Bring the collection's `Reach` up to date (the collection row is locked meanwhile)."""
    locked = Collection.objects.select_for_update().get(pk=collection.pk)
    state = ReachState.objects.filter(collection=locked).first()
    now = timezone.now()
    dirty = list(ReachDirty.objects.filter(collection=locked).values_list("pk", "identity"))
    ReachDirty.objects.filter(pk__in=[pk for pk, _identity in dirty]).delete()
    changed = {identity for _pk, identity in dirty}
    saved = DeckNeeds.objects.filter(saved_at__gte=(state.counted_at if state else now) - SETTLE)
    # A built deck whose cards changed reserves other copies: every deck may miss others.
    rebuilt = BuiltDeck.objects.filter(collection=locked, deck__in=saved.values("deck_id"))
    if state is None or ALL in changed or len(changed) > LARGEST_PARTIAL or rebuilt.exists():
        Reach.objects.filter(collection=locked).delete()
        _count(locked, Deck.objects.filter(game=locked.game))
        ReachState.objects.update_or_create(collection=locked, defaults={"counted_at": now})
        return
    stale = set(saved.filter(deck__game=locked.game).values_list("deck_id", flat=True))
    if changed:
        needing = DeckNeed.objects.filter(identity__in=changed, deck__game=locked.game)
        stale.update(needing.values_list("deck_id", flat=True))
    if stale:
        Reach.objects.filter(collection=locked, deck_id__in=stale).delete()
        _count(locked, Deck.objects.filter(pk__in=stale))
    ReachState.objects.filter(collection=locked).update(counted_at=now)


def within(
    collection: Collection, decks: QuerySet[Deck], most_missing: int
) -> list[tuple[int, int]]:
    """(deck id, copies missing) of these decks missing at most `most_missing`, fewest first."""
    rows = Reach.objects.filter(
        collection=collection, missing__lte=most_missing, deck__in=decks.order_by().values("id")
    )
    return list(rows.order_by("missing", "-deck_id").values_list("deck_id", "missing"))
