"""Reads for the social parts: a deck's likes, tags and views, and a player's public profile."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser, User
from django.db.models import QuerySet, Sum
from django.http import Http404
from django.utils.translation import gettext

from decklab.decks.models import Deck, Visibility
from decklab.discovery.models import DeckFacts, DeckTag, Like

Viewer = User | AnonymousUser


@dataclass(frozen=True)
class DeckSocial:
    deck: Deck
    #: False for a deck that is not public: nothing social is shown or counted.
    public: bool
    likes: int
    views: int
    liked: bool
    tags: list[str]
    can_tag: bool


def deck_social(deck: Deck, user: Viewer) -> DeckSocial:
    public = deck.visibility == Visibility.PUBLIC
    facts = DeckFacts.objects.filter(deck=deck).only("likes", "views").first() if public else None
    return DeckSocial(
        deck=deck,
        public=public,
        likes=facts.likes if facts else 0,
        views=facts.views if facts else 0,
        liked=public
        and user.is_authenticated
        and Like.objects.filter(deck=deck, user=user).exists(),
        tags=list(DeckTag.objects.filter(deck=deck).values_list("name", flat=True)),
        can_tag=user.is_authenticated and deck.owner_id == user.pk,
    )


@dataclass(frozen=True)
class Profile:
    player: User
    decks: QuerySet[Deck]
    likes: int
    views: int


def player_profile(username: str) -> Profile:
    """A player's public page: their public decks only (an unknown name is a 404)."""
    player = get_user_model().objects.filter(username=username, is_active=True).first()
    if player is None:
        raise Http404(gettext("No such player."))
    decks = (
        Deck.objects.filter(owner=player, visibility=Visibility.PUBLIC, facts__isnull=False)
        .select_related("facts")
        .order_by("-facts__dated", "-pk")
    )
    totals = DeckFacts.objects.filter(
        deck__owner=player, deck__visibility=Visibility.PUBLIC
    ).aggregate(likes=Sum("likes"), views=Sum("views"))
    return Profile(player, decks, totals["likes"] or 0, totals["views"] or 0)
