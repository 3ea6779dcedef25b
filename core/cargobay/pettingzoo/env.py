"""A Cargo Bay game as a PettingZoo AEC environment (``env("haul")``), on the pure-Python ``research.steps``.

- Agents ``player_0``.. (one per seat); each acts in turn: a simultaneous node is taken in turn, lowest seat
  first, and a later seat's observation does not show an earlier seat's choice.
- ``action_space(agent)``: ``Discrete(n)`` over the game's stable ids (``research.codecs``); a move made in
  selection steps (TF22, Team UP!, LOAD!'s reload, Haul's resolve) is one step per pick.
- ``observe(agent)``: ``{"observation": ..., "action_mask": int8[n]}``: the observation is the seat's view
  encoded (a float32 tensor for LOAD! and Haul, else the view's canonical JSON as zero-padded uint8 bytes,
  ``research.tensors``); the mask is 1 on the ids the agent may pick now (all 0 when it is not to act).
- Rewards at the end only: ``steps.outcome`` (zero-sum win/loss/tie; Team UP!: the team score).
- Chance events are drawn as the native engine draws them: ``reset(seed=s)`` plays the match that
  ``Match(game, seats, s)`` with the same actions plays (the same deals; ``match_log()`` replays it).
- ``render()``: the board's SVG (``render_mode="svg"``, from the acting seat's side) or an ANSI text listing of
  its view (``"ansi"``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..engine import CHANCE, seeded_rng
from ..render import RenderContext
from ..research.steps import Node, Table
from ..research.tensors import TENSORS, VIEW_BYTES, view_data

RENDER_MODES = ("svg", "ansi")


class CargoBayEnv(AECEnv):  # type: ignore[misc]
    # PettingZoo's convention: a class attribute; each environment sets its own (with its name) in __init__
    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "is_parallelizable": False}  # noqa: RUF012

    def __init__(self, game_id: str, players: int | None = None, render_mode: str | None = None,
                 **options: Any) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode is one of {', '.join(RENDER_MODES)}, not {render_mode!r}")
        self.table = Table(game_id, players, options, simultaneous=False)
        self.render_mode = render_mode
        self.metadata = {**CargoBayEnv.metadata, "name": f"cargobay_{game_id}_v0"}
        seats = self.table.seats
        self.possible_agents = [f"player_{seat}" for seat in range(seats)]
        size = self.table.codec.size
        encode = TENSORS.get(game_id)
        if encode is not None:
            length = len(encode(self.table.view(self.table.initial(), 0)))
            observation: spaces.Space[Any] = spaces.Box(-np.inf, np.inf, (length,), np.float32)
        else:
            observation = spaces.Box(0, 255, (VIEW_BYTES[game_id],), np.uint8)
        mask = spaces.Box(0, 1, (size,), np.int8)
        self._observation_spaces = {a: spaces.Dict({"observation": observation, "action_mask": mask})
                                    for a in self.possible_agents}
        self._action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self.seed_used = 0
        self.node: Node = self.table.initial()

    # --- spaces ---------------------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    # --- the match ------------------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        self.seed_used = seed if seed is not None else random.SystemRandom().randrange(2**62)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.node = self._chance(self.table.initial())
        self._select()

    def _chance(self, node: Node) -> Node:
        """Draw every pending chance event as ``Match.play_chance`` does (the match's seed and step)."""
        game = self.table.game
        while self.table.player(node) == CHANCE:
            action = game.sample_chance(node.state, seeded_rng(self.seed_used, len(node.log), "chance"))
            node = self.table.settle(Node(game.apply(node.state, CHANCE, action), (*node.log, (CHANCE, action))))
        return node

    def _select(self) -> None:
        if self.table.is_terminal(self.node):
            returns = self.table.returns(self.node)
            for seat, agent in enumerate(self.possible_agents):
                if agent in self.agents:
                    self.rewards[agent] = returns[seat]
                    self.terminations[agent] = True
            self.agent_selection = self.agents[0] if self.agents else ""
        else:
            self.agent_selection = f"player_{self.table.player(self.node)}"

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = int(agent.split("_")[1])
        self._cumulative_rewards[agent] = 0.0
        self.node = self._chance(self.table.apply(self.node, seat, int(action)))
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._select()
        self._accumulate_rewards()

    # --- what an agent sees ---------------------------------------------------------------------------------
    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = int(agent.split("_")[1])
        encode = TENSORS.get(self.table.id)
        if encode is not None:
            observation = np.asarray(encode(self.table.view(self.node, seat)), np.float32)
        else:
            data = view_data(self.table.id, self.table.view_text(self.node, seat))
            observation = np.zeros(VIEW_BYTES[self.table.id], np.uint8)
            observation[: len(data)] = np.frombuffer(data, np.uint8)
        mask = np.zeros(self.table.codec.size, np.int8)
        mask[self.table.legal_ids(self.node, seat)] = 1
        return {"observation": observation, "action_mask": mask}

    def legal_picks(self, agent: str) -> dict[int, str]:
        """id -> our action string or selection step, for the agent's legal ids now."""
        return dict(self.table.picks(self.node, int(agent.split("_")[1])).ids)

    def match_log(self) -> dict[str, Any]:
        """The cargobay match log so far (its seed is the reset's: ``Match.from_log`` replays it)."""
        return self.table.match_log(self.node, self.seed_used)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        player = self.table.player(self.node)
        seat = player if player >= 0 else None
        view = self.table.view(self.node, seat)
        if self.render_mode == "svg":
            labels = {s: f"player_{s}" for s in range(self.table.seats)}
            return self.table.spec.render(view, RenderContext(labels=labels, perspective=seat,
                                                              selection=self.node.prefix))
        return ansi(self.table.game.title, view, seat)

    def close(self) -> None:
        pass


def ansi(title: str, view: Mapping[str, Any], seat: int | None) -> str:
    """The view as text with ANSI bold headings: one line per entry (the legal actions last)."""
    bold, plain = "\x1b[1m", "\x1b[0m"
    lines = [f"{bold}{title}{plain} - " + (f"seat {seat}'s view" if seat is not None else "spectator's view")]
    for key, value in view.items():
        if key != "legal":
            lines.append(f"{bold}{key}{plain}: {json.dumps(value, separators=(',', ':'))}")
    lines.append(f"{bold}legal{plain}: {' '.join(view.get('legal', []))}")
    return "\n".join(lines) + "\n"
