"""Importing a pasted decklist into a deck: the rules of what is saved, and the problems and
"which card?" choices carried to the next page in the session (the editor's and the builder's)."""

from __future__ import annotations

import re
import unicodedata

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_POST

from cards.community.missing import problem_entries
from cards.decklists import decklist_read
from cards.games.decklist import natural_key
from cards.games.intake import Intake
from cards.languages import request_language
from decklab.decks import edits, notes, selectors, services
from decklab.decks.forms import ImportForm
from decklab.decks.preview import intake_preview
from decklab.decks.views.base import expected_revision, expected_version, refused

#: Candidates the ambiguous-name picker offers per line (the message names how many there are).
PICKER_CHOICES = 12

#: `pick-<line>`: the card chosen in the import form for an ambiguous line, with
#: `pick-<line>-ref`, the name the line gave.
_PICK = re.compile(r"pick-(\d{1,6})")


@require_POST
def import_(request: HttpRequest, pk: int) -> HttpResponse:
    deck = selectors.deck_for_owner(request.user, pk)
    form = ImportForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(str(e) for errors in form.errors.values() for e in errors))
        return redirect("decks:editor", pk=deck.pk)
    text = with_picks(form.cleaned_data["decklist"], request.POST, deck.game)
    mode = form.cleaned_data["mode"]
    found = decklist_read(game=deck.game, text=text)
    imported, problems = found.deck, found.problems
    if wants_preview(request, text, mode, found, deck.game):
        return redirect(f"{reverse('decks:editor', kwargs={'pk': deck.pk})}#import-export")
    if refused_import(request, text, mode, imported.quantities(), problems, deck.game):
        keep_preview(request, text, mode, found, deck.game)
        return redirect("decks:editor", pk=deck.pk)
    current = selectors.current_zones(deck)
    zones = imported_zones(current, imported.quantities(), mode)
    try:
        services.deck_save(
            deck=deck,
            zones=zones,
            expected_version=expected_version(request),
            expected_revision=expected_revision(request),
            note=notes.IMPORTED,
        )
    except services.DeckError as error:
        request.session["import_retry"] = {"decklist": text, "mode": mode}
        return refused(request, error, "decks:editor", pk=deck.pk)
    if problems:
        keep_problems(request, text, problems, deck.game)
    elif mode == "replace" and any(current.values()):
        messages.success(
            request,
            gettext(
                "Decklist imported: it replaced the deck's cards. "
                "The previous cards stay in the history."
            ),
        )
    else:
        messages.success(request, gettext("Decklist imported."))
    return redirect("decks:editor", pk=deck.pk)


def wants_preview(request: HttpRequest, text: str, mode: str, found: Intake, game: str) -> bool:
    """Whether the player asked to see what the text reads as before anything is saved (the
    Preview button, or a suggestion picked in a preview): nothing is saved, the text comes back
    with the preview beside it."""
    if not (request.POST.get("preview") or request.GET.get("preview")):
        return False
    keep_preview(request, text, mode, found, game)
    return True


def keep_preview(request: HttpRequest, text: str, mode: str, found: Intake, game: str) -> None:
    """The whole text back in the import form, with what each of its lines read as."""
    request.session["import_preview"] = intake_preview(
        game=game, found=found, lang=request_language(request)
    )
    request.session["import_retry"] = {"decklist": text, "mode": mode}


def refused_import(
    request: HttpRequest, text: str, mode: str, imported: edits.Zones, problems, game: str
) -> bool:
    """Whether an import saves nothing: a Replace with a line unread or a card still to choose
    (it would drop the cards those lines meant: the whole text comes back, with the problems and
    the choices to make), an Add that read no card (its lines come back), or no cards at all."""
    readable = any(imported.values())
    if problems and mode == "replace":
        keep_problems(request, text, problems, game, refused=mode)
        return True
    if problems and not readable:
        keep_problems(request, text, problems, game)
        return True
    if not readable:
        request.session["import_retry"] = {"decklist": text, "mode": mode}
        messages.error(
            request,
            gettext("The decklist holds no cards, so nothing was imported: the deck is unchanged."),
        )
        return True
    return False


