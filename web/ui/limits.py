# The limits the page shares with the engine (one source: core/cargobay/limits.py). The engine's `hello` sends
# them and `use` takes them (ui/engine.py); the values below are the page's until the engine answers, and
# tests/web/test_limits_parity.py checks they are the engine's. Pure: runs under MicroPython and CPython.
LIMITS = {
    "peers": [2, 8],
    "max_request_bytes": 1000000,
    "max_message_bytes": 16384,
    "max_channel_text": 32768,
    "max_chat": 500,
    "match_id_chars": "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_",
    "match_id_length": [8, 64],
    "log_format": "cargobay-log",
    "clocks": {
        "reveal_deadline": {"default": 30.0, "low": 1, "high": 3600},
        "time_bank": {"default": 600.0, "low": 10, "high": 86400},
        "time_increment": {"default": 15.0, "low": 0, "high": 3600},
        "away_allowance": {"default": 180.0, "low": 5, "high": 86400},
    },
}


def use(sent):
    """Take the limits the engine's hello sent (a dict); anything else keeps the ones the page has."""
    if isinstance(sent, dict):
        for key in LIMITS:
            if key in sent:
                LIMITS[key] = sent[key]


def peers():
    """(fewest, most) pages in one peer match, the host included."""
    low, high = LIMITS["peers"]
    return low, high


def clock(name):
    """(default, low, high) seconds of one of the clocks a host offers."""
    entry = LIMITS["clocks"][name]
    return entry["default"], entry["low"], entry["high"]


def valid_match_id(match_id):
    low, high = LIMITS["match_id_length"]
    chars = LIMITS["match_id_chars"]
    return isinstance(match_id, str) and low <= len(match_id) <= high and all(ch in chars for ch in match_id)
