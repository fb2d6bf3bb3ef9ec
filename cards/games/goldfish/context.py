"""What a goal sees while it is prepared (`Context`), and the refusal every goal step raises.

Both `cards.games.needs` and the goal types read these; this module imports neither, so the
needs ↔ goldfish types have no cycle.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from cards.games.base import CardPool, Deck, Entry, GameData
from cards.games.game import Game, name_key
from cards.games.messages import InLanguages, Refusal, gettext_noop, shown_value


class GoalError(Refusal):
    """A goal that cannot run; its message is for the player, in the player's language.

    Raised as `GoalError(gettext_noop("... %(name)s ..."), name=value)` (`messages.Refusal`): the
    site translates `error.text` when it shows it; `str(error)` is the English.
    """


@dataclass(frozen=True)
class Context:
    """What a goal type may look at while preparing: the game, the resolved deck, the card pool,
    the game's imported data.

    `pool` resolves decklists inside goals (an opponent's deck); it is None where no card pool is
    at hand, and such goals then raise `GoalError`. `data` is what the legality rules read
    (`Format.check`): Blade Rondo's imported set decks say how many cards a pool deals.
    """

    game: Game
    deck: Deck
    pool: CardPool | None = None
    data: GameData = field(default_factory=dict)

    def resolve(self, references: Iterable[str], zone: str) -> list[Entry]:
        """The deck entries of `zone` that the references name (numbers or names, as in decklists).

        A reference that names no card of the zone is a `GoalError`: a typo should not quietly
        become a probability of 0.
        """
        entries = list(self.deck.entries(zone))
        chosen: dict[str, Entry] = {}
        for reference in references:
            matches = [entry for entry in entries if _names(self.game, entry, reference)]
            if not matches:
                raise GoalError(
                    gettext_noop("%(card)s is not a card of this deck's %(zone)s."),
                    card=shown_value(reference),
                    zone=zone_name(self.game, zone),
                )
            chosen.update((entry.card.number, entry) for entry in matches)
        return list(chosen.values())


def zone_name(game: Game, slug: str) -> InLanguages:
    """A zone as messages name it: `main zone` in English, its Japanese name in Japanese."""
    return InLanguages({"en": f"{slug} zone", "ja": game.zone_japanese(slug)})


def _names(game: Game, entry: Entry, reference: str) -> bool:
    printed = game.printed_number_keys(entry.card)
    if (
        game.number_key(reference) in printed
        or game.number_key(reference.split(" ", 1)[0]) in printed
    ):
        return True
    return name_key(reference) in game.name_keys(entry.card)
