"""The limits of a goldfish run: chunk size, trials, sizes of goals, seeds (docs/limits.md)."""

from __future__ import annotations

#: Games per chunk. Fixed, so that the chunks (and their seeds) never depend on the worker count.
CHUNK = 50_000
DEFAULT_TRIALS = 100_000
#: Adaptive runs stop when every proportion's 95% half-width is at most this (0.25 points) ...
ADAPTIVE_HALF_WIDTH = 0.0025
#: ... or at this many games, or when their time budget is spent.
ADAPTIVE_MAX_TRIALS = 1_000_000
MAX_GOALS = 20
#: Sizes of a run's goals, checked before anything is planned (issue 22, finding 7: 5,000 card
#: references took 6 s to plan, an opponent's decklist of 400 KB 7 s): a `cards` or `mapping`
#: field names at most `MAX_GOAL_CARDS` cards of at most `MAX_REFERENCE_CHARS` characters, a
#: `text` (an opponent's decklist) holds at most `MAX_GOAL_TEXT` characters, and all the goals
#: together at most `MAX_GOALS_JSON_CHARS` as JSON.
MAX_GOAL_CARDS = 150
MAX_REFERENCE_CHARS = 200
MAX_GOAL_TEXT = 20_000
MAX_GOALS_JSON_CHARS = 64_000
MAX_SEED = 2**63 - 1
#: How many of an opponent decklist's problems a refusal lists.
SHOWN_PROBLEMS = 3
ENGINES = ("fast", "reference")
