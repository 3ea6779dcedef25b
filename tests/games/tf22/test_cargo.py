"""TF22 loading and transport: capacities and nested cargo, the Lander's pods, unloading into water, enemy fire,
the Production Unit's manufacturing from the reserve."""

from __future__ import annotations

import pytest

from cargobay.engine import IllegalActionError
from cargobay.games.tf22.fire import active
from cargobay.games.tf22.units import fits, size
from tests.games.tf22.helpers import Scenario, hx


def test_capacities_and_what_fits() -> None:
    assert [fits("transporter", kind) for kind in ("ore", "rcu", "spider", "pontoon", "transporter", "speedboat")] \
        == [True, True, True, True, False, False]
    assert [fits("production", kind) for kind in ("ore", "rcu")] == [True, False]
    assert all(fits("freighter", kind) for kind in ("ore", "rcu", "spider", "transporter", "production", "pontoon"))
    assert not fits("freighter", "speedboat") and fits("lander", "speedboat") and fits("lander", "freighter")
    assert size("transporter") == 2 and size("transporter", 2) == 4 and size("rcu") == 1


def test_a_transporter_loads_ore_from_an_adjacent_hex_within_two_spaces() -> None:
    s = Scenario()
    s.add("transporter", 0, "18,14", "t")
    s.add("ore", -1, "18,13", "o1")
    s.add("ore", -1, "19,14", "o2")
    s.add("ore", -1, "17,14", "o3")
    s.add("ore", -1, "20,14", "far")
    loads = [a for a in s.unit("t") if a.startswith("load:")]
    assert sorted(loads) == sorted("load:{t}<{o}".format(t=s["t"], o=s[o]) for o in ("o1", "o2", "o3"))
    s.play("load:{t}<{o1}", "load:{t}<{o2}")
    assert s.state.ap[0] == 13 and s.state.derived.cargo[s["t"]] == [s["o1"], s["o2"]]
    assert not [a for a in s.unit("t") if a.startswith("load:")]  # full


def test_ore_is_mined_only_where_the_tide_leaves_land() -> None:
    s = Scenario(tide="N")
    s.add("transporter", 0, "16,14", "t")  # swamp
    s.add("ore", -1, "15,14", "reef")  # reef: under water at normal tide
    s.add("ore", -1, "17,14", "plain")
    loads = [a for a in s.unit("t") if a.startswith("load:")]
    assert loads == ["load:{t}<{plain}".format(**s.ids)]


def test_nested_cargo_a_loaded_transporter_takes_two_spaces_plus_its_load() -> None:
    s = Scenario(tide="E")
    s.add("freighter", 0, "14,15", "f", aux=0)  # 14,15 and 14,14 (sea)
    s.add("transporter", 0, "15,15", "t")  # a reef, dry at ebb, next to 14,15
    s.add("ore", -1, inside="t")
    s.add("ore", -1, inside="t")
    s.add("rcu", 0, inside="f", name="r")
    assert "load:{f}<{t}".format(**s.ids) not in s.unit("f")  # 1 + 4 > 4
    s.play("unload:{f}>{r}@14,16")
    assert "load:{f}<{t}".format(**s.ids) in s.unit("f")
    s.play("load:{f}<{t}")
    assert s.state.pieces[s["t"]].carrier == s["f"] and len(s.state.derived.contents(s["f"])) == 3


def test_a_production_unit_takes_ore_out_of_an_adjacent_transporter() -> None:
    s = Scenario()
    s.add("production", 0, "18,14", "pu")
    s.add("transporter", 0, "18,15", "t")
    s.add("rcu", 0, inside="t", name="r")
    s.add("ore", -1, inside="t", name="o")
    actions = s.unit("pu")
    assert "load:{pu}<{o}".format(**s.ids) in actions and "load:{pu}<{r}".format(**s.ids) not in actions
    s.play("load:{pu}<{o}")
    assert s.state.pieces[s["o"]].carrier == s["pu"]


def test_the_lander_loads_through_pods_with_turrets_and_unloads_through_any() -> None:
    s = Scenario(landers=False)
    s.lander(0, "18,14", 0, turrets=(0, 2))  # pods N 18,13, SE 19,14 (no turret), SW 17,14
    s.lander(1, "5,12", 0)
    s.add("ore", -1, "18,12", "north")  # next to the N pod
    s.add("ore", -1, "20,14", "east")  # next to the SE pod only
    s.add("rcu", 0, inside="L0", name="r")
    lander = s.unit("L0")
    assert "load:{L0}<{north}".format(**s.ids) in lander and "load:{L0}<{east}".format(**s.ids) not in lander
    unloads = [a for a in lander if a.startswith("unload:")]
    assert "unload:{L0}>{r}@20,15".format(**s.ids) in unloads  # next to the SE pod, force field or not
    assert len(unloads) == 12 - 2  # the 12 hexes around the pods, less the two with White Ore


