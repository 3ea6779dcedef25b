"""The strong LOAD! bot's alternative static evaluation (issue 25): ``evaluate_round``, ``sim._evaluate`` plus the
worth of a container lead for the piles still to be won in the current round (off by default: ``StrongBot``'s
``evaluation="round"``). (Session 6's ``evaluate_cap``, majorities that know how many more of a colour a ship can
take, measured no stronger, 44% of 100 paired matches, and was dropped in session 8.)
"""

from __future__ import annotations

from collections.abc import Callable

from .rules import HAND_SIZE
from .sim import MAJORITY_WORTH, P_MAJ, Sim, _evaluate

Evaluate = Callable[[Sim, int], float]


# --- the current round's majorities (issue 25, session 7) -------------------------------------------------------
# ``sim._evaluate`` weighs the piles already won by the chance of a majority at the round's end, and the rounds
# still to come by ``FUT``; the cards still to be won this round count nothing. So at a round's start (where every
# rollout of the round before ends) a container lead is worth only the later rounds' majorities, and at round 3's
# start nothing at all. ``CURRENT[d + 5][left]``: the worth of a count difference ``d`` for the piles of the
# ``left`` battles still to come in this round, a ``left / HAND_SIZE`` share of a round's ``MAJORITY_WORTH``.
def _current_table(worth: float) -> list[list[float]]:
    return [
        [worth * left / HAND_SIZE * (P_MAJ[d + 5][left] - P_MAJ[5 - d][left]) for left in range(HAND_SIZE + 1)]
        for d in range(-5, 6)
    ]


CURRENT = _current_table(MAJORITY_WORTH)


def evaluate_round(sim: Sim, seat: int) -> float:
    """``sim._evaluate`` plus the worth of each colour's container lead for the piles still to be won this round."""
    value = _evaluate(sim, seat)
    if sim.over:
        return value
    left = HAND_SIZE - sim.turn
    mine, theirs = sim.counts[seat], sim.counts[1 - seat]
    for rank in range(4):
        value += CURRENT[mine[rank] - theirs[rank] + 5][left]
    return value
