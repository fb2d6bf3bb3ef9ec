"""The goldfish form: one for the run page (`goldfish:new`) and the deck editor's panel.

`SimulationForm` holds trials, seed and the run's options; `goals_from_data` is the one reader of
goals from posted fields. A goal type is ticked (`goal`, several allowed) and its fields are posted
as `<type>-<field>`; goals typed as JSON (`goals_json`) replace the fields. Values stay strings
where the goal framework converts them: it checks ranges and choices and names the field in its
errors.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django import forms
from django.http import QueryDict
from django.utils.translation import gettext

from cards.games import jsontext
from cards.games.goldfish import DEFAULT_TRIALS, MAX_GOALS_JSON_CHARS, MAX_SEED
from cards.games.text import whole_number
from cards.languages import translated

#: Trials the editor's panel offers (the run page takes any number; the service has the limits).
TRIALS_CHOICES = (10_000, 100_000, 1_000_000)
#: "Every turn up to t" turns one goal into at most this many (the engine's goal limit is 20).
MAX_TURN_SERIES = 20


class SimulationForm(forms.Form):
    trials = forms.IntegerField(required=False)
    seed = forms.IntegerField(min_value=0, max_value=MAX_SEED, required=False)
    #: Stop early once every answer is precise enough (the run page's option).
    adaptive = forms.BooleanField(required=False)
    #: `deck:<id>` or `version:<number>`: run the same goals and seed on that one too (editor).
    compare = forms.CharField(max_length=40, required=False)

    def __init__(self, *args: Any, trial_choices: tuple[int, ...] = (), **kwargs: Any):
        super().__init__(*args, **kwargs)
        if trial_choices:
            self.fields["trials"].widget = forms.Select(
                choices=[(n, f"{n:,}") for n in trial_choices]
            )
            self.fields["trials"].initial = 100_000

    def clean_trials(self) -> int:
        trials = self.cleaned_data.get("trials")
        return DEFAULT_TRIALS if trials is None else trials


def goals_from_data(goal_forms: list[dict[str, Any]], data: Any) -> list[dict[str, Any]]:
    """The goals the posted fields ask for (`forms.ValidationError` with the reason otherwise).

    A `cards` field may be posted several times (a multiple choice) and each value may hold several
    cards separated by commas, semicolons or lines; a `mapping` field is a JSON object or lines of
    `name = number`. With `every_turn`, a goal with a `turn` becomes one goal per turn 1 … t.
    """
    typed = data.get("goals_json", "").strip()
    if typed:
        try:
            goals = jsontext.loads(typed)
        except json.JSONDecodeError as error:
            raise forms.ValidationError(
                gettext("The goals are not valid JSON: %(error)s.")
                % {"error": translated(jsontext.problem(error))}
            ) from None
        if len(typed) > MAX_GOALS_JSON_CHARS:  # before anything is planned (issue 22, finding 7)
            raise forms.ValidationError(
                gettext("The goals hold at most %(limit)d characters as JSON.")
                % {"limit": MAX_GOALS_JSON_CHARS}
            )
        return goals if isinstance(goals, list) else [goals]
    goals = []
    ticked = set(data.getlist("goal"))
    for spec in goal_forms:
        if spec["type"] not in ticked:
            continue
        goal: dict[str, Any] = {"type": spec["type"]}
        for field_spec in spec["fields"]:
            key = f"{spec['type']}-{field_spec['name']}"
            if field_spec["kind"] == "cards":
                values = [card for raw in data.getlist(key) for card in _cards(raw)]
                if values:
                    goal[field_spec["name"]] = values
                continue
            if (
                field_spec["kind"] == "mapping"
                and hasattr(data, "getlist")
                and f"{key}-name" in data
            ):
                rows = _mapping_rows(field_spec["label"], data, key)
                if rows:
                    goal[field_spec["name"]] = rows
                continue
            raw = data.get(key, "").strip()
            if raw != "":
                goal[field_spec["name"]] = _value(field_spec, raw)
        goals.append(goal)
    if not goals:
        raise forms.ValidationError(gettext("Tick at least one goal."))
    if data.get("every_turn"):
        return [series for goal in goals for series in _every_turn(goal)]
    return goals


def _cards(raw: str) -> list[str]:
    parts = raw.replace(";", "\n").replace(",", "\n").splitlines()
    return [part.strip() for part in parts if part.strip()]


def _value(field_spec: Mapping[str, Any], raw: str) -> Any:
    kind = field_spec["kind"]
    if kind == "number":
        try:
            return float(raw)
        except ValueError:
            raise forms.ValidationError(
                gettext("%(field)s: %(value)r is not a number.")
                % {"field": gettext(field_spec["label"]), "value": raw}
            ) from None
    if kind == "mapping":
        return _mapping(field_spec["label"], raw)
    return raw  # `int`, `choice` and `text` values are checked and converted by the engine


def _every_turn(goal: dict[str, Any]) -> list[dict[str, Any]]:
    last = whole_number(str(goal.get("turn", "")))
    if last is None:
        return [goal]
    return [{**goal, "turn": turn} for turn in range(1, min(last, MAX_TURN_SERIES) + 1)]


#: Empty rows a mapping field offers beyond its values, to add names without JavaScript.
SPARE_MAPPING_ROWS = 3


def _mapping_rows(label: str, data: Any, key: str) -> dict[str, float]:
    """A mapping from its rows of inputs (`<key>-name`, `<key>-value`); rows without a name are spare."""
    out = {}
    for name, value in zip(data.getlist(f"{key}-name"), data.getlist(f"{key}-value"), strict=False):
        if not name.strip():
            continue
        try:
            out[name.strip()] = float(value)
        except ValueError:
            raise forms.ValidationError(
                gettext("%(field)s: give a number for %(name)r (%(value)r is not one).")
                % {"field": gettext(label), "name": name.strip(), "value": value}
            ) from None
    return out


def _shown_rows(value: Any) -> list[tuple[str, Any]]:
    """A mapping's rows as the form shows them: its pairs (whole numbers without '.0'), then spares."""
    pairs = list(value.items()) if isinstance(value, Mapping) else []
    return [(str(k), _shown(v)) for k, v in pairs] + [("", "")] * SPARE_MAPPING_ROWS