def test_white_ore_loaded_into_the_lander_is_never_unloaded() -> None:
    s = Scenario(landers=False)
    s.lander(0, "18,14", 0)
    s.lander(1, "5,12", 0)
    s.add("ore", -1, inside="L0", name="o")
    s.add("transporter", 0, "18,12", "t")  # next to the N pod
    assert s.unit("L0") == [] or not any(a.startswith("unload:") for a in s.unit("L0"))
    assert not any("{o}".format(**s.ids) in a for a in s.legal())


def test_unloading_into_open_sea_loses_the_cargo_and_into_a_flooded_hex_leaves_it_inactive() -> None:
    s = Scenario(tide="N")
    s.add("transporter", 0, "13,17", "t")  # plain on the shore
    s.add("rcu", 0, inside="t", name="r1")
    s.add("rcu", 0, inside="t", name="r2")
    s.play("unload:{t}>{r1}@12,17")  # open sea
    assert s["r1"] not in s.state.pieces
    s.play("unload:{t}>{r2}@13,16")  # a reef under water at normal tide
    assert s.state.pieces[s["r2"]].hex == hx("13,16") and not active(s.state, s["r2"], 0)
    assert s.unit("r2") == []


def test_a_pontoon_is_unloaded_only_where_it_touches_the_shore() -> None:
    s = Scenario(tide="N")
    s.add("freighter", 0, "12,14", "f", aux=0)
    s.add("pontoon", -1, inside="f", name="p")
    unloads = [a for a in s.unit("f") if a.startswith("unload:")]
    assert unloads == []  # open sea all around 12,14 and 12,13
    s = Scenario(tide="N")
    s.add("transporter", 0, "15,16", "t")
    s.add("pontoon", -1, inside="t", name="p")
    assert "unload:{t}>{p}@14,16".format(**s.ids) in s.unit("t")


def test_nothing_is_loaded_from_or_unloaded_into_a_hex_under_enemy_fire() -> None:
    s = Scenario()
    s.add("transporter", 0, "18,14", "t")
    s.add("rcu", 0, inside="t", name="r")
    s.add("ore", -1, "19,14", "o")  # 19,14 and 19,15 in seat 1's zone
    s.add("rcu", 1, "21,14")
    s.add("spider", 1, "22,16")
    actions = s.unit("t")
    assert "load:{t}<{o}".format(**s.ids) not in actions
    assert "unload:{t}>{r}@19,15".format(**s.ids) not in actions
    assert "unload:{t}>{r}@17,14".format(**s.ids) in actions


def test_manufacturing_uses_ore_the_reserve_and_at_most_two_units_a_turn() -> None:
    s = Scenario()
    s.add("production", 0, "18,14", "pu")
    assert not any(a.startswith("build:") for a in s.unit("pu"))  # no White Ore loaded
    for _ in range(3):
        s.add("ore", -1, inside="pu")  # (the test overfills it to build three times)
    s.add("transporter", 0, "18,15", "t")
    builds = [a for a in s.unit("pu") if a.startswith("build:")]
    assert "build:{pu}>rcu@18,13".format(**s.ids) in builds and "build:{pu}>rcu@18,15".format(**s.ids) in builds
    assert "build:{pu}>transporter@18,15".format(**s.ids) not in builds  # a Transporter carries no Transporter
    s.play("build:{pu}>transporter@18,13")
    assert s.state.reserve["transporter"] == 1 and s.state.ap[0] == 14
    builds = [a for a in s.unit("pu") if a.startswith("build:")]
    assert not any(">transporter@" in a for a in builds)  # one Transporter a turn
    s.play("build:{pu}>rcu@18,15")  # onto the adjacent Transporter
    assert s.state.derived.cargo[s["t"]] and s.state.reserve["rcu"] == 7
    assert not any(a.startswith("build:") for a in s.unit("pu"))  # two a turn
    with pytest.raises(IllegalActionError):
        s.play("build:{pu}>pontoon@17,14")


def test_nothing_of_a_kind_is_built_when_the_reserve_is_out() -> None:
    s = Scenario()
    s.add("production", 0, "18,14", "pu")
    s.add("ore", -1, inside="pu")
    s.state.reserve = {"rcu": 0, "transporter": 0, "pontoon": 1}
    builds = {a.split(">")[1].split("@")[0] for a in s.unit("pu") if a.startswith("build:")}
    assert builds == {"pontoon"}


def test_speedboats_are_never_cargo_but_in_the_lander() -> None:
    s = Scenario(tide="N")
    s.add("freighter", 0, "12,14", "f", aux=0)
    s.add("speedboat", 0, "12,15", "b")
    assert "load:{f}<{b}".format(**s.ids) not in s.unit("f")
