"""What every peer agrees on before the first move: the game, its seats and owners, every page's
public key, and the clocks. Its digest is inside every signature, and its verification code is what
people read aloud to each other to be sure that every page plays the same setup with the same keys."""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from typing import Any

from .. import limits
from ..engine import Game, SetupError
from .messages import MATCH_ID
from .signing import KEY_HEX

# The clocks: (name, default, low, high) in seconds, shared with the page (limits.py, sent in hello).
CLOCKS = limits.CLOCKS


def _number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


@dataclass
class Setup:
    match_id: str
    game: str
    seats: list[str]  # seat kinds: "human" or a bot level (bots run on their owner's machine)
    owners: list[int]  # the peer index that plays each seat; a peer that owns none is a spectator
    peers: int
    options: dict[str, Any] = field(default_factory=dict)
    keys: list[str] = field(default_factory=list)  # every peer's Ed25519 public key, 64 hex digits
    reveal_deadline: float = 30.0  # (limits.CLOCKS: seconds, not minutes: an automatic step costs well under 1 s)
    time_bank: float = 600.0
    time_increment: float = 15.0
    away_allowance: float = 180.0

    def __post_init__(self) -> None:
        if not isinstance(self.match_id, str) or not MATCH_ID.fullmatch(self.match_id):
            raise SetupError("a match id is 8-64 letters, digits, - or _")
        if not isinstance(self.game, str) or not isinstance(self.seats, list) or not isinstance(self.owners, list):
            raise SetupError("a setup names its game, and lists its seats and their owners")
        if not all(isinstance(kind, str) for kind in self.seats) or len(self.owners) != len(self.seats):
            raise SetupError("every seat is a kind (human or a bot level) with one owner")
        if not isinstance(self.options, dict):
            raise SetupError("the options are an object")
        if not isinstance(self.peers, int) or isinstance(self.peers, bool):
            raise SetupError("peers is a number")
        low, high = limits.PEERS
        if not low <= self.peers <= high or not all(
            isinstance(o, int) and not isinstance(o, bool) and 0 <= o < self.peers for o in self.owners
        ):
            raise SetupError(f"{low}-{high} peers; every seat is owned by one of them (a peer with no seat watches)")
        if len(set(self.owners)) < 2:
            raise SetupError("at least two peers play: a match against oneself needs no network")
        if (not isinstance(self.keys, list) or len(self.keys) != self.peers
                or not all(isinstance(key, str) and KEY_HEX.fullmatch(key) for key in self.keys)
                or len(set(self.keys)) != len(self.keys)):
            raise SetupError("the setup lists every page's own public key (64 hex digits each)")
        for name, _, low, high in CLOCKS:
            value = getattr(self, name)
            if not _number(value) or not low <= value <= high:
                raise SetupError(f"{name.replace('_', ' ')} is {low}..{high} seconds")

    @classmethod
    def from_json(cls, data: Any) -> Setup:
        if not isinstance(data, dict):
            raise SetupError("a setup is an object")
        try:
            return cls(**data)
        except TypeError as error:
            raise SetupError(f"bad setup: {error}") from None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def players(self) -> list[int]:
        """The peers that own a seat (the others watch)."""
        return sorted(set(self.owners))

    def digest(self) -> str:
        """SHA-256 of the canonical setup: inside every signature."""
        text = json.dumps(["cargobay-setup", 2, self.to_json()], sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    def check_game(self, game: Game[Any]) -> None:
        """The checks that need the game: it is the one named, with a seat count and options it allows."""
        if game.id != self.game:
            raise SetupError(f"the setup is for {self.game!r}, not {game.id!r}")
        if not game.min_seats <= len(self.seats) <= game.max_seats:
            raise SetupError(f"{game.title} takes {game.min_seats}-{game.max_seats} seats, one owner each")
        chosen = game.info.resolve_options(self.options)
        for name, value in game.info.peer_options:
            if chosen[name] != value:
                raise SetupError(f"between browsers {game.title} plays with {name} = {value!r}")
