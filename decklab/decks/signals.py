"""What the deck app tells other apps about a deck, so its write path names none of them.

Sent by the deck services, inside the transaction that made the change (a receiver's writes commit
or roll back with it; work for later goes through `transaction.on_commit`):

`deck_cards_saved` (`deck`, `zones` = `{zone: {number: count}}`): a deck's current cards changed,
sent after `DeckCard` mirrors them (every version and every card operation, the first at creation).
The collections app keeps each deck's needs by card identity with it (docs/collections.md); the
goldfish app asks a public deck's numbers again once its edits settle and drops the format's
averages (`decklab.goldfish.public.on_deck_cards_saved`).

`deck_listing_changed` (`deck`): a deck's format or visibility changed in its settings
(`deck_update`). The goldfish app asks a public deck's numbers again at once, and a deck that left
public loses them at once (`decklab.goldfish.public.on_deck_listing_changed`).

Django's own signals of the `Deck` model, sent on every write of the row by any path (the services,
the admin, an owner's account deleted with its decks):

`post_save`: the discovery app refreshes a public deck's facts from its current version, or
withdraws those of a deck that is no longer public (`decklab.discovery.signals.deck_saved`), so a
deck made private in the admin leaves discovery too.

`post_delete`: the discovery app drops the game's cached meta; the goldfish app drops the format's
averages (`decklab.goldfish.public.on_deck_deleted`; the deck's numbers go with it by cascade).

Receivers connect in their app's `AppConfig.ready`, never here.
"""

from __future__ import annotations

from django.dispatch import Signal

deck_cards_saved = Signal()
deck_listing_changed = Signal()
