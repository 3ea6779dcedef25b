"""TF22 rulings 4 and 11-13 (../shared/notes/rules-decisions.md) and refusals that name the rule that applies."""

from __future__ import annotations

import pytest

from cargobay.engine import CHANCE, IllegalActionError, InvalidActionError
from cargobay.games.tf22.board import HEXES, ON_BOARD, TERRAIN, WIDTH, parse_hex
from cargobay.games.tf22.fire import active, tide_active, zones
from cargobay.games.tf22.rules import GAME
from cargobay.games.tf22.svg_model import Model

from .helpers import Scenario, hx


def _refusal(s: Scenario, action: str) -> str:
    with pytest.raises(IllegalActionError) as caught:
        s.play(action)
    return str(caught.value)


# --- ruling 11: building ----------------------------------------------------------------------------------
def test_ruling_11_a_production_unit_builds_into_a_flooded_hex() -> None:
    s = Scenario(tide="F")
    s.add("production", 0, "17,14", "pu")
    s.add("ore", -1, inside="pu")
    assert TERRAIN[hx("16,14")] == "s"  # a swamp: sea at flood tide
    assert "build:{pu}>rcu@16,14".format(**s.ids) in s.unit("pu")
    s.play("build:{pu}>rcu@16,14")
    rcu = s.state.derived.top[hx("16,14")]
    piece = s.state.pieces[rcu]
    assert piece.kind == "rcu" and piece.comm == 0
    assert not tide_active(s.state, piece) and not active(s.state, rcu, 0)  # inactive until the tide changes
    assert s.state.reserve["rcu"] == 7 and s.state.ap[0] == 14


def test_ruling_11_a_unit_built_into_open_sea_is_lost_as_an_unload_would_be() -> None:
    s = Scenario(tide="N")
    s.add("production", 0, "13,17", "pu")
    s.add("ore", -1, inside="pu")
    s.add("ore", -1, inside="pu")
    assert TERRAIN[hx("12,17")] == "~"
    legal = s.unit("pu")
    assert "build:{pu}>rcu@12,17".format(**s.ids) in legal
    assert "build:{pu}>pontoon@12,17".format(**s.ids) in legal  # touches the surface at 13,17
    s.play("build:{pu}>rcu@12,17")
    assert hx("12,17") not in s.state.derived.top and s.state.reserve["rcu"] == 7
    assert any("lost in the open sea" in event for event in s.state.events)
    s.play("build:{pu}>pontoon@12,17")
    assert hx("12,17") in s.state.derived.pontoon


def test_ruling_11_the_build_limit_counts_per_production_unit() -> None:
    s = Scenario(tide="N")
    s.add("production", 0, "17,14", "a")
    s.add("production", 0, "17,16", "b")
    for name in ("a", "a", "a", "b", "b"):
        s.add("ore", -1, inside=name)
    s.play("build:{a}>transporter@18,14", "build:{a}>rcu@17,13",
           "build:{b}>transporter@18,16", "build:{b}>rcu@18,17")  # two each, a Transporter each
    assert s.state.reserve == {"rcu": 6, "transporter": 0, "pontoon": 2}
    text = _refusal(s, "build:{a}>pontoon@18,15")
    assert f"Production Unit {s['a']} has built 2 units this turn" in text
    assert "at most two units per turn, counted per Production Unit (ruling 11)" in text


def test_ruling_11_a_second_transporter_is_refused_for_that_reason() -> None:
    s = Scenario(tide="N")
    s.add("production", 0, "17,14", "a")
    s.add("ore", -1, inside="a")
    s.add("ore", -1, inside="a")
    s.play("build:{a}>transporter@18,14")
    text = _refusal(s, "build:{a}>transporter@17,13")
    assert "has built a Transporter this turn" in text and "only one Transport Unit per turn" in text


def test_build_refusals_name_the_fact_and_the_rule() -> None:
    s = Scenario(tide="N")
    s.add("production", 0, "17,14", "pu")
    s.add("ore", -1, "17,13", "o")
    text = _refusal(s, "build:{pu}>rcu@18,14")
    assert "holds no White Ore" in text and "lump of White Ore it has loaded" in text
    s.add("ore", -1, inside="pu")
    text = _refusal(s, "build:{pu}>rcu@17,13")
    assert f"17,13 is occupied by White Ore {s['o']}" in text and "ruling 11" in text
    text = _refusal(s, "build:{pu}>rcu@20,14")
    assert "20,14 is not next to Production Unit" in text


# --- ruling 12: Turrets under enemy fire ----------------------------------------------------------------
def _turret_scene() -> Scenario:
    """Seat 1's Lander at 20,16 (Turrets T10 on 20,15, T11 on 21,16, T12 on 19,16); three of seat 0's Robot
    Combat Units cover T10 (and only T10) with their Zone of Fire; seat 1 to act."""
    s = Scenario(mover=1, landers=False)
    s.lander(0, "2,7")
    s.lander(1, "20,16", 0)
    for name, where in (("r1", "20,13"), ("r2", "22,14"), ("r3", "18,15")):
        s.add("rcu", 0, where, name)
    return s


