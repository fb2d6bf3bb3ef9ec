"""Proposals: a player's new card or correction, checked like a card-file row, then reviewed.

A proposal's cells go through the game's `Schema.from_row` and the importer's length check (the
same rules as `import_cards`); approval applies them with `revisions.apply_card`, in one
transaction with the proposal and card rows locked.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.files.base import ContentFile
from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from cards import counters, coverage, faces
from cards.community import revisions
from cards.community.models import CardRevision, Proposal, Source
from cards.games import base
from cards.games.game import number_key
from cards.games.registry import get_game
from cards.games.schema import RowError
from cards.importers import ImportFailed, Problem, parse_file, too_long
from cards.models import Card

MAX_TEXT_LENGTH = 5000
#: Columns beyond the game's own (kept as the card's extra data): at most this many, names at
#: most this long, values as long as a form's cell (issue 22, finding 10: 397 KiB in one proposal).
MAX_EXTRA_COLUMNS = 16
MAX_COLUMN_NAME = 64
MAX_CELL_CHARS = 500


class ProposalRefused(ValueError):
    """Over a limit (rate, pending queue) or a decision that cannot be made; the message says why."""


def check_cells(game_slug: str, row: dict[str, Any]) -> base.Card:
    """The card the cells describe, or `RowError` with (column, message) for each bad cell."""
    game = get_game(game_slug)
    card = game.schema.from_row(row)
    problems = too_long(game, card) + _extra_problems(card)
    if problems:
        raise RowError(problems)
    return card


def _extra_problems(card: base.Card) -> list[tuple[str, str]]:
    if len(card.extra) > MAX_EXTRA_COLUMNS:
        return [("", _("at most %(n)d extra columns") % {"n": MAX_EXTRA_COLUMNS})]
    problems = []
    for key, value in card.extra.items():
        if len(str(key)) > MAX_COLUMN_NAME:
            message = _("a column name is at most %(n)d characters") % {"n": MAX_COLUMN_NAME}
            problems.append((str(key)[:MAX_COLUMN_NAME], message))
        elif len(str(value)) > MAX_CELL_CHARS:
            problems.append((str(key), _("at most %(n)d characters") % {"n": MAX_CELL_CHARS}))
    return problems


def attempts_limit() -> counters.Limit:
    """Proposal attempts per player and hour, refused ones included: an attempt that costs an
    image decode counts whether it ends in a proposal or not (issue 22, finding 1)."""
    return counters.Limit("proposal-attempts", settings.DECKLAB_PROPOSALS_PER_HOUR, 3600)


def check_limits(user: Any, adding: int = 1) -> None:
    """`ProposalRefused` when `adding` more proposals would pass the user's hourly or pending cap."""
    mine = Proposal.objects.filter(proposer=user)
    pending = mine.filter(status=Proposal.Status.PENDING).count()
    cap = settings.DECKLAB_PROPOSALS_MAX_PENDING
    if pending + adding > cap:
        raise ProposalRefused(
            _(
                "You have %(pending)d proposals waiting for review; at most %(cap)d may wait at "
                "once. Wait until editors have reviewed some."
            )
            % {"pending": pending, "cap": cap}
        )
    hour = timezone.now() - timedelta(hours=1)
    recent = mine.filter(created_at__gte=hour).count()
    per_hour = settings.DECKLAB_PROPOSALS_PER_HOUR
    if recent + adding > per_hour:
        raise _hourly_refusal()


def _hourly_refusal() -> ProposalRefused:
    per_hour = settings.DECKLAB_PROPOSALS_PER_HOUR
    return ProposalRefused(
        ngettext(
            "At most %(n)d proposal per hour; try again later.",
            "At most %(n)d proposals per hour; try again later.",
            per_hour,
        )
        % {"n": per_hour}
    )


def _count_attempt(user: Any) -> None:
    """One more attempt of the user's this hour, or `ProposalRefused` when they are used up."""
    attempt = (attempts_limit(), str(user.pk))
    if counters.retry_after(attempt):
        raise _hourly_refusal()
    counters.hit(attempt)


