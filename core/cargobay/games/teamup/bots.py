"""Team UP! teammates (``medium`` and ``strong``; ``easy`` is the shared random bot).

Both see only their seat's view (the draw pile's order is hidden, except in Challenge mode, where the team
knows it) and answer a complete action from ``view["legal"]``; they draw no randomness of their own.

- ``MediumBot``: the greedy policy (``sim.Sim.choose``): keep a perfect pallet (else the most full layers)
  reachable with the placement that best keeps the next card placeable; stop once no more full layer is in
  reach and the next card is more likely to go face down than to be placed.
- ``StrongBot``: the hint without its playouts (``hint.decide``): the greedy's best placements and the best
  on the lowest layer weighed one card deeper (the points of the full layers still reachable, a face-down a
  point, expected over the kind of the card after next), less a point a layer up; with a known order
  (Challenge mode), the exact solver's plan (``solver.solve``, within a node budget).
"""

from __future__ import annotations

import random
from typing import Any

from ...bots import checked, forced
from ...engine import Game
from .hint import hint
from .sim import CARD_INDEX, Sim

__all__ = ["MediumBot", "StrongBot"]


class MediumBot:
    level = "medium"

    def choose(self, game: Game[Any], view: dict[str, Any], rng: random.Random) -> str:
        only = forced(view)
        if only is not None:
            return only
        table = Sim.from_view(view)
        if view["phase"] == "draw":
            return "stop" if table.should_stop() else "draw"
        table.unseen[CARD_INDEX[view["card"]]] += 1
        move = table.choose(view["card"])
        action = move.action() if move is not None else ""
        return checked(action, view)


class StrongBot:
    level = "strong"

    def __init__(self, budget: int = 20_000) -> None:
        self.budget = budget

    def choose(self, game: Game[Any], view: dict[str, Any], rng: random.Random) -> str:
        only = forced(view)
        if only is not None:
            return only
        action = hint(view, rng, samples=0, budget=self.budget).action
        return checked(action, view)
