"""Bots for TF22: LOAD! (``medium`` and ``strong``; ``easy`` is the shared random bot).

Both bots see only their seat's view and draw randomness only from the ``random.Random`` handed to
``choose``, so a match replays exactly from its seed.

Internally they simulate on a compact model of the game (``Sim``): a card is an int
``rank * 4 + value`` with the colour rank in stacking order (Y=0, R=1, B=2, G=3), a ship slot is a
4-bit mask of the colours in it (a slot holds each colour at most once and stacks in rank order, so
the mask is the slot; its top is the highest bit; colour ``c`` may go on it iff ``mask < 1 << c``).
The shared supply (10 per colour) can never run out with two 5-slot ships, and a reload is legal only
when a load of the same colour is, so "may load or reload" is just ``min(ship) < 1 << c``.

- ``MediumBot``: a one-ply heuristic. Card: the expected value, over the opponent's possible
  cards (the unseen cards, by multiplicity), of a static evaluation after the battle and the
  winner's best load, minus the worth of the card kept in hand. Load: the static evaluation of each
  legal option.
- ``StrongBot``: information-set search for the simultaneous, hidden-hand choice. It samples
  determinizations of the opponent's hand (``game.determinize``), fills a payoff matrix (my distinct
  cards x the opponent's possible cards) with rollouts to the end of the round (random cards, a cheap
  jam-aware load policy, exact round scoring, then the static evaluation of the future: majorities,
  stacks, jams), blended half and half with the static evaluation after the battle and the loader's
  best static load, solves the matrix
  game restricted to each determinization's hand with regret matching, averages the mixed
  strategies and samples its card from the average. Loads are chosen by rollouts over
  determinizations with common random numbers.

The static evaluation (``_evaluate``) estimates the final score margin from one seat's side: the
points so far, this round's pile values weighted by the probability of holding the majority at the
round's end (a normal approximation of the container-count difference), the worth of majorities in
the rounds still to come, the expected +3 bonus of (partial) Yellow-Red-Blue-Green stacks, and a
"jam" term: a colour the ship can no longer take (no slot whose top is below it) turns each later
win in that colour into the other player's Joker, so each such colour costs about 0.45 points per
battle left in the game (less when only one or two slots still take it; none when a top of that
colour can simply be reloaded).
Measured: this term alone turns the static load choice from no better than random (-2 points a game)
into +22 points a game against random loads.
"""

from __future__ import annotations

import random
from typing import Any

from ...bots import forced
from ...bots.search import argmax_ties, purify, regret_matching, sample_index
from ...engine import Game
from .sim import (
    WIN,
    Sim,
    _best_load_static,
    _evaluate,
    _sim_from_view,
    card_int,
    card_str,
    parse_load,
    unseen_cards,
)

# --- medium --------------------------------------------------------------------------------------
HAND_WORTH = 1.5  # points a card kept in hand is worth per unit of its win probability


class MediumBot:
    """``medium``: one-ply expected value of each card against the unseen cards, static loads."""

    level = "medium"

    def __init__(self, hand_worth: float = HAND_WORTH) -> None:
        self.hand_worth = hand_worth

    def choose(self, game: Game[Any], view: dict[str, Any], rng: random.Random) -> str:
        only = forced(view)
        if only is not None:
            return only
        if view["phase"] == "load":
            return self._load(view, rng)
        return self._card(view, rng)

    def card_values(self, view: dict[str, Any]) -> dict[str, float]:
        """Expected evaluation of each card in hand (higher is better)."""
        seat = view["seat"]
        base = _sim_from_view(view)
        unseen = unseen_cards(view)
        total = sum(unseen.values())
        mine = sorted(set(view["hand"]))
        values: dict[str, float] = {}
        for card in mine:
            a = card_int(card)
            expected = 0.0
            win_prob = 0.0
            for other_card, weight in unseen.items():
                b = card_int(other_card)
                sim = base.copy()
                sim.hands[seat].remove(a)
                sim.hands[1 - seat].pop()
                pair = (a, b) if seat == 0 else (b, a)
                winner = WIN[pair[0]][pair[1]]
                if winner == seat:
                    win_prob += weight
                loading = sim.battle(*pair)
                if loading is None:
                    sim.end_battle()
                    value = _evaluate(sim, seat)
                else:
                    value, _ = _best_load_static(sim, loading[0], loading[1], seat)
                expected += weight * value
            values[card] = expected / total - self.hand_worth * win_prob / total
        return values

    def _card(self, view: dict[str, Any], rng: random.Random) -> str:
        values = self.card_values(view)
        cards = list(values)
        index = argmax_ties([values[c] for c in cards], rng, 1e-6)
        return f"play:{cards[index]}"

    def _load(self, view: dict[str, Any], rng: random.Random) -> str:
        seat = view["seat"]
        base = _sim_from_view(view)
        legal = view["legal"]
        values = []
        for action in legal:
            rank, source, target = parse_load(action)
            sim = base.copy()
            sim.put(seat, rank, source, target)
            sim.end_battle()
            values.append(_evaluate(sim, seat))
        return str(legal[argmax_ties(values, rng, 1e-6)])


