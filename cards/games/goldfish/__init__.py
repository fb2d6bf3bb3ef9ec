"""Goldfish simulations: goal types, seeded chunked runs and their results (CONTRACT §5).

Each game's `cards/games/<slug>/goldfish.py` defines its `GoalType`s by the `type` a goal dict
names, which its `GAME.goldfish` offers (`goal_types`). `plan` checks the goals against the deck once (a bad goal raises
`GoalError` with a message for the player); `run_chunk` plays a fixed-size chunk of games seeded from
`(seed, chunk index)`, so a run split over any number of workers merges into exactly the result of
one process; `summarize` turns the merged tallies into CONTRACT §5 result objects.

Every goal has two engines: `reference` (plain Python, one game at a time, written to read like the
rules: the specification) and `fast` (numpy, vectorised over games). Both are seeded; the tests check
that they agree statistically and that each agrees with the exact answer where there is one.

The package by concept: `limits` (chunk size, trials, goal sizes), `context` (what a goal sees,
`GoalError`), `tally` (mergeable counts), `fields` and `goals` (goal types and their fields),
`planning` (checking and preparing goals), `runs` (seeded chunks and whole runs) and `drawn` (the
goal shared by the games that draw from a shuffled deck). Every public name is importable from
here; code that replaces one in tests patches it where it is looked up.
"""

from cards.games.goldfish.context import Context, GoalError, zone_name
from cards.games.goldfish.drawn import (
    DrawnGoal,
    Segment,
    card_flags,
    draws_on_turn,
    named,
    opponent_deck,
    problems_error,
    runs_out,
    schedule,
)
from cards.games.goldfish.fields import (
    DRAWN_FIELDS,
    FIELD_KINDS,
    NO_MULLIGAN,
    PLAY_FIELD,
    PLAY_LABELS,
    Field,
    at_least_field,
    cards_field,
    turn_field,
)
from cards.games.goldfish.goals import (
    Goal,
    GoalType,
    UnknownGoal,
    goal_forms,
    goal_types,
    measure_labels,
)
from cards.games.goldfish.limits import (
    ADAPTIVE_HALF_WIDTH,
    ADAPTIVE_MAX_TRIALS,
    CHUNK,
    DEFAULT_TRIALS,
    ENGINES,
    MAX_GOAL_CARDS,
    MAX_GOAL_TEXT,
    MAX_GOALS,
    MAX_GOALS_JSON_CHARS,
    MAX_REFERENCE_CHARS,
    MAX_SEED,
    SHOWN_PROBLEMS,
)
from cards.games.goldfish.planning import Plan, clean_goals, plan
from cards.games.goldfish.runs import (
    check_seed,
    chunk_sizes,
    converged,
    run,
    run_chunk,
    summarize,
    warm_up,
)
from cards.games.goldfish.tally import Tally, merge, merge_chunks

__all__ = [
    "ADAPTIVE_HALF_WIDTH",
    "ADAPTIVE_MAX_TRIALS",
    "CHUNK",
    "DEFAULT_TRIALS",
    "DRAWN_FIELDS",
    "ENGINES",
    "FIELD_KINDS",
    "MAX_GOALS",
    "MAX_GOALS_JSON_CHARS",
    "MAX_GOAL_CARDS",
    "MAX_GOAL_TEXT",
    "MAX_REFERENCE_CHARS",
    "MAX_SEED",
    "NO_MULLIGAN",
    "PLAY_FIELD",
    "PLAY_LABELS",
    "SHOWN_PROBLEMS",
    "Context",
    "DrawnGoal",
    "Field",
    "Goal",
    "GoalError",
    "GoalType",
    "Plan",
    "Segment",
    "Tally",
    "UnknownGoal",
    "at_least_field",
    "card_flags",
    "cards_field",
    "check_seed",
    "chunk_sizes",
    "clean_goals",
    "converged",
    "draws_on_turn",
    "goal_forms",
    "goal_types",
    "measure_labels",
    "merge",
    "merge_chunks",
    "named",
    "opponent_deck",
    "plan",
    "problems_error",
    "run",
    "run_chunk",
    "runs_out",
    "schedule",
    "summarize",
    "turn_field",
    "warm_up",
    "zone_name",
]
