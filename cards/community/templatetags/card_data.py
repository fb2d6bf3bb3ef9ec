"""What the card database holds and lacks, said where a player meets it (issue 23): the game's
registered cards on the deck editor and builder, and "propose this card" with its number and name
filled in."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template
from django.utils.translation import gettext

from cards.community import revisions
from cards.community.missing import proposal_url
from cards.coverage import registered
from cards.games.registry import UnknownGame, get_game

register = template.Library()

#: The violation of a zone holding a number of cards it may not (`cards.games.rules.ZoneSize`).
ZONE_SIZE = "zone.size"
#: A search holding one of these is a query (`type:unit`, `cost<=2`), not a card's name.
QUERY_SIGNS = frozenset(':=<>"()')


def _registered(game_slug: str, legal: bool = True) -> dict[str, Any]:
    return {
        "game": get_game(game_slug),
        "registered": registered(game_slug),
        "legal": legal,
    }


@register.inclusion_tag("community/_registered.html")
def registered_cards(game_slug: str) -> dict[str, Any]:
    """`{% registered_cards ws.game_slug %}`: the game's cards in the database, of how many it
    has when a source says (`completeness.json`)."""
    return _registered(game_slug)


@register.inclusion_tag("community/_missing_cards.html")
def missing_cards(game_slug: str, report: Mapping[str, Any], empty: bool) -> dict[str, Any]:
    """`{% missing_cards ws.game_slug ws.report ws.empty %}`: for a begun deck short of cards
    while the game's data is incomplete, the offer to propose the cards it lacks (issue 23: the
    shipped Dreadnought cards make 32 of the 50 a deck needs)."""
    short = any(
        violation["code"] == ZONE_SIZE
        and (violation.get("limit") or 0) > (violation.get("count") or 0)
        for violation in report["violations"]
    )
    return _registered(game_slug, legal=empty or not short)


@register.simple_tag
def propose_card_url(game_slug: str, reference: str) -> str:
    """The proposal form filled from a search or decklist reference (`DN-5 スサノヲ`, `スサノヲ`);
    empty for a search written in the query language."""
    if not reference.strip() or QUERY_SIGNS & set(reference):
        return ""
    return proposal_url(game_slug, reference)


@register.filter
def column_label(key: str, game_slug: str) -> str:
    """`{{ key|column_label:proposal.game }}`: a card column's label in the game's words (the
    review page's rows), the text and image keys of a revision as words, else the key."""
    if key == revisions.TEXT_KEY:
        return gettext("Card text")
    if key == revisions.IMAGE_KEY:
        return gettext("Image of the card")
    try:
        columns = {column.name: column for column in get_game(game_slug).schema.columns}
    except UnknownGame:
        return key
    column = columns.get(key)
    return gettext(column.label) if column and column.label else key