def _shown(value: Any) -> Any:
    """A value as a field shows it: whole numbers without '.0'."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


def _mapping(label: str, raw: str) -> Any:
    if raw.startswith("{"):
        try:
            return jsontext.loads(raw)
        except ValueError:
            raise forms.ValidationError(
                gettext("%(field)s: this is not a JSON object.") % {"field": gettext(label)}
            ) from None
    out = {}
    for line in raw.splitlines():
        if not line.strip():
            continue
        name, sep, value = line.partition("=")
        try:
            out[name.strip()] = float(value)
        except ValueError:
            raise forms.ValidationError(_mapping_error(label)) from None
        if not sep or not name.strip():
            raise forms.ValidationError(_mapping_error(label))
    return out


def _mapping_error(label: str) -> str:
    return gettext("%(field)s: write each line as `name = number`.") % {"field": gettext(label)}


def goal_fieldsets(goal_forms: list[dict[str, Any]], data: Any) -> list[dict[str, Any]]:
    """The goal forms with what `_goal_fieldsets.html` shows: each type ticked or not, each field's
    value (posted, or else its default). With nothing ticked, the first type is."""
    ticked = set(data.getlist("goal")) if hasattr(data, "getlist") else set()
    fieldsets = []
    for position, spec in enumerate(goal_forms):
        fields = []
        for field_spec in spec["fields"]:
            key = f"{spec['type']}-{field_spec['name']}"
            posted = data.get(key)
            default = field_spec["default"]
            value = posted if posted is not None else ("" if default is None else default)
            values = data.getlist(key) if hasattr(data, "getlist") else []
            shown = {**field_spec, "value": value, "values": values}
            if field_spec["kind"] == "mapping":
                posted_rows = (
                    list(
                        zip(data.getlist(f"{key}-name"), data.getlist(f"{key}-value"), strict=False)
                    )
                    if hasattr(data, "getlist") and f"{key}-name" in data
                    else None
                )
                shown["rows"] = (
                    [(n, v) for n, v in posted_rows if n.strip()] + [("", "")] * SPARE_MAPPING_ROWS
                    if posted_rows is not None
                    else _shown_rows(default)
                )
            fields.append(shown)
        checked = spec["type"] in ticked or (not ticked and position == 0)
        fieldsets.append({**spec, "fields": fields, "checked": checked})
    return fieldsets


def starting_data(goal_forms: list[dict[str, Any]], key_card: str) -> list[QueryDict]:
    """The form as the panel shows it, one goal type ticked at a time: for each type whose fields
    all have a default or take cards (given `key_card`, the deck's most-copied card), the data it
    posts untouched; types about a card first. The caller runs the first that plans on its decks
    (the history's "Simulate both side by side")."""
    shown = sorted(
        goal_fieldsets(goal_forms, QueryDict()),
        key=lambda fieldset: all(field["kind"] != "cards" for field in fieldset["fields"]),
    )
    out = []
    for fieldset in shown:
        data = QueryDict(mutable=True)
        data["goal"] = fieldset["type"]
        for field in fieldset["fields"]:
            key = f"{fieldset['type']}-{field['name']}"
            if field["kind"] == "cards":
                data[key] = key_card
            elif field["kind"] == "mapping":
                data.setlist(f"{key}-name", [str(name) for name, _ in field["rows"]])
                data.setlist(f"{key}-value", [str(value) for _, value in field["rows"]])
            elif field["value"] != "":
                data[key] = str(field["value"])
            elif field["required"]:
                break
        else:
            out.append(data)
    return out


def goal_data(goal_forms: list[dict[str, Any]], goals: list[Any]) -> QueryDict:
    """The posted fields that ask for `goals` (a run's cleaned goals), to show them in the form
    again: `goals_from_data` read backwards. A type asked more than once (a turn series) shows its
    last goal."""
    specs = {spec["type"]: spec for spec in goal_forms}
    wanted = {
        goal["type"]: goal
        for goal in goals
        if isinstance(goal, Mapping) and goal.get("type") in specs
    }
    data = QueryDict(mutable=True)
    for goal_type, goal in wanted.items():
        data.appendlist("goal", goal_type)
        for field_spec in specs[goal_type]["fields"]:
            value = goal.get(field_spec["name"])
            key = f"{goal_type}-{field_spec['name']}"
            if value is None:
                continue
            if field_spec["kind"] == "cards" and isinstance(value, list | tuple):
                data.setlist(key, [str(card) for card in value])
            elif field_spec["kind"] == "mapping" and isinstance(value, Mapping):
                rows = _shown_rows(value)
                data.setlist(f"{key}-name", [name for name, _ in rows])
                data.setlist(f"{key}-value", [str(number) for _, number in rows])
            else:
                data[key] = str(_shown(value))
    return data
