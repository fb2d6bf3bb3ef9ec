"""Card history: every change of a card's facts, text or image becomes a `CardRevision`.

A revision keeps the whole card as CONTRACT §2 cells (`Schema.to_row`) plus its text and image,
and the field diff to the state before; a revert applies an old revision's cells as a new one.
`import_cards` records its revisions in bulk (`record_import`); single changes (an approved
proposal, a revert, an image) go through `apply_card`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.db.models import Max

from cards import faces
from cards.community.models import CardRevision, Proposal, Source
from cards.games import base
from cards.games.game import number_key
from cards.games.registry import get_game
from cards.games.text import fold
from cards.models import Card

#: The keys of a revision's cells that are not card-file columns.
TEXT_KEY = "card text"
IMAGE_KEY = "card image"


def cells(card: Card) -> dict[str, Any]:
    """Everything a revision keeps of a card: its card-file cells, text and image file."""
    row = get_game(card.game).schema.to_row(card.to_game_card())
    return {**row, TEXT_KEY: card.text, IMAGE_KEY: card.image.name if card.image else ""}


def diff(before: dict[str, Any] | None, after: dict[str, Any]) -> dict[str, list[Any]]:
    """{key: [before, after]} for every key whose value differs (`before` None: a new card)."""
    before = before or {}
    keys = dict.fromkeys([*after, *before])
    return {
        key: [before.get(key), after.get(key)]
        for key in keys
        if (before.get(key) or "") != (after.get(key) or "")
    }


def latest(card: Card) -> CardRevision | None:
    return card.revisions.order_by("-sequence").first()


def record_import(
    game_slug: str, changes: Iterable[tuple[Card, dict | None]], note: str, author: Any = None
) -> int:
    """One revision per card an import created or changed: (stored card, its cells before).

    A card whose cells are as before gets none: only its derived search columns changed (a new
    way of indexing, such as DBSCG's Japanese character names), which is no change of its facts."""
    pairs = [(card, before) for card, before in changes if before is None or before != cells(card)]
    last = dict(
        CardRevision.objects.filter(card__in=[card for card, before in pairs if before is not None])
        .values_list("card")
        .annotate(n=Max("sequence"))
        .order_by()
    )
    revisions = []
    for card, before in pairs:
        after = cells(card)
        revisions.append(
            CardRevision(
                card=card,
                sequence=last.get(card.pk, 0) + 1,
                source=Source.IMPORT,
                author=author,
                note=note[:255],
                row=after,
                changes=diff(before, after),
            )
        )
    CardRevision.objects.bulk_create(revisions, batch_size=500)
    return len(revisions)


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
    """Write one card (new or changed) and its revision, atomically, with the card row locked.

    `text` None keeps the card's text; `image` is a stored file name to show (None keeps it).
    Returns the card and its new revision (None when nothing changed)."""
    # Here, not at the top: `cards.importers` records its revisions through this module.
    from cards.importers import card_columns, rebuild_name_keys

    game = get_game(game_slug)
    with transaction.atomic():
        card = Card.objects.select_for_update().filter(game=game_slug, number=facts.number).first()
        before = cells(card) if card else None
        if card is None:
            card = Card(game=game_slug, number=facts.number, number_key=number_key(facts.number))
        for name, value in card_columns(game_slug, facts).items():
            setattr(card, name, value)
        if text is not None:
            card.text = text
            card.text_folded = fold(text)
        if image is not None:
            card.image.name = image
        after = cells(card)
        changes = diff(before, after)
        if not changes:
            return card, None
        card.save()
        rebuild_name_keys(game, [card.number])
        revision = _record(
            card,
            after,
            changes,
            author=author,
            source=source,
            note=note,
            proposal=proposal,
            reverted_to=reverted_to,
        )
    return card, revision


def _record(card: Card, after: dict, changes: dict, note: str = "", **fields: Any) -> CardRevision:
    previous = latest(card)
    return CardRevision.objects.create(
        card=card,
        sequence=(previous.sequence if previous else 0) + 1,
        note=note[:255],
        row=after,
        changes=changes,
        **fields,
    )


def store_image(card: Card, content: bytes, author: Any, note: str = "") -> CardRevision:
    """A new image for the card (checked by `faces.store_image`) as a revision; the previous
    file stays in storage, so a revert can show it again. `faces.ImageRejected` if refused."""
    with transaction.atomic():
        card = Card.objects.select_for_update().get(pk=card.pk)
        before = cells(card)
        faces.store_image(card, content, keep_old=True)
        after = cells(card)
        return _record(
            card, after, diff(before, after), note=note, author=author, source=Source.IMAGE
        )


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


def remove_image(card: Card, author: Any) -> CardRevision | None:
    """Go back to the generated face, as a revision; the file stays for a revert."""
    with transaction.atomic():
        card = Card.objects.select_for_update().get(pk=card.pk)
        if not card.image:
            return None
        before = cells(card)
        card.image = ""
        card.save(update_fields=["image", "updated_at"])
        after = cells(card)
        return _record(card, after, diff(before, after), author=author, source=Source.IMAGE)
