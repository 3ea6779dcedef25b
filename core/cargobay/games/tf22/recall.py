"""What one decision of the TF22 strong bot (``bots.StrongBot``) hands the next of the same move: the position it
chose, its value and those of the follow-ups it tried from there (``search.MoveSearch.follow_up``). The next decision
starts at that position and scores most of those actions again; recalled, they are not worked out twice (the same
numbers: the key is the Evaluator's whole context and the position, so the choices are those of a bot that recalls
nothing, and each recalled value still counts against the decision's budget)."""

from __future__ import annotations

from typing import Any

from .search import Evaluator
from .state import TF22State

__all__ = ["forget", "position", "recall", "remember"]

_RECALLED: dict[tuple[Any, ...], tuple[float, dict[str, float]]] = {}  # the last decision's only


def position(state: TF22State) -> tuple[Any, ...]:
    """What of a position an action's outcome and the evaluation read, whatever the order it was reached in (the
    deck, the cards seen, the journal and the events aside: neither reads them)."""
    return (state.turn, state.turns, state.interference, state.phase, tuple(state.order), state.mover, state.tide,
            state.breach, state.next_id, tuple(state.faceup), tuple(state.ap), tuple(state.saved),
            tuple(state.holder), tuple(state.landers), tuple(state.flown), tuple(map(tuple, state.freight)),
            tuple(map(tuple, state.modules)), tuple(map(tuple, state.captured)), frozenset(state.shots.items()),
            frozenset((pid, tuple(kinds)) for pid, kinds in state.built.items()), frozenset(state.reserve.items()),
            frozenset(state.pieces.items()))


def remember(evaluator: Evaluator, state: TF22State, value: float, seen: dict[str, float]) -> None:
    """Keep ``state``'s value and its follow-ups' (``seen``, by action) for the next decision (``recall``)."""
    _RECALLED.clear()
    _RECALLED[(evaluator.context, position(state))] = (value, seen)


def recall(evaluator: Evaluator, state: TF22State) -> tuple[float | None, dict[str, float]]:
    """``state``'s value and those of the actions from it as the last decision found them (``remember``), if it
    chose this position under the same context (the numbers ``evaluator`` would give); else nothing."""
    found = _RECALLED.get((evaluator.context, position(state)))
    return (None, {}) if found is None else found


def forget() -> None:
    """Drop what is kept (tests: a bot that recalls nothing)."""
    _RECALLED.clear()
