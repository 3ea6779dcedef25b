"""What a page saves of a match between peers, and its restoring (peer.py): the log (replayed through the
engine, so a corrupt save is refused), the page's secret and its own inputs, the window of evidence, the
clocks, and the decks of a cryptographic deal (dealing.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..audited import attach
from ..engine import Game, Match, StateError
from .node import Node
from .setup import Setup
from .signing import Identity
from .verdicts import RULES

if TYPE_CHECKING:
    from .peer import Peer


def dump_peer(peer: Peer) -> dict[str, Any]:
    return {
        "setup": peer.setup.to_json(),
        "me": peer.me,
        "secret": peer.identity.seed.hex(),
        # once the decks are audited, the log carries every deal whole: a replay checks the hidden cards too
        "log": attach(peer.match.to_log(), peer.dealing.audited if peer.dealing else None,
                      peer.dealing.events if peer.dealing else {}),
        "node": peer.node.to_json(),
        "outbox": list(peer.outbox),
        "held": {str(node): dict(slots) for node, slots in peer.held.items()},
        "hashes": {str(step): value for step, value in peer.hashes.items()},
        "hash_texts": {str(step): text for step, text in peer.hash_texts.items()},
        "clocks": peer.clocks.to_json(),
        "outcome": peer.outcome,
        **({"removed": sorted(peer.removed)} if peer.removed else {}),
        "sas": peer.sas.to_json(),
        **({"dealing": peer.dealing.to_json()} if peer.dealing else {}),
    }


def load_peer(cls: type[Peer], data: Any, games: Mapping[str, Game[Any]]) -> Peer:
    try:
        setup = Setup.from_json(data["setup"])
        if setup.game not in games:
            raise StateError(f"no playable game {setup.game!r}")
        peer = cls(setup, data["me"], Identity.from_hex(data["secret"]), games[setup.game])
        peer.restore(match=Match.from_log(data["log"], games), node=Node.from_json(data["node"]),
                     outbox=[[int(node), str(text)] for node, text in data["outbox"]],
                     held={int(node): {str(k): [int(v[0]), str(v[1])] for k, v in slots.items()}
                           for node, slots in data["held"].items()},
                     hashes={int(step): str(value) for step, value in data["hashes"].items()},
                     hash_texts={int(step): str(text) for step, text in data["hash_texts"].items()},
                     clocks=data["clocks"], outcome=_outcome(data["outcome"]),
                     dealing=data["dealing"] if peer.dealing is not None else None,
                     removed={int(p) for p in data.get("removed", [])} - {peer.me})
        if "sas" in data:  # (a save from before the commit-first code has none: this page sends its part again)
            peer.sas.load(peer, data["sas"])
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
        raise StateError(f"not a saved peer match: {error}") from None
    if peer.node.node != peer.match.step or peer.hashes.get(peer.match.step) != peer.state_hash():
        raise StateError("the saved peer match is inconsistent with its log")
    return peer


def _outcome(value: Any) -> dict[str, Any] | None:
    if value is None:
        return None
    if not isinstance(value, dict) or value.get("kind") != "forfeit" or value.get("rule") not in RULES \
            or not isinstance(value.get("peer"), int) or not isinstance(value.get("seats"), list):
        raise ValueError("a saved outcome is a forfeit naming its peer, its seats and its rule")
    return dict(value)
