"""TF22 bots: ``medium``, a greedy heuristic, and ``strong``, a bounded search (``search.py``: the search over one
move's actions and its evaluation); ``easy``, a random legal action, is the platform's.

The medium bot sees only its view (the state is rebuilt with ``determinize``; it reads its own forecast, never the
deck). It lands where White Ore lies thick beyond the landing zone and the sea touches the Lander's pods; in its
move it tries the legal actions (but undo and shots at White Ore or Pontoons; of the Lander's unloads and the builds
the best place each, as ``strong``; at most ``MEDIUM_BUDGET`` a move, shared over its decisions by the AP it began
with: 40 a decision in a move of 15 AP, 24 from 25 AP on; the most promising of each unit first: ``search.spread``),
scores the position after each and plays the best one while that beats ending the move:
- White Ore in its Landers counts most, ore on board a carrier less the farther the carrier is from home;
  empty carriers are drawn to the nearest ore, a Production Unit holding ore to building;
- units count (enemy units against it), inactive ones (stranded, flooded, inside an enemy zone) are penalised,
  and so are its own Robot Combat Units side by side (interference); armed units keep near home;
- from the second-last turn everything heads home and into the Lander; in the last turn it takes off when it
  has nothing better to do.
"""

from __future__ import annotations

import random
from collections import deque
from typing import Any

from ...bots import forced
from ...engine import Game
from .actions import Fire, Lose, parse
from .board import HEXES, NEIGHBOURS, TERRAIN, disk, distance
from .fire import active, land_at, tide_active, zones
from .legal import interference_pairs
from .recall import recall, remember
from .search import (
    BUDGET,
    DEEP_WIDTH,
    FAR,
    MOVE_BUDGET,
    ROOT_WIDTH,
    Evaluator,
    MoveSearch,
    _order,
    _unit,
    after,
    candidates,
    decision_budget,
    landing,
    pruned,
    spread,
)
from .state import TF22State
from .units import ARMED, CAPACITY, LAND_UNITS, MOBILE, SEA_UNITS

__all__ = ["V1", "MediumBot", "StrongBot"]

# the bots as they were before issue 25's per-move budgets (bench/bots_eval.py's ``v1`` and ``m1`` levels: the
# baselines); the strong bot's default since shares ``MOVE_BUDGET`` positions over a move's decisions and tries the
# follow-ups that score or set up first (measured level with V1 at ~0.8x its move CPU: see StrongBot)
V1: dict[str, dict[str, Any]] = {"strong": {"move_budget": 0, "distinct": False},
                                 "medium": {"prune": False, "move_budget": 0}}


class Maps:
    """Distances the evaluation reads, computed once per decision: to the home Lander's open pods (by land and by
    sea) and, for land carriers, to the nearest White Ore that can be mined."""

    def __init__(self, state: TF22State, seat: int) -> None:
        derived = state.derived
        self.home = list(state.held_landers(seat))
        goals = [n for lid in self.home for pod in derived.pods[lid] if pod in derived.top
                 for n in NEIGHBOURS[pod] if n not in derived.lander]
        if not goals:  # every pod shut: unloading is still possible, loading not; aim next to the Lander anyway
            goals = [n for lid in self.home for pod in derived.pods[lid] for n in NEIGHBOURS[pod]
                     if n not in derived.lander]
        ore = [n for pid, piece in state.pieces.items() if piece.kind == "ore" and piece.hex >= 0
               and land_at(state, piece.hex) for n in NEIGHBOURS[piece.hex]]
        blocked = {cell for cell, pid in derived.top.items() if state.pieces[pid].kind in ("ore", "turret")}
        blocked |= set(derived.lander)
        land = {cell for cell in HEXES if land_at(state, cell) or cell in derived.pontoon} - blocked
        sea = {cell for cell in HEXES if not land_at(state, cell) and cell not in derived.pontoon} - blocked
        self.land_home = _bfs(goals, land)
        self.sea_home = _bfs(goals, sea)
        self.land_ore = _bfs(ore, land)
        self.ore_from_home = min((self.land_ore.get(cell, FAR) for cell in goals), default=FAR)

    def home_distance(self, kind: str, cell: int) -> int:
        table = self.sea_home if kind in SEA_UNITS else self.land_home
        return table.get(cell, FAR)



