"""Public deck search: every filter of the search page and of `GET /api/v1/games/<game>/decks`.

Only decks whose own `visibility` is public are ever read (`public_decks`), whatever their facts
say, so private and unlisted decks never appear in results or counts.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Count, Exists, OuterRef, Q, QuerySet
from django.utils.translation import gettext

from cards import search as card_search
from cards.games.dates import NO_DATES
from cards.games.game import Game
from decklab.collections import selectors as collections
from decklab.decks.models import Deck, DeckCard, Visibility
from decklab.discovery.models import DeckFacts, DeckTag

Viewer = User | AnonymousUser
#: How many card numbers one card query of a filter may stand for.
CARDS_PER_QUERY = 500
SORTS = ("popular", "new", "views")


@dataclass(frozen=True)
class Filters:
    """One search; empty fields filter nothing. Card fields are card queries (`cards.search`):
    `any_of` one query, `all_of` queries separated by commas (each must be in the deck),
    `none_of` one query."""

    game: str
    format: str = ""
    archetype: str = ""
    colour: str = ""
    any_of: str = ""
    all_of: str = ""
    none_of: str = ""
    author: str = ""
    tag: str = ""
    since: date | None = None
    until: date | None = None
    legal: bool = False
    #: Legal by its format as it stood at this date (RULES.md §6.1; `DeckFacts.legal_from`).
    legal_at: date | None = None
    placed: int | None = None
    most_missing: int | None = None
    sort: str = "popular"


def public_decks(game: str) -> QuerySet[Deck]:
    """Public decks of a game that have their facts, with their owner and facts read along."""
    return Deck.objects.filter(facts__game=game, visibility=Visibility.PUBLIC).select_related(
        "owner", "facts"
    )


def public_facts(game: str) -> QuerySet[DeckFacts]:
    """The facts of the public decks of a game (the meta and the card statistics count these)."""
    return DeckFacts.objects.filter(game=game, deck__visibility=Visibility.PUBLIC)


def day_start(day: date) -> datetime:
    return datetime.combine(day, time.min, tzinfo=UTC)


def _card_numbers(game: str, query: str) -> list[str]:
    """The numbers a card query names (raises `QueryError` for a query it cannot read)."""
    found = card_search.search(game, query).values_list("number", flat=True)
    return list(found[:CARDS_PER_QUERY])


def _holding(numbers: list[str]) -> Exists:
    return Exists(DeckCard.objects.filter(deck=OuterRef("pk"), number__in=numbers))


def _by_cards(decks: QuerySet[Deck], filters: Filters) -> QuerySet[Deck]:
    if filters.any_of.strip():
        decks = decks.filter(_holding(_card_numbers(filters.game, filters.any_of)))
    for term in filters.all_of.split(","):
        if term.strip():
            decks = decks.filter(_holding(_card_numbers(filters.game, term)))
    if filters.none_of.strip():
        decks = decks.exclude(_holding(_card_numbers(filters.game, filters.none_of)))
    return decks


def _by_collection(decks: QuerySet[Deck], user: Viewer, filters: Filters) -> QuerySet[Deck]:
    """Decks the signed-in player can build from their collection, missing at most N copies."""
    if filters.most_missing is None or not user.is_authenticated:
        return decks
    collection = collections.collection_of(user, filters.game)
    if collection is None:
        return decks.none()
    found = collections.buildable(collection, decks, filters.most_missing)
    return decks.filter(pk__in=[deck_id for deck_id, _missing in found])


def _ordered(decks: QuerySet[Deck], sort: str) -> QuerySet[Deck]:
    if sort == "new":
        return decks.order_by("-facts__dated")
    if sort == "views":
        return decks.order_by("-facts__views", "-facts__dated")
    return decks.order_by("-facts__hot", "-facts__dated")


def deck_search(*, filters: Filters, user: Viewer) -> QuerySet[Deck]:
    """The public decks matching every filter, in the chosen order (`QueryError` for an
    unreadable card query)."""
    decks = public_decks(filters.game)
    conditions = Q()
    if filters.format:
        conditions &= Q(facts__format=filters.format)
    if filters.archetype:
        conditions &= Q(facts__archetype=filters.archetype)
    if filters.colour:
        conditions &= Q(facts__colours__contains=f"/{filters.colour}/")
    if filters.author:
        conditions &= Q(owner__username__iexact=filters.author)
    if filters.tag:
        conditions &= Q(Exists(DeckTag.objects.filter(deck=OuterRef("pk"), name=filters.tag)))
    if filters.since:
        conditions &= Q(facts__dated__gte=day_start(filters.since))
    if filters.until:
        conditions &= Q(facts__dated__lt=day_start(filters.until + timedelta(days=1)))
    if filters.legal:
        conditions &= Q(facts__legal=True)
    if filters.legal_at:
        conditions &= Q(facts__legal=True) & (
            Q(facts__legal_from__isnull=True) | Q(facts__legal_from__lte=filters.legal_at)
        )
    if filters.placed:
        conditions &= Q(facts__best_place__lte=filters.placed)
    decks = _by_cards(decks.filter(conditions), filters)
    return _ordered(_by_collection(decks, user, filters), filters.sort)


def search_notes(*, game: Game, filters: Filters) -> list[str]:
    """What the reader must know about a search's answer, in the active language: "legal at" for
    a game whose data carries no dates is answered by today's rules (`cards.games.dates`), never
    silently."""
    return [gettext(NO_DATES)] if filters.legal_at and not game.dates else []


def archetype_choices(game: str, format: str = "") -> list[tuple[str, str, int]]:
    """(key, label, public decks) of the archetypes played, most played first."""
    facts = public_facts(game).exclude(archetype="")
    if format:
        facts = facts.filter(format=format)
    rows = (
        facts.values("archetype", "archetype_label")
        .annotate(decks=Count("deck"))
        .order_by("-decks", "archetype_label")[:200]
    )
    return [(row["archetype"], row["archetype_label"], row["decks"]) for row in rows]


def colour_choices(game: str) -> list[str]:
    """The colours the public decks of a game show, as their facts write them."""
    seen: dict[str, None] = {}
    for written in public_facts(game).values_list("colours", flat=True).distinct()[:500]:
        for colour in written.split("/"):
            if colour:
                seen.setdefault(colour, None)
    return list(seen)


def with_tags(decks: list[Deck]) -> list[Deck]:
    """A page of decks, each with its `tag_names` (one query)."""
    found: dict[int, list[str]] = {}
    for deck_id, name in DeckTag.objects.filter(deck__in=decks).values_list("deck_id", "name"):
        found.setdefault(deck_id, []).append(name)
    for deck in decks:
        deck.tag_names = found.get(deck.pk, [])  # type: ignore[attr-defined]
    return decks
