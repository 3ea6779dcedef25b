"""The TF22 bots: medium (lands sensibly, gathers ore, beats random play) and strong (a bounded search that beats
medium): legal in every phase and seat count, deterministic, and their strength on fixed seeds."""

from __future__ import annotations

import random
from typing import Any

from cargobay.engine import CHANCE, TERMINAL, Match
from cargobay.games.tf22 import bots, recall
from cargobay.games.tf22.actions import Move, parse
from cargobay.games.tf22.bots import MediumBot, StrongBot, landing_value
from cargobay.games.tf22.rules import GAME
from cargobay.games.tf22.search import Evaluator, MoveSearch, candidates, decision_budget
from cargobay.games.tf22.state import Derived
from cargobay.registry import SPECS
from tests.games.tf22.helpers import Scenario


def test_the_medium_bot_lands_where_ore_is_thick_with_water_at_hand() -> None:
    state = GAME.apply(GAME.new_state(2, {}), CHANCE, "order:0,1")
    view = GAME.view(state, 0)
    choice = MediumBot().choose(GAME, view, random.Random(1))
    assert choice in view["legal"]
    assert landing_value(state, choice) == max(landing_value(state, action) for action in view["legal"])


def test_the_medium_bot_loads_ore_next_to_its_transporter_and_brings_it_home() -> None:
    s = Scenario(landers=False)
    s.lander(0, "18,14", 0)
    s.lander(1, "5,12", 0)
    s.add("transporter", 0, "20,16", "t")
    s.add("ore", -1, "20,17", "o")
    bot = MediumBot()
    choice = bot.choose(GAME, GAME.view(s.state, 0), random.Random(1))
    assert choice == "load:{t}<{o}".format(**s.ids)
    for _ in range(6):
        s.play(bot.choose(GAME, GAME.view(s.state, 0), random.Random(1)))
        if s.state.pieces[s["o"]].carrier == s["L0"]:
            break
    assert s.state.pieces[s["o"]].carrier == s["L0"]


# --- strong ---------------------------------------------------------------------------------------------------
def play(levels: list[str], seed: int, turns: int) -> Match:
    """A whole match of bots, every action checked against the acting seat's legal list."""
    spec = SPECS["tf22"]
    match = Match(GAME, levels, seed, {"turns": turns})
    bots = [spec.bot(level) for level in levels]
    while GAME.current_player(match.state) != TERMINAL:
        if GAME.current_player(match.state) == CHANCE:
            match.play_chance()
            continue
        seat = GAME.current_player(match.state)
        view = GAME.view(match.state, seat)
        action = bots[seat].choose(GAME, view, match.rng(seat))
        assert action in view["legal"], (seat, action)
        match.apply(seat, action)
    return match


def test_the_strong_bot_is_registered_and_plays_legal_actions_with_three_and_four_seats() -> None:
    assert SPECS["tf22"].levels == ("easy", "medium", "strong")
    for levels, seed in ((["strong", "medium", "strong"], 5), (["strong", "easy", "strong", "medium"], 6)):
        match = play(levels, seed, 3)
        assert GAME.result(match.state) is not None and match.state.flown[0] and match.state.flown[2]


def test_the_strong_bot_is_deterministic_and_draws_nothing_at_random() -> None:
    first = play(["strong", "medium"], 7, 3).to_log()
    assert play(["strong", "medium"], 7, 3).to_log() == first
    state = GAME.apply(GAME.new_state(2, {}), CHANCE, "order:0,1")
    view = GAME.view(state, 0)
    picks = {StrongBot().choose(GAME, view, random.Random(seed)) for seed in range(2)}
    assert len(picks) == 1 and picks <= set(view["legal"])


def test_a_searched_move_changes_the_state_as_the_engine_would() -> None:
    match = Match(GAME, ["medium", "medium"], 8, {"turns": 5})
    bot = MediumBot()
    while not (match.state.phase == "play" and match.state.turn == 3):
        seat = GAME.current_player(match.state)
        if seat == CHANCE:
            match.play_chance()
        else:
            match.apply(seat, bot.choose(GAME, GAME.view(match.state, seat), match.rng(seat)))
    state = match.state
    seat = state.seat
    evaluator = Evaluator(state, seat, [])
    search = MoveSearch(GAME, seat, evaluator, 10_000)
    tried = candidates(state, seat, evaluator)
    assert any(isinstance(parse(action), Move) for action in tried)
    for action in tried:
        fast = search.child(state, action)
        engine = GAME.apply(state, seat, action)
        assert (fast.pieces, fast.ap, fast.shots, fast.breach) == (
            engine.pieces, engine.ap, engine.shots, engine.breach)
        derived, fresh = fast.derived, Derived(fast.pieces)  # a move updates the occupancy in place of a recount
        assert (derived.top, derived.pontoon, derived.lander, derived.cargo) == (
            fresh.top, fresh.pontoon, fresh.lander, fresh.cargo)


