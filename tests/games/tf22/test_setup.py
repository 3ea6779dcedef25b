"""TF22 set-up and the turn structure: landing order, landing rules, the tide deck, turn 2, Action Points,
forecasts (hidden), the last turn and scoring."""

from __future__ import annotations

import random

import pytest

from cargobay.engine import CHANCE, TERMINAL, IllegalActionError
from cargobay.games.tf22.board import EDGE, ORE_START, TERRAIN, disk, parse_hex
from cargobay.games.tf22.rules import GAME
from cargobay.games.tf22.state import lander_hexes
from cargobay.games.tf22.units import reserve
from tests.games.tf22.helpers import Scenario, start


def test_a_match_starts_with_ore_and_the_reserve_and_rolls_the_landing_order() -> None:
    state = GAME.new_state(3, {})
    assert GAME.current_player(state) == CHANCE and state.phase == "order"
    assert sum(1 for p in state.pieces.values() if p.kind == "ore") == len(ORE_START)
    assert state.reserve == reserve(3) == {"rcu": 12, "transporter": 3, "pontoon": 3}
    order = GAME.sample_chance(state, random.Random(1))
    assert order.startswith("order:") and sorted(order[6:].split(",")) == ["0", "1", "2"]
    state = GAME.apply(state, CHANCE, "order:2,0,1")
    assert GAME.current_player(state) == 2
    with pytest.raises(IllegalActionError, match="not seat 0's turn"):
        GAME.apply(state, 0, GAME.legal_actions(state, 2)[0])


def test_landing_sites_keep_off_the_edge_on_plains_and_swamps() -> None:
    state = GAME.apply(GAME.new_state(2, {}), CHANCE, "order:0,1")
    sites = GAME.legal_actions(state, 0)
    assert len(sites) > 100
    for action in sites:
        centre, orientation = action[5:].split("/")
        for cell in lander_hexes(parse_hex(centre), int(orientation)):
            assert cell not in EDGE and TERRAIN[cell] in ".s"
    assert "land:1,1/0" not in sites  # a mountain on the edge
    with pytest.raises(IllegalActionError, match="Landing"):
        GAME.apply(state, 0, "land:5,5/0")  # open sea


def test_landing_clears_the_ore_of_its_zone_and_keeps_other_landers_out() -> None:
    state = GAME.apply(GAME.new_state(2, {}), CHANCE, "order:1,0")
    state = GAME.apply(state, 1, "land:18,14/0")
    hexes = lander_hexes(parse_hex("18,14"), 0)
    zone = {cell for pod in hexes for cell in disk(pod, 3)}
    ore = {p.hex for p in state.pieces.values() if p.kind == "ore"}
    assert not ore & zone and ore == set(ORE_START) - zone
    lander = state.pieces[state.landers[1]]
    inside = [state.pieces[pid].kind for pid in state.derived.cargo[state.landers[1]]]
    assert lander.kind == "lander" and sorted(inside) == sorted(
        ["transporter", "production", "rcu", "rcu", "rcu", "rcu", "spider", "speedboat", "speedboat", "freighter",
         "pontoon"])
    assert sum(1 for p in state.pieces.values() if p.kind == "turret") == 3
    sites = GAME.legal_actions(state, 0)
    assert "land:18,16/0" not in sites and "land:20,14/0" not in sites  # within 3 hexes of the first Lander
    assert "land:24,9/0" in sites and "land:24,13/0" in sites


def test_the_deck_is_dealt_after_landing_and_turn_2_starts_with_the_revealed_card() -> None:
    state = GAME.apply(GAME.new_state(2, {}), CHANCE, "order:0,1")
    state = GAME.apply(state, 0, "land:18,14/0")
    state = GAME.apply(state, 1, "land:5,12/0")
    assert state.phase == "deal" and GAME.current_player(state) == CHANCE
    with pytest.raises(IllegalActionError, match="deck holds"):
        GAME.apply(state, CHANCE, "tides:EEEEEEEEEEEEEEE")
    state = GAME.apply(state, CHANCE, "tides:FENFENFENFENFEN")
    assert state.faceup == ["F"] and state.turn == 2 and state.tide == "F" and len(state.deck) == 14
    state = GAME.apply(state, CHANCE, "first:1")
    assert state.order == [1, 0] and GAME.current_player(state) == 1
    assert state.ap == [0, 15]


