"""Changes to a player's collection: `collection_<action>(*, …)`, each all or nothing.

Every refusal is a `CollectionError` with a sentence for the player; nothing is written then.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from cards.decklists import card_pool
from cards.games.base import Card, Deck
from cards.games.messages import choose_language
from cards.games.registry import UnknownGame, get_game
from cards.languages import translated
from cards.models import Card as CardRow
from cards.pool import game_data
from decklab.collections.models import (
    MAX_QUANTITY,
    BuiltDeck,
    Collection,
    CollectionCard,
    DeckNeed,
    new_share_code,
)
from decklab.collections.reach import ALL, reach_mark
from decklab.collections.reading import read_list
from decklab.decks.models import Deck as SavedDeck

#: The CSV columns, in order (docs/collections.md): `name` is written for reading, ignored when read.
CSV_COLUMNS = ("number", "name", "quantity", "wanted")
#: A pasted list or CSV adds at most this many different cards at once.
MAX_ROWS = 20000
#: "2 × 紅蓮ノ剱": at most this many of one product at once.
MAX_PRODUCTS = 99


class CollectionError(ValueError):
    """A refused change, with the sentence that says why."""


def collection_get_or_create(*, owner: User, game: str) -> Collection:
    try:
        get_game(game)
    except UnknownGame as error:
        raise CollectionError(translated(error.text)) from None
    collection, _created = Collection.objects.get_or_create(owner=owner, game=game)
    return collection


def _checked_quantity(value: object, *, label: str) -> int:
    try:
        quantity = int(str(value).strip())
    except ValueError:
        raise CollectionError(_("%(label)s must be a whole number.") % {"label": label}) from None
    if not 0 <= quantity <= MAX_QUANTITY:
        raise CollectionError(
            _("%(label)s must be between 0 and %(most)d.") % {"label": label, "most": MAX_QUANTITY}
        )
    return quantity


def card_by_reference(game_slug: str, reference: str) -> Card:
    """The card a printed number names (an alternate print is its card), or `CollectionError`."""
    game = get_game(game_slug)
    found = card_pool(game.slug).by_numbers(game.lookup_keys(reference))
    card = game.card_for_number(reference, found)
    if card is None:
        raise CollectionError(_("No card %(number)s in this game.") % {"number": reference[:64]})
    return card


def _write(collection: Collection, changes: Mapping[Card, tuple[int, int | None]]) -> None:
    """Set quantity (and wanted, unless None) of each card; a row holding nothing goes."""
    game = get_game(collection.game)
    rows = {r.number: r for r in collection.cards.filter(number__in=[c.number for c in changes])}
    changed = []
    for card, (quantity, wanted) in changes.items():
        row = rows.get(card.number) or CollectionCard(
            collection=collection, number=card.number, identity=game.identity(card)
        )
        if row.quantity != quantity:
            changed.append(row.identity)
        row.quantity = quantity
        if wanted is not None:
            row.wanted = wanted
        if row.quantity or row.wanted:
            row.save()
        elif row.pk:
            row.delete()
    reach_mark(collection=collection, identities=changed)
    collection.save(update_fields=["updated_at"])


@transaction.atomic
def collection_set_quantity(
    *, collection: Collection, number: str, quantity: object, wanted: object = None
) -> CollectionCard | None:
    """Set how many of a card the player owns (and wants); 0 and 0 removes the row."""
    card = card_by_reference(collection.game, number)
    owned = _checked_quantity(quantity, label=_("Quantity"))
    wants = None if wanted is None else _checked_quantity(wanted, label=_("Wanted"))
    _write(collection, {card: (owned, wants)})
    return collection.cards.filter(number=card.number).first()


def _added(collection: Collection, deck: Deck, times: int = 1) -> dict[Card, tuple[int, None]]:
    current = dict(collection.cards.values_list("number", "quantity"))
    counts: dict[Card, int] = {}
    for entry in deck.entries():
        counts[entry.card] = counts.get(entry.card, 0) + entry.count * times
    changes = {card: (current.get(card.number, 0) + n, None) for card, n in counts.items()}
    if len(changes) > MAX_ROWS or any(q > MAX_QUANTITY for q, _w in changes.values()):
        raise CollectionError(
            _("A card would be held more than %(most)d times.") % {"most": MAX_QUANTITY}
        )
    return changes


def _read(game: str, text: str) -> Deck:
    deck, problems = read_list(game, text)
    if problems:
        raise CollectionError(
            " ".join(problem.message(choose_language(get_language())) for problem in problems)
        )
    if not any(True for _entry in deck.entries()):
        raise CollectionError(_("The list holds no card."))
    return deck


@transaction.atomic
def collection_add_list(*, collection: Collection, text: str) -> int:
    """Add a pasted list (any form a decklist may take); a line the reading refuses refuses
    the whole list. Returns the number of cards added."""
    deck = _read(collection.game, text)
    _write(collection, _added(collection, deck))
    return sum(entry.count for entry in deck.entries())


def products(game: str) -> list[tuple[str, str, Mapping[str, int]]]:
    """The products sold as they are that the shipped data lists with their cards (key, name,
    name → copies): Blade Rondo's set decks today (`GAME.preset_decks`)."""
    game_obj = get_game(game)
    if game_obj.preset_decks is None:
        return []
    return [(p.key, p.name, p.cards) for p in game_obj.preset_decks(game_data(game))]


