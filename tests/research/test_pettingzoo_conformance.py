"""PettingZoo's own suites, pettingzoo.test.api_test and seed_test, on every environment; render; seeding."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from cargobay.pettingzoo import env

from .helpers import GAME_IDS, SHORT

# api_test warns about dict observations for every environment not on its own list of classic games (chess,
# go, the card games: the same dict of observation and action mask as here); nothing else may be warned
KNOWN = ("Observation is not a NumPy array",
         "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_api_test_and_seed_test(game_id: str) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(game_id, **SHORT.get(game_id, {})), num_cycles=200)
        seed_test(lambda: env(game_id, **SHORT.get(game_id, {})), num_cycles=200)
    assert {str(w.message) for w in caught} <= set(KNOWN)


def test_api_test_with_more_seats() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env("loot", players=5, shootout="gun cards"), num_cycles=100)
        api_test(env("tf22", players=3, turns=3), num_cycles=100)
    assert {str(w.message) for w in caught} <= set(KNOWN)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_render_svg_and_ansi(game_id: str) -> None:
    board = env(game_id, render_mode="svg")
    board.reset(seed=4)
    svg = board.render()
    assert svg is not None and svg.lstrip().startswith("<svg") and svg.rstrip().endswith("</svg>")
    text = env(game_id, render_mode="ansi")
    text.reset(seed=4)
    listing = text.render()
    assert listing is not None and "\x1b[1m" in listing and "legal" in listing
    assert env(game_id).render() is None
    with pytest.raises(ValueError, match="render_mode"):
        env(game_id, render_mode="human")


def test_a_seed_replays_a_match_and_another_seed_deals_another() -> None:
    def first_view(seed: int) -> np.ndarray:
        e = env("haul")
        e.reset(seed=seed)
        return e.observe("player_0")["observation"]

    assert np.array_equal(first_view(11), first_view(11))
    assert not np.array_equal(first_view(11), first_view(12))


def test_simultaneous_choices_are_hidden_from_later_seats() -> None:
    e = env("load")
    e.reset(seed=2)
    assert e.agent_selection == "player_0"
    before = e.observe("player_1")["observation"].copy()
    mask = e.observe("player_0")["action_mask"]
    assert mask.dtype == np.int8 and mask.sum() >= 1
    e.step(int(np.flatnonzero(mask)[0]))
    assert e.agent_selection == "player_1"  # the battle's second card, chosen without seeing the first
    after = e.observe("player_1")["observation"]
    hand = slice(8, 24)  # round, turn and phase; then seat 1's hand: unchanged, and no trace of seat 0's card
    assert np.array_equal(before[hand], after[hand])
    assert e.table.view(e.node, 1)["my_choice"] is None


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    e = env("load")
    e.reset(seed=2)
    mask = e.observe("player_0")["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    node = e.node
    with pytest.raises(ValueError, match="not legal"):
        e.step(illegal)
    assert e.node is node and e.agent_selection == "player_0"
