"""`Game`: what one card game plugs into DeckLab (see the README's "Adding a game")."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from cards.games.base import Card, Format, Zone
from cards.games.charts import Charts
from cards.games.fields import Field
from cards.games.schema import Schema
from cards.games.text import fold, fold_compact


class UnknownFormat(LookupError):
    """A format slug the game does not have; the message names the known ones."""


def slug_of(package: str) -> str:
    """A game's slug is the name of its folder (`cards.games.dbscg` → `dbscg`): a copied folder
    takes its new name as its slug, with no edits inside."""
    return package.rpartition(".")[2]


def name_key(text: str) -> str:
    """The folded form under which a decklist's card name is looked up."""
    return fold_compact(text)


def number_key(text: str) -> str:
    """The folded form under which a decklist's card number is looked up."""
    return fold(text).replace(" ", "")


def default_name_keys(card: Card) -> tuple[str, ...]:
    return (name_key(card.name),)


@dataclass(frozen=True)
class Deal:
    """The deck editor's "Deal" button: `count` random cards of `source` into `target`, which is
    emptied first together with the `clears` zones."""

    source: str
    target: str
    count: int
    clears: tuple[str, ...] = ()


@dataclass(frozen=True)
class Game:
    slug: str
    name: str
    name_ja: str
    zones: tuple[Zone, ...]
    schema: Schema
    formats: tuple[Format, ...]
    #: The card identity that copy limits count (CONTRACT §2, "Card identity").
    identity: Callable[[Card], str]
    #: Every folded name a decklist may use for the card (`name_key` of each spelling).
    name_keys: Callable[[Card], tuple[str, ...]] = default_name_keys
    #: What the card search can ask about (`<game>/fields.py`).
    search_fields: tuple[Field, ...] = ()
    #: The deck editor's statistics charts (`<game>/charts.py`).
    charts: Charts = ()
    #: Tournaments collect a printed registration sheet of the deck (the editor offers a PDF).
    registration_sheet: bool = False
    #: The editor can deal a random hand from the deck (Blade Rondo); None: no "Deal" button.
    deal: Deal | None = None

    @property
    def default_zone(self) -> str:
        """Where the cards of a decklist with no header go (CONTRACT §1)."""
        return "pool" if "pool" in self.zone_slugs else "main"

    @property
    def zone_slugs(self) -> tuple[str, ...]:
        return tuple(zone.slug for zone in self.zones)

    @property
    def default_format(self) -> Format:
        return self.formats[0]

    def format(self, slug: str | None) -> Format:
        if slug is None:
            return self.default_format
        for candidate in self.formats:
            if candidate.slug == slug:
                return candidate
        known = ", ".join(f.slug for f in self.formats)
        raise UnknownFormat(f"unknown format {slug!r} for {self.slug} (known: {known})")
