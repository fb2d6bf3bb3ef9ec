"""How alike two decklists are: the weighted overlap of their card counts.

Σ over cards of the smaller count, over Σ of the larger (the weighted Jaccard index, or Ruzicka
similarity): 1 for the same cards in the same numbers, 0 for no card in common; a deck that plays
two copies of a card the other plays four times shares two of four. A card's counts are added over
the zones first, so a card moved from the main deck to the side deck is still the same card.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping


def card_counts(zones: Mapping[str, Mapping[str, int]]) -> dict[str, int]:
    """A deck's count of each card, all zones together (`{zone: {number: count}}` in)."""
    counts: dict[str, int] = {}
    for cards in zones.values():
        for number, count in cards.items():
            counts[number] = counts.get(number, 0) + count
    return counts


def weighted_overlap(a: Mapping[str, int], b: Mapping[str, int]) -> float:
    """Σ min(a, b) / Σ max(a, b) over the cards of either deck; 0 for two empty decks."""
    shared = sum(min(count, b.get(number, 0)) for number, count in a.items())
    larger = sum(a.values()) + sum(b.values()) - shared
    return shared / larger if larger else 0.0


def most_similar(
    target: Mapping[str, int], candidates: Iterable[tuple[int, Mapping[str, int]]]
) -> list[tuple[int, float]]:
    """Candidates by their overlap with `target`, the most similar first (ties: lower id first);
    candidates with nothing in common are left out."""
    scored = [(key, weighted_overlap(target, counts)) for key, counts in candidates]
    return sorted(((key, score) for key, score in scored if score > 0), key=lambda s: (-s[1], s[0]))
