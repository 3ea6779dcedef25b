"""TF22 action strings: one parser, round trips, the selection steps."""

from __future__ import annotations

import pytest

from cargobay.engine import InvalidActionError
from cargobay.games.tf22.actions import Capture, Fire, Land, Move, Unload, parse, steps

GOOD = [
    "order:2,0,1", "tides:ENFENFENFENFENF", "first:1", "land:12,5/0", "land:12,5/1", "move:7>12,6",
    "move:9>12,6/3", "load:7<40", "unload:7>40@12,6", "unload:3>9@12,6/2", "fire:7+9>40", "capture:7+9>40",
    "capture:7>3", "build:12>rcu@12,6", "build:12>transporter@1,1", "build:12>pontoon@2,2", "repair:3>12,4",
    "lose:7", "takeoff", "end", "undo",
]


@pytest.mark.parametrize("action", GOOD)
def test_actions_round_trip(action: str) -> None:
    assert str(parse(action)) == action


@pytest.mark.parametrize("bad", [
    "", "fly", "move:7", "move:x>1,1", "move:7>1,1/6", "move:0>1,1", "load:7>3", "unload:7>40", "fire:7>40",
    "build:12>spider@1,1", "land:12,5/2", "order:0,0", "order:10", "tides:ENX", "tides:", "first:10", "lose:-1",
    "capture:a+b>c", "repair:3>99,99", 7, None,
    # ASCII digits only: str.isdigit() is true for '²' and for other scripts' digits
    "move:\u00b2>1,1", "move:7>1,\u00b2", "move:7>\u0661,1", "lose:\u0661", "first:\u0661", "order:\u0660,1",
    "build:\u0661\u0662>rcu@1,1",
    "move:7>1,1/\u0663", "fire:7+9>4\u0301",
])
def test_malformed_actions_are_invalid(bad: object) -> None:
    with pytest.raises(InvalidActionError):
        parse(bad)


def test_parsed_values() -> None:
    assert parse("move:9>12,6/3") == Move(9, 6 * 28 + 12, 3)
    assert parse("capture:7>3") == Capture(7, -1, 3)
    assert parse("fire:7+9>40") == Fire(7, 9, 40)
    assert parse("unload:3>9@12,6/2") == Unload(3, 9, 6 * 28 + 12, 2)
    assert parse("land:12,5/1") == Land(5 * 28 + 12, 1)


def test_selection_steps_pick_the_unit_first() -> None:
    assert steps("move:7>12,6") == ("unit:7",)
    assert steps("capture:7>3") == ("unit:7",)
    assert steps("capture:7+9>40") == ("unit:7", "aim:7>40")
    assert steps("build:12>rcu@12,6") == ("unit:12", "make:12>rcu")
    assert steps("repair:3>12,4") == ("unit:3",)
    assert steps("takeoff") == steps("lose:7") == steps("order:0,1") == ()
