"""Commit-reveal hashes and joint randomness for matches between peers that do not trust each other.

A commitment binds a seat to a choice without showing it: ``H(match, node, seat, kind, value, nonce)``
with a 256-bit nonce. The match id, the node (the step at which the decision began) and the seat
are inside the hash, so a commitment copied from another match, another step or another seat
never opens. A shared seed is the hash of every peer's revealed share, so no peer alone chooses it.
"""

from __future__ import annotations

import hashlib
import json
import re

NONCE_BYTES = 32
HEX64 = re.compile(r"[0-9a-f]{64}")


def _digest(parts: list[object]) -> str:
    text = json.dumps(parts, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()


def commitment(match_id: str, node: int, seat: int, kind: str, value: str, nonce: str) -> str:
    """The hex SHA-256 that a seat sends before its choice is revealed.

    >>> len(commitment("m", 0, 1, "action", "play:G3", "00" * 32))
    64
    """
    return _digest(["cargobay-commit", 1, match_id, node, seat, kind, value, nonce])


def opens(digest: str, match_id: str, node: int, seat: int, kind: str, value: str, nonce: str) -> bool:
    """Whether a reveal opens a commitment."""
    return commitment(match_id, node, seat, kind, value, nonce) == digest


def joint_seed(match_id: str, node: int, shares: list[str]) -> str:
    """The seed of a chance event from every peer's share, in peer order."""
    return _digest(["cargobay-seed", 1, match_id, node, shares])


def is_hex64(text: object) -> bool:
    return isinstance(text, str) and HEX64.fullmatch(text) is not None
