"""What the card database lacks, said where a player meets it (issue 23): for a decklist line
naming no stored card, the proposal form filled with its number and name."""

from __future__ import annotations

from urllib.parse import urlencode

from django.urls import reverse

from cards.games.base import Violation

#: The code of a decklist line naming no card of the database (`cards.games.decklist`).
UNKNOWN_CARD = "decklist.unknown_card"


def proposal_url(game_slug: str, reference: str) -> str:
    """The proposal form of a new card, its number and name filled from a decklist reference:
    a first word holding a digit is the number, the rest the name; else all of it is the name."""
    number, _, name = reference.strip().partition(" ")
    if not any(letter.isdigit() for letter in number):
        number, name = "", reference.strip()
    query = {key: value for key, value in (("new", number), ("name", name.strip())) if value}
    return f"{reverse('community:propose', args=[game_slug])}?{urlencode(query)}"


def problem_entries(game_slug: str, problems: list[Violation], lang: str) -> list[dict[str, str]]:
    """Decklist problems as the editor lists them: each message, and for a card the database
    does not have, the address that proposes it."""
    return [
        {
            "message": problem.message(lang),
            "propose": (
                proposal_url(game_slug, problem.params["reference"])
                if problem.code == UNKNOWN_CARD
                else ""
            ),
        }
        for problem in problems
    ]
