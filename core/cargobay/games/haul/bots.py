"""Bots for Haul (``medium`` and ``strong``; ``easy`` is the shared random bot).

Both bots see only their seat's view and draw randomness only from the ``random.Random`` handed to
``choose``, so a match replays exactly from its seed. They always answer a complete action from
``view["legal"]`` (the two-pick selection step is the board's business, not theirs).

Internally they simulate on the compact model of one Haul in ``sim.py`` (``Sim``): a card is its index in ``DECK``, a
trailer four lists of card indices (exposed card first), and only what a Load needs is kept.

- ``MediumBot``: heuristics, one Load deep.
  Resolving: each legal option is scored as the change of its own trailer's points (a Forced Unload
  costs the whole slot, a Heavy Load tuck adds the card without touching a slot), plus a small worth of
  an exposed card that can still grow a Heavy Load, minus the worth of a Refuel token (more while much
  of the game is left), minus "denial": the best gain the seats still to resolve could take from what
  it leaves them, weighted up for the score leader. So it refuels only to save a valuable slot or to
  keep a big card from the leader.
  Playing: for each card of its hand, a few sampled deals of the unseen cards to the seats still to
  play, who play random cards; the Load is then resolved by everyone with the greedy resolver; the card's
  value is its own gain minus a share of the others' (the leader's counted more), minus the worth of
  the low card spent (low cards buy an early pick later).
- ``StrongBot``: determinized rollouts (perfect-information Monte Carlo over the hidden hands). Each
  iteration samples the other hands from the view with ``game.determinize`` and plays every legal
  action in that same world (common random numbers), then to the end of the Haul with a cheap policy
  (plays: a random card, low cards a little more likely when the Load holds a big card; resolving: the
  greedy resolver). The outcome is the seat's final total against the others' (the leader's most),
  plus its tokens' worth; the action with the best mean wins. The budget is a count of iterations
  (``rollouts`` spread over the legal actions), never a clock: the core reads none.
"""

from __future__ import annotations

import random
from typing import Any

from ...bots import forced
from ...engine import Game
from .actions import DECK, Play, parse
from .rules import HAULS, LOADS, SEATS, HaulState
from .sim import (
    _INDEX,
    _RANK,
    _SAME_RANK,
    _SLOT,
    CLAIM,
    REFUEL,
    Option,
    Sim,
    _parse_option,
    _rollout,
    _sample_hands,
    _unseen,
    _weights,
    best_gain,
    gain,
    greedy_option,
    outcome,
    token_worth,
)


