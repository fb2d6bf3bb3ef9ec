"""A public deck's goldfish numbers as its page and the deck API show them: each default goal's
key number beside the format's average (`public` asks for and stores them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext

from cards.games.messages import Text
from cards.languages import translated
from decklab.decks.models import Deck, Visibility
from decklab.goldfish import charts
from decklab.goldfish.models import SimulationRun
from decklab.goldfish.public import current_row, format_averages
from decklab.goldfish.services import refreshed


@dataclass(frozen=True)
class GoalNumbers:
    """One default goal of a public deck as its page shows it."""

    goal: str
    number: dict[str, Any] | None
    #: The format's mean of this goal's key number and over how many decks (None: no other deck).
    average: tuple[float, int] | None
    #: Why the goal has no number (a card fact no card has): said instead of a number.
    refused: str
    #: The goal as run (cleaned: every field), for the API.
    spec: dict[str, Any]

    def _shown(self, value: float) -> str:
        assert self.number is not None
        return f"{value:.1%}" if self.number["percent"] else f"{value:,.2f}"

    @property
    def value(self) -> str:
        return (
            ""
            if self.number is None or self.number["value"] is None
            else self._shown(self.number["value"])
        )

    @property
    def interval(self) -> str:
        if self.number is None or self.number["low"] is None:
            return ""
        return f"{self._shown(self.number['low'])} – {self._shown(self.number['high'])}"

    @property
    def average_value(self) -> str:
        return "" if self.average is None else self._shown(self.average[0])

    @property
    def difference(self) -> str:
        """This deck's number minus the format's average, in points for a probability."""
        if self.average is None or not self.value:
            return ""
        assert self.number is not None
        delta = self.number["value"] - self.average[0]
        if self.number["percent"]:
            return gettext("%(n)s points") % {"n": f"{round(delta * 100, 1) + 0.0:+.1f}"}
        return f"{round(delta, 2) + 0.0:+,.2f}"

    @property
    def missing(self) -> list[dict[str, Any]]:
        return [] if self.number is None else self.number["missing"]


@dataclass(frozen=True)
class DeckNumbers:
    status: str
    goals: list[GoalNumbers]
    trials: int = 0
    failure: str = ""

    @property
    def finished(self) -> bool:
        return self.status in {"done", "failed"}


def deck_numbers(*, deck: Deck) -> DeckNumbers | None:
    """The numbers of a public deck for its page (None for any other deck): pending while its
    run goes, then each default goal's key number beside the format's average."""
    row = current_row(deck)
    if deck.visibility != Visibility.PUBLIC:
        return None
    if row is None:
        return DeckNumbers("pending", [])
    if row.run is not None and not row.run.finished:
        refreshed(row.run)  # a run whose worker vanished is handed out again, as its page does
        return DeckNumbers("pending", [])
    if row.run is not None and row.run.status == SimulationRun.Status.FAILED:
        return DeckNumbers("failed", [], failure=row.run.failure)
    averages = format_averages(deck.game, deck.format)
    # A card field left empty by the defaults (energy on curve: any card) is not said.
    said = [{"goal": {k: v for k, v in e["goal"].items() if v not in ("", [])}} for e in row.goals]
    readable, names = charts.readable(said, deck.game)
    goals = []
    for entry, shown, number in zip(row.goals, readable, row.numbers or [], strict=False):
        refused = translated(Text.from_json(entry["refused"])) if entry["refused"] else ""
        goals.append(
            GoalNumbers(
                charts.describe_goal(shown["goal"], names),
                number,
                averages.get(entry["key"]) if number and not number["missing"] else None,
                refused,
                entry["goal"],
            )
        )
    trials = next((n["trials"] for n in row.numbers or [] if n), 0)
    return DeckNumbers("done", goals, trials=trials)


def deck_numbers_data(*, deck: Deck) -> dict[str, Any] | None:
    """`deck_numbers` as the API's deck answers it (`PublicGoldfishSerializer`)."""
    shown = deck_numbers(deck=deck)
    if shown is None:
        return None
    return {
        "status": shown.status,
        "trials": shown.trials,
        "failure": shown.failure,
        "goals": [
            {
                "goal": goal.spec,
                "value": goal.number["value"] if goal.number else None,
                "exact": bool(goal.number and goal.number["exact"]),
                "ci95": [goal.number["low"], goal.number["high"]]
                if goal.number and goal.number["low"] is not None
                else None,
                "format_average": goal.average[0] if goal.average else None,
                "format_decks": goal.average[1] if goal.average else 0,
                "missing_facts": goal.missing,
                "refused": goal.refused,
            }
            for goal in shown.goals
        ],
    }
