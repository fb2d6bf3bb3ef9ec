"""Forms of the card pages: staff uploads of card files and card images."""

from __future__ import annotations

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from cards.games.registry import all_games

#: Card files (and set-deck files) larger than this are refused before parsing.
CARD_FILE_MAX_BYTES = 5 * 1024 * 1024

CARDS = "cards"
SET_DECKS = "set_decks"


class CardFileForm(forms.Form):
    """A card file for one game, as `import_cards` takes it (CONTRACT §2)."""

    game = forms.ChoiceField(label=_("Game"), choices=[])
    content = forms.ChoiceField(
        label=_("Content"),
        choices=[
            (CARDS, _("Cards (CSV or JSON)")),
            (SET_DECKS, _("Set decks (JSON, Blade Rondo)")),
        ],
        initial=CARDS,
        widget=forms.RadioSelect,
    )
    file = forms.FileField(
        label=_("File"),
        help_text=format_lazy(
            _("UTF-8 CSV with a header row, or a JSON list; at most {mib} MiB."),
            mib=CARD_FILE_MAX_BYTES // (1024 * 1024),
        ),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(g.slug, f"{g.name} ({g.name_ja})") for g in all_games()]


class CardImageForm(forms.Form):
    """A real picture of a card, shown instead of its generated face."""

    image = forms.FileField(label=_("Image"), help_text=_("PNG, JPEG, WebP or GIF; at most 8 MiB."))
