# Cargo Bay page logic: MicroPython on the main thread (PyScript). All game logic lives in the engine
# worker (Pyodide + cargobay); this file only sends requests and shows snapshots.
import asyncio
import json

from pyscript import document, window
from pyscript.ffi import create_proxy

SAVE_KEY = "cargobay.save.v1"
root = document.documentElement
engine = None  # window.cargobayEngine, set in main()


def by_id(name):
    return document.getElementById(name)


def js_get(obj, name, default=None):
    """A JS object's property, or default when it is missing (MicroPython raises AttributeError)."""
    try:
        value = getattr(obj, name)
    except AttributeError:
        return default
    return default if value is None else value


def query_param(name, default=None):
    search = str(window.location.search or "")
    for part in search.lstrip("?").split("&"):
        if "=" in part:
            key, value = part.split("=", 1)
            if key == name:
                return value
    return default


def _delay_ms():
    try:
        return max(0, int(query_param("delay", "350")))
    except ValueError:
        return 350


DELAY_MS = _delay_ms()

# ---------------------------------------------------------------------------------------- state
state = {
    "setup": None,  # {"game", "seats", "seed"}
    "snap": None,  # the current snapshot (dict)
    "busy": False,  # a request is in flight
    "generation": 0,  # bumps on every new match / menu, so old bot loops stop
}


_tasks = set()


def spawn(coro):
    """Start a task and keep a reference to it until it ends."""
    for old in [t for t in _tasks if t.done()]:
        _tasks.discard(old)
    task = asyncio.create_task(coro)
    _tasks.add(task)
    return task


# ---------------------------------------------------------------------------------------- messages
def show_message(text, kind="error"):
    box = by_id("messages")
    box.textContent = text
    box.setAttribute("data-kind", kind)


def clear_message():
    box = by_id("messages")
    box.textContent = ""
    box.removeAttribute("data-kind")


def error_text(err):
    if not isinstance(err, dict):
        return str(err)
    return f"{err.get('type', 'Error')}: {err.get('message', '')}"


# ---------------------------------------------------------------------------------------- engine
async def call(req):
    """Send one request; returns (True, result) or (False, error dict)."""
    try:
        text = await engine.request(json.dumps(req))
        resp = json.loads(str(text))
    except Exception as exc:  # never let the page die
        return False, {"type": "ClientError", "message": str(exc)}
    if resp.get("ok"):
        return True, resp.get("result")
    return False, resp.get("error") or {"type": "Error", "message": "unknown error"}


# ---------------------------------------------------------------------------------------- screens
def show_screen(name):
    document.body.setAttribute("data-screen", name)
    by_id("menu-screen").hidden = name != "menu"
    by_id("game-screen").hidden = name != "game"
    by_id("p2p-screen").hidden = name != "p2p"


def update_start_button():
    ok = root.getAttribute("data-engine") == "ready"
    by_id("start").disabled = not ok
    hint = by_id("start-hint")
    if ok:
        hint.textContent = "Pick who plays each seat, then Start."
    elif root.getAttribute("data-engine") == "error":
        hint.textContent = "The game engine failed to start; reload the page to try again."
    else:
        hint.textContent = "The game engine is loading; Start unlocks when it is ready."


# ---------------------------------------------------------------------------------------- saving
def save(snap):
    try:
        data = {
            "setup": state["setup"],
            "log": snap.get("log"),
            "step": snap.get("step"),
            "over": bool(snap.get("over")),
        }
        window.localStorage.setItem(SAVE_KEY, json.dumps(data))
    except Exception as exc:  # storage full / disabled: keep playing
        print("cargobay: could not save:", exc)


def load_save():
    raw = window.localStorage.getItem(SAVE_KEY)
    if raw is None or raw == "" or str(raw) in ("null", "undefined"):
        return None
    return str(raw)


def drop_save():
    try:  # noqa: SIM105 - MicroPython has no contextlib
        window.localStorage.removeItem(SAVE_KEY)
    except Exception:
        pass


# ---------------------------------------------------------------------------------------- board
def turn_owner(snap):
    if snap.get("over"):
        return "none"
    kinds = [entry.get("kind") for entry in (snap.get("to_act") or [])]
    if "human" in kinds:
        return "human"
    if kinds:
        return "bot"
    return "none"


def render(snap):
    state["snap"] = snap
    board = by_id("board")
    board.innerHTML = snap.get("svg") or ""
    board.setAttribute("data-step", str(snap.get("step", "")))
    board.setAttribute("data-hash", str(snap.get("hash", "")))
    over = bool(snap.get("over"))
    board.setAttribute("data-match", "over" if over else "playing")
    owner = turn_owner(snap)
    board.setAttribute("data-turn-owner", owner)
    info = by_id("turn-info")
    if over:
        info.textContent = "Game over"
    elif owner == "human":
        seats = [e.get("seat") for e in snap.get("to_act") or [] if e.get("kind") == "human"]
        humans = [k for k in ((state["setup"] or {}).get("seats") or []) if k == "human"]
        if len(humans) <= 1:
            info.textContent = "Your move"
        else:
            names = [f"Player {s + 1}" for s in seats if isinstance(s, int)]
            info.textContent = "To move: " + ", ".join(names)
    elif owner == "bot":
        kinds = [e.get("kind") for e in snap.get("to_act") or []]
        info.textContent = "Dealing…" if kinds == ["chance"] else "Bot is thinking…"
    else:
        info.textContent = ""
    info.setAttribute("data-step", str(snap.get("step", "")))
    save(snap)


async def auto_steps(generation):
    """While only bots / chance are to act, step the engine with a visible delay."""
    while state["generation"] == generation:
        snap = state["snap"]
        if snap is None or snap.get("over") or turn_owner(snap) != "bot":
            return
        await asyncio.sleep_ms(DELAY_MS)
        if state["generation"] != generation:
            return
        ok, result = await call({"type": "step"})
        if state["generation"] != generation:
            return
        if not ok:
            show_message("The engine could not advance the game. " + error_text(result))
            return
        render(result)


def start_playing(snap):
    state["generation"] += 1
    clear_message()
    show_screen("game")
    render(snap)
    spawn(auto_steps(state["generation"]))


async def act(seat, action):
    if state["busy"]:
        return
    state["busy"] = True
    by_id("board").setAttribute("aria-busy", "true")
    try:
        req = {"type": "act", "action": action}
        try:
            req["seat"] = int(seat)
        except (TypeError, ValueError):
            req["seat"] = seat
        ok, result = await call(req)
        if not ok:
            # Errors are shown; the board stays as it was.
            show_message("That move was refused. " + error_text(result))
            return
        clear_message()
        render(result)
        spawn(auto_steps(state["generation"]))
    finally:
        state["busy"] = False
        by_id("board").removeAttribute("aria-busy")


def on_board_click(event):
    target = event.target
    el = target.closest("[data-action]") if target else None
    if not el:
        return
    event.preventDefault()
    action = el.getAttribute("data-action")
    seat = el.getAttribute("data-seat")
    if seat is None or str(seat) in ("", "null", "undefined"):
        snap = state["snap"] or {}
        seat = snap.get("viewer")
    spawn(act(seat, str(action)))


def on_board_key(event):
    if str(event.key) in ("Enter", " "):
        on_board_click(event)


# ---------------------------------------------------------------------------------------- setup
def read_setup():
    seats = [str(by_id("seat-0").value), str(by_id("seat-1").value)]
    raw = str(by_id("seed").value).strip()
    seed = None
    if raw:
        try:
            seed = int(raw)
        except ValueError:
            seed = None
    return {"game": "load", "seats": seats, "seed": seed}


async def new_match():
    if root.getAttribute("data-engine") != "ready":
        show_message("The game engine is still loading.", "info")
        return
    setup = read_setup()
    by_id("start").disabled = True
    try:
        ok, result = await call(
            {"type": "new_match", "game": setup["game"], "seats": setup["seats"], "seed": setup["seed"]}
        )
    finally:
        update_start_button()
    if not ok:
        show_message("Could not start a match. " + error_text(result))
        return
    state["setup"] = setup
    start_playing(result)


