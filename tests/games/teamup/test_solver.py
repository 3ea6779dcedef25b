"""The Team UP! solver: perfect-pallet counts (and an independent count), exact solutions that replay in the
engine, the solver against brute force on small cases, Puzzle set-ups, the greedy bound and budgets."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from functools import cache

from cargobay.engine import Match
from cargobay.games.teamup.bots import MediumBot
from cargobay.games.teamup.components import DECK, SHAPES
from cargobay.games.teamup.geometry import pid_of
from cargobay.games.teamup.perfect import RULINGS_PALLET, catalogue, count_perfect, pallet_key, parse_layers
from cargobay.games.teamup.rules import GAME, TeamUpState
from cargobay.games.teamup.solver import Problem, greedy, plan_actions, proves_perfect, puzzle_setup, solve

from .helpers import play, rulings_game, started

ALONG_6, ALONG_4 = pid_of("N", "h", 0, 0), pid_of("N", "v", 0, 0)


def test_perfect_pallet_counts() -> None:
    assert count_perfect(ALONG_6) == 9888
    assert count_perfect(ALONG_4) == 7440
    assert len(catalogue(ALONG_6).keys) == 9888 and len(set(catalogue(ALONG_4).keys)) == 7440
    assert pallet_key(parse_layers(RULINGS_PALLET)) in set(catalogue(ALONG_6).keys)


# --- an independent count, written from the rules alone (cells and face segments, no shared tables) -------
W, D = 6, 4
SIZES = {"S": [(2, 2)], "L": [(4, 1), (1, 4)], "T": [(3, 1), (1, 3)], "B": [(3, 2), (2, 3)]}
INVENTORY = {"S": 6, "L": 3, "T": 9, "B": 9}


def _faces(x: int, y: int, w: int, d: int) -> set[tuple[str, int, int, int]]:
    """The four side faces of a footprint as segments: (axis, line, start, end)."""
    return {("x", x, y, y + d), ("x", x + w, y, y + d), ("y", y, x, x + w), ("y", y + d, x, x + w)}


def _tilings(neutral: tuple[int, int, int, int] | None) -> list[frozenset[tuple[str, int, int, int, int]]]:
    out = []

    def fill(cells: frozenset[tuple[int, int]], boxes: list[tuple[str, int, int, int, int]]) -> None:
        free = [(x, y) for y in range(D) for x in range(W) if (x, y) not in cells]
        if not free:
            out.append(frozenset(boxes))
            return
        x, y = free[0]
        for shape, sizes in SIZES.items():
            for w, d in sizes:
                box = {(x + i, y + j) for i in range(w) for j in range(d)}
                if x + w > W or y + d > D or box & cells:
                    continue
                same = [b for b in boxes if b[0] == shape]
                if any(_faces(x, y, w, d) & _faces(*b[1:]) for b in same):
                    continue  # a face of the same shape on exactly the same segment
                fill(cells | box, [*boxes, (shape, x, y, w, d)])

    if neutral is None:
        fill(frozenset(), [])
    else:
        x, y, w, d = neutral
        fill(frozenset((x + i, y + j) for i in range(w) for j in range(d)), [("T", x, y, w, d)])
    return out


def _independent_count(neutral: tuple[int, int, int, int]) -> int:
    first, upper = _tilings(neutral), _tilings(None)

    def counts(tiling: frozenset[tuple[str, int, int, int, int]], neutral_in: bool) -> tuple[int, ...]:
        shapes = [box[0] for box in tiling]
        return tuple(shapes.count(s) - (neutral_in and s == "T") for s in SHAPES)

    @cache
    def rest(layer: int, below: int, on_first: bool, left: tuple[int, ...]) -> int:
        if layer == 5:
            return int(not any(left))
        under = first[below] if on_first else upper[below]
        total = 0
        for index, tiling in enumerate(upper):
            now = tuple(a - b for a, b in zip(left, counts(tiling, False), strict=True))
            if min(now) >= 0 and not tiling & under:  # no box of a shape right on the same footprint
                total += rest(layer + 1, index, False, now)
        return total

    total = 0
    for index, tiling in enumerate(first):
        left = tuple(INVENTORY[s] - c for s, c in zip(SHAPES, counts(tiling, True), strict=True))
        if min(left) >= 0:
            total += rest(1, index, True, left)
    return total


def test_an_independent_count_agrees() -> None:
    assert len(_tilings(None)) == len(catalogue(ALONG_6).upper)
    assert _independent_count((0, 0, 3, 1)) == 9888
    assert _independent_count((0, 0, 1, 3)) == 7440


# --- exact solutions ---------------------------------------------------------------------------------------
def replay(spot: int, deck: Sequence[str], plan: Sequence[str]) -> TeamUpState:
    state = play(started(deck, spot=spot), *plan_actions(plan))
    if not GAME.is_terminal(state):
        state = play(state, "stop")
    return state


def test_the_rulings_order_is_solved_to_25_and_the_plan_replays() -> None:
    deck, _ = rulings_game()
    solution = solve(Problem.start(0, deck))
    assert (solution.score, solution.exact, solution.perfect) == (25, True, True)
    assert GAME.scores(replay(0, deck, solution.plan)) == [25]


def test_solutions_replay_to_their_score() -> None:
    rng = random.Random(7)
    for _ in range(6):
        deck = list(DECK)
        rng.shuffle(deck)
        spot = rng.randrange(8)
        solution = solve(Problem.start(spot, deck), budget=50_000)
        assert GAME.scores(replay(spot, deck, solution.plan)) == [solution.score]
        assert greedy(Problem.start(spot, deck))[0] <= solution.score


def test_a_budget_gives_a_reachable_score_and_says_it_is_not_proved() -> None:
    deck = list(DECK)  # every colour card first, then the squares: no perfect pallet, a long search
    solution = solve(Problem.start(0, deck), budget=500)
    assert not solution.exact
    assert GAME.scores(replay(0, deck, solution.plan)) == [solution.score]


def _brute(state: TeamUpState, limit: int) -> int:
    """The best final score over every sequence of the engine's own decisions, the deck ending ``limit``
    cards from now (draw or stop, every legal placement; face-downs are the engine's)."""
    memo: dict[str, int] = {}
    end = state.drawn + limit

    def best(node: TeamUpState) -> int:
        key = json.dumps(GAME.state_to_json(node), sort_keys=True)
        if key in memo:
            return memo[key]
        score = GAME.scores(node)[0]
        seat = GAME.current_player(node)
        if node.phase == "end":
            value = score
        elif node.phase == "draw":
            value = score if node.drawn == end else max(score, best(GAME.apply(node, seat, "draw")))
        else:
            value = max(best(GAME.apply(node, seat, action)) for action in GAME.legal_actions(node, seat))
        memo[key] = value
        return value

    return best(state)


def _late_positions() -> list[tuple[TeamUpState, int]]:
    """Positions with a few cards still to come: the rulings' pallet part built, the rest of the deck
    shuffled; and games of the greedy teammate."""
    out = []
    deck, actions = rulings_game()
    for seed, (boxes, limit) in enumerate([(20, 3), (21, 3), (23, 4), (24, 4), (18, 3), (22, 3)]):
        rest = deck[boxes:]
        random.Random(seed).shuffle(rest)
        out.append((play(started(deck[:boxes] + rest, seats=2), *actions[: 2 * boxes]), limit))
    for seed in (16, 74, 151):  # cards that go face down on the way (one after a square took the last white box)
        rng = random.Random(seed)
        boxes = rng.randrange(17, 26)
        rest = deck[boxes:]
        rng.shuffle(rest)
        out.append((play(started(deck[:boxes] + rest), *actions[: 2 * boxes]), 4 if boxes > 21 else 3))
    bot = MediumBot()
    for seed, (cards, limit) in enumerate([(8, 2), (12, 2), (16, 3), (20, 3), (14, 2), (24, 3), (10, 2)]):
        match = Match(GAME, ["medium"], seed)
        match.play_chance()
        while (match.state.drawn < cards or match.state.phase == "place") and not GAME.is_terminal(match.state):
            view = GAME.view(match.state, 0)
            match.apply(0, bot.choose(GAME, view, random.Random(seed)) if view["phase"] == "place" else "draw")
        if match.state.phase == "draw":
            out.append((match.state, limit))
    return out


def test_the_solver_agrees_with_brute_force_on_small_cases() -> None:
    checked = 0
    for state, limit in _late_positions():
        cards = list(state.deck[state.drawn : state.drawn + limit])
        problem = Problem.from_view(GAME.view(state, 0), cards)
        solution = solve(problem)
        assert solution.exact
        assert solution.score == _brute(state, limit), (state.code, state.drawn)
        checked += 1
    assert checked >= 14


def test_puzzle_set_ups_are_seeded_and_proved() -> None:
    spot, deck = puzzle_setup(random.Random(11))
    assert (spot, deck) == puzzle_setup(random.Random(11))
    assert proves_perfect(spot, deck)
    solution = solve(Problem.start(spot, deck))
    assert solution.score == 25 and GAME.scores(replay(spot, deck, solution.plan)) == [25]
