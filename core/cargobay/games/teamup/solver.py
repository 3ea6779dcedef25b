"""The Team UP! solver (pure Python, also in the browser): exact plans for a known card order, Puzzle set-ups,
and the perfect-pallet counts (``python -m cargobay solve teamup --count-perfect``). The hint for an unknown
order is in ``hint.py``.

- ``solve(problem)``: the best reachable final score and a plan (one step per card: the box and its spot, a
  forced face-down, or stopping) for a pallet, the boxes left and a known order of the cards to come. Exact
  (``search.py``); ``budget`` bounds the nodes, and a result found within it but not proved says so.
- ``proves_perfect(spot, deck)``: the order allows a perfect 25 (a plan was found within the budget);
  ``puzzle_setup(rng)``: a seeded draw of set-ups until one is proved to (Puzzle mode; deterministic).
- ``planned(problem)``: the known-order hint: a proved plan remembered for this position (``remember``: every
  position along a proved plan, a Puzzle's proof included), else ``solve`` within ``HINT_BUDGET`` nodes.

The engine's actions for a plan (solving the whole deck is a proof for ``python -m cargobay solve teamup``
and bench/teamup_eval.py, too slow for a doctest):

>>> plan_actions(["place:B-red@v:4,0", "face-down", "stop"])
['draw', 'place:B-red@v:4,0', 'draw', 'stop']
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from .codes import neutral_footprint
from .components import BOX_TOTAL, COLOURS, DECK, LAYERS, PER_COLOUR, POINTS_PER_LAYER
from .geometry import PLACEMENTS, Pallet, pallet_of_view, pid_of
from .perfect import NP, SHAPE_ORDER, catalogue
from .search import NS, Budget, OrderSearch, Step

__all__ = ["Problem", "Solution", "plan_actions", "planned", "proves_perfect", "puzzle_setup", "solve"]

PUZZLE_BUDGET = 20_000  # nodes to prove an order allows 25 (typical proofs take 30-300)
HINT_BUDGET = 2_000  # nodes of a known-order hint not on a remembered plan (about 0.1 ms a node in CPython)
PLAN_CACHE = 4096  # remembered positions (each exact plan remembers every position along it)
_PLANS: dict[tuple[object, ...], tuple[int, bool, tuple[str, ...]]] = {}
MAX_FACE_DOWN_FOR_PERFECT = 5  # 25 - 5 = 20 beats any ending with an incomplete pallet (at most 19)


@dataclass(frozen=True)
class Problem:
    """A pallet (with its neutral box's footprint), the boxes left (per colour and shape: index
    ``colour * 4 + shape``), the score so far, and the cards to come in order. ``drawn``: the first card is
    already drawn (it must be played; the team can stop only before a draw)."""

    neutral: int
    pallet: Pallet
    stock: tuple[int, ...]
    face_down: int
    cards: tuple[str, ...]
    drawn: bool = False

    @classmethod
    def start(cls, spot: int, deck: Sequence[str]) -> Problem:
        """The set-up: the neutral box on its spot (codes.neutral_footprint), every box left, the deck."""
        neutral = pid_of("N", *neutral_footprint(spot))
        stock = tuple(PER_COLOUR[shape] for _ in COLOURS for shape in SHAPE_ORDER)
        return cls(neutral, Pallet.start(neutral), stock, 0, tuple(deck))

    @classmethod
    def from_view(cls, view: Mapping[str, object], cards: Sequence[str]) -> Problem:
        """From a view (``rules.view``) and the order of the cards to come (the drawn one first, if any)."""
        neutral, pallet = pallet_of_view(view)
        stock_view = view["stock"]
        assert isinstance(stock_view, Mapping)
        stock = tuple(int(stock_view[f"{shape}-{colour}"]) for colour in COLOURS for shape in SHAPE_ORDER)
        return cls(neutral, pallet, stock, int(str(view["face_down"])), tuple(cards), view["phase"] == "place")

    def memo_key(self) -> tuple[object, ...]:
        return (self.neutral, self.key(), self.stock, self.face_down, self.cards, self.drawn)

    def follow(self, step: str) -> Problem:
        """The problem after one step of a plan (its card played: placed or face down), the next card not
        drawn yet."""
        stock, face_down, pallet = list(self.stock), self.face_down, self.pallet
        if step.startswith("place:"):
            box, _, rest = step.removeprefix("place:").partition("@")
            shape, _, colour = box.partition("-")
            orient, _, spot = rest.partition(":")
            x, _, y = spot.partition(",")
            pid = pid_of(shape, orient, int(x), int(y))
            pallet = pallet.place(pid, pallet.legal_layer(pid))
            stock[COLOURS.index(colour) * NS + SHAPE_ORDER.index(shape)] -= 1
        else:
            face_down += 1
        return Problem(self.neutral, pallet, tuple(stock), face_down, self.cards[1:])

    @property
    def placed(self) -> int:
        return BOX_TOTAL - sum(self.stock)

    def key(self) -> int:
        return sum(layer << (z * NP) for z, layer in enumerate(self.pallet.pids))


@dataclass
class Solution:
    score: int  # the best final score reachable (a lower bound when not ``exact``)
    plan: list[str] = field(default_factory=list)  # per card: place:<box>@<o>:<x>,<y>, face-down, or stop
    exact: bool = True
    perfect: bool = False  # the plan finishes a perfect pallet
    nodes: int = 0


def _colours(problem: Problem, steps: Sequence[Step]) -> list[str]:
    """The plan as strings, each anonymous box given a colour the plan's colour cards leave free."""
    stock = list(problem.stock)
    pending: dict[int, list[int]] = {s: [] for s in range(NS)}  # shape -> plan indices of anonymous boxes
    colour_of: dict[int, int] = {}
    for index, step in enumerate(steps):
        if step.kind == "place":
            if step.colour >= 0:
                stock[step.colour * NS + step.shape] -= 1
            else:
                pending[step.shape].append(index)
        for s, colour, count in step.absorb:
            for _ in range(count):
                colour_of[pending[s].pop(0)] = colour
                stock[colour * NS + s] -= 1
    for s, indices in pending.items():
        for index in indices:
            colour = next(c for c in range(len(COLOURS)) if stock[c * NS + s] > 0)
            stock[colour * NS + s] -= 1
            colour_of[index] = colour
    out = []
    for index, step in enumerate(steps):
        if step.kind == "place":
            p = PLACEMENTS[step.pid]
            colour = step.colour if step.colour >= 0 else colour_of[index]
            out.append(f"place:{SHAPE_ORDER[step.shape]}-{COLOURS[colour]}@{p.orient}:{p.x},{p.y}")
        else:
            out.append(step.kind)
    return out


