"""A perft-like guard for the move generator: the number of legal actions from fixed positions, recorded once.

How the counts were checked (recorded 2026-11-30, from legal.py as it stands then):
- Position A is small enough to count by hand (test_position_a documents the count unit by unit).
- Turn 2 (Landers at 18,14/0 and 5,12/0): 1 ``end`` + unloads only, counted by formula: the Lander's three pods
  touch 12 hexes (none occupied, none in a zone); 9 of the 11 pieces inside may go to each of them (pontoon
  included: every one of those hexes is land); the Spider to 11 (20,15 is a mountain); the Sea Freighter to
  54 (head, second hex) pairs: every one of the 12 hexes with each free direction of its second hex.
- Landing: checked against a brute force over every hex and both orientations written in this file
  (``_landing_by_hand``), which repeats the rules in its own words: 4 hexes of plain or swamp, none on the border,
  none within 3 of a Lander already down.
- The random-match positions are whole-engine guards (the seeded chance events and the bots' choices go through
  every rule); their counts were taken from the generator after the tests above and the contract (every listed
  action applies; the selection steps reach exactly the list) passed. A change to a count there must be
  explained by a deliberate rules change.
"""

from __future__ import annotations

import random

from cargobay.engine import CHANCE, Match
from cargobay.games.tf22.board import EDGE, HEXES, TERRAIN, distance, neighbour
from cargobay.games.tf22.rules import GAME
from cargobay.games.tf22.state import TF22State
from tests.games.tf22.helpers import Scenario, start


def _landing_by_hand(state: TF22State) -> int:
    down = list(state.derived.lander)
    count = 0
    for centre in HEXES:
        for pods in ((0, 2, 4), (1, 3, 5)):
            hexes = [centre, *(neighbour(centre, d) for d in pods)]
            if any(cell < 0 or cell in EDGE or TERRAIN[cell] not in ".s" for cell in hexes):
                continue
            if any(distance(cell, other) <= 3 for cell in hexes for other in down):
                continue
            count += 1
    return count


def test_landing_counts() -> None:
    state = GAME.apply(GAME.new_state(2, {}), CHANCE, "order:0,1")
    assert len(GAME.legal_actions(state, 0)) == 143 == _landing_by_hand(state)
    state = GAME.apply(state, 0, "land:18,14/0")
    assert len(GAME.legal_actions(state, 1)) == 117 == _landing_by_hand(state)


def test_turn_2_count() -> None:
    state = start(2, sites=("18,14/0", "5,12/0"))
    legal = GAME.legal_actions(state, 0)
    assert len(legal) == 174 == 1 + 9 * 12 + 11 + 54
    assert sum(1 for action in legal if action.startswith("unload:")) == 173


def test_position_a() -> None:
    """RCU a (18,15) and Spider b (18,16) next to an enemy Transporter x (19,15); our Transporter t (20,16) next to
    White Ore (20,17); normal tide, 15 AP.
    a: moves to 18,14 19,14 17,15 17,14 (19,15 x, 18,16 b) = 4, capture a+b>x, fire a+b>x: 6;
    b: moves to 19,16 18,17 17,16 17,15 (18,15 a, 19,15 x) = 4, capture b+a>x, fire b+a>x: 6 (the ore at 20,17
    is within b's 3 but not a's 2);
    t: moves to 20,15 21,15 (mountains: a Transporter climbs) 21,16 19,16 = 4, load the ore: 5;
    and end: 18."""
    s = Scenario()
    s.add("rcu", 0, "18,15", "a")
    s.add("spider", 0, "18,16", "b")
    s.add("transporter", 0, "20,16", "t")
    s.add("ore", -1, "20,17", "o")
    s.add("transporter", 1, "19,15", "x")
    assert [len(s.unit(name)) for name in ("a", "b", "t")] == [6, 6, 5]
    assert len(s.legal()) == 18


def _midgame(seed: int, steps: int, seats: int) -> TF22State:
    """A match of random legal actions (never undo) from ``seed``, stopped after ``steps`` actions."""
    rng = random.Random(seed)
    match = Match(GAME, ["easy"] * seats, seed, {})
    while match.step < steps:
        if GAME.current_player(match.state) == CHANCE:
            match.play_chance()
            continue
        seat = GAME.acting_seats(match.state)[0]
        match.apply(seat, rng.choice([a for a in GAME.legal_actions(match.state, seat) if a != "undo"]))
    return match.state


def _perft2(state: TF22State) -> tuple[int, int]:
    """Legal actions, and the sum of the mover's legal actions after each of them (``end`` aside)."""
    seat = GAME.acting_seats(state)[0]
    legal = GAME.legal_actions(state, seat)
    return len(legal), sum(len(GAME.legal_actions(GAME.apply(state, seat, a), seat)) for a in legal if a != "end")


def test_random_match_positions() -> None:
    assert _perft2(_midgame(2, 300, 3)) == (13, 145)
    assert _perft2(_midgame(3, 400, 4)) == (36, 1285)  # rulings 11-12 changed the legal sets, so the walk