def test_the_strong_bot_beats_medium_on_fixed_seeds_and_takes_off_with_every_unit() -> None:
    """Four 10-turn matches (seeds 0-3; strong in seat 0 on even seeds, seat 1 on odd ones): strong wins every one,
    by 30 points in all, and takes off with all 11 of its units and every unit its Production Unit built (it builds
    some). A bot no better than medium would win all four 1 time in 16 and would rarely lead by 30 (about 2 sd of
    the sum of four margins between equal bots)."""
    wins, margin, built = 0, 0, 0
    for seed in range(4):
        me = seed % 2
        levels = ["medium", "medium"]
        levels[me] = "strong"
        match = play(levels, seed, 10)
        result: Any = GAME.result(match.state)
        wins += result["winners"] == [me]
        margin += result["scores"][me] - result["scores"][1 - me]
        builds = sum(1 for seat, action in match.actions if seat == me and action.startswith("build:"))
        built += builds
        assert result["freight"][me][1] == 11 + builds, (seed, result, builds)
    assert wins == 4 and margin >= 30, (wins, margin)
    assert built >= 1


def test_medium_beats_random_play_on_fixed_seeds_and_takes_off_with_white_ore() -> None:
    for seed in range(3):
        me = seed % 2
        levels = ["easy", "easy"]
        levels[me] = "medium"
        result: Any = GAME.result(play(levels, seed, 5).state)
        assert result["winners"] == [me] and result["ore"][me] >= 1, (seed, result)
        assert result["scores"][me] >= result["scores"][1 - me] + 5, (seed, result)


# --- building, repairing, replacing Comm Modules (rulebook: "Capturing a Lander"; ruling 11) --------------------
def strong_move(s: Scenario, seat: int = 0) -> list[str]:
    """The strong bot's whole move from the scenario's position (every action checked legal)."""
    bot, played = StrongBot(), []
    while s.state.phase == "play" and s.state.seat == seat and len(played) < 30:
        view = GAME.view(s.state, seat)
        action = bot.choose(GAME, view, random.Random(0))
        assert action in view["legal"], action
        played.append(action)
        s.play(action)
        if action in ("end", "takeoff"):
            break
    return played


def test_the_strong_bot_builds_a_transporter_where_white_ore_lies_beside_its_production_unit() -> None:
    """A Production Unit holding White Ore three steps from home, four lumps around it and no other carrier: a
    Transporter built there gathers two at once (the same move: 2 banked, 2 units made, 1 more on board, against 3
    banked by carrying one at a time, which is what the bot did when it never built)."""
    s = Scenario(landers=False)
    s.lander(0, "18,14", 0)
    s.lander(1, "5,12", 0)
    s.add("production", 0, "22,15", "p")
    s.add("ore", -1, inside="p", name="o")
    for index, cell in enumerate(("23,16", "24,15", "24,16", "22,17")):
        s.add("ore", -1, cell, f"x{index}")
    played = strong_move(s)
    assert any(action.startswith("build:{p}>transporter@".format(**s.ids)) for action in played), played
    state = s.state
    made = [pid for pid, piece in state.pieces.items() if pid > s["x3"] and piece.kind in ("rcu", "transporter")]
    inside = state.derived.contents(s["L0"])
    assert made and len(inside) + len(made) >= 4, (played, made, inside)


def captured(module: bool) -> Scenario:
    """Three seats: seat 0 has just boarded seat 1's Lander (18,14; all three Turrets destroyed, its own module
    in; inside an RCU and three White Ore) and seat 2's Spider and RCU stand four hexes from its pods, ready to
    board it in their move. ``module``: seat 0 also holds a Comm Module of company 1 (one repair at 2 AP)."""
    s = Scenario(landers=False, seats=3)
    s.lander(0, "5,12", 0)
    s.lander(1, "18,14", 0, turrets=())
    s.lander(2, "24,2", 0)
    s.add("rcu", 1, inside="L1", name="inside")
    for index in range(3):
        s.add("ore", -1, inside="L1", name=f"o{index}")
    s.add("spider", 0, "18,12", "a")
    s.add("spider", 2, "21,12", "e")
    s.add("rcu", 2, "21,11", "e2")
    s.play("capture:{a}>{L1}")
    if module:
        s.state.modules[0][1] = 1
    return s