def _final(problem: Problem, steps: Sequence[Step]) -> int:
    placed = sum(1 for step in steps if step.kind == "place")
    face_down = sum(1 for step in steps if step.kind == "face-down")
    pallet = problem.pallet
    for step in steps:
        if step.kind == "place":
            pallet = pallet.place(step.pid, step.z)
    unplaced = sum(problem.stock) - placed
    return POINTS_PER_LAYER * pallet.full_layers() - unplaced - problem.face_down - face_down


def solve(problem: Problem, budget: int | None = None) -> Solution:
    """The best final score for ``problem`` and a plan reaching it (see the module's docstring).

    Endings are searched by the number of full layers they end with: a perfect pallet with no more
    face-down card first, then with ``k`` more face-downs while that still beats every ending with fewer
    full layers (25 - k against 5 x layers - 1), then each number of full layers from 4 down, each search
    only trying to beat the best score found so far."""
    cat = catalogue(problem.neutral)
    key = problem.key()
    anon = (0,) * NS
    boxes_left = sum(problem.stock)
    offset = boxes_left + problem.face_down  # final score = search value - offset
    best, best_plan = greedy(problem)
    nodes = 0
    perfect_pallets = [pallet for pallet in cat.keys if pallet & key == key]
    k = 0

    def left() -> int | None:
        return None if budget is None else max(0, budget - nodes)

    try:
        for floor in range(LAYERS - 1, -1, -1):
            while k <= len(problem.cards) and POINTS_PER_LAYER * LAYERS - k - problem.face_down > best and \
                    POINTS_PER_LAYER * LAYERS - k > POINTS_PER_LAYER * floor - 1:
                search = OrderSearch(cat, problem.cards, left())
                plan: list[Step] = []
                start = search.suffix_filter(perfect_pallets, boxes_left) if k == 0 else perfect_pallets
                found, _ = search.perfect(0, problem.pallet, key, problem.stock, anon, start, k, plan)
                nodes += search.nodes
                if found:
                    return Solution(_final(problem, plan), _colours(problem, plan), True, True, nodes)
                k += 1
            if POINTS_PER_LAYER * floor - 1 - problem.face_down <= best and floor:
                continue
            search = OrderSearch(cat, problem.cards, left(), floor)
            low = sum(layer << (z * NP) for z, layer in enumerate(problem.pallet.pids[:floor]))
            stacks = [stack for stack in cat.chains(floor) if stack & low == low]
            alpha = best + offset
            value = search.value(0, problem.pallet, key, problem.stock, anon, stacks, alpha, not problem.drawn)
            nodes += search.nodes
            if value > alpha:
                steps = search.value_plan(0, problem.pallet, key, problem.stock, anon, not problem.drawn)
                best = value - offset
                assert _final(problem, steps) == best
                best_plan = _colours(problem, steps)
    except Budget:
        return Solution(best, best_plan, False, False, (budget or 0) + 1)  # each search had what was left
    return Solution(best, best_plan, True, best == POINTS_PER_LAYER * LAYERS - problem.face_down, nodes)