def on_start(event):
    event.preventDefault()
    spawn(new_match())


def on_menu(event):
    state["generation"] += 1
    clear_message()
    show_screen("menu")
    update_start_button()
    snap = state["snap"]
    by_id("continue").hidden = not (snap and not snap.get("over"))
    by_id("p2p-continue").hidden = not p2p_unfinished()


def on_continue(event):
    snap = state["snap"]
    if snap and not snap.get("over"):
        start_playing(snap)


def on_new_game(event):
    # A fresh match with the same seats (and the seed field as it is), straight away.
    state["generation"] += 1
    spawn(new_match())


async def try_resume():
    raw = load_save()
    if raw is None:
        return
    try:
        data = json.loads(raw)
        if not isinstance(data, dict) or not isinstance(data.get("log"), dict):
            raise ValueError("not a saved match")
    except Exception as exc:
        drop_save()
        show_message(f"The saved match is corrupt and was discarded ({exc}). Start a new game.")
        return
    if data.get("over"):
        return
    ok, result = await call({"type": "resume", "log": data["log"]})
    if not ok:
        drop_save()
        show_message(
            "The saved match could not be resumed and was discarded. Start a new game. " + error_text(result)
        )
        return
    setup = data.get("setup")
    if isinstance(setup, dict):
        state["setup"] = setup
        seats = setup.get("seats") or []
        for i, kind in enumerate(seats[:2]):
            by_id(f"seat-{i}").value = kind
    start_playing(result)
    show_message("Resumed your unfinished match.", "info")


# ---------------------------------------------------------------------------------------- peer-to-peer
# Two or more browsers, no server. web/p2p-glue.js moves texts over WebRTC data channels, one link per pair
# of pages (a full mesh); the engine worker's p2p_* requests (cargobay.net) decide what the game messages
# mean. Every channel text is wrapped in a small envelope (JSON object, at most MAX_CHANNEL_TEXT characters):
#   {"k": "setup", "setup": {...}, "you": j}   the host's match setup; j is the receiver's peer index
#   {"k": "lobby", "you": j}                    the host: you are peer j; the match starts when I press Start
#   {"k": "signal", "to": i, "from": j}         the host asks guest i to make an invite for guest j
#   {"k": "signal", "to": i, "from": j, "code": "CB1.…"}   an invite or reply from j for i, relayed by the host
#   {"k": "signal", "to": 0, "from": i, "again": j}        guest i lost its link with guest j: relay a new one
#   {"k": "peer", "t": "<text>"}                one cargobay.net message, handed to p2p_receive as it is
#   {"k": "bye"}                                the sender is leaving (page closed or reloaded)
# The sender of a peer message is the peer bound to the link it came on, never what the message says.
# Anything else is refused with a visible reason and changes nothing.
P2P_SAVE_KEY = "cargobay.p2p.v1"
P2P_SETTINGS_KEY = "cargobay.p2p.settings.v1"
MAX_CHANNEL_TEXT = 32768
MAX_SIGNAL_TEXT = 1000  # a signal envelope; a code is ~140-400 characters
MAX_PEERS = 6
MAX_EARLY = 200  # peer messages kept while a guest waits for the setup
RELAY_PENDING_MS = 5000  # a relayed invite younger than this is not made again
MATCH_ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
SETUP_FIELDS = ("match_id", "game", "seats", "owners", "peers", "options", "reveal_deadline")
glue = None  # window.cargobayP2P, set in main()

p2p = {
    "role": None,  # "host" (peer 0, made the match) or "guest"
    "me": None,  # this page's peer index (the host 0; a guest learns it from the host)
    "lobby": False,  # host: wait for "Start match" (more guests) instead of starting at the first connection
    "setup": None,  # the agreed setup
    "started": False,  # the worker holds this match's peer
    "links": {},  # glue link id -> {"peer", "kind": "invite"|"reply", "state", "relay": bool, "t0": ms}
    "peer_link": {},  # peer index -> glue link id of the current link with that peer
    "manual": None,  # glue link id of the link in the connection box (made by hand)
    "target": None,  # the peer index the connection box connects with
    "box": None,  # which connection box is shown: "invite", "join" or None
    "reply_code": None,  # the reply made for the manual link
    "early": [],  # [peer, text] peer messages that came before this guest had the setup
    "snap": None,
    "svg": None,
    "queue": [],  # jobs (worker requests and channel events), run strictly one at a time, in order
    "running": False,
    "choosing": False,
    "chat": [],  # [[peer, text], ...] the last lines, saved with the match
}


def now_s():
    return window.Date.now() / 1000


def now_ms():
    return float(window.performance.now())


def p2p_me():
    me = p2p["me"]
    if isinstance(me, int):
        return me
    return 0 if p2p["role"] != "guest" else 1


def peer_count():
    setup = p2p["setup"]
    if p2p["started"] and isinstance(setup, dict) and isinstance(setup.get("peers"), int):
        return setup["peers"]
    known = [1, p2p_me()] + [peer for peer in p2p["peer_link"] if isinstance(peer, int)]
    return max(known) + 1


def other_peers():
    return [peer for peer in range(peer_count()) if peer != p2p_me()]


def link_entry(peer):
    lid = p2p["peer_link"].get(peer)
    return None if lid is None else p2p["links"].get(lid)


def link_state(peer):
    entry = link_entry(peer)
    return entry["state"] if entry else "none"


def open_peers():
    return [peer for peer in sorted(p2p["peer_link"]) if link_state(peer) == "open"]


def seat_owners():
    owners = (p2p["setup"] or {}).get("owners")
    return owners if isinstance(owners, list) else [0, 1]


def is_spectator(peer):
    return peer not in seat_owners()


def peer_name(peer):
    owners = seat_owners()
    if peer in owners:
        return f"Player {owners.index(peer) + 1}"
    return f"Spectator {len([k for k in range(peer) if k not in owners]) + 1}"


def two_peers():
    return peer_count() == 2


def who(peer):
    """How a message names another peer: 'the other player' between two, else its name."""
    return "the other player" if two_peers() else peer_name(peer)


def p2p_over():
    snap = p2p["snap"]
    return bool(snap and snap.get("over"))


def p2p_unfinished():
    return p2p["started"] and not p2p_over()


def p2p_phase():
    if p2p_over():
        return "over"
    if p2p["started"]:
        # the match needs the players; a spectator's drop pauses only its own page
        needed = [peer for peer in other_peers() if not is_spectator(peer)]
        return "connected" if all(link_state(peer) == "open" for peer in needed) else "paused"
    if p2p["role"] == "host":
        if p2p["lobby"]:
            return "lobby"
        return "connected" if open_peers() else "hosting"
    if p2p["role"] == "guest":
        if link_state(0) == "open":
            return "lobby" if p2p["lobby"] else "connected"
        return "joining"
    return "idle"


def enqueue(fn, *args):
    p2p["queue"].append((fn, args))
    if not p2p["running"]:
        spawn(run_queue())


async def run_queue():
    if p2p["running"]:
        return
    p2p["running"] = True
    board = by_id("p2p-board")
    board.setAttribute("aria-busy", "true")
    try:
        while p2p["queue"]:
            fn, args = p2p["queue"].pop(0)
            await engine.ready
            try:
                await fn(*args)
            except Exception as exc:  # a bug here must not stop the queue or the page
                show_message(f"Peer-to-peer: an unexpected error ({exc}); the match is unchanged.")
    finally:
        p2p["running"] = False
        board.removeAttribute("aria-busy")


def glue_json(text):
    try:
        data = json.loads(str(text))
    except Exception as exc:
        return {"ok": False, "error": str(exc)}
    return data if isinstance(data, dict) else {"ok": False, "error": "bad answer"}


