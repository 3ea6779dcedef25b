"""The peer-to-peer message schema, version 1: every message from a peer is untrusted input.

``parse(text)`` checks size, JSON, version, match id and every field's type and range, and
returns a plain dict or raises ``MessageError`` with the reason. Nothing else reads raw text.

| type     | fields (besides v, match, type, from)                                  |
|----------|------------------------------------------------------------------------|
| commit   | node, kind ("action" or "share"), key (seat, or peer for a share), digest |
| reveal   | node, kind, key, value, nonce, commits (the digests the revealer saw, by key) |
| act      | node, seat, action (a decision only one seat takes: public at once)    |
| hash     | step, hash (the state hash after that many actions)                    |
| resume   | step, hash (sent on (re)connection: where the sender stands)           |
| chat     | text                                                                   |
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..engine import CargoBayError
from .commit import is_hex64

PROTOCOL = 1
MAX_MESSAGE_BYTES = 16_384
MAX_CHAT = 500
MAX_ACTION = 200
MAX_NODE = 100_000
MATCH_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")
KINDS = ("action", "share")
TYPES = ("commit", "reveal", "act", "hash", "resume", "chat")


class MessageError(CargoBayError):
    """A peer message that is malformed, oversize, of another version or another match."""


def _int(message: dict[str, Any], name: str, high: int = MAX_NODE) -> int:
    value = message.get(name)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= high:
        raise MessageError(f"{message.get('type')}: {name!r} must be an integer in 0..{high}")
    return value


def _text(message: dict[str, Any], name: str, limit: int) -> str:
    value = message.get(name)
    if not isinstance(value, str) or not 0 < len(value) <= limit:
        raise MessageError(f"{message.get('type')}: {name!r} must be a string of 1..{limit} characters")
    if any(ord(ch) < 32 and ch not in "\n\t" for ch in value):
        raise MessageError(f"{message.get('type')}: {name!r} holds control characters")
    return value


def _hex(message: dict[str, Any], name: str) -> str:
    value = message.get(name)
    if not is_hex64(value):
        raise MessageError(f"{message.get('type')}: {name!r} must be 64 lowercase hex digits")
    return str(value)


def parse(text: object, match_id: str, peers: int) -> dict[str, Any]:
    """Validate one raw message for ``match_id``; raises MessageError with the reason."""
    if not isinstance(text, str):
        raise MessageError("a message is JSON text")
    if len(text.encode()) > MAX_MESSAGE_BYTES:
        raise MessageError(f"message over {MAX_MESSAGE_BYTES} bytes")
    try:
        message = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise MessageError(f"not JSON: {error}") from None
    if not isinstance(message, dict):
        raise MessageError("a message is a JSON object")
    if message.get("v") != PROTOCOL:
        raise MessageError(f"protocol version {message.get('v')!r} is not {PROTOCOL}")
    if message.get("match") != match_id:
        raise MessageError(f"message for another match ({str(message.get('match'))[:70]!r})")
    kind = message.get("type")
    if kind not in TYPES:
        raise MessageError(f"unknown message type {str(kind)[:40]!r}")
    _int(message, "from", peers - 1)
    fields: dict[str, Any] = {"v": PROTOCOL, "match": match_id, "type": kind, "from": message["from"]}
    if kind in ("commit", "reveal"):
        fields["node"] = _int(message, "node")
        if message.get("kind") not in KINDS:
            raise MessageError(f"{kind}: 'kind' must be one of {KINDS}")
        fields["kind"] = message["kind"]
        fields["key"] = _int(message, "key", 63)
        if kind == "commit":
            fields["digest"] = _hex(message, "digest")
        else:
            fields["value"] = _text(message, "value", MAX_ACTION)
            fields["nonce"] = _hex(message, "nonce")
            commits = message.get("commits")
            if not isinstance(commits, dict) or len(commits) > 64:
                raise MessageError("reveal: 'commits' must map keys to digests")
            for key, digest in commits.items():
                if not (isinstance(key, str) and key.isdigit() and len(key) <= 2 and is_hex64(digest)):
                    raise MessageError("reveal: 'commits' must map keys to digests")
            fields["commits"] = dict(sorted(commits.items()))
    elif kind == "act":
        fields["node"] = _int(message, "node")
        fields["seat"] = _int(message, "seat", 63)
        fields["action"] = _text(message, "action", MAX_ACTION)
    elif kind in ("hash", "resume"):
        fields["step"] = _int(message, "step")
        fields["hash"] = _hex(message, "hash")
    else:
        fields["text"] = _text(message, "text", MAX_CHAT)
    extra = set(message) - set(fields)
    if extra:
        raise MessageError(f"{kind}: unexpected field(s) {sorted(extra)[:5]}")
    return fields


def dump(message: dict[str, Any]) -> str:
    """Canonical text of a message (the same message is always the same text)."""
    return json.dumps(message, sort_keys=True, separators=(",", ":"))
