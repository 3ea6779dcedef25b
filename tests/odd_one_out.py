"""A tiny 3-seat test game with every node kind: a chance draw, a simultaneous pick, a lone move.

Each round chance draws a target 0-2; every seat picks 0 or 1 at once; a seat whose pick differs
from all others scores the target; then the round's leader (round mod 3) says "next". Three rounds.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from cargobay.engine import CHANCE, SIMULTANEOUS, TERMINAL, Game, IllegalActionError, InvalidActionError


class OddOneOut(Game):
    id = "odd"
    title = "Odd one out"
    min_seats = 3
    max_seats = 3

    def new_state(self, seats: int = 3, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        return {"round": 0, "phase": "draw", "target": None, "picks": [None] * 3, "scores": [0] * 3}

    def current_player(self, state: dict[str, Any]) -> int:
        return {"draw": CHANCE, "pick": SIMULTANEOUS, "next": state["round"] % 3, "end": TERMINAL}[state["phase"]]

    def acting_seats(self, state: dict[str, Any]) -> tuple[int, ...]:
        if state["phase"] == "pick":
            return tuple(seat for seat in range(3) if state["picks"][seat] is None)
        return (state["round"] % 3,) if state["phase"] == "next" else ()

    def legal_actions(self, state: dict[str, Any], seat: int) -> list[str]:
        if seat not in self.acting_seats(state):
            return []
        return ["pick:0", "pick:1"] if state["phase"] == "pick" else ["next"]

    def sample_chance(self, state: dict[str, Any], rng: random.Random) -> str:
        return f"draw:{rng.randrange(3)}"

    def apply(self, state: dict[str, Any], seat: int, action: str) -> dict[str, Any]:
        new = {**state, "picks": list(state["picks"]), "scores": list(state["scores"])}
        if action in ("draw:0", "draw:1", "draw:2"):
            if seat != CHANCE or state["phase"] != "draw":
                raise IllegalActionError("only chance draws, once a round")
            new.update(phase="pick", target=int(action[-1]))
        elif action in ("pick:0", "pick:1"):
            if seat not in self.acting_seats(state) or state["phase"] != "pick":
                raise IllegalActionError(f"seat {seat} may not pick now")
            new["picks"][seat] = int(action[-1])
            if None not in new["picks"]:
                for me in range(3):
                    if all(new["picks"][me] != new["picks"][o] for o in range(3) if o != me):
                        new["scores"][me] += new["target"]
                new["phase"] = "next"
        elif action == "next":
            if seat not in self.acting_seats(state) or state["phase"] != "next":
                raise IllegalActionError(f"seat {seat} may not say next now")
            new.update(round=state["round"] + 1, picks=[None] * 3, target=None)
            new["phase"] = "end" if new["round"] == 3 else "draw"
        else:
            raise InvalidActionError(f"{action!r} is not an action of odd one out")
        return new

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        return {"seat": seat, "round": state["round"], "phase": state["phase"], "scores": state["scores"],
                "chosen": [pick is not None for pick in state["picks"]],
                "legal": [] if seat is None else self.legal_actions(state, seat)}

    def scores(self, state: dict[str, Any]) -> list[int]:
        return list(state["scores"])

    def result(self, state: dict[str, Any]) -> dict[str, Any] | None:
        if state["phase"] != "end":
            return None
        best = max(state["scores"])
        return {"scores": state["scores"], "winners": [s for s in range(3) if state["scores"][s] == best]}

    def state_to_json(self, state: dict[str, Any]) -> dict[str, Any]:
        return dict(state)

    def state_from_json(self, data: Mapping[str, Any]) -> dict[str, Any]:
        return dict(data)
