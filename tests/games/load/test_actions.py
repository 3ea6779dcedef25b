"""TF22: LOAD! actions (games/load/actions.py): one parser, string forms that round-trip, typed errors for bad
input (issue 6's differential check), and the reload's selection step."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cargobay.engine import IllegalActionError, InvalidActionError
from cargobay.games.load.actions import COLOURS, Deal, Load, Play, Reload, parse, parse_card
from cargobay.games.load.rules import DECK, GAME, LoadState


def loading_state() -> LoadState:
    """Seat 0 has just won with Green and must load; a green container already tops its slot 1."""
    data = GAME.state_to_json(LoadState(round=1, phase="choose"))
    data.update(hands=[["G2", "B1"], ["B3", "B1"]], ships=[[["G"], [], [], [], []], [[], [], [], [], []]])
    state = GAME.state_from_json(data)
    state = GAME.apply(GAME.apply(state, 0, "play:G2"), 1, "play:B3")
    assert state.phase == "load" and state.loader == 0 and state.load_colours == ["G"]
    return state


@pytest.mark.parametrize(("text", "value"), [
    ("play:G3", Play("G3")),
    ("load:Y@5", Load("Y", 5)),
    ("reload:B@1>4", Reload("B", 1, 4)),
    ("deal:" + ",".join(DECK), Deal(DECK)),
])
def test_actions_round_trip(text: str, value: object) -> None:
    assert parse(text) == value
    assert str(value) == text
    assert eval(repr(value)) == value  # the repr is valid code (python-chess style)


@given(colour=st.sampled_from(COLOURS), source=st.integers(1, 5), target=st.integers(1, 5))
def test_every_reload_round_trips_and_names_its_first_pick(colour: str, source: int, target: int) -> None:
    move = Reload(colour, source, target)
    assert parse(str(move)) == move
    assert move.picked == f"reload:{colour}@{source}"
    assert GAME.action_steps(str(move)) == (move.picked,)
    assert GAME.action_steps(str(Load(colour, source))) == ()


@pytest.mark.parametrize("text", [
    "load:YR@1", "load:@1", "reload:RB@1>2", "reload:@1>2", "load:g@1", "load:G@0", "load:G@12", "load:G@",
    "reload:G@1>", "reload:G@>2", "reload:G@1>2>3", "play:G", "play:G33", "play:", "deal:G0,,G1", "load", "",
    "load:G1", "reload:G@1-2",
])
def test_malformed_actions_are_invalid_action_errors(text: str) -> None:
    with pytest.raises(InvalidActionError):
        parse(text)


@pytest.mark.parametrize("text", ["load:YR@1", "load:@1", "reload:RB@1>2"])
def test_a_wrong_length_colour_is_an_invalid_action_not_a_key_error(text: str) -> None:
    """Issue 6: a substring test let these through to a KeyError while a load was due."""
    state = loading_state()
    before = GAME.state_to_json(state)
    with pytest.raises(InvalidActionError, match="colour"):
        GAME.apply(state, 0, text)
    assert GAME.state_to_json(state) == before


def test_a_non_string_action_is_invalid() -> None:
    with pytest.raises(InvalidActionError, match="string"):
        parse(7)


def test_parse_card_refuses_what_is_not_a_card() -> None:
    assert parse_card("Y0") == "Y0"
    for text in ("Y4", "X1", "G", "G11", ""):
        with pytest.raises(InvalidActionError):
            parse_card(text)


def test_a_reload_to_the_same_slot_names_ruling_2() -> None:
    """Issue 6: it used to report a stacking error (a green cannot go on a green) instead of the same-slot rule."""
    state = loading_state()
    with pytest.raises(IllegalActionError, match="different slot") as info:
        GAME.apply(state, 0, "reload:G@1>1")
    assert info.value.rule == "Ruling 2"
    assert "reload:G@1>2" in GAME.legal_actions(state, 0)


def test_a_play_while_a_load_is_due_names_the_seat_that_must_load() -> None:
    state = loading_state()
    for seat in (0, 1):
        with pytest.raises(IllegalActionError, match="seat 0 must load first"):
            GAME.apply(state, seat, "play:B1")


def test_a_load_by_the_wrong_seat_names_the_loader() -> None:
    with pytest.raises(IllegalActionError, match="seat 0 loads now"):
        GAME.apply(loading_state(), 1, "load:B@1")


def test_the_reload_selection_step() -> None:
    state = loading_state()
    start = GAME.legal_choices(state, 0)
    assert start.actions == tuple(f"load:G@{n}" for n in range(2, 6))  # not onto its own green
    assert start.selections == ("reload:G@1",)
    picked = GAME.legal_choices(state, 0, "reload:G@1")
    assert picked.actions == tuple(f"reload:G@1>{n}" for n in range(2, 6)) and picked.selections == ()
    for prefix in ("reload:G@2", "reload:B@1", "reload:", "load:G@2", "nonsense"):
        with pytest.raises(IllegalActionError, match="starts with"):
            GAME.legal_choices(state, 0, prefix)
    assert GAME.legal_choices(state, 1) == type(start)("", (), ())  # not seat 1's turn
