"""The peer-to-peer message schema, version 2: every message from a peer is untrusted input.

``parse(text)`` checks size, text encoding, JSON, version, match id and every field's type and
range, and returns a plain dict or raises ``MessageError`` with the reason. Nothing else reads raw
text. Every message carries ``sig``: its sender's Ed25519 signature (base64url) of ``body(message)``,
the canonical text without ``sig`` (checked by the peer, which knows the keys: see signing.py).

| type     | fields (besides v, match, type, from, sig)                                     |
|----------|--------------------------------------------------------------------------------|
| commit   | node, kind ("action" or "share"), key (seat, or peer for a share), digest      |
| reveal   | node, kind, key, value, nonce, commits: {key: [digest, sig]} (every commitment |
|          | the revealer holds, each with its signer's signature: equivocation is provable)|
| act      | node, seat, action (a decision only one seat takes: public at once)            |
| hash     | step, hash (the state hash after that many actions); act: [seat, action, sig]  |
|          | when that step was one seat's move (the signed move the sender applied)        |
| resume   | step, hash[, act] (sent on (re)connection: where the sender stands)            |
| chat     | text                                                                           |
| vcommit  | digest: the commitment to the sender's verification nonce (net/sas.py)         |
| vreveal  | nonce: that nonce, sent once the sender holds every page's commitment          |
| proof    | a, b: two messages (full texts) one peer signed for one decision, that conflict|
| deckkey  | key, proof: the sender's deck key and the proof it knows its secret (dealing.py) |
| shuffle  | node, digest, prev, payload: the sender's shuffle of the deck; the signature     |
|          | covers ``digest`` (SHA-256 of ``payload``) and ``prev`` (the shuffle it started |
|          | from, its payload left out): a message can carry another as evidence, small    |
| shares   | node, on (the last shuffle, payload left out), shares, proof: decryption shares |
| audit    | node, secret, seeds: {node: seed}, early: the sender's deck secret and shuffle |
|          | seeds (at the end, or ``early``: at once, a card was no card or came out twice)|
|          | [, after: true: the match ended early for its sender, by a forfeit]            |

``act`` and ``reveal`` carry ``cards`` when the move shows cards of the mover's hidden hand: for each,
[position, share, proof, node] (the mover's decryption share of that position of the deck event at step
``node``, and its proof; net/shown.py).
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from .. import limits
from ..checks import digits
from ..engine import CargoBayError
from .commit import is_hex64

PROTOCOL = 2
MAX_MESSAGE_BYTES = limits.MAX_MESSAGE_BYTES
MAX_CHAT = limits.MAX_CHAT
MAX_ACTION = 200
MAX_NODE = 100_000
MAX_KEY = 63
_ID_LOW, _ID_HIGH = limits.MATCH_ID_LENGTH
MATCH_ID = re.compile(f"[{re.escape(limits.MATCH_ID_CHARS)}]{{{_ID_LOW},{_ID_HIGH}}}")
SIG = re.compile(r"[A-Za-z0-9_-]{86}")
KINDS = ("action", "share")
TYPES = ("commit", "reveal", "act", "hash", "resume", "chat", "proof", "deckkey", "shuffle", "shares", "audit",
         "vcommit", "vreveal")
DEAL_TYPES = ("deckkey", "shuffle", "shares", "audit")
B64 = re.compile(r"[A-Za-z0-9_-]*")
MAX_CARDS = 8  # cards one move may show
MAX_PAYLOAD = 12_000
MAX_ASK = 8_000  # an audit request passed on inside an audit


class MessageError(CargoBayError):
    """A peer message that is malformed, oversize, of another version or another match."""


def _int(message: dict[str, Any], name: str, high: int = MAX_NODE) -> int:
    value = message.get(name)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= high:
        raise MessageError(f"{message.get('type')}: {name!r} must be an integer in 0..{high}")
    return value


def check_text(value: object, what: str, limit: int) -> str:
    """A string of 1..limit characters with no control characters and no lone surrogates."""
    if not isinstance(value, str) or not 0 < len(value) <= limit:
        raise MessageError(f"{what} must be a string of 1..{limit} characters")
    if any((ord(ch) < 32 and ch not in "\n\t") or 0xD800 <= ord(ch) <= 0xDFFF for ch in value):
        raise MessageError(f"{what} holds control characters or lone surrogates")
    return value


def _text(message: dict[str, Any], name: str, limit: int) -> str:
    return check_text(message.get(name), f"{message.get('type')}: {name!r}", limit)


def _hex(message: dict[str, Any], name: str) -> str:
    value = message.get(name)
    if not is_hex64(value):
        raise MessageError(f"{message.get('type')}: {name!r} must be 64 lowercase hex digits")
    return str(value)


def _sig(value: object, what: str) -> str:
    if not isinstance(value, str) or not SIG.fullmatch(value):
        raise MessageError(f"{what} must be a signature (86 base64url characters)")
    return value


def _act(message: dict[str, Any]) -> list[Any]:
    act = message.get("act")
    if not (isinstance(act, list) and len(act) in (3, 4) and isinstance(act[0], int) and not isinstance(act[0], bool)
            and 0 <= act[0] <= MAX_KEY):
        raise MessageError(f"{message.get('type')}: 'act' must be [seat, action, signature(, cards)]")
    checked = [act[0], check_text(act[1], "act: the action", MAX_ACTION), _sig(act[2], "act: the signature")]
    return checked + ([_cards(act[3])] if len(act) == 4 else [])


def b64(value: object, what: str, size: int | None = None, limit: int = MAX_PAYLOAD) -> str:
    """Unpadded base64url text (of ``size`` bytes when given)."""
    if not isinstance(value, str) or len(value) > limit or not B64.fullmatch(value) or len(value) % 4 == 1:
        raise MessageError(f"{what} must be base64url text")
    if size is not None and len(value) != (size * 4 + 2) // 3:
        raise MessageError(f"{what} must be {size} bytes")
    return value


def _cards(value: object) -> list[list[Any]]:
    """[[position, share, proof(, node)], ...]: the cards a move shows, each with its proven decryption share
    (``node``: the deck event that dealt it; none: the seat's latest deal)."""
    if not isinstance(value, list) or not 0 < len(value) <= MAX_CARDS:
        raise MessageError(f"'cards' must list 1..{MAX_CARDS} cards")
    out = []
    for entry in value:
        if not (isinstance(entry, list) and len(entry) in (3, 4) and all(
                isinstance(n, int) and not isinstance(n, bool) and 0 <= n < 10**6 for n in entry[:1] + entry[3:])
                and entry[0] < 1000):
            raise MessageError("a card shown is [position, share, proof(, node)]")
        out.append([entry[0], b64(entry[1], "a card's share", 32), b64(entry[2], "a card's proof", 64), *entry[3:]])
    return out


def _deal_fields(message: dict[str, Any], kind: str, fields: dict[str, Any], nested: bool) -> None:
    if kind == "deckkey":
        fields["key"] = _hex(message, "key")
        fields["proof"] = b64(message.get("proof"), "deckkey: 'proof'", 64)
        return
    fields["node"] = _int(message, "node")
    if kind == "shuffle":
        fields["digest"] = _hex(message, "digest")
        prev = message.get("prev")
        if not isinstance(prev, str) or len(prev) > 2000:
            raise MessageError("shuffle: 'prev' must be a message's text (or empty)")
        fields["prev"] = prev
        if "payload" in message or not nested:
            fields["payload"] = b64(message.get("payload"), "shuffle: 'payload'")
    elif kind == "shares":
        on = message.get("on")
        if not isinstance(on, str) or len(on) > 2000:
            raise MessageError("shares: 'on' must be a message's text")
        fields["on"] = on
        fields["shares"] = b64(message.get("shares"), "shares: 'shares'")
        fields["proof"] = b64(message.get("proof"), "shares: 'proof'", 64)
    else:
        fields["secret"] = _hex(message, "secret")
        seeds = message.get("seeds")
        if not isinstance(seeds, dict) or len(seeds) > 64:
            raise MessageError("audit: 'seeds' must map steps to seeds")
        for step, seed in seeds.items():
            if not (isinstance(step, str) and digits(step, 6) and is_hex64(seed)):
                raise MessageError("audit: 'seeds' must map steps to seeds (64 hex digits)")
        fields["seeds"] = {step: seeds[step] for step in sorted(seeds, key=int)}
        if not isinstance(message.get("early"), bool):
            raise MessageError("audit: 'early' must be true or false")
        fields["early"] = message["early"]
        if "ask" in message:  # the signed early audit (of another player) that started this one
            ask = message["ask"]
            if not isinstance(ask, str) or not 0 < len(ask) <= MAX_ASK:
                raise MessageError("audit: 'ask' must be the text of the audit request it answers")
            fields["ask"] = ask
        if "after" in message:  # an audit after an early end (the match is over for its sender)
            if message["after"] is not True:
                raise MessageError("audit: 'after' must be true (or left out)")
            fields["after"] = True


def parse(text: object, match_id: str, peers: int, *, nested: bool = False) -> dict[str, Any]:
    """Validate one raw message for ``match_id``; raises MessageError with the reason."""
    if not isinstance(text, str):
        raise MessageError("a message is JSON text")
    try:
        size = len(text.encode())
    except UnicodeEncodeError:
        raise MessageError("a message holds a lone surrogate (not valid text)") from None
    if size > MAX_MESSAGE_BYTES:
        raise MessageError(f"message over {MAX_MESSAGE_BYTES} bytes")
    try:
        message = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise MessageError(f"not JSON: {str(error)[:80]}") from None
    if not isinstance(message, dict):
        raise MessageError("a message is a JSON object")
    if message.get("v") != PROTOCOL:
        raise MessageError(f"protocol version {str(message.get('v'))[:20]!r} is not {PROTOCOL}")
    if message.get("match") != match_id:
        raise MessageError(f"message for another match ({str(message.get('match'))[:70]!r})")
    kind = message.get("type")
    if kind not in TYPES or (nested and kind == "proof"):
        raise MessageError(f"unknown message type {str(kind)[:40]!r}")
    _int(message, "from", peers - 1)
    fields: dict[str, Any] = {"v": PROTOCOL, "match": match_id, "type": kind, "from": message["from"],
                              "sig": _sig(message.get("sig"), f"{kind}: 'sig'")}
    if kind in ("commit", "reveal"):
        fields["node"] = _int(message, "node")
        if message.get("kind") not in KINDS:
            raise MessageError(f"{kind}: 'kind' must be one of {KINDS}")
        fields["kind"] = message["kind"]
        fields["key"] = _int(message, "key", MAX_KEY)
        if kind == "commit":
            fields["digest"] = _hex(message, "digest")
        else:
            fields["value"] = _text(message, "value", MAX_ACTION)
            fields["nonce"] = _hex(message, "nonce")
            commits = message.get("commits")
            if not isinstance(commits, dict) or len(commits) > MAX_KEY + 1:
                raise MessageError("reveal: 'commits' must map keys to [digest, signature]")
            for key, entry in commits.items():
                if not (isinstance(key, str) and digits(key, 2) and isinstance(entry, list)
                        and len(entry) == 2 and is_hex64(entry[0])):
                    raise MessageError("reveal: 'commits' must map keys to [digest, signature]")
                _sig(entry[1], "reveal: a commitment's signature")
            fields["commits"] = {key: list(commits[key]) for key in sorted(commits, key=int)}
    elif kind == "act":
        fields["node"] = _int(message, "node")
        fields["seat"] = _int(message, "seat", MAX_KEY)
        fields["action"] = _text(message, "action", MAX_ACTION)
    elif kind in DEAL_TYPES:
        _deal_fields(message, kind, fields, nested)
    elif kind in ("hash", "resume"):
        fields["step"] = _int(message, "step")
        fields["hash"] = _hex(message, "hash")
        if "act" in message:
            fields["act"] = _act(message)
    elif kind == "chat":
        fields["text"] = _text(message, "text", MAX_CHAT)
    elif kind == "vcommit":
        fields["digest"] = _hex(message, "digest")
    elif kind == "vreveal":
        fields["nonce"] = _hex(message, "nonce")
    else:
        for name in ("a", "b"):
            value = message.get(name)
            if not isinstance(value, str):
                raise MessageError(f"proof: {name!r} must be a message's text")
            fields[name] = value
    if kind in ("reveal", "act") and "cards" in message:
        fields["cards"] = _cards(message["cards"])
    extra = set(message) - set(fields)
    if extra:
        raise MessageError(f"{kind}: unexpected field(s) {sorted(str(e)[:20] for e in extra)[:5]}")
    return fields


def dump(message: dict[str, Any]) -> str:
    """Canonical text of a message (the same message is always the same text)."""
    return json.dumps(message, sort_keys=True, separators=(",", ":"))


def body(message: dict[str, Any]) -> str:
    """The canonical text a signature covers: the message without its ``sig`` (and without a shuffle's
    ``payload``: its ``digest`` is signed instead, so the message can be passed on without it; and with the
    shuffle it started from, ``prev``, as that text's SHA-256, so that a shuffle passed on is one text of
    fixed size however many shuffles came before it)."""
    return dump({key: value for key, value in _hashed_prev(message).items() if key not in ("sig", "payload")})


def _hashed_prev(message: dict[str, Any]) -> dict[str, Any]:
    prev = message.get("prev")
    if message.get("type") == "shuffle" and isinstance(prev, str) and prev.startswith("{"):
        return {**message, "prev": hashlib.sha256(prev.encode()).hexdigest()}
    return message


def strip(message: dict[str, Any]) -> str:
    """A signed message's text without its payload (and a shuffle's ``prev`` as its digest): still
    verifiable, and small (~300 bytes) to pass on."""
    return dump({key: value for key, value in _hashed_prev(message).items() if key != "payload"})


def slot(message: dict[str, Any]) -> tuple[Any, ...] | None:
    """The decision a message speaks for: two signed messages of one sender for one slot must agree."""
    kind = message["type"]
    if kind in ("commit", "reveal"):
        return (kind, message["node"], message["kind"], message["key"])
    if kind == "act":
        return ("act", message["node"], message["seat"])
    if kind in ("hash", "resume"):
        return ("hash", message["step"])
    if kind == "deckkey":
        return ("deckkey",)
    if kind in ("shuffle", "shares", "audit"):
        return (kind, message["node"], message["from"])
    return None


def content(message: dict[str, Any]) -> tuple[Any, ...]:
    """What a message says for its slot (two messages for one slot conflict when this differs)."""
    kind = message["type"]
    if kind == "commit":
        return (message["digest"],)
    if kind == "reveal":
        return (message["value"], message["nonce"])
    if kind == "act":
        return (message["action"],)
    if kind == "deckkey":
        return (message["key"],)
    if kind == "shuffle":
        return (message["digest"],)
    if kind == "shares":
        return (message["shares"],)
    if kind == "audit":
        return (message["secret"], tuple(sorted(message["seeds"].items())))
    return (message["hash"],)
