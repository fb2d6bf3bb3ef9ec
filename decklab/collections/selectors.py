"""Reads of collections: owned, reserved and needed by identity, and the decks a player can build.

A collection exists only for its owner, or for anyone holding its unlisted link: every other
lookup is a `CollectionNotFound` (a 404 that says nothing of whether it exists).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import OuterRef, QuerySet, Subquery
from django.http import Http404
from django.utils.translation import gettext

from cards.games.base import Card, Deck
from cards.games.registry import get_game
from cards.models import Card as CardRow
from decklab.collections import counting, reach
from decklab.collections.models import Collection, CollectionCard
from decklab.collections.needs import needs_fill
from decklab.decks.models import Deck as SavedDeck
from decklab.decks.models import DeckCard

Viewer = User | AnonymousUser


class CollectionNotFound(Http404):
    """No such collection, or none this user may see."""


def collection_of(user: Viewer, game: str) -> Collection | None:
    if not user.is_authenticated:
        return None
    return Collection.objects.filter(owner=user, game=game).first()


def collection_by_id(user: Viewer, pk: int) -> Collection:
    """The user's own collection by id; someone else's is not found."""
    found = Collection.objects.filter(pk=pk, owner_id=user.pk).first() if user.pk else None
    if found is None:
        raise CollectionNotFound(gettext("No such collection."))
    return found


def collection_by_share_code(code: str) -> Collection:
    found = Collection.objects.filter(share_code=code).select_related("owner").first()
    if not code or found is None:
        raise CollectionNotFound(gettext("No such collection."))
    return found


def owned(collection: Collection | None) -> dict[str, int]:
    """Copies owned by identity (prints and reprints of a card summed)."""
    if collection is None:
        return {}
    return counting.add_up(collection.cards.values_list("identity", "quantity"))


def game_cards(game: str, numbers: Iterable[str]) -> dict[str, Card]:
    """Stored cards by number."""
    rows = CardRow.objects.filter(game=game, number__in=set(numbers)).order_by()
    return {row.number: row.to_game_card() for row in rows}


def reserved(collection: Collection | None, *, besides: int | None = None) -> dict[str, int]:
    """Copies by identity that the built decks hold back (`besides`: a deck left out)."""
    if collection is None:
        return {}
    built = collection.built.all() if besides is None else collection.built.exclude(deck_id=besides)
    deck_ids = built.values("deck_id")
    rows = list(DeckCard.objects.filter(deck_id__in=deck_ids).values_list("number", "count"))
    game = get_game(collection.game)
    cards = game_cards(collection.game, (number for number, _c in rows))
    return counting.add_up(
        (game.identity(cards[number]), count) for number, count in rows if number in cards
    )


@dataclass(frozen=True)
class Holdings:
    """Owned and needed for every card of one deck, for one player."""

    collection: Collection | None
    lines: list[counting.Line]
    built: bool

    @property
    def missing(self) -> int:
        return counting.total_missing(self.lines)


def holdings(user: Viewer, game: str, deck: Deck, saved: SavedDeck | None) -> Holdings:
    collection = collection_of(user, game)
    besides = saved.pk if saved else None
    built = bool(collection and saved and collection.built.filter(deck=saved).exists())
    lines = counting.lines(
        counting.needs(get_game(game), deck),
        owned(collection),
        reserved(collection, besides=besides),
    )
    return Holdings(collection, lines, built)


def rows(collection: Collection) -> QuerySet[CollectionCard]:
    """The collection's rows, each with its card's `name`."""
    names = CardRow.objects.filter(game=collection.game, number=OuterRef("number"))
    return collection.cards.annotate(name=Subquery(names.values("name")[:1])).order_by("number")


def card_quantity(user: Viewer, game: str, number: str) -> int | None:
    """How many of this stored card the player owns (None: signed out)."""
    if not user.is_authenticated:
        return None
    row = CollectionCard.objects.filter(
        collection__owner=user, collection__game=game, number=number
    ).first()
    return row.quantity if row else 0


@dataclass(frozen=True)
class TradeLine:
    """One card of the trade list: the surplus as counted, and what the player offers."""

    row: CollectionCard
    #: Copies beyond the reserved ones and a playset.
    surplus: int

    @property
    def offered(self) -> int:
        """The player's own number if they set one (never more than they own), else the surplus."""
        if self.row.offered is None:
            return self.surplus
        return min(self.row.offered, self.row.quantity)

    @property
    def edited(self) -> bool:
        return self.row.offered is not None


def trade_list(collection: Collection) -> list[TradeLine]:
    """The cards with a surplus, or with an offer the player set, by number."""
    game = get_game(collection.game)
    held = list(rows(collection).filter(quantity__gt=0))
    cards = game_cards(collection.game, (row.number for row in held))
    taken = reserved(collection)
    found = []
    for row in held:
        extra = 0
        if row.number in cards:
            extra = counting.surplus(
                game, cards[row.number], row.quantity, taken.get(row.identity, 0)
            )
        if extra or row.offered is not None:
            found.append(TradeLine(row, extra))
    return found


def surplus(collection: Collection) -> list[tuple[CollectionCard, int]]:
    """Rows with copies offered for trades: the surplus, or the player's own number."""
    return [(line.row, line.offered) for line in trade_list(collection) if line.offered]


def offers(user: Viewer, game: str, identity: str) -> list[tuple[str, int]]:
    """Players who offer the card for trades (trades opted in), by username only."""
    found = []
    others = Collection.objects.filter(game=game, trades=True, cards__identity=identity)
    for collection in others.exclude(owner_id=user.pk).select_related("owner").distinct():
        extra = sum(n for row, n in surplus(collection) if row.identity == identity)
        if extra:
            found.append((collection.owner.get_username(), extra))
    return sorted(found)


def wishlist(collection: Collection) -> QuerySet[CollectionCard]:
    return rows(collection).filter(wanted__gt=0)


def buildable(
    collection: Collection, decks: QuerySet[SavedDeck], most_missing: int
) -> list[tuple[int, int]]:
    """(deck id, copies missing) of the decks missing at most `most_missing` copies, fewest
    missing first: read from the collection's materialised `Reach`, brought up to date first
    (docs/collections.md "Decks I can build")."""
    needs_fill(decks)
    needs_fill(SavedDeck.objects.filter(pk__in=collection.built.values("deck_id")))
    reach.reach_refresh(collection=collection)
    return reach.within(collection, decks, most_missing)