class _Near:
    """``search.Distances`` from the medium bot's ``Maps`` (a land carrier's trip: to the nearest White Ore)."""

    def __init__(self, maps: Maps) -> None:
        self.maps = maps

    def home(self, kind: str, cell: int) -> int:
        return self.maps.home_distance(kind, cell)

    def trip(self, kind: str, cell: int) -> int:
        return self.maps.land_ore.get(cell, FAR) if kind in LAND_UNITS else self.maps.home_distance(kind, cell)


def _bfs(goals: list[int], passable: set[int]) -> dict[int, int]:
    found = {cell: 0 for cell in goals if cell in passable}
    queue = deque(found)
    while queue:
        cell = queue.popleft()
        for n in NEIGHBOURS[cell]:
            if n in passable and n not in found:
                found[n] = found[cell] + 1
                queue.append(n)
    return found


def evaluate(state: TF22State, seat: int, maps: Maps) -> float:
    """How good the position is for ``seat`` (only differences between positions matter)."""
    pieces, derived = state.pieces, state.derived
    homing = state.turn >= state.turns - 1
    value = 10.0 * state.freight[seat][0] + 2.0 * state.freight[seat][1]
    for lid in state.held_landers(seat):
        for pid in derived.contents(lid):
            kind = pieces[pid].kind
            if kind == "ore":
                value += 10.0 if homing or pieces[pid].carrier == lid else 0.0  # counted with its carrier
            elif homing:
                value += 4.0 if kind in MOBILE else 1.0
            elif pieces[pid].carrier == lid and kind in MOBILE:
                value += _unit_value(state, seat, maps, pid, kind, maps.ore_from_home + 1, 0) - 1.0
    fire = zones(state)
    for pid, piece in pieces.items():
        if piece.hex < 0 or piece.kind not in MOBILE:
            continue
        owner = state.controller(piece)
        if owner != seat:
            if owner >= 0:
                value -= 2.0
                if any(fire.count[seat][cell] >= 2 for cell in derived.hexes(piece)):
                    value += 0.5
            continue
        distance_home = maps.home_distance(piece.kind, piece.hex)
        if homing:
            value += 1.0 - 0.4 * min(distance_home, 20)
        else:
            value += _unit_value(state, seat, maps, pid, piece.kind, maps.land_ore.get(piece.hex, FAR), distance_home)
        if not tide_active(state, piece) or not active(state, pid, seat):
            value -= 2.5
    value -= 6.0 * len(interference_pairs(state, seat)) / 2
    return value + 0.05 * min(state.ap[seat], 10)


def _unit_value(state: TF22State, seat: int, maps: Maps, pid: int, kind: str, to_ore: int, to_home: int) -> float:
    """A unit of ``seat`` at ``to_ore`` steps from minable White Ore and ``to_home`` from its Lander's pods (the
    pulls are bounded: a unit is always worth more than none)."""
    pieces, derived = state.pieces, state.derived
    cargo = derived.cargo.get(pid, ())
    ore = sum(1 for item in cargo if pieces[item].kind == "ore")
    value = 5.0 + ore * (6.0 - 0.3 * min(to_home, 15)) + 2.0 * (len(cargo) - ore)
    if kind == "production":
        value += 2.0 if ore else -0.1 * min(to_ore, 20)
    elif kind in CAPACITY and kind in LAND_UNITS and ore < CAPACITY[kind]:
        value -= 0.15 * min(to_ore, 20)
    elif kind in ARMED:
        value -= 0.05 * max(0, min(to_home, 20) - 4)
    return value


