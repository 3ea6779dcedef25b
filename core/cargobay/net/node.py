"""The decision node a page is at, typed: its kind, the keys that must act, the turning reveal order, and
what has come in (commitments, reveals, my own secrets, the seats that moved). Saved as the same plain
object as before (``to_json``/``from_json``), so a save's format does not change."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class Kind(StrEnum):
    CHANCE = "chance"  # every player commits to a share, then reveals it (a joint seed)
    DEAL = "deal"  # the players shuffle in turn, then send decryption shares (dealing.py)
    AUDIT = "audit"  # every deck opened and checked (dealing.py, audit.py)
    SIMULTANEOUS = "simultaneous"  # each acting seat commits, then reveals
    SEAT = "seat"  # one seat moves in the clear
    TERMINAL = "terminal"


@dataclass
class Node:
    node: int  # the match step at which the node began
    kind: Kind
    keys: list[int]  # seats (simultaneous, seat) or players (chance, deal, audit)
    order: list[int]  # the reveal (or shuffle) order: the keys turned by the step
    commits: dict[str, list[str]] = field(default_factory=dict)  # key -> [digest, signature]
    reveals: dict[str, list[str]] = field(default_factory=dict)  # key -> [value, nonce]
    secrets: dict[str, list[str]] = field(default_factory=dict)  # my keys -> [value, nonce]
    acted: list[int] = field(default_factory=list)  # seats that moved (a one-seat node)
    act: str | None = None  # the signed move of a one-seat node

    @classmethod
    def make(cls, step: int, kind: Kind, keys: list[int]) -> Node:
        turn = step % len(keys) if keys else 0
        return cls(step, kind, list(keys), keys[turn:] + keys[:turn])

    def kind_of_input(self) -> str:
        """What a commitment or reveal of this node speaks for: a chance share or a seat's action."""
        return "share" if self.kind == Kind.CHANCE else "action"

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"node": self.node, "kind": str(self.kind), "keys": list(self.keys),
                                "order": list(self.order), "commits": {k: list(v) for k, v in self.commits.items()},
                                "reveals": {k: list(v) for k, v in self.reveals.items()},
                                "secrets": {k: list(v) for k, v in self.secrets.items()}, "acted": list(self.acted)}
        if self.act is not None:
            data["act"] = self.act
        return data

    @classmethod
    def from_json(cls, data: Any) -> Node:
        """A saved node; raises ValueError when it is not one."""
        if not isinstance(data, dict):
            raise ValueError("a saved node is an object")
        try:
            node = cls(_int(data["node"]), Kind(data["kind"]), _ints(data["keys"]), _ints(data["order"]),
                       _pairs(data["commits"]), _pairs(data["reveals"]), _pairs(data["secrets"]),
                       _ints(data["acted"]), data.get("act"))
        except KeyError as error:
            raise ValueError(f"a saved node lacks {error}") from None
        if node.act is not None and not isinstance(node.act, str):
            raise ValueError("a saved node's move is a message's text")
        return node


def _int(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError("a saved node holds a step or key that is no number")
    return value


def _ints(value: object) -> list[int]:
    if not isinstance(value, list):
        raise ValueError("a saved node's keys are a list")
    return [_int(item) for item in value]


def _pairs(value: object) -> dict[str, list[str]]:
    if not isinstance(value, dict) or not all(
            isinstance(k, str) and isinstance(v, list) and len(v) == 2 and all(isinstance(s, str) for s in v)
            for k, v in value.items()):
        raise ValueError("a saved node's commitments, reveals and secrets map keys to two texts")
    return {k: list(v) for k, v in value.items()}
