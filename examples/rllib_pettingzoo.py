"""Train PPO on a Cargo Bay game with RLlib, scaled out over a Ray cluster (a recipe: not run in CI).

    pip install "cargobay[research]" "ray[rllib]" torch
    ray start --head                      # or connect to an existing cluster: RAY_ADDRESS=...
    python examples/rllib_pettingzoo.py --game haul --workers 8 --iterations 50

Cargo Bay ships no distribution of its own: RLlib consumes the PettingZoo AEC environment through its own
wrapper (``PettingZooEnv``) and spreads the environment runners over the cluster's workers. Each runner
builds its environment from ``env_creator`` (the game and options travel in ``env_config``). One policy per
seat here; map every agent to one shared policy instead for self-play. RLlib's action-masking module reads
the mask from the observation dict under ``"action_mask"`` and the rest under ``"observations"``, so a small
wrapper renames our ``"observation"`` key. This script follows RLlib 2.x's new API stack (RLModule, env
runners); it was not run here (no Ray in this project's CI).
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo.utils import BaseWrapper
from ray.rllib.algorithms.ppo import PPOConfig
from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
from ray.rllib.core.rl_module.rl_module import RLModuleSpec
from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv
from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule
from ray.tune.registry import register_env

from cargobay.pettingzoo import env as cargobay_env


class RLlibKeys(BaseWrapper):  # type: ignore[misc]
    """Our observation dict with the key names RLlib's action-masking module expects (float32 everywhere)."""

    def observation_space(self, agent: str) -> spaces.Dict:
        inner = self.env.observation_space(agent)
        return spaces.Dict({
            "observations": spaces.Box(-np.inf, np.inf, inner["observation"].shape, np.float32),
            "action_mask": spaces.Box(0.0, 1.0, inner["action_mask"].shape, np.float32),
        })

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seen = self.env.observe(agent)
        return {"observations": seen["observation"].astype(np.float32),
                "action_mask": seen["action_mask"].astype(np.float32)}


def env_creator(config: dict[str, Any]) -> PettingZooEnv:
    options = {k: v for k, v in config.items() if k not in ("game", "players")}
    return PettingZooEnv(RLlibKeys(cargobay_env(config["game"], config.get("players"), **options)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="haul")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--workers", type=int, default=4, help="environment runners (spread over the cluster)")
    parser.add_argument("--iterations", type=int, default=20)
    args = parser.parse_args()

    register_env("cargobay", env_creator)
    probe = cargobay_env(args.game, args.players)
    agents = probe.possible_agents
    module = RLModuleSpec(module_class=ActionMaskingTorchRLModule, model_config={"head_fcnet_hiddens": [256, 256]})
    config = (
        PPOConfig()
        .environment("cargobay", env_config={"game": args.game, "players": args.players})
        .env_runners(num_env_runners=args.workers)
        .multi_agent(policies=set(agents), policy_mapping_fn=lambda agent_id, *_, **__: agent_id)
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs=dict.fromkeys(agents, module)))
    )
    algo = config.build()
    for iteration in range(args.iterations):
        result = algo.train()
        returns = result.get("env_runners", {}).get("agent_episode_returns_mean", {})
        print(iteration, {agent: round(value, 3) for agent, value in returns.items()})
    print("checkpoint:", algo.save())


if __name__ == "__main__":
    main()
