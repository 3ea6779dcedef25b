"""Team UP! teammates (medium, strong) and the hint."""

from __future__ import annotations

import random

import pytest

from cargobay.engine import Match
from cargobay.games.teamup import SPEC
from cargobay.games.teamup import hint as hint_module
from cargobay.games.teamup.bots import MediumBot, StrongBot
from cargobay.games.teamup.codes import encode
from cargobay.games.teamup.hint import decide, hint, keeps_aim
from cargobay.games.teamup.rules import GAME
from cargobay.games.teamup.sim import CARD_INDEX, Sim
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


def _medium_view(seed: int, decision: int) -> dict[str, object]:
    """The view of a seeded blind game played by the medium bot at its ``decision``-th decision."""
    match = Match(GAME, ["medium"], seed)
    match.play_chance()
    bot = MediumBot()
    for _ in range(decision):
        match.apply(0, bot.choose(GAME, GAME.view(match.state, 0), random.Random(0)))
    return GAME.view(match.state, 0)


def test_strong_weighs_a_face_down_card_as_one_point_and_a_broken_aim_as_the_layers_it_loses() -> None:
    """Two stacks of a perfect pallet are left, layer 4 is being filled. After the greedy's blue square a
    rectangular card would break the aim (down to four full layers); after the blue big box no card breaks
    it, but a red or a big card would go face down. A face-down costs a point, a lost layer five: the strong
    bot takes the big box (its lookahead once counted both as the aim lost, and took the square)."""
    view = _medium_view(1, 41)
    assert view["phase"] == "place" and view["card"] == "blue"
    table = Sim.from_view(view)
    table.unseen[CARD_INDEX["blue"]] += 1
    assert table.floor == 5 and len(table.cand) == 2
    square, big = "place:S-blue@h:4,0", "place:B-blue@h:3,2"
    assert table.choose("blue").action() == square  # the greedy's (the medium bot's) choice
    outcomes = {}
    for action in (square, big):
        after = table.copy()
        after.play("blue", next(m for m in after.moves("blue") if m.action() == action))
        answers = {kind: after.choose(kind) for kind in ("red", "rect", "big")}
        outcomes[action] = {kind: "face down" if move is None else "keeps" if keeps_aim(after, move) else "breaks"
                            for kind, move in answers.items()}
    assert outcomes[square]["rect"] == "breaks" and outcomes[big] == {"red": "face down", "rect": "keeps",
                                                                       "big": "face down"}
    assert StrongBot().choose(GAME, view, random.Random(0)) == big


def test_strong_fills_the_lower_layer_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """Layer 3 has 20 of its 24 cells, layer 4 has 9: by the lookahead alone a thin box on layer 4 is a little
    better, but a card that breaks the aim later would break layer 3 then, not a layer above it. The strong bot
    loses ``LAYER_WEIGHT`` a layer up and fills layer 3 with the square."""
    view = _medium_view(0, 35)
    assert view["phase"] == "place" and view["card"] == "blue"
    table = Sim.from_view(view)
    table.unseen[CARD_INDEX["blue"]] += 1
    assert [layer.bit_count() for layer in table.pallet.occ][2:4] == [20, 9]
    assert decide(table.copy(), "blue")[0] == "place:S-blue@h:4,2"  # layer 3
    monkeypatch.setattr(hint_module, "LAYER_WEIGHT", 0.0)
    assert decide(table.copy(), "blue")[0] == "place:T-blue@v:2,1"  # layer 4
