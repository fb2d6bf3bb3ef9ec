"""Reads of decks, with the permission rule in one place: a private deck exists only for its owner.

Every lookup by id or code that a stranger may not see raises `DeckNotFound`, never a 403, so
that the existence of someone's private deck does not leak through a page, the API or a share code.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from django.contrib.auth.models import AnonymousUser, User
from django.db import connection
from django.db.models import DateTimeField, F, IntegerField, Q, QuerySet
from django.db.models.expressions import RawSQL
from django.http import Http404
from django.utils.translation import get_language, gettext

from cards.decklists import decklist_load
from cards.games.base import Deck as GameDeck
from cards.games.base import Entry
from cards.games.decklist import export, export_recipe, natural_key
from cards.games.game import PresetDeck
from cards.games.messages import Text, choose_language
from cards.games.registry import get_game
from cards.languages import game_name, translated
from cards.models import Card, GameData
from cards.pool import game_data
from decklab.decks import edits, notes
from decklab.decks.edits import EditError
from decklab.decks.models import Deck, DeckVersion, Visibility

Viewer = User | AnonymousUser


class DeckNotFound(Http404):
    """No such deck or version, or none this user may see: the one not-found of decks. It is an
    `Http404`, so every page and the API answer it as 404 with its message (Django's handler and
    DRF's), and a caller that expects it catches it by this name."""


def decks_of(user: User) -> QuerySet[Deck]:
    return Deck.objects.filter(owner=user)


def deck_for_owner(user: Viewer, pk: int) -> Deck:
    """The user's own deck, for editing; any other deck is a 404."""
    if not user.is_authenticated:
        raise DeckNotFound(gettext("No such deck."))
    try:
        return Deck.objects.get(pk=pk, owner=user)
    except Deck.DoesNotExist:
        raise DeckNotFound(gettext("No such deck.")) from None


def visible_decks(user: Viewer) -> QuerySet[Deck]:
    """Decks the user may read: their own, and every deck that is not private."""
    shared = ~Q(visibility=Visibility.PRIVATE)
    return Deck.objects.filter(shared | Q(owner=user) if user.is_authenticated else shared)


def deck_by_id(user: Viewer, pk: int) -> Deck:
    """A deck by its id: the user's own, or a public one. Ids can be counted, so an unlisted deck
    is reached only through its code (`deck_by_code`)."""
    public = Q(visibility=Visibility.PUBLIC)
    decks = Deck.objects.filter(public | Q(owner=user) if user.is_authenticated else public)
    try:
        return decks.select_related("owner").get(pk=pk)
    except Deck.DoesNotExist:
        raise DeckNotFound(gettext("No such deck.")) from None


def deck_by_code(user: Viewer, code: str) -> Deck:
    try:
        return visible_decks(user).select_related("owner").get(code=code)
    except Deck.DoesNotExist:
        raise DeckNotFound(gettext("No such deck.")) from None


#: A deck code as typed, or the code of a share link (`…/d/<code>`, with anything after it).
_SHARED_CODE = re.compile(r"(?:^|/d/)([A-Za-z0-9]{1,16})(?:[/?#].*)?$")


def other_version(user: Viewer, code_or_link: str, number: int | None) -> DeckVersion:
    """A version of a deck the user may read, by its code or share link: any version of their own
    decks, only the current one of someone else's (the shared page shows no other)."""
    match = _SHARED_CODE.search(code_or_link.strip())
    if match is None:
        raise DeckNotFound(gettext("No such deck."))
    deck = deck_by_code(user, match.group(1))
    if number is None:
        number = deck.version
    elif number != deck.version and deck.owner_id != getattr(user, "pk", None):
        raise DeckNotFound("No such version.")
    version = version_of(deck, number)
    version.deck = deck  # the deck as read, with its owner
    return version


def current_version_for_owner(user: Viewer, pk: int) -> DeckVersion:
    """The current version of the user's own deck, its deck read with it (one query, where
    `deck_for_owner` and `current_version` take two); any other deck is a 404.

    In the same query, what the owner's decks of the game look like now (`owner_decks`: how many,
    `owner_decks_changed`: the newest change): the editor keys its cached "Compare with" choices
    by them (`decklab.goldfish.pairs.compare_choices`). The two subqueries are SQL of their own:
    the ORM took 0.9 ms to build them as `Subquery` aggregates, a seventh of the editor page's
    server time (`manage.py bench editor`)."""
    if not user.is_authenticated:
        raise DeckNotFound("No such deck.")
    try:
        return (
            DeckVersion.objects.select_related("deck")
            .annotate(
                owner_decks=RawSQL(_owner_decks_sql("COUNT(*)"), (), IntegerField()),
                owner_decks_changed=RawSQL(
                    _owner_decks_sql(f"MAX({_quote('updated_at')})"), (), DateTimeField()
                ),
            )
            .get(deck_id=pk, deck__owner=user, number=F("deck__version"))
        )
    except DeckVersion.DoesNotExist:
        raise DeckNotFound("No such deck.") from None


def _quote(name: str) -> str:
    return connection.ops.quote_name(name)


def _owner_decks_sql(aggregate: str) -> str:
    """`aggregate` over the decks of the selected deck's owner and game. The selected deck is
    the outer query's join of `select_related("deck")`, which the ORM names after the table."""
    deck = _quote(Deck._meta.db_table)
    owner, game = _quote("owner_id"), _quote("game")
    return (
        f"SELECT {aggregate} FROM {deck} mine"
        f" WHERE mine.{owner} = {deck}.{owner} AND mine.{game} = {deck}.{game}"
    )


def current_version(deck: Deck) -> DeckVersion:
    return deck.versions.get(number=deck.version)


def current_zones(deck: Deck) -> dict[str, dict[str, int]]:
    return zones_of(current_version(deck))


def zones_of(version: DeckVersion) -> dict[str, dict[str, int]]:
    return {zone: dict(cards) for zone, cards in version.zones.items()}


def version_of(deck: Deck, number: int) -> DeckVersion:
    try:
        return deck.versions.get(number=number)
    except DeckVersion.DoesNotExist:
        raise DeckNotFound("No such version.") from None


def cards_by_number(game: str, numbers: set[str]) -> dict[str, Card]:
    """The card rows a deck names, in one query."""
    if not numbers:
        return {}
    rows = Card.objects.filter(game=game, number__in=numbers).only(
        "number", "name", "type", "data", "extra", "game", "updated_at"
    )
    return {row.number: row for row in rows}


def game_deck(
    game: str, zones: Mapping[str, Mapping[str, int]], cards: Mapping[str, Card]
) -> GameDeck:
    """The pure-layer deck of these quantities (cards missing from `cards` are left out)."""
    return GameDeck(
        zones={
            zone.slug: tuple(
                Entry(cards[number].to_game_card(), count)
                for number, count in sorted(
                    zones.get(zone.slug, {}).items(), key=lambda item: natural_key(item[0])
                )
                if number in cards
            )
            for zone in get_game(game).zones
        }
    )


def decklist_text(game: str, deck: GameDeck) -> str:
    return export(get_game(game), deck)


def recipe_text(game: str, deck: GameDeck) -> str:
    """The Japanese recipe style (`カード名 ×3`) for posting a deck."""
    return export_recipe(get_game(game), deck)


def deal_count(game: str, zones: Mapping[str, Mapping[str, int]]) -> int:
    """How many cards the game's deal gives for this deck (Blade Rondo: its set deck's count)."""
    rule = get_game(game).deal
    if rule is None:
        return 0
    if rule.size is None:
        return rule.count
    numbers = {number for cards in zones.values() for number in cards}
    return rule.size(game_deck(game, zones, cards_by_number(game, numbers)), game_data(game))


def preset_decks(game: str) -> tuple[PresetDeck, ...]:
    presets = get_game(game).preset_decks
    return presets(game_data(game)) if presets else ()


def preset_zones(game: str, key: str) -> tuple[PresetDeck, dict[str, dict[str, int]]]:
    """A preset deck (a Blade Rondo set deck) and its cards by number, read by name like a pasted list."""
    the_game = get_game(game)
    preset = next((p for p in preset_decks(game) if p.key == key), None)
    if preset is None:
        raise EditError(
            gettext("%(game)s has no set deck %(key)r.") % {"game": game_name(game), "key": key}
        )
    label = next(zone.label for zone in the_game.zones if zone.slug == preset.zone)
    text = "\n".join([label, *(f"{count} {name}" for name, count in preset.cards.items())])
    deck, problems = decklist_load(game=game, text=text)
    if problems:
        raise EditError(
            gettext("%(deck)s names cards not in the card list: %(problem)s")
            % {
                "deck": preset.name,
                "problem": problems[0].message(choose_language(get_language())),
            }
        )
    return preset, deck.quantities()


def zone_diff(
    game: str, old: Mapping[str, Mapping[str, int]], new: Mapping[str, Mapping[str, int]]
) -> list[dict]:
    """Per zone of the game, the cards added and removed from `old` to `new`, in number order
    (the history's compare, an event's deck check)."""
    names = cards_by_number(game, edits.numbers(old) | edits.numbers(new))
    zones = {zone.slug: zone for zone in get_game(game).zones}

    def ordered(counts: dict[str, int]) -> list[tuple[str, int, Card | None]]:
        return [
            (n, c, names.get(n)) for n, c in sorted(counts.items(), key=lambda i: natural_key(i[0]))
        ]

    return [
        {
            "zone": zone,
            "label": zones[zone].label if zone in zones else zone,
            "label_ja": zones[zone].label_ja if zone in zones else "",
            "added": ordered(change["added"]),
            "removed": ordered(change["removed"]),
        }
        for zone, change in edits.diff(old, new).items()
    ]


def own_decks_of_game(user: Viewer, game: str) -> QuerySet[Deck]:
    """The user's decks of a game, the last edited first (the run page offers them)."""
    if not user.is_authenticated:
        return Deck.objects.none()
    return decks_of(user).filter(game=game).order_by("-updated_at", "-pk")


def own_decklist(user: Viewer, pk: int) -> str:
    """The decklist text of the current version of one of the user's decks (404 otherwise)."""
    deck = deck_for_owner(user, pk)
    zones = current_zones(deck)
    numbers = {number for cards in zones.values() for number in cards}
    return decklist_text(
        deck.game, game_deck(deck.game, zones, cards_by_number(deck.game, numbers))
    )


def history_notes(deck: Deck, versions: list[DeckVersion]) -> list[tuple[DeckVersion, str]]:
    """Each version with its note in the reader's language, DeckLab's notes naming their card
    (`notes.with_card_names`): one query for the page's cards."""
    texts = {v.pk: Text.from_json(v.note_text) for v in versions if v.note_text}
    numbers = {
        t.values["number"] for t in texts.values() if isinstance(t.values.get("number"), str)
    }
    names = {number: card.name for number, card in cards_by_number(deck.game, numbers).items()}
    return [
        (v, translated(notes.with_card_names(texts[v.pk], names)) if v.pk in texts else v.note)
        for v in versions
    ]


def card_stamps(game_slug: str, numbers: Iterable[str]) -> tuple[int, str | None, str | None]:
    """How many of these card numbers the game has, when the last of them changed and when the
    game's imported data did (as the database writes the times): one query that reads no card
    row's data, for the editor's panel key (`Workspace.panel_key`).

    SQL of its own: the ORM took 6 ms to build this aggregate with its subquery, a quarter of
    the editor page's server time, for a query the database answers in 0.1 ms."""
    wanted = sorted(set(numbers))
    card, data = _quote(Card._meta.db_table), _quote(GameData._meta.db_table)
    matching = f"{_quote('number')} IN ({', '.join(['%s'] * len(wanted))})" if wanted else "1 = 0"
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT COUNT(*), MAX({_quote('updated_at')}),"
            f" (SELECT MAX({_quote('updated_at')}) FROM {data} WHERE {_quote('game')} = %s)"
            f" FROM {card} WHERE {_quote('game')} = %s AND {matching}",
            [game_slug, game_slug, *wanted],
        )
        found, changed, imported = cursor.fetchone()
    return (
        found,
        None if changed is None else str(changed),
        None if imported is None else str(imported),
    )
