"""What the editor shows of one deck: its cards by zone, legality, statistics, text and code.

A `Workspace` is the same for a saved deck and for the stateless builder (a deck that lives only in
a deck code in the URL), so both pages share templates. Each part is computed on first use: the deck
panel alone needs one card query plus the legality check; the page reads a constant number of rows
however many cards the deck holds.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from itertools import pairwise
from typing import Any

from django.core.cache import cache
from django.utils.html import format_html

from cards import validation
from cards.games import deckcode
from cards.games.base import Construction, Entry
from cards.games.base import Deck as GameDeck
from cards.games.decklist import natural_key
from cards.games.fields import Field
from cards.games.game import Game
from cards.games.registry import get_game
from cards.models import Card
from cards.search import row_columns, row_values
from decklab.decks import selectors, stats
from decklab.decks.edits import Zones
from decklab.decks.models import Deck, DeckVersion

#: The panels' answers `Workspace.cached` keeps (besides the deck panel's HTML).
CACHED_PANELS = ("legality", "formats", "statistics", "zones")
#: How long the editor's legality, format and statistics answers stay cached. Their key names all
#: they depend on (`Workspace.panel_key`), so a changed deck or card is a new key, never a stale one.
PANEL_CACHE_SECONDS = 3600


@dataclass
class Row:
    """One card of a zone as the editor lists it, with the violations that name it."""

    zone: str
    number: str
    count: int
    card: Card | None
    violations: list[dict[str, Any]] = field(default_factory=list)
    #: The other zones the format lets this card move to (labels by slug).
    moves: list[tuple[str, str]] = field(default_factory=list)
    #: The game's row columns (`Game.row_columns`): (field, shown value).
    columns: list[tuple[Field, str]] = field(default_factory=list)
    #: The card's other side (`Game.back`) in one line, its name and facts; "" for one side.
    back: str = ""

    @property
    def name(self) -> str:
        return self.card.name if self.card else "(card no longer in the database)"


@dataclass
class ZoneView:
    slug: str
    label: str
    label_ja: str
    rows: list[Row]
    #: Copies one "+" or "−" adds or takes (a kinds × copies zone moves whole sets of copies).
    step: int = 1

    @property
    def size(self) -> int:
        return sum(row.count for row in self.rows)


@dataclass
class Workspace:
    game_slug: str
    format_slug: str
    zones: Zones
    lang: str = "en"
    deck: Deck | None = None
    #: The saved deck's current version row, when the caller has read it already (its zones).
    current: DeckVersion | None = None

    @property
    def empty(self) -> bool:
        """No card in any zone: a deck just begun, whose problems are a to-do list."""
        return not any(self.zones.values())

    @property
    def game(self) -> Game:
        return get_game(self.game_slug)

    @property
    def format(self):
        return self.game.format(self.format_slug)

    @property
    def formats(self):
        return self.game.formats

    @property
    def zone_labels(self) -> dict[str, str]:
        """Zone names by slug for buttons (`+ Main`, `→ Side`): Japanese ones in Japanese."""
        japanese = self.lang == "ja"
        return {z.slug: z.label_ja if japanese else z.label for z in self.game.zones}

    @property
    def default_zone_label(self) -> str:
        """The zone drawn from (statistics, goldfish): its slug in English, its name in Japanese."""
        slug = self.game.default_zone
        return self.game.zone_japanese(slug) if self.lang == "ja" else slug

    @property
    def version(self) -> int | None:
        return self.deck.version if self.deck else None

    @cached_property
    def preset_decks(self):
        """Decks sold as they are that the editor loads in one action (Blade Rondo's set decks);
        in a kinds × copies format, those already built that way (a start to swap cards in)."""
        presets = selectors.preset_decks(self.game_slug)
        built = self.construction
        if built is None:
            return presets
        return tuple(p for p in presets if p.zone != built.zone or built.fits(p.cards))

    @property
    def construction(self) -> Construction | None:
        """How the format is built when it is kinds × copies (Blade Rondo free), else None."""
        return self.format.construction

    @cached_property
    def construction_status(self) -> dict[str, Any] | None:
        """The built zone against its kinds × copies: the tally, and the cards off by name."""
        built = self.construction
        if built is None:
            return None
        counts = self.zones.get(built.zone, {})
        tally = built.tally(counts)
        cards = self.cards

        def named(numbers: tuple[str, ...]) -> list[tuple[str, str, int]]:
            return [
                (n, cards[n].name if n in cards else n, counts[n])
                for n in sorted(numbers, key=natural_key)
            ]

        return {"tally": tally, "short": named(tally.short), "over": named(tally.over)}

    @cached_property
    def deal_count(self) -> int:
        return selectors.deal_count(self.game_slug, self.zones) if self.game.deal else 0

    @property
    def nested_zones(self) -> bool:
        return bool(self.game.deal and self.game.deal.nested)

    @property
    def row_fields(self) -> list[Field]:
        """The game's row columns: shown on each card row, offered for grouping and sorting."""
        return row_columns(self.game_slug)

    @cached_property
    def draft(self) -> DeckVersion | None:
        """The saved deck's open draft (this sitting's changes, not yet saved as a version), if any."""
        if self.deck is None:
            return None
        latest = self.current or selectors.current_version(self.deck)
        return latest if latest.draft else None

    @property
    def state_input(self) -> str:
        """The hidden fields a change is based on: a saved deck's version and revision (an open draft
        keeps its number while it changes), or the builder's code."""
        if self.deck is not None:
            return format_html(
                '<input type="hidden" name="version" value="{}">'
                '<input type="hidden" name="revision" value="{}">',
                self.version,
                self.deck.revision,
            )
        return format_html('<input type="hidden" name="code" value="{}">', self.code)

    @cached_property
    def cards(self) -> dict[str, Card]:
        numbers = {number for cards in self.zones.values() for number in cards}
        return selectors.cards_by_number(self.game_slug, numbers)

    @cached_property
    def game_deck(self) -> GameDeck:
        return selectors.game_deck(self.game_slug, self.zones, self.cards)

    @cached_property
    def text(self) -> str:
        return selectors.decklist_text(self.game_slug, self.game_deck)

    @cached_property
    def recipe(self) -> str:
        return selectors.recipe_text(self.game_slug, self.game_deck)

    @cached_property
    def code(self) -> str:
        return deckcode.encode(self.game_slug, self.format_slug, self.zones)

    @cached_property
    def panel_key(self) -> str:
        """Everything the panels' answers depend on, hashed: the deck code (game, format, cards
        and counts), the language, how many of its cards are stored and when the last of them
        changed (a changed card's `updated_at` becomes the newest), and when the game's imported
        data did: one small query, which reads no card row's data."""
        numbers = {number for cards in self.zones.values() for number in cards}
        found, changed, data = selectors.card_stamps(self.game_slug, numbers)
        parts = [self.code, self.lang, found, changed, data]
        return hashlib.sha256(json.dumps(parts).encode()).hexdigest()

    @property
    def cache_seconds(self) -> int:
        """For the templates' `{% cache %}` of a panel keyed by `panel_key`."""
        return PANEL_CACHE_SECONDS

    def cache_key(self, panel: str) -> str:
        """The cache key of a panel's answer (`cached`)."""
        return f"decklab:panel:{panel}:{self.panel_key}"

    def cached(self, panel: str, compute: Callable[[], Any]) -> Any:
        """A panel's answer from the cache under `panel_key`, computed on a miss."""
        return cache.get_or_set(self.cache_key(panel), compute, PANEL_CACHE_SECONDS)

    @cached_property
    def report(self) -> dict[str, Any]:
        """The CONTRACT §4 object of the deck in its format (messages name the fix): the rules
        check the resolved `game_deck`, no decklist text is written and read back."""

        def compute() -> dict[str, Any]:
            deck = self.game_deck
            violations = validation.check(self.game, self.format_slug, deck)
            return validation.report(self.game, self.format_slug, deck, violations, self.lang)

        return self.cached("legality", compute)

    @cached_property
    def matrix(self) -> list[dict[str, Any]]:
        return self.cached(
            "formats",
            lambda: validation.matrix(self.game, self.game_deck, [], self.lang)["formats"],
        )

    @cached_property
    def charts(self) -> list[stats.Chart]:
        return self.cached("statistics", lambda: stats.deck_charts(self.game_slug, self.game_deck))

    @cached_property
    def zone_views(self) -> list[ZoneView]:
        rows = {
            (zone, number): Row(zone, number, count, self.cards.get(number))
            for zone, cards in self.zones.items()
            for number, count in cards.items()
        }
        labels = self.zone_labels
        allowed = self.cached(
            "zones",
            lambda: {
                number: allowed_zones(self.game, self.format_slug, card)
                for number, card in self.cards.items()
            },
        )
        built = self.construction
        deal = self.game.deal
        nested = {}
        if deal is not None and deal.nested:
            chain = [deal.source, deal.target, *deal.clears]
            nested = dict(pairwise(chain))
        for row in rows.values():
            if row.card is None:
                continue
            row.moves = [(z, labels[z]) for z in allowed[row.number] if z != row.zone]
            if nested:  # pool ⊇ dealt ⊇ hand: a card is chosen into the next zone, not moved
                row.moves = [(z, label) for z, label in row.moves if z == nested.get(row.zone)]
            row.columns = row_values(self.game_slug, row.card.to_game_card(), self.lang)
            side = self.game.back.of(row.card.to_game_card()) if self.game.back else None
            row.back = " · ".join([side[0], *(value for _, value in side[1])]) if side else ""
        for violation in self.report["violations"]:
            for number in violation["cards"]:
                for zone in [violation["zone"]] if violation["zone"] else self.game.zone_slugs:
                    if (zone, number) in rows:
                        rows[(zone, number)].violations.append(violation)
        return [
            ZoneView(
                zone.slug,
                zone.label,
                zone.label_ja,
                sorted(
                    (row for (slug, _), row in rows.items() if slug == zone.slug),
                    key=lambda row: natural_key(row.number),
                ),
                step=built.copies if built and built.zone == zone.slug else 1,
            )
            for zone in self.game.zones
        ]

    @property
    def drawn_cards(self) -> list[tuple[str, str]]:
        """(number, name) of the cards in the zone drawn from, in number order (the goal fields'
        card choices), without building the deck panel's rows."""
        cards = self.zones.get(self.game.default_zone, {})
        rows = (
            Row(self.game.default_zone, n, count, self.cards.get(n)) for n, count in cards.items()
        )
        return [(row.number, row.name) for row in sorted(rows, key=lambda r: natural_key(r.number))]

    @property
    def deck_violations(self) -> list[dict[str, Any]]:
        """Violations that name no card of the deck (a zone's size, a cap): shown above the zones."""
        listed = {number for cards in self.zones.values() for number in cards}
        return [v for v in self.report["violations"] if not listed.intersection(v["cards"])]

    @property
    def size(self) -> int:
        return sum(sum(cards.values()) for cards in self.zones.values())


def allowed_zones(game: Game, format_slug: str, card: Card) -> list[str]:
    """The zones the format lets this card stand in, asked of the rules themselves.

    A one-card deck with the card in a zone is checked; a `zone.card_type` violation naming the
    card means the zone may not hold it. So the search panel's add buttons follow the rules in
    `legality.py` and never restate them.
    """
    pure = card.to_game_card()
    rules = game.format(format_slug)
    allowed = []
    for zone in game.zone_slugs:
        single = GameDeck(
            zones={z: ((Entry(pure, 1),) if z == zone else ()) for z in game.zone_slugs}
        )
        refused = any(
            v.code == "zone.card_type" and pure.number in v.cards for v in rules.check(single, {})
        )
        if not refused:
            allowed.append(zone)
    return allowed
