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


PEER_REFUSED = " is not available in a match between browsers (a peer invite fixes the game and the seats)"


def peer_command(data):
    """(kind, theme, problem) of a host's command to a peer-invite embed: only `theme` is taken there; new_match
    and set_seats are refused (the friend joined the invite's match, so the frame cannot start another)."""
    kind, value, problem = command(data, [], {"game": None, "seats": []})
    if kind == "theme" or (problem and kind not in ("new_match", "set_seats")):
        return kind, value, problem
    return kind, None, kind + PEER_REFUSED


PEER_SEATS = ("human", "me", "you", "friend")


def peer_problem(params, games):
    """What of a peer invite's `game` and `seats` the friend flow cannot take (it then keeps its defaults for that
    part: the first game, the seat pickers' own kinds), or None. games: the normalized catalogue."""
    game = game_info(games, params.get("game"))
    if game is None:
        return "no playable game " + repr(str(params.get("game")))[:40]
    seats = [s.strip().lower() for s in str(params.get("seats") or "").split(",") if s.strip()]
    low, high = game["seats"]
    if not low <= len(seats) <= high:
        return game["title"] + " takes " + (str(low) if low == high else str(low) + "-" + str(high)) + " seats"
    for kind in seats:
        if kind not in PEER_SEATS and kind not in game["bots"]:
            return "no seat kind " + repr(kind)[:40] + " (human, friend, " + ", ".join(game["bots"]) + ")"
    if "friend" not in seats:
        return "a peer invite has a friend seat"
    return None


class PeerEvents:
    """The events of a peer-invite embed (the site's "Play a friend" host flow in the frame) from the peer
    snapshots its page applies: match_started once the match between the browsers began, a move per new action of
    the match log this page keeps (its `save`), then ended. In a game with hidden information a chance step (a
    deal) is told without its action: the page's log names its own cards, or every seat's on an honour deal, and
    the host page is told no hand. Each seat's own move is what every page of the match is sent anyway."""

    def __init__(self, events, hidden):
        self.events = events
        self.hidden = bool(hidden)  # the game hides information (GameInfo.hidden_information)
        self.match_id = None
        self.log = None

    def told(self, log):
        actions = []
        for entry in log.get("actions") or []:
            seat, action = entry[0], entry[1]
            actions.append([seat, None if self.hidden and seat < 0 else action])
        return {"seats": log.get("seats") or [], "seed": None, "options": log.get("options") or {},
                "actions": actions}

    def on_snap(self, snap):
        """The events a peer snapshot adds (none before the match began)."""
        save = snap.get("save") if isinstance(snap, dict) else None
        log = save.get("log") if isinstance(save, dict) else None
        setup = save.get("setup") if isinstance(save, dict) else None
        if not isinstance(log, dict):
            return [] if self.log is None else self._after(snap)
        match_id = setup.get("match_id") if isinstance(setup, dict) else None
        fresh = self.log is None or match_id != self.match_id
        self.log, self.match_id = self.told(log), match_id
        if fresh:
            view = dict(self._view(snap), over=False)
            view["log"] = dict(self.log, actions=[])
            out = self.events.started(view, {"seats": self.log["seats"]})
            return out + self._after(snap)
        return self._after(snap)

    def _view(self, snap):
        actions = self.log["actions"]
        # the end only once the log the page holds has every step of it (a snapshot without a save says the end
        # of a step the log may not have yet: the next save brings it)
        over = bool(snap.get("over")) and len(actions) >= (snap.get("step") or 0)
        return {"game": snap.get("game"), "title": snap.get("title"), "log": self.log, "over": over,
                "step": snap.get("step"), "result": snap.get("result")}

    def _after(self, snap):
        return self.events.after(self._view(snap))
