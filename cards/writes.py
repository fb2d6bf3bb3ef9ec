"""Every write of a card: its facts, the columns derived from them, its text and image, and the
revision record.

The importer, approved proposals, reverts and image uploads all write through here, so the derived
columns are computed one way: the number key (`Game.number_key`), the search columns
(`cards.search.index_columns`), the folded text and the name keys (`Game.name_keys`); `reindex`
rebuilds them for the stored cards (`manage.py reindex_cards`). Each write that changes a card's
cells sends `cards_written` inside its transaction; `cards.community` records the revisions, so it
depends on `cards` and never the reverse.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.dispatch import Signal

from cards import faces
from cards.games import base
from cards.games.game import Game
from cards.games.registry import get_game
from cards.games.text import fold
from cards.models import Card, CardName, Source
from cards.search import index_columns

#: Rows written per INSERT/UPDATE statement.
BATCH = 500
#: The keys of a card's cells that are not card-file columns.
TEXT_KEY = "card text"
IMAGE_KEY = "card image"

#: The search columns (`index_columns`), derived from the facts.
SEARCH_COLUMNS = (
    "number_order",
    "number_folded",
    "name_folded",
    "tags",
    "cost",
    "power",
    "stats",
)
#: The columns an import writes: the card's facts and its search columns.
UPDATED_COLUMNS = ("name", "type", "data", "extra", *SEARCH_COLUMNS)
#: Every column derived from a card's number, facts or text (`reindex`).
DERIVED_COLUMNS = ["number_key", "text_folded", *SEARCH_COLUMNS]

#: Sent inside a write's transaction with `changes` (a list of `Written`), `source` (a `Source`),
#: `author` (a user or None), `note` and `fields` (more columns of the revision: the proposal, the
#: revision reverted to). Only cards whose cells changed are listed.
cards_written = Signal()


@dataclass(frozen=True)
class Written:
    """A card written, with its cells before (None: a new card) and after."""

    card: Card
    before: dict[str, Any] | None
    after: dict[str, Any]

    @property
    def changes(self) -> dict[str, list[Any]]:
        return diff(self.before, self.after)


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


def card_columns(game_slug: str, card: base.Card) -> dict[str, Any]:
    """The `Card` columns written for one card's facts: the facts and their search columns."""
    # Through JSON once, so tuples compare equal to the lists the database gives back.
    data = json.loads(json.dumps(dict(card.data), ensure_ascii=False))
    extra = json.loads(json.dumps(dict(card.extra), ensure_ascii=False, default=str))
    facts = {"name": card.name, "type": card.type, "data": data, "extra": extra}
    return {**facts, **index_columns(game_slug, card)}


def rebuild_name_keys(game: Game, numbers: list[str]) -> None:
    """The names under which decklists find these cards (`Game.name_keys`), written again."""
    for start in range(0, len(numbers), BATCH):
        chunk = numbers[start : start + BATCH]
        rows = list(Card.objects.filter(game=game.slug, number__in=chunk))
        CardName.objects.filter(card__in=rows).delete()
        CardName.objects.bulk_create(
            [
                CardName(card=row, game=game.slug, key=key)
                for row in rows
                for key in game.name_keys(row.to_game_card())
            ],
            batch_size=BATCH,
        )


def _record(
    game_slug: str,
    written: Iterable[Written],
    *,
    source: str,
    author: Any,
    note: str,
    **fields: Any,
) -> list[Written]:
    """Tell the revision record about the cards whose cells changed; those cards."""
    changed = [item for item in written if item.before != item.after]
    if changed:
        cards_written.send(
            sender=Card,
            game=game_slug,
            changes=changed,
            source=source,
            author=author,
            note=note,
            fields=fields,
        )
    return changed


