"""Formats as data with dates: what a format allowed at a date, where a game's data gives dates.

A game whose shipped data dates its cards (Gundam War's set release dates) gives `Game.dates`; the
check at a date is today's rules of the format plus two dated facts: a card whose earliest known
release is after the date did not exist then (`card.not_released`), and a format is only usable
from its own first date (a regulation: the release of its newest allowed set, `format.not_yet`).
A card whose release is not known is not checked, as a set rule leaves an unknown printing alone.
A game without dates answers with today's rules and the note `NO_DATES`: never a silent answer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date

from cards.games import messages
from cards.games.base import Card, Deck, Format, GameData, Violation
from cards.games.messages import gettext_noop

messages.register(
    "card.not_released",
    gettext_noop("Remove %(card)s: it was not yet released at %(date)s (first out %(released)s)."),
)
messages.register(
    "format.not_yet",
    gettext_noop("%(format)s was not yet usable at %(date)s: it starts %(start)s."),
)

#: What a check at a date says for a game whose data carries no dates (a msgid).
NO_DATES = gettext_noop(
    "This game's data carries no dates: legality at a date is today's rules of the format."
)


@dataclass(frozen=True)
class Dates:
    """What a game's data says about time (`<game>/dates.py`)."""

    #: The card's earliest known release (its first printing); None: not known, not checked.
    released: Callable[[Card], date | None]
    #: format slug → the first date the format is usable; a format not named has no start.
    starts: Callable[[], Mapping[str, date]] = dict
    #: Where the dates come from (shown in docs and notes).
    source: str = ""


@dataclass(frozen=True)
class Verdict:
    """A deck's check in one format, at a date or now: the violations, and what the reader must
    know about the answer (`NO_DATES` for a game without dates), as msgids."""

    violations: list[Violation]
    at: date | None = None
    notes: tuple[str, ...] = field(default=())

    @property
    def legal(self) -> bool:
        return not self.violations


def legal_from(dates: Dates, deck: Deck, fmt: Format) -> date | None:
    """The first date at which the deck's cards existed and the format was usable (None: no date
    limits it). A deck legal today is legal at a date exactly when the date is not before this:
    the dated facts only add refusals to today's rules, so discovery stores this one date."""
    found = [d for entry in deck.entries() if (d := dates.released(entry.card)) is not None]
    start = dates.starts().get(fmt.slug)
    if start is not None:
        found.append(start)
    return max(found, default=None)


def dated_violations(dates: Dates, deck: Deck, fmt: Format, at: date) -> list[Violation]:
    """The refusals of the dates alone: the format not yet usable, then each card not yet out."""
    shown = at.isoformat()
    out: list[Violation] = []
    start = dates.starts().get(fmt.slug)
    if start is not None and at < start:
        out.append(
            Violation(
                code="format.not_yet",
                rule=f"{fmt.slug}: usable from {start.isoformat()} (RULES.md §6.1).",
                params={"format": fmt.name, "date": shown, "start": start.isoformat()},
            )
        )
    for entry in deck.entries():
        released = dates.released(entry.card)
        if released is not None and at < released:
            out.append(
                Violation(
                    code="card.not_released",
                    rule="A card released after the date did not exist then (RULES.md §6.1).",
                    cards=(entry.card.number,),
                    count=entry.count,
                    params={
                        "card": entry.card.label,
                        "date": shown,
                        "released": released.isoformat(),
                    },
                )
            )
    return out


def check_at(
    dates: Dates | None, fmt: Format, deck: Deck, data: GameData | None, at: date | None
) -> Verdict:
    """`Game.validate`: the format's rules, and at a date its dated refusals or the note."""
    violations = fmt.check(deck, data)
    if at is None:
        return Verdict(violations)
    if dates is None:
        return Verdict(violations, at, (NO_DATES,))
    return Verdict(violations + dated_violations(dates, deck, fmt, at), at)
