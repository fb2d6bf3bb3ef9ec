"""Goldfish simulations: goal types, seeded chunked runs and their results (CONTRACT §5).

Each game's `cards/games/<slug>/goldfish.py` defines its `GoalType`s by the `type` a goal dict
names, which its `GAME.goldfish` offers (`goal_types`). `plan` checks the goals against the deck once (a bad goal raises
`GoalError` with a message for the player); `run_chunk` plays a fixed-size chunk of games seeded from
`(seed, chunk index)`, so a run split over any number of workers merges into exactly the result of
one process; `summarize` turns the merged tallies into CONTRACT §5 result objects.

Every goal has two engines: `reference` (plain Python, one game at a time, written to read like the
rules: the specification) and `fast` (numpy, vectorised over games). Both are seeded; the tests check
that they agree statistically and that each agrees with the exact answer where there is one.
"""

from __future__ import annotations

import json
import math
import random
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from typing import Any

import numpy as np

from cards.games import decklist, stats
from cards.games.base import CardPool, Deck, Entry, GameData, Violation
from cards.games.game import Game, name_key
from cards.games.messages import (
    LANGUAGES,
    InLanguages,
    Refusal,
    Text,
    gettext_noop,
    shown_value,
)
from cards.games.needs import Need, NeedRefused, missing_facts
from cards.games.registry import all_games, get_game
from cards.games.sim import batches as batches_of
from cards.games.sim import deal, hypergeometric

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


class GoalError(Refusal):
    """A goal that cannot run; its message is for the player, in the player's language.

    Raised as `GoalError(gettext_noop("... %(name)s ..."), name=value)` (`messages.Refusal`): the
    site translates `error.text` when it shows it; `str(error)` is the English.
    """


# ---------------------------------------------------------------------------------------------
# Tallies


@dataclass
class Tally:
    """The counts one goal gathered over some games: mergeable and JSON-able.

    `counts[key]` is how many games an event happened in; `sums` and `squares` hold integer sums of
    a per-game value (a turn number, a card count) for means. Integers only, so merging chunks in
    any grouping gives exactly the same numbers.
    """

    games: int = 0
    counts: dict[str, int] = field(default_factory=dict)
    sums: dict[str, int] = field(default_factory=dict)
    squares: dict[str, int] = field(default_factory=dict)

    def count(self, key: str, events: int | np.integer | np.ndarray) -> None:
        """Add events: a number, or a boolean array with one entry per game."""
        value = int(np.count_nonzero(events)) if isinstance(events, np.ndarray) else int(events)
        self.counts[key] = self.counts.get(key, 0) + value

    def observe(self, key: str, values: np.ndarray | Sequence[int]) -> None:
        """Add integer per-game values to the sum and sum of squares of `key`."""
        array = np.asarray(values, dtype=np.int64)
        self.sums[key] = self.sums.get(key, 0) + int(array.sum())
        self.squares[key] = self.squares.get(key, 0) + int((array * array).sum())

    def merge(self, other: Tally) -> Tally:
        """The tally of both sets of games (a new object; neither input changes)."""
        return Tally(
            games=self.games + other.games,
            counts=_add(self.counts, other.counts),
            sums=_add(self.sums, other.sums),
            squares=_add(self.squares, other.squares),
        )

    def proportion(self, key: str) -> dict[str, Any]:
        """`{"probability", "ci95"}` of an event counted under `key`."""
        hits = self.counts.get(key, 0)
        low, high = stats.wilson(hits, self.games)
        return {
            "probability": _round(hits / self.games if self.games else 0.0),
            "ci95": [_round(low), _round(high)],
        }

    def mean(self, key: str, n: int | None = None) -> dict[str, Any]:
        """`{"mean", "ci95", "n"}` of the values observed under `key` (over `n` games)."""
        games = self.games if n is None else n
        if games <= 0:
            return {"mean": None, "ci95": [None, None], "n": 0}
        total = self.sums.get(key, 0)
        low, high = stats.mean_interval(total, self.squares.get(key, 0), games)
        return {"mean": _round(total / games), "ci95": [_round(low), _round(high)], "n": games}

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "counts": dict(self.counts),
            "sums": dict(self.sums),
            "squares": dict(self.squares),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Tally:
        return cls(
            games=int(data["games"]),
            counts={k: int(v) for k, v in data.get("counts", {}).items()},
            sums={k: int(v) for k, v in data.get("sums", {}).items()},
            squares={k: int(v) for k, v in data.get("squares", {}).items()},
        )