@transaction.atomic
def collection_add_product(*, collection: Collection, key: str, times: object = 1) -> int:
    """Add `times` copies of a product's cards ("2 × a set deck")."""
    count = _checked_quantity(times, label=_("Number of products"))
    if not 1 <= count <= MAX_PRODUCTS:
        raise CollectionError(
            _("Add between 1 and %(most)d of a product at once.") % {"most": MAX_PRODUCTS}
        )
    found = [cards for k, _name, cards in products(collection.game) if k == key]
    if not found:
        raise CollectionError(_("No such product for this game."))
    deck = _read(collection.game, "\n".join(f"{n} {name}" for name, n in found[0].items()))
    _write(collection, _added(collection, deck, count))
    return sum(entry.count for entry in deck.entries()) * count


def collection_export_csv(*, collection: Collection) -> str:
    names = _names(collection.game, collection.cards.values_list("number", flat=True))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for row in collection.cards.order_by("number"):
        writer.writerow([row.number, names.get(row.number, ""), row.quantity, row.wanted])
    return out.getvalue()


def _names(game: str, numbers: Iterable[str]) -> dict[str, str]:
    return dict(
        CardRow.objects.filter(game=game, number__in=list(numbers)).values_list("number", "name")
    )


@transaction.atomic
def collection_import_csv(*, collection: Collection, text: str, replace: bool = False) -> int:
    """Read `number,quantity[,wanted]` rows (a header names the columns; `name` is ignored).
    `replace`: the file is the whole collection; otherwise its rows set those cards only."""
    reader = csv.DictReader(io.StringIO(text))
    if not reader.fieldnames or not {"number", "quantity"} <= set(reader.fieldnames):
        raise CollectionError(_("The CSV needs a header with the columns number and quantity."))
    changes: dict[Card, tuple[int, int | None]] = {}
    for line, record in enumerate(reader, start=2):
        if len(changes) >= MAX_ROWS:
            raise CollectionError(_("Too many rows."))
        try:
            card = card_by_reference(collection.game, (record.get("number") or "").strip())
            quantity = _checked_quantity(record.get("quantity") or 0, label=_("Quantity"))
            wanted = record.get("wanted")
            wants = None if wanted in (None, "") else _checked_quantity(wanted, label=_("Wanted"))
        except CollectionError as error:
            raise CollectionError(
                _("Line %(line)d: %(error)s") % {"line": line, "error": error}
            ) from None
        changes[card] = (quantity, wants)
    if replace:
        gone = collection.cards.exclude(number__in=[c.number for c in changes])
        reach_mark(collection=collection, identities=gone.values_list("identity", flat=True))
        gone.delete()
    _write(collection, changes)
    return len(changes)


@transaction.atomic
def collection_wish_missing(*, collection: Collection, missing: Mapping[Card, int]) -> int:
    """The wishlist becomes exactly what a deck misses: each missing card wanted that many."""
    current = dict(collection.cards.values_list("number", "quantity"))
    changes = {card: (current.get(card.number, 0), n) for card, n in missing.items() if n}
    _write(collection, changes)
    return sum(missing.values())


@transaction.atomic
def collection_set_offer(*, collection: Collection, number: str, offered: object) -> None:
    """Offer this many copies of a card for trades (at most those owned); empty: offer the
    surplus as counted again."""
    card = card_by_reference(collection.game, number)
    row = collection.cards.filter(number=card.number, quantity__gt=0).first()
    if row is None:
        raise CollectionError(_("You own no copy of %(number)s.") % {"number": card.number})
    if offered is None or str(offered).strip() == "":
        row.offered = None
    else:
        row.offered = _checked_quantity(offered, label=_("Offered"))
        if row.offered > row.quantity:
            raise CollectionError(
                ngettext(
                    "You can offer at most the %(count)d copy you own.",
                    "You can offer at most the %(count)d copies you own.",
                    row.quantity,
                )
                % {"count": row.quantity}
            )
    row.save(update_fields=["offered"])
    collection.save(update_fields=["updated_at"])


def collection_set_built(*, collection: Collection, deck: SavedDeck, built: bool) -> None:
    """A built deck reserves its cards: they are not free for another deck."""
    if deck.owner_id != collection.owner_id or deck.game != collection.game:
        raise CollectionError(_("Only your own decks of this game can be built from it."))
    if built:
        BuiltDeck.objects.get_or_create(collection=collection, deck=deck)
    else:
        BuiltDeck.objects.filter(collection=collection, deck=deck).delete()
    # The copies its cards' identities leave free changed (all, if its needs are not written yet).
    held = list(DeckNeed.objects.filter(deck=deck).values_list("identity", flat=True))
    reach_mark(collection=collection, identities=held or [ALL])


def collection_share(*, collection: Collection, shared: bool) -> Collection:
    """An unlisted link (a new one each time it is turned on), or private again."""
    collection.share_code = new_share_code() if shared else None
    collection.save(update_fields=["share_code", "updated_at"])
    return collection


def collection_set_trades(*, collection: Collection, trades: bool) -> Collection:
    collection.trades = trades
    collection.save(update_fields=["trades", "updated_at"])
    return collection
