"""Statistics for goldfish results: Wilson intervals, mean intervals and exact count-based answers.

Every proportion a player sees carries a 95% Wilson interval (it stays inside [0, 1] and behaves at
p near 0 or 1, where the normal interval does not). Exact answers use integer arithmetic
(`math.comb`) so they are exact up to the final float conversion and cost microseconds.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from functools import cache

#: The 97.5% quantile of the standard normal: the half-width factor of a 95% interval.
Z95 = 1.959963984540054


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return (low, high)


def wilson_half_width(successes: int, trials: int) -> float:
    """Half the width of the Wilson interval: what the adaptive runs drive below a threshold."""
    low, high = wilson(successes, trials)
    return (high - low) / 2


def mean_interval(total: float, squares: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The normal-approximation interval of a mean from its sum and sum of squares."""
    if n <= 0:
        return (math.nan, math.nan)
    mean = total / n
    if n == 1:
        return (mean, mean)
    variance = max(0.0, (squares - n * mean * mean) / (n - 1))
    half = z * math.sqrt(variance / n)
    return (mean - half, mean + half)


@cache
def hypergeom_pmf_exact(population: int, successes: int, draws: int, k: int) -> Fraction:
    """P(exactly k successes in `draws` cards from `population` holding `successes`), exact."""
    if k < 0 or k > successes or k > draws or draws - k > population - successes:
        return Fraction(0)
    return Fraction(
        math.comb(successes, k) * math.comb(population - successes, draws - k),
        math.comb(population, draws),
    )


def hypergeom_at_least(population: int, successes: int, draws: int, k: int) -> float:
    """P(at least k of the `successes` cards among `draws` cards drawn from `population`)."""
    draws = min(max(draws, 0), population)
    if k <= 0:
        return 1.0
    total = math.comb(population, draws)
    favourable = sum(
        math.comb(successes, i) * math.comb(population - successes, draws - i)
        for i in range(k, min(successes, draws) + 1)
    )
    return favourable / total


def multivariate_at_least(
    population: int, groups: Sequence[int], draws: int, needs: Sequence[int]
) -> float:
    """P(at least needs[i] cards of each disjoint group i among `draws` cards), exactly.

    Sums the multivariate hypergeometric over every count vector that meets all the needs: the
    cards outside the groups fill the rest of the draw.
    """
    rest = population - sum(groups)
    if rest < 0:
        raise ValueError("groups hold more cards than the population")
    # ways[d] = number of ways to pick d cards from the groups seen so far meeting their needs.
    ways = {0: 1}
    for size, need in zip(groups, needs, strict=True):
        nxt: dict[int, int] = {}
        for drawn, count in ways.items():
            for i in range(max(need, 0), min(size, draws - drawn) + 1):
                nxt[drawn + i] = nxt.get(drawn + i, 0) + count * math.comb(size, i)
        ways = nxt
    favourable = sum(count * math.comb(rest, draws - drawn) for drawn, count in ways.items())
    return favourable / math.comb(population, draws)


def hypergeom_distribution(population: int, successes: int, draws: int) -> list[Fraction]:
    """The whole exact distribution of the number of successes in a draw (index = count)."""
    return [
        hypergeom_pmf_exact(population, successes, draws, k)
        for k in range(min(successes, draws) + 1)
    ]