def _add(a: Mapping[str, int], b: Mapping[str, int]) -> dict[str, int]:
    out = dict(a)
    for key, value in b.items():
        out[key] = out.get(key, 0) + value
    return out


def _round(value: float) -> float:
    return round(float(value), 6)


# ---------------------------------------------------------------------------------------------
# Goal types and their fields


_REQUIRED: Any = object()
FIELD_KINDS = ("cards", "int", "number", "choice", "text", "mapping")


def _finite(value: float) -> bool:
    """Whether a JSON number is finite: a whole number past a float's range (10**400) is not."""
    try:
        return math.isfinite(value)
    except OverflowError:
        return False


@dataclass(frozen=True)
class Field:
    """One field of a goal dict: how the web editor renders it and how `plan` checks it.

    Kinds: `cards` (a list of card references: numbers or names, as in decklists), `int`, `number`,
    `choice` (one of `choices`), `text`, `mapping` (a JSON object of names to numbers).
    `choice_labels` gives a choice the words a reader sees (marked with `gettext_noop`; the goal
    JSON keeps the choice itself): the form's options and the run tables read them.
    """

    name: str
    label: str
    kind: str
    default: Any = _REQUIRED
    choices: tuple[str, ...] = ()
    choice_labels: Mapping[str, str] = field(default_factory=dict, hash=False, compare=False)
    minimum: float | None = None
    maximum: float | None = None
    help: str = ""

    @property
    def required(self) -> bool:
        return self.default is _REQUIRED

    def clean(self, value: Any) -> Any:
        """The value checked and converted, or a `GoalError` naming the field."""
        cleaner = getattr(self, f"_clean_{self.kind}")
        return cleaner(value)

    def _clean_cards(self, value: Any) -> list[str]:
        if isinstance(value, str):
            value = [value]
        if (
            not isinstance(value, list)
            or not value
            or not all(isinstance(v, str) and v.strip() for v in value)
        ):
            raise GoalError(
                gettext_noop("%(field)s must be a non-empty list of card numbers or names."),
                field=self.shown,
            )
        self._check_references(value)
        return [v.strip() for v in value]

    def _check_references(self, names: Sequence[str]) -> None:
        if len(names) > MAX_GOAL_CARDS or any(len(v) > MAX_REFERENCE_CHARS for v in names):
            raise GoalError(
                gettext_noop(
                    "%(field)s names at most %(cards)d cards of at most %(chars)d characters each."
                ),
                field=self.shown,
                cards=MAX_GOAL_CARDS,
                chars=MAX_REFERENCE_CHARS,
            )

    def _clean_int(self, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int | str):
            raise self._not_whole(value)
        try:
            number = int(value)
        except ValueError:
            raise self._not_whole(value) from None
        self._check_range(number)
        return number

    def _clean_number(self, value: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise GoalError(
                gettext_noop("%(field)s must be a number, not %(value)s."),
                field=self.shown,
                value=shown_value(value),
            )
        if not _finite(value):
            raise GoalError(gettext_noop("%(field)s must be a finite number."), field=self.shown)
        self._check_range(value)
        return float(value)

    def _check_range(self, number: float) -> None:
        # `%g` cannot show a whole number past a float's range (10**400): shown as ±inf.
        number = number if _finite(number) else (math.inf if number > 0 else -math.inf)
        if self.minimum is not None and number < self.minimum:
            raise GoalError(
                gettext_noop("%(field)s must be at least %(minimum)g, not %(value)g."),
                field=self.shown,
                minimum=self.minimum,
                value=number,
            )
        if self.maximum is not None and number > self.maximum:
            raise GoalError(
                gettext_noop("%(field)s must be at most %(maximum)g, not %(value)g."),
                field=self.shown,
                maximum=self.maximum,
                value=number,
            )

    def _clean_choice(self, value: Any) -> str:
        if value not in self.choices:
            raise GoalError(
                gettext_noop("%(field)s must be one of %(choices)s, not %(value)s."),
                field=self.shown,
                choices=", ".join(self.choices),
                value=shown_value(value),
            )
        return value

    def _clean_text(self, value: Any) -> str:
        if not isinstance(value, str):
            raise GoalError(gettext_noop("%(field)s must be text."), field=self.shown)
        if len(value) > MAX_GOAL_TEXT:
            raise GoalError(
                gettext_noop("%(field)s holds at most %(limit)d characters."),
                field=self.shown,
                limit=MAX_GOAL_TEXT,
            )
        return value

    def _clean_mapping(self, value: Any) -> dict[str, float]:
        if not isinstance(value, dict) or not all(
            isinstance(k, str)
            and isinstance(v, int | float)
            and not isinstance(v, bool)
            and _finite(v)
            for k, v in value.items()
        ):
            raise GoalError(
                gettext_noop("%(field)s must be an object of names to numbers."), field=self.shown
            )
        self._check_references(list(value))
        return dict(value)

    def _not_whole(self, value: Any) -> GoalError:
        return GoalError(
            gettext_noop("%(field)s must be a whole number, not %(value)s."),
            field=self.shown,
            value=shown_value(value),
        )

    @property
    def shown(self) -> Text:
        """The field as its errors name it: its label (translated) and its key in the goal JSON."""
        return Text(
            gettext_noop("“%(label)s” (%(name)s)"), {"label": Text(self.label), "name": self.name}
        )

    def to_form(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name,
            "label": self.label,
            "kind": self.kind,
            "choices": list(self.choices),
            "options": [
                (choice, self.choice_labels.get(choice, choice)) for choice in self.choices
            ],
            "default": None if self.required else self.default,
            "required": self.required,
            "help": self.help,
        }
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        return out


@dataclass(frozen=True)
class Context:
    """What a goal type may look at while preparing: the game, the resolved deck, the card pool,
    the game's imported data.

    `pool` resolves decklists inside goals (an opponent's deck); it is None where no card pool is
    at hand, and such goals then raise `GoalError`. `data` is what the legality rules read
    (`Format.check`): Blade Rondo's imported set decks say how many cards a pool deals.
    """

    game: Game
    deck: Deck
    pool: CardPool | None = None
    data: GameData = field(default_factory=dict)

    def resolve(self, references: Iterable[str], zone: str) -> list[Entry]:
        """The deck entries of `zone` that the references name (numbers or names, as in decklists).

        A reference that names no card of the zone is a `GoalError`: a typo should not quietly
        become a probability of 0.
        """
        entries = list(self.deck.entries(zone))
        chosen: dict[str, Entry] = {}
        for reference in references:
            matches = [entry for entry in entries if _names(self.game, entry, reference)]
            if not matches:
                raise GoalError(
                    gettext_noop("%(card)s is not a card of this deck's %(zone)s."),
                    card=shown_value(reference),
                    zone=zone_name(self.game, zone),
                )
            chosen.update((entry.card.number, entry) for entry in matches)
        return list(chosen.values())


def zone_name(game: Game, slug: str) -> InLanguages:
    """A zone as messages name it: `main zone` in English, its Japanese name in Japanese."""
    return InLanguages({"en": f"{slug} zone", "ja": game.zone_japanese(slug)})


def _names(game: Game, entry: Entry, reference: str) -> bool:
    printed = game.printed_number_keys(entry.card)
    if (
        game.number_key(reference) in printed
        or game.number_key(reference.split(" ", 1)[0]) in printed
    ):
        return True
    return name_key(reference) in game.name_keys(entry.card)


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


# ---------------------------------------------------------------------------------------------
# Plans and runs


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


def chunk_sizes(trials: int) -> list[int]:
    """The games of each chunk: full `CHUNK`s, then the rest."""
    if trials < 1:
        raise GoalError(gettext_noop("trials must be at least 1."))
    full, rest = divmod(trials, CHUNK)
    return [CHUNK] * full + ([rest] if rest else [])


def check_seed(seed: int) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise GoalError(
            gettext_noop("seed must be a whole number from 0 to %(limit)d."), limit=MAX_SEED
        )
    return seed


def run_chunk(
    plan: Plan, *, seed: int, index: int, trials: int, engine: str = "fast"
) -> list[Tally]:
    """Play one chunk of every goal, seeded from `SeedSequence([seed, index])` (one stream per goal)."""
    streams = np.random.SeedSequence([check_seed(seed), index]).spawn(len(plan.goals))
    tallies = []
    for goal, stream in zip(plan.goals, streams, strict=True):
        if engine == "fast":
            tally = goal.fast(np.random.default_rng(stream), trials)
        elif engine == "reference":
            state = stream.generate_state(4, np.uint32)
            tally = goal.reference(random.Random(int.from_bytes(state.tobytes(), "little")), trials)
        else:
            raise GoalError(
                gettext_noop("engine must be one of %(engines)s."), engines=", ".join(ENGINES)
            )
        tallies.append(tally)
    return tallies


def warm_up(games: int = 20) -> None:
    """Play a few games of every game's benchmark goals (`Game.bench`) with the fast engines:
    loads their compiled code (numba's on-disk cache) and tables, so that the first run after a
    worker starts does not pay for it (issue 25). A scenario that cannot plan is skipped."""
    for game in all_games():
        for case in game.bench().engines if game.bench is not None else ():
            try:
                prepared = plan(game.slug, case.deck, [case.goal], pool=case.pool)
            except GoalError:
                continue
            run_chunk(prepared, seed=0, index=0, trials=games)


def merge(totals: Sequence[Tally], chunk: Sequence[Tally]) -> list[Tally]:
    """Add one chunk's tallies (one per goal) to the running totals."""
    return [total.merge(part) for total, part in zip(totals, chunk, strict=True)]


def merge_chunks(chunks: Iterable[Sequence[Tally]]) -> list[Tally]:
    """The per-goal totals of several chunks (in any order: the sums are integers)."""
    totals: list[Tally] | None = None
    for chunk in chunks:
        totals = list(chunk) if totals is None else merge(totals, chunk)
    if totals is None:
        raise ValueError("no chunks to merge")
    return totals


def summarize(plan: Plan, tallies: Sequence[Tally]) -> list[dict[str, Any]]:
    """The CONTRACT §5 result object of each goal; a goal that read cards without a fact it needs
    says so in `missing_facts` (only then: a result without it read every fact it needed)."""
    out = []
    for goal, tally, exact in zip(plan.goals, tallies, plan.exacts, strict=True):
        result = goal.summarize(tally, exact)
        if goal.missing:
            result["missing_facts"] = goal.missing
        out.append(result)
    return out


def converged(plan: Plan, tallies: Sequence[Tally]) -> bool:
    """Whether every goal's proportions are within the adaptive half-width."""
    return all(
        goal.half_width(tally) <= ADAPTIVE_HALF_WIDTH
        for goal, tally in zip(plan.goals, tallies, strict=True)
    )


def run(
    game_slug: str,
    deck: Deck,
    goals: Sequence[Mapping[str, Any]],
    *,
    trials: int = DEFAULT_TRIALS,
    seed: int,
    engine: str = "fast",
    adaptive: bool = False,
    time_budget: float | None = None,
    pool: CardPool | None = None,
    data: GameData | None = None,
) -> dict[str, Any]:
    """The whole CONTRACT §5 object, computed in this process.

    With `adaptive`, `trials` is the most games to play (at most 1M by default) and the run stops
    after the first chunk at which every proportion's half-width is at most 0.25 points, or once
    `time_budget` seconds are spent; the output's `trials` is the number actually played.
    """
    start = time.perf_counter()
    prepared = plan(game_slug, deck, goals, pool=pool, data=data)
    totals = [Tally() for _ in prepared.goals]
    for index, size in enumerate(chunk_sizes(trials)):
        totals = merge(
            totals, run_chunk(prepared, seed=seed, index=index, trials=size, engine=engine)
        )
        if adaptive and converged(prepared, totals):
            break
        if time_budget is not None and time.perf_counter() - start > time_budget:
            break
    out: dict[str, Any] = {
        "game": game_slug,
        "trials": totals[0].games,
        "seed": seed,
        "elapsed_s": round(time.perf_counter() - start, 3),
        "results": summarize(prepared, totals),
    }
    if engine != "fast":
        out["engine"] = engine
    if adaptive:
        out["adaptive"] = {"max_trials": trials, "half_width": ADAPTIVE_HALF_WIDTH}
    return out


# ---------------------------------------------------------------------------------------------
# Goals shared by the games that draw from a shuffled deck


def cards_field(label: str = gettext_noop("Cards (numbers or names)")) -> Field:
    return Field("cards", label, "cards")


def at_least_field(default: Any = _REQUIRED) -> Field:
    return Field(
        "at_least",
        gettext_noop("At least this many"),
        "int",
        default=default,
        minimum=1,
        maximum=60,
    )


def turn_field(default: Any = _REQUIRED, maximum: int = 30) -> Field:
    return Field(
        "turn", gettext_noop("By own turn"), "int", default=default, minimum=1, maximum=maximum
    )


#: The words of the choices of who plays first, for every game's `play` field.
PLAY_LABELS = {
    "first": gettext_noop("Going first"),
    "second": gettext_noop("Going second"),
    "speed": gettext_noop("By speed"),
}
NO_MULLIGAN = {"none": gettext_noop("No mulligan")}

PLAY_FIELD = Field(
    "play",
    gettext_noop("Play"),
    "choice",
    default="first",
    choices=("first", "second"),
    choice_labels=PLAY_LABELS,
)


DRAWN_FIELDS = (
    cards_field(),
    at_least_field(default=1),
    turn_field(default=3),
    PLAY_FIELD,
    Field(
        "mulligan",
        gettext_noop("Mulligan"),
        "choice",
        default="none",
        choices=("none",),
        choice_labels=NO_MULLIGAN,
    ),
)


def runs_out(size: int, turn: int) -> GoalError:
    """A deck too small to play up to a turn (the games that draw from a shuffled deck)."""
    return GoalError(
        gettext_noop("A %(size)d-card deck runs out before turn %(turn)d."), size=size, turn=turn
    )


def draws_on_turn(turn: int, play: str) -> int:
    """One card a turn, none on the first player's first turn (DBSCG and Gundam War draw so)."""
    return 0 if play == "first" and turn == 1 else 1


def card_flags(context: Context, zone: str, chosen: Callable[[Entry], bool]) -> list[bool]:
    """One flag per card copy of the zone, in deck order: whether `chosen` picks its entry."""
    return [chosen(entry) for entry in context.deck.entries(zone) for _ in range(entry.count)]


def opponent_deck(context: Context, text: str) -> Deck:
    """An opponent's decklist (a goal field) resolved with the card pool that resolved the deck."""
    if context.pool is None:
        raise GoalError(
            gettext_noop("The opponent's decklist cannot be read here: no card pool is at hand.")
        )
    deck, problems = decklist.load(context.game, text, context.pool)
    if problems:
        raise problems_error(
            gettext_noop("The opponent's decklist has problems: %(problems)s%(more)s"), problems
        )
    return deck


def problems_error(
    msgid: str, problems: Sequence[Violation], shown: int = SHOWN_PROBLEMS
) -> GoalError:
    """A refusal of a decklist: `msgid` with its first problems (each in the reader's language)
    as `%(problems)s` and how many more there are as `%(more)s`."""
    listed = problems[:shown]
    more = len(problems) - len(listed)
    return GoalError(
        msgid,
        problems=InLanguages(
            {lang: "; ".join(p.message(lang) for p in listed) for lang in LANGUAGES}
        ),
        more=Text(gettext_noop(" (and %(count)d more)"), {"count": more}) if more else "",
    )


def named(context: Context, references: Iterable[str], zone: str) -> list[bool]:
    """`card_flags` of the cards the references name (a reference naming none is a GoalError)."""
    numbers = {entry.card.number for entry in context.resolve(references, zone)}
    return card_flags(context, zone, lambda entry: entry.card.number in numbers)


@dataclass(frozen=True)
class Segment:
    """Cards dealt from the deck top in one step of a game: drawn into hand, or moved unseen.

    `turn` 0 is the setup before the first turn (the opening hand, life, HP cards).
    """

    turn: int
    cards: int
    drawn: bool


def schedule(setup: Sequence[Segment], per_turn: Callable[[int], int], turns: int) -> list[Segment]:
    """A game's deal up to own turn `turns`: its setup, then the cards each turn draws."""
    return [*setup, *(Segment(turn, per_turn(turn), True) for turn in range(1, turns + 1))]


class DrawnGoal(Goal):
    """CONTRACT §5 `drawn`: at least k target cards drawn by own turn t, opening hand included.

    A game describes its deal as `segments` (`schedule`): the reference engine deals a shuffled
    deck card by card along them. Unseen cards (life, HP) sit between the drawn ones; the place
    of a card in a uniform shuffle does not change the chance that it is a target, so the drawn
    cards are a uniform sample of the deck: the exact answer is hypergeometric in the number of
    cards drawn, and the fast engine deals only the drawn cards, a turn's worth at a time.
    """

    def __init__(
        self,
        goal: dict[str, Any],
        cards: Sequence[bool],
        at_least: int,
        segments: Sequence[Segment],
    ):
        self.goal = goal
        self.cards = list(cards)
        self.size = len(self.cards)
        self.targets = sum(self.cards)
        self.at_least = at_least
        self.turns = max(segment.turn for segment in segments)
        self.segments = tuple(segments)
        dealt = sum(segment.cards for segment in self.segments)
        if dealt > self.size:
            raise GoalError(
                gettext_noop("A %(size)d-card deck runs out before turn %(turn)d's draw step."),
                size=self.size,
                turn=self.turns,
            )

    def drawn_by_turn(self) -> list[int]:
        """How many cards are drawn into hand by the end of each turn's draw step (0 = setup)."""
        return list(accumulate(self._drawn_on_turn()))

    def _drawn_on_turn(self) -> list[int]:
        totals = [0] * (self.turns + 1)
        for segment in self.segments:
            if segment.drawn:
                totals[segment.turn] += segment.cards
        return totals

    def exact(self) -> dict[str, Any]:
        by_turn = [
            stats.hypergeom_at_least(self.size, self.targets, drawn, self.at_least)
            for drawn in self.drawn_by_turn()
        ]
        return {"probability": by_turn[-1], "by_turn": by_turn}

    def fast(self, rng: np.random.Generator, trials: int) -> Tally:
        tally = Tally(games=trials)
        for games in batches_of(trials):
            left = self.size
            targets_left = np.full(games, self.targets, dtype=np.int64)
            for turn, cards in enumerate(self._drawn_on_turn()):
                if cards:
                    targets_left -= hypergeometric(rng, left, targets_left, cards, games)
                    left -= cards
                tally.count(f"by_turn:{turn}", self.targets - targets_left >= self.at_least)
        return self._finish(tally)

    def reference(self, rng: random.Random, trials: int) -> Tally:
        tally = Tally(games=trials)
        for _ in range(trials):
            library = list(self.cards)
            rng.shuffle(library)
            drawn = [0] * (self.turns + 1)
            for segment in self.segments:
                cards = deal(library, segment.cards)
                if segment.drawn:
                    drawn[segment.turn] += sum(cards)
            for turn, count in enumerate(accumulate(drawn)):
                tally.count(f"by_turn:{turn}", count >= self.at_least)
        return self._finish(tally)

    def _finish(self, tally: Tally) -> Tally:
        tally.counts["hit"] = tally.counts.get(f"by_turn:{self.turns}", 0)
        return tally

    def summarize(self, tally: Tally, exact: Any) -> dict[str, Any]:
        out = {"goal": self.goal, **tally.proportion("hit"), "exact": _round(exact["probability"])}
        if self.turns:
            out["by_turn"] = [
                {"turn": turn, **tally.proportion(f"by_turn:{turn}"), "exact": _round(value)}
                for turn, value in enumerate(exact["by_turn"])
            ]
        return out
