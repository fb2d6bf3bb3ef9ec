"""Each saved deck's needs by card identity, materialised for "Decks I can build".

`DeckNeed` holds, per deck, the copies of each identity its current cards ask for (every zone,
alternate prints and reprints folded by `GAME.identity`), and `DeckNeeds` the deck's total. They
are written whenever the deck's cards are (the deck app's `deck_cards_saved`, same transaction),
so `selectors.buildable` compares a collection with decks by identity in SQL, reading only the
rows of the identities the collection holds. Decks saved before this table existed (or made
without the deck services) are filled on first use by `needs_fill`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from django.db.models import QuerySet

from cards.games.registry import get_game
from cards.models import Card as CardRow
from decklab.collections.models import DeckNeed, DeckNeeds
from decklab.decks.models import Deck, DeckCard

#: Rows written per INSERT when filling many decks at once.
BATCH = 5000


def identities(game_slug: str, numbers: Iterable[str]) -> dict[str, str]:
    """Card number → `GAME.identity`; a number no stored card has stays itself."""
    game = get_game(game_slug)
    wanted = set(numbers)
    rows = CardRow.objects.filter(game=game_slug, number__in=wanted).order_by()
    found = {row.number: game.identity(row.to_game_card()) for row in rows}
    return {number: found.get(number, number) for number in wanted}


def _folded(rows: Iterable[tuple[str, int]], identity: Mapping[str, str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for number, count in rows:
        key = identity[number]
        counts[key] = counts.get(key, 0) + count
    return counts


def _write(needs: Mapping[int, dict[str, int]]) -> None:
    DeckNeed.objects.filter(deck_id__in=list(needs)).delete()
    DeckNeeds.objects.filter(deck_id__in=list(needs)).delete()
    DeckNeeds.objects.bulk_create(
        (DeckNeeds(deck_id=deck_id, total=sum(c.values())) for deck_id, c in needs.items()),
        batch_size=BATCH,
    )
    DeckNeed.objects.bulk_create(
        (
            DeckNeed(deck_id=deck_id, identity=identity, count=count)
            for deck_id, counts in needs.items()
            for identity, count in counts.items()
            if count
        ),
        batch_size=BATCH,
    )


def deck_needs_write(*, deck: Deck, zones: Mapping[str, Mapping[str, int]]) -> None:
    """Rewrite one deck's needs from its current cards (`{zone: {number: count}}`)."""
    rows = [(number, count) for cards in zones.values() for number, count in cards.items()]
    _write({deck.pk: _folded(rows, identities(deck.game, (n for n, _c in rows)))})


def on_deck_cards_saved(sender, *, deck: Deck, zones, **kwargs) -> None:
    deck_needs_write(deck=deck, zones=zones)


def needs_fill(decks: QuerySet[Deck]) -> int:
    """Write the needs of the decks that have none yet (from `DeckCard`); how many were filled."""
    # A deck of no cards gets a DeckNeeds of total 0 too, so it is not read again.
    todo = list(
        decks.order_by()
        .exclude(pk__in=DeckNeeds.objects.values("deck_id"))
        .values_list("pk", "game")
    )
    if not todo:
        return 0
    by_game: dict[str, list[int]] = {}
    for pk, game in todo:
        by_game.setdefault(game, []).append(pk)
    for game, pks in by_game.items():
        for start in range(0, len(pks), BATCH):
            chunk = pks[start : start + BATCH]
            rows = list(
                DeckCard.objects.filter(deck_id__in=chunk).values_list("deck_id", "number", "count")
            )
            identity = identities(game, (number for _d, number, _c in rows))
            per_deck: dict[int, list[tuple[str, int]]] = {pk: [] for pk in chunk}
            for deck_id, number, count in rows:
                per_deck[deck_id].append((number, count))
            _write({pk: _folded(r, identity) for pk, r in per_deck.items()})
    return len(todo)
