"""The strong LOAD! bot's win-probability evaluation (issue 25, session 10; ``StrongBot(evaluation="win")``).

A match is won or lost; ``sim._evaluate`` estimates the final score *margin*, and a bot that maximises the expected
margin takes a risk of losing a won match for a few more points, or plays safe when only a gamble can still win.
``win_of(evaluate)`` turns an evaluation into seat's expected result, +1 a win, -1 a loss, 0 a tie:

- a finished match: the result itself (the tie rule: equal scores, fewer bonus points win);
- else ``2 Phi(margin / WIN_SCALE[L]) - 1``, ``L`` the battles left in the match: the margin still moves by about
  ``WIN_SCALE[L]`` points before the end.

``WIN_SCALE`` is fitted on self-play outcomes, not chosen: ``bench/load_win_fit.py`` plays seeded matches, takes the
evaluation before every battle and the match's result, fits the probit ``P(win) = Phi(evaluation / s(L))`` per
``L`` by maximum likelihood and ``s(L)^2 = a + b L`` through those fits; the table below is what it prints for the
arguments named above it. The card and load choices that compare positions ``L`` battles from the end keep their
order (the map is increasing in the margin); what changes is the average over rollouts and determinizations (a
sure small win is worth more than a gamble on a larger one) and the weight of a battle's points late in the match.
"""

from __future__ import annotations

import math

from .bot_eval import Evaluate
from .rules import HAND_SIZE, ROUNDS
from .sim import FULL, Sim

# PYTHONPATH=core python bench/load_win_fit.py --games 500 --seed 0 --levels medium,medium (WIN_SCALE[0] unused)
# (s(L)^2 = 0.01 + 12.150 L; log-loss 0.464 over 18,000 positions, 0.693 for a coin)
WIN_SCALE: tuple[float, ...] = (
    0.00, 3.49, 4.93, 6.04, 6.97, 7.79, 8.54, 9.22, 9.86, 10.46, 11.02, 11.56, 12.08, 12.57, 13.04, 13.50, 13.94,
    14.37, 14.79, 15.19, 15.59, 15.97, 16.35, 16.72, 17.08, 17.43, 17.77, 18.11, 18.44, 18.77, 19.09, 19.41, 19.72,
    20.02, 20.32, 20.62, 20.91,
)
# erf's argument per point of margin: 2 Phi(m / s) - 1 = erf(m / (s sqrt 2))
_SLOPE = tuple(0.0 if s <= 0 else 1.0 / (s * math.sqrt(2.0)) for s in WIN_SCALE)


def result(sim: Sim, seat: int) -> float:
    """A finished match's result for ``seat``: 1 a win, -1 a loss, 0 a tie (equal scores and bonus points)."""
    margin = sim.scores[seat] - sim.scores[1 - seat]
    if margin:
        return 1.0 if margin > 0 else -1.0
    bonus_me = sum(1 for m in sim.ships[seat] if m == FULL)
    bonus_op = sum(1 for m in sim.ships[1 - seat] if m == FULL)
    return 1.0 if bonus_me < bonus_op else (-1.0 if bonus_me > bonus_op else 0.0)


def win_of(evaluate: Evaluate, factor: float = 1.0) -> Evaluate:
    """The expected result (-1..1) ``evaluate``'s margin stands for (see the module), the scale ``factor`` times
    ``WIN_SCALE`` (a bench argument, to measure how much the fitted scale matters)."""
    erf = math.erf
    slope = _SLOPE if factor == 1.0 else tuple(v / factor for v in _SLOPE)

    def evaluate_win(sim: Sim, seat: int) -> float:
        if sim.over:
            return result(sim, seat)
        left = HAND_SIZE - sim.turn + HAND_SIZE * (ROUNDS - sim.round)
        return erf(evaluate(sim, seat) * slope[left])

    return evaluate_win
