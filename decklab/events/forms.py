"""Forms of the event pages: they check the shape of what was posted; the services decide the rest."""

from __future__ import annotations

from django import forms
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from cards.decklists import validate_decklist_size
from cards.games.registry import all_games
from decklab.events.models import TOP_CUT_CHOICES, ListVisibility
from decklab.events.services import MAX_CAPACITY, MAX_GAMES


class EventForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    game = forms.ChoiceField(label=_("Game"), choices=[])
    format = forms.CharField(
        label=_("Format"), max_length=64, required=False, help_text=_("Empty: the game's first.")
    )
    date = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}))
    place = forms.CharField(label=_("Place"), max_length=200, required=False)
    capacity = forms.IntegerField(
        label=_("Capacity"),
        min_value=2,
        max_value=MAX_CAPACITY,
        required=False,
        help_text=_("Empty: no limit."),
    )
    deadline = forms.DateTimeField(
        label=_("List deadline"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
        help_text=_("Lists lock by themselves then; empty: lock by hand."),
    )
    top_cut = forms.TypedChoiceField(
        label=_("Top cut"), choices=TOP_CUT_CHOICES, coerce=int, initial=0
    )
    visibility = forms.ChoiceField(
        label=_("Who sees the lists"), choices=ListVisibility.choices, initial=ListVisibility.PUBLIC
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        japanese = get_language() == "ja"
        self.fields["game"].choices = [
            (game.slug, game.name_ja if japanese else game.name) for game in all_games()
        ]


class ListForm(forms.Form):
    """A list for an event: one of the player's decks, or pasted text."""

    deck = forms.TypedChoiceField(
        label=_("One of your decks"), choices=[], coerce=int, required=False, empty_value=None
    )
    decklist = forms.CharField(
        label=_("Or paste a decklist"),
        required=False,
        validators=[validate_decklist_size],
        widget=forms.Textarea(attrs={"rows": 8, "class": "code", "spellcheck": "false"}),
    )

    def __init__(self, *args, decks=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["deck"].choices = [("", "—"), *((d.pk, d.name) for d in decks)]

    def clean(self):
        data = super().clean()
        if not data.get("deck") and not (data.get("decklist") or "").strip():
            raise forms.ValidationError(_("Choose one of your decks or paste a decklist."))
        return data


class ResultForm(forms.Form):
    table = forms.IntegerField(min_value=1)
    first_wins = forms.IntegerField(
        label=_("Wins of the first player"), min_value=0, max_value=MAX_GAMES
    )
    second_wins = forms.IntegerField(
        label=_("Wins of the second player"), min_value=0, max_value=MAX_GAMES
    )
    draws = forms.IntegerField(label=_("Draws"), min_value=0, max_value=MAX_GAMES, initial=0)


class CheckForm(forms.Form):
    decklist = forms.CharField(
        label=_("The list in front of you"),
        validators=[validate_decklist_size],
        widget=forms.Textarea(attrs={"rows": 10, "class": "code", "spellcheck": "false"}),
    )
