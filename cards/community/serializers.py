"""API shapes of proposals."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from cards.community.models import Proposal
from cards.community.proposals import MAX_CELL_CHARS, MAX_COLUMN_NAME
from cards.games.registry import all_games

#: A card has a few dozen columns at most; a bigger object is refused before it is checked.
MAX_CELLS = 64


def _few_cells(row: dict) -> None:
    if len(row) > MAX_CELLS:
        raise serializers.ValidationError(f"at most {MAX_CELLS} cells")
    if any(len(key) > MAX_COLUMN_NAME for key in row):
        raise serializers.ValidationError(f"a column name is at most {MAX_COLUMN_NAME} characters")


class ProposalSerializer(serializers.ModelSerializer):
    proposer = serializers.CharField(source="proposer.get_username", read_only=True)
    reviewer = serializers.SerializerMethodField()
    image = serializers.SerializerMethodField()

    class Meta:
        model = Proposal
        fields = (
            "id",
            "game",
            "number",
            "row",
            "text",
            "source_note",
            "status",
            "reason",
            "proposer",
            "reviewer",
            "created_at",
            "reviewed_at",
            "image",
        )
        read_only_fields = fields

    def get_reviewer(self, proposal: Proposal) -> str | None:
        return proposal.reviewer.get_username() if proposal.reviewer else None

    def get_image(self, proposal: Proposal) -> bool:
        """Whether the proposal holds an image (send images through the site's form)."""
        return bool(proposal.image)


class ProposalCreateSerializer(serializers.Serializer):
    """A proposal: the card's CONTRACT §2 cells (`row`), checked as `import_cards` checks a row."""

    game = serializers.ChoiceField(choices=[])
    row = serializers.DictField(
        child=serializers.CharField(allow_blank=True, max_length=MAX_CELL_CHARS),
        validators=[_few_cells],
    )
    text = serializers.CharField(required=False, allow_blank=True, max_length=5000)
    source_note = serializers.CharField(required=False, allow_blank=True, max_length=500)

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        # From the registry at request time, never a fixed list.
        game_field = self.fields["game"]
        assert isinstance(game_field, serializers.ChoiceField)
        game_field.choices = [game.slug for game in all_games()]


class ReviewSerializer(serializers.Serializer):
    action = serializers.ChoiceField(choices=["approve", "reject"])
    reason = serializers.CharField(required=False, allow_blank=True, max_length=2000)
    row = serializers.DictField(
        child=serializers.CharField(allow_blank=True, max_length=MAX_CELL_CHARS),
        required=False,
        validators=[_few_cells],
        help_text="the editor's corrected cells (edit-then-approve); default: as proposed",
    )


class RowProblemSerializer(serializers.Serializer):
    """A refused proposal: `problems` names each bad cell; a body of the wrong shape answers
    DRF's field errors beside `detail` instead."""

    detail = serializers.CharField()
    problems = serializers.DictField(
        child=serializers.CharField(), help_text="message by column name", required=False
    )
