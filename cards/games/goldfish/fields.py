"""The fields of a goal dict: how the web editor renders them and how `plan` checks them."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cards.games.goldfish.context import GoalError
from cards.games.goldfish.limits import MAX_GOAL_CARDS, MAX_GOAL_TEXT, MAX_REFERENCE_CHARS
from cards.games.messages import Text, gettext_noop, shown_value

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