# --- strong --------------------------------------------------------------------------------------
class StrongBot:
    """``strong``: determinized matrix games solved for a mixed strategy; rollout-based loads.

    ``determinizations``: opponent hands sampled per decision; ``rollouts``: rollouts per cell of the
    payoff matrix (a cell is my card x an opponent card); ``iterations``: regret-matching iterations
    per matrix game; ``load_rollouts``: rollouts per load option; ``load_candidates``: load options
    kept (by the static evaluation) for rollouts; ``budget``: simulated battles per card decision
    (caps the rollouts per cell early in a round); ``static_weight``: share of a cell's value taken
    from the static evaluation after the battle and the loader's best static load (the rest from the
    rollouts; 0.5 measured clearly stronger than pure rollouts, whose random card play is noisy);
    ``load_static_weight``: the same blend for load options (0 by default: 0.5 measured the same,
    1.0, i.e. medium's static loads, clearly weaker).
    The defaults keep a move around 15-20 ms of CPU on average (p95 ~50 ms) in CPython.
    Strength and time are counts, never clock readings, so a decision is a function of the view
    and the rng alone.
    """

    level = "strong"

    def __init__(
        self,
        determinizations: int = 8,
        rollouts: int = 6,
        iterations: int = 120,
        load_rollouts: int = 24,
        load_candidates: int = 5,
        budget: int = 6000,
        static_weight: float = 0.5,
        load_static_weight: float = 0.0,
    ) -> None:
        self.determinizations = max(1, determinizations)
        self.rollouts = max(1, rollouts)
        self.iterations = max(1, iterations)
        self.load_rollouts = max(1, load_rollouts)
        self.load_candidates = max(1, load_candidates)
        self.budget = max(1, budget)
        self.static_weight = min(1.0, max(0.0, static_weight))
        self.load_static_weight = min(1.0, max(0.0, load_static_weight))

    def choose(self, game: Game[Any], view: dict[str, Any], rng: random.Random) -> str:
        only = forced(view)
        if only is not None:
            return only
        if view["phase"] == "load":
            return self._load(game, view, rng)
        strategy = self.strategy(game, view, rng)
        cards = list(strategy)
        index = sample_index([strategy[c] for c in cards], rng)
        return f"play:{cards[index]}"

    # --- the card -----------------------------------------------------------------------------
    def _determinize(self, game: Game[Any], view: dict[str, Any], rng: random.Random) -> list[Sim]:
        determinize = game.determinize
        seat = view["seat"]
        size = len(view["hand"])
        dets = []
        for _ in range(self.determinizations):
            sim = Sim.from_state(determinize(view, rng))
            # both hands hold as many cards; guard against a sampler that deals the opponent a
            # pending (already chosen) card twice
            opp = sim.hands[1 - seat]
            while len(opp) > size:
                opp.pop(rng.randrange(len(opp)))
            dets.append(sim)
        return dets

    def payoff_matrix(
        self, game: Game[Any], view: dict[str, Any], rng: random.Random
    ) -> tuple[list[str], list[str], list[list[float]], list[Sim]]:
        """(my cards, opponent cards, payoff[i][j] = my expected margin, the determinizations)."""
        seat = view["seat"]
        other = 1 - seat
        dets = self._determinize(game, view, rng)
        mine = sorted(set(view["hand"]))
        theirs = sorted({card_str(c) for det in dets for c in det.hands[other]})
        # rollouts per cell: at most ``rollouts``, fewer when cells x battles to play exceed the budget
        battles = len(view["hand"]) - 1
        cells = len(mine) * len(theirs)
        rollouts = 1 if battles == 0 else max(1, min(self.rollouts, self.budget // (cells * battles)))
        seeds = [rng.getrandbits(48) for _ in range(rollouts)]
        mine_i = [card_int(c) for c in mine]
        theirs_i = [card_int(c) for c in theirs]
        matrix = []
        for a in mine_i:
            row = []
            for b in theirs_i:
                total = 0.0
                for k in range(rollouts):
                    # common random numbers: rollout k uses the same determinization and seed in
                    # every cell, so cells differ by the cards, not by the luck of the draw
                    local = random.Random(seeds[k])
                    sim = dets[k % len(dets)].copy()
                    opp = sim.hands[other]
                    if b in opp:
                        opp.remove(b)
                    else:  # condition this determinization on the opponent holding b
                        opp.pop(local.randrange(len(opp)))
                    sim.hands[seat].remove(a)
                    pair = (a, b) if seat == 0 else (b, a)
                    loading = sim.battle(*pair)
                    if loading is not None:
                        sim.quick_load(*loading)
                    sim.end_battle()
                    if not sim.over and sim.turn:
                        sim.rollout(local)
                    total += _evaluate(sim, seat)
                value = total / rollouts
                if self.static_weight:
                    value = (1 - self.static_weight) * value + self.static_weight * self._static_cell(
                        dets[0], seat, a, b
                    )
                row.append(value)
            matrix.append(row)
        return mine, theirs, matrix, dets

    @staticmethod
    def _static_cell(det: Sim, seat: int, a: int, b: int) -> float:
        """The battle, the loader's best load by the static evaluation, then the evaluation."""
        sim = det.copy()
        other = sim.hands[1 - seat]
        if b in other:
            other.remove(b)
        else:
            other.pop()
        sim.hands[seat].remove(a)
        loading = sim.battle(*((a, b) if seat == 0 else (b, a)))
        if loading is None:
            sim.end_battle()
            return _evaluate(sim, seat)
        return _best_load_static(sim, loading[0], loading[1], seat)[0]

    def strategy(self, game: Game[Any], view: dict[str, Any], rng: random.Random) -> dict[str, float]:
        """The mixed strategy over the cards in hand (probabilities summing to 1)."""
        seat = view["seat"]
        other = 1 - seat
        mine, theirs, matrix, dets = self.payoff_matrix(game, view, rng)
        index = {card: j for j, card in enumerate(theirs)}
        total = [0.0] * len(mine)
        solved: dict[tuple[int, ...], list[float]] = {}
        for det in dets:
            columns = tuple(sorted({index[card_str(c)] for c in det.hands[other]}))
            if columns not in solved:
                sub = [[row[j] for j in columns] for row in matrix]
                solved[columns] = regret_matching(sub, self.iterations)[0]
            for i, p in enumerate(solved[columns]):
                total[i] += p
        strategy = purify([p / len(dets) for p in total])
        return dict(zip(mine, strategy, strict=True))

    # --- loads --------------------------------------------------------------------------------
    def _load(self, game: Game[Any], view: dict[str, Any], rng: random.Random) -> str:
        seat = view["seat"]
        legal = [str(action) for action in view["legal"]]
        base = _sim_from_view(view)
        scored = []
        for action in legal:
            rank, source, target = parse_load(action)
            sim = base.copy()
            sim.put(seat, rank, source, target)
            sim.end_battle()
            scored.append((_evaluate(sim, seat), action))
        scored.sort(key=lambda item: -item[0])
        candidates = [action for _, action in scored[: self.load_candidates]]
        static = [value for value, _ in scored[: self.load_candidates]]
        if len(candidates) == 1 or sum(view["hand_counts"]) == 0 or self.load_static_weight >= 1.0:
            return candidates[0]
        dets = self._determinize(game, view, rng)
        seeds = [rng.getrandbits(48) for _ in range(self.load_rollouts)]
        values = []
        for action in candidates:
            rank, source, target = parse_load(action)
            total = 0.0
            for k in range(self.load_rollouts):
                sim = dets[k % len(dets)].copy()
                sim.put(seat, rank, source, target)
                sim.end_battle()
                if not sim.over and sim.turn:
                    sim.rollout(random.Random(seeds[k]))
                total += _evaluate(sim, seat)
            values.append(total / self.load_rollouts)
        if self.load_static_weight:
            w = self.load_static_weight
            values = [(1 - w) * v + w * st for v, st in zip(values, static, strict=True)]
        return candidates[argmax_ties(values, rng, 1e-9)]
