"""Team UP! teammates (medium, strong) and the hint."""

from __future__ import annotations

import random

from cargobay.engine import Match
from cargobay.games.teamup import SPEC
from cargobay.games.teamup.bots import MediumBot, StrongBot
from cargobay.games.teamup.codes import encode
from cargobay.games.teamup.hint import hint
from cargobay.games.teamup.rules import GAME
from cargobay.games.teamup.sim import Sim
from cargobay.games.teamup.solver import Problem, solve
from cargobay.table import Table as Seats

from .helpers import play, rulings_game, started


def test_the_bots_play_whole_games_with_legal_moves_and_replay() -> None:
    for seats, seed in ((["medium", "strong", "medium"], 1), (["strong"], 2)):
        table = Seats.new(SPEC, seats, seed)
        table.play_out()
        assert table.is_over()
        again = Seats.new(SPEC, seats, seed)
        again.play_out()
        assert again.match.actions == table.match.actions
        result = GAME.result(table.match.state)
        assert result is not None and result["score"] >= -27


def test_medium_keeps_drawing_while_a_perfect_pallet_is_reachable() -> None:
    state = started(seats=2)
    view = GAME.view(state, 0)
    assert Sim.from_view(view).floor == 5
    assert MediumBot().choose(GAME, view, random.Random(0)) == "draw"


def test_strong_plays_a_known_order_perfectly_in_challenge_mode() -> None:
    deck, _ = rulings_game()
    match = Match(GAME, ["strong", "strong"], 3, {"mode": "challenge", "setup": encode(0, deck)})
    bot = StrongBot()
    while not GAME.is_terminal(match.state):
        seat = GAME.current_player(match.state)
        match.apply(seat, bot.choose(GAME, GAME.view(match.state, seat), random.Random(0)))
    assert GAME.scores(match.state) == [25, 25]


def test_the_hint_names_a_legal_decision_and_an_expected_score() -> None:
    rng = random.Random(5)
    state = started(list(reversed(rulings_game()[0])))
    first = hint(GAME.view(state, 0), rng, samples=2)
    assert first.action in ("draw", "stop") and first.expected is not None and not first.known
    state = play(state, "draw")
    placed = hint(GAME.view(state, 0), rng, samples=2)
    assert placed.action in GAME.legal_actions(state, 0)
    assert placed.expected is not None and -30 <= placed.expected <= 25
    assert hint(GAME.view(state, 0), rng, samples=0).expected is None


def test_the_hint_with_a_known_order_is_the_solver() -> None:
    deck, _ = rulings_game()
    state = play(started(deck, mode="challenge"), "draw")
    view = GAME.view(state, 0)
    known = hint(view, random.Random(0))
    assert known.known and known.expected == 25.0
    assert known.action in view["legal"]
    assert solve(Problem.from_view(view, [view["card"], *view["upcoming"]])).score == 25
