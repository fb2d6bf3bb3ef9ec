"""Plans: a run's goals checked (`clean_goals`) and prepared against one deck (`plan`)."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cards.games.base import CardPool, Deck, GameData
from cards.games.game import Game
from cards.games.goldfish.context import Context, GoalError
from cards.games.goldfish.goals import Goal, GoalType, UnknownGoal, goal_types
from cards.games.goldfish.limits import MAX_GOALS, MAX_GOALS_JSON_CHARS
from cards.games.messages import Text, gettext_noop, shown_value
from cards.games.needs import NeedRefused, missing_facts
from cards.games.registry import get_game


@dataclass
class Plan:
    """Goals checked and prepared against one deck, with their exact answers computed once."""

    game: Game
    deck: Deck
    goals: list[Goal]
    exacts: list[Any]


def clean_goals(game_slug: str, goals: Any) -> list[tuple[GoalType, dict[str, Any]]]:
    """Each goal's type and its values checked and converted, without preparing anything: the
    cheap checks (shapes, types, sizes) that the API and the form make before a run is planned.
    `GoalError` for the first goal that is wrong, whatever the wrong value is."""
    game = get_game(game_slug)
    types = goal_types(game_slug)
    if not types:
        raise GoalError(gettext_noop("%(game)s has no goldfish goals."), game=game.name)
    if not isinstance(goals, list | tuple) or not goals:
        raise GoalError(gettext_noop("Give at least one goal."))
    if len(goals) > MAX_GOALS:
        raise GoalError(
            gettext_noop("At most %(limit)d goals per run, not %(count)d."),
            limit=MAX_GOALS,
            count=len(goals),
        )
    if len(json.dumps(goals, default=str)) > MAX_GOALS_JSON_CHARS:
        raise GoalError(
            gettext_noop("The goals hold at most %(limit)d characters as JSON."),
            limit=MAX_GOALS_JSON_CHARS,
        )
    cleaned = []
    for position, raw in enumerate(goals, start=1):
        if not isinstance(raw, Mapping):
            raise GoalError(
                gettext_noop("Goal %(position)d must be a JSON object with a 'type'."),
                position=position,
            )
        named = raw.get("type")
        goal_type = types.get(named) if isinstance(named, str) else None
        if goal_type is None:
            raise UnknownGoal(
                gettext_noop(
                    "Goal %(position)d: unknown type %(type)s for %(game)s (known: %(known)s)."
                ),
                position=position,
                type=shown_value(named),
                game=game.name,
                known=", ".join(types),
            )
        cleaned.append((goal_type, _in_goal(position, goal_type, goal_type.clean, raw)))
    return cleaned


def _in_goal(position: int, goal_type: GoalType, step: Callable[..., Any], *args: Any) -> Any:
    """`step(*args)` of one goal, its `GoalError` (or `NeedRefused`) said to be of that goal."""
    try:
        return step(*args)
    except (GoalError, NeedRefused) as error:
        raise GoalError(
            gettext_noop("Goal %(position)d (%(goal)s): %(error)s"),
            position=position,
            goal=Text(goal_type.label),
            error=error.text,
        ) from None


def plan(
    game_slug: str,
    deck: Deck,
    goals: Sequence[Mapping[str, Any]],
    *,
    pool: CardPool | None = None,
    data: GameData | None = None,
) -> Plan:
    """Check (`clean_goals`, all of them first) and prepare the goals; raises `GoalError` (for the
    player) when one cannot run. `pool` and `data` as `Context` reads them."""
    cleaned = clean_goals(game_slug, goals)
    context = Context(get_game(game_slug), deck, pool, data or {})
    prepared = []
    for position, (goal_type, values) in enumerate(cleaned, start=1):
        goal = _in_goal(position, goal_type, goal_type.prepare, context, values)
        goal.missing = _in_goal(
            position, goal_type, missing_facts, goal_type.needs, context, values
        )
        prepared.append(goal)
    return Plan(context.game, deck, prepared, [goal.exact() for goal in prepared])
