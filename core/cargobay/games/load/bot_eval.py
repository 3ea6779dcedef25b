"""The strong LOAD! bot's capacity-aware static evaluation (issue 25): ``_evaluate`` with majorities that know
how many containers of a colour each ship can still take.

``sim._evaluate`` weighs a colour's pile by the probability that the container-count difference ``d`` is still
positive at the round's end, from a normal approximation that lets ``d`` drift without bound. But a slot takes a
colour at most once, and only while its top is below that colour, so a ship can add at most ``cap`` more of a
colour (its slots whose top is below it): a lead larger than the other ship's ``cap`` is safe, and a deficit
larger than one's own ``cap`` is lost. Here each ship adds a container of colour ``rank`` in a battle with
probability ``ADD[rank]`` (Green and Blue win more battles: each beats two colours), truncated at its cap; the
majority probability is exact for that model (``p_majority``, memoised). Everything else is ``sim._evaluate``'s:
points so far, the worth of future majorities (``MAJORITY_WORTH`` per round-end), the jam term and the stacks.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from .rules import HAND_SIZE, ROUNDS, SLOTS
from .sim import FULL, JAM_WORTH, MAJORITY_WORTH, P_MAJ, STACK, Sim, _evaluate, _jam_risk

# per battle, the chance one ship adds a new container of each colour rank (Y, R, B, G): a winner's colour is
# Green or Blue about 30% each, Red or Yellow 17.5% (uniform cards), halved per seat, less the reloads
ADD = (0.075, 0.075, 0.13, 0.13)
_MAX_LEFT = HAND_SIZE * ROUNDS


def _binomial_capped(n: int, q: float, cap: int) -> list[float]:
    """P(X = k) for X = min(Binomial(n, q), cap), k = 0..cap."""
    probs = [math.comb(n, k) * q**k * (1 - q) ** (n - k) for k in range(min(n, cap) + 1)]
    if n > cap:
        probs[cap] = 1.0 - sum(probs[:cap])
    return probs + [0.0] * (cap + 1 - len(probs))


_DIST = [[[_binomial_capped(n, q, cap) for cap in range(SLOTS + 1)] for n in range(_MAX_LEFT + 1)] for q in ADD]
_MEMO: dict[int, float] = {}


def p_majority(rank: int, d: int, left: int, cap_me: int, cap_op: int) -> float:
    """P(d + X - Y > 0) after ``left`` battles: X, Y the containers of ``rank`` the two ships add (capped)."""
    key = ((((rank * 11 + d + 5) * (_MAX_LEFT + 1) + left) * 6 + cap_me) * 6) + cap_op
    value = _MEMO.get(key)
    if value is None:
        if left == 0:
            value = 1.0 if d > 0 else 0.0
        else:
            px = _DIST[rank][left][cap_me]
            py = _DIST[rank][left][cap_op]
            value = sum(a * b for x, a in enumerate(px) for y, b in enumerate(py) if d + x - y > 0)
        _MEMO[key] = value
    return value


_TERMS: dict[int, tuple[float, float, float]] = {}


def _terms(rank: int, d: int, left: int, cap_me: int, cap_op: int, rounds: int) -> tuple[float, float, float]:
    """(weight of my pile, weight of the other's pile, worth of the majorities of the ``rounds`` later round-ends)
    for one colour: ``d`` my count minus the other's, ``left`` battles to this round's end."""
    key = (((((rank * 11 + d + 5) * (HAND_SIZE + 1) + left) * 6 + cap_me) * 6 + cap_op) * ROUNDS) + rounds
    terms = _TERMS.get(key)
    if terms is None:
        future = 0.0
        for j in range(1, rounds + 1):
            horizon = min(_MAX_LEFT, left + HAND_SIZE * j)
            future += MAJORITY_WORTH * (
                p_majority(rank, d, horizon, cap_me, cap_op) - p_majority(rank, -d, horizon, cap_op, cap_me)
            )
        terms = (p_majority(rank, d, left, cap_me, cap_op), p_majority(rank, -d, left, cap_op, cap_me), future)
        _TERMS[key] = terms
    return terms


def _caps(ship: list[int]) -> tuple[int, int, int, int]:
    """Per colour rank, the slots that can still take it (top below it: bit length at most the rank)."""
    h = [0, 0, 0, 0, 0]
    for mask in ship:
        h[mask.bit_length()] += 1
    c0 = h[0]
    c1 = c0 + h[1]
    c2 = c1 + h[2]
    return c0, c1, c2, c2 + h[3]


def evaluate_cap(sim: Sim, seat: int) -> float:
    """Estimated final score margin for ``seat`` (positive: ahead); see the module docstring."""
    other = 1 - seat
    if sim.over:
        margin = sim.scores[seat] - sim.scores[other]
        if margin == 0:
            bonus_me = sum(1 for m in sim.ships[seat] if m == FULL)
            bonus_op = sum(1 for m in sim.ships[other] if m == FULL)
            return 0.5 if bonus_me < bonus_op else (-0.5 if bonus_me > bonus_op else 0.0)
        return float(margin)
    value = float(sim.scores[seat] - sim.scores[other])
    left = HAND_SIZE - sim.turn
    rounds = ROUNDS - sim.round
    mine, theirs = sim.counts[seat], sim.counts[other]
    pile_me, pile_op = sim.piles[seat], sim.piles[other]
    ship_me, ship_op = sim.ships[seat], sim.ships[other]
    caps_me, caps_op = _caps(ship_me), _caps(ship_op)
    for rank in range(4):
        w_me, w_op, future = _terms(rank, mine[rank] - theirs[rank], left, caps_me[rank], caps_op[rank], rounds)
        value += w_me * pile_me[rank] - w_op * pile_op[rank] + future
    game_left = left + HAND_SIZE * rounds
    if game_left:
        value -= JAM_WORTH * game_left * (_jam_risk(ship_me) - _jam_risk(ship_op))
    for mask in ship_me:
        value += STACK[mask][game_left]
    for mask in ship_op:
        value -= STACK[mask][game_left]
    return value


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
