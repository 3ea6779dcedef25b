"""Play without knowing the card order: the greedy teammate, the strong one, and the hint (the best next
decision with the expected final score under the unknown rest of the deck).

- ``sim.Sim``: the compact position and the greedy policy (``Sim.choose``, the medium bot).
- ``decide`` (the strong bot): among the greedy's ``width`` best placements and the ``low`` best of those on
  the lowest layer, the one with the best ``lookahead`` (one card deeper, the expected full layers kept over
  the kind of the card after, by the unseen counts) less ``LAYER_WEIGHT`` a layer: the lower layers filled
  first, a card that breaks the aim later breaks a higher layer.
- ``hint``: ``decide``, and the expected final score from greedy playouts over random orders of the unseen
  cards, within ``BLIND_BUDGET`` units of counted ``Work``; with a known order (Challenge mode), the exact
  plan (``solver.planned``, within a node budget). Budgets are counts, never the clock.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .components import CARD_KINDS, POINTS_PER_LAYER
from .geometry import pid_of
from .perfect import NP
from .sim import CARD_INDEX, Move, OutOfWork, Sim, Work

__all__ = ["Hint", "advice", "describe", "hint"]

SHAPE_NAMES = {"S": "square", "L": "long", "T": "thin", "B": "big"}

BLIND_BUDGET = 120_000  # a blind decision's work (and a third more for its playouts): about 0.15 s in CPython
SHAKY = 5.0  # ``lookahead``: points lost when the card after next cannot keep the aim (times that chance)
LAYER_WEIGHT = 1.0  # ``decide``: points a placement loses per layer up (fill the low layers first)


@dataclass
class Hint:
    action: str  # the best decision: draw, stop, or a placement
    expected: float | None  # the mean final score of greedy playouts after it (None: not estimated)
    options: dict[str, float]  # the candidates weighed, with their value (see ``hint``)
    known: bool = False  # the card order was known (Challenge mode): ``expected`` is the exact best score
    work_spent: int = 0  # the work units a blind hint used (``Work``), for the bench and the tests


def keeps_aim(table: Sim, move: Move) -> bool:
    """The move stays inside a reachable stack of ``floor`` full layers (or lies above them)."""
    if move.z >= table.floor:
        return True
    bit = 1 << (move.z * NP + move.pid)
    return any(stack & bit for stack in table.cand)


def lookahead(table: Sim, card: str, move: Move) -> float:
    """The points the full layers are worth after ``move`` and the greedy's answer to the card after next,
    expected over its kind (weighted by the unseen cards): 5 a layer still reachable (``floor``) after it; a
    face-down costs 1; an answer keeping the aim costs ``SHAKY`` times the chance the next card after it cannot
    (the greedy's flexibility; a box above the stack: a tenth); an answer breaking the aim is worth the full
    layers still reachable after it (one layer or all of them: a fall to one full layer is a disaster)."""
    after = table.copy()
    after.play(card, move)
    total = sum(after.unseen)
    base = POINTS_PER_LAYER * after.floor
    if not total:
        return float(base)
    value = 0.0
    for kind, count in zip(CARD_KINDS, after.unseen, strict=True):
        if count:
            answer = after.choose(kind)
            if answer is None:
                points = base - 1.0
            elif keeps_aim(after, answer):
                points = base - SHAKY * ((1 - after.flexibility(answer)[0]) if answer.z < after.floor else 0.1)
            else:
                broken = after.copy()
                broken.play(kind, answer)
                points = float(POINTS_PER_LAYER * broken.floor)
            value += count / total * points
    return value


def candidates(table: Sim, card: str) -> list[Move]:
    """The placements for ``card``, best first by the greedy order: those keeping the aim (the most stacks
    kept first), then those above the stack, then the rest by the local rank."""
    moves = table.moves(card)
    union = 0
    for stack in table.cand:
        union |= stack
    keep = [m for m in moves if m.z < table.floor and union >> (m.z * NP + m.pid) & 1]
    if keep:
        return sorted(keep, key=lambda m: (-table.count_after(m), m.z))
    above = [m for m in moves if m.z >= table.floor]
    return sorted(above or moves, key=table.local_rank)


def decide(table: Sim, card: str | None, width: int = 8, low: int = 6) -> tuple[str, dict[str, float]]:
    """The strong teammate's decision without playouts: ``draw``/``stop`` as the greedy, and a placement
    chosen among the greedy's ``width`` best and the ``low`` best on the lowest layer (all keeping the aim) by
    ``lookahead`` less ``LAYER_WEIGHT`` a layer (the greedy's own choice wins ties)."""
    if card is None:
        return ("stop" if table.should_stop() else "draw"), {}
    limit, table.work.limit = table.work.limit, None  # the greedy's own choice is always made
    best = table.choose(card)
    table.work.limit = limit
    if best is None:
        return "", {}
    try:
        keep = [m for m in candidates(table, card) if keeps_aim(table, m)]
    except OutOfWork:
        return best.action(), {}
    if not keeps_aim(table, best) or len(keep) < 2 or table.floor == 0:
        return best.action(), {}
    lowest = min(m.z for m in keep)
    moves = keep[:width]
    moves += [m for m in keep if m.z == lowest and m not in moves][:low]
    moves = [best, *(m for m in moves if m != best)]  # the greedy's own choice first
    values: dict[str, float] = {}
    try:
        for m in moves:  # the greedy's choice first: the answer so far when the work runs out
            values[m.action()] = lookahead(table, card, m) - LAYER_WEIGHT * m.z
    except OutOfWork:
        pass
    if not values:
        return best.action(), {}
    chosen = max((m for m in moves if m.action() in values), key=lambda m: (values[m.action()], m == best))
    return chosen.action(), values


def hint(view: Mapping[str, object], rng: random.Random, samples: int = 4, width: int = 8,
         budget: int | None = None, work: int | None = BLIND_BUDGET) -> Hint:
    """The best next decision for the seat to play, with the expected final score. Deterministic for a view
    and ``rng``'s state; every budget counts work, never the clock.

    Unknown order: ``decide`` (the greedy's choice, then its lookahead on the candidates in turn while the
    ``work`` budget lasts, see ``Work``), then up to ``samples`` greedy playouts over random orders of the
    unseen cards estimate the final score after it, as many as end within a third of ``work`` more
    (``expected`` is None when none does, or ``samples=0``). Known order (Challenge mode's
    ``upcoming``): the exact plan from here (``solver.planned``: a remembered plan, else a search within
    ``budget`` nodes, its best find beyond)."""
    upcoming = view.get("upcoming")
    if isinstance(upcoming, list) and view["phase"] in ("draw", "place"):
        from .solver import HINT_BUDGET, Problem, planned

        solution = planned(Problem.from_view(view, upcoming if view["phase"] == "draw" else
                                             [str(view["card"]), *upcoming]),
                           HINT_BUDGET if budget is None else budget)
        if solution.plan:
            first = solution.plan[0]
            if view["phase"] == "draw":  # the plan's first step is the next card's: now, draw it (or stop)
                action = "stop" if first == "stop" else "draw"
            else:
                action = first if first.startswith("place:") else ""
            return Hint(action, float(solution.score), {action: float(solution.score)}, True)
    counter = Work()
    table = Sim.from_view(view, counter)
    card = view["card"] if view["phase"] == "place" else None
    if isinstance(card, str):
        table.unseen[CARD_INDEX[card]] += 1  # ``play`` counts the card out again
    counter.limit = work
    action, options = decide(table, card if isinstance(card, str) else None, width)  # the strong bot's choice
    if work is not None:
        counter.limit = counter.spent + work // 3  # the playouts' own budget
    expected = None
    if samples:
        unseen = [kind for kind, count in zip(CARD_KINDS, table.unseen, strict=True) for _ in range(count)]
        if isinstance(card, str):
            unseen.remove(card)
        scores = []
        try:
            for _ in range(samples):
                rng.shuffle(unseen)
                after = table.copy()
                if action == "stop":
                    scores.append(after.score())
                elif action == "draw":
                    scores.append(after.playout(unseen, drawn=True))
                else:
                    assert isinstance(card, str)
                    after.play(card, next(m for m in after.moves(card) if m.action() == action))
                    scores.append(after.playout(unseen))
        except OutOfWork:
            pass  # the playout cut short is left out
        if scores:
            expected = sum(scores) / len(scores)
    return Hint(action, expected, options, work_spent=counter.spent)


def describe(move: str, view: Mapping[str, object]) -> str:
    """A decision in words: ``draw``, ``stop``, or a placement with its spot and layer."""
    if move == "draw":
        return "draw a card"
    if move == "stop":
        return "stop now (the team scores what it has)"
    if not move:
        return "no placement: the card goes face down"
    box, _, rest = move.removeprefix("place:").partition("@")
    orient, _, spot = rest.partition(":")
    shape, _, colour = box.partition("-")
    x, _, y = spot.partition(",")
    table = Sim.from_view(view)
    z = table.pallet.check(pid_of(shape, orient, int(x), int(y)))[1]
    name = SHAPE_NAMES[shape]
    way = "" if shape == "S" else (" lengthwise" if orient == "h" else " crosswise")
    return f"place the {colour} {name} box{way} at {x},{y} on layer {z + 1}"


def advice(view: Mapping[str, object], known: Sequence[str] | None, seed: str) -> dict[str, object]:
    """The hint button's answer for a view (``Game.hint``): the decision, in words, with the expected final
    score; ``known``: the cards to come in order when the team may know them (Puzzle's published solution)."""
    if known is not None and view.get("upcoming") is None:
        view = {**view, "upcoming": list(known)}
    found = hint(view, random.Random(seed))
    words = describe(found.action, view)
    if found.known:
        score = f"the best final score from here is {found.expected:.0f} (solved exactly, the order known)"
    elif found.expected is not None:
        score = f"expected final score about {found.expected:.1f} (the rest of the deck unknown)"
    else:
        score = ""
    return {"action": found.action, "text": f"Hint: {words}; {score}" if score else f"Hint: {words}",
            "expected": found.expected, "known": found.known}
