"""Similar public decks of a public deck, and what changed against the nearest popular list.

Similarity is the weighted overlap of card counts (`cards.games.similarity`: Σ min over Σ max,
all zones together). Scoring every public deck of a game would read every deck's cards, so the
candidates come from the public card rows first (`discovery.PublicCard`: one row per card per
public deck, copies summed over zones, indexed by game and number): the decks that
share a card with this one, ranked in SQL by their shared copies (Σ min over the rows of the
shared cards), the first `CANDIDATES` kept; only those are scored exactly, from their card rows.
For decks of one size (a format's fixed deck size) the shared copies order them as the score does,
so the prefilter loses nothing; a much smaller deck may rank lower there than its score would.

Popular: a list other players copied into public decks of their own (`public_copies`; private and
unlisted copies are never counted). The nearest popular list is the most similar candidate with a
copy; "what changed" is the history's diff (`selectors.zone_diff`) from it to this deck.

Private and unlisted decks are never candidates, and the cached ranking is filtered by visibility
again when read, so a deck made private leaves every list at once.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.core.cache import cache
from django.db.models import Case, Count, F, IntegerField, QuerySet, Sum, Value, When
from django.db.models.functions import Least

from cards.games.similarity import card_counts, most_similar
from decklab.decks import selectors
from decklab.decks.models import Deck, Visibility
from decklab.discovery.models import PublicCard

#: Similar decks a page shows.
SHOWN = 5
#: Decks the card index's prefilter hands to the exact score.
CANDIDATES = 200
#: A deck's ranking is kept this long (visibility is checked again on every read).
CACHE_SECONDS = 600


@dataclass(frozen=True)
class SimilarDeck:
    deck: Deck
    score: float
    copies: int

    @property
    def percent(self) -> int:
        """The score in whole percent, as the page shows it (never 100 unless identical)."""
        return min(int(self.score * 100 + 0.5), 99 if self.score < 1 else 100)


@dataclass(frozen=True)
class Nearest:
    """The list this deck is compared with, and the cards added and removed from it."""

    similar: SimilarDeck
    popular: bool
    zones: list[dict]


def _public(game: str) -> QuerySet[Deck]:
    return Deck.objects.filter(game=game, visibility=Visibility.PUBLIC)


def ranking(deck: Deck) -> list[tuple[int, float]]:
    """The public decks of the deck's game most like it, as (id, score), best first (cached per
    revision of the deck; callers check visibility again)."""
    key = f"similar-decks:{deck.pk}:{deck.revision}"
    found = cache.get(key)
    if found is not None:
        return found
    target = card_counts(selectors.current_zones(deck))
    if not target:
        return []
    wanted = Case(
        *(When(number=number, then=Value(count)) for number, count in target.items()),
        output_field=IntegerField(),
    )
    shared = (
        PublicCard.objects.filter(game=deck.game, number__in=list(target))
        .exclude(deck_id=deck.pk)
        .values("deck_id")
        .annotate(shared=Sum(Least("copies", wanted)))
        .order_by("-shared", "deck_id")
        .values_list("deck_id", flat=True)[:CANDIDATES]
    )
    candidates = _counts(list(shared))
    found = most_similar(target, candidates.items())
    cache.set(key, found, CACHE_SECONDS)
    return found


def _counts(deck_ids: list[int]) -> dict[int, dict[str, int]]:
    """Each deck's count of each card, all zones together, from the public card rows (one
    query)."""
    counts: dict[int, dict[str, int]] = defaultdict(dict)
    rows = PublicCard.objects.filter(deck_id__in=deck_ids).values_list(
        "deck_id", "number", "copies"
    )
    for deck_id, number, copies in rows:
        counts[deck_id][number] = copies
    return counts


def public_copies(deck_ids: list[int]) -> dict[int, int]:
    """How many public decks of other players were copied from each deck (any of its versions)."""
    copies = (
        Deck.objects.filter(forked_from__deck_id__in=deck_ids, visibility=Visibility.PUBLIC)
        .exclude(owner_id=F("forked_from__deck__owner_id"))
        .values("forked_from__deck_id")
        .annotate(copies=Count("id"))
        .values_list("forked_from__deck_id", "copies")
    )
    return dict(copies)


def similar_decks(*, deck: Deck, limit: int = SHOWN) -> list[SimilarDeck]:
    """The public decks most like a public deck, best first (none for any other deck)."""
    if deck.visibility != Visibility.PUBLIC:
        return []
    ranked = ranking(deck)
    return _still_public(deck.game, ranked, limit)


def _still_public(game: str, ranked: list[tuple[int, float]], limit: int) -> list[SimilarDeck]:
    """The first `limit` of a ranking that are public now, with their public copies."""
    # A few more than shown: some may have left public since the ranking was made.
    head = ranked[: limit * 4]
    decks = _public(game).select_related("owner").in_bulk([deck_id for deck_id, _ in head])
    copies = public_copies(list(decks))
    shown = [
        SimilarDeck(decks[deck_id], score, copies.get(deck_id, 0))
        for deck_id, score in head
        if deck_id in decks
    ]
    return shown[:limit]


def nearest_list(*, deck: Deck) -> Nearest | None:
    """The most similar public list others copied (else the most similar public deck), with the
    cards added and removed from it to this deck; None when no public deck shares a card."""
    if deck.visibility != Visibility.PUBLIC:
        return None
    ranked = ranking(deck)
    copies = public_copies([deck_id for deck_id, _ in ranked])
    popular = [(deck_id, score) for deck_id, score in ranked if copies.get(deck_id)]
    for candidates, is_popular in ((popular, True), (ranked, False)):
        found = _still_public(deck.game, candidates, 1)
        if found:
            other = found[0]
            zones = selectors.zone_diff(
                deck.game, selectors.current_zones(other.deck), selectors.current_zones(deck)
            )
            return Nearest(other, is_popular, zones)
    return None