# --- medium -----------------------------------------------------------------------------------------
class MediumBot:
    """Heuristic: card values, Forced Unload avoidance, denial of the leader, sensible Refuels."""

    level = "medium"

    def __init__(self, samples: int = 6, deny: float = 1.0, heavy_worth: float = 0.6, low_worth: float = 0.35) -> None:
        self.samples = samples
        self.deny = deny
        self.heavy_worth = heavy_worth
        self.low_worth = low_worth

    def choose(self, game: Game[Any], view: dict[str, Any], rng: random.Random) -> str:
        only, legal = forced(view), view["legal"]
        if only is not None:
            return only
        sim = Sim.from_parts(view)
        seat = view["seat"]
        if view["phase"] == "resolve":
            return self._resolve(sim, seat, legal, rng)
        return self._play(sim, seat, view, rng)

    def option_value(self, sim: Sim, seat: int, option: Option) -> float:
        trailer = sim.trailers[seat]
        value = float(gain(trailer, option))
        kind, card, _ = option
        if kind == REFUEL:
            value -= token_worth(sim)
        elif kind == CLAIM:
            # a card exposed in its slot may still grow a Heavy Load later
            value += self.heavy_worth * (_SAME_RANK[card] - 1) * (LOADS - 1 - sim.load) / LOADS
            old = trailer[_SLOT[card]]
            if old:
                value -= self.heavy_worth * (_SAME_RANK[old[0]] - 1) * (LOADS - 1 - sim.load) / LOADS
        # denial: what the seats still to resolve could take from what is left
        left = [c for c in sim.remaining if c != card]
        weights = _weights(sim, seat)
        later = sim.order[: SEATS - 1 - sim.resolved]
        for other in later:
            value -= self.deny * weights[other] * best_gain(sim.trailers[other], left)
        return value

    def _resolve(self, sim: Sim, seat: int, legal: list[str], rng: random.Random) -> str:
        values = [self.option_value(sim, seat, _parse_option(action)) for action in legal]
        best = max(values)
        ties = [action for action, value in zip(legal, values, strict=True) if value >= best - 1e-9]
        return str(ties[rng.randrange(len(ties))])

    def _play(self, sim: Sim, seat: int, view: dict[str, Any], rng: random.Random) -> str:
        hand = sorted(set(sim.hands[seat]))
        unseen = _unseen(view)
        counts = view["hand_counts"]
        weights = _weights(sim, seat)
        worlds = [_sample_hands(sim, seat, unseen, counts, rng) for _ in range(self.samples)]
        picks = [[rng.random() for _ in range(SEATS)] for _ in range(self.samples)]
        best_value, best_cards = -1e9, []
        for card in hand:
            total = 0.0
            for world0, draw in zip(worlds, picks, strict=True):
                world = world0.copy()
                before = [world.points(s) for s in range(SEATS)]
                world.play(seat, card)
                while len(world.played) < SEATS and world.played:
                    other = world.to_act()
                    cards = world.hands[other]
                    world.play(other, cards[int(draw[other] * len(cards))])
                while world.order:
                    other = world.to_act()
                    world.resolve(other, greedy_option(world, other, token_worth(world)))
                total += world.points(seat) - before[seat]
                total -= sum(weights[o] * (world.points(o) - before[o]) for o in range(SEATS))
            value = total / self.samples
            # a low card kept buys an early pick in a later Load
            value -= self.low_worth * max(0, 8 - _RANK[card]) * (sim.load < LOADS - 1)
            if value > best_value + 1e-9:
                best_value, best_cards = value, [card]
            elif value >= best_value - 1e-9:
                best_cards.append(card)
        return f"play:{DECK[best_cards[rng.randrange(len(best_cards))]]}"


# --- strong -----------------------------------------------------------------------------------------

class StrongBot:
    """Determinized rollouts over the hidden hands, every legal action in the same sampled worlds."""

    level = "strong"

    def __init__(self, rollouts: int = 200, min_worlds: int = 8, max_worlds: int = 40) -> None:
        self.rollouts = rollouts
        self.min_worlds = min_worlds
        self.max_worlds = max_worlds

    def choose(self, game: Game[Any], view: dict[str, Any], rng: random.Random) -> str:
        only, legal = forced(view), view["legal"]
        if only is not None:
            return only
        values = self.values(game, view, rng)
        best = max(values.values())
        ties = [action for action in legal if values[action] >= best - 1e-9]
        return str(ties[rng.randrange(len(ties))])

    def values(self, game: Game[Any], view: dict[str, Any], rng: random.Random) -> dict[str, float]:
        """The mean rollout outcome of each legal action."""
        seat = view["seat"]
        legal = list(view["legal"])
        worlds = max(self.min_worlds, min(self.max_worlds, self.rollouts // len(legal)))
        last_haul = view["haul"] >= HAULS
        totals = dict.fromkeys(legal, 0.0)
        for _ in range(worlds):
            state: HaulState = game.determinize(view, rng)
            base = Sim.from_parts(state)
            seed = rng.getrandbits(32)
            for action in legal:
                world = base.copy()
                move = parse(action)
                if isinstance(move, Play):
                    world.play(seat, _INDEX[move.card])
                else:
                    world.resolve(seat, _parse_option(action))
                _rollout(world, random.Random(seed))
                totals[action] += outcome(world, seat, last_haul)
        return {action: total / worlds for action, total in totals.items()}