@contextmanager
def _limits_held(user: Any, adding: int) -> Iterator[None]:
    """A transaction in which the user's caps hold for `adding` more proposals: the user's row
    is locked first, so parallel proposals of one player count one after the other (issue 22,
    finding 9: 52 pending against a cap of 50). SQLite takes its write lock at BEGIN."""
    with transaction.atomic():
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        check_limits(user, adding)
        yield


def _card_and_base(game_slug: str, number: str) -> tuple[Card | None, CardRevision | None]:
    card = Card.objects.filter(game=game_slug, number=number).first()
    return card, (revisions.latest(card) if card else None)


def propose(
    user: Any,
    game_slug: str,
    facts: base.Card,
    *,
    text: str = "",
    image: bytes | None = None,
    source_note: str = "",
) -> Proposal:
    """A pending proposal of a checked card (`check_cells`), kept as the cells of all its columns;
    the image checked like any upload (`faces.ImageRejected` if refused).

    The limits come first, then the attempt is counted, then the image is decoded (once): a
    player over a limit costs no decode, and refused images use up the player's attempts.
    """
    check_limits(user)
    _count_attempt(user)
    png = faces.checked_png(image) if image else None
    with _limits_held(user, 1):
        return _create(user, game_slug, facts, text=text, png=png, source_note=source_note)


def _create(
    user: Any, game_slug: str, facts: base.Card, *, text: str, png: bytes | None, source_note: str
) -> Proposal:
    card, base_revision = _card_and_base(game_slug, facts.number)
    proposal = Proposal(
        game=game_slug,
        number=facts.number,
        card=card,
        base_revision=base_revision,
        proposer=user,
        row=get_game(game_slug).schema.to_row(facts),
        text=text[:MAX_TEXT_LENGTH],
        source_note=source_note[:500],
    )
    if png:
        proposal.image.save(
            f"{game_slug}/{number_key(facts.number)[:40]}.png", ContentFile(png), save=False
        )
    proposal.save()
    return proposal


@dataclass
class BulkResult:
    created: list[Proposal]
    unchanged: int


def propose_file(
    user: Any, game_slug: str, content: bytes, filename: str, source_note: str
) -> BulkResult:
    """One proposal per row of a card file that adds or changes a card (rows equal to the stored
    card are skipped); `ImportFailed` with every bad row by line and column, as `import_cards`."""
    game = get_game(game_slug)
    cards = parse_file(game, content, filename)
    limit = settings.DECKLAB_PROPOSAL_FILE_MAX_ROWS
    if len(cards) > limit:
        raise ImportFailed([Problem(0, "", _("at most %(n)d rows per file") % {"n": limit})])
    extra = dict.fromkeys(problem for card in cards for problem in _extra_problems(card))
    if extra:
        raise ImportFailed([Problem(0, column, message) for column, message in extra])
    stored = {
        card.number: card.to_game_card()
        for card in Card.objects.filter(game=game_slug, number__in=[c.number for c in cards])
    }
    wanted = [c for c in cards if _differs(stored.get(c.number), c)]
    if not wanted:
        return BulkResult([], len(cards))
    with _limits_held(user, len(wanted)):
        created = [
            _create(user, game_slug, card, text="", png=None, source_note=source_note)
            for card in wanted
        ]
    return BulkResult(created, len(cards) - len(wanted))


def _differs(stored: base.Card | None, card: base.Card) -> bool:
    if stored is None:
        return True
    return (stored.name, stored.type, dict(stored.data)) != (card.name, card.type, dict(card.data))


