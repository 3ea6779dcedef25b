"""The rulebook's worked examples ("Examples": only their captions survive, the diagrams are lost), rebuilt on
the TF22 map.

Zone of Fire: "Only the red hexes are within the Zone of Fire of two Robot Combat Units. As you can see, units
become more effective the closer they are."

Destroying a Target - Attack Example: "Initial Situation. The first attacker (Speedboat) approaches, but remains
outside the enemy's Zone of Fire. The second attacker (Robot Combat Unit) can enter the enemy's Zone of Fire
because... the two attackers destroy the bottom Speedboat immediately. The remaining Speedboat cannot sustain a
Zone of Fire."
"""

from __future__ import annotations

import pytest

from cargobay.engine import IllegalActionError
from cargobay.games.tf22.board import HEXES, WIDTH
from cargobay.games.tf22.fire import active, zones
from cargobay.games.tf22.rules import GAME
from tests.games.tf22.helpers import Scenario, hx


def _cube(cell: int) -> tuple[int, int, int]:
    """Cube coordinates of an odd-q hex, written out again here (not the engine's) to check the zone by hand."""
    x, y = cell % WIDTH, cell // WIDTH
    q, r = x, y - (x - (x & 1)) // 2
    return q, r, -q - r


def _within(a: int, b: int, reach: int) -> bool:
    return max(abs(i - j) for i, j in zip(_cube(a), _cube(b), strict=True)) <= reach


@pytest.mark.parametrize(("second", "hexes"), [("20,14", 10), ("21,14", 6), ("22,14", 3), ("23,14", 0)])
def test_zone_of_fire_of_two_robot_combat_units(second: str, hexes: int) -> None:
    """Two RCUs (range 2) two, three, four and five hexes apart: the zone shrinks with the distance (10, 6, 3, 0
    hexes), and it is exactly the hexes both can reach (counted here with cube coordinates of our own)."""
    s = Scenario(landers=False)
    first = "18,14"
    s.add("rcu", 0, first)
    s.add("rcu", 0, second)
    zone = set(zones(s.state).zone(0))
    by_hand = {cell for cell in HEXES if _within(cell, hx(first), 2) and _within(cell, hx(second), 2)}
    assert zone == by_hand and len(zone) == hexes


def test_units_become_more_effective_the_closer_they_are() -> None:
    sizes = []
    for second in ("19,14", "20,14", "21,14", "22,14"):
        s = Scenario(landers=False)
        s.add("rcu", 0, "18,14")
        s.add("rcu", 0, second)
        sizes.append(len(zones(s.state).zone(0)))
    assert sizes == [14, 10, 6, 3]  # side by side (interference aside), then 2, 3, 4 hexes apart


def _attack_example() -> Scenario:
    """At ebb: two enemy Speedboats (13,13 and, the bottom one, 13,15) hold a zone over the reef 15,14; our
    Speedboat has come within range of the bottom one from outside the zone; our RCU waits on the swamp 16,15."""
    s = Scenario(tide="E")
    s.add("speedboat", 1, "13,13", "top")
    s.add("speedboat", 1, "13,15", "bottom")
    s.add("speedboat", 0, "11,16", "boat")
    s.add("rcu", 0, "16,15", "rcu")
    return s


def test_attack_example_the_first_attacker_stays_outside_the_zone() -> None:
    s = _attack_example()
    zone = set(zones(s.state).zone(1))
    assert hx("15,14") in zone and hx("11,16") not in zone and hx("16,15") not in zone
    assert active(s.state, s["boat"], 0) and active(s.state, s["rcu"], 0)


def test_attack_example_the_second_attacker_enters_the_zone_and_both_destroy_the_bottom_speedboat() -> None:
    s = _attack_example()
    breach = "move:{rcu}>15,14".format(**s.ids)
    assert breach in s.unit("rcu")
    s.play(breach)
    assert s.state.breach == s["rcu"]
    assert sorted(s.legal()) == sorted(["fire:{rcu}+{boat}>{bottom}".format(**s.ids),
                                        "fire:{boat}+{rcu}>{bottom}".format(**s.ids), "undo"])
    with pytest.raises(IllegalActionError, match="must fire first"):
        s.play("end")
    s.play("fire:{rcu}+{boat}>{bottom}")
    state = s.state
    assert s["bottom"] not in state.pieces and state.breach == -1
    assert zones(state).zone(1) == [] or hx("15,14") not in zones(state).zone(1)  # one Speedboat: no zone
    assert active(state, s["rcu"], 0) and state.ap[0] == 15 - 3


def test_attack_example_without_the_first_attacker_the_zone_cannot_be_entered() -> None:
    s = _attack_example()
    s.state.drop(s["boat"])
    assert "move:{rcu}>15,14".format(**s.ids) not in s.unit("rcu")


def test_attack_example_needs_three_action_points() -> None:
    s = _attack_example()
    s.state.ap[0] = 2
    assert "move:{rcu}>15,14".format(**s.ids) not in s.unit("rcu")


def test_attack_example_an_unarmed_unit_never_enters() -> None:
    s = _attack_example()
    s.add("transporter", 0, "16,14", "t")
    assert "move:{t}>15,14".format(**s.ids) not in s.unit("t")


def test_attack_example_undo_takes_the_breach_back() -> None:
    s = _attack_example()
    before = GAME.state_to_json(s.state)
    s.play("move:{rcu}>15,14", "undo")
    assert GAME.state_to_json(s.state) == before
