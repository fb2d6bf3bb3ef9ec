"""Goals and goal types: a prepared goal's engines, and the kinds of goal a game offers."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from cards.games import stats
from cards.games.base import Deck
from cards.games.goldfish.context import Context, GoalError
from cards.games.goldfish.fields import Field
from cards.games.goldfish.tally import Tally, _round
from cards.games.messages import gettext_noop, shown_value
from cards.games.needs import Need
from cards.games.registry import get_game


class Goal(ABC):
    """A prepared goal: its engines, its exact answer if any, and how its result reads.

    Subclasses set `goal` (the normalised goal dict echoed in the result) and implement both
    engines; the defaults below serve yes/no goals that count successes under `hit`.
    """

    goal: dict[str, Any]
    #: The card facts this goal read that some of its cards lack (`needs.Need.check`), set by
    #: `plan`; `summarize` adds them to the result as `missing_facts`.
    missing: list[dict[str, Any]] = []
    #: The proportions (tally count keys) whose intervals an adaptive run narrows.
    proportions: tuple[str, ...] = ("hit",)

    @abstractmethod
    def fast(self, rng: np.random.Generator, trials: int) -> Tally:
        """Play `trials` games vectorised with numpy."""

    @abstractmethod
    def reference(self, rng: random.Random, trials: int) -> Tally:
        """Play `trials` games one at a time, in plain Python that reads like the rules."""

    def exact(self) -> Any:
        """The exact answer (a probability, or a structure the result shows), or None."""
        return None

    def summarize(self, tally: Tally, exact: Any) -> dict[str, Any]:
        return {"goal": self.goal, **tally.proportion("hit"), "exact": _exact(exact)}

    def half_width(self, tally: Tally) -> float:
        """The widest 95% half-width among this goal's proportions (for adaptive runs)."""
        return max(
            stats.wilson_half_width(tally.counts.get(key, 0), tally.games)
            for key in self.proportions
        )


def _exact(value: Any) -> Any:
    return _round(value) if isinstance(value, float) else value


@dataclass(frozen=True)
class GoalType:
    """A kind of goal a game offers: its fields, and how to prepare one against a deck."""

    name: str
    label: str
    description: str
    fields: tuple[Field, ...]
    prepare: Callable[[Context, dict[str, Any]], Goal]
    #: The card facts the goal reads (`needs.Need`): checked against the deck by `plan`.
    needs: tuple[Need, ...] = ()
    #: Work per game of one such goal, in units of a `drawn` goal's: the run queue budgets work,
    #: games × goals × cost (`decklab.goldfish.services.work_units`), not runs.
    cost: float = 1.0
    #: Whether a deck's editor offers the goal (DBSCG's `dragon_balls` only to a deck holding a
    #: [Dragon Ball] card); None: to every deck. A run may still ask for it and is refused.
    offered: Callable[[Deck], bool] | None = None

    def field(self, name: str) -> Field:
        return next(spec for spec in self.fields if spec.name == name)

    def clean(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        """The goal dict with defaults filled in; unknown or missing fields are a `GoalError`."""
        known = {f.name for f in self.fields}
        unknown = sorted(set(raw) - known - {"type"})
        if unknown:
            raise GoalError(
                gettext_noop("This goal has no field %(field)s (its fields: %(fields)s)."),
                field=shown_value(unknown[0]),
                fields=", ".join(f.name for f in self.fields),
            )
        values: dict[str, Any] = {"type": self.name}
        for spec in self.fields:
            if spec.name in raw and not (raw[spec.name] is None and spec.default is None):
                values[spec.name] = spec.clean(raw[spec.name])
            elif spec.required:
                raise GoalError(gettext_noop("This goal needs %(field)s."), field=spec.shown)
            else:
                values[spec.name] = spec.default
        return values


class UnknownGoal(GoalError):
    """A goal type the game does not offer; the message names the known ones."""


def goal_types(game_slug: str) -> dict[str, GoalType]:
    """The goal types of a game (raises `UnknownGame` for an unknown slug)."""
    simulation = get_game(game_slug).goldfish
    return dict(simulation().goal_types) if simulation else {}


def measure_labels(game_slug: str) -> Mapping[str, str]:
    """The words for the figures a game's results report beside the probability (result key →
    msgid, e.g. `own_turns` → "Own turns (mean)"), from its `GAME.goldfish`. Pages in another
    language than English show these; English pages keep the keys' own words."""
    simulation = get_game(game_slug).goldfish
    return simulation().measures if simulation else {}


def goal_forms(game_slug: str, deck: Deck | None = None) -> list[dict[str, Any]]:
    """For each goal type its fields (name, label, kind, choices, default) for the web editor;
    with a `deck`, only the goal types offered to it (`GoalType.offered`)."""
    return [
        {
            "type": goal_type.name,
            "label": goal_type.label,
            "description": goal_type.description,
            "fields": [spec.to_form() for spec in goal_type.fields],
        }
        for goal_type in goal_types(game_slug).values()
        if deck is None or goal_type.offered is None or goal_type.offered(deck)
    ]
