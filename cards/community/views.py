"""Pages of the community card data: propose, review, history, coverage and downloads."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from cards import faces
from cards.community import proposals, revisions
from cards.community.forms import CardCellsForm, ProposalFileForm, ProposalForm, RejectForm
from cards.community.models import REVIEW_PERMISSION, CardRevision, Proposal
from cards.coverage import MAX_MISSING_SHOWN, coverage, record
from cards.games.registry import GAMES, get_game
from cards.importers import ImportFailed
from cards.models import Card
from cards.selectors import card_or_404, game_or_404
from cards.spreadsheet import formula_safe


def can_review(user: Any) -> bool:
    return user.is_authenticated and user.has_perm(REVIEW_PERMISSION)


@login_required
def propose(request: HttpRequest, game: str) -> HttpResponse:
    """A new card ("missing card"), or with `?number=` a correction of that card."""
    the_game = game_or_404(game)
    card = None
    number = request.GET.get("number", "")
    if number:
        card = card_or_404(game, number)
    initial: dict[str, Any] = {}
    if card:
        initial = {**the_game.schema.to_row(card.to_game_card()), "text": card.text}
    else:  # a missing number from the coverage page, a decklist line's number and name
        initial = {
            key: request.GET[param][:200]
            for key, param in (("number", "new"), ("name", "name"))
            if request.GET.get(param)
        }
    form = ProposalForm(game, request.POST or None, request.FILES or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            proposal = proposals.propose(
                request.user,
                game,
                data["facts"],
                text=data["text"],
                image=data["image"],
                source_note=data["source_note"],
            )
        except proposals.ProposalRefused as refused:
            messages.error(request, str(refused))
        except faces.ImageRejected as rejected:
            form.add_error("image", str(rejected))
        else:
            messages.success(request, _("Thank you: your proposal waits for a card editor."))
            return redirect("community:proposal", pk=proposal.pk)
    context = {"game": the_game, "card": card, "form": form}
    return render(request, "community/propose.html", context, status=400 if form.errors else 200)


@login_required
def propose_file(request: HttpRequest, game: str) -> HttpResponse:
    """Bulk proposals: a card file, every bad row reported by line and column."""
    the_game = game_or_404(game)
    form = ProposalFileForm(request.POST or None, request.FILES or None)
    context: dict[str, Any] = {"game": the_game, "form": form}
    status = 200
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            result = proposals.propose_file(
                request.user, game, upload.read(), upload.name, form.cleaned_data["source_note"]
            )
        except ImportFailed as failure:
            context["failure"], context["filename"], status = failure, upload.name, 400
        except proposals.ProposalRefused as refused:
            messages.error(request, str(refused))
            status = 400
        else:
            messages.success(
                request,
                _("%(new)d proposals made; %(same)d rows already match the cards.")
                % {"new": len(result.created), "same": result.unchanged},
            )
            return redirect("community:mine")
    return render(request, "community/propose_file.html", context, status=status)


@login_required
def mine(request: HttpRequest) -> HttpResponse:
    page = Paginator(Proposal.objects.filter(proposer=request.user), 50).get_page(
        request.GET.get("page")
    )
    return render(request, "community/mine.html", {"page": page})


def _visible_proposal(request: HttpRequest, pk: int) -> Proposal:
    proposal = get_object_or_404(Proposal.objects.select_related("proposer", "reviewer"), pk=pk)
    if proposal.proposer_id != request.user.pk and not can_review(request.user):
        raise Http404("No such proposal.")
    return proposal


@login_required
def proposal_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The proposal beside the current card; for editors the review forms."""
    proposal = _visible_proposal(request, pk)
    context: dict[str, Any] = {
        "proposal": proposal,
        "game": get_game(proposal.game),
        "rows": proposals.proposal_diff(proposal),
        "outdated": proposal.status == Proposal.Status.PENDING and proposals.is_outdated(proposal),
        "reviewer": can_review(request.user),
    }
    if context["reviewer"] and proposal.status == Proposal.Status.PENDING:
        initial = {**proposal.row, "text": proposal.text}
        context["edit_form"] = CardCellsForm(proposal.game, initial=initial)
        context["reject_form"] = RejectForm()
    return render(request, "community/proposal.html", context)


@login_required
def proposal_image(request: HttpRequest, pk: int) -> HttpResponse:
    """The proposal's image (stored as checked PNG), for its proposer and card editors only: it is
    not public until approved, so it is not served from the media folder."""
    proposal = _visible_proposal(request, pk)
    if not proposal.image:
        raise Http404("This proposal has no image.")
    try:
        with proposal.image.open("rb") as file:
            png = file.read()
    except OSError:
        raise Http404("The image file is gone.") from None
    return HttpResponse(png, content_type="image/png", headers={"Cache-Control": "private"})


