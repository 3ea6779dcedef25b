# Saved matches as data (pure: no DOM, runs under CPython for tests and under MicroPython in the page).
# Each match is one localStorage record of its own, so two tabs never write the same key:
#   cargobay.match.<id> = {"format": "cargobay-save", "v": 1, "id", "mode": "local"|"p2p", "game", "title",
#                          "seats": [words], "created": s, "updated": s, "step", "over", "scores", "winners",
#                          "log" (a local match; a finished peer match keeps only its log, for replays),
#                          "save" (an unfinished peer match: p2p_restore), + the driver's extras (setup / role, chat)}
#   cargobay.name.<id>  = the name a person gave it (a key of its own: renaming never races the tab that plays it)
# A record that is not JSON, not of this format or of another version is refused with a reason (never used, never
# breaks the list). The match log inside is the command line's `--log` format (export / import).
import json

from ui.limits import LIMITS
from ui.text import short

PREFIX = "cargobay.match."
NAME_PREFIX = "cargobay.name."
FORMAT = "cargobay-save"
VERSION = 1
LEGACY = {"local": "cargobay.save.v1", "p2p": "cargobay.p2p.v1"}  # one match per mode, before issue 13
BODY = {"local": "log", "p2p": "save"}
SAFE = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_"  # (MicroPython's isalpha is ASCII only)


def peer_id(save):
    """A peer match's record id: its match id and this page's peer index (a page may host one match and join
    another, in two tabs of one browser)."""
    setup = save.get("setup") if isinstance(save, dict) else None
    match_id = setup.get("match_id") if isinstance(setup, dict) else None
    if not isinstance(match_id, str) or not match_id:
        return None
    safe = "".join(c for c in match_id if c in SAFE)[:40]
    return "p2p-" + safe + "-" + str(save.get("me", 0))


def seat_words(mode, seats, owners=None, me=None):
    """How the list shows the seats: "Human", "Easy bot", and in a peer match "You" / "Friend"."""
    words = []
    for index, kind in enumerate(seats or []):
        kind = str(kind)
        if kind == "human":
            if mode == "p2p" and owners is not None and index < len(owners):
                words.append("You" if owners[index] == me else "Friend")
            else:
                words.append("Human")
        else:
            words.append(kind[:1].upper() + kind[1:] + " bot")
    return words


def make(mode, record_id, snap, body, extra, now, old=None):
    """The record of a match after a snapshot. ``old``: the record it replaces (keeps its creation time)."""
    result = snap.get("result") if isinstance(snap.get("result"), dict) else {}
    record = {
        "format": FORMAT,
        "v": VERSION,
        "id": record_id,
        "mode": mode,
        "game": str(snap.get("game") or ""),
        "title": str(snap.get("title") or snap.get("game") or ""),
        "created": (old or {}).get("created") or now,
        "updated": now,
        "step": snap.get("step") if isinstance(snap.get("step"), int) else 0,
        "over": bool(snap.get("over")),
        "scores": result.get("scores"),
        "winners": result.get("winners"),
    }
    if mode == "p2p":
        setup = body.get("setup") if isinstance(body, dict) else {}
        setup = setup if isinstance(setup, dict) else {}
        record["seats"] = seat_words(mode, setup.get("seats"), setup.get("owners"), body.get("me"))
        outcome = snap.get("outcome")
        if isinstance(outcome, dict):
            record["outcome"] = str(outcome.get("reason") or outcome.get("rule") or "")[:200]
        if record["over"]:
            record["log"] = body.get("log")  # a finished peer match keeps only what a replay needs
        else:
            record["save"] = body
    else:
        record["seats"] = seat_words(mode, body.get("seats") if isinstance(body, dict) else [])
        record["log"] = body
    for key in extra:
        if key not in record:
            record[key] = extra[key]
    return record


def check(text):
    """(record, problem) of a stored text: a record of this format and version, or why it is refused."""
    if text is None:
        return None, "missing"
    try:
        data = json.loads(text)
    except Exception:
        return None, "not JSON (damaged)"
    if not isinstance(data, dict):
        return None, "not a saved match"
    if data.get("format") != FORMAT:
        return None, "not a Cargo Bay save (format " + short(repr(data.get("format")), 40) + ")"
    if data.get("v") != VERSION:
        return None, "a save of another version (" + short(repr(data.get("v")), 20) + ")"
    mode = data.get("mode")
    if mode not in BODY or not isinstance(data.get("id"), str) or not isinstance(data.get("game"), str):
        return None, "not a saved match (no mode, id or game)"
    if not isinstance(data.get(BODY[mode]), dict) and not isinstance(data.get("log"), dict):
        return None, "the match itself is missing"
    if not isinstance(data.get("seats"), list):
        data["seats"] = []
    return data, None


