"""Every stacking instruction of the rulebook (and ruling 4), each illegal example refused with its rule."""

from __future__ import annotations

import pytest

from cargobay.engine import IllegalActionError, InvalidActionError
from cargobay.games.teamup.geometry import (
    FULL_LAYER,
    MASK,
    PLACEMENTS,
    RULE_COLOUR,
    RULE_IDENTICAL,
    RULE_INSIDE,
    RULE_SUPPORT,
    RULE_TOUCH,
    SIDE_CONFLICT,
    Pallet,
    pid_of,
    same_face,
)
from cargobay.games.teamup.rules import GAME, RULE_CARD, RULE_LEFT

from .helpers import all_legal, play, position, started

# the neutral box lies at spot 0: h:0,0 (cells x 0-2, y 0)


def refused(state, action: str, rule: str) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalActionError) as caught:
        GAME.apply(state, GAME.current_player(state), action)
    assert caught.value.rule == rule, str(caught.value)
    assert action not in GAME.legal_actions(state, GAME.current_player(state))
    return str(caught.value)


def accepted(state, action: str):  # type: ignore[no-untyped-def]
    assert action in GAME.legal_actions(state, GAME.current_player(state))
    return GAME.apply(state, GAME.current_player(state), action)


def test_inside_the_pallet() -> None:
    state = position([], "big")
    refused(state, "place:B-red@v:5,0", RULE_INSIDE)  # two cells wide from x 5: past the 6-cell edge
    refused(state, "place:B-red@h:4,1", RULE_INSIDE)
    state = position([], "rect")
    message = refused(state, "place:L-red@v:3,1", RULE_INSIDE)  # 4 long from y 1: past the 4-cell edge
    assert "past" in message
    # above the 5th layer: a column five boxes high under the footprint
    column = pid_of("T", "v", 5, 0)
    pallet = Pallet((MASK[column],) * 5, (1 << column, 0, 1 << column, 0, 1 << column))
    assert pallet.check(column)[0] == RULE_INSIDE


def test_coloured_side_up() -> None:
    state = position([], "big")
    for orient in ("down", "side"):
        message = refused(state, f"place:B-red@{orient}:3,0", RULE_COLOUR)
        assert "coloured side up" in message
    with pytest.raises(InvalidActionError):
        GAME.apply(state, 0, "place:B-red@up:3,0")  # no such orientation at all


def test_touch_another_box() -> None:
    state = position([], "square")
    refused(state, "place:S-red@h:4,2", RULE_TOUCH)  # on the pallet floor, far from the neutral box
    refused(state, "place:S-red@h:3,1", RULE_TOUCH)  # only its corner against the neutral box's corner
    accepted(state, "place:S-red@h:3,0")  # a side against the neutral box's end
    accepted(state, "place:S-red@h:2,1")  # against its long side, offset
    state = position([("B-red", "h", 3, 0)], "square")
    after = accepted(state, "place:S-red@h:4,0")  # on layer 2 it touches the box below
    assert after.boxes[-1][-1] == 1


def test_identical_sides_stacked_with_the_same_footprint() -> None:
    state = position([("S-red", "h", 3, 0)], "square")
    message = refused(state, "place:S-blue@h:3,0", RULE_IDENTICAL)
    assert "same footprint" in message
    state = position([("B-red", "h", 3, 0)], "rect")
    accepted(state, "place:T-red@h:3,0")  # a thin box on a big one: different shapes
    state = position([], "rect")
    refused(state, "place:T-white@h:0,0", RULE_IDENTICAL)  # right on the neutral box, a thin 3x1 for rule 4


def test_identical_sides_side_by_side_and_end_to_end() -> None:
    state = position([("S-red", "h", 3, 0)], "square")
    message = refused(state, "place:S-blue@h:3,2", RULE_IDENTICAL)
    assert "side would exactly match" in message
    accepted(state, "place:S-blue@h:4,2")  # offset by one cell: legal
    state = position([], "rect")
    refused(state, "place:T-red@h:3,0", RULE_IDENTICAL)  # end to end with the neutral box
    refused(state, "place:T-red@h:0,1", RULE_IDENTICAL)  # side by side along its whole long side
    accepted(state, "place:T-red@h:1,1")  # offset: legal
    accepted(state, "place:L-red@h:0,1")  # a long box beside it: another shape
    accepted(state, "place:T-red@v:3,0")  # its end against the thin box's long side: not congruent
    state = position([("B-red", "h", 3, 0)], "big")
    refused(state, "place:B-blue@h:3,2", RULE_IDENTICAL)  # long sides aligned
    accepted(state, "place:B-blue@h:2,2")
    state = position([("B-red", "v", 3, 0)], "big")
    accepted(state, "place:B-blue@v:1,1")  # beside it, offset by one


def test_no_overhang() -> None:
    state = position([("B-red", "h", 3, 0)], "square")
    message = refused(state, "place:S-blue@h:4,1", RULE_SUPPORT)  # half on the big box, half over the floor
    assert "overhang" in message and "layer 2" in message
    refused(state, "place:S-blue@h:2,0", RULE_SUPPORT)  # on the neutral box and the big box: a gap at 2,1
    accepted(state, "place:S-blue@h:3,0")  # fully on the big box


def test_the_card_decides_the_box() -> None:
    state = position([], "red")
    refused(state, "place:B-blue@h:3,0", RULE_CARD)
    accepted(state, "place:B-red@v:3,0")
    state = position([], "rect")
    refused(state, "place:B-red@v:3,0", RULE_CARD)
    assert {a.split("@")[0] for a in all_legal(state)} == {f"place:{s}-{c}" for s in "LT"
                                                           for c in ("red", "blue", "white")}
    state = position([("S-red", "h", 3, 0), ("S-red", "h", 0, 1)], "square")  # both red squares used
    message = refused(state, "place:S-red@h:4,2", RULE_LEFT)
    assert "every S-red" in message


def test_rule_four_tables_match_the_definition() -> None:
    for p in PLACEMENTS:
        for q in PLACEMENTS:
            expected = p.shape == q.shape and same_face(p, q)
            assert bool(SIDE_CONFLICT[p.pid] >> q.pid & 1) == expected
            if expected:  # the same segment: no shared cell, aligned along the touching side
                assert not p.mask & q.mask and ((p.x == q.x and p.w == q.w) or (p.y == q.y and p.d == q.d))


def test_layers_count_only_when_full() -> None:
    pallet = Pallet.start(pid_of("N", "h", 0, 0))
    assert pallet.full_layers() == 0
    full = Pallet((FULL_LAYER, FULL_LAYER, 0, 0, 0), (0,) * 5)
    assert full.full_layers() == 2


def test_every_legal_placement_is_applied_and_every_other_refused() -> None:
    state = play(started(), "draw")  # the sorted deck: a red card first
    legal = set(GAME.legal_actions(state, 0))
    for p in PLACEMENTS:
        for colour in ("red", "blue"):
            action = f"place:{p.shape}-{colour}@{p.orient}:{p.x},{p.y}"
            if action in legal:
                GAME.apply(state, 0, action)
            else:
                with pytest.raises(IllegalActionError):
                    GAME.apply(state, 0, action)
