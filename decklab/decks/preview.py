"""What a pasted decklist read as, for the editor's preview (issue 20): every written line in order,
with its card, its zone header, why it was skipped, or its problem and the nearest cards to pick.

Plain data (strings and numbers), so it rides in the session to the page that shows it.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, ngettext

from cards.games import messages
from cards.games.intake import Intake
from cards.games.registry import get_game


def intake_preview(*, game: str, found: Intake, lang: str) -> dict[str, Any]:
    """The preview of a decklist read by `cards.decklists.decklist_read`."""
    the_game = get_game(game)
    zone_names = {
        zone.slug: zone.label_ja if lang == "ja" else zone.label for zone in the_game.zones
    }
    #: Zones read but checked by no rule (DBSCG's side deck): the page says so.
    unchecked = [
        zone_names[z.slug] for z in the_game.zones if not z.checked and found.deck.size(z.slug)
    ]
    lines = []
    for line in found.lines:
        if line.kind == "blank":
            continue
        lines.append(
            {
                "at": line.number,
                "text": line.text.strip(),
                "kind": line.kind,
                "zone": zone_names.get(line.zone or "", ""),
                "card": line.card.label if line.card else "",
                "quantity": line.quantity,
                "why": messages.render(line.note, lang, {}) if line.note else "",
                "problem": line.problem.message(lang) if line.problem else "",
                "reference": line.problem.params.get("reference", "") if line.problem else "",
                "suggestions": [(card.number, card.label) for card in line.suggestions],
            }
        )
    problems = found.tally("problem")
    skipped = found.tally("note")
    return {
        "lines": lines,
        "summary": _summary(found.written, found.written - skipped - problems, skipped),
        "problems": (
            ngettext(
                "%(count)d line has a problem. Nothing is saved until you import.",
                "%(count)d lines have a problem. Nothing is saved until you import.",
                problems,
            )
            % {"count": problems}
            if problems
            else ""
        ),
        "unchecked": unchecked,
    }


def _summary(written: int, read: int, skipped: int) -> str:
    return gettext("Of %(written)d lines, %(read)d were read and %(skipped)d skipped as notes.") % {
        "written": written,
        "read": read,
        "skipped": skipped,
    }