def legacy(mode, text):
    """(record body fields, problem) of a save from before issue 13 (one key per mode)."""
    try:
        data = json.loads(text)
    except Exception as exc:
        return None, "not JSON (" + short(exc, 80) + ")"
    if not isinstance(data, dict) or not isinstance(data.get(BODY[mode]), dict):
        return None, "not a saved match"
    return data, None


def log_of(record):
    """The match log of a record (a local match's, or the one inside a peer match's save), or None."""
    if isinstance(record.get("log"), dict):
        return record["log"]
    save = record.get("save")
    if isinstance(save, dict) and isinstance(save.get("log"), dict):
        return save["log"]
    return None


def parse_import(text):
    """(log, problem) of a file a person picked: a match log in the command line's --log format (or a saved
    record, or a golden test file, holding one)."""
    most = LIMITS["max_request_bytes"]  # the engine's request limit
    if len(text) > most:
        return None, "the file is larger than a match log can be (" + str(most) + " characters)"
    try:
        data = json.loads(text)
    except Exception:
        return None, "the file is not JSON"
    if isinstance(data, dict) and data.get("format") == FORMAT:
        data = log_of(data)
    elif isinstance(data, dict) and isinstance(data.get("log"), dict) and "actions" not in data:
        data = data["log"]
    if not isinstance(data, dict):
        return None, "the file is not a match log"
    if data.get("format", LIMITS["log_format"]) != LIMITS["log_format"]:
        return None, "the file is not a match log (format " + short(repr(data.get("format")), 40) + ")"
    if not isinstance(data.get("game"), str) or not isinstance(data.get("actions"), list):
        return None, "the file is not a match log (no game or actions)"
    return data, None


def imported(record_id, log, frame, now):
    """A record for an imported log, from the replay's last frame (the engine checked the log)."""
    snap = {"game": frame.get("game"), "title": frame.get("title"), "step": frame.get("steps"),
            "over": frame.get("over"), "result": frame.get("result")}
    record = make("local", record_id, snap, log, {"imported": True}, now)
    record["setup"] = {"game": log.get("game"), "seats": log.get("seats"), "seed": log.get("seed"),
                       "options": log.get("options") or {}}
    return record


LOG_KEYS = ("format", "version", "game", "seats", "seed", "options", "actions")


def export_text(log):
    """A match log as JSON text with its keys in the command line's order (the page pretty-prints it)."""
    keys = [k for k in LOG_KEYS if k in log] + sorted(k for k in log if k not in LOG_KEYS)
    return "{" + ",".join(json.dumps(k) + ":" + json.dumps(log[k]) for k in keys) + "}"


def export_name(record, name):
    """A file name for an exported log: the game, the name or the date, .json."""
    base = name or (str(record.get("game") or "match") + "-" + str(record.get("id") or ""))
    safe = "".join(c if c in SAFE else "-" for c in base.lower())
    while "--" in safe:
        safe = safe.replace("--", "-")
    return "cargobay-" + (safe.strip("-")[:60] or "match") + ".json"


def progress(record):
    """The match's progress in words: "step 12, unfinished" / "finished, scores 6 / 60, won by seat 2"."""
    step = record.get("step")
    words = "step " + str(step) if isinstance(step, int) else ""
    if not record.get("over"):
        return words + (", " if words else "") + "unfinished"
    out = "finished after " + str(step) + " steps" if isinstance(step, int) else "finished"
    scores = record.get("scores")
    if isinstance(scores, list) and scores:
        out += ", scores " + " / ".join(str(s) for s in scores)
    winners = record.get("winners")
    seats = record.get("seats") or []
    if isinstance(winners, list) and winners:
        names = []
        for w in winners:
            label = seats[w] if isinstance(w, int) and 0 <= w < len(seats) else "?"
            names.append(str(label) + " (seat " + str(w + 1 if isinstance(w, int) else w) + ")")
        out += ", won by " + " and ".join(names)
    if record.get("outcome"):
        out += " (" + str(record["outcome"]) + ")"
    return out


def ordered(records):
    """Records, newest first."""
    return sorted(records, key=lambda r: -(r.get("updated") or 0) if isinstance(r.get("updated"), (int, float)) else 0)
