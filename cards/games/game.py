"""`Game`: what one card game plugs into DeckLab (see "Adding a game" in CONTRIBUTING.md)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from cards.games.archetype import Archetype, no_archetype
from cards.games.base import Card, Deck, Format, GameData, Zone
from cards.games.bench import Scenarios
from cards.games.charts import Charts
from cards.games.dates import Dates, Verdict, check_at
from cards.games.factsheet import Conversion
from cards.games.fields import Field
from cards.games.messages import Explained, gettext_noop, in_language, shown_value
from cards.games.ruletext import Rule, Section
from cards.games.schema import Schema
from cards.games.text import fold, fold_compact

#: The card data DeckLab ships, one folder per game slug: `cards/data/<slug>/` (CONTRIBUTING.md
#: "Adding a game").
SHIPPED_DATA = Path(__file__).resolve().parents[1] / "data"


class UnknownFormat(Explained, LookupError):
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


_DIGIT_RUN = re.compile(r"[0-9]+")


def unpadded_number_key(text: str) -> str:
    """`number_key` with zero padding folded away, for games whose printed numbers vary in it
    (DBSCG prints `XD1-01` and `EX03-25` for `XD01-01` and `EX3-25`). Not the default: Gundam War's
    `U-0016` and `U-16` are different cards."""
    return _DIGIT_RUN.sub(lambda run: run[0].lstrip("0") or "0", number_key(text))


def default_name_keys(card: Card) -> tuple[str, ...]:
    return (name_key(card.name),)


#: A playset when a game states no other limit (the usual four copies).
PLAYSET = 4


def default_copy_limit(card: Card) -> int | None:
    return PLAYSET


@dataclass(frozen=True)
class Deal:
    """The deck editor's "Deal" button: `count` random cards of `source` into `target`, which is
    emptied first together with the `clears` zones."""

    source: str
    target: str
    count: int
    clears: tuple[str, ...] = ()
    #: How many to deal for this deck, when it depends on the deck (Blade Rondo: the set deck's).
    size: Callable[[Deck, GameData], int] | None = None
    #: The zones are nested (pool ⊇ dealt ⊇ hand): a card is chosen into the next zone and stays
    #: in its own, so the editor's zone buttons copy instead of move.
    nested: bool = False


@dataclass(frozen=True)
class PresetDeck:
    """A deck sold as it is (a Blade Rondo set deck), which the editor loads into a zone at once."""

    key: str
    name: str
    #: The zone it fills, and its cards as the decklist writes them: name → copies.
    zone: str
    cards: Mapping[str, int]


@dataclass(frozen=True)
class Side:
    """The other side of a double-sided card (a DBSCG leader's awakened side): the column of its
    name and the columns of its facts, each with its label (msgids)."""

    label: str
    name: str
    facts: tuple[tuple[str, str], ...] = ()

    def of(self, card: Card) -> tuple[str, list[tuple[str, str]]] | None:
        """The side's name and its (label, value) facts; None for a card without this side."""
        name = card[self.name]
        if not name:
            return None
        shown = [(label, str(card[column])) for column, label in self.facts]
        return str(name), [(label, value) for label, value in shown if value != "None"]


@dataclass(frozen=True)
class SheetPart:
    """One block of an event's printed registration sheet (デッキ登録用紙, `decklab/events/sheets.py`)."""

    zone: str
    #: A card column whose values group the zone's rows under sub-headings (Gundam War's type,
    #: Dreadnought's cluster); empty: one list in number order.
    group_by: str = ""
    #: (column, value, label, Japanese label): the copies whose column holds the value, printed
    #: under the block (Gundam War's G count).
    tally: tuple[str, str, str, str] | None = None


@dataclass(frozen=True)
class Contract:
    """What CONTRACT §1 and §2 promise about a game (its `contract.py`); the registry tests hold
    the game to it, and build cards and decks from its sample row."""

    #: The decklist zones rules check, in order (§1).
    zones: tuple[str, ...]
    #: Where the cards of a decklist with no section header go (§1).
    headerless_zone: str
    #: The format slugs, the default first (§1).
    formats: tuple[str, ...]
    #: The columns a card file must have (§2).
    required_columns: tuple[str, ...]
    #: The smallest card row the game accepts.
    sample_row: Mapping[str, str]


@dataclass(frozen=True)
class Simulation:
    """What a game offers the goldfish simulator (its `goldfish.py`)."""

    #: The goal types by name (`cards.games.goldfish.GoalType`: `Any` here, since that module
    #: imports this one).
    goal_types: Mapping[str, Any]
    #: The words for the figures its results report beside the probability (result key → msgid).
    measures: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Game:
    slug: str
    #: The game's name (a msgid: its Japanese title is in the catalogue, read by `name_ja`).
    name: str
    zones: tuple[Zone, ...]
    schema: Schema
    formats: tuple[Format, ...]
    #: The card identity that copy limits count (CONTRACT §2, "Card identity").
    identity: Callable[[Card], str]
    #: Every folded name a decklist may use for the card (`name_key` of each spelling).
    name_keys: Callable[[Card], tuple[str, ...]] = default_name_keys
    #: What the card search can ask about (`<game>/fields.py`).
    search_fields: tuple[Field, ...] = ()
    #: Queries in Japanese shown on the search help page (`<game>/fields.py`).
    japanese_examples: tuple[str, ...] = ()
    #: The deck editor's statistics charts (`<game>/charts.py`).
    charts: Charts = ()
    #: Decks sold as they are, from the game's data (`GameData`), that the editor loads in one action.
    preset_decks: Callable[[GameData], tuple[PresetDeck, ...]] | None = None
    #: The search fields (by name) shown as columns of a card row (deck, search results, shared
    #: decks), and offered for grouping and sorting the deck: the facts a player builds by.
    row_columns: tuple[str, ...] = ()
    #: Tournaments collect a printed registration sheet of the deck (the editor offers a PDF).
    registration_sheet: bool = False
    #: What a searcher should know about the card names (a msgid; DBSCG's are English, and
    #: Japanese character names find them): shown beside the search box.
    search_note: str = ""
    #: The other side of double-sided cards, shown wherever the front is; None: one side.
    back: Side | None = None
    #: The blocks of an event's registration sheet of a locked list; empty: one block per zone.
    event_sheet: tuple[SheetPart, ...] = ()
    #: The editor can deal a random hand from the deck (Blade Rondo); None: no "Deal" button.
    deal: Deal | None = None
    #: The folded form of a card number, stored with each card and computed for each reference.
    number_key: Callable[[str], str] = number_key
    #: How the game's shipped folder (`cards/data/<slug>/`) becomes contract rows, when it holds a
    #: fact sheet (`<game>/shipped.py`); None: the folder's `cards.csv`/`cards.json` is imported
    #: as it is.
    shipped: Callable[[Path], Conversion] | None = None
    #: The game's benchmark scenarios (`<game>/bench.py`), built when `manage.py bench` asks.
    bench: Callable[[], Scenarios] | None = None
    #: The most copies of the card one deck of the game holds, printed exceptions included (a
    #: collection's playset, beyond which copies are surplus); None: any number.
    copy_limit: Callable[[Card], int | None] = default_copy_limit
    #: The game's deck rules in DeckLab's words, both languages (`<game>/rules_text.py`), cited
    #: by number from violations; empty: no rules page yet.
    rules_text: tuple[Section, ...] = ()
    #: What CONTRACT §1–§2 promise about the game (`<game>/contract.py`).
    contract: Contract | None = None
    #: The goldfish goals (`<game>/goldfish.py`), loaded when a simulation asks: the engines
    #: import numpy, which validating a deck never needs. None: no simulations.
    goldfish: Callable[[], Simulation] | None = None

    def rule(self, number: str) -> Rule | Section | None:
        """The section or rule of `rules_text` numbered `number` (`2.1.3`), if any."""
        for section in self.rules_text:
            if section.number == number:
                return section
            for rule in section.rules:
                if rule.number == number:
                    return rule
        return None

    #: When its cards came out and its formats started (`<game>/dates.py`), from its data; None:
    #: the data carries no dates, and a check at a date says so (`cards.games.dates.NO_DATES`).
    dates: Dates | None = None

    def validate(
        self,
        deck: Deck,
        format_slug: str | None = None,
        *,
        at: date | None = None,
        data: GameData | None = None,
    ) -> Verdict:
        """The deck in one format, now (`at` None) or as the format stood at a date (RULES.md
        §6.1): today's rules plus the dated refusals, or the note that the game has no dates."""
        return check_at(self.dates, self.format(format_slug), deck, data, at)

    #: The deck's natural key for the meta (`<game>/archetype.py`): a leader, a caster pair …
    archetype: Callable[[Deck], Archetype] = no_archetype
    #: What the archetype is called on the search and meta pages (a msgid: "Leader", "Casters").
    archetype_name: str = gettext_noop("Archetype")
    #: What the archetype's colours are called (a msgid: "Colours", "Clusters", "Attributes").
    colours_name: str = gettext_noop("Colours")

    def printed_number_keys(self, card: Card) -> tuple[str, ...]:
        """Every key a printed number of the card has: its own, and each alternate print's
        (`BT1-010_PR` for a `variants` entry `PR`, RULES.md §2.1.9)."""
        own = self.number_key(card.number)
        return (own, *(self.number_key(f"{card.number}_{v}") for v in card["variants"] or ()))

    def lookup_keys(self, reference: str) -> tuple[str, ...]:
        """The stored keys under which a printed number may be found: its own, and for an
        alternate print (`BT1-010_PR`) its base number's, whose card lists the print."""
        key = self.number_key(reference)
        base, suffix, _ = key.partition("_")
        return (key, base) if suffix and base else (key,)

    def card_for_number(self, reference: str, found: Mapping[str, Card]) -> Card | None:
        """The card a printed number names among `found` (stored key → card), if any."""
        key = self.number_key(reference)
        for candidate in self.lookup_keys(reference):
            card = found.get(candidate)
            if card is not None and key in self.printed_number_keys(card):
                return card
        return None

    @property
    def default_zone(self) -> str:
        """Where the cards of a decklist with no header go (CONTRACT §1)."""
        return "pool" if "pool" in self.zone_slugs else "main"

    @property
    def zone_slugs(self) -> tuple[str, ...]:
        return tuple(zone.slug for zone in self.zones)

    def zone_counts(self, deck: Deck) -> dict[str, int]:
        """Cards per zone as the validation JSON's `counts` names them (CONTRACT §1, §4): every
        checked zone, and a zone no rule checks (DBSCG's side deck) only when it holds cards."""
        return {
            zone.slug: deck.size(zone.slug)
            for zone in self.zones
            if zone.checked or deck.size(zone.slug)
        }

    def zone_japanese(self, slug: str) -> str:
        """The zone's Japanese name, as messages and pages in Japanese call it; the slug where the
        zone has none (or the game no such zone)."""
        return next((z.label_ja for z in self.zones if z.slug == slug and z.label_ja), slug)

    @property
    def name_ja(self) -> str:
        """The game's Japanese title, from the catalogue: pages show it beside the English one
        whatever their language (the home page, a registration sheet)."""
        return in_language(self.name, "ja")

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
        raise UnknownFormat(
            gettext_noop("unknown format %(format)s for %(game)s (known: %(known)s)"),
            format=shown_value(slug),
            game=self.slug,
            known=known,
        )
