# The embedded game's event API, as data (pure: no DOM; runs under CPython for tests and MicroPython in the page).
# docs/embedding.md documents it. Version 1:
#   host -> embed  {"cargobay": "command", "v": 1, "type": "new_match"|"set_seats"|"theme", ...}
#                    new_match: game?, seats?, seed?, options?    set_seats: seats    theme: theme "light"|"dark"
#   embed -> host  {"cargobay": "event", "v": 1, "embed": <its id>, "seq": 1, 2, ..., "type": ..., ...}
#                    ready, match_started, move, ended, error (a command refused: "reason", "command")
# The embed accepts commands only from its parent window and the origin it was given (embed.js passes the host
# page's); events go to that origin only.
import json

VERSION = 1
COMMANDS = ("new_match", "set_seats", "theme")
THEMES = ("light", "dark")
MAX_COMMAND_CHARS = 20000


def query(search):
    """The page URL's query as a dict (the last value of a repeated key wins)."""
    out = {}
    for part in str(search or "").lstrip("?").split("&"):
        if not part:
            continue
        key, _, value = part.partition("=")
        out[unquote(key)] = unquote(value)
    return out


def unquote(text):
    text = text.replace("+", " ")
    raw = bytearray()
    i = 0
    while i < len(text):
        c = text[i]
        if c == "%" and i + 2 < len(text) and _hex(text[i + 1 : i + 3]):
            raw.append(int(text[i + 1 : i + 3], 16))
            i += 3
        else:
            raw.extend(c.encode())
            i += 1
    return bytes(raw).decode()


def _hex(pair):
    return len(pair) == 2 and all(c in "0123456789abcdefABCDEF" for c in pair)


def origin_of(url):
    """scheme://host[:port] of a URL, or "" when it has none."""
    url = str(url or "")
    scheme, sep, rest = url.partition("://")
    if not sep or not scheme or not rest:
        return ""
    host = rest.split("/")[0].split("?")[0].split("#")[0]
    return scheme + "://" + host if host else ""


def game_info(games, game_id):
    for game in games:
        if game["id"] == game_id and game["available"]:
            return game
    return None


def check_seats(game, seats):
    """(seat list, problem): seats as a list or "human,medium" text, checked against the game."""
    if isinstance(seats, str):
        seats = [s.strip().lower() for s in seats.split(",") if s.strip()]
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        return None, "seats are a list of seat kinds (human or a bot level)"
    low, high = game["seats"]
    if not low <= len(seats) <= high:
        return None, game["title"] + " takes " + (str(low) if low == high else str(low) + "-" + str(high)) + " seats"
    for kind in seats:
        if kind != "human" and kind not in game["bots"]:
            return None, "no seat kind " + repr(kind)[:40] + " (human, " + ", ".join(game["bots"]) + ")"
    return seats, None


def default_seats(game):
    low = game["seats"][0]
    bot = game["bots"][min(1, len(game["bots"]) - 1)] if game["bots"] else "human"
    return ["human"] + [bot] * (low - 1)


def setup_from(params, games):
    """(setup, theme, problem) from the embed page's query: game, seats, seed, options (JSON), theme."""
    playable = [g for g in games if g["available"] and g["listed"]]
    if not playable:
        return None, "light", "no game is playable"
    game = game_info(games, params.get("game") or playable[0]["id"])
    if game is None:
        return None, "light", "no playable game " + repr(str(params.get("game")))[:40]
    setup = {"game": game["id"], "seats": default_seats(game), "seed": None, "options": {}}
    problem = apply_fields(setup, game, params.get("seats"), params.get("seed"), params.get("options"))
    theme = params.get("theme") if params.get("theme") in THEMES else "light"
    return setup, theme, problem


