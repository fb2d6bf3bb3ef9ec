"""What the deck app tells other apps, inside the transaction that made it so.

`deck_cards_saved`: a deck's current cards changed (`deck`, `zones` = `{zone: {number: count}}`),
sent after `DeckCard` mirrors them. A receiver writes in the same transaction: the collections
app keeps each deck's needs by card identity with it (docs/collections.md).
"""

from __future__ import annotations

from django.dispatch import Signal

deck_cards_saved = Signal()
