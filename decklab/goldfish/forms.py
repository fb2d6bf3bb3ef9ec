"""The goldfish forms: trials and seed, and the goals read from plain form fields."""

from __future__ import annotations

from django import forms

#: Trials a run from the editor may ask for (the simulation service has its own upper limit).
TRIALS_CHOICES = (10_000, 100_000, 1_000_000)


class SimulationForm(forms.Form):
    trials = forms.TypedChoiceField(
        choices=[(n, f"{n:,}") for n in TRIALS_CHOICES], coerce=int, initial=100_000
    )
    seed = forms.IntegerField(min_value=0, max_value=2**63 - 1, required=False)
    #: `deck:<id>` or `version:<number>`: run the same goals and seed on that one too.
    compare = forms.CharField(max_length=40, required=False)


def goals_from_post(goal_forms: list[dict], data) -> list[dict]:
    """The goal dicts of the ticked goal types, read from plain form fields (no JSON typing).

    Each goal type's fields are posted as `<type>-<field>`; a `cards` field is a multiple choice
    (several values), a `mapping` field is lines of `name = number`. Values stay strings where the
    goal framework converts them; it checks ranges and choices and names the field in its errors.
    """
    goals = []
    ticked = set(data.getlist("goal"))
    for spec in goal_forms:
        if spec["type"] not in ticked:
            continue
        goal: dict = {"type": spec["type"]}
        for field_spec in spec["fields"]:
            key = f"{spec['type']}-{field_spec['name']}"
            kind = field_spec["kind"]
            if kind == "cards":
                values = [v for v in data.getlist(key) if v.strip()]
                if values:
                    goal[field_spec["name"]] = values
                continue
            raw = data.get(key, "").strip()
            if raw == "":
                continue
            if kind == "number":
                try:
                    goal[field_spec["name"]] = float(raw)
                except ValueError:
                    raise forms.ValidationError(
                        f"{field_spec['label']}: {raw!r} is not a number."
                    ) from None
            elif kind == "mapping":
                goal[field_spec["name"]] = _mapping(field_spec["label"], raw)
            else:
                goal[field_spec["name"]] = raw
        goals.append(goal)
    if not goals:
        raise forms.ValidationError("Tick at least one goal.")
    return goals


def _mapping(label: str, raw: str) -> dict[str, float]:
    out = {}
    for line in raw.splitlines():
        if not line.strip():
            continue
        name, sep, value = line.partition("=")
        try:
            out[name.strip()] = float(value)
        except ValueError:
            raise forms.ValidationError(f"{label}: write each line as `name = number`.") from None
        if not sep or not name.strip():
            raise forms.ValidationError(f"{label}: write each line as `name = number`.")
    return out