def _worth_trying(state: TF22State, action: str) -> bool:
    if action == "undo":
        return False
    if action.startswith("fire:"):
        target = state.pieces.get(int(action.rsplit(">", 1)[1]))
        return target is not None and target.kind not in ("ore", "pontoon")
    return True


MEDIUM_BUDGET = 600  # positions a move (0: every action of every decision)
MEDIUM_MOST = 60  # positions a decision at most (binds only without a move budget: 600 // 15 = 40)


LANDING_TERRAIN = {".": 1.0, "^": 1.0, "s": 0.6, "r": 0.3, "~": 0.0}


def landing_value(state: TF22State, action: str) -> float:
    """White Ore 4-7 hexes out (beyond the landing zone; on ground that floods less, worth more), dry ground
    around the pods and open water next to them (for the sea units)."""
    from .actions import Land, parse
    from .state import lander_hexes

    move = parse(action)
    assert isinstance(move, Land)
    hexes = lander_hexes(move.hex, move.orientation)
    derived = state.derived
    ore = sum(LANDING_TERRAIN[TERRAIN[cell]] for cell in disk(move.hex, 7) if distance(cell, move.hex) >= 4
              and cell in derived.top and state.pieces[derived.top[cell]].kind == "ore")
    around = {n for pod in hexes[1:] for n in NEIGHBOURS[pod]} - set(hexes)
    water = any(TERRAIN[cell] == "~" for cell in around)
    dry = sum(1 for cell in around if TERRAIN[cell] in ".^")
    return ore + 0.5 * dry + (6.0 if water else 0.0)


def _position(game: Game[Any], view: dict[str, Any]) -> tuple[list[str], TF22State, int]:
    """What a bot decides from: the legal actions, the position (the view determinized with a fixed seed, so a
    decision replays the same) and its seat."""
    legal = [str(action) for action in view["legal"]]
    state: TF22State = game.determinize(view, random.Random(0))
    return legal, state, int(view["seat"])


class MediumBot:
    level = "medium"

    def __init__(self, prune: bool = True, move_budget: int = MEDIUM_BUDGET) -> None:
        self.prune = prune  # the Lander's unloads and the builds cut as the strong bot's (``search.pruned``)
        # positions per move, shared over its decisions by the AP it began with (``search.decision_budget``); the
        # actions dealt out over the units (``search.spread``: the most promising of each first); 0: every action
        self.move_budget = move_budget

    def choose(self, game: Game[Any], view: dict[str, Any], rng: random.Random) -> str:
        only = forced(view)
        if only is not None:
            return only
        legal, state, seat = _position(game, view)
        if state.phase == "land":
            return max(legal, key=lambda action: (landing_value(state, action), action))
        maps = Maps(state, seat)
        base = evaluate(state, seat, maps)
        if state.phase == "interfere":
            return max((a for a in legal if isinstance(parse(a), Lose)),
                       key=lambda a: (evaluate(game.apply(state, seat, a), seat, maps), a))
        stop = "takeoff" if "takeoff" in legal else "end"
        best, best_gain = stop, 0.05
        near = _Near(maps)
        tries = [a for a in (pruned(state, legal, near) if self.prune else legal)
                 if a not in ("end", "takeoff") and _worth_trying(state, a)]
        if self.move_budget:
            budget = decision_budget(state, seat, MEDIUM_MOST, self.move_budget)
            if len(tries) > budget:
                tries = spread(state, near, tries)[:budget]
        for action in tries:
            gain = evaluate(after(game, state, seat, action), seat, maps) - base
            if gain > best_gain or (gain == best_gain and rng.random() < 0.5):
                best, best_gain = action, gain
        if best == stop and stop not in legal:  # a pending breach: fire
            return next(a for a in legal if isinstance(parse(a), Fire))
        return best


