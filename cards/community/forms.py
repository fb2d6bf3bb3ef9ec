"""Forms of proposals and reviews: one text field per card-file column of the game, each checked
by the game's own `Schema.from_row` (`proposals.check_cells`), errors beside the field."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django import forms
from django.conf import settings
from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext_lazy as _

from cards import faces
from cards.community.proposals import MAX_CELL_CHARS, MAX_TEXT_LENGTH, check_cells
from cards.games.game import Game
from cards.games.registry import get_game
from cards.games.schema import Column, RowError, choice, copy_limit, flag, integer, list_of

if TYPE_CHECKING:  # django-stubs' helper types; a development requirement only
    from django_stubs_ext import StrOrPromise


class CardCellsForm(forms.Form):
    """The game's columns (CONTRACT §2) and the card text; `cleaned_data["facts"]` is the card.

    Each column speaks the game's words in the page's language (issue 23): its schema label, a
    menu of the values the schema knows (a choice, Dreadnought's cluster, a yes/no flag), boxes
    for a list of known values, and errors said in the page's language (`cell_error`)."""

    def __init__(self, game_slug: str, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        # Japanese labels end in a full-width colon (Django's own suffix is ":").
        self.label_suffix = pgettext("form label suffix", ":")
        self.game = get_game(game_slug)
        for column in self.game.schema.columns:
            self.fields[column.name] = column_field(self.game, column)
            if isinstance(self.fields[column.name], forms.MultipleChoiceField):
                value = self.initial.get(column.name)
                if isinstance(value, str):
                    separator = getattr(column.parse, "separator", ";")
                    self.initial[column.name] = [v.strip() for v in value.split(separator)]
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
        row = {}
        for column in self.game.schema.columns:
            value = cleaned.get(column.name) or ""
            if isinstance(value, list):
                value = getattr(column.parse, "separator", ";").join(value)
            row[column.name] = value
        try:
            cleaned["facts"] = check_cells(self.game.slug, row)
        except RowError as error:
            for name, message in cell_errors(self.game, error, row):
                self.add_error(name if name in self.fields else None, message)
        cleaned["row"] = row
        return cleaned


def value_names(game: Game, column: Column) -> Mapping[str, str]:
    """The words a Japanese page shows for a column's stored values (`Leader` → リーダー): the
    `names_ja` of the game's search field of that column; none on other pages."""
    if get_language() != "ja":
        return {}
    for field in game.search_fields:
        if column.name == field.name or column.name in field.aliases:
            return field.names_ja
    return {}


def column_field(game: Game, column: Column) -> forms.Field:
    """The form field of one card column, labelled in the game's words."""
    label = _(column.label) if column.label else column.name
    needed = _("required") if column.required and not column.empty_ok else ""
    names = value_names(game, column)
    if column.parse is flag:
        options = [("", "—"), ("1", _("Yes")), ("0", _("No"))]
        return forms.ChoiceField(label=label, required=False, choices=options, help_text=needed)
    item = getattr(column.parse, "item", None)
    if isinstance(column.parse, list_of) and isinstance(item, choice):
        return forms.MultipleChoiceField(
            label=label,
            required=False,
            choices=[(value, names.get(value, value)) for value in item.allowed],
            widget=forms.CheckboxSelectMultiple,
            help_text=needed,
        )
    if column.offered:
        # The schema knows every value: a menu, not free text.
        return forms.ChoiceField(
            label=label,
            required=False,
            choices=[("", "—"), *((value, names.get(value, value)) for value in column.offered)],
            help_text=needed,
        )
    return forms.CharField(
        label=label, required=False, max_length=MAX_CELL_CHARS, strip=True, help_text=needed
    )


def cell_errors(game: Game, error: RowError, row: Mapping[str, Any]) -> list[tuple[str, str]]:
    """A refused row's problems, (column, message), each of the game's columns said in the
    reader's language (`cell_error`): for the proposal form and the proposals API alike."""
    columns = {column.name: column for column in game.schema.columns}
    return [
        (name, str(cell_error(columns[name], row.get(name, ""))) if name in columns else message)
        for name, message in error.problems
    ]


def cell_error(column: Column, value: str) -> StrOrPromise:
    """A bad cell's error in the page's language (the schema's own messages are English: they
    are the importer's, read by whoever wrote the file)."""
    if not str(value).strip():
        return _("This field is required.")
    if column.parse is integer:
        return _("Enter a whole number (%(value)s is not one).") % {"value": value}
    if column.parse is copy_limit:
        return _("Enter a whole number, or “any” for no limit.")
    if column.offered or isinstance(column.parse, (choice, list_of)):
        return _("Choose one of the values offered.")
    return _("“%(value)s” cannot be read as this field's value.") % {"value": value}


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
