"""Per-game hooks for the generic contract tests (tests/engine/test_contract.py).

A game may add ``tests/games/<game id>/invariants.py`` with any of:

- ``check_state(state)``: assertions that hold in every reachable state of that game;
- ``hidden_variants(state, seat, rng)``: states that differ from ``state`` only in what ``seat`` may not see
  (another hand, a pending secret choice); the contract test asserts ``view(variant, seat) == view(state, seat)``;
- ``PLAYOUT_OPTIONS``: options the contract's random matches start from (a long game plays a shorter variant;
  an option under test overrides them);
- ``CHECK_EVERY``: the contract checks every n-th node of a random match in full (default 1: every node; the last
  node is always checked), for a game whose matches are thousands of nodes with large action lists.

A game without the module gets only the generic checks.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Iterable
from types import ModuleType
from typing import Any


def _module(game_id: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"tests.games.{game_id}.invariants")
    except ModuleNotFoundError as error:
        if error.name not in (f"tests.games.{game_id}", f"tests.games.{game_id}.invariants"):
            raise
        return None


def check_state(game_id: str) -> Callable[[Any], None]:
    hook = getattr(_module(game_id), "check_state", None)
    return hook if hook is not None else (lambda state: None)


def hidden_variants(game_id: str) -> Callable[[Any, int, random.Random], Iterable[Any]]:
    hook = getattr(_module(game_id), "hidden_variants", None)
    return hook if hook is not None else (lambda state, seat, rng: ())


def playout_options(game_id: str) -> dict[str, Any]:
    return dict(getattr(_module(game_id), "PLAYOUT_OPTIONS", {}))


def check_every(game_id: str) -> int:
    return int(getattr(_module(game_id), "CHECK_EVERY", 1))
