"""Odd one out: a tiny 3-seat test game with every node kind and a two-pick action.

It exists to test the platform (the contract tests, the peer protocol with three pages, the page's
selection step), not to be fun. Each of three rounds: chance draws a target 0-2; every seat picks 0 or 1
at once (hidden until all have picked); a seat whose pick differs from both others scores the target;
then the round's leader (round mod 3) gives a bonus of 1 or 2 points to another seat, in two picks
(the seat, then the amount: ``give:2`` then ``give:2+1``). Most points wins; a tie is shared.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...engine import (
    CHANCE,
    JSON,
    SIMULTANEOUS,
    TERMINAL,
    Game,
    IllegalActionError,
    InvalidActionError,
    StateError,
)
from .info import INFO

SEATS = 3
PHASES = ("draw", "pick", "give", "end")

OddState = dict[str, Any]


def _give(seat: int, amount: int) -> str:
    return f"give:{seat}+{amount}"


class OddOneOut(Game[OddState]):
    info = INFO

    def new_state(self, seats: int = SEATS, options: Mapping[str, Any] | None = None) -> OddState:
        if seats != SEATS:
            raise ValueError("odd one out is for exactly 3 players")
        rounds = self.info.resolve_options(options)["rounds"]
        return {"round": 0, "rounds": rounds, "phase": "draw", "target": None, "picks": [None] * SEATS,
                "scores": [0] * SEATS}

    def current_player(self, state: OddState) -> int:
        nodes: dict[str, int] = {"draw": CHANCE, "pick": SIMULTANEOUS, "give": state["round"] % SEATS, "end": TERMINAL}
        return nodes[state["phase"]]

    def acting_seats(self, state: OddState) -> tuple[int, ...]:
        if state["phase"] == "pick":
            return tuple(seat for seat in range(SEATS) if state["picks"][seat] is None)
        return (state["round"] % SEATS,) if state["phase"] == "give" else ()

    def legal_actions(self, state: OddState, seat: int) -> list[str]:
        if seat not in self.acting_seats(state):
            return []
        if state["phase"] == "pick":
            return ["pick:0", "pick:1"]
        return sorted(_give(other, amount) for other in range(SEATS) if other != seat for amount in (1, 2))

    def action_steps(self, action: str) -> tuple[str, ...]:
        """A gift is two picks: the seat (``give:2``), then the amount (``give:2+1``)."""
        head, plus, _ = action.partition("+")
        return (head,) if action.startswith("give:") and plus else ()

    def sample_chance(self, state: OddState, rng: random.Random) -> str:
        return f"draw:{rng.randrange(3)}"

    def apply(self, state: OddState, seat: int, action: str) -> OddState:
        if not isinstance(action, str):
            raise InvalidActionError("an action is a string")
        new = {**state, "picks": list(state["picks"]), "scores": list(state["scores"])}
        if action in ("draw:0", "draw:1", "draw:2"):
            if seat != CHANCE or state["phase"] != "draw":
                raise IllegalActionError("only chance draws, once a round", "Each round")
            new.update(phase="pick", target=int(action[-1]))
        elif action in ("pick:0", "pick:1"):
            if state["phase"] != "pick" or seat not in self.acting_seats(state):
                raise IllegalActionError(f"seat {seat} may not pick now", "Pick")
            new["picks"][seat] = int(action[-1])
            if None not in new["picks"]:
                for me in range(SEATS):
                    if all(new["picks"][me] != new["picks"][o] for o in range(SEATS) if o != me):
                        new["scores"][me] += new["target"]
                new["phase"] = "give"
        elif action.startswith("give:"):
            other, amount = self._parse_give(action)
            if state["phase"] != "give" or seat not in self.acting_seats(state):
                raise IllegalActionError(f"seat {seat} may not give now", "Bonus: the round's leader gives")
            if other == seat:
                raise IllegalActionError("the leader gives to another seat", "Bonus")
            new["scores"][other] += amount
            new.update(round=state["round"] + 1, picks=[None] * SEATS, target=None)
            new["phase"] = "end" if new["round"] == state["rounds"] else "draw"
        else:
            raise InvalidActionError(f"{action!r} is not an action of odd one out (draw:N, pick:N, give:S+N)")
        return new

    @staticmethod
    def _parse_give(action: str) -> tuple[int, int]:
        seat, plus, amount = action[len("give:"):].partition("+")
        if not plus or seat not in ("0", "1", "2") or amount not in ("1", "2"):
            raise InvalidActionError(f"{action!r}: a gift is give:<seat 0-2>+<1 or 2>")
        return int(seat), int(amount)

    def view(self, state: OddState, seat: int | None) -> JSON:
        own = seat if seat in range(SEATS) else None
        return {"seat": own, "round": state["round"], "rounds": state["rounds"], "phase": state["phase"],
                "target": state["target"], "scores": list(state["scores"]),
                "chosen": [pick is not None for pick in state["picks"]],
                "my_pick": None if own is None else state["picks"][own],
                "to_act": list(self.acting_seats(state)),
                "legal": [] if own is None else self.legal_actions(state, own), "result": self.result(state)}

    def determinize(self, view: Mapping[str, Any], rng: random.Random) -> OddState:
        """The others' hidden picks drawn at random."""
        seat = view["seat"]
        picks = [rng.randrange(2) if chosen else None for chosen in view["chosen"]]
        if seat is not None:
            picks[seat] = view["my_pick"]
        return {"round": view["round"], "rounds": view["rounds"], "phase": view["phase"], "target": view["target"],
                "picks": picks, "scores": list(view["scores"])}

    def scores(self, state: OddState) -> list[int]:
        return list(state["scores"])

    def result(self, state: OddState) -> JSON | None:
        if state["phase"] != "end":
            return None
        best = max(state["scores"])
        return {"scores": list(state["scores"]), "winners": [s for s in range(SEATS) if state["scores"][s] == best]}

    def state_to_json(self, state: OddState) -> JSON:
        return {**state, "picks": list(state["picks"]), "scores": list(state["scores"])}

    def state_from_json(self, data: Mapping[str, Any]) -> OddState:
        keys = {"round", "rounds", "phase", "target", "picks", "scores"}
        if not isinstance(data, Mapping) or set(data) != keys or data["phase"] not in PHASES:
            raise StateError(f"not an odd one out state (keys {sorted(keys)})")
        if not all(isinstance(data[k], list) and len(data[k]) == SEATS for k in ("picks", "scores")):
            raise StateError("picks and scores hold one entry per seat")
        return self.state_to_json(data)  # type: ignore[arg-type]


GAME = OddOneOut()