def test_action_points_save_up_to_10_and_grow_with_held_landers() -> None:
    state = start(2)
    assert state.ap[0] == 15
    state = GAME.apply(state, 0, "end")
    assert state.saved[0] == 10 and state.seat == 1
    state = GAME.apply(state, 1, "end")
    assert state.turn == 3 and state.ap[0] == 25
    s = Scenario()
    s.state.holder[1] = 0  # seat 0 holds seat 1's Lander
    s.state.mover = 1
    s.play("end")
    assert s.state.turn == 4 and s.state.ap[0] == 15 + 5  # 5 more per enemy Lander held, nothing saved


def test_saved_points_are_what_is_left_at_most_10() -> None:
    s = Scenario(ap=15)
    s.add("rcu", 0, "18,14", "a")
    s.play(*["move:{a}>18,15", "move:{a}>18,14"] * 3, "end")
    assert s.state.saved[0] == 9


def test_a_seat_without_a_lander_has_no_move() -> None:
    s = Scenario(seats=3)
    s.state.holder[1] = 0
    s.play("end")
    assert s.state.seat == 2


def test_forecasts_are_hidden_from_other_seats_and_the_view_hides_the_deck() -> None:
    s = Scenario(deck="FFNNEEFNEFNEFN")
    s.add("production", 0, "18,14", "pu")
    s.state.known = [1, 0]
    view0, view1 = GAME.view(s.state, 0), GAME.view(s.state, 1)
    assert view0["forecast"] == ["F"] and view1["forecast"] == [] and GAME.view(s.state, None)["forecast"] == []
    assert "deck" not in view0 and view0["deck_size"] == 14 and view0["known"] == [1, 0]


def test_an_active_production_unit_reads_the_forecast_at_the_start_of_a_turn() -> None:
    s = Scenario(deck="FNEFNEFNEFNEFN")
    s.add("production", 0, "18,14", "pu")
    s.add("production", 0, "22,16", "pu2")
    s.add("production", 1, "17,17", "other")  # seat 1's: on plains, active
    s.play("end", "end")
    assert s.state.turn == 4 and s.state.tide == "F"
    assert s.state.known == [2, 1]  # one card per active Production Unit
    assert GAME.view(s.state, 0)["forecast"] == ["N", "E"]


def test_a_flooded_production_unit_reads_nothing() -> None:
    s = Scenario(tide="N", deck="FNEFNEFNEFNEFN")
    s.add("production", 0, "16,14", "pu")  # swamp: flooded when the flood card comes
    s.play("end", "end")
    assert s.state.tide == "F" and s.state.known[0] == 0


def test_unloading_the_production_unit_in_turn_2_shows_the_next_card_and_ends_undo() -> None:
    state = start(2, sites=("18,14/0", "5,12/0"), deck="NEFNEFNEFNEFNEF")
    lander = state.landers[0]
    pu = next(pid for pid in state.derived.cargo[lander] if state.pieces[pid].kind == "production")
    rcu = next(pid for pid in state.derived.cargo[lander] if state.pieces[pid].kind == "rcu")
    unloads = [a for a in GAME.legal_actions(state, 0) if a.startswith(f"unload:{lander}>{rcu}@")]
    state = GAME.apply(state, 0, unloads[0])
    assert "undo" in GAME.legal_actions(state, 0)
    unloads = [a for a in GAME.legal_actions(state, 0) if a.startswith(f"unload:{lander}>{pu}@")]
    state = GAME.apply(state, 0, unloads[0])
    assert state.known[0] == 1 and GAME.view(state, 0)["forecast"] == ["E"]
    assert "undo" not in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalActionError, match="nothing to take back"):
        GAME.apply(state, 0, "undo")


