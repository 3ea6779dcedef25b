"""TF22: a captured Lander's Comm Module (rulebook, "Capturing a Lander"): kept (its company's units serve the
captor), replaced by the captor's (they are commanded by nobody), and used for repairs."""

from __future__ import annotations

import pytest

from cargobay.engine import IllegalActionError, StateError
from cargobay.games.tf22 import flow
from cargobay.games.tf22.fire import active, zones
from cargobay.games.tf22.legal import actors
from cargobay.games.tf22.rules import GAME
from cargobay.registry import SPECS
from cargobay.render import RenderContext
from tests.games.tf22.helpers import Scenario


def boarded(seats: int = 2) -> Scenario:
    """Seat 0 has just boarded seat 1's Lander (18,14; pods 18,13, 19,14, 17,14): seat 1 had an RCU inside, a
    Transporter with White Ore in it and an RCU outside, side by side with a Spider (a zone around them)."""
    s = Scenario(landers=False, seats=seats)
    s.lander(0, "5,12", 0)
    s.lander(1, "18,14", 0, turrets=())
    if seats > 2:
        s.lander(2, "24,2", 0)
    s.add("rcu", 1, inside="L1", name="inside")
    s.add("transporter", 1, "25,16", "t")
    s.add("ore", -1, inside="t", name="o")
    s.add("rcu", 1, "25,14", "out")
    s.add("spider", 1, "26,15", "sp")
    s.add("spider", 0, "18,12", "a")  # next to the N pod 18,13
    s.play("capture:{a}>{L1}")
    return s


def test_boarding_keeps_the_landers_module_so_its_company_serves_the_captor() -> None:
    s = boarded()
    state = s.state
    assert state.holder == [0, 0] and state.captured[0] == [1] and state.modules[0] == [0, 0]
    assert all(state.controller(state.pieces[s[name]]) == 0 for name in ("L1", "inside", "t", "out", "sp"))
    assert f"replace:{s['L1']}" in s.unit("L1")  # the second option, offered at once
    assert not any(a.startswith("replace:") for a in s.unit("L0"))  # never one's own Lander


def test_replacing_the_module_leaves_the_companys_units_outside_commanded_by_nobody() -> None:
    s = boarded()
    ap = s.state.ap[0]
    s.play("replace:{L1}")
    state = s.state
    pieces = state.pieces
    assert state.ap[0] == ap - 1
    assert pieces[s["L1"]].comm == 0 and state.holder[1] == -1
    assert sorted(state.held_landers(0)) == sorted([s["L0"], s["L1"]])
    # inside the Lander: the captor's (its module exchanged, kept like a captured unit's); the Lander's own module
    assert pieces[s["inside"]].comm == 0 and state.controller(pieces[s["inside"]]) == 0
    assert state.modules[0] == [0, 2]
    # outside: nobody's, inactive, no zone; a Transporter keeps its ore
    for name in ("t", "out", "sp"):
        assert state.controller(pieces[s[name]]) == -1 and not active(state, s[name], 1)
        assert s[name] not in actors(state, 0)
    assert pieces[s["o"]].carrier == s["t"]
    assert zones(state).zone(1) == []
    assert not any(a.startswith("replace:") for a in s.unit("L1"))  # done once
    assert flow.modules_score(state, 0) == 0  # company 1's modules: its Lander was captured
    # undo puts everything back
    state = GAME.apply(state, 0, "undo")
    assert state.holder == [0, 0] and state.pieces[s["L1"]].comm == 1 and state.modules[0] == [0, 0]


def test_the_replaced_module_repairs_a_turret_for_two_action_points() -> None:
    s = boarded()
    assert not any(a.startswith("repair:") for a in s.unit("L1"))  # no module of company 1 yet
    s.play("replace:{L1}")
    ap = s.state.ap[0]
    s.play("repair:{L1}>19,14")
    state = s.state
    turret = next(pid for pid, p in state.pieces.items() if p.kind == "turret" and p.aux == s["L1"])
    assert state.ap[0] == ap - 2 and state.modules[0] == [0, 1]
    assert state.pieces[turret].comm == 0 and state.controller(state.pieces[turret]) == 0


def test_repaired_turrets_follow_the_lander_when_its_module_is_replaced_later() -> None:
    s = boarded(seats=3)
    s.state.modules[0] = [0, 0, 2]
    s.play("repair:{L1}>19,14")
    turret = next(pid for pid, p in s.state.pieces.items() if p.kind == "turret" and p.aux == s["L1"])
    assert s.state.pieces[turret].comm == 1
    s.play("replace:{L1}")
    assert s.state.pieces[turret].comm == 0 and s.state.controller(s.state.pieces[turret]) == 0


def test_a_captured_lander_still_gives_five_action_points_a_move_after_its_module_is_replaced() -> None:
    s = boarded()
    s.play("replace:{L1}", "end")  # seat 1 holds no Lander: seat 0 moves again in turn 4
    assert s.state.turn == 4 and s.state.seat == 0 and s.state.ap[0] == 15 + 10 + 5


def test_units_commanded_by_nobody_are_captured_by_anyone_their_old_zone_no_longer_protects_them() -> None:
    s = boarded()
    s.add("rcu", 0, "24,16", "b")  # both next to the Transporter (25,16)
    s.add("rcu", 0, "26,16", "c")
    capture = "capture:{b}+{c}>{t}".format(**s.ids)
    assert capture not in s.unit("b")  # its own company's: nothing to capture
    s.play("replace:{L1}")
    assert capture in s.unit("b")
    s.play(capture)
    state = s.state
    assert state.pieces[s["t"]].comm == 0 and state.controller(state.pieces[s["t"]]) == 0
    assert state.modules[0] == [0, 3]


