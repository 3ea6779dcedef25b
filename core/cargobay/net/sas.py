"""The verification code, commit first (issue 19, attack 7): a short authentication string the players read
aloud to each other, which a host that lists its own keys for the guests cannot grind.

Each page derives a random nonce (from its secret seed, per match), sends its commitment (``vcommit``: SHA-256
of the match, its index and the nonce), and reveals the nonce (``vreveal``) only once it holds the commitment of
every page of the match. The code is six digits of the SHA-256 of the setup's digest and every nonce in page
order. A host relaying links between guests under keys of its own must send each guest the commitments it
forges before any guest reveals to it, and each guest's nonce is unknown to it until then, so it cannot choose
its own to make two setups' codes equal: it matches with probability 10^-6 per match, and cannot retry within
one. (The former code, six digits of the setup's digest alone, took under 2 s of grinding: it is gone; the test
that grinds it keeps a copy, tests/net/test_many_pages.py.)
Until every page has revealed, there is no code to read. Both messages are signed like any other; a page that
sends a nonce its commitment does not open, or two different commitments, is refused as cheating.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any

from .verdicts import PeerViolation

if TYPE_CHECKING:
    from .evidence import Out
    from .port import Port


def commitment(match_id: str, peer: int, nonce: str) -> str:
    return hashlib.sha256(f"cargobay-sas-commit/1\x1f{match_id}\x1f{peer}\x1f{nonce}".encode()).hexdigest()


class Sas:
    def __init__(self, peer: Port) -> None:
        self.nonce = peer.identity.derive(peer.setup.match_id, "sas")
        self.commits: dict[int, str] = {}  # page -> its commitment
        self.nonces: dict[int, str] = {}  # page -> its nonce, opening its commitment
        self.texts: dict[str, str] = {}  # my signed vcommit and vreveal (sent again in every resume answer)
        self.early: dict[int, dict[str, Any]] = {}  # page -> its reveal that came before its commitment

    def start(self, peer: Port) -> list[Out]:
        if "vcommit" in self.texts:
            return []
        self.commits[peer.me] = commitment(peer.setup.match_id, peer.me, self.nonce)
        self.texts["vcommit"] = peer.sign({"type": "vcommit", "digest": self.commits[peer.me]})
        return [(None, self.texts["vcommit"]), *self._reveal(peer)]

    def _reveal(self, peer: Port) -> list[Out]:
        if "vreveal" in self.texts or len(self.commits) < peer.setup.peers:
            return []
        self.nonces[peer.me] = self.nonce
        self.texts["vreveal"] = peer.sign({"type": "vreveal", "nonce": self.nonce})
        return [(None, self.texts["vreveal"])]

    def receive(self, peer: Port, sender: int, message: dict[str, Any], text: str) -> list[Out]:
        if message["type"] == "vcommit":
            held = self.commits.get(sender)
            if held == message["digest"]:
                return []
            peer.check(sender, message, text)
            if held is not None:
                raise PeerViolation(f"peer {sender} sent two commitments to its verification nonce", sender=sender,
                                    cheating=True)
            self.commits[sender] = message["digest"]
            early = self.early.pop(sender, None)
            if early is not None:
                try:
                    self._open(peer, sender, early)
                except PeerViolation as error:
                    peer.events.append({"event": "refused", "from": sender, "reason": str(error)})
            return self._reveal(peer)
        if sender in self.nonces:
            return []
        peer.check(sender, message, text)
        if sender not in self.commits:
            self.early[sender] = message  # (it came before its commitment, on another path: opened with it)
            return []
        self._open(peer, sender, message)
        return []

    def _open(self, peer: Port, sender: int, message: dict[str, Any]) -> None:
        if commitment(peer.setup.match_id, sender, message["nonce"]) != self.commits[sender]:
            raise PeerViolation(f"peer {sender}'s verification nonce does not open its commitment", sender=sender,
                                cheating=True)
        self.nonces[sender] = message["nonce"]

    def code(self, peer: Port) -> str | None:
        """Six digits to read aloud (``ddd ddd``), once every page's nonce is in; None until then."""
        if len(self.nonces) < peer.setup.peers:
            return None
        text = "\x1f".join(["cargobay-sas/1", peer.digest, *(self.nonces[p] for p in range(peer.setup.peers))])
        number = int(hashlib.sha256(text.encode()).hexdigest()[:10], 16) % 1_000_000
        return f"{number // 1000:03d} {number % 1000:03d}"

    def waiting(self, peer: Port) -> list[int]:
        """The pages whose part of the code is not in yet."""
        return [p for p in range(peer.setup.peers) if p not in self.nonces]

    def to_json(self) -> dict[str, Any]:
        return {"commits": {str(p): d for p, d in self.commits.items()},
                "nonces": {str(p): n for p, n in self.nonces.items()}, "texts": dict(self.texts)}

    def load(self, peer: Port, data: Any) -> None:
        from .commit import is_hex64

        commits = {int(p): str(d) for p, d in data["commits"].items()}
        nonces = {int(p): str(n) for p, n in data["nonces"].items()}
        texts = {str(k): str(t) for k, t in data["texts"].items()}
        pages = range(peer.setup.peers)
        if not all(p in pages and is_hex64(v) for table in (commits, nonces) for p, v in table.items()) or any(
                commitment(peer.setup.match_id, p, n) != commits.get(p) for p, n in nonces.items()) or not set(
                texts) <= {"vcommit", "vreveal"}:
            raise ValueError("a saved verification code's parts")
        self.commits, self.nonces, self.texts = commits, nonces, texts
