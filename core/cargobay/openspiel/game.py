"""Every Cargo Bay game as a ``pyspiel`` game (``cargobay_<id>``), on the pure-Python ``research.steps``.

- ``GameType`` from ``GameInfo``: dynamics simultaneous where the game has simultaneous nodes (the parameter
  ``turn_based=True`` gives the sequential form, a pending choice hidden from the later seats, for sequential
  algorithms such as MCTS); explicit stochastic chance; imperfect information (hidden cards, secret choices,
  or Team UP!'s face-down draw pile); zero-sum (see ``steps.outcome``) or, for the cooperative Team UP!,
  identical returns (the team score); terminal rewards; the seat range (parameter ``players``) and every
  menu option of the game as a parameter with its default (a set option as its values joined by ``+``).
- Actions: the stable ids of ``research.codecs``; ``action_to_string`` gives our action string or selection
  step. Chance: the uniform draws of ``research.chance``.
- Strings: ``information_state_string`` / ``observation_string`` are the seat's view (``Game.view``) as JSON,
  with its own pending selection step (and, for the information state, its own actions so far); tensors for
  LOAD! and Haul (``research.tensors``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

from ..engine import CHANCE, SIMULTANEOUS, TERMINAL, GameInfo
from ..registry import get_spec
from ..research.steps import Node, Table, table
from ..research.tensors import TENSORS

GAME_IDS = ("load", "haul", "loot", "teamup", "tf22")

# upper bounds OpenSpiel asks for: the most outcomes one chance node has (the largest deck shuffled, Loot N'
# Loaded's 6-player deck of 62 item cards) and the most picks a match can take (a Team UP! match is at most
# 36 cards of 2 picks; the others far above the longest random matches measured, see tests/research)
MAX_CHANCE = {"load": 28, "haul": 28, "loot": 96, "teamup": 40, "tf22": 16}
MAX_PICKS = {"load": 400, "haul": 800, "loot": 2000, "teamup": 200, "tf22": 20000}


SET_JOIN = "+"  # a set option's values in one string parameter (OpenSpiel's game strings split at commas)


def parameters(info: GameInfo) -> dict[str, Any]:
    """The game parameters and their defaults: ``players``, the menu options, ``turn_based``."""
    params: dict[str, Any] = {"players": info.min_seats}
    for option in info.options:
        if option.menu:
            params[option.name] = SET_JOIN.join(option.default) if isinstance(option.default, tuple) else option.default
    if info.simultaneous:
        params["turn_based"] = False
    return params


def options_of(info: GameInfo, params: Mapping[str, Any]) -> dict[str, Any]:
    """The cargobay options for OpenSpiel parameters (set options split at ``+``)."""
    options: dict[str, Any] = {}
    for option in info.options:
        if option.menu and option.name in params:
            value = params[option.name]
            options[option.name] = tuple(v for v in str(value).split(SET_JOIN) if v) if option.kind == "set" else value
    return options


def game_type(info: GameInfo, sequential: bool = False) -> pyspiel.GameType:
    dynamics = pyspiel.GameType.Dynamics
    return pyspiel.GameType(
        short_name=f"cargobay_{info.id}",
        long_name=f"Cargo Bay: {info.title}",
        dynamics=dynamics.SIMULTANEOUS if info.simultaneous and not sequential else dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.IDENTICAL if info.cooperative else pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_seats,
        min_num_players=info.min_seats,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=info.id in TENSORS,
        provides_factored_observation_string=False,
        parameter_specification=parameters(info),
    )


_TABLES: dict[str, Table] = {}


class CargoBayGame(pyspiel.Game):  # type: ignore[misc]
    """One Cargo Bay game for OpenSpiel; ``table`` is the research adapter it runs on."""

    game_id = ""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        info = get_spec(self.game_id).info
        params = {**parameters(info), **dict(params or {})}
        sequential = bool(params.get("turn_based", False))
        self.table = table(self.game_id, int(params["players"]), options_of(info, params),
                           simultaneous=info.simultaneous and not sequential)
        self.key = f"{self.game_id}/{json.dumps(params, sort_keys=True)}"
        _TABLES[self.key] = self.table
        low, high = self.table.utility_range()
        super().__init__(
            game_type(info, sequential),
            pyspiel.GameInfo(
                num_distinct_actions=self.table.codec.size,
                max_chance_outcomes=MAX_CHANCE[self.game_id],
                num_players=self.table.seats,
                min_utility=low,
                max_utility=high,
                utility_sum=None if info.cooperative else 0.0,
                max_game_length=MAX_PICKS[self.game_id],
            ),
            params,
        )

    def new_initial_state(self) -> CargoBayState:
        return CargoBayState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        return Observer(self.table, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


_PLAYER = {CHANCE: pyspiel.PlayerId.CHANCE, SIMULTANEOUS: pyspiel.PlayerId.SIMULTANEOUS,
           TERMINAL: pyspiel.PlayerId.TERMINAL}


class CargoBayState(pyspiel.State):  # type: ignore[misc]
    """A node of the game; ``node`` is the research node (its cargobay state: ``node.state``)."""

    def __init__(self, game: CargoBayGame) -> None:
        super().__init__(game)
        self._key = game.key
        self.node: Node = game.table.initial()

    @property
    def table(self) -> Table:
        return _TABLES[self._key]

    def current_player(self) -> int:
        player = self.table.player(self.node)
        return int(_PLAYER.get(player, player))

    def _legal_actions(self, player: int) -> list[int]:
        return self.table.legal_ids(self.node, player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        size = self.table.chance_size(self.node)
        return [(outcome, 1.0 / size) for outcome in range(size)]

    def _apply_action(self, action: int) -> None:
        player = self.table.player(self.node)
        if player == CHANCE:
            self.node = self.table.apply_chance(self.node, action)
        else:
            self.node = self.table.apply(self.node, player, action)

    def _apply_actions(self, actions: list[int]) -> None:
        self.node = self.table.apply_joint(self.node, actions)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"draw {action} of {self.table.chance_size(self.node)}"
        return self.table.pick_string(self.node, player, action)

    def is_terminal(self) -> bool:
        return self.table.is_terminal(self.node)

    def returns(self) -> list[float]:
        return self.table.returns(self.node)

    def rewards(self) -> list[float]:
        return self.returns() if self.is_terminal() else [0.0] * self.table.seats

    def match_log(self, seed: int = 0) -> dict[str, Any]:
        """The cargobay match log of this state (``python -m cargobay replay`` replays it)."""
        return self.table.match_log(self.node, seed)

    def __str__(self) -> str:
        node = self.node
        picked = f", picked {node.prefix}" if node.prefix else ""
        draws = f", draws {list(node.script)}" if node.script else ""
        digest = self.table.game.state_hash(node.state)[:16]
        return f"{self.table.id} after {len(node.log)} actions, state {digest}{picked}{draws}"


class Observer:
    """OpenSpiel's PyObserver: strings from the seat's view; a tensor for the games in ``TENSORS``."""

    def __init__(self, table: Table, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.table = table
        self.iig = iig_obs_type
        encode = TENSORS.get(table.id)
        self.tensor: np.ndarray | None = None
        self.dict: dict[str, np.ndarray] = {}
        if encode is not None and iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER:
            size = len(encode(table.view(table.initial(), 0)))
            self.tensor = np.zeros(size, np.float32)
            self.dict = {"observation": self.tensor}

    def set_from(self, state: CargoBayState, player: int) -> None:
        if self.tensor is not None:
            key = f"tensor{player}"
            cache = state.node.cache
            if key not in cache:
                cache[key] = np.asarray(TENSORS[self.table.id](self.table.view(state.node, player)), np.float32)
            self.tensor[:] = cache[key]

    def string_from(self, state: CargoBayState, player: int) -> str:
        node = state.node
        private = self.iig.private_info
        if private == pyspiel.PrivateInfoType.NONE:
            return json.dumps(self.table.view(node, None), sort_keys=True, separators=(",", ":"))
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            return json.dumps(self.table.game.state_to_json(node.state), sort_keys=True, separators=(",", ":"))
        text = self.table.view_text(node, player)
        if self.iig.perfect_recall:
            own = [action for seat, action in node.log if seat == player]
            text += "\nmy actions: " + json.dumps(own, separators=(",", ":"))
        return text


def resample(state: CargoBayState, player: int, rng: random.Random | None = None) -> CargoBayState:
    """A state ``player`` cannot tell from ``state``: the hidden parts drawn by the game's ``determinize``
    (for IS-MCTS: ``ISMCTSBot.set_resampler``). Choices other seats have made in secret at a simultaneous node
    taken in turn are drawn uniformly among their legal actions."""
    rng = rng or random.Random()
    table_ = state.table
    game = table_.game
    node = state.node
    drawn = game.determinize(table_.view(node, player), rng)
    pending = set(game.acting_seats(node.state))
    for seat in game.acting_seats(drawn):
        if seat not in pending and game.current_player(drawn) == SIMULTANEOUS:
            drawn = game.apply(drawn, seat, rng.choice(game.legal_actions(drawn, seat)))
    new = state.get_game().new_initial_state()
    new.node = Node(drawn, node.log, node.prefix, node.script)
    return new  # type: ignore[no-any-return]


def _register(game_id: str) -> type[CargoBayGame]:
    cls = type(f"CargoBay_{game_id}", (CargoBayGame,), {"game_id": game_id})
    pyspiel.register_game(game_type(get_spec(game_id).info), cls)
    return cls


REGISTERED: dict[str, type[CargoBayGame]] = {}


def register() -> None:
    """Register every game with pyspiel (once per process)."""
    for game_id in GAME_IDS:
        if game_id not in REGISTERED:
            REGISTERED[game_id] = _register(game_id)
