"""Materialising a public deck's facts (`DeckFacts`) when it is saved, and rebuilding them all."""

from __future__ import annotations

from django.db import transaction

from cards import validation
from cards.games import dates
from cards.games.registry import get_game
from decklab.decks import selectors
from decklab.decks.models import Deck, DeckVersion, Visibility
from decklab.discovery import popularity
from decklab.discovery.models import DeckFacts, Like, PublicCard


def facts_refresh(*, deck: Deck) -> DeckFacts | None:
    """Write the facts of a public deck from its current version; other decks keep theirs (their
    counters survive a trip to private and back) and are never read while not public."""
    if deck.visibility != Visibility.PUBLIC:
        return None
    version = DeckVersion.objects.filter(deck=deck, number=deck.version).first()
    if version is None:  # a deck being created: its first version comes next
        return None
    zones = selectors.zones_of(version)
    numbers = {number for cards in zones.values() for number in cards}
    game = get_game(deck.game)
    game_deck = selectors.game_deck(deck.game, zones, selectors.cards_by_number(deck.game, numbers))
    archetype = game.archetype(game_deck)
    legal = not validation.check(game, deck.format, game_deck)
    legal_from = (
        dates.legal_from(game.dates, game_deck, game.format(deck.format)) if game.dates else None
    )
    facts, _ = DeckFacts.objects.update_or_create(
        deck=deck,
        defaults={
            "game": deck.game,
            "format": deck.format,
            "archetype": archetype.key[:200],
            "archetype_label": archetype.label[:300],
            "colours": "".join(f"/{colour}" for colour in archetype.colours) + "/"
            if archetype.colours
            else "",
            "legal": legal,
            "legal_from": legal_from,
            "dated": version.edited_at,
            "cards": sum(count for cards in zones.values() for count in cards.values()),
        },
    )
    _write_cards(facts, zones)
    return facts


def _write_cards(facts: DeckFacts, zones: dict[str, dict[str, int]]) -> None:
    """The deck's `PublicCard` rows: its current cards, copies summed over the zones."""
    copies: dict[str, int] = {}
    for cards in zones.values():
        for number, count in cards.items():
            copies[number] = copies.get(number, 0) + count
    with transaction.atomic():
        PublicCard.objects.filter(deck_id=facts.deck_id).delete()
        PublicCard.objects.bulk_create(
            PublicCard(
                deck_id=facts.deck_id,
                game=facts.game,
                format=facts.format,
                dated=facts.dated,
                number=number,
                copies=count,
            )
            for number, count in copies.items()
            if count > 0
        )


def facts_withdraw(*, deck: Deck) -> bool:
    """A deck that is not public (any more) loses its card rows; True when it had facts (it was
    public: the cached counts must drop it)."""
    PublicCard.objects.filter(deck=deck).delete()
    return has_facts(deck=deck)


def has_facts(*, deck: Deck) -> bool:
    return DeckFacts.objects.filter(deck=deck).exists()


def facts_count_likes(*, deck: Deck) -> None:
    """Recount a deck's likes and its popularity (after a like is given or taken back)."""
    moments = list(Like.objects.filter(deck=deck).values_list("created_at", flat=True))
    DeckFacts.objects.filter(deck=deck).update(likes=len(moments), hot=popularity.hot_of(moments))


def facts_place(*, deck_places: dict[int, int]) -> None:
    """Record final places of decks at a finished event, keeping each deck's best."""
    with transaction.atomic():
        for deck_id, place in deck_places.items():
            facts = DeckFacts.objects.filter(deck_id=deck_id).first()
            if facts is not None and (facts.best_place is None or place < facts.best_place):
                facts.best_place = place
                facts.save(update_fields=["best_place"])


def facts_rebuild(*, game: str | None = None) -> int:
    """Rebuild the facts of every public deck (after new card data or format rules): legality and
    archetypes are snapshots taken at save time."""
    decks = Deck.objects.filter(visibility=Visibility.PUBLIC)
    stale = PublicCard.objects.exclude(deck__visibility=Visibility.PUBLIC)
    if game:
        decks = decks.filter(game=game)
        stale = stale.filter(game=game)
    stale.delete()
    done = 0
    for deck in decks.iterator():
        if facts_refresh(deck=deck) is not None:
            facts_count_likes(deck=deck)
            done += 1
    return done