def short(text, limit=300):
    text = str(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


# --- view --------------------------------------------------------------------------------------------
def set_text(name, text):
    by_id(name).textContent = text


def update_p2p_view():
    phase = p2p_phase()
    by_id("p2p-screen").setAttribute("data-p2p", phase)
    board = by_id("p2p-board")
    board.setAttribute("data-p2p", phase)
    board.hidden = not p2p["started"]
    box = p2p["box"]
    hosting = p2p["role"] == "host" and not p2p["started"]
    # a spectator's dropped link does not pause the players, but it still needs a way back
    missing = phase == "connected" and p2p["started"] and any(link_state(p) != "open" for p in other_peers())
    show_panel = missing or phase in ("hosting", "joining", "paused", "lobby") and (
        box is not None or phase == "paused" or hosting
    )
    by_id("p2p-connect").hidden = not show_panel
    by_id("p2p-host-box").hidden = not (show_panel and box == "invite")
    by_id("p2p-join-box").hidden = not (show_panel and box == "join")
    by_id("p2p-reply-out").hidden = not p2p["reply_code"]
    by_id("p2p-reconnect-box").hidden = not (phase == "paused" or missing)
    by_id("p2p-lobby-box").hidden = not (show_panel and hosting)
    if phase == "paused":
        title = "Paused: reconnect"
    elif missing:
        title = "A spectator is disconnected: reconnect it (the match goes on)"
    elif box == "join":
        title = "Join a friend's match"
    elif hosting and p2p["lobby"]:
        title = "Invite players and spectators"
    else:
        title = "Invite a friend"
    set_text("p2p-connect-title", title)
    set_text("p2p-reconnect-text", (
        "The spectator's page catches up with everything it missed once it is back. To reconnect it, one of "
        "you creates a reconnect invite and the other answers it." if missing else
        "The match is paused and nothing is lost. To go on, one of you creates a reconnect invite and the "
        "other answers it (either of you can start)."))
    target = p2p["target"]
    if box == "invite" and not two_peers() and isinstance(target, int):
        watches = " (watches)" if is_spectator(target) else ""
        set_text("p2p-invite-for", f"This invite is for {peer_name(target)}{watches}.")
    else:
        set_text("p2p-invite-for", "")
    if hosting:
        render_lobby()
    if phase == "paused" or missing:
        render_reconnect_choice()
    render_peers(phase)
    render_p2p_info()


def render_lobby():
    guests = open_peers()
    start = by_id("p2p-start-match")
    start.hidden = not p2p["lobby"]
    start.disabled = not guests or not all(link_state(peer) == "open" for peer in range(1, max(guests) + 1))
    if not p2p["lobby"]:
        text = (
            "The match starts as soon as your friend connects. To play with more people, or to let someone "
            "watch, invite another player or spectator first."
        )
    elif not guests:
        text = "Invite everyone you want, one invite each; then press Start match."
    else:
        names = ", ".join(peer_name(peer) for peer in guests)
        text = f"Connected: {names}. Invite more, or press Start match."
        pending = [peer for peer in p2p["peer_link"] if peer not in guests and link_state(peer) == "connecting"]
        if pending and p2p["manual"] is not None:
            text += " (An invite is still unanswered: it is dropped at the start.)"
    set_text("p2p-lobby-text", text)


def render_reconnect_choice():
    select = by_id("p2p-reconnect-peer")
    missing = [peer for peer in other_peers() if link_state(peer) != "open"]
    wanted = ",".join(str(peer) for peer in missing)
    if select.getAttribute("data-peers") != wanted:
        select.setAttribute("data-peers", wanted)
        select.innerHTML = ""
        for peer in missing:
            option = document.createElement("option")
            option.value = str(peer)
            option.textContent = peer_name(peer) + (" (host)" if peer == 0 else "")
            select.appendChild(option)
    by_id("p2p-reconnect-with").hidden = len(missing) < 2
    if two_peers():
        invite_text, answer_text = "Create a reconnect invite", "Answer the other player's invite"
    else:
        name = peer_name(chosen_peer())
        invite_text, answer_text = f"Create a reconnect invite for {name}", f"Answer {name}'s invite"
    set_text("p2p-reinvite", invite_text)
    set_text("p2p-rejoin", answer_text)


def chosen_peer():
    """The peer the reconnect box works with: the one chosen, else the first one missing."""
    missing = [peer for peer in other_peers() if link_state(peer) != "open"]
    try:
        peer = int(str(by_id("p2p-reconnect-peer").value))
    except ValueError:
        peer = None
    if peer in missing:
        return peer
    return missing[0] if missing else (other_peers() or [0])[0]


def render_peers(phase):
    me = p2p_me()
    items = by_id("p2p-peers")
    items.innerHTML = ""
    for peer in range(peer_count()):
        name = peer_name(peer) + (" (host)" if peer == 0 else (" (guest)" if two_peers() else ""))
        if peer == me:
            label, status = f"You — {name}", "watching" if is_spectator(peer) and p2p["started"] else "this page"
            kind = "self"
        else:
            label = name
            link = link_state(peer)
            if link == "open":
                status, kind = "connected", "connected"
            elif p2p["started"] and not p2p_over():
                status = "paused — disconnected"
                if link == "connecting":
                    status += " (reconnecting…)"
                kind = "paused"
            elif link == "connecting":
                status, kind = "connecting…", "connecting"
            elif p2p_over():
                status, kind = "disconnected", "closed"
            else:
                status, kind = "not connected yet", "waiting"
        li = document.createElement("li")
        li.setAttribute("data-peer", str(peer))
        li.setAttribute("data-state", kind)
        li.setAttribute("data-role", "spectator" if is_spectator(peer) else "player")
        entry = link_entry(peer)
        if entry and entry.get("ms") is not None:
            li.setAttribute("data-ms", str(entry["ms"]))
        who_el = document.createElement("span")
        who_el.textContent = label
        state_el = document.createElement("span")
        state_el.className = "peer-state"
        state_el.textContent = status
        li.appendChild(who_el)
        li.appendChild(state_el)
        items.appendChild(li)


def render_p2p_info():
    snap = p2p["snap"]
    phase = p2p_phase()
    info = by_id("p2p-info")
    if snap is None:
        if phase == "hosting":
            text = "Waiting for your friend to answer the invite"
        elif phase == "lobby" and p2p["role"] == "host":
            text = "Lobby: invite players and spectators, then start"
        elif phase == "lobby":
            text = f"Connected as {peer_name(p2p_me())}: waiting for the host to start"
        elif phase == "joining":
            text = "Joining"
        elif phase == "connected":
            guest = p2p["role"] == "guest"
            text = "Connected: waiting for the host's setup" if guest else "Connected: setting up the match"
        else:
            text = ""
        info.textContent = text
        return
    if snap.get("over"):
        info.textContent = "Game over"
        return
    waiting = snap.get("waiting") or {}
    keys = [key for key in waiting.get("keys") or [] if key != p2p_me()]
    stage = waiting.get("phase")
    if two_peers():
        owed = "the other player's"
    else:
        owed = " and ".join(peer_name(key) + "'s" for key in keys if isinstance(key, int))
    if snap.get("to_decide"):
        text = "Your move"
    elif keys and stage == "move":
        text = f"Waiting for {owed} move"
    elif keys and stage == "commit":
        text = f"Waiting for {owed} commitment"
    elif keys and stage == "reveal":
        text = f"Waiting for {owed} reveal"
    else:
        text = "Working…"
    if p2p["started"] and is_spectator(p2p_me()):
        text = "Watching — " + text[0].lower() + text[1:]
    if phase == "paused":
        text += " — paused: disconnected"
    info.textContent = text


def show_refusal(reason, cheating=False, peer=None):
    box = by_id("p2p-refused")
    sender = "the other player" if peer is None else who(peer)
    if cheating:
        text = f"CHEATING DETECTED — a message from {sender} was refused: {short(reason)}"
    else:
        text = f"Refused a message from {sender}: {short(reason)}. Nothing changed."
    box.textContent = text
    box.setAttribute("data-cheating", "true" if cheating else "false")
    box.hidden = False
    count = int(box.getAttribute("data-count") or "0") + 1
    box.setAttribute("data-count", str(count))


def show_outcome(snap):
    outcome = snap.get("outcome")
    box = by_id("p2p-outcome")
    if not outcome:
        box.hidden = True
        return
    reason = short(outcome.get("reason", ""))
    if outcome.get("kind") == "forfeit":
        if outcome.get("peer") == p2p_me():
            text = f"You forfeit the match: {reason}"
        elif two_peers() or not isinstance(outcome.get("peer"), int):
            text = f"The other player forfeits the match: {reason}"
        else:
            text = f"{peer_name(outcome.get('peer'))} forfeits the match: {reason}"
    else:
        text = f"The match stopped: {reason}"
    box.textContent = text
    box.setAttribute("data-kind", str(outcome.get("kind")))
    box.hidden = False


def add_chat(peer, text, note=""):
    p2p["chat"] = (p2p["chat"] + [[peer, text]])[-50:]
    draw_chat_line(peer, text, note)


def draw_chat_line(peer, text, note=""):
    log = by_id("p2p-chat-log")
    line = document.createElement("p")
    line.className = "chat-line"
    who_el = document.createElement("b")
    who_el.textContent = ("You" if peer == p2p_me() else peer_name(int(peer))) + ": "
    line.appendChild(who_el)
    line.appendChild(document.createTextNode(str(text)))
    if note:
        small = document.createElement("small")
        small.textContent = " " + note
        line.appendChild(small)
    log.appendChild(line)
    log.scrollTop = log.scrollHeight


def p2p_apply(snap):
    """Show one snapshot, send what it says to send (to every open link), save it."""
    p2p["snap"] = snap
    for text in snap.get("send") or []:
        send_all({"k": "peer", "t": text})
    refused = snap.get("refused")
    if refused:
        show_refusal(refused.get("message") or refused.get("type"), bool(refused.get("cheating")), p2p.get("from"))
    for event in snap.get("events") or []:
        kind = event.get("event") if isinstance(event, dict) else None
        if kind == "chat":
            add_chat(event.get("from"), event.get("text"))
        elif kind == "refused":
            show_refusal(event.get("reason"), False, p2p.get("from"))
    board = by_id("p2p-board")
    svg = snap.get("svg") or ""
    if svg != p2p["svg"]:
        p2p["svg"] = svg
        board.innerHTML = svg
    board.setAttribute("data-step", str(snap.get("step", "")))
    board.setAttribute("data-hash", str(snap.get("hash", "")))
    board.setAttribute("data-match", "over" if snap.get("over") else "playing")
    board.setAttribute("data-to-decide", "yes" if snap.get("to_decide") else "no")
    board.setAttribute("data-viewer", "none" if snap.get("viewer") is None else str(snap.get("viewer")))
    waiting = snap.get("waiting") or {}
    keys = ",".join(str(key) for key in waiting.get("keys") or [])
    board.setAttribute("data-waiting", f"{waiting.get('phase')}:{keys}")
    result = (snap.get("view") or {}).get("result")
    if isinstance(result, dict):
        board.setAttribute("data-scores", json.dumps(result.get("scores")))
    show_outcome(snap)
    p2p_save(snap)
    update_p2p_view()


def p2p_save(snap):
    try:
        data = {
            "save": snap.get("save"),
            "role": p2p["role"],
            "over": bool(snap.get("over")),
            "step": snap.get("step"),
            "chat": p2p["chat"],
        }
        window.localStorage.setItem(P2P_SAVE_KEY, json.dumps(data))
    except Exception as exc:  # storage full / disabled: keep playing
        print("cargobay: could not save the peer-to-peer match:", exc)


def p2p_drop_save():
    try:  # noqa: SIM105 - MicroPython has no contextlib
        window.localStorage.removeItem(P2P_SAVE_KEY)
    except Exception:
        pass


# --- worker requests (always from a queued job) ------------------------------------------------------
async def p2p_req(req, failure="The engine refused a peer-to-peer request"):
    req["now"] = now_s()
    ok, result = await call(req)
    if not ok:
        show_message(f"{failure}. {error_text(result)}")
        return None
    p2p_apply(result)
    return result


async def job_tick():
    if p2p["started"] and not p2p_over():
        await p2p_req({"type": "p2p_tick"})


async def job_choose(seat, action):
    try:
        snap = await p2p_req({"type": "p2p_choose", "seat": seat, "action": action}, "That move was refused")
        if snap is not None:
            clear_message()
    finally:
        p2p["choosing"] = False


async def job_chat(text):
    snap = await p2p_req({"type": "p2p_chat", "text": text}, "The chat line was not sent")
    if snap is not None:
        missing = [peer for peer in other_peers() if link_state(peer) != "open"]
        note = ""
        if missing:
            note = "(not delivered: disconnected)" if len(missing) == len(other_peers()) else (
                "(not delivered to " + ", ".join(peer_name(peer) for peer in missing) + ")"
            )
        add_chat(p2p_me(), text, note)


async def job_restore(data):
    ok, result = await call({"type": "p2p_restore", "save": data["save"], "now": now_s()})
    if not ok:
        p2p_drop_save()
        show_message(
            "The saved match with your friend could not be restored and was discarded. " + error_text(result)
        )
        return
    me = result.get("me")
    p2p["me"] = me if isinstance(me, int) else 0
    p2p["role"] = "host" if p2p["me"] == 0 else "guest"
    p2p["setup"] = (data["save"] or {}).get("setup")
    p2p["started"] = True
    p2p["box"] = None
    by_id("p2p-chat-log").innerHTML = ""
    chat = data.get("chat")
    if isinstance(chat, list):
        for line in chat[-50:]:
            if (
                isinstance(line, list)
                and len(line) == 2
                and isinstance(line[0], int)
                and 0 <= line[0] < MAX_PEERS
                and isinstance(line[1], str)
            ):
                p2p["chat"].append(line)
                draw_chat_line(line[0], line[1])
    p2p_apply(result)
    if result.get("over"):
        return
    for peer in other_peers():
        await p2p_req({"type": "p2p_connected", "peer": peer, "connected": False})
    show_screen("p2p")
    show_message("Your match with your friend is paused: reconnect to go on (nothing was lost).", "info")


# --- the channels --------------------------------------------------------------------------------------
def link_send(peer, envelope):
    lid = p2p["peer_link"].get(peer)
    if lid is None or link_state(peer) != "open":
        return False
    return bool(glue.send(lid, json.dumps(envelope)))


def send_all(envelope):
    sent = 0
    for peer in open_peers():
        sent += 1 if link_send(peer, envelope) else 0
    return sent


def drop_link(lid):
    entry = p2p["links"].pop(lid, None)
    glue.close(lid)
    if entry is not None and p2p["peer_link"].get(entry["peer"]) == lid:
        p2p["peer_link"].pop(entry["peer"])
    if p2p["manual"] == lid:
        p2p["manual"] = None
        p2p["reply_code"] = None


def close_links():
    for lid in list(p2p["links"]):
        drop_link(lid)
    p2p["manual"] = None
    p2p["reply_code"] = None


def on_glue_event(text):
    event = glue_json(text)
    lid = event.get("link")
    if lid is None or lid not in p2p["links"]:
        return  # an event of a link that was replaced
    enqueue(job_link_event, event)


async def job_link_event(event):
    lid = event.get("link")
    entry = p2p["links"].get(lid)
    if entry is None or p2p["peer_link"].get(entry["peer"]) != lid:
        return
    if event.get("type") == "message":
        await on_channel_text(entry, event)
        return
    new_state = event.get("state")
    if new_state == "connecting":
        if entry["state"] != "open":
            entry["state"] = "connecting"
        update_p2p_view()
    elif new_state == "open":
        await on_channel_open(lid, entry, event.get("ms"))
    elif new_state == "closed":
        await on_channel_closed(lid, entry, "the connection dropped")


async def on_channel_open(lid, entry, ms):
    entry["state"] = "open"
    entry["ms"] = round(now_ms() - entry["t0"])
    peer = entry["peer"]
    if lid == p2p["manual"]:
        p2p["manual"] = None
        p2p["box"] = None
        p2p["reply_code"] = None
        by_id("p2p-screen").setAttribute("data-connect-ms", "" if ms is None else str(ms))
        clear_message()
        if ms is not None and entry["kind"] == "invite":
            show_message(f"Connected ({ms / 1000:.1f} s after the reply was pasted).", "info")
    if entry["relay"]:
        # From the host's request (or the relayed invite) to the open channel: the whole relayed exchange.
        by_id("p2p-screen").setAttribute(f"data-relay-ms-{peer}", str(entry["ms"]))
        if p2p["started"] and p2p_phase() == "connected":
            clear_message()  # (a note that this link had dropped)
    update_p2p_view()
    if p2p["role"] == "host":
        if p2p["started"]:
            link_send(peer, {"k": "setup", "setup": p2p["setup"], "you": peer})
        elif p2p["lobby"]:
            link_send(peer, {"k": "lobby", "you": peer})
        else:
            # Start here first: the guest answers the setup at once, and its first message must find a match.
            # (Our own first messages reach the guest before the setup; it holds them until the setup is in.)
            snap = await p2p_req({"type": "p2p_start", "setup": p2p["setup"], "me": 0}, "Could not start the match")
            if snap is not None:
                p2p["started"] = True
                link_send(peer, {"k": "setup", "setup": p2p["setup"], "you": peer})
                update_p2p_view()
            return
        relay_mesh(peer)
    if p2p["started"]:
        await p2p_req({"type": "p2p_connected", "peer": peer, "connected": True})
        await p2p_req({"type": "p2p_hello"})


def relay_mesh(newcomer, only=None):
    """Host: ask every other connected guest to make an invite for `newcomer` (relayed automatically)."""
    for guest in open_peers():
        if guest == newcomer or (only is not None and guest != only):
            continue
        link_send(guest, {"k": "signal", "to": guest, "from": newcomer})


async def on_channel_closed(lid, entry, why):
    if entry["state"] == "closed":
        return
    was_open = entry["state"] == "open"
    entry["state"] = "closed"
    glue.close(lid)
    peer = entry["peer"]
    if lid == p2p["manual"]:
        p2p["reply_code"] = None
    if p2p["started"] and not p2p_over():
        if lid == p2p["manual"]:
            p2p["manual"] = None
            p2p["box"] = None
        await p2p_req({"type": "p2p_connected", "peer": peer, "connected": False})
        if peer != 0 and p2p_me() != 0 and link_state(0) == "open":
            # A link between two guests: both are still with the host, which relays a new one.
            link_send(0, {"k": "signal", "to": 0, "from": p2p_me(), "again": peer})
            show_message(
                f"The link with {peer_name(peer)} closed; the host re-makes it as soon as both of you are connected "
                "to the host (or reconnect below by hand).",
                "info",
            )
        elif p2p_phase() != "paused":
            show_message(f"{peer_name(peer)}: {why}. The match goes on; reconnect it below when it is back.", "info")
        else:
            show_message(f"Paused: {why} ({peer_name(peer)}). Nothing is lost; reconnect below to go on.", "info")
    elif not p2p["started"]:
        if p2p["role"] == "host" and (p2p["lobby"] or was_open) and lid != p2p["manual"]:
            show_message(f"{peer_name(peer)} left before the match began; you may invite someone again.", "info")
        elif p2p["role"] == "guest" and peer != 0:
            if link_state(0) == "open":
                link_send(0, {"k": "signal", "to": 0, "from": p2p_me(), "again": peer})
        else:
            p2p["box"] = "invite" if p2p["role"] == "host" else "join"
            show_message(
                "The connection closed before the match began. "
                + ("Create a new invite." if p2p["role"] == "host" else "Ask for a new invite."),
                "error" if not was_open else "info",
            )
    update_p2p_view()


async def on_channel_text(entry, event):
    peer = entry["peer"]
    if "oversize" in event:
        show_refusal(f"a message of {event.get('oversize')} characters (at most {MAX_CHANNEL_TEXT})", peer=peer)
        return
    text = event.get("text")
    if not isinstance(text, str) or len(text) > MAX_CHANNEL_TEXT:
        show_refusal("a message that is not text of the allowed size", peer=peer)
        return
    try:
        envelope = json.loads(text)
    except Exception:
        show_refusal("not a JSON message (" + repr(short(text, 60)) + ")", peer=peer)
        return
    kind = envelope.get("k") if isinstance(envelope, dict) else None
    if kind == "peer":
        body = envelope.get("t")
        if not isinstance(body, str) or sorted(envelope) != ["k", "t"]:
            show_refusal("a game message must be {\"k\": \"peer\", \"t\": <text>} and nothing else", peer=peer)
        elif not p2p["started"]:
            if p2p["role"] == "guest" and len(p2p["early"]) < MAX_EARLY:
                p2p["early"].append([peer, body])  # the host or a guest started first: handled once the setup is in
            else:
                show_refusal("a game message came before the match was set up", peer=peer)
        else:
            await receive(peer, body)
    elif kind == "setup":
        await on_setup(envelope, peer)
    elif kind == "lobby":
        on_lobby(envelope, peer)
    elif kind == "signal":
        if len(text) > MAX_SIGNAL_TEXT:
            show_refusal(f"a connection message of {len(text)} characters (at most {MAX_SIGNAL_TEXT})", peer=peer)
        elif p2p["role"] == "host":
            on_signal_at_host(envelope, peer)
        else:
            on_signal_at_guest(envelope, peer)
    elif kind == "bye" and sorted(envelope) == ["k"]:
        await on_channel_closed(p2p["peer_link"][peer], entry, f"{who(peer)} left (closed or reloaded the page)")
    else:
        show_refusal("an unknown kind of message (" + repr(short(str(kind), 40)) + ")", peer=peer)


async def receive(peer, body):
    p2p["from"] = peer
    try:
        await p2p_req({"type": "p2p_receive", "from": peer, "text": body})
    finally:
        p2p["from"] = None


# --- the relay: the host passes connection codes between guests, so every pair gets its own link ---------
def valid_code(code):
    if not isinstance(code, str) or not 8 < len(code) <= 600 or not code.startswith("CB1."):
        return False
    return all(ch in MATCH_ID_CHARS for ch in code[4:])


def valid_index(value):
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value < MAX_PEERS


def code_kind(code):
    """'offer' or 'answer' from a code's second byte (0 or 1: the third base64 character is A-D or E-H)."""
    if not code.startswith("CB1.AQ") or len(code) < 7:
        return None
    return "offer" if code[6] in "ABCD" else ("answer" if code[6] in "EFGH" else None)


def on_signal_at_host(envelope, peer):
    keys = sorted(envelope)
    if envelope.get("from") != peer:
        show_refusal("a connection message that does not come from its sender", peer=peer)
        return
    if keys == ["again", "from", "k", "to"]:  # guest `peer` lost its link with guest `again`
        other = envelope.get("again")
        if envelope.get("to") != 0 or not valid_index(other) or other == peer:
            show_refusal("a request to relink that names no other guest", peer=peer)
            return
        if link_state(other) == "open":  # the guest that lost the link invites; the other side replaces its own
            relay_mesh(other, only=peer)
        return
    if keys != ["code", "from", "k", "to"]:
        show_refusal("a connection message must be {\"k\": \"signal\", \"to\", \"from\", \"code\"}", peer=peer)
        return
    to = envelope.get("to")
    if not valid_index(to) or to == peer:
        show_refusal("a connection code for no other guest", peer=peer)
        return
    if not valid_code(envelope.get("code")):
        show_refusal("a connection code that is not a Cargo Bay code", peer=peer)
        return
    if link_state(to) == "open":
        link_send(to, {"k": "signal", "to": to, "from": peer, "code": envelope["code"]})


def on_signal_at_guest(envelope, peer):
    if peer != 0:
        show_refusal("only the host relays connection codes", peer=peer)
        return
    keys = sorted(envelope)
    other = envelope.get("from")
    if keys not in (["from", "k", "to"], ["code", "from", "k", "to"]):
        show_refusal('a relayed connection message must be {"k": "signal", "to", "from"[, "code"]}', peer=peer)
        return
    if not isinstance(p2p["me"], int) or envelope.get("to") != p2p["me"]:
        show_refusal("a relayed connection message for another page", peer=peer)
        return
    if not valid_index(other) or other == p2p["me"] or (p2p["started"] and other >= peer_count()):
        show_refusal("a relayed connection message from no other guest", peer=peer)
        return
    code = envelope.get("code")
    if code is None:
        entry = link_entry(other)
        if entry and entry["state"] == "open":
            return  # (after the host reconnected, the guests may still be linked)
        if entry and entry["relay"] and entry["kind"] == "invite" and now_ms() - entry["t0"] < RELAY_PENDING_MS:
            return  # asked twice (both guests noticed the drop): the invite is on its way
        spawn(relay_invite(other))
        return
    if not valid_code(code):
        show_refusal("a relayed connection code that is not a Cargo Bay code", peer=peer)
        return
    entry = link_entry(other)
    if entry and entry["kind"] == "invite" and entry["relay"] and entry["state"] == "connecting":
        if code_kind(code) == "answer":
            spawn(relay_accept(p2p["peer_link"][other], code))
            return
        if p2p["me"] < other:
            return  # both invited each other at once: the lower index's invite wins on both sides
    # An invite from the other guest through the host: answer it, replacing a link with that guest that this
    # page may still believe open (the other side saw it drop first).
    spawn(relay_reply(other, code))


def new_link(kind, peer, relay=False):
    """A new link with `peer` (replacing one that is not open); None if the glue refused."""
    old = p2p["peer_link"].get(peer)
    if old is not None:
        drop_link(old)
    made = glue_json(glue.create(ice_text()))
    if not made.get("ok"):
        show_message("Check the STUN/TURN servers in the connection settings: " + str(made.get("error")))
        return None
    lid = made["link"]
    p2p["links"][lid] = {"peer": peer, "kind": kind, "state": "connecting", "relay": relay, "t0": now_ms(), "ms": None}
    p2p["peer_link"][peer] = lid
    return lid


async def relay_invite(other):
    lid = new_link("invite", other, relay=True)
    update_p2p_view()
    if lid is None:
        return
    made = glue_json(await glue.invite(lid))
    if p2p["peer_link"].get(other) != lid:
        return
    if not made.get("ok"):
        show_message(f"Could not make an invite for {peer_name(other)}: {made.get('error')}")
        return
    link_send(0, {"k": "signal", "to": other, "from": p2p_me(), "code": made["code"]})


async def relay_reply(other, code):
    lid = new_link("reply", other, relay=True)
    update_p2p_view()
    if lid is None:
        return
    made = glue_json(await glue.reply(lid, code))
    if p2p["peer_link"].get(other) != lid:
        return
    if not made.get("ok"):
        show_message(f"The relayed invite from {peer_name(other)} does not work: {made.get('error')}")
        return
    link_send(0, {"k": "signal", "to": other, "from": p2p_me(), "code": made["code"]})


async def relay_accept(lid, code):
    done = glue_json(await glue.accept(lid, code))
    if not done.get("ok"):
        show_message("A relayed reply does not work: " + str(done.get("error")))


# --- setup ---------------------------------------------------------------------------------------------
def setup_problem(setup):
    """Why a setup from the host cannot be played here, or None."""
    if not isinstance(setup, dict):
        return "the setup is not an object"
    extra = [key for key in setup if key not in SETUP_FIELDS]
    if extra:
        return f"the setup has unexpected fields {short(extra, 80)}"
    match_id = setup.get("match_id")
    if not isinstance(match_id, str) or not 8 <= len(match_id) <= 64 or any(
        ch not in MATCH_ID_CHARS for ch in match_id
    ):
        return "the match id is not 8-64 letters, digits, - or _"
    if setup.get("game") != "load":
        return "this page plays only TF22: LOAD! with a friend"
    peers = setup.get("peers")
    if (
        setup.get("seats") != ["human", "human"]
        or setup.get("owners") != [0, 1]
        or isinstance(peers, bool)
        or not isinstance(peers, int)
        or not 2 <= peers <= MAX_PEERS
    ):
        return f"a match with friends here is two players, one seat each, and up to {MAX_PEERS - 2} spectators"
    if setup.get("options", {}) != {}:
        return "this page plays LOAD! without options"
    deadline = setup.get("reveal_deadline", 60)
    if isinstance(deadline, bool) or not isinstance(deadline, (int, float)) or not 5 <= deadline <= 3600:
        return "the reveal deadline must be 5..3600 seconds"
    return None


def on_lobby(envelope, peer):
    if p2p["role"] == "host" or peer != 0:
        show_refusal("only the host sends the lobby", peer=peer)
        return
    you = envelope.get("you")
    if sorted(envelope) != ["k", "you"] or not valid_index(you):
        show_refusal("a lobby message must be {\"k\": \"lobby\", \"you\": <peer index>}", peer=peer)
        return
    if p2p["started"]:
        return
    if isinstance(p2p["me"], int) and p2p["me"] != you:
        show_refusal("the host gave this page another peer index", peer=peer)
        return
    p2p["me"] = you
    p2p["lobby"] = True
    update_p2p_view()


async def on_setup(envelope, peer):
    if sorted(envelope) not in (["k", "setup"], ["k", "setup", "you"]):
        show_refusal('a setup message must be {"k": "setup", "setup": {...}, "you": j} and nothing else', peer=peer)
        return
    if p2p["role"] == "host":
        show_refusal("only the host sends the setup, and this page is the host", peer=peer)
        return
    if peer != 0:
        show_refusal("only the host sends the setup", peer=peer)
        return
    setup = envelope.get("setup")
    problem = setup_problem(setup)
    you = envelope.get("you", 1)
    if problem is None and (not valid_index(you) or you >= setup["peers"]):
        problem = "this page's peer index is not in the match"
    if problem:
        show_refusal(f"the host's setup: {problem}", peer=peer)
        return
    if p2p["started"]:
        if (p2p["setup"] or {}).get("match_id") != setup["match_id"]:
            show_refusal(
                "the other player is in a different match; to join their new match, go to the Menu and choose "
                "Join a match",
                peer=peer,
            )
        return  # the same setup again (it is sent on every connection)
    if isinstance(p2p["me"], int) and p2p["me"] != you:
        show_refusal("the host's setup gives this page another peer index", peer=peer)
        return
    ok, result = await call({"type": "p2p_start", "setup": setup, "me": you, "now": now_s()})
    if not ok:
        show_refusal(f"the host's setup: {error_text(result)}", peer=peer)
        return
    p2p["setup"] = setup
    p2p["me"] = you
    p2p["started"] = True
    clear_message()
    p2p_apply(result)
    for other in other_peers():
        if link_state(other) != "open":
            await p2p_req({"type": "p2p_connected", "peer": other, "connected": False})
    for other in list(p2p["peer_link"]):
        if other >= peer_count():
            drop_link(p2p["peer_link"][other])
    early, p2p["early"] = p2p["early"], []
    for sender, body in early:
        if sender < peer_count():
            await receive(sender, body)
    update_p2p_view()


# --- connecting (UI actions; the link's events come back through the queue) ----------------------------
def ice_text():
    return str(by_id("p2p-ice").value or "")


def page_url():
    loc = window.location
    return str(loc.origin) + str(loc.pathname) + str(loc.search or "")


def new_manual_link(kind, peer):
    old = p2p["manual"]
    if old is not None and old in p2p["links"] and p2p["links"][old]["state"] != "open":
        drop_link(old)
    p2p["manual"] = None
    if link_state(peer) == "open":
        show_message(f"{peer_name(peer)} is connected already.", "info")
        return None
    lid = new_link(kind, peer)
    p2p["manual"] = lid
    p2p["target"] = peer
    return lid


def fill_code(prefix, code, qr_text, what):
    by_id(f"p2p-{prefix}-text").value = code
    by_id(f"p2p-{prefix}-len").textContent = f"({len(code)} characters)"
    by_id(f"p2p-{prefix}-qr").innerHTML = glue.qrSvg(qr_text, what) if code else ""


def next_guest_slot():
    taken = [peer for peer in p2p["peer_link"] if link_state(peer) in ("open", "connecting")]
    for peer in range(1, MAX_PEERS):
        if peer not in taken:
            return peer
    return None


async def make_invite(peer=None):
    if peer is None:
        if p2p["started"]:
            peer = chosen_peer()
        else:
            peer = next_guest_slot()
            if peer is None:
                show_message(f"At most {MAX_PEERS} pages in one match.", "info")
                return
    p2p["box"] = "invite"
    fill_code("invite", "", "", "")
    by_id("p2p-invite-link").value = ""
    by_id("p2p-reply-paste").value = ""
    link = new_manual_link("invite", peer)
    update_p2p_view()
    if link is None:
        return
    by_id("p2p-invite-len").textContent = "(preparing…)"
    made = glue_json(await glue.invite(link))
    if link != p2p["manual"]:
        return  # replaced meanwhile
    if not made.get("ok"):
        show_message("Could not make an invite: " + str(made.get("error")))
        by_id("p2p-invite-len").textContent = ""
        return
    code = made["code"]
    url = page_url() + "#join=" + code
    by_id("p2p-invite-link").value = url
    fill_code("invite", code, url, "Invite link as a QR code")
    by_id("p2p-invite-len").textContent = f"({len(code)} characters; the link: {len(url)})"
    by_id("p2p-screen").setAttribute("data-invite-ms", str(made.get("ms")))
    update_p2p_view()


async def make_reply(code):
    p2p["box"] = "join"
    peer = chosen_peer() if p2p["started"] else 0
    link = new_manual_link("reply", peer)
    update_p2p_view()
    if link is None:
        return
    by_id("p2p-make-reply").disabled = True
    try:
        made = glue_json(await glue.reply(link, code))
    finally:
        by_id("p2p-make-reply").disabled = False
    if link != p2p["manual"]:
        return
    if not made.get("ok"):
        drop_link(link)
        show_message("That invite does not work: " + str(made.get("error")))
        update_p2p_view()
        return
    clear_message()
    p2p["reply_code"] = made["code"]
    fill_code("reply", made["code"], made["code"], "Reply code as a QR code")
    by_id("p2p-screen").setAttribute("data-reply-ms", str(made.get("ms")))
    update_p2p_view()


async def accept_reply():
    code = str(by_id("p2p-reply-paste").value or "").strip()
    if not code:
        show_message("Paste the reply code from your friend first.")
        return
    lid = p2p["manual"]
    if lid is None or lid not in p2p["links"] or p2p["links"][lid]["kind"] != "invite":
        show_message("Create an invite first.")
        return
    done = glue_json(await glue.accept(lid, code))
    if not done.get("ok"):
        show_message("That reply code does not work: " + str(done.get("error")))
        return
    show_message("Connecting…", "info")


def p2p_reset(role):
    close_links()
    p2p.update(
        {
            "role": role,
            "me": 0 if role == "host" else None,
            "lobby": False,
            "setup": None,
            "started": False,
            "box": None,
            "target": None,
            "early": [],
            "snap": None,
            "svg": None,
            "chat": [],
        }
    )
    p2p_drop_save()
    board = by_id("p2p-board")
    board.innerHTML = ""
    for name in ("data-step", "data-hash", "data-scores", "data-to-decide", "data-viewer"):
        board.removeAttribute(name)
    board.setAttribute("data-match", "none")
    by_id("p2p-chat-log").innerHTML = ""
    by_id("p2p-refused").hidden = True
    by_id("p2p-refused").removeAttribute("data-count")
    by_id("p2p-outcome").hidden = True
    for name in ("p2p-invite-paste", "p2p-reply-paste", "p2p-invite-text", "p2p-reply-text", "p2p-invite-link"):
        by_id(name).value = ""
    for name in ("p2p-invite-qr", "p2p-reply-qr"):
        by_id(name).innerHTML = ""


def may_leave_match():
    if not p2p_unfinished():
        return True
    return bool(glue.ask("Leave your unfinished match with your friend? It cannot be resumed afterwards."))


def read_deadline():
    try:
        value = int(str(by_id("p2p-deadline").value).strip())
    except ValueError:
        value = 60
    return max(5, min(3600, value))


def on_p2p_host(event):
    if not may_leave_match():
        return
    p2p_reset("host")
    p2p["setup"] = {
        "match_id": str(glue.randomId()),
        "game": "load",
        "seats": ["human", "human"],
        "owners": [0, 1],
        "peers": 2,
        "reveal_deadline": read_deadline(),
    }
    clear_message()
    begin_invite()
    show_screen("p2p")
    spawn(make_invite())


def on_invite_more(event):
    if p2p["role"] != "host" or p2p["started"]:
        return
    p2p["lobby"] = True
    lid = p2p["manual"]
    if p2p["box"] == "invite" or (lid is not None and lid in p2p["links"] and p2p["links"][lid]["state"] != "open"):
        show_message(
            f"The match now waits for Start match. First finish the invite for {peer_name(p2p['target'])} "
            "(paste their reply), then invite the next one.",
            "info",
        )
        update_p2p_view()
        return
    clear_message()
    begin_invite()
    spawn(make_invite())


def begin_invite():
    """At once, before the invite is made (asynchronously): no stale code may be copied meanwhile."""
    p2p["box"] = "invite"
    fill_code("invite", "", "", "")
    by_id("p2p-invite-link").value = ""
    by_id("p2p-reply-paste").value = ""


def on_start_match(event):
    enqueue(job_start_match)


async def job_start_match():
    if p2p["role"] != "host" or p2p["started"]:
        return
    guests = open_peers()
    if not guests or not all(link_state(peer) == "open" for peer in range(1, max(guests) + 1)):
        show_message("Wait until every guest you invited is connected (or start with those connected).", "info")
        return
    peers = max(guests) + 1
    for peer in list(p2p["peer_link"]):
        if peer >= peers or link_state(peer) != "open":
            drop_link(p2p["peer_link"][peer])
    p2p["box"] = None
    p2p["setup"]["peers"] = peers
    snap = await p2p_req({"type": "p2p_start", "setup": p2p["setup"], "me": 0}, "Could not start the match")
    if snap is not None:
        p2p["started"] = True  # before the setup goes out: see on_channel_open
        for peer in guests:
            link_send(peer, {"k": "setup", "setup": p2p["setup"], "you": peer})
        clear_message()
        update_p2p_view()


def on_p2p_join(event):
    if not may_leave_match():
        return
    p2p_reset("guest")
    p2p["box"] = "join"
    clear_message()
    show_screen("p2p")
    update_p2p_view()
    by_id("p2p-invite-paste").focus()


def on_make_reply(event):
    code = str(by_id("p2p-invite-paste").value or "").strip()
    if not code:
        show_message("Paste the invite code or link first.")
        return
    p2p["reply_code"] = None
    fill_code("reply", "", "", "")  # at once: no stale reply may be copied while the new one is made
    spawn(make_reply(code))


def on_connect(event):
    spawn(accept_reply())


def on_new_invite(event):
    target = p2p["target"]
    begin_invite()
    spawn(make_invite(target if isinstance(target, int) and link_state(target) != "open" else None))


def on_reinvite(event):
    begin_invite()
    spawn(make_invite(chosen_peer()))


def on_rejoin(event):
    old = p2p["manual"]
    if old is not None and old in p2p["links"] and p2p["links"][old]["state"] != "open":
        drop_link(old)
    p2p["manual"] = None
    p2p["reply_code"] = None
    p2p["box"] = "join"
    by_id("p2p-invite-paste").value = ""
    fill_code("reply", "", "", "")
    update_p2p_view()
    by_id("p2p-invite-paste").focus()


def on_copy(target):
    def handler(event):
        spawn(copy_job(target))

    return handler


async def copy_job(target):
    done = glue_json(await glue.copy(target))
    show_message("Copied." if done.get("ok") else "Could not copy: select the text and copy it by hand.", "info")


def on_scan(target):
    def handler(event):
        spawn(scan_job(target))

    return handler


async def scan_job(target):
    found = glue_json(await glue.scan("p2p-video"))
    if not found.get("ok"):
        show_message(str(found.get("error")), "info")
        return
    by_id(target).value = str(found.get("text"))
    if target == "p2p-invite-paste":
        spawn(make_reply(str(found.get("text"))))


def on_p2p_board_click(event):
    target = event.target
    el = target.closest("[data-action]") if target else None
    if not el:
        return
    event.preventDefault()
    snap = p2p["snap"]
    if p2p["choosing"] or not snap or not snap.get("to_decide"):
        return
    seat = el.getAttribute("data-seat")
    try:
        seat = int(str(seat))
    except ValueError:
        seat = snap.get("viewer")
    p2p["choosing"] = True
    enqueue(job_choose, seat, str(el.getAttribute("data-action")))


def on_p2p_board_key(event):
    if str(event.key) in ("Enter", " "):
        on_p2p_board_click(event)


def on_chat(event):
    event.preventDefault()
    field = by_id("p2p-chat-input")
    text = str(field.value or "").strip()
    if not text:
        return
    if not p2p["started"]:
        show_message("The chat opens once the match has started.", "info")
        return
    field.value = ""
    enqueue(job_chat, text)


def on_p2p_menu(event):
    on_menu(event)


def on_p2p_continue(event):
    show_screen("p2p")
    update_p2p_view()


def on_pagehide(event):
    send_all({"k": "bye"})


async def ticker():
    while True:
        await asyncio.sleep_ms(1000)
        if p2p["started"] and not p2p_over() and not p2p["queue"] and not p2p["running"]:
            enqueue(job_tick)


# --- settings ------------------------------------------------------------------------------------------
def load_p2p_settings():
    try:
        raw = window.localStorage.getItem(P2P_SETTINGS_KEY)
        data = json.loads(str(raw)) if raw else {}
    except Exception:
        data = {}
    if not isinstance(data, dict):
        data = {}
    ice = data.get("ice")
    by_id("p2p-ice").value = ice if isinstance(ice, str) else ""
    deadline = data.get("deadline")
    by_id("p2p-deadline").value = str(deadline if isinstance(deadline, int) and 5 <= deadline <= 3600 else 60)
    check_ice()


def check_ice():
    text = ice_text()
    checked = glue_json(glue.checkIce(text))
    status = by_id("p2p-ice-status")
    if not checked.get("ok"):
        status.textContent = str(checked.get("error"))
        status.setAttribute("data-kind", "error")
        return False
    count = checked.get("servers") or 0
    status.removeAttribute("data-kind")
    status.textContent = (
        f"{count} server(s): browsers on different networks can connect through them."
        if count
        else "No servers: only browsers on the same network can connect."
    )
    return True


def on_settings_change(event):
    check_ice()
    try:
        data = {"ice": ice_text(), "deadline": read_deadline()}
        window.localStorage.setItem(P2P_SETTINGS_KEY, json.dumps(data))
    except Exception as exc:
        print("cargobay: could not save the settings:", exc)


# --- start-up --------------------------------------------------------------------------------------------
def read_p2p_save():
    """The saved unfinished peer match (dict), or None; a corrupt save is dropped with a message."""
    raw = window.localStorage.getItem(P2P_SAVE_KEY)
    if raw is None or raw == "" or str(raw) in ("null", "undefined"):
        return None
    try:
        data = json.loads(str(raw))
        if not isinstance(data, dict) or not isinstance(data.get("save"), dict):
            raise ValueError("not a saved match")
    except Exception as exc:
        p2p_drop_save()
        show_message(f"The saved match with your friend is corrupt and was discarded ({short(exc, 120)}).")
        return None
    return None if data.get("over") else data


def take_join_fragment():
    frag = str(window.location.hash or "")
    if not frag.startswith("#join="):
        return None
    code = frag[len("#join="):]
    try:  # noqa: SIM105 - MicroPython has no contextlib; the code must not stay in the address bar
        window.history.replaceState(None, "", page_url())
    except Exception:
        pass
    return code or None


async def job_join_link(code):
    """Opening an invite link: a reconnection if a match is paused here, else joining a new match."""
    if not p2p["started"]:
        p2p_reset("guest")
    by_id("p2p-invite-paste").value = code
    show_screen("p2p")
    spawn(make_reply(code))


def on_hashchange(event):
    code = take_join_fragment()
    if code:
        if p2p["started"] and p2p_phase() == "connected":
            show_message("You are already connected; finish or leave this match first.", "info")
            return
        enqueue(job_join_link, code)


async def start_p2p(saved):
    global glue
    for _ in range(500):
        glue = window.cargobayP2P
        if glue:
            break
        await asyncio.sleep_ms(20)
    if not glue:
        by_id("p2p-host").disabled = True
        by_id("p2p-join").disabled = True
        return
    glue.onEvent(create_proxy(on_glue_event))
    by_id("p2p-host").addEventListener("click", create_proxy(on_p2p_host))
    by_id("p2p-join").addEventListener("click", create_proxy(on_p2p_join))
    by_id("p2p-continue").addEventListener("click", create_proxy(on_p2p_continue))
    by_id("p2p-to-menu").addEventListener("click", create_proxy(on_p2p_menu))
    by_id("p2p-make-reply").addEventListener("click", create_proxy(on_make_reply))
    by_id("p2p-connect-button").addEventListener("click", create_proxy(on_connect))
    by_id("p2p-new-invite").addEventListener("click", create_proxy(on_new_invite))
    by_id("p2p-reinvite").addEventListener("click", create_proxy(on_reinvite))
    by_id("p2p-rejoin").addEventListener("click", create_proxy(on_rejoin))
    by_id("p2p-invite-more").addEventListener("click", create_proxy(on_invite_more))
    by_id("p2p-start-match").addEventListener("click", create_proxy(on_start_match))
    by_id("p2p-copy-invite").addEventListener("click", create_proxy(on_copy("p2p-invite-text")))
    by_id("p2p-copy-link").addEventListener("click", create_proxy(on_copy("p2p-invite-link")))
    by_id("p2p-copy-reply").addEventListener("click", create_proxy(on_copy("p2p-reply-text")))
    if glue.canScan:
        for button, target in (("p2p-scan-invite", "p2p-invite-paste"), ("p2p-scan-reply", "p2p-reply-paste")):
            by_id(button).hidden = False
            by_id(button).addEventListener("click", create_proxy(on_scan(target)))
    board = by_id("p2p-board")
    board.addEventListener("click", create_proxy(on_p2p_board_click))
    board.addEventListener("keydown", create_proxy(on_p2p_board_key))
    by_id("p2p-chat-form").addEventListener("submit", create_proxy(on_chat))
    by_id("p2p-reconnect-peer").addEventListener("change", create_proxy(lambda event: update_p2p_view()))
    for name in ("p2p-ice", "p2p-deadline"):
        by_id(name).addEventListener("change", create_proxy(on_settings_change))
    glue.listenWindow("pagehide", create_proxy(on_pagehide))
    glue.listenWindow("hashchange", create_proxy(on_hashchange))
    load_p2p_settings()
    update_p2p_view()
    if saved is not None:
        enqueue(job_restore, saved)
    code = take_join_fragment()
    if code:
        if saved is None:
            await job_join_link(code)
        else:
            enqueue(job_join_link, code)
    spawn(ticker())


# ---------------------------------------------------------------------------------------- boot
def on_engine_status(ev):
    update_start_button()


async def main():
    global engine
    for _ in range(500):  # engine-client.js is an async module; it is normally there long before us
        engine = window.cargobayEngine
        if engine:
            break
        await asyncio.sleep_ms(20)
    if not engine:
        show_message("The engine client script did not load; reload the page.")
        return
    board = by_id("board")
    board.addEventListener("click", create_proxy(on_board_click))
    board.addEventListener("keydown", create_proxy(on_board_key))
    by_id("setup-form").addEventListener("submit", create_proxy(on_start))
    by_id("to-menu").addEventListener("click", create_proxy(on_menu))
    by_id("new-game").addEventListener("click", create_proxy(on_new_game))
    by_id("continue").addEventListener("click", create_proxy(on_continue))
    engine.onStatus(create_proxy(on_engine_status))
    p2p_saved = read_p2p_save()
    await start_p2p(p2p_saved)
    root.setAttribute("data-ui", "ready")
    window.performance.mark("cargobay-ui-ready")
    update_start_button()
    ready = await engine.ready
    update_start_button()
    if ready and p2p_saved is None and not p2p["role"]:
        await try_resume()
    else:
        reason = js_get(engine.status, "message") or "unknown error"
        show_message(f"The game engine failed to start: {reason}")


spawn(main())