def cards_upsert(
    *, game: Game, cards: list[base.Card], note: str, author: Any = None
) -> tuple[list[Card], list[Card]]:
    """Insert new cards and update changed ones in one transaction, each recorded as a revision
    (`Source.IMPORT`); the (new, changed) rows. A card whose columns are as stored is left alone.

    Upserts by number as decklists read numbers (CONTRACT §3): `XD01-01` updates the stored
    `XD1-01` (keeping its number, which links and decks use) instead of adding a twin."""
    rows = Card.objects.filter(game=game.slug).only(
        "game", "number", "number_key", "text", "image", *UPDATED_COLUMNS
    )
    stored = {row.number: row for row in rows}
    by_key: dict[str, Card] = {}
    for row in sorted(stored.values(), key=lambda row: row.pk):
        by_key.setdefault(row.number_key, row)
    new: list[Card] = []
    changed: list[Card] = []
    before: dict[str, dict[str, Any]] = {}
    for card in cards:
        values = card_columns(game.slug, card)
        row = stored.get(card.number) or by_key.get(game.number_key(card.number))
        if row is None:
            key = game.number_key(card.number)
            new.append(Card(game=game.slug, number=card.number, number_key=key, **values))
        elif any(getattr(row, name) != value for name, value in values.items()):
            before[row.number] = cells(row)
            for name, value in values.items():
                setattr(row, name, value)
            changed.append(row)
    if not new and not changed:
        return new, changed
    with transaction.atomic():
        Card.objects.bulk_create(new, batch_size=BATCH)
        Card.objects.bulk_update(changed, list(UPDATED_COLUMNS), batch_size=BATCH)
        rebuild_name_keys(game, [row.number for row in new + changed])
        written = [Written(row, None, cells(row)) for row in new]
        written += [Written(row, before[row.number], cells(row)) for row in changed]
        # A card whose cells are as before only had its search columns rebuilt: no revision.
        _record(game.slug, written, source=Source.IMPORT, author=author, note=note)
    return new, changed


def card_write(
    *,
    game_slug: str,
    facts: base.Card,
    text: str | None,
    image: str | None = None,
    source: str,
    author: Any = None,
    note: str = "",
    **fields: Any,
) -> tuple[Card, bool]:
    """Write one card (new or changed) with its revision, atomically, the card row locked.

    `text` None keeps the card's text; `image` is a stored file name to show (None keeps it);
    `fields` go to the revision. Returns the card and whether it changed."""
    game = get_game(game_slug)
    with transaction.atomic():
        card = Card.objects.select_for_update().filter(game=game_slug, number=facts.number).first()
        before = cells(card) if card else None
        if card is None:
            card = Card(
                game=game_slug, number=facts.number, number_key=game.number_key(facts.number)
            )
        for name, value in card_columns(game_slug, facts).items():
            setattr(card, name, value)
        if text is not None:
            card.text = text
            card.text_folded = fold(text)
        if image is not None:
            card.image.name = image
        after = cells(card)
        if not diff(before, after):
            return card, False
        card.save()
        rebuild_name_keys(game, [card.number])
        _record(
            game_slug,
            [Written(card, before, after)],
            source=source,
            author=author,
            note=note,
            **fields,
        )
    return card, True


def card_image_store(*, card: Card, content: bytes, author: Any, note: str = "") -> Card:
    """A new image for the card (checked by `faces.store_image`), recorded as a revision; the
    previous file stays in storage, so a revert can show it again. `faces.ImageRejected` if
    refused."""
    with transaction.atomic():
        card = Card.objects.select_for_update().get(pk=card.pk)
        before = cells(card)
        faces.store_image(card, content, keep_old=True)
        written = Written(card, before, cells(card))
        _record(card.game, [written], source=Source.IMAGE, author=author, note=note)
    return card


def card_image_remove(*, card: Card, author: Any) -> bool:
    """Go back to the generated face, recorded as a revision; the file stays for a revert.
    Whether the card had an image."""
    with transaction.atomic():
        card = Card.objects.select_for_update().get(pk=card.pk)
        if not card.image:
            return False
        before = cells(card)
        card.image = ""
        card.save(update_fields=["image", "updated_at"])
        written = Written(card, before, cells(card))
        _record(card.game, [written], source=Source.IMAGE, author=author, note="")
    return True


def reindex(game_slug: str) -> int:
    """Rebuild the derived columns and name keys of a game's stored cards from their facts: the
    number key, the search columns, the folded text and the name keys. Idempotent: writes only
    what differs, and no revision (the facts do not change). Returns how many cards it changed."""
    game = get_game(game_slug)
    keys: dict[int, set[str]] = {}
    for card_id, key in CardName.objects.filter(game=game_slug).values_list("card_id", "key"):
        keys.setdefault(card_id, set()).add(key)
    changed: list[Card] = []
    renamed: list[str] = []
    for row in Card.objects.filter(game=game_slug).order_by("pk").iterator(chunk_size=BATCH):
        facts = row.to_game_card()
        values = {
            "number_key": game.number_key(row.number),
            "text_folded": fold(row.text),
            **index_columns(game_slug, facts),
        }
        if any(getattr(row, name) != value for name, value in values.items()):
            for name, value in values.items():
                setattr(row, name, value)
            changed.append(row)
        if keys.get(row.pk, set()) != set(game.name_keys(facts)):
            renamed.append(row.number)
    with transaction.atomic():
        Card.objects.bulk_update(changed, DERIVED_COLUMNS, batch_size=BATCH)
        rebuild_name_keys(game, renamed)
    return len({row.number for row in changed} | set(renamed))
