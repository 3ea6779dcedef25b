"""Odd one out (games/odd), the platform's 3-seat test game: its rules, its two-pick gift and its board."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from cargobay.engine import CHANCE, SIMULTANEOUS, TERMINAL, IllegalActionError, InvalidActionError, Match, StateError
from cargobay.games.odd import SPEC
from cargobay.games.odd.rules import GAME
from cargobay.registry import CATALOGUE, SPECS
from cargobay.render import RenderContext


def at_gift(rounds: int = 3) -> Match:
    """Round 1: chance drew 2; seats 0 and 1 picked 0, seat 2 picked 1 (the odd one out); seat 0 gives."""
    match = Match(GAME, ["human"] * 3, 0, {"rounds": rounds})
    for seat, action in ((CHANCE, "draw:2"), (1, "pick:0"), (0, "pick:0"), (2, "pick:1")):
        match.apply(seat, action)
    return match


def test_it_is_registered_unlisted_with_its_option() -> None:
    assert SPECS["odd"] is SPEC and SPEC.info in CATALOGUE
    assert SPEC.info.listed is False and SPEC.info.seats == (3, 3) and SPEC.levels == ("easy",)
    assert Match(GAME, ["easy"] * 3, 0).options == {"rounds": 3}


def test_a_round_every_node_kind() -> None:
    match = Match(GAME, ["human"] * 3, 0)
    assert GAME.current_player(match.state) == CHANCE
    match.apply(CHANCE, "draw:2")
    assert GAME.current_player(match.state) == SIMULTANEOUS and GAME.acting_seats(match.state) == (0, 1, 2)
    match.apply(1, "pick:0")
    assert GAME.acting_seats(match.state) == (0, 2) and GAME.legal_actions(match.state, 1) == []
    match.apply(0, "pick:0")
    match.apply(2, "pick:1")
    assert GAME.current_player(match.state) == 0 and GAME.scores(match.state) == [0, 0, 2]


def test_the_odd_one_out_scores_the_target_and_nobody_when_all_agree() -> None:
    match = at_gift()
    match.apply(0, "give:1+1")
    match.apply(CHANCE, "draw:1")
    for seat in range(3):
        match.apply(seat, "pick:1")
    assert GAME.scores(match.state) == [0, 1, 2] and GAME.current_player(match.state) == 1


def test_the_gift_is_two_picks() -> None:
    state = at_gift().state
    assert GAME.action_steps("give:2+1") == ("give:2",) and GAME.action_steps("pick:1") == ()
    start = GAME.legal_choices(state, 0)
    assert start.actions == () and start.selections == ("give:1", "give:2")
    assert GAME.legal_choices(state, 0, "give:2").actions == ("give:2+1", "give:2+2")
    for prefix in ("give:0", "give:3", "give:1+1"):
        with pytest.raises(IllegalActionError):
            GAME.legal_choices(state, 0, prefix)


@pytest.mark.parametrize("action", ["give:1", "give:1+3", "give:x+1", "give:+", "dance", "pick:2", "draw:3"])
def test_malformed_actions_are_invalid(action: str) -> None:
    with pytest.raises(InvalidActionError):
        GAME.apply(at_gift().state, 0, action)


def test_illegal_gifts_and_picks_are_refused() -> None:
    state = at_gift().state
    with pytest.raises(IllegalActionError, match="another seat"):
        GAME.apply(state, 0, "give:0+1")
    with pytest.raises(IllegalActionError, match="may not give"):
        GAME.apply(state, 1, "give:2+1")
    with pytest.raises(IllegalActionError, match="may not pick"):
        GAME.apply(state, 0, "pick:1")
    with pytest.raises(IllegalActionError, match="only chance draws"):
        GAME.apply(state, CHANCE, "draw:1")


def test_the_rounds_option_sets_the_length_and_a_tie_is_shared() -> None:
    match = at_gift(rounds=1)
    match.apply(0, "give:1+2")
    assert GAME.current_player(match.state) == TERMINAL
    assert GAME.result(match.state) == {"scores": [0, 2, 2], "winners": [1, 2]}


def test_views_hide_the_other_picks_and_determinize_keeps_what_is_seen() -> None:
    match = Match(GAME, ["human"] * 3, 0)
    match.apply(CHANCE, "draw:1")
    match.apply(1, "pick:1")
    view = GAME.view(match.state, 0)
    assert view["chosen"] == [False, True, False] and view["my_pick"] is None and "picks" not in view
    assert GAME.view(match.state, 1)["my_pick"] == 1 and GAME.view(match.state, None)["legal"] == []
    for salt in range(4):
        sampled = GAME.determinize(GAME.view(match.state, 2), random.Random(salt))
        assert sampled["picks"][0] is None and sampled["picks"][1] in (0, 1) and sampled["target"] == 1


def test_a_malformed_state_is_refused() -> None:
    good = GAME.state_to_json(at_gift().state)
    for bad in ({**good, "phase": "dance"}, {**good, "picks": [None]}, {"round": 0}):
        with pytest.raises(StateError):
            GAME.state_from_json(bad)


def test_the_board_offers_the_gift_in_two_picks() -> None:
    state = at_gift().state
    view = GAME.view(state, 0)
    root = ET.fromstring(SPEC.render(view, RenderContext(perspective=0)))
    assert {e.attrib["data-select"] for e in root.iter() if "data-select" in e.attrib} == {"give:1", "give:2"}
    assert not [e for e in root.iter() if "data-action" in e.attrib]
    picked = GAME.legal_choices(state, 0, "give:2")
    ctx = RenderContext(labels={2: "Ada"}, perspective=0, selection="give:2", choices=picked.actions)
    root = ET.fromstring(SPEC.render(view, ctx))
    assert root.attrib["data-selection"] == "give:2"
    buttons = {e.attrib["data-action"]: e.attrib["aria-label"] for e in root.iter() if "data-action" in e.attrib}
    assert buttons == {"give:2+1": "+1 to Ada", "give:2+2": "+2 to Ada"}
    assert [e.attrib["data-select"] for e in root.iter() if "data-select" in e.attrib] == [""]  # Back
    spectator = ET.fromstring(SPEC.render(GAME.view(state, None), RenderContext()))
    assert not [e for e in spectator.iter() if "data-action" in e.attrib or "data-select" in e.attrib]
