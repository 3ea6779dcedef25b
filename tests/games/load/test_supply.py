"""TF22: LOAD! ruling 4 (the supply is 10 containers per colour, shared by both ships): a load always finds a
container in the supply, in every state that keeps the stacking rule, so the rules' "no container left" check can
only fire on a state built by hand that breaks that rule (an internal-state error, StateError).

The argument the tests check piece by piece: a slot holds its containers in stacking order, so each colour once at
most; a slot that can take a container of a colour holds none of it (its top, and everything under it, ranks lower);
so when a load is legal at most the 9 other slots of the two ships hold that colour, and the supply has one left.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cargobay.engine import IllegalActionError, StateError
from cargobay.games.load.rules import COLOURS, GAME, SLOTS, LoadState, can_stack, in_supply, load_options, supply
from cargobay.games.load.state import STACK_RANK

# every slot the stacking rule allows: a subset of the colours in stacking order (16, the empty slot included)
SLOT_CONTENTS = [list(chosen) for size in range(len(COLOURS) + 1) for chosen in itertools.combinations(COLOURS, size)]


def state_with(**changes: object) -> LoadState:
    """A round-1 choose-phase state with the given fields changed, read back through from_json (its checks)."""
    data = GAME.state_to_json(LoadState(round=1, phase="choose"))
    data.update(changes)
    return GAME.state_from_json(data)


def test_the_slots_from_json_accepts_are_exactly_the_colours_in_stacking_order() -> None:
    every = [list(slot) for size in range(SLOTS + 1) for slot in itertools.product(COLOURS, repeat=size)]
    for slot in every:
        ships = [[slot, [], [], [], []], [[], [], [], [], []]]
        if slot in SLOT_CONTENTS:
            assert state_with(ships=ships).ships[0][0] == slot
        else:
            with pytest.raises(StateError, match="breaks the stacking rule"):
                state_with(ships=ships)


@pytest.mark.parametrize("colour", COLOURS)
def test_a_slot_holds_a_colour_once_at_most_and_none_of_a_colour_it_can_take(colour: str) -> None:
    for slot in SLOT_CONTENTS:
        assert slot.count(colour) <= 1, slot
        if can_stack(slot, colour):
            assert colour not in slot, slot


@pytest.mark.parametrize(("seat", "colour", "target"), [
    (seat, colour, target) for seat in (0, 1) for colour in COLOURS for target in range(SLOTS)])
def test_with_nine_of_a_colour_on_the_ships_the_tenth_can_still_be_loaded(seat: int, colour: str,
                                                                          target: int) -> None:
    """The bound is tight: every other slot of both ships holds ``colour`` and the target slot can take it."""
    holding = COLOURS[: STACK_RANK[colour] + 1]  # the slot Y, R, B up to ``colour``: the colour on top
    below = COLOURS[: STACK_RANK[colour]]  # under it: the target takes it (empty for Yellow)
    ships = [[list(holding) for _ in range(SLOTS)] for _ in (0, 1)]
    ships[seat][target] = list(below)
    state = state_with(ships=ships, phase="load", loader=seat, load_colours=[colour])
    assert supply(state)[colour] == 1
    load = f"load:{colour}@{target + 1}"
    assert load in GAME.legal_actions(state, seat)
    after = GAME.apply(state, seat, load)
    assert supply(after)[colour] == 0 and after.ships[seat][target] == [*below, colour]


@given(st.lists(st.sampled_from(range(len(SLOT_CONTENTS))), min_size=2 * SLOTS, max_size=2 * SLOTS),
       st.sampled_from(COLOURS), st.sampled_from((0, 1)))
def test_every_load_a_state_allows_finds_a_container_in_the_supply(picked: list[int], colour: str,
                                                                   seat: int) -> None:
    slots = [list(SLOT_CONTENTS[index]) for index in picked]
    state = state_with(ships=[slots[:SLOTS], slots[SLOTS:]], phase="load", loader=seat, load_colours=[colour])
    for action in load_options(state, seat, colour):
        if action.startswith("load:"):
            assert in_supply(state, colour) >= 1
            GAME.apply(state, seat, action)  # never refused for the supply


def test_a_state_built_by_hand_with_more_containers_than_the_supply_is_an_internal_state_error() -> None:
    """Only a state that breaks the stacking rule (built in Python, past from_json) has no container left for a
    slot that can take one: an eleventh yellow container would go onto the ships."""
    ships = [[["Y", "Y"], ["Y"], ["Y"], ["Y"], []], [["Y"], ["Y"], ["Y"], ["Y"], ["Y"]]]
    state = LoadState(round=1, phase="load", loader=0, load_colours=["Y"], ships=ships)
    assert in_supply(state, "Y") == 0
    with pytest.raises(StateError, match="the ships break the stacking rule") as error:
        GAME.apply(state, 0, "load:Y@5")
    assert not isinstance(error.value, IllegalActionError)
    assert state.ships[0][4] == []
