"""`python manage.py goldfish` (CONTRACT §5): goldfish simulations of a decklist, in this process."""

from __future__ import annotations

import json
import secrets
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from cards.decklists import card_pool, decklist_load
from cards.games import goldfish, jsontext
from cards.games.game import UnknownFormat
from cards.games.messages import Text, choose_language, gettext_noop
from cards.games.registry import GAMES, UnknownGame, get_game
from cards.languages import translated
from cards.management.commands.validate_deck import read_decklist
from cards.pool import game_data

#: In-process runs stop here; larger runs belong to the workers (see "Goldfish simulations").
MAX_TRIALS = 10_000_000
#: The heading of a decklist's unreadable lines.
PROBLEMS = gettext_noop("the decklist has problems:")


def _usage(message: str) -> CommandError:
    return CommandError(message, returncode=2)


class Command(BaseCommand):
    help = "Estimate goldfish goals of a decklist (exact answers beside Monte Carlo ones)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="a decklist file, or - for standard input")
        parser.add_argument("--game", required=True, help=f"one of {', '.join(GAMES)}")
        parser.add_argument("--format", dest="format_slug", help="the format (default: the game's)")
        parser.add_argument(
            "--goal",
            action="append",
            required=True,
            help='a goal as JSON, e.g. \'{"type": "drawn", "cards": ["BT1-004"], "turn": 3}\'',
        )
        parser.add_argument("--trials", type=int, default=goldfish.DEFAULT_TRIALS)
        parser.add_argument("--seed", type=int, help="default: a random seed, printed")
        parser.add_argument("--json", action="store_true", help="print one JSON object")
        parser.add_argument(
            "--engine", choices=goldfish.ENGINES, default="fast", help="fast (numpy) or reference"
        )
        parser.add_argument(
            "--adaptive",
            action="store_true",
            help="stop once every interval is within ±0.25 points (--trials is then the most)",
        )
        parser.add_argument("--time-budget", type=float, help="stop after this many seconds")
        parser.add_argument(
            "--lang", default="en", help="language of refusals and decklist problems: en or ja"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        game_slug = options["game"]
        lang = choose_language(options["lang"])
        try:
            game = get_game(game_slug)
            game.format(options["format_slug"])
        except (UnknownGame, UnknownFormat) as error:
            raise _usage(translated(error.text, lang)) from None
        trials = options["trials"]
        if not 1 <= trials <= MAX_TRIALS:
            raise _usage(f"--trials must be from 1 to {MAX_TRIALS:,}.")
        seed = options["seed"] if options["seed"] is not None else secrets.randbelow(2**32)
        goals = [_goal(text) for text in options["goal"]]

        deck, problems = decklist_load(game=game_slug, text=read_decklist(options["file"]))
        if problems:
            lines = "\n".join(f"  {problem.message(lang)}" for problem in problems)
            raise _usage(f"{translated(Text(PROBLEMS), lang)}\n{lines}")
        try:
            result = goldfish.run(
                game_slug,
                deck,
                goals,
                trials=trials,
                seed=seed,
                engine=options["engine"],
                adaptive=options["adaptive"],
                time_budget=options["time_budget"],
                pool=card_pool(game_slug),
                data=game_data(game_slug),
            )
        except goldfish.GoalError as error:
            raise _usage(translated(error.text, lang)) from None
        if options["json"]:
            self.stdout.write(json.dumps(result, ensure_ascii=False))
        else:
            self.stdout.write(human(result))


def _goal(text: str) -> dict[str, Any]:
    try:
        goal = jsontext.loads(text)
    except json.JSONDecodeError as error:
        raise _usage(f"--goal {text!r} is not JSON: {error.msg} at column {error.colno}.") from None
    if not isinstance(goal, dict):
        raise _usage(f"--goal {text!r} must be a JSON object with a 'type'.")
    return goal


def human(result: dict[str, Any]) -> str:
    """The result as lines a player reads: each goal, its estimate, interval and exact value."""
    lines = [
        f"{result['game']}: {result['trials']:,} games, seed {result['seed']}, "
        f"{result['elapsed_s']} s"
    ]
    for item in result["results"]:
        lines.append("")
        lines.append(json.dumps(item["goal"], ensure_ascii=False))
        lines.extend(_figures(item))
    return "\n".join(lines)


def _figures(item: dict[str, Any], indent: str = "  ") -> list[str]:
    lines = []
    for key, value in item.items():
        if key == "goal":
            continue
        if isinstance(value, dict) and "ci95" in value:
            lines.append(f"{indent}{key}: {_estimate(value)}")
        elif key == "probability":
            lines.append(f"{indent}probability: {_estimate(item)}")
        elif key == "ci95":
            continue
        elif key == "exact" and value is None:
            lines.append(f"{indent}exact: none (no exact method for this goal: Monte Carlo only)")
        elif (
            key == "exact"
            and not isinstance(value, dict)
            and ("probability" in item or "mean" in item)
        ):
            continue  # already printed beside the estimate
        elif isinstance(value, list) and value and isinstance(value[0], dict):
            lines.append(f"{indent}{key}:")
            for row in value:
                label = ", ".join(f"{k} {v}" for k, v in row.items() if not _is_figure(k, v))
                lines.append(f"{indent}  {label}: {_estimate(row)}")
        else:
            lines.append(f"{indent}{key}: {value}")
    return lines


def _is_figure(key: str, value: Any) -> bool:
    return key in {"probability", "ci95", "exact", "mean", "n"}


def _estimate(value: dict[str, Any]) -> str:
    low, high = value["ci95"]
    if "probability" in value:
        text = f"{value['probability']:.2%} (95% CI {low:.2%} – {high:.2%})"
        if value.get("exact") is not None and not isinstance(value["exact"], dict):
            text += f", exact {value['exact']:.4%}"
        return text
    if value.get("mean") is None:
        return "no games"
    text = f"mean {value['mean']:.3f} (95% CI {low:.3f} – {high:.3f})"
    if value.get("exact") is not None and not isinstance(value["exact"], dict):
        text += f", exact {value['exact']:.4f}"
    return text