@require_POST
@login_required
@permission_required(REVIEW_PERMISSION, raise_exception=True)
def review(request: HttpRequest, pk: int) -> HttpResponse:
    """Approve (as proposed, or with the editor's edits) or reject with a reason."""
    proposal = get_object_or_404(Proposal, pk=pk)
    try:
        if request.POST.get("action") == "reject":
            form = RejectForm(request.POST)
            if not form.is_valid():
                raise proposals.ProposalRefused(_("Say why the proposal is rejected."))
            proposals.reject(proposal, request.user, form.cleaned_data["reason"])
            messages.success(request, _("Rejected; the proposer sees your reason."))
        else:
            edit = CardCellsForm(proposal.game, request.POST)
            if not edit.is_valid():
                context = {
                    "proposal": proposal,
                    "game": get_game(proposal.game),
                    "rows": proposals.proposal_diff(proposal),
                    "reviewer": True,
                    "edit_form": edit,
                    "reject_form": RejectForm(),
                }
                return render(request, "community/proposal.html", context, status=400)
            proposals.approve(
                proposal, request.user, row=edit.cleaned_data["row"], text=edit.cleaned_data["text"]
            )
            messages.success(request, _("Approved: the card is updated."))
    except proposals.ProposalRefused as refused:
        messages.error(request, str(refused))
    return redirect("community:proposal", pk=pk)


@login_required
@permission_required(REVIEW_PERMISSION, raise_exception=True)
def queue(request: HttpRequest) -> HttpResponse:
    waiting = Proposal.objects.filter(status=Proposal.Status.PENDING).select_related("proposer")
    # Only a game's slug filters: anything else (`?game=%00` is a 500 on PostgreSQL) shows all.
    game = request.GET.get("game", "")
    game = game if game in GAMES else ""
    if game:
        waiting = waiting.filter(game=game)
    page = Paginator(waiting.order_by("created_at"), 50).get_page(request.GET.get("page"))
    context = {"page": page, "game_filter": game, "outdated": proposals.outdated(page.object_list)}
    return render(request, "community/queue.html", context)


def history(request: HttpRequest, game: str, number: str) -> HttpResponse:
    card = card_or_404(game, number)
    page = Paginator(card.revisions.select_related("author"), 50).get_page(request.GET.get("page"))
    context = {
        "game": get_game(game),
        "card": card,
        "page": page,
        "reviewer": can_review(request.user),
    }
    return render(request, "community/history.html", context)


@require_POST
@login_required
def revert(request: HttpRequest, pk: int) -> HttpResponse:
    if not can_review(request.user):
        raise PermissionDenied(_("Only card editors can revert a card."))
    revision = get_object_or_404(CardRevision.objects.select_related("card"), pk=pk)
    new = revisions.revert(revision, request.user)
    if new is None:
        messages.info(request, _("The card already is as in that revision."))
    else:
        messages.success(
            request,
            _("Reverted to #%(n)d as revision #%(m)d.")
            % {"n": revision.sequence, "m": new.sequence},
        )
    card = revision.card
    return redirect("community:history", game=card.game, number=card.number)


def coverage_page(request: HttpRequest, game: str) -> HttpResponse:
    the_game = game_or_404(game)
    found = record(game)
    context = {
        "game": the_game,
        "series_list": coverage(game),
        "max_missing": MAX_MISSING_SHOWN,
        "summary": found.summary_in(get_language()) if found else "",
    }
    return render(request, "community/coverage.html", context)


def download(request: HttpRequest, game: str, kind: str) -> HttpResponse:
    """All approved cards of a game in CONTRACT §2 columns: what `import_cards` reads back."""
    the_game = game_or_404(game)
    if kind not in ("csv", "json"):
        raise Http404("Cards download as .csv or .json.")
    schema = the_game.schema
    cards = Card.objects.filter(game=game).only("game", "number", "name", "type", "data", "extra")
    filename = f"decklab-{game}-cards.{kind}"
    headers = {"Content-Disposition": f'attachment; filename="{filename}"'}
    if kind == "json":
        items = [
            {"number": c.number, "name": c.name, **{k: c.data.get(k) for k in schema.names[2:]}}
            for c in cards.iterator(chunk_size=2000)
        ]
        body = json.dumps(items, ensure_ascii=False, indent=1)
        return HttpResponse(body, content_type="application/json; charset=utf-8", headers=headers)
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(schema.names), extrasaction="ignore")
    writer.writeheader()
    for card in cards.iterator(chunk_size=2000):
        row = schema.to_row(card.to_game_card())
        writer.writerow({key: formula_safe(value) for key, value in row.items()})
    return HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8", headers=headers)
