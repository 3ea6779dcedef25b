"""OpenSpiel's own conformance check, pyspiel.random_sim_test (serialization included), on every game, and the
GameType each game declares (from its GameInfo)."""

from __future__ import annotations

import json
from typing import Any

import pyspiel
import pytest

import cargobay.openspiel as cos
from cargobay.registry import get_spec

from .helpers import GAME_IDS

Dynamics = pyspiel.GameType.Dynamics


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_sim_test(game_id: str) -> None:
    game = pyspiel.load_game(f"cargobay_{game_id}")
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(("game_id", "params"), [
    ("load", {"turn_based": True}),
    ("loot", {"players": 6, "shootout": "gun cards"}),
    ("loot", {"players": 2, "turn_based": True, "items": "boots+bullets+cat+compass+dynamite+sleight"}),
    ("teamup", {"players": 3, "mode": "challenge"}),
    ("tf22", {"players": 4, "turns": 3, "interference": "mountains"}),
])
def test_random_sim_test_with_parameters(game_id: str, params: dict[str, object]) -> None:
    game = pyspiel.load_game(f"cargobay_{game_id}", params)
    assert game.num_players() == params.get("players", game.num_players())
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_game_type_from_game_info(game_id: str) -> None:
    info = get_spec(game_id).info
    game = pyspiel.load_game(f"cargobay_{game_id}")
    kind = game.get_type()
    assert kind.short_name == f"cargobay_{game_id}"
    assert kind.dynamics == (Dynamics.SIMULTANEOUS if info.simultaneous else Dynamics.SEQUENTIAL)
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    utility = pyspiel.GameType.Utility
    assert kind.utility == (utility.IDENTICAL if info.cooperative else utility.ZERO_SUM)
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert (kind.min_num_players, kind.max_num_players) == info.seats
    assert kind.provides_observation_tensor == (game_id in ("load", "haul"))
    spec = kind.parameter_specification
    assert spec["players"] == info.min_seats
    for option in info.options:
        if option.menu:
            default = "+".join(option.default) if isinstance(option.default, tuple) else option.default
            assert spec[option.name] == default
        else:
            assert option.name not in spec  # peer-only modes (crypto dealing) are not a research parameter
    assert ("turn_based" in spec) == info.simultaneous


def test_action_strings_are_ours() -> None:
    game = pyspiel.load_game("cargobay_tf22", {"turns": 3})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    player = state.current_player()
    names = [state.action_to_string(player, a) for a in state.legal_actions()]
    assert names and all(name.startswith("site:") for name in names)  # the landing: its hex first, a step
    state.apply_action(state.legal_actions()[0])
    names = [state.action_to_string(player, a) for a in state.legal_actions()]
    assert names and all(name.startswith("land:") for name in names)
    assert game.num_distinct_actions() < 20000


def test_observation_tensors_and_strings_are_the_seats_view() -> None:
    game = pyspiel.load_game("cargobay_load", {"turn_based": True})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    hands = [view_of(state.observation_string(seat))["hand"] for seat in (0, 1)]
    assert hands[0] != hands[1] and len(hands[0]) == 12
    assert state.observation_string(0) != state.observation_string(1)
    action = state.legal_actions()[0]
    card = state.action_to_string(0, action).removeprefix("play:")
    state.apply_action(action)  # seat 0 picks its card in secret; seat 1 is to pick
    assert state.current_player() == 1
    assert view_of(state.observation_string(0))["my_choice"] == card
    assert view_of(state.observation_string(1))["my_choice"] is None
    assert card not in str(view_of(state.information_state_string(1)).get("chosen"))
    assert len(state.observation_tensor(0)) == game.observation_tensor_size() > 100
    assert state.observation_tensor(0) != state.observation_tensor(1)


def view_of(text: str) -> dict[str, Any]:
    view: dict[str, Any] = json.loads(text.split("\n", maxsplit=1)[0])["view"]
    return view


def test_puzzle_mode_is_refused_with_a_reason() -> None:
    with pytest.raises(Exception, match="puzzle"):
        pyspiel.load_game("cargobay_teamup", {"mode": "puzzle"})


def test_every_game_is_registered() -> None:
    names = set(pyspiel.registered_names())
    assert {f"cargobay_{game_id}" for game_id in cos.GAME_IDS} <= names