def with_picks(text: str, data: QueryDict, game: str) -> str:
    """The pasted text with each "which card?" choice made in the import form written in: the
    ambiguous line names the picked card by its number, then the name. A line changed since (the
    name no longer on it) or a number that is no card keeps the line as it is, to be read again."""
    picks: dict[int, tuple[str, str]] = {}
    for key, number in data.items():
        found = _PICK.fullmatch(key)
        reference = data.get(f"{key}-ref")
        if (
            found
            and isinstance(number, str)
            and number
            and isinstance(reference, str)
            and reference
        ):
            picks[int(found[1])] = (number.strip(), reference)
    if not picks:
        return text
    cards = selectors.cards_by_number(game, {number for number, _ in picks.values()})
    lines = text.splitlines()
    for at, (number, reference) in picks.items():
        if number not in cards or not 1 <= at <= len(lines):
            continue
        line = " ".join(unicodedata.normalize("NFKC", lines[at - 1]).split())
        if reference in line:
            lines[at - 1] = line.replace(reference, f"{number} {cards[number].name}", 1)
    return "\n".join(lines)


def _ambiguous_choices(game: str, lines: list[str], problems) -> list[dict]:
    """For each ambiguous line: its text, zone, copies and the cards it may mean (number, name)."""
    ambiguous = [
        p
        for p in problems
        if p.code == "decklist.ambiguous_card" and p.line and p.line <= len(lines)
    ]
    wanted = {number for p in ambiguous for number in p.cards[:PICKER_CHOICES]}
    names = selectors.cards_by_number(game, wanted)
    choices = []
    for problem in ambiguous:
        raw = lines[problem.line - 1].strip()
        choices.append(
            {
                "at": problem.line,
                "reference": problem.params.get("reference", ""),
                "line": raw,
                "zone": problem.zone,
                "count": problem.params.get("copies", 1),
                "cards": [
                    (n, names[n].name if n in names else "")
                    for n in sorted(problem.cards, key=natural_key)[:PICKER_CHOICES]
                ],
            }
        )
    return choices


def imported_zones(current: edits.Zones, imported: edits.Zones, mode: str) -> edits.Zones:
    if mode == "replace":
        return imported
    merged = {zone: dict(cards) for zone, cards in current.items()}
    for zone, cards in imported.items():
        for number, count in cards.items():
            merged = edits.add(merged, zone, number, count)
    return merged


def keep_problems(request: HttpRequest, text: str, problems, game: str, refused: str = "") -> None:
    """Nothing lost: the lines that could not be read come back, under their zone, for correcting;
    a name that fits several cards comes back as a choice between them (the picker). With
    `refused` (the import's mode), nothing was imported: the whole text comes back, and the
    choices are made in the import form, written into the text when it is imported again."""
    lines = text.splitlines()
    request.session["import_choices"] = _ambiguous_choices(game, lines, problems)
    request.session["import_problems"] = problem_entries(game, problems, request_language(request))
    if refused:
        request.session["import_refused"] = True
        request.session["import_retry"] = {"decklist": text, "mode": refused}
        messages.warning(
            request,
            ngettext(
                "Nothing was imported, the deck is unchanged: %(count)d line could not be read "
                "or needs a choice of card. Correct it below and import again.",
                "Nothing was imported, the deck is unchanged: %(count)d lines could not be read "
                "or need a choice of card. Correct them below and import again.",
                len(problems),
            )
            % {"count": len(problems)},
        )
        return
    game_zone_lines: dict[str, list[str]] = {}
    for problem in problems:
        if problem.line and problem.line <= len(lines):
            game_zone_lines.setdefault(problem.zone or "", []).append(
                lines[problem.line - 1].strip()
            )
    retry = "\n\n".join(
        (f"{zone}:\n" if zone else "") + "\n".join(found) for zone, found in game_zone_lines.items()
    )
    request.session["import_retry"] = {"decklist": retry, "mode": "add"}
    messages.warning(
        request,
        ngettext(
            "%(count)d line could not be read; the rest was imported. "
            "Correct it below and import again.",
            "%(count)d lines could not be read; the rest was imported. "
            "Correct them below and import again.",
            len(problems),
        )
        % {"count": len(problems)},
    )