def turrets(s: Scenario, lander: str) -> int:
    return sum(1 for piece in s.state.pieces.values() if piece.kind == "turret" and piece.aux == s[lander])


def test_the_strong_bot_repairs_a_captured_landers_turrets_before_an_enemy_can_board_it() -> None:
    s = captured(module=True)
    played = strong_move(s)
    assert any(action.startswith("repair:{L1}>".format(**s.ids)) for action in played), played
    assert turrets(s, "L1") == 3, played  # the held module and the two the replacement frees: every pod re-armed


def test_the_strong_bot_replaces_the_module_to_repair_when_it_holds_none() -> None:
    """No Comm Module to repair with: replacing the Lander's own (nothing of company 1 is outside to lose) hands
    the captor two (the Lander's and the RCU's inside), worth two Turrets at 2 AP each."""
    s = captured(module=False)
    assert not any(action.startswith("repair:") for action in s.unit("L1"))
    played = strong_move(s)
    assert played[0] == "replace:{L1}".format(**s.ids), played
    assert turrets(s, "L1") == 2 and s.state.modules[0] == [0, 0, 0], played


def test_the_strong_bot_keeps_the_module_while_the_company_it_commands_is_outside() -> None:
    """The same capture with company 1's Transporter and RCU outside (they serve the captor while the module stays
    in) and no enemy anywhere near: replacing would only lose them."""
    s = captured(module=False)
    for name in ("e", "e2"):
        s.state.drop(s[name])
    s.add("transporter", 1, "10,16", "t")
    s.add("rcu", 1, "11,16", "r")
    played = strong_move(s)
    assert not any(action.startswith("replace:") for action in played), played


def test_a_move_s_budget_is_shared_over_the_ap_it_began_with_enemy_landers_included() -> None:
    """Rulebook: 15 AP a move, the AP saved and +5 per enemy Lander held. Seat 0 holds seat 1's captured Lander and
    saved 10, so its moves begin with 30 AP: every decision of one gets 1,000 // 30 positions, the first (30 AP
    left) as the later ones (3 left), so the move spends at most its budget."""
    s = captured(module=False)
    state = s.state
    state.saved[0] = 10
    for left in (30, 3):
        state.ap[0] = left
        assert decision_budget(state, 0, 100, 1000) == 1000 // 30
    state.ap[0] = 34  # a capture this move (+5 at once): more than the move began with
    assert decision_budget(state, 0, 100, 1000) == 1000 // 34


def test_the_strong_bot_recalling_its_last_decision_plays_as_one_that_recalls_nothing() -> None:
    """recall.py hands a decision the values its predecessor found from the position it chose: exact work saved, the
    same choices. A whole move of turn 3 (loads, a build, moves), played twice: recalling, and forgetting before
    each decision."""
    match = Match(GAME, ["medium", "medium"], 8, {"turns": 5})
    medium = MediumBot()
    while not (match.state.phase == "play" and match.state.turn == 3):
        seat = GAME.current_player(match.state)
        if seat == CHANCE:
            match.play_chance()
        else:
            match.apply(seat, medium.choose(GAME, GAME.view(match.state, seat), match.rng(seat)))
    hits: list[int] = []

    def counted(evaluator: Evaluator, state: Any) -> Any:
        found = recall.recall(evaluator, state)
        hits.append(len(found[1]))
        return found

    moves = []
    original, bots.recall = bots.recall, counted
    try:
        for forgetting in (False, True):
            state, seat, bot, played = match.state, match.state.seat, StrongBot(), []
            recall.forget()
            while state.phase == "play" and state.seat == seat and len(played) < 40:
                if forgetting:
                    recall.forget()
                action = bot.choose(GAME, GAME.view(state, seat), random.Random(0))
                played.append(action)
                state = GAME.apply(state, seat, action)
            moves.append(played)
    finally:
        bots.recall = original
    assert sum(hits[:len(moves[0])]) >= 20 and not any(hits[len(moves[0]):])  # recalled values were used
    assert moves[0] == moves[1]