def test_ruling_12_a_turret_under_enemy_fire_neither_fires_nor_adds_to_its_zone() -> None:
    s = _turret_scene()
    fire = zones(s.state)
    t10, t12 = s["T10"], s["T12"]
    assert fire.count[0][hx("20,15")] >= 2 and fire.count[0][hx("19,16")] < 2  # T10 under fire, T12 not
    assert t10 in fire.silenced and t12 not in fire.silenced
    assert not active(s.state, t10, 1) and active(s.state, t12, 1)
    # 19,14 is reached by T10 and T12 only: with T10 inactive it is no longer in seat 1's zone
    assert hx("19,14") not in fire.covered[1]
    assert s.unit("T10") == []
    assert not any(f"+{t10}>" in action for action in s.legal())
    text = _refusal(s, f"fire:{t12}+{t10}>{s['r3']}")
    assert f"Laser Turret {t10} is inside an enemy Zone of Fire" in text and "ruling 12" in text


def test_ruling_12_the_board_and_the_view_show_the_inactive_turret() -> None:
    s = _turret_scene()
    s.state._cache = {}
    view = GAME.view(s.state, 1)
    assert hx("19,14") not in view["zones"][1]
    model = Model(view)
    assert model.inactive(s["T10"]) == "under enemy fire" and model.inactive(s["T12"]) == ""


def test_ruling_12_a_turret_outside_enemy_fire_still_fires() -> None:
    s = _turret_scene()
    s.state.drop(s["r1"])
    s.state.drop(s["r2"])  # T10 is now reached by r3 alone
    assert s["T10"] not in zones(s.state).silenced
    assert f"fire:{s['T10']}+{s['T12']}>{s['r3']}" in s.legal()


# --- ruling 4: the Sea Freighter strands itself ----------------------------------------------------------
def test_ruling_4_the_sea_freighter_may_strand_itself() -> None:
    s2 = Scenario(tide="N")
    s2.add("freighter", 0, "9,15", "f", aux=0)  # 9,15 and 9,14, open sea; 8,15 and 8,16 plains
    moves = s2.unit("f")
    onto_land = [a for a in moves if TERRAIN[parse_hex(a.split(">")[1].split("/")[0])] in ".^"]
    assert onto_land, moves
    s2.play(onto_land[0])
    freighter = s2.state.pieces[s2["f"]]
    assert not tide_active(s2.state, freighter)  # stranded: inactive until the tide changes
    assert s2.unit("f") == []


# --- ruling 13: the map's rows ------------------------------------------------------------------------------
def test_ruling_13_the_half_hexes_of_the_long_edges_are_not_on_the_board() -> None:
    assert len(HEXES) == 504
    for x in range(WIDTH):
        cut = 0 if x % 2 == 0 else 18
        assert cut * WIDTH + x not in ON_BOARD
        with pytest.raises(InvalidActionError, match="not a hex of the board"):
            parse_hex(f"{x},{cut}")
    assert all(sum(1 for y in range(19) if y * WIDTH + x in ON_BOARD) == 18 for x in range(WIDTH))


# --- refusals that name the rule that applies ---------------------------------------------------------------
def test_seat_numbers_are_checked_against_the_match_not_against_four_seats() -> None:
    state = GAME.new_state(2, {})
    with pytest.raises(IllegalActionError) as caught:
        GAME.apply(state, CHANCE, "order:0,1,2")
    assert "seats 0-1 of this 2-seat match" in str(caught.value) and "0-3" not in str(caught.value)
    with pytest.raises(InvalidActionError) as bad:
        GAME.apply(state, CHANCE, "order:0,x")
    assert "0-3" not in str(bad.value)


def test_a_third_shot_is_refused_for_the_two_shots_rule() -> None:
    s = Scenario()
    s.add("rcu", 0, "17,14", "a")
    s.add("rcu", 0, "17,12", "b")
    s.add("spider", 0, "18,16", "c")
    for name, where in (("x", "17,13"), ("y", "18,14"), ("z", "18,15")):
        s.add("transporter", 1, where, name)
    s.play("fire:{a}+{b}>{x}", "fire:{a}+{c}>{y}")
    text = _refusal(s, "fire:{a}+{c}>{z}")
    assert f"Robot Combat Unit {s['a']} has fired its 2 shots this turn" in text
    assert "each armed unit fires at most 2 shots per turn" in text


def test_a_spider_into_a_mountain_names_the_spiders_rule() -> None:
    s = Scenario()
    assert TERRAIN[hx("20,15")] == "^"
    s.add("spider", 0, "19,15", "sp")
    text = _refusal(s, "move:{sp}>20,15")
    assert "20,15 is a mountain hex" in text and "Heavy Combat Spider: mountains cannot be entered" in text


def test_a_move_into_an_occupied_hex_names_the_occupant() -> None:
    s = Scenario()
    s.add("rcu", 0, "17,14", "a")
    s.add("ore", -1, "18,14", "o")
    text = _refusal(s, "move:{a}>18,14")
    assert f"18,14 is occupied by White Ore {s['o']}" in text and "cannot be entered" in text
