"""TF22 movement under the tides: domains, stranding and flooding, the Spider, the Sea Freighter, Pontoons."""

from __future__ import annotations

import pytest

from cargobay.engine import IllegalActionError
from cargobay.games.tf22.fire import active, tide_active
from cargobay.games.tf22.tides import is_land
from tests.games.tf22.helpers import Scenario, hx


@pytest.mark.parametrize(("terrain", "ebb", "normal", "flood"), [
    (".", True, True, True), ("^", True, True, True), ("s", True, True, False), ("r", True, False, False),
    ("~", False, False, False),
])
def test_what_each_terrain_is_under_each_tide(terrain: str, ebb: bool, normal: bool, flood: bool) -> None:
    assert [is_land(terrain, level) for level in "ENF"] == [ebb, normal, flood]


def test_a_move_costs_one_action_point_per_hex_and_needs_a_free_hex() -> None:
    s = Scenario(ap=2)
    s.add("rcu", 0, "18,14", "a")
    s.add("ore", -1, "18,15")
    s.add("transporter", 0, "19,14")
    assert "move:{a}>18,15".format(**s.ids) not in s.unit("a")  # White Ore is an obstacle
    assert "move:{a}>19,14".format(**s.ids) not in s.unit("a")  # one unit per hex
    s.play("move:{a}>18,13")
    assert s.state.ap[0] == 1 and s.state.pieces[s["a"]].hex == hx("18,13")
    s.play("move:{a}>18,12")
    assert s.state.ap[0] == 0 and s.unit("a") == [] and s.legal() == ["end", "undo"]
    with pytest.raises(IllegalActionError, match="no Action Points"):
        s.play("move:{a}>18,13")


def test_land_units_go_on_land_and_may_strand_themselves_in_water() -> None:
    s = Scenario(tide="N")
    s.add("rcu", 0, "16,16", "a")  # swamp: land at normal tide
    assert tide_active(s.state, s.state.pieces[s["a"]])
    assert "move:{a}>15,15".format(**s.ids) in s.unit("a")  # a reef is sea at normal tide: deliberate flooding
    s.play("move:{a}>15,15")
    assert not tide_active(s.state, s.state.pieces[s["a"]]) and s.unit("a") == []


def test_the_tide_floods_and_strands_and_frees_again() -> None:
    s = Scenario(tide="N", deck="FNEFNEFNEFNEF")
    s.add("rcu", 0, "16,14", "land")  # swamp
    s.add("speedboat", 0, "15,14", "boat")  # reef: sea at normal tide
    state = s.state
    assert active(state, s["land"], 0) and active(state, s["boat"], 0)
    s.play("end", "end")  # flood
    assert s.state.tide == "F"
    assert not active(s.state, s["land"], 0) and active(s.state, s["boat"], 0)
    s.play("end", "end")  # normal
    assert active(s.state, s["land"], 0) and active(s.state, s["boat"], 0)
    s.play("end", "end")  # ebb: the reef is land
    assert s.state.tide == "E" and active(s.state, s["land"], 0) and not active(s.state, s["boat"], 0)


def test_the_heavy_combat_spider_never_climbs_a_mountain() -> None:
    s = Scenario()
    s.add("spider", 0, "19,15", "spider")
    s.add("rcu", 0, "19,14", "rcu")
    assert "move:{spider}>20,15".format(**s.ids) not in s.unit("spider")
    assert "move:{rcu}>20,14".format(**s.ids) in s.unit("rcu")


def test_the_sea_freighter_occupies_two_hexes_and_moves_one_new_hex_at_a_time() -> None:
    s = Scenario(tide="N")
    s.add("freighter", 0, "12,14", "f", aux=0)  # 12,14 and 12,13
    state = s.state
    assert state.derived.top[hx("12,13")] == s["f"] == state.derived.top[hx("12,14")]
    moves = s.unit("f")
    assert "move:{f}>12,15/0".format(**s.ids) in moves  # forward: the second hex follows onto 12,14
    assert "move:{f}>12,12/3".format(**s.ids) in moves  # backward
    assert "move:{f}>11,14/1".format(**s.ids) in moves  # pivot around 12,13
    assert len(moves) == len(set(moves)) == 10  # 5 new hexes next to each kept hex
    s.play("move:{f}>12,15/0")
    assert set(s.state.derived.hexes(s.state.pieces[s["f"]])) == {hx("12,15"), hx("12,14")}
    assert s.state.ap[0] == 14
    s.add("rcu", 1, "11,16")  # blocks nothing at sea
    s.add("pontoon", -1, "12,16")
    assert not any(m.startswith("move:{f}>12,16".format(**s.ids)) for m in s.unit("f"))  # no sea unit on a Pontoon


def test_land_units_cross_water_on_pontoons_which_wash_away_without_the_shore() -> None:
    s = Scenario(tide="N", deck="FNEFNEFNEFNEF")
    s.add("pontoon", -1, "14,16", "p1")  # a reef (sea at normal tide) next to the swamp 15,16
    s.add("rcu", 0, "15,16", "a")
    assert "move:{a}>14,16".format(**s.ids) in s.unit("a")
    s.play("move:{a}>14,16")
    assert tide_active(s.state, s.state.pieces[s["a"]])  # on a Pontoon: dry
    s.play("end", "end")  # flood: every hex around 14,16 is sea now
    assert s.state.tide == "F"
    assert s["p1"] not in s.state.pieces and s["a"] not in s.state.pieces  # washed away with its passenger


def test_a_chain_of_pontoons_holds_while_one_touches_the_shore() -> None:
    s = Scenario(tide="N", deck="NEFNEFNEFNEF")
    s.add("pontoon", -1, "14,16", "p1")  # touches the swamp 15,16
    s.add("pontoon", -1, "13,15", "p2")  # open sea all around, held by p1
    s.add("transporter", 0, "16,16", "t")
    s.play("end", "end")
    assert s["p2"] in s.state.pieces
    # loading the shore Pontoon breaks the chain: the far one sinks with nothing on it
    s.play("move:{t}>15,16", "load:{t}<{p1}")
    assert s["p1"] in s.state.derived.cargo[s["t"]] and s["p2"] not in s.state.pieces
