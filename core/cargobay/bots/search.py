"""Game-agnostic search helpers for the bots: matrix games, sampling, arg-max with seeded ties.

Pure Python, no global randomness: every function that draws takes the caller's ``random.Random``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence


def regret_matching(
    payoff: Sequence[Sequence[float]],
    iterations: int = 200,
    plus: bool = True,
) -> tuple[list[float], list[float], float]:
    """Approximate Nash equilibrium of a zero-sum matrix game (row player maximises ``payoff``).

    Self-play regret matching (RM+ with linearly weighted averaging when ``plus``); deterministic.
    Returns (row strategy, column strategy, value of the averaged strategies for the row player).

    >>> rows, cols, value = regret_matching([[0, -1, 1], [1, 0, -1], [-1, 1, 0]], 2000)
    >>> [round(p, 2) for p in rows], round(value, 2)
    ([0.33, 0.33, 0.33], 0.0)
    """
    n = len(payoff)
    m = len(payoff[0]) if n else 0
    if n == 0 or m == 0:
        raise ValueError("a matrix game needs at least one row and one column")
    if n == 1 or m == 1:
        # One side has a single option: the other side simply best-responds.
        if n == 1:
            row = payoff[0]
            best = min(range(m), key=row.__getitem__)
            cols = [0.0] * m
            cols[best] = 1.0
            return [1.0], cols, float(row[best])
        column = [payoff[i][0] for i in range(n)]
        best = max(range(n), key=column.__getitem__)
        rows = [0.0] * n
        rows[best] = 1.0
        return rows, [1.0], float(column[best])
    columns = [[payoff[i][j] for i in range(n)] for j in range(m)]
    regret_r = [0.0] * n
    regret_c = [0.0] * m
    sum_r = [0.0] * n
    sum_c = [0.0] * m
    x = [1.0 / n] * n
    y = [1.0 / m] * m
    rng_n = range(n)
    rng_m = range(m)
    for t in range(1, iterations + 1):
        # utilities of each pure action against the other's current strategy
        u_r = [sum(a * b for a, b in zip(payoff[i], y, strict=True)) for i in rng_n]
        u_c = [-sum(a * b for a, b in zip(columns[j], x, strict=True)) for j in rng_m]
        v_r = sum(a * b for a, b in zip(u_r, x, strict=True))
        v_c = sum(a * b for a, b in zip(u_c, y, strict=True))
        weight = t if plus else 1
        for i in rng_n:
            sum_r[i] += weight * x[i]
            r = regret_r[i] + u_r[i] - v_r
            regret_r[i] = r if r > 0 or not plus else 0.0
        for j in rng_m:
            sum_c[j] += weight * y[j]
            r = regret_c[j] + u_c[j] - v_c
            regret_c[j] = r if r > 0 or not plus else 0.0
        x = _normalise_positive(regret_r)
        y = _normalise_positive(regret_c)
    rows = _normalise(sum_r)
    cols = _normalise(sum_c)
    value = sum(rows[i] * sum(payoff[i][j] * cols[j] for j in rng_m) for i in rng_n)
    return rows, cols, value


def _normalise_positive(values: Sequence[float]) -> list[float]:
    positive = [v if v > 0 else 0.0 for v in values]
    total = sum(positive)
    if total <= 0:
        return [1.0 / len(values)] * len(values)
    return [v / total for v in positive]


def _normalise(values: Sequence[float]) -> list[float]:
    total = sum(values)
    if total <= 0:
        return [1.0 / len(values)] * len(values)
    return [v / total for v in values]


def exploitability(payoff: Sequence[Sequence[float]], rows: Sequence[float], cols: Sequence[float]) -> float:
    """How much a best response gains against the given pair (0 at an exact equilibrium)."""
    n, m = len(payoff), len(payoff[0])
    best_row = max(sum(payoff[i][j] * cols[j] for j in range(m)) for i in range(n))
    best_col = min(sum(payoff[i][j] * rows[i] for i in range(n)) for j in range(m))
    return best_row - best_col


def sample_index(weights: Sequence[float], rng: random.Random) -> int:
    """An index drawn with probability proportional to ``weights`` (one draw from ``rng``)."""
    total = sum(weights)
    if total <= 0:
        return rng.randrange(len(weights))
    point = rng.random() * total
    acc = 0.0
    for index, weight in enumerate(weights):
        acc += weight
        if point < acc:
            return index
    # rounding: the last index with positive weight
    return max(i for i, w in enumerate(weights) if w > 0)


def argmax_ties(values: Sequence[float], rng: random.Random, tolerance: float = 1e-9) -> int:
    """The index of the largest value; near-ties are broken with ``rng`` (always one draw)."""
    best = max(values)
    candidates = [i for i, v in enumerate(values) if v >= best - tolerance]
    return candidates[rng.randrange(len(candidates))]


def purify(strategy: Sequence[float], threshold: float = 0.02) -> list[float]:
    """Drop probabilities below ``threshold`` (noise of an approximate solve) and renormalise."""
    kept = [p if p >= threshold else 0.0 for p in strategy]
    if sum(kept) <= 0:
        return list(strategy)
    return _normalise(kept)