def outdated(pending: Iterable[Proposal]) -> set[int]:
    """The ids of the proposals whose card changed (or was created) since they were made: three
    queries for a whole page of the review queue."""
    pending = list(pending)
    if not pending:
        return set()
    wanted = Q()
    for proposal in pending:
        wanted |= Q(game=proposal.game, number=proposal.number)
    cards = dict(
        ((game, number), pk)
        for pk, game, number in Card.objects.filter(wanted).values_list("pk", "game", "number")
    )
    latest = dict(
        CardRevision.objects.filter(card__in=cards.values())
        .values_list("card")
        .annotate(last=Max("id"))
        .order_by()
    )
    return {
        proposal.pk
        for proposal in pending
        if (card := cards.get((proposal.game, proposal.number))) is not None
        and latest.get(card) != proposal.base_revision_id
    }


def is_outdated(proposal: Proposal) -> bool:
    return proposal.pk in outdated([proposal])


def approve(
    proposal: Proposal, editor: Any, row: dict[str, Any] | None = None, text: str | None = None
) -> CardRevision | None:
    """Apply the proposal (or the editor's edit of its cells) as the card's new revision."""
    with transaction.atomic():
        locked = Proposal.objects.select_for_update().get(pk=proposal.pk)
        if locked.status != Proposal.Status.PENDING:
            raise ProposalRefused(_("This proposal was already reviewed."))
        cells = row if row is not None else locked.row
        facts = check_cells(locked.game, cells)
        edited = _differs(check_cells(locked.game, locked.row), facts)
        if facts.number != locked.number and row is not None:
            locked.number = facts.number
        image = None
        if locked.image:
            card = Card.objects.filter(game=locked.game, number=facts.number).first()
            image = _publish_image(locked, card)
        card, revision = revisions.apply_card(
            locked.game,
            facts,
            text=(text if text is not None else locked.text) or None,
            image=image,
            author=editor,
            source=Source.PROPOSAL,
            note=_("edited by the editor") if edited else "",
            proposal=locked,
        )
        locked.status = Proposal.Status.APPROVED
        locked.reviewer = editor
        locked.reviewed_at = timezone.now()
        locked.row = cells
        locked.card = card
        locked.revision = revision
        if edited:
            locked.reason = _("Approved with the editor's changes.")
        locked.save()
        transaction.on_commit(lambda: coverage.forget_registered(locked.game))
    proposal.refresh_from_db()
    return revision


def _publish_image(proposal: Proposal, card: Card | None) -> str:
    """Copy the proposal's (already checked) image to where card images live; the file name."""
    with proposal.image.open("rb") as file:
        png = file.read()
    holder = card or Card(game=proposal.game, number=proposal.number)
    name = f"cards/{proposal.game}/{faces.safe_name(proposal.number)}.png"
    return holder.image.storage.save(name, ContentFile(faces.checked_png(png)))


def reject(proposal: Proposal, editor: Any, reason: str) -> None:
    reason = reason.strip()
    if not reason:
        raise ProposalRefused(_("Say why the proposal is rejected: the proposer reads it."))
    with transaction.atomic():
        locked = Proposal.objects.select_for_update().get(pk=proposal.pk)
        if locked.status != Proposal.Status.PENDING:
            raise ProposalRefused(_("This proposal was already reviewed."))
        locked.status = Proposal.Status.REJECTED
        locked.reviewer = editor
        locked.reviewed_at = timezone.now()
        locked.reason = reason[:2000]
        locked.save()
    proposal.refresh_from_db()


def proposal_diff(proposal: Proposal) -> list[tuple[str, Any, Any]]:
    """(column, current value, proposed value) of every cell, text and image: what the review
    page shows side by side."""
    card = Card.objects.filter(game=proposal.game, number=proposal.number).first()
    current = revisions.cells(card) if card else {}
    proposed = {
        **proposal.row,
        revisions.TEXT_KEY: proposal.text or current.get(revisions.TEXT_KEY, ""),
        revisions.IMAGE_KEY: proposal.image.name
        if proposal.image
        else current.get(revisions.IMAGE_KEY, ""),
    }
    keys = dict.fromkeys([*get_game(proposal.game).schema.names, *proposed, *current])
    return [(key, current.get(key), proposed.get(key)) for key in keys]