def test_boarding_a_lander_with_a_replaced_module_hands_over_only_the_lander_and_its_cargo() -> None:
    s = boarded(seats=3)
    s.play("replace:{L1}")
    s.add("rcu", 0, "10,12", "home")  # a unit of seat 0's own company elsewhere
    s.state.order = [0, 2, 1]
    s.play("end")  # seat 2's move (seat 1 has none)
    assert s.state.seat == 2
    s.add("rcu", 2, "20,14", "raider")  # next to the SE pod 19,14
    s.play("capture:{raider}>{L1}")
    state = s.state
    pieces = state.pieces
    assert state.holder == [0, -1, 2] and state.captured[2] == [1]
    assert sorted(state.held_landers(2)) == sorted([s["L1"], s["L2"]]) and state.held_landers(0) == [s["L0"]]
    assert pieces[s["L1"]].comm == 2 and pieces[s["inside"]].comm == 2 and pieces[s["a"]].comm == 2
    assert state.controller(pieces[s["home"]]) == 0  # seat 0's company stays with seat 0
    assert state.modules[2] == [3, 0, 0]  # the module seat 0 put in, and those of its units inside
    assert flow.modules_score(state, 2) == 3


def test_a_state_whose_commanded_company_lander_holds_a_foreign_module_is_refused() -> None:
    s = boarded()
    s.play("replace:{L1}")
    data = GAME.state_to_json(s.state)
    assert GAME.state_to_json(GAME.state_from_json(data)) == data
    data["holder"] = [0, 0]
    with pytest.raises(StateError):
        GAME.state_from_json(data)


def test_replace_is_refused_when_it_is_not_legal() -> None:
    s = boarded()
    with pytest.raises(IllegalActionError):
        GAME.apply(s.state, 0, "replace:{}".format(s["L0"]))
    s.play("replace:{L1}")
    with pytest.raises(IllegalActionError):
        GAME.apply(s.state, 0, "replace:{}".format(s["L1"]))


def test_the_board_shows_units_commanded_by_nobody_as_inactive() -> None:
    s = boarded()
    s.play("replace:{L1}")
    svg = SPECS["tf22"].render(GAME.view(s.state, 0), RenderContext(perspective=0))
    assert "inactive (commanded by nobody)" in svg


def test_a_company_that_boards_its_own_lander_back_commands_its_units_again() -> None:
    """Seat 1 (commanding company 2, whose Lander it holds) boards its own Lander after seat 0 replaced its
    module: the Lander takes company 1's module again, so its units outside serve seat 1 once more; seat 0's
    modules taken out (the one it put in, those of the units inside) are seat 1's, and score nothing."""
    s = boarded(seats=3)
    s.play("replace:{L1}")
    s.state.holder[2] = 1  # seat 1 commands company 2 (its Lander 24,2 was captured by seat 1 earlier)
    s.state.captured[1] = [2]
    s.state.order = [0, 1, 2]
    s.play("end")
    assert s.state.seat == 1
    s.add("rcu", 2, "20,14", "back")  # company 2's unit, next to the SE pod 19,14
    s.play("capture:{back}>{L1}")
    state = s.state
    pieces = state.pieces
    assert state.holder == [0, 1, 1] and state.captured[1] == [2]
    assert pieces[s["L1"]].comm == 1 and sorted(state.held_landers(1)) == sorted([s["L1"], s["L2"]])
    for name in ("t", "out", "sp"):  # outside, commanded by nobody until now
        assert state.controller(pieces[s[name]]) == 1
    assert pieces[s["inside"]].comm == 1 and pieces[s["a"]].comm == 1  # exchanged: seat 0's spider is taken
    assert state.modules[1] == [3, 0, 0] and flow.modules_score(state, 1) == 3
    assert state.ap[1] == 15 + 5 - 1 + 5  # its move (+5 for Lander 2), the capture, +5 at once


def test_undoing_a_boarding_puts_back_who_commands_what() -> None:
    s = boarded()
    state = GAME.apply(s.state, 0, "undo")
    assert state.holder == [0, 1] and state.captured[0] == [] and state.pieces[s["a"]].carrier == -1


def test_boarding_takes_the_units_inside_that_hold_a_module_of_a_company_the_old_captor_commands() -> None:
    """Seat 0 commands company 2 (it boarded Lander 2) and keeps one of company 2's RCUs inside its own Lander:
    seat 1 boards seat 0's Lander, so that RCU passes to seat 1 with everything inside (its module exchanged)."""
    s = Scenario(landers=False, seats=3, mover=1)
    s.lander(0, "18,14", 0, turrets=())
    s.lander(1, "5,12", 0)
    s.lander(2, "24,2", 0, turrets=())
    s.state.holder[2] = 0
    s.state.captured[0] = [2]
    s.add("rcu", 2, inside="L0", name="c2")
    s.add("rcu", 0, inside="L0", name="c0")
    s.add("spider", 1, "18,12", "a")  # next to the N pod 18,13
    s.play("capture:{a}>{L0}")
    state = s.state
    pieces = state.pieces
    assert state.holder == [1, 1, 0] and state.captured[1] == [0]
    assert state.controller(pieces[s["c0"]]) == 1 and pieces[s["c0"]].comm == 0  # the module stays in
    assert pieces[s["c2"]].comm == 1 and state.controller(pieces[s["c2"]]) == 1
    assert state.modules[1] == [0, 0, 1] and flow.modules_score(state, 1) == 1
    assert state.held_landers(0) == [s["L2"]]
