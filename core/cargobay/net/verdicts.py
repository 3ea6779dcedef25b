"""How a match between peers can end early, and the refusal of one message.

Every early end is a forfeit that names the rule that decided it; there is no end without a loser
(a "desync" that nobody loses would let any player escape a lost match with one false hash).
"""

from __future__ import annotations

from typing import Any

from ..engine import CargoBayError

RULES = {
    "equivocation": "signed two different messages for one decision (proof held by every page that saw both)",
    "forged": "passed on a signature that its claimed signer never made",
    "false-opening": "revealed a choice that does not open its commitment",
    "illegal-commitment": "committed to a move the rules do not allow",
    "diverged": "sent a state hash that differs from the one the same moves give (a false hash)",
    "time": "ran out of time: its time bank is spent",
    "reveal-time": "did not take an automatic step (a deal share or a reveal) within the reveal deadline",
    "away": "was disconnected for longer than the allowance",
    "false-deck": "sent a deck key or a shuffle that is no deck (a card dropped, a key without its proof)",
    "false-share": "sent a decryption share that is not its own (it would unmask another card)",
    "false-card": "showed a card it was not dealt, or another card than the one it played",
    "false-shuffle": "shuffled a deck into something else than the same cards re-masked (found at the audit)",
    "false-alarm": "asked for an audit of the decks, and every deck proved honest",
    "withheld": "kept its deck secret from the audit after the end of the match",
}


class PeerViolation(CargoBayError):
    """A message refused for breaking the protocol; ``cheating`` when it proves bad faith."""

    def __init__(self, reason: str, *, sender: int | None = None, cheating: bool = False) -> None:
        super().__init__(reason)
        self.sender = sender
        self.cheating = cheating


def forfeit(peer: int, seats: list[int], rule: str, detail: str = "") -> dict[str, Any]:
    """The outcome of a match that ``peer`` (playing ``seats``) loses by ``rule``: ``why`` names no one (a page
    puts its own name for the peer before it), ``reason`` names the peer by index."""
    why = RULES[rule] + (f" ({detail})" if detail else "")
    return {"kind": "forfeit", "peer": peer, "seats": seats, "rule": rule, "why": why, "reason": f"peer {peer} {why}"}