def remember(problem: Problem, solution: Solution) -> None:
    """Keep a proved plan for every position along it (drawn or not), so that the hints that follow it are
    look-ups: the rest of a best plan is a best plan from where it leads (the score is the final pallet's)."""
    if not solution.exact:
        return
    if len(_PLANS) + 2 * len(solution.plan) > PLAN_CACHE:
        _PLANS.clear()
    plan = tuple(solution.plan)
    here = problem
    for index, step in enumerate(plan):
        if step == "stop":
            _PLANS[replace(here, drawn=False).memo_key()] = (solution.score, solution.perfect, plan[index:])
            break
        for drawn in (False, True):
            if drawn or index or not problem.drawn:  # drawn, the team may no longer stop first
                _PLANS[replace(here, drawn=drawn).memo_key()] = (solution.score, solution.perfect, plan[index:])
        here = here.follow(step)


def planned(problem: Problem, budget: int | None = HINT_BUDGET) -> Solution:
    """``solve`` for a hint: a remembered plan from here if there is one (``remember``: a puzzle's proof or an
    earlier hint's plan), else a search within ``budget`` nodes, remembered when proved."""
    hit = _PLANS.get(problem.memo_key())
    if hit is not None:
        score, perfect, plan = hit
        return Solution(score, list(plan), True, perfect, 0)
    solution = solve(problem, budget)
    remember(problem, solution)
    return solution


def greedy(problem: Problem) -> tuple[int, list[str]]:
    """The greedy teammate's play of the known order (``sim.Sim``, blind to what comes next): a score
    surely reachable, and its plan."""
    from .sim import CARD_INDEX, Sim

    unseen = [0] * len(CARD_INDEX)
    for card in problem.cards:
        unseen[CARD_INDEX[card]] += 1
    table = Sim.start(problem.neutral, problem.pallet, list(problem.stock), unseen, problem.face_down)
    plan = []
    for index, card in enumerate(problem.cards):
        if table.finished() or ((index or not problem.drawn) and table.should_stop()):
            plan.append("stop")
            break
        move = table.choose(card)
        plan.append("face-down" if move is None else move.action())
        table.play(card, move)
    return table.score(), plan


def plan_actions(plan: Sequence[str], drawn: bool = False) -> list[str]:
    """The engine's actions that play a plan: ``draw`` before each card (but a drawn first one), then its
    placement; a face-down card is only drawn; ``stop`` stops."""
    actions = []
    for index, step in enumerate(plan):
        if step == "stop":
            actions.append("stop")
            break
        if index or not drawn:
            actions.append("draw")
        if step.startswith("place:"):
            actions.append(step)
    return actions


def proves_perfect(spot: int, deck: Sequence[str], budget: int = PUZZLE_BUDGET) -> bool:
    """A perfect pallet (25) was found for this set-up within ``budget`` nodes."""
    problem = Problem.start(spot, deck)
    search = OrderSearch(catalogue(problem.neutral), problem.cards, budget)
    key = problem.key()
    cand = search.suffix_filter([p for p in search.catalogue.keys if p & key == key], BOX_TOTAL)
    plan: list[Step] = []
    try:
        found = search.perfect(0, problem.pallet, key, problem.stock, (0,) * NS, cand, 0, plan)[0]
    except Budget:
        return False
    if found:  # the proof's plan: the Puzzle's hints follow it (``planned``)
        remember(problem, Solution(_final(problem, plan), _colours(problem, plan), True, True, search.nodes))
    return found


def puzzle_setup(rng: random.Random) -> tuple[int, tuple[str, ...]]:
    """A neutral box spot and a card order drawn from ``rng`` until one is proved to allow a perfect pallet."""
    while True:
        spot = rng.randrange(8)
        deck = list(DECK)
        rng.shuffle(deck)
        if proves_perfect(spot, deck):
            return spot, tuple(deck)