class StrongBot:
    """A search over the seat's whole move (``search.MoveSearch``): ``MOVE_BUDGET`` positions a move, shared over its
    decisions by the Action Points it began with (``search.decision_budget``). Measured (session 8, 40 ten-turn
    matches, seats rotated, ``bench/bots_eval.py --game tf22``): 62.5% [47.0-75.8] first places against ``V1`` and
    95.0% [83.5-98.6] against medium (its move times: ``bench/engine_speed.py --moves``)."""

    level = "strong"

    def __init__(self, budget: int = BUDGET, move_budget: int = MOVE_BUDGET, distinct: bool = True) -> None:
        self.budget = budget
        # positions per move, shared over its decisions (``decision_budget``); the root's candidates dealt out over
        # the units (``spread``), the follow-ups that score or set up first; 0: ``budget`` positions for every
        # decision, the candidates and follow-ups tried in their order (V1)
        self.move_budget = move_budget
        self.distinct = distinct  # unloads of pieces alike to one place: one tried (``search._distinct``)

    def choose(self, game: Game[Any], view: dict[str, Any], rng: random.Random) -> str:
        only = forced(view)
        if only is not None:
            return only
        legal, state, seat = _position(game, view)
        state.journal = []
        if state.phase == "land":
            return landing(state, legal)
        evaluator = Evaluator(state, seat, list(view.get("forecast") or []))
        budget = decision_budget(state, seat, self.budget, self.move_budget)
        search = MoveSearch(game, seat, evaluator, budget, self.distinct, ordered=bool(self.move_budget))
        if state.phase == "interfere" or state.breach >= 0:
            options = [a for a in legal if isinstance(parse(a), Lose | Fire)]
            return max(options, key=lambda a: (search.value(state, a)[0], a))
        stop = "takeoff" if "takeoff" in legal else "end"
        # stopping: the position as it stands once the move ends (AP saved; in the last move, what is outside is
        # lost); nothing is played that does not beat both that and the position now
        # (a position the last decision chose: its value and its follow-ups' are known, the same numbers; each
        # still counts against the budget, so the search is the same)
        known, seen = recall(evaluator, state)
        floor = max(evaluator(state, ended=True), evaluator(state) if known is None else known) + 0.05
        tries = sorted((a for a in candidates(state, seat, evaluator, distinct=self.distinct)
                        if a not in ("end", "takeoff")), key=_order)
        root = budget - budget // 4  # the rest for the follow-ups
        if self.move_budget:  # the most promising first, and as much again for the follow-ups
            root = budget - budget // 2
            if len(tries) > root:
                tries = spread(state, evaluator, tries)
        scored: list[tuple[float, str, TF22State | None]] = []
        for action in tries[:root]:
            recalled = seen.get(action)
            if recalled is None:
                value, made = search.value(state, action)
                scored.append((value, action, made))
            else:
                search.left -= 1
                scored.append((recalled, action, None))
        scored.sort(key=lambda item: (-item[0], item[1]))
        best, best_value = stop, floor
        chosen: tuple[TF22State | None, float, dict[str, float]] | None = None
        for rank, (value, action, child) in enumerate(scored):
            own = value  # its own value (and its follow-ups', ``deeper``)
            deeper: dict[str, float] = {}
            if rank < ROOT_WIDTH and search.left > 0:  # what is left shared out over the follow-ups
                width = DEEP_WIDTH if not self.move_budget else min(
                    DEEP_WIDTH, max(1, search.left // (min(ROOT_WIDTH, len(scored)) - rank)))
                if child is None:  # (its value was recalled; counted then)
                    child = after(game, state, seat, action)
                value = max(value, search.follow_up(child, _unit(action), width, deeper) - 0.1)
            if value > best_value:
                best, best_value, chosen = action, value, (child, own, deeper)
        if chosen is not None and chosen[0] is not None:
            remember(evaluator, chosen[0], chosen[1], chosen[2])
        return best
