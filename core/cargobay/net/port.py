"""The interface the protocol's parts (dealing.py, shown.py, audit.py, evidence.py) use of the lockstep
peer (peer.py): what they read of it and the few steps they may take — sign and keep a message, hold one
for later, check a signature, forfeit a peer, advance the match. ``Peer`` implements it; nothing here
reaches into its private state."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from ..engine import Game, Match
    from .clocks import Clocks
    from .dealing import Dealing
    from .evidence import Out
    from .node import Node
    from .quotas import Recent
    from .sas import Sas
    from .setup import Setup
    from .signing import Identity


class Port(Protocol):
    # what the parts read (and the evidence they keep, in the page's own tables)
    setup: Setup
    digest: str
    me: int
    identity: Identity
    game: Game[Any]
    match: Match
    node: Node
    outcome: dict[str, Any] | None
    events: list[dict[str, Any]]
    dealing: Dealing | None
    recent: Recent
    clocks: Clocks
    outbox: list[list[Any]]
    held: dict[int, dict[str, list[Any]]]
    hashes: dict[int, str]
    hash_texts: dict[int, str]
    remote: dict[tuple[int, int], str]
    answered: dict[int, list[int]]
    removed: set[int]
    sas: Sas

    @property
    def step(self) -> int: ...
    def is_player(self, peer: int) -> bool: ...
    def over(self) -> bool: ...

    # signing, checking, holding
    def sign(self, fields: dict[str, Any]) -> str: ...
    def keep(self, node: int, fields: dict[str, Any]) -> str: ...
    def hold_signed(self, node: int, message: dict[str, Any], text: str) -> None: ...
    def held_for(self, message: dict[str, Any]) -> list[Any] | None: ...
    def valid(self, signer: int, message: dict[str, Any]) -> bool: ...
    def check(self, sender: int, message: dict[str, Any], text: str, *, remember: bool = True,
              signer: int | None = None) -> None: ...
    def hold(self, sender: int, at: int, text: str) -> None: ...
    def ask_again(self, sender: int) -> None: ...

    # the match
    def forfeit(self, peer: int, rule: str, detail: str = "") -> None: ...
    def advance(self, now: float) -> list[Out]: ...
    def after_step(self, now: float, out: list[Out]) -> None: ...
    def enter_node(self) -> None: ...
    def apply_act(self, seat: int, action: str, text: str) -> None: ...
    def receive(self, sender: int, text: object, now: float) -> list[Out]: ...
