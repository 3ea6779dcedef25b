"""The limits the page and the engine share, in one place: the engine sends them in its ``hello``
(``limits``) and the page uses what it is sent (tests/web/test_limits_parity.py checks the page's own
fall-backs, used before the engine answers, are the same values).

>>> limits()["peers"]
[2, 8]
"""

from __future__ import annotations

from typing import Any

# pages in one peer match (a full mesh: every pair of pages has its own channel), the host included
PEERS = (2, 8)
# one request's JSON text to the engine worker; the page refuses a larger import before sending it
MAX_REQUEST_BYTES = 1_000_000
# one peer message (cargobay.net) and one data-channel text (an envelope around a message, JSON-escaped)
MAX_MESSAGE_BYTES = 16_384
MAX_CHANNEL_TEXT = 32_768
MAX_CHAT = 500  # characters of one chat line
# a match id: 8-64 of these characters (it travels in invites and names a save)
MATCH_ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
MATCH_ID_LENGTH = (8, 64)
LOG_FORMAT = "cargobay-log"  # the "format" of a match log (exported, imported, `python -m cargobay replay`)
# the clocks a host offers: (name, default, low, high) in seconds
CLOCKS = (
    ("reveal_deadline", 30.0, 1, 3600),  # a page's automatic steps (shuffles, shares, reveals, the audit): per step
    ("time_bank", 600.0, 10, 86400),  # each player's thinking time for the whole match (a chess clock)
    ("time_increment", 15.0, 0, 3600),  # added to a player's bank after each of its decisions
    ("away_allowance", 180.0, 5, 86400),  # how long each player may be disconnected in the whole match
)


def limits() -> dict[str, Any]:
    """The limits as the engine's ``hello`` sends them (JSON)."""
    return {
        "peers": list(PEERS),
        "max_request_bytes": MAX_REQUEST_BYTES,
        "max_message_bytes": MAX_MESSAGE_BYTES,
        "max_channel_text": MAX_CHANNEL_TEXT,
        "max_chat": MAX_CHAT,
        "match_id_chars": MATCH_ID_CHARS,
        "match_id_length": list(MATCH_ID_LENGTH),
        "log_format": LOG_FORMAT,
        "clocks": {name: {"default": default, "low": low, "high": high} for name, default, low, high in CLOCKS},
    }
