"""Card history: every change of a card's facts, text or image becomes a `CardRevision`.

A revision keeps the whole card as CONTRACT §2 cells (`cards.writes.cells`: `Schema.to_row` plus
its text and image) and the field diff to the state before; a revert applies an old revision's
cells as a new one. Every card write (`cards.writes`: imports, approved proposals, reverts,
images) sends `cards_written`, which `record` (connected by `CommunityConfig.ready`) turns into
revisions in the write's transaction.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Max

from cards import writes
from cards.community.models import CardRevision, Proposal
from cards.games import base
from cards.games.registry import get_game
from cards.models import Card
from cards.writes import IMAGE_KEY, TEXT_KEY, Source, Written, cells, diff

__all__ = ["IMAGE_KEY", "TEXT_KEY", "apply_card", "cells", "diff", "latest", "record", "revert"]


def latest(card: Card) -> CardRevision | None:
    return card.revisions.order_by("-sequence").first()


def record(
    sender: Any,
    *,
    changes: list[Written],
    source: str,
    author: Any,
    note: str,
    fields: dict[str, Any],
    **kwargs: Any,
) -> list[CardRevision]:
    """One revision per card written (the receiver of `cards.writes.cards_written`)."""
    last = dict(
        CardRevision.objects.filter(card__in=[item.card for item in changes if item.before])
        .values_list("card")
        .annotate(n=Max("sequence"))
        .order_by()
    )
    return CardRevision.objects.bulk_create(
        [
            CardRevision(
                card=item.card,
                sequence=last.get(item.card.pk, 0) + 1,
                source=source,
                author=author,
                note=note[:255],
                row=item.after,
                changes=item.changes,
                **fields,
            )
            for item in changes
        ],
        batch_size=500,
    )


def apply_card(
    game_slug: str,
    facts: base.Card,
    *,
    text: str | None,
    image: str | None = None,
    author: Any = None,
    source: str,
    note: str = "",
    proposal: Proposal | None = None,
    reverted_to: CardRevision | None = None,
) -> tuple[Card, CardRevision | None]:
    """Write one card (new or changed) and its revision (`writes.card_write`).

    `text` None keeps the card's text; `image` is a stored file name to show (None keeps it).
    Returns the card and its new revision (None when nothing changed)."""
    card, changed = writes.card_write(
        game_slug=game_slug,
        facts=facts,
        text=text,
        image=image,
        source=source,
        author=author,
        note=note,
        proposal=proposal,
        reverted_to=reverted_to,
    )
    return card, latest(card) if changed else None


def revert(revision: CardRevision, editor: Any) -> CardRevision | None:
    """Make the card as it was in `revision`, as a new revision (None if it already is)."""
    card = revision.card
    row = {k: v for k, v in revision.row.items() if k not in (TEXT_KEY, IMAGE_KEY)}
    facts = get_game(card.game).schema.from_row(row)
    image = revision.row.get(IMAGE_KEY) or ""
    if image and not card.image.storage.exists(image):
        image = None  # the file is gone: keep today's image rather than show a broken one
    _, new = apply_card(
        card.game,
        facts,
        text=revision.row.get(TEXT_KEY) or "",
        image=image,
        author=editor,
        source=Source.REVERT,
        note=f"revert to #{revision.sequence}",
        reverted_to=revision,
    )
    return new