def apply_fields(setup, game, seats, seed, options):
    """Set seats, seed and options on a setup (each when given); a problem text, or None."""
    if seats is not None and seats != "":
        checked, problem = check_seats(game, seats)
        if problem:
            return problem
        setup["seats"] = checked
    elif len(setup["seats"]) < game["seats"][0] or len(setup["seats"]) > game["seats"][1]:
        setup["seats"] = default_seats(game)
    if seed is not None and seed != "":
        try:
            number = int(seed)
        except (TypeError, ValueError):
            return "the seed is a whole number"
        if number < 0:
            return "the seed is a whole number from 0"
        setup["seed"] = number
    if options is not None and options != "":
        if isinstance(options, str):
            try:
                options = json.loads(options)
            except ValueError:
                return "options are a JSON object"
        if not isinstance(options, dict):
            return "options are an object"
        setup["options"] = options
    return None


def command(data, games, setup):
    """(kind, new setup or theme, problem) of a host's command; a bad one has a problem (for an error event)."""
    if isinstance(data, str):
        if len(data) > MAX_COMMAND_CHARS:
            return None, None, "a command is at most " + str(MAX_COMMAND_CHARS) + " characters"
        try:
            data = json.loads(data)
        except ValueError:
            return None, None, "a command is a JSON object"
    if not isinstance(data, dict) or data.get("cargobay") != "command":
        return None, None, 'a command is {"cargobay": "command", "v": 1, "type": ...}'
    kind = data.get("type")
    if data.get("v") != VERSION:
        return kind, None, "version " + repr(data.get("v"))[:20] + " is not supported (this is " + str(VERSION) + ")"
    if kind not in COMMANDS:
        return kind, None, "unknown command " + repr(kind)[:40] + " (" + ", ".join(COMMANDS) + ")"
    if kind == "theme":
        theme = data.get("theme")
        if theme not in THEMES:
            return kind, None, "theme is light or dark"
        return kind, theme, None
    game_id = data.get("game") if kind == "new_match" and data.get("game") is not None else setup["game"]
    game = game_info(games, game_id)
    if game is None:
        return kind, None, "no playable game " + repr(game_id)[:40]
    fresh = {"game": game["id"], "seats": list(setup["seats"]) if game["id"] == setup["game"] else default_seats(game),
             "seed": None, "options": dict(setup.get("options") or {}) if game["id"] == setup["game"] else {}}
    if kind == "set_seats":
        if data.get("seats") is None:
            return kind, None, "set_seats needs seats"
        problem = apply_fields(fresh, game, data.get("seats"), None, None)
    else:
        problem = apply_fields(fresh, game, data.get("seats"), data.get("seed"), data.get("options"))
    return kind, (None if problem else fresh), problem


class Events:
    """Numbered events of one embed, and what a snapshot adds to them (moves since the last one, the end)."""

    def __init__(self, embed_id):
        self.embed = embed_id
        self.seq = 0
        self.match = 0
        self.seen = 0  # actions of the current match already told
        self.ended = False

    def event(self, kind, fields):
        self.seq += 1
        out = {"cargobay": "event", "v": VERSION, "embed": self.embed, "seq": self.seq, "type": kind}
        for key in fields:
            out[key] = fields[key]
        return out

    def started(self, snap, setup):
        self.match += 1
        log = snap.get("log") or {}
        self.seen = len(log.get("actions") or [])
        self.ended = False
        out = [self.event("match_started", {"match": self.match, "game": snap.get("game"), "title": snap.get("title"),
                                            "seats": log.get("seats") or setup.get("seats"), "seed": log.get("seed"),
                                            "options": log.get("options") or {}})]
        return out + self.after(snap)

    def after(self, snap):
        """Events for a snapshot of the current match: a move per new action, then ended once."""
        log = snap.get("log") or {}
        actions = log.get("actions") or []
        seats = log.get("seats") or []
        out = []
        for index in range(self.seen, len(actions)):
            seat, action = actions[index][0], actions[index][1]
            by = "chance" if seat < 0 else (seats[seat] if seat < len(seats) else "?")
            out.append(self.event("move", {"match": self.match, "step": index + 1, "seat": seat, "action": action,
                                           "by": by}))
        self.seen = max(self.seen, len(actions))
        if snap.get("over") and not self.ended:
            self.ended = True
            result = snap.get("result") if isinstance(snap.get("result"), dict) else {}
            out.append(self.event("ended", {"match": self.match, "step": snap.get("step"),
                                            "scores": result.get("scores"), "winners": result.get("winners"),
                                            "result": result}))
        return out
