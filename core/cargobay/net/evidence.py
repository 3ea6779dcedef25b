"""What a page keeps to prove and to catch up: state hashes compared step by step, conflicting signed
messages turned into proofs, and the answers to resume requests. Functions of a ``Peer`` (peer.py).

A hash that differs from mine for a step both of us reached means: either a move of that step was not
the same on both pages (the hash carries the signed move its sender applied: if that move's signer
signed another for me, the signer equivocated and both signed texts are the proof), or the sender's
state diverged from the same moves (it lies: it loses). A spectator's hash is compared by no one.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .commit import opens
from .messages import PROTOCOL, content, dump, parse, slot
from .node import Kind
from .verdicts import PeerViolation

if TYPE_CHECKING:
    from .port import Port

Out = tuple[int | None, str]
WINDOW = 16  # steps whose hashes and signed inputs are kept, to compare and to prove
ANSWERS_PER_LINK = 16  # resume requests answered per peer and link (each step once)


def hash_body(peer: Port, kind: str, step: int) -> dict[str, Any]:
    fields: dict[str, Any] = {"type": kind, "step": step, "hash": peer.hashes[step]}
    act = act_of(peer, step)
    if act is not None:
        message = json.loads(act)
        fields["act"] = [message["seat"], message["action"], message["sig"], *(
            [message["cards"]] if "cards" in message else [])]
    return fields


def act_of(peer: Port, step: int) -> str | None:
    """The signed move that led to ``step``, if one seat moved alone there."""
    return next((text for name, (_, text) in peer.held.get(step - 1, {}).items() if name.startswith("act:")), None)


def on_hash(peer: Port, sender: int, message: dict[str, Any], text: str, now: float) -> list[Out]:
    step, resume = message["step"], message["type"] == "resume"
    out: list[Out] = []
    if resume:
        if step in peer.answered.get(sender, []):
            return []
        peer.check(sender, message, text, remember=False)  # a signed request before any answer
        out = answer(peer, sender, step)
    if not peer.is_player(sender):
        if resume:
            return out
        raise PeerViolation("a spectator's state hash is compared by no one", sender=sender)
    if step > peer.step:
        if peer.over() and not resume:
            raise PeerViolation("a state hash after the end of the match changes nothing", sender=sender)
        if not resume:
            peer.hold(sender, step, text)
        return out
    if step < peer.step - WINDOW or step not in peer.hashes:
        return out  # too old to compare
    if message["hash"] == peer.hashes[step]:
        peer.remote.setdefault((sender, step), message["hash"])
        if not resume:
            peer.recent.add(text)
        return out
    if peer.over():
        if resume:
            return out
        raise PeerViolation("a state hash after the end of the match changes nothing", sender=sender)
    peer.check(sender, message, text)
    return out + diverged(peer, sender, message)


def diverged(peer: Port, sender: int, message: dict[str, Any]) -> list[Out]:
    """Peer ``sender`` signed a hash that differs from mine: was a move it applied not the one I did?"""
    step = message["step"]
    act = act_of(peer, step)
    theirs = message.get("act")
    if act is not None and theirs is not None:
        mine = json.loads(act)
        owner = peer.setup.owners[mine["seat"]]
        signed = {"v": PROTOCOL, "match": peer.setup.match_id, "from": owner, "type": "act", "node": step - 1,
                  "seat": theirs[0], "action": theirs[1], "sig": theirs[2], **(
                      {"cards": theirs[3]} if len(theirs) == 4 else {})}
        if (theirs[0], theirs[1]) != (mine["seat"], mine["action"]):
            if theirs[0] != mine["seat"] or not peer.valid(owner, signed):
                peer.forfeit(sender, "forged", f"the move of step {step - 1} in its hash")
                return []
            return conflict(peer, owner, act, signed, dump(signed))
    peer.forfeit(sender, "diverged", f"step {step}")
    return []


def conflict(peer: Port, signer: int, held: str, message: dict[str, Any], text: str) -> list[Out]:
    """A second signed message of ``signer`` for a decision: the same one is nothing, another a proof."""
    first = json.loads(held)
    if content(first) == content(message):
        return []
    peer.forfeit(signer, "equivocation", f"{message['type']} at step {message.get('node', message.get('step'))}")
    return [(None, peer.sign({"type": "proof", "a": held, "b": text}))]


def past(peer: Port, sender: int, message: dict[str, Any], text: str) -> list[Out]:
    """A message for a step already played: a resent copy changes nothing; a different one is a proof."""
    held = peer.held_for(message)
    if held is None or held[1] == text or content(json.loads(held[1])) == content(message):
        peer.recent.add(text)
        return []
    if held[0] != sender:
        raise PeerViolation(f"peer {sender} spoke for peer {held[0]} at a step already played", sender=sender)
    peer.check(sender, message, text)
    return conflict(peer, sender, held[1], message, text)


def proof(peer: Port, sender: int, message: dict[str, Any], text: str) -> list[Out]:
    peer.check(sender, message, text)
    first, second = (parse(message[name], peer.setup.match_id, peer.setup.peers, nested=True)
                     for name in ("a", "b"))
    signer = first["from"]
    if signer != second["from"] or slot(first) is None or slot(first) != slot(second) \
            or content(first) == content(second):
        raise PeerViolation("a proof of two messages that do not conflict", sender=sender)
    if not (peer.valid(signer, first) and peer.valid(signer, second)):
        peer.forfeit(sender, "forged", f"a proof against peer {signer}")
        raise PeerViolation(f"peer {sender} sent a proof with a forged signature", sender=sender, cheating=True)
    peer.forfeit(signer, "equivocation", f"{first['type']}, proof from peer {sender}")
    return []


def answer(peer: Port, sender: int, step: int) -> list[Out]:
    """Answer a resume request once per peer, link and step, to that peer only: my inputs from its step on,
    my hashes, and its own signed inputs I hold (a page restored from a stale save gets them back)."""
    answered = peer.answered.setdefault(sender, [])
    if step in answered:
        return []
    if len(answered) >= ANSWERS_PER_LINK:
        raise PeerViolation(f"peer {sender} asked to resume {ANSWERS_PER_LINK} times on one link", sender=sender)
    answered.append(step)
    texts = list(peer.sas.texts.values())  # (the verification code's parts: small, sent on every resume)
    texts += [text for node, text in peer.outbox if node >= step]
    texts += [peer.hash_texts[s] for s in sorted(peer.hash_texts) if s >= step]
    texts += [text for node in sorted(peer.held) if node >= step
              for signer, text in peer.held[node].values() if signer == sender]
    return [(sender, text) for text in texts]


def echo(peer: Port, sender: int, message: dict[str, Any], text: str, now: float) -> list[Out]:
    """One of my own signed inputs, sent back in answer to my resume: this page was restored from a
    save older than what it had sent. Taking it back (the secret of a commitment is derived again)
    keeps this page from signing a different input for the same decision."""
    node, current = message["node"], peer.node
    if peer.outcome or node < current.node:
        peer.recent.add(text)
        return []
    if node > current.node:
        peer.hold(sender, node, text)
        return []
    peer.check(sender, message, text, signer=peer.me)
    if message["type"] == "act":
        if current.kind != Kind.SEAT or message["seat"] not in current.keys or current.acted:
            return []
        if peer.dealing:
            peer.dealing.record_own(message["seat"], message.get("cards"))
        peer.apply_act(message["seat"], message["action"], text)
        peer.outbox.append([node, text])
        peer.hold_signed(node, message, text)
        out: list[Out] = []
        peer.after_step(now, out)
        return out + peer.advance(now)
    key, kind, name = message["key"], message["kind"], str(message["key"])
    if current.kind not in (Kind.CHANCE, Kind.SIMULTANEOUS) or key not in current.keys \
            or kind != peer.node.kind_of_input() or name in current.secrets:
        return []
    if message["type"] == "reveal":
        if name in current.commits and opens(current.commits[name][0], peer.setup.match_id, node, key,
                                                kind, message["value"], message["nonce"]):
            current.secrets[name] = [message["value"], message["nonce"]]
        return peer.advance(now)
    derive, match_id = peer.identity.derive, peer.setup.match_id
    if kind == "share":
        candidates = [(derive(match_id, "share", node), derive(match_id, "share-nonce", node))]
    else:
        nonce = derive(match_id, "nonce", node, key)
        candidates = [(action, nonce) for action in peer.game.legal_actions(peer.match.state, key)]
    for value, nonce in candidates:
        if opens(message["digest"], match_id, node, key, kind, value, nonce):
            current.secrets[name] = [value, nonce]
            break
    else:
        peer.events.append({"event": "lost", "step": node, "reason": "this page's choice at this step was "
                            "lost with a failed save: it cannot be revealed"})
    if name not in current.commits:
        current.commits[name] = [message["digest"], message["sig"]]
        peer.outbox.append([node, text])
        peer.hold_signed(node, message, text)
    return peer.advance(now)
