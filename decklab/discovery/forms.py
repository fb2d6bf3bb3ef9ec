"""The search form of the public decks page, also read by the API: the query string → `Filters`."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from cards.games.game import Game
from decklab.discovery.search import SORTS, Filters

SORT_CHOICES = [("popular", _("Most popular")), ("new", _("Newest")), ("views", _("Most viewed"))]
PLACE_CHOICES = [
    ("", _("any")),
    ("1", _("Winner")),
    ("4", _("Top 4")),
    ("8", _("Top 8")),
    ("32", _("Top 32")),
]
PERIOD_CHOICES = [("7", _("7 days")), ("30", _("30 days")), ("90", _("90 days"))]


class DeckSearchForm(forms.Form):
    format = forms.ChoiceField(label=_("Format"), required=False)
    archetype = forms.CharField(label=_("Archetype"), required=False, max_length=200)
    colour = forms.CharField(label=_("Colour"), required=False, max_length=40)
    card = forms.CharField(label=_("Holding any of"), required=False, max_length=300)
    all = forms.CharField(label=_("Holding all of"), required=False, max_length=600)
    none = forms.CharField(label=_("Holding none of"), required=False, max_length=300)
    author = forms.CharField(label=_("Author"), required=False, max_length=150)
    tag = forms.SlugField(label=_("Tag"), required=False, max_length=32, allow_unicode=True)
    since = forms.DateField(label=_("From"), required=False)
    until = forms.DateField(label=_("To"), required=False)
    legal = forms.BooleanField(label=_("Legal now"), required=False)
    legal_at = forms.DateField(label=_("Legal at"), required=False)
    placed = forms.TypedChoiceField(
        label=_("Placed in an event"),
        choices=PLACE_CHOICES,
        coerce=int,
        empty_value=None,
        required=False,
    )
    buildable = forms.BooleanField(label=_("Buildable from my collection"), required=False)
    missing = forms.IntegerField(
        label=_("Missing at most"), required=False, min_value=0, max_value=999
    )
    sort = forms.ChoiceField(label=_("Sort"), choices=SORT_CHOICES, required=False)

    def __init__(self, data: Any, *, game: Game) -> None:
        super().__init__(data)
        self.game = game
        format_field = self.fields["format"]
        assert isinstance(format_field, forms.ChoiceField)
        format_field.choices = [("", _("any")), *((f.slug, f.name) for f in game.formats)]

    def filters(self) -> Filters:
        """The search asked for; fields that do not validate are left out, never an error page."""
        self.is_valid()
        data = {name: value for name, value in self.cleaned_data.items() if name not in self.errors}
        most_missing = data.get("missing")
        if data.get("buildable") and most_missing is None:
            most_missing = 0
        sort = data.get("sort") or "popular"
        return Filters(
            game=self.game.slug,
            format=data.get("format") or "",
            archetype=data.get("archetype") or "",
            colour=data.get("colour") or "",
            any_of=data.get("card") or "",
            all_of=data.get("all") or "",
            none_of=data.get("none") or "",
            author=data.get("author") or "",
            tag=(data.get("tag") or "").lower(),
            since=data.get("since"),
            until=data.get("until"),
            legal=bool(data.get("legal")),
            legal_at=data.get("legal_at"),
            placed=data.get("placed"),
            most_missing=most_missing,
            sort=sort if sort in SORTS else "popular",
        )
