"""Forms of the deck pages: they check the shape of what was posted; the services and the game decide the rest."""

from __future__ import annotations

from django import forms
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from cards.decklists import validate_decklist_size
from cards.games.lines import MAX_QUANTITY
from cards.games.registry import all_games
from decklab.decks.models import Visibility

ACTIONS = ("add", "set", "move", "copy", "deal", "preset")


def _decklist_field(required: bool) -> forms.CharField:
    return forms.CharField(
        label=_("Decklist"),
        required=required,
        widget=forms.Textarea(attrs={"rows": 10, "class": "code", "spellcheck": "false"}),
        validators=[validate_decklist_size],
    )


class NewDeckForm(forms.Form):
    game = forms.ChoiceField(label=_("Game"), choices=[])
    #: `<game>/<format>`, each game's formats under its name; empty: the game's first format.
    #: Blade Rondo's free format took three clicks in the editor's hidden settings.
    format = forms.ChoiceField(label=_("Format"), choices=[], required=False)
    name = forms.CharField(label=_("Name"), max_length=120)
    decklist = _decklist_field(required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        japanese = get_language() == "ja"
        self.fields["game"].choices = [
            (game.slug, game.name_ja if japanese else game.name) for game in all_games()
        ]
        self.fields["format"].choices = [
            ("", _("The game's usual format")),
            *(
                (
                    game.name_ja if japanese else game.name,
                    [(f"{game.slug}/{f.slug}", gettext(f.name)) for f in game.formats],
                )
                for game in all_games()
                if len(game.formats) > 1
            ),
        ]
        self.fields["decklist"].help_text = _("Optional: paste a decklist to start from.")

    def clean(self):
        data = super().clean()
        game, _slash, format_slug = (data.get("format") or "").partition("/")
        if format_slug and game != data.get("game"):
            self.add_error("format", _("Choose a format of the game you chose."))
        data["format"] = format_slug or None
        return data


class ChangeForm(forms.Form):
    """One editor action on one card (or the whole pool, for `deal`).

    A card row is one form whose buttons each post an `op`: `add:-1`, `add:1`, `set` (the row's
    count field), `set:0` (remove), `move:<zone>`. One form per row keeps a 60-card page light.
    """

    action = forms.ChoiceField(choices=[(a, a) for a in ACTIONS], required=False)
    op = forms.CharField(max_length=40, required=False)
    zone = forms.CharField(max_length=16, required=False)
    number = forms.CharField(max_length=64, required=False)
    count = forms.IntegerField(min_value=-MAX_QUANTITY, max_value=MAX_QUANTITY, required=False)
    to_zone = forms.CharField(max_length=16, required=False)
    #: `zone:number` from a search result's add button, instead of `zone` and `number`.
    target = forms.CharField(max_length=90, required=False)
    #: The preset deck (a Blade Rondo set deck) that `preset` loads.
    preset = forms.CharField(max_length=64, required=False)
    #: With `add` in a kinds × copies zone (`Construction`): the card the added one replaces.
    swap_out = forms.CharField(max_length=64, required=False)

    def clean(self):
        data = super().clean()
        kind, _sep, argument = (data.get("op") or "").partition(":")
        if kind in ("add", "set") and argument:
            try:
                data["action"], data["count"] = kind, int(argument)
            except ValueError:
                raise forms.ValidationError(
                    _("%(value)r is not a number of copies.") % {"value": argument}
                ) from None
        elif kind in ("set", "move", "copy"):
            data["action"] = kind
            data["to_zone"] = argument if kind in ("move", "copy") else data.get("to_zone")
        elif kind:
            raise forms.ValidationError(_("Unknown change %(op)r.") % {"op": data["op"]})
        if not data.get("action"):
            raise forms.ValidationError(_("Say what to change."))
        target = data.get("target")
        if target:
            zone, _sep, number = target.partition(":")
            data["zone"], data["number"] = zone, number
        if data.get("action") not in ("deal", "preset") and not (
            data.get("zone") and data.get("number")
        ):
            raise forms.ValidationError(_("Name a card and a zone."))
        if data.get("action") == "preset" and not data.get("preset"):
            raise forms.ValidationError(_("Pick a set deck."))
        if data.get("action") in ("move", "copy") and not data.get("to_zone"):
            raise forms.ValidationError(_("Name the zone to move the card to."))
        if data.get("action") == "set" and (data.get("count") is None or data["count"] < 0):
            raise forms.ValidationError(_("Give the number of copies (0 or more)."))
        return data

    def params(self) -> dict:
        data = self.cleaned_data
        params = {
            "zone": data["zone"],
            "number": data["number"],
            "to_zone": data["to_zone"],
            "preset": data["preset"],
            "swap_out": data["swap_out"],
        }
        count = data.get("count")
        params["count"] = 1 if count is None else count
        return params


class ImportForm(forms.Form):
    decklist = _decklist_field(required=True)
    mode = forms.ChoiceField(
        label=_("Mode"),
        choices=[("replace", _("Replace the deck")), ("add", _("Add to the deck"))],
        initial="replace",
    )


class SettingsForm(forms.Form):
    """The deck's name, format and visibility; each field posts the value the page showed too
    (`show_hidden_initial`), so a save writes only what the player changed (`changed_data`)."""

    name = forms.CharField(label=_("Name"), max_length=120, show_hidden_initial=True)
    format = forms.ChoiceField(label=_("Format"), choices=[], show_hidden_initial=True)
    visibility = forms.ChoiceField(
        label=_("Visibility"), choices=Visibility.choices, show_hidden_initial=True
    )

    def __init__(self, *args, formats=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["format"].choices = [(f.slug, _(f.name)) for f in formats]
