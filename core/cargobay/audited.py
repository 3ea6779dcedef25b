"""A peer match's log with its audit: every deal unmasked, so that a replay checks the hidden cards too.

A page of a match between browsers logs the cards it never saw as ``?`` (``deck.HIDDEN``); the proofs that made
the cards played valid live in the peer protocol, not in the log. Once the match's decks are audited
(``net.audit``: every secret in, every shuffle checked, every card unmasked, the whole match replayed), the page
keeps every deal whole (``Dealing.audited``), alike on every honest page, with a digest of the whole match's
actions. The saved log then carries it (``audit``: the deal steps' actions with every face, and the digest), and
``python -m cargobay replay`` replays the match with the whole deal: every card played is then checked against
the cards really dealt ("hidden cards: audited"). Without an audit it says "hidden cards: not checked".
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from .checks import digits
from .deck import HIDDEN
from .engine import CHANCE, LogError

__all__ = ["AuditError", "attach", "check_digest", "digest", "hidden_steps", "whole"]


class AuditError(LogError):
    """A log's ``audit`` that is malformed or does not belong to the log (names what is wrong)."""


def digest(actions: list[list[Any]]) -> str:
    """The digest of a match's actions as the audit records it (``net.audit.record``)."""
    return hashlib.sha256(json.dumps(actions, separators=(",", ":")).encode()).hexdigest()


def attach(log: Mapping[str, Any], audited: Mapping[str, Any] | None, events: Mapping[int, Any]) -> dict[str, Any]:
    """``log`` with the audit's whole deals (``Dealing.audited``; ``events``: the deal nodes' records, each with
    its action's ``prefix``); the log as it is when the match is not audited."""
    out = dict(log)
    if audited:
        deals = {node: str(events[int(node)]["prefix"]) + ",".join(cards) for node, cards in audited["deals"].items()}
        out["audit"] = {"deals": deals, "digest": str(audited["digest"])}
    return out


def hidden_steps(actions: list[list[Any]]) -> list[int]:
    """The chance steps that show a card as ``?``."""
    return [index for index, (seat, action) in enumerate(actions)
            if seat == CHANCE and HIDDEN in action.replace(":", ",").split(",")]


def whole(log: Mapping[str, Any]) -> dict[str, Any]:
    """The log with its audit's whole deals in place of the ``?`` cards. Every deal step of the audit must be a
    chance step of the log with the same action before its cards, the same number of cards and every card the
    log shows the same (AuditError names what differs); ``check_digest`` then checks the whole match's digest."""
    audit = log.get("audit")
    actions = log.get("actions")
    if not isinstance(audit, Mapping) or not isinstance(audit.get("deals"), Mapping) \
            or not isinstance(audit.get("digest"), str) or not isinstance(actions, list):
        raise AuditError("the log's audit is {\"deals\": {step: action}, \"digest\": hex} beside its actions")
    filled = [list(entry) if isinstance(entry, list | tuple) else entry for entry in actions]
    for key, dealt in audit["deals"].items():
        if not (isinstance(key, str) and digits(key, 6) and isinstance(dealt, str)):
            raise AuditError(f"the audit's deal {key!r} is not a step number and an action")
        step = int(key)
        if step >= len(filled) or not isinstance(filled[step], list) or len(filled[step]) != 2 \
                or filled[step][0] != CHANCE or not isinstance(filled[step][1], str):
            raise AuditError(f"the audit's deal at step {step} is not a chance step of this log")
        logged = filled[step][1]
        head, _, shown = logged.partition(":")
        whole_head, _, faces = dealt.partition(":")
        seen, real = shown.split(","), faces.split(",")
        if head != whole_head or len(seen) != len(real):
            raise AuditError(f"the audit's deal at step {step} ({whole_head}: {len(real)} cards) is not the log's "
                             f"({head}: {len(seen)} cards)")
        for position, (card, face) in enumerate(zip(seen, real, strict=True)):
            if face == HIDDEN:
                raise AuditError(f"the audit's deal at step {step} still hides card {position}")
            if card not in (HIDDEN, face):
                raise AuditError(f"the audit's deal at step {step} has {face!r} at position {position}, where this "
                                 f"log saw {card!r}")
        filled[step] = [CHANCE, dealt]
    return {**log, "actions": filled}


def check_digest(log: Mapping[str, Any]) -> None:
    """After the replay with the whole deals (which names the first card played that they do not allow): the
    audit's digest is the one of these actions, so the audit is this very match's."""
    if digest(list(log["actions"])) != log["audit"]["digest"]:
        raise AuditError("the audit's digest is not the digest of this log's match with the audit's deals (the log "
                         "or its audit was changed)")