def test_the_deck_is_rebuilt_when_the_face_down_pile_runs_out() -> None:
    s = Scenario(turn=15, deck="E")
    s.state.faceup = ["N", "E", "F", "N", "E", "F", "N", "E", "F", "N", "E", "F", "N", "F"]
    s.play("end", "end")
    assert s.state.turn == 16 and s.state.phase == "reshuffle" and s.state.tide == "E"
    assert GAME.current_player(s.state) == CHANCE
    shuffle = GAME.sample_chance(s.state, random.Random(3))
    assert sorted(shuffle[6:]) == sorted("EEEENNNNNFFFFF")
    state = GAME.apply(s.state, CHANCE, shuffle)
    assert state.faceup == ["E"] and len(state.deck) == 14 and state.known == [0, 0] and state.seat == 0


def test_take_off_in_the_last_turn_and_the_score() -> None:
    s = Scenario(turn=20)
    lander = s["L0"]
    s.add("ore", -1, inside="L0")
    s.add("ore", -1, inside="L0")
    s.add("transporter", 0, inside="L0", name="t")
    s.add("ore", -1, inside="t")
    s.add("rcu", 0, "18,14", "left")  # left behind
    s.state.modules[0] = [0, 2]  # two Comm Modules of company 1
    assert "takeoff" in s.legal()
    assert GAME.scores(s.state)[0] == 3 + 1 + 2
    s.play("takeoff")
    state = s.state
    assert state.flown[0] and lander not in state.pieces and s["left"] not in state.pieces
    assert state.freight[0] == [3, 1] and state.seat == 1
    state = GAME.apply(state, 1, "end")  # seat 1's Lander takes off at the end of the turn
    assert GAME.current_player(state) == TERMINAL
    result = GAME.result(state)
    assert result is not None and result["scores"] == [6, 0] and result["winners"] == [0]
    assert result["decided_by"] == "points"


def test_take_off_only_in_the_last_turn() -> None:
    s = Scenario(turn=19)
    assert "takeoff" not in s.legal()
    with pytest.raises(IllegalActionError):
        s.play("takeoff")


def test_a_tie_goes_to_more_white_ore_then_is_shared() -> None:
    s = Scenario(turn=20)
    s.add("ore", -1, inside="L0")
    s.add("rcu", 0, inside="L0")
    s.add("rcu", 1, inside="L1")
    s.add("rcu", 1, inside="L1")
    s.play("end", "end")
    result = GAME.result(s.state)
    assert result is not None and result["scores"] == [2, 2]
    assert result["winners"] == [0] and result["decided_by"] == "white ore" and result["places"] == [1, 2]
    s = Scenario(turn=20)
    s.play("end", "end")
    result = GAME.result(s.state)
    assert result is not None and result["winners"] == [0, 1] and result["decided_by"] == "shared"


def test_comm_modules_of_a_captured_landers_company_do_not_score() -> None:
    s = Scenario(turn=20, seats=3)
    s.state.modules[0] = [0, 2, 3]
    s.state.captured[0] = [2]
    assert GAME.scores(s.state)[0] == 2


def test_determinize_keeps_the_forecast_and_deals_the_unseen_cards() -> None:
    s = Scenario(deck="FFNNEEFNEFNEFN")
    s.state.faceup = ["E"]
    s.add("production", 0, "18,14", "pu")
    s.state.known = [2, 0]
    view = GAME.view(s.state, 0)
    for seed in range(5):
        state = GAME.determinize(view, random.Random(seed))
        assert state.deck[:2] == ["F", "F"] and sorted(state.deck) == sorted(s.state.deck)
        assert GAME.legal_actions(state, 0) == view["legal"]
    other = GAME.determinize(GAME.view(s.state, 1), random.Random(1))
    assert sorted(other.deck) == sorted(s.state.deck) and other.known == [2, 0]
