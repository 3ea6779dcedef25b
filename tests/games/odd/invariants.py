"""Odd one out hooks for the generic contract test (see tests/games/hooks.py)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any


def check_state(state: dict[str, Any]) -> None:
    assert 0 <= state["round"] <= state["rounds"]
    assert all(score >= 0 for score in state["scores"])
    assert (state["target"] is None) == (state["phase"] in ("draw", "end"))
    if state["phase"] in ("draw", "end"):
        assert state["picks"] == [None, None, None]


def hidden_variants(state: dict[str, Any], seat: int, rng: random.Random) -> Iterator[dict[str, Any]]:
    """Another seat's pending pick flipped."""
    for other, pick in enumerate(state["picks"]):
        if other != seat and pick is not None:
            picks = list(state["picks"])
            picks[other] = 1 - pick
            yield {**state, "picks": picks}
