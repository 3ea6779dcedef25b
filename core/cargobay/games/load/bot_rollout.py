"""A heuristic card policy for the strong LOAD! bot's rollouts (issue 25, session 8; ``StrongBot(rollout_greedy=p)``,
off by default).

``Sim.rollout`` plays both hands uniformly at random to the round's end. Here each card is, with probability
``greedy``, the one that fares best against the cards the other seat still holds (the rollout knows both hands: it
plays one determinization), else uniform. A card scores, summed over the other's cards: +1 for a battle it wins
whose colour its ship can then take, -1 for one it loses whose colour the other ship can take, and the Jokers
(a winner who cannot load hands the load to the other, who takes either card's colour): -1 for a win it cannot load
when the other can take one of the two colours, +1 for a loss the other cannot load when this ship can. Ties are
broken at random. The table ``GAIN`` holds every score by the two ships' lowest slots (what they can take), so a
card's score is one C-level sum over the other's hand.
"""

from __future__ import annotations

import random

from .sim import WIN, Sim


def _gain_table() -> list[list[list[int]]]:
    """GAIN[me * 5 + other][a][b]: card ``a``'s score against ``b``; ``me`` / ``other``: the bit length of each
    ship's lowest slot (a ship takes colour rank ``r`` iff ``r >= `` that bit length)."""
    table = []
    for me in range(5):
        for other in range(5):
            rows = []
            for a in range(16):
                row = []
                for b in range(16):
                    ra, rb = a >> 2, b >> 2
                    w = WIN[a][b]  # the battle rules do not depend on the seat: 0 = a wins, 1 = b wins
                    if w == 0:
                        gain = 1 if ra >= me else (-1 if ra >= other or rb >= other else 0)
                    elif w == 1:
                        gain = -1 if rb >= other else (1 if ra >= me or rb >= me else 0)
                    else:
                        gain = 0
                    row.append(gain)
                rows.append(row)
            table.append(rows)
    return table


GAIN = _gain_table()


def _pick(hand: list[int], against: list[int], key: int, rng: random.Random, greedy: float) -> int:
    """The index in ``hand`` of the card to play (see the module docstring)."""
    if len(hand) == 1:
        return 0
    if rng.random() >= greedy:
        return rng.randrange(len(hand))
    table = GAIN[key]
    best = -99
    ties: list[int] = []
    for index, card in enumerate(hand):
        score = sum(map(table[card].__getitem__, against))
        if score > best:
            best, ties = score, [index]
        elif score == best:
            ties.append(index)
    return ties[0] if len(ties) == 1 else ties[rng.randrange(len(ties))]


def greedy_rollout(sim: Sim, rng: random.Random, greedy: float) -> None:
    """To the end of the current round like ``Sim.rollout``, each card greedy with probability ``greedy``."""
    h0, h1 = sim.hands
    ships = sim.ships
    battle, quick_load, end_battle = sim.battle, sim.quick_load, sim.end_battle
    while h0:
        low0, low1 = min(ships[0]).bit_length(), min(ships[1]).bit_length()
        i = _pick(h0, h1, low0 * 5 + low1, rng, greedy)
        j = _pick(h1, h0, low1 * 5 + low0, rng, greedy)
        loading = battle(h0.pop(i), h1.pop(j))
        if loading is not None:
            quick_load(*loading)
        end_battle()
