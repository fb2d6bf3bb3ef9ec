"""Statistics over public decks: a card's use, and the meta of a game × format × period.

Every count starts from `search.public_facts` (the deck's own visibility is public), and every
period is a range of `DeckFacts.dated` (when the deck's cards last changed), so statistics move
with the dates asked for and never count a private or unlisted deck.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta

from django.core.cache import cache
from django.db.models import BooleanField, Count, ExpressionWrapper, Q, QuerySet, Sum
from django.db.models.functions import TruncWeek

from cards.games.registry import get_game
from decklab.decks import selectors as decks
from decklab.decks.models import Deck, DeckCard
from decklab.discovery.models import DeckFacts, PublicCard
from decklab.discovery.search import public_decks, public_facts
from decklab.events.models import Event, ListVisibility, Registration, Status

TOP_DECKS = 5
TOP_CARDS = 20
TREND_WEEKS = 8
TREND_ARCHETYPES = 5


@dataclass(frozen=True)
class Window:
    """A period of deck dates: [start, end)."""

    start: datetime
    end: datetime

    @classmethod
    def last(cls, days: int, now: datetime) -> Window:
        return cls(now - timedelta(days=days), now)

    @property
    def days(self) -> int:
        return max(1, round((self.end - self.start) / timedelta(days=1)))


def facts_in(game: str, format: str, window: Window) -> QuerySet[DeckFacts]:
    return public_facts(game).filter(format=format, dated__gte=window.start, dated__lt=window.end)


@dataclass
class CardStats:
    format: str
    window: Window
    #: Public decks holding the card, any format, any date.
    decks: int
    top: list[Deck]
    #: Public decks of the format dated in the window, and those of them holding the card.
    window_decks: int
    including: int
    copies: int

    @property
    def rate(self) -> float:
        return self.including / self.window_decks if self.window_decks else 0.0

    @property
    def average_copies(self) -> float:
        return self.copies / self.including if self.including else 0.0

    @property
    def percent(self) -> int:
        return round(100 * self.rate)


def card_stats(*, game: str, number: str, format: str, window: Window) -> CardStats:
    holding = public_decks(game).filter(cards__number=number).distinct()
    in_window = DeckCard.objects.filter(
        number=number, deck__in=facts_in(game, format, window).values("deck")
    ).aggregate(decks=Count("deck", distinct=True), copies=Sum("count"))
    return CardStats(
        format=format,
        window=window,
        decks=holding.count(),
        top=list(holding.order_by("-facts__hot", "-facts__dated")[:TOP_DECKS]),
        window_decks=facts_in(game, format, window).count(),
        including=in_window["decks"] or 0,
        copies=in_window["copies"] or 0,
    )


@dataclass(frozen=True)
class Share:
    key: str
    label: str
    decks: float
    share: float


@dataclass(frozen=True)
class TrendBar:
    x: int
    y: int
    height: int
    share: float
    week: date


@dataclass(frozen=True)
class Trend:
    label: str
    bars: list[TrendBar]


@dataclass(frozen=True)
class CardUse:
    number: str
    name: str
    decks: int
    rate: float
    average_copies: float


@dataclass
class Meta:
    format: str
    window: Window
    total: int
    shares: list[Share]
    trends: list[Trend]
    weeks: list[date]
    cards: list[CardUse]
    event_lists: float = 0
    event_shares: list[Share] = field(default_factory=list)


def _shares(counts: dict[tuple[str, str], float]) -> list[Share]:
    total = sum(counts.values())
    rows = sorted(counts.items(), key=lambda item: (-item[1], item[0][1]))
    return [Share(key, label, n, n / total) for (key, label), n in rows] if total else []


#: (archetype, label, week, in the period, in the trend's weeks) → public decks.
Counted = dict[tuple[str, str, date, bool, bool], int]


def archetype_weeks(game: str, format: str, window: Window, now: datetime) -> Counted:
    """The public decks of the period and of the trend's weeks counted per archetype and week in
    one scan of the facts: the shares and the trend read the same rows, so one query (and one join
    to the deck's visibility) answers both."""
    first = datetime.combine(trend_weeks(now)[0], time.min, tzinfo=now.tzinfo)
    rows = (
        public_facts(game)
        .filter(format=format, dated__gte=min(window.start, first), dated__lt=max(window.end, now))
        .annotate(
            week=TruncWeek("dated"),
            shown=ExpressionWrapper(
                Q(dated__gte=window.start, dated__lt=window.end), output_field=BooleanField()
            ),
            charted=ExpressionWrapper(
                Q(dated__gte=first, dated__lt=now), output_field=BooleanField()
            ),
        )
        .values_list("archetype", "archetype_label", "week", "shown", "charted")
        .annotate(decks=Count("deck"))
    )
    return {
        (key, label, week.date(), shown, charted): n for key, label, week, shown, charted, n in rows
    }


def archetype_shares(counted: Counted) -> list[Share]:
    counts: dict[tuple[str, str], float] = {}
    for (key, label, _week, shown, _charted), n in counted.items():
        if shown:
            counts[key, label] = counts.get((key, label), 0) + n
    return _shares(counts)


#: The trend chart's geometry (an SVG of `TREND_WEEKS` columns, drawn by a template).
BAR_WIDTH, BAR_GAP, CHART_HEIGHT = 20, 6, 48
CHART_GEOMETRY = {
    "width": TREND_WEEKS * (BAR_WIDTH + BAR_GAP) - BAR_GAP,
    "height": CHART_HEIGHT,
    "bar": BAR_WIDTH,
}


def trend_weeks(now: datetime) -> list[date]:
    """The Mondays of the last `TREND_WEEKS` weeks, this one last."""
    monday = (now - timedelta(days=now.weekday())).date()
    return [monday - timedelta(weeks=TREND_WEEKS - 1 - i) for i in range(TREND_WEEKS)]


def trends(
    counted: Counted, now: datetime, keys: list[tuple[str, str]]
) -> tuple[list[date], list[Trend]]:
    """Weekly shares of the most played archetypes over the last `TREND_WEEKS` weeks."""
    weeks = trend_weeks(now)
    counts: dict[tuple[date, str], int] = {}
    totals: dict[date, int] = {}
    for (key, _label, week, _shown, charted), n in counted.items():
        if charted:
            counts[week, key] = counts.get((week, key), 0) + n
            totals[week] = totals.get(week, 0) + n
    drawn = []
    for key, label in keys[:TREND_ARCHETYPES]:
        bars = []
        for i, week in enumerate(weeks):
            share = counts.get((week, key), 0) / totals[week] if totals.get(week) else 0.0
            height = round(share * CHART_HEIGHT)
            bars.append(
                TrendBar(i * (BAR_WIDTH + BAR_GAP), CHART_HEIGHT - height, height, share, week)
            )
        drawn.append(Trend(label, bars))
    return weeks, drawn


def top_cards(game: str, format: str, window: Window, total: int) -> list[CardUse]:
    """The cards in most public decks of the period, from the narrow `PublicCard` rows (one per
    card per public deck, copies already summed over zones): one range scan of one index and one
    hash aggregate, where counting `DeckCard` rows read every card row of the period joined to its
    facts (docs/discovery.md). Only public decks have rows: a deck leaving public loses them in the
    save that makes it private, so no join to the deck table is needed."""
    rows = list(
        PublicCard.objects.filter(
            game=game, format=format, dated__gte=window.start, dated__lt=window.end
        )
        .values("number")
        .annotate(decks=Count("*"), copies=Sum("copies"))
        .order_by("-decks", "number")
        .values_list("number", "decks", "copies")[:TOP_CARDS]
    )
    names = {n: card.name for n, card in decks.cards_by_number(game, {r[0] for r in rows}).items()}
    return [
        CardUse(number, names.get(number, ""), n, n / total, copies / n)
        for number, n, copies in rows
    ]


def event_shares(game: str, format: str, window: Window) -> tuple[float, list[Share]]:
    """Archetype shares of the locked lists of finished public events, each list weighted by
    the size of its event (its players): a 64-player event says more than an 8-player one."""
    events = Event.objects.filter(
        game=game,
        format=format,
        status=Status.FINISHED,
        visibility=ListVisibility.PUBLIC,
        date__gte=window.start.date(),
        date__lt=window.end.date() + timedelta(days=1),
    ).annotate(size=Count("registrations", filter=Q(registrations__waiting=False)))
    sizes = {event.pk: event.size for event in events}
    if not sizes:
        return 0, []
    lists = Registration.objects.filter(event_id__in=sizes, locked__isnull=False, waiting=False)
    archetype = get_game(game).archetype
    counts: dict[tuple[str, str], float] = {}
    weight = 0.0
    for event_id, zones in lists.values_list("event_id", "locked__zones"):
        numbers = {n for cards in zones.values() for n in cards}
        found = archetype(decks.game_deck(game, zones, decks.cards_by_number(game, numbers)))
        counts[found.key, found.label] = counts.get((found.key, found.label), 0) + sizes[event_id]
        weight += sizes[event_id]
    return weight, _shares(counts)


#: How long a meta is served from the cache; a deck leaving public drops the game's metas at once.
META_SECONDS = 600


def quantised(now: datetime) -> datetime:
    """The end of the `META_SECONDS` slot `now` is in, so that "the last 30 days" asked twice in a
    few minutes is one period, one cache entry, and still holds every deck dated up to now."""
    return now + timedelta(seconds=META_SECONDS - now.timestamp() % META_SECONDS)


def _generation_key(game: str) -> str:
    return f"discovery:meta-generation:{game}"


def meta_forget(*, game: str) -> None:
    """Drop every cached meta of a game (a deck left public: it must leave the counts now)."""
    try:
        cache.incr(_generation_key(game))
    except ValueError:
        cache.set(_generation_key(game), 1, None)


def meta_cached(*, game: str, format: str, window: Window, now: datetime) -> Meta:
    """`meta_of`, from the cache when the same period was asked in the last minutes."""
    generation = cache.get_or_set(_generation_key(game), 0, None)
    key = ":".join(
        (
            "discovery:meta",
            game,
            format,
            window.start.isoformat(),
            window.end.isoformat(),
            str(generation),
        )
    )
    meta: Meta | None = cache.get_or_set(
        key, lambda: meta_of(game=game, format=format, window=window, now=now), META_SECONDS
    )
    if meta is None:  # a cache answers None only for a stored None, which this never stores
        return meta_of(game=game, format=format, window=window, now=now)
    return meta


def meta_of(*, game: str, format: str, window: Window, now: datetime) -> Meta:
    counted = archetype_weeks(game, format, window, now)
    shares = archetype_shares(counted)
    total = round(sum(share.decks for share in shares))
    weeks, drawn = trends(counted, now, [(s.key, s.label) for s in shares])
    weighted, by_events = event_shares(game, format, window)
    return Meta(
        format=format,
        window=window,
        total=total,
        shares=shares,
        trends=drawn,
        weeks=weeks,
        cards=top_cards(game, format, window, total) if total else [],
        event_lists=weighted,
        event_shares=by_events,
    )
