"""OpenSpiel's MCTS and IS-MCTS bots play whole matches of every game through pyspiel without an illegal
action (a pyspiel state refuses one), against each other and against our bots as pyspiel.Bots."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts

import cargobay.openspiel as cos

from .helpers import GAME_IDS, SHORT

SIMULATIONS = 3  # enough to build a tree and pick from it; the arena (bench/openspiel_arena.py) runs 1,000
ROLLOUT_GAMES = ("loot", "teamup", "tf22")  # random rollouts; LOAD! and Haul (hundreds of decisions) use
# a flat evaluator here, to keep this test's time small: the arena plays them with random rollouts


class Flat(mcts.Evaluator):  # type: ignore[misc]
    """Value 0 and a uniform prior: the search without rollouts."""

    def evaluate(self, state: pyspiel.State) -> np.ndarray:
        return np.zeros(state.get_game().num_players())

    def prior(self, state: pyspiel.State) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


def evaluator(game: pyspiel.Game, seed: int) -> mcts.Evaluator:
    game_id = game.get_type().short_name.removeprefix("cargobay_")
    return mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)) if game_id in ROLLOUT_GAMES else Flat()


def sequential(game_id: str) -> pyspiel.Game:
    params: dict[str, object] = {**SHORT.get(game_id, {})}
    if game_id in ("load", "loot"):
        params["turn_based"] = True  # MCTS and IS-MCTS need sequential dynamics
    if game_id == "haul":
        return pyspiel.load_game("cargobay_haul")
    return pyspiel.load_game(f"cargobay_{game_id}", params)


def is_mcts(game: pyspiel.Game, seed: int) -> ismcts.ISMCTSBot:
    bot = ismcts.ISMCTSBot(game, evaluator(game, seed), 2.0, SIMULATIONS, random_state=np.random.RandomState(seed),
                           allow_inconsistent_action_sets=True)
    rng = random.Random(seed)
    bot.set_resampler(lambda state, player: cos.resample(state, player, rng))
    return bot


def plain_mcts(game: pyspiel.Game, seed: int) -> mcts.MCTSBot:
    return mcts.MCTSBot(game, 2.0, SIMULATIONS, evaluator(game, seed), random_state=np.random.RandomState(seed))


def play(game: pyspiel.Game, bots: list[pyspiel.Bot], seed: int) -> pyspiel.State:
    """A whole match; every bot's action is checked legal before it is applied."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
            continue
        player = state.current_player()
        action = bots[player].step(state)
        assert action in state.legal_actions(), (player, action)
        state.apply_action(action)
    return state


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_is_mcts_and_mcts_play_whole_matches(game_id: str) -> None:
    game = sequential(game_id)
    makers = [is_mcts, plain_mcts]
    bots = [makers[seat % 2](game, seat) for seat in range(game.num_players())]
    state = play(game, bots, seed=1)
    returns = state.returns()
    assert len(returns) == game.num_players()
    if game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM:
        assert abs(sum(returns)) < 1e-9
    assert game.min_utility() <= min(returns) <= max(returns) <= game.max_utility()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_our_bots_are_pyspiel_bots(game_id: str) -> None:
    """evaluate_bots (OpenSpiel's own match loop) with our medium bots against MCTS (its Python IS-MCTS has no
    ``restart_at``, which evaluate_bots calls; the test above plays it)."""
    game = sequential(game_id)
    bots: list[pyspiel.Bot] = [cos.bot(game, "medium", seat, seed=seat) for seat in range(game.num_players())]
    bots[-1] = plain_mcts(game, 7) if game.num_players() > 1 else bots[-1]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(3))
    assert len(returns) == game.num_players()
    assert isinstance(bots[0], pyspiel.Bot)


@pytest.mark.parametrize("game_id", ["load", "loot"])
def test_our_bots_play_the_simultaneous_form(game_id: str) -> None:
    game = pyspiel.load_game(f"cargobay_{game_id}")
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    level = "strong" if game_id == "loot" else "medium"  # LOAD!'s strong bot searches for seconds a move
    bots = [cos.bot(game, level if seat == 0 else "easy", seat, seed=seat) for seat in range(game.num_players())]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(5))
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


def test_bot_refuses_a_seat_that_is_not_to_act() -> None:
    game = pyspiel.load_game("cargobay_haul")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    idle = (state.current_player() + 1) % 4
    with pytest.raises(ValueError, match="not to act"):
        cos.bot(game, "medium", idle).step(state)
