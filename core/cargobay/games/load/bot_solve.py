"""The strong LOAD! bot's matrix-game solver: ``regret_matching``'s row strategy, computed the same way in fewer
interpreter steps (``map`` over ``operator.mul`` instead of generator expressions; the same sums in the same
order, so the same floats). The search spends about half its time here, so this is the time the strong bot can
spend on its static evaluation instead.
"""

from __future__ import annotations

import math
from operator import mul


def row_strategy(payoff: list[list[float]], iterations: int) -> list[float]:
    """The row player's averaged RM+ strategy: ``bots.search.regret_matching(payoff, iterations)[0]``."""
    n = len(payoff)
    m = len(payoff[0]) if n else 0
    if n == 0 or m == 0:
        raise ValueError("a matrix game needs at least one row and one column")
    if n == 1:
        return [1.0]
    if m == 1:
        column = [row[0] for row in payoff]
        best = max(range(n), key=column.__getitem__)
        return [1.0 if i == best else 0.0 for i in range(n)]
    columns = [[-payoff[i][j] for i in range(n)] for j in range(m)]
    regret_r = [0.0] * n
    regret_c = [0.0] * m
    sum_r = [0.0] * n
    x = [1.0 / n] * n
    y = [1.0 / m] * m
    rows_n = range(n)
    rows_m = range(m)
    for t in range(1, iterations + 1):
        u_r = [sum(map(mul, row, y)) for row in payoff]
        u_c = [sum(map(mul, column, x)) for column in columns]
        v_r = sum(map(mul, u_r, x))
        v_c = sum(map(mul, u_c, y))
        for i in rows_n:
            sum_r[i] += t * x[i]
            r = regret_r[i] + u_r[i] - v_r
            regret_r[i] = r if r > 0 else 0.0
        for j in rows_m:
            r = regret_c[j] + u_c[j] - v_c
            regret_c[j] = r if r > 0 else 0.0
        total = sum(regret_r)
        x = [r / total for r in regret_r] if total > 0 else [1.0 / n] * n
        total = sum(regret_c)
        y = [r / total for r in regret_c] if total > 0 else [1.0 / m] * m
    total = sum(sum_r)
    return [v / total for v in sum_r] if total > 0 else [1.0 / n] * n


def respond_to_quantal(payoff: list[list[float]], hands: list[tuple[int, ...]], beta: float) -> list[float]:
    """The row player's best response (a pure strategy) to a column player who holds one of ``hands`` (equally
    likely; each the columns it may play) and plays a column of its hand with probability proportional to
    ``exp(beta * its value)``, its value being minus the column's mean over the rows (what the column is worth
    against a row player who mixes uniformly). ``beta = 0``: the opponent plays any card of its hand alike."""
    n = len(payoff)
    if n == 0 or not payoff[0]:
        raise ValueError("a matrix game needs at least one row and one column")
    worth = [-sum(row[j] for row in payoff) / n for j in range(len(payoff[0]))]
    top = max(worth)
    weight = [math.exp(beta * (w - top)) for w in worth]
    values = [0.0] * n
    for columns in hands:
        total = sum(weight[j] for j in columns)
        for i, row in enumerate(payoff):
            values[i] += sum(weight[j] * row[j] for j in columns) / total
    best = max(range(n), key=values.__getitem__)
    return [1.0 if i == best else 0.0 for i in range(n)]
