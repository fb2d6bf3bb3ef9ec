"""Forms of proposals and reviews: one text field per card-file column of the game, each checked
by the game's own `Schema.from_row` (`proposals.check_cells`), errors beside the field."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from cards import faces
from cards.community.proposals import MAX_CELL_CHARS, MAX_TEXT_LENGTH, check_cells
from cards.games.registry import get_game
from cards.games.schema import RowError, choice


class CardCellsForm(forms.Form):
    """The game's columns (CONTRACT §2) and the card text; `cleaned_data["facts"]` is the card."""

    def __init__(self, game_slug: str, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.game = get_game(game_slug)
        for column in self.game.schema.columns:
            needed = _("required") if column.required and not column.empty_ok else ""
            if isinstance(column.parse, choice):
                # The schema knows every value: a menu, not free text.
                self.fields[column.name] = forms.ChoiceField(
                    label=column.name,
                    required=False,
                    choices=[("", "—"), *((value, value) for value in column.parse.allowed)],
                    help_text=needed,
                )
                continue
            self.fields[column.name] = forms.CharField(
                label=column.name,
                required=False,
                max_length=MAX_CELL_CHARS,
                strip=True,
                help_text=needed,
            )
        self.fields["text"] = forms.CharField(
            label=_("Card text"),
            required=False,
            max_length=MAX_TEXT_LENGTH,
            widget=forms.Textarea(attrs={"rows": 5}),
            help_text=_("As printed, keywords in their brackets: 【…】, 《…》, […]."),
        )

    def column_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.game.schema.names]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        row = {name: cleaned.get(name) or "" for name in self.game.schema.names}
        try:
            cleaned["facts"] = check_cells(self.game.slug, row)
        except RowError as error:
            for column, message in error.problems:
                self.add_error(column if column in self.fields else None, message)
        cleaned["row"] = row
        return cleaned


class ProposalForm(CardCellsForm):
    """A player's proposal: the cells, the text, an optional image and where the facts are from."""

    def __init__(self, game_slug: str, *args: Any, **kwargs: Any):
        super().__init__(game_slug, *args, **kwargs)
        self.fields["image"] = forms.FileField(
            label=_("Image of the card"),
            required=False,
            help_text=_("PNG, JPEG, WebP or GIF; at most 8 MiB."),
        )
        self.fields["source_note"] = forms.CharField(
            label=_("Source"),
            required=False,
            max_length=500,
            help_text=_("Where the facts are from: your own card, a product, a page."),
        )

    def clean_image(self) -> bytes | None:
        """The upload's bytes, size-checked only: `proposals.propose` decodes them once, after
        the cells and the player's limits (issue 22, finding 1)."""
        upload = self.cleaned_data.get("image")
        if not upload:
            return None
        content = upload.read(faces.MAX_IMAGE_BYTES + 1)
        if len(content) > faces.MAX_IMAGE_BYTES:
            raise forms.ValidationError(faces.too_large_message())
        return content


class ProposalFileForm(forms.Form):
    file = forms.FileField(
        label=_("Card file"),
        help_text=_("UTF-8 CSV with a header row (the columns of import_cards), or a JSON list."),
    )
    source_note = forms.CharField(label=_("Source"), required=False, max_length=500)

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        limit = settings.DECKLAB_PROPOSAL_FILE_MAX_BYTES
        if upload.size > limit:
            raise forms.ValidationError(
                _("The file is larger than %(kib)d KiB.") % {"kib": limit // 1024}
            )
        return upload


class RejectForm(forms.Form):
    reason = forms.CharField(
        label=_("Reason (the proposer reads it)"),
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
