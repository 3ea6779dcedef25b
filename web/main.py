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
# Two browsers, no server. web/p2p-glue.js moves texts over a WebRTC data channel; the engine worker's
# p2p_* requests (cargobay.net) decide what the game messages mean. Every channel text is wrapped in a
# small envelope (JSON object, at most MAX_CHANNEL_TEXT characters):
#   {"k": "setup", "setup": {...}}   the host's match setup (sent on every channel open)
#   {"k": "peer", "t": "<text>"}     one cargobay.net message, handed to p2p_receive as it is
#   {"k": "bye"}                     the sender is leaving (page closed or reloaded)
# Anything else is refused with a visible reason and changes nothing.
P2P_SAVE_KEY = "cargobay.p2p.v1"
P2P_SETTINGS_KEY = "cargobay.p2p.settings.v1"
MAX_CHANNEL_TEXT = 32768
MATCH_ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
SETUP_FIELDS = ("match_id", "game", "seats", "owners", "peers", "options", "reveal_deadline")
glue = None  # window.cargobayP2P, set in main()

p2p = {
    "role": None,  # "host" (peer 0, made the match) or "guest" (peer 1)
    "setup": None,  # the agreed setup
    "started": False,  # the worker holds this match's peer
    "link": None,  # id of the current WebRTC link in the glue
    "link_kind": None,  # "invite" or "reply": this page's side of the current link
    "link_state": "none",  # none | connecting | open | closed
    "box": None,  # which connection box is shown: "invite", "join" or None
    "reply_code": None,  # the reply made for the current link
    "snap": None,
    "svg": None,
    "queue": [],  # jobs (worker requests and channel events), run strictly one at a time, in order
    "running": False,
    "choosing": False,
    "chat": [],  # [[peer, text], ...] the last lines, saved with the match
}


def now_s():
    return window.Date.now() / 1000


def p2p_me():
    return 1 if p2p["role"] == "guest" else 0


def p2p_other():
    return 1 - p2p_me()


def p2p_over():
    snap = p2p["snap"]
    return bool(snap and snap.get("over"))


def p2p_unfinished():
    return p2p["started"] and not p2p_over()


def p2p_phase():
    if p2p_over():
        return "over"
    if p2p["link_state"] == "open":
        return "connected"
    if p2p["started"]:
        return "paused"
    if p2p["role"] == "host":
        return "hosting"
    if p2p["role"] == "guest":
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
    show_panel = phase in ("hosting", "joining", "paused")
    by_id("p2p-connect").hidden = not show_panel
    by_id("p2p-host-box").hidden = not (show_panel and box == "invite")
    by_id("p2p-join-box").hidden = not (show_panel and box == "join")
    by_id("p2p-reply-out").hidden = not p2p["reply_code"]
    by_id("p2p-reconnect-box").hidden = phase != "paused"
    if phase == "paused":
        title = "Paused: reconnect"
    elif box == "join":
        title = "Join a friend's match"
    else:
        title = "Invite a friend"
    set_text("p2p-connect-title", title)
    render_peers(phase)
    render_p2p_info()


def render_peers(phase):
    me = p2p_me()
    items = by_id("p2p-peers")
    items.innerHTML = ""
    for peer in (0, 1):
        name = f"Player {peer + 1} ({'host' if peer == 0 else 'guest'})"
        if peer == me:
            label, status = f"You — {name}", "this page"
            kind = "self"
        else:
            label = name
            link = p2p["link_state"]
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
        who = document.createElement("span")
        who.textContent = label
        state_el = document.createElement("span")
        state_el.className = "peer-state"
        state_el.textContent = status
        li.appendChild(who)
        li.appendChild(state_el)
        items.appendChild(li)


def render_p2p_info():
    snap = p2p["snap"]
    phase = p2p_phase()
    info = by_id("p2p-info")
    if snap is None:
        if phase == "hosting":
            text = "Waiting for your friend to answer the invite"
        elif phase == "joining":
            text = "Connected: waiting for the host's setup" if p2p["link_state"] == "open" else "Joining"
        elif phase == "connected":
            text = "Connected: setting up the match"
        else:
            text = ""
        info.textContent = text
        return
    if snap.get("over"):
        info.textContent = "Game over"
        return
    other_word = "the other player's"
    waiting = snap.get("waiting") or {}
    keys = waiting.get("keys") or []
    stage = waiting.get("phase")
    if snap.get("to_decide"):
        text = "Your move"
    elif p2p_other() in keys and stage == "move":
        text = f"Waiting for {other_word} move"
    elif p2p_other() in keys and stage == "commit":
        text = f"Waiting for {other_word} commitment"
    elif p2p_other() in keys and stage == "reveal":
        text = f"Waiting for {other_word} reveal"
    else:
        text = "Working…"
    if phase == "paused":
        text += " — paused: disconnected"
    info.textContent = text


def show_refusal(reason, cheating=False):
    box = by_id("p2p-refused")
    if cheating:
        text = f"CHEATING DETECTED — a message from the other player was refused: {short(reason)}"
    else:
        text = f"Refused a message from the other player: {short(reason)}. Nothing changed."
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
        else:
            text = f"The other player forfeits the match: {reason}"
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
    who = document.createElement("b")
    who.textContent = ("You" if peer == p2p_me() else f"Player {int(peer) + 1}") + ": "
    line.appendChild(who)
    line.appendChild(document.createTextNode(str(text)))
    if note:
        small = document.createElement("small")
        small.textContent = " " + note
        line.appendChild(small)
    log.appendChild(line)
    log.scrollTop = log.scrollHeight


def p2p_apply(snap):
    """Show one snapshot, send what it says to send, save it."""
    p2p["snap"] = snap
    for text in snap.get("send") or []:
        link_send({"k": "peer", "t": text})
    refused = snap.get("refused")
    if refused:
        show_refusal(refused.get("message") or refused.get("type"), bool(refused.get("cheating")))
    for event in snap.get("events") or []:
        kind = event.get("event") if isinstance(event, dict) else None
        if kind == "chat":
            add_chat(event.get("from"), event.get("text"))
        elif kind == "refused":
            show_refusal(event.get("reason"))
    board = by_id("p2p-board")
    svg = snap.get("svg") or ""
    if svg != p2p["svg"]:
        p2p["svg"] = svg
        board.innerHTML = svg
    board.setAttribute("data-step", str(snap.get("step", "")))
    board.setAttribute("data-hash", str(snap.get("hash", "")))
    board.setAttribute("data-match", "over" if snap.get("over") else "playing")
    board.setAttribute("data-to-decide", "yes" if snap.get("to_decide") else "no")
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
        add_chat(p2p_me(), text, "" if p2p["link_state"] == "open" else "(not delivered: disconnected)")


async def job_restore(data):
    ok, result = await call({"type": "p2p_restore", "save": data["save"], "now": now_s()})
    if not ok:
        p2p_drop_save()
        show_message(
            "The saved match with your friend could not be restored and was discarded. " + error_text(result)
        )
        return
    p2p["role"] = "guest" if result.get("me") == 1 else "host"
    p2p["setup"] = (data["save"] or {}).get("setup")
    p2p["started"] = True
    p2p["link_state"] = "none"
    p2p["box"] = None
    by_id("p2p-chat-log").innerHTML = ""
    chat = data.get("chat")
    if isinstance(chat, list):
        for line in chat[-50:]:
            if isinstance(line, list) and len(line) == 2 and line[0] in (0, 1) and isinstance(line[1], str):
                p2p["chat"].append(line)
                draw_chat_line(line[0], line[1])
    p2p_apply(result)
    if result.get("over"):
        return
    await p2p_req({"type": "p2p_connected", "peer": p2p_other(), "connected": False})
    show_screen("p2p")
    show_message("Your match with your friend is paused: reconnect to go on (nothing was lost).", "info")


# --- the channel ---------------------------------------------------------------------------------------
def link_send(envelope):
    if p2p["link"] is None or p2p["link_state"] != "open":
        return False
    return bool(glue.send(p2p["link"], json.dumps(envelope)))


def close_link():
    if p2p["link"] is not None:
        glue.close(p2p["link"])
    p2p["link"] = None
    p2p["link_kind"] = None
    p2p["link_state"] = "none"
    p2p["reply_code"] = None


def on_glue_event(text):
    event = glue_json(text)
    if event.get("link") is None or event.get("link") != p2p["link"]:
        return  # an event of a link that was replaced
    enqueue(job_link_event, event)


async def job_link_event(event):
    if event.get("link") != p2p["link"]:
        return
    if event.get("type") == "message":
        await on_channel_text(event)
        return
    new_state = event.get("state")
    if new_state == "connecting":
        p2p["link_state"] = "connecting"
        update_p2p_view()
    elif new_state == "open":
        await on_channel_open(event.get("ms"))
    elif new_state == "closed":
        await on_channel_closed("the connection dropped")


async def on_channel_open(ms):
    p2p["link_state"] = "open"
    p2p["box"] = None
    p2p["reply_code"] = None
    by_id("p2p-screen").setAttribute("data-connect-ms", "" if ms is None else str(ms))
    clear_message()
    if ms is not None and p2p["link_kind"] == "invite":
        show_message(f"Connected ({ms / 1000:.1f} s after the reply was pasted).", "info")
    update_p2p_view()
    if p2p["role"] == "host":
        link_send({"k": "setup", "setup": p2p["setup"]})
    if p2p["started"]:
        await p2p_req({"type": "p2p_connected", "peer": p2p_other(), "connected": True})
        await p2p_req({"type": "p2p_hello"})
    elif p2p["role"] == "host":
        snap = await p2p_req({"type": "p2p_start", "setup": p2p["setup"], "me": 0}, "Could not start the match")
        if snap is not None:
            p2p["started"] = True
            update_p2p_view()


async def on_channel_closed(why):
    if p2p["link_state"] == "closed":
        return
    was_open = p2p["link_state"] == "open"
    if p2p["link"] is not None:
        glue.close(p2p["link"])
    p2p["link_state"] = "closed"
    p2p["reply_code"] = None
    if p2p["started"] and not p2p_over():
        p2p["box"] = None
        await p2p_req({"type": "p2p_connected", "peer": p2p_other(), "connected": False})
        show_message(f"Paused: {why}. Nothing is lost; reconnect below to go on.", "info")
    elif not p2p["started"]:
        p2p["box"] = "invite" if p2p["role"] == "host" else "join"
        show_message(
            "The connection closed before the match began. "
            + ("Create a new invite." if p2p["role"] == "host" else "Ask for a new invite."),
            "error" if not was_open else "info",
        )
    update_p2p_view()


async def on_channel_text(event):
    if "oversize" in event:
        show_refusal(f"a message of {event.get('oversize')} characters (at most {MAX_CHANNEL_TEXT})")
        return
    text = event.get("text")
    if not isinstance(text, str) or len(text) > MAX_CHANNEL_TEXT:
        show_refusal("a message that is not text of the allowed size")
        return
    try:
        envelope = json.loads(text)
    except Exception:
        show_refusal("not a JSON message (" + repr(short(text, 60)) + ")")
        return
    kind = envelope.get("k") if isinstance(envelope, dict) else None
    if kind == "peer":
        body = envelope.get("t")
        if not isinstance(body, str) or sorted(envelope) != ["k", "t"]:
            show_refusal("a game message must be {\"k\": \"peer\", \"t\": <text>} and nothing else")
        elif not p2p["started"]:
            show_refusal("a game message came before the match was set up")
        else:
            await p2p_req({"type": "p2p_receive", "from": p2p_other(), "text": body})
    elif kind == "setup":
        await on_setup(envelope)
    elif kind == "bye" and sorted(envelope) == ["k"]:
        await on_channel_closed("the other player left (closed or reloaded the page)")
    else:
        show_refusal("an unknown kind of message (" + repr(short(str(kind), 40)) + ")")


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
    if setup.get("seats") != ["human", "human"] or setup.get("owners") != [0, 1] or setup.get("peers") != 2:
        return "a match with a friend here is two people, one seat each"
    if setup.get("options", {}) != {}:
        return "this page plays LOAD! without options"
    deadline = setup.get("reveal_deadline", 60)
    if isinstance(deadline, bool) or not isinstance(deadline, (int, float)) or not 5 <= deadline <= 3600:
        return "the reveal deadline must be 5..3600 seconds"
    return None


async def on_setup(envelope):
    if sorted(envelope) != ["k", "setup"]:
        show_refusal("a setup message must be {\"k\": \"setup\", \"setup\": {...}} and nothing else")
        return
    if p2p["role"] == "host":
        show_refusal("only the host sends the setup, and this page is the host")
        return
    setup = envelope.get("setup")
    problem = setup_problem(setup)
    if problem:
        show_refusal(f"the host's setup: {problem}")
        return
    if p2p["started"]:
        if (p2p["setup"] or {}).get("match_id") != setup["match_id"]:
            show_refusal(
                "the other player is in a different match; to join their new match, go to the Menu and choose "
                "Join a match"
            )
        return  # the same setup again (it is sent on every connection)
    ok, result = await call({"type": "p2p_start", "setup": setup, "me": 1, "now": now_s()})
    if not ok:
        show_refusal(f"the host's setup: {error_text(result)}")
        return
    p2p["setup"] = setup
    p2p["started"] = True
    clear_message()
    p2p_apply(result)


# --- connecting (UI actions; the link's events come back through the queue) ----------------------------
def ice_text():
    return str(by_id("p2p-ice").value or "")


def page_url():
    loc = window.location
    return str(loc.origin) + str(loc.pathname) + str(loc.search or "")


def new_link(kind):
    close_link()
    made = glue_json(glue.create(ice_text()))
    if not made.get("ok"):
        show_message("Check the STUN/TURN servers in the connection settings: " + str(made.get("error")))
        return None
    p2p["link"] = made["link"]
    p2p["link_kind"] = kind
    p2p["link_state"] = "connecting"
    return made["link"]


def fill_code(prefix, code, qr_text, what):
    by_id(f"p2p-{prefix}-text").value = code
    by_id(f"p2p-{prefix}-len").textContent = f"({len(code)} characters)"
    by_id(f"p2p-{prefix}-qr").innerHTML = glue.qrSvg(qr_text, what) if code else ""


async def make_invite():
    p2p["box"] = "invite"
    link = new_link("invite")
    fill_code("invite", "", "", "")
    by_id("p2p-invite-link").value = ""
    by_id("p2p-reply-paste").value = ""
    update_p2p_view()
    if link is None:
        return
    by_id("p2p-invite-len").textContent = "(preparing…)"
    made = glue_json(await glue.invite(link))
    if link != p2p["link"]:
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
    link = new_link("reply")
    update_p2p_view()
    if link is None:
        return
    by_id("p2p-make-reply").disabled = True
    try:
        made = glue_json(await glue.reply(link, code))
    finally:
        by_id("p2p-make-reply").disabled = False
    if link != p2p["link"]:
        return
    if not made.get("ok"):
        p2p["link_state"] = "none"
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
    if p2p["link"] is None or p2p["link_kind"] != "invite":
        show_message("Create an invite first.")
        return
    done = glue_json(await glue.accept(p2p["link"], code))
    if not done.get("ok"):
        show_message("That reply code does not work: " + str(done.get("error")))
        return
    show_message("Connecting…", "info")


def p2p_reset(role):
    close_link()
    p2p.update(
        {"role": role, "setup": None, "started": False, "box": None, "snap": None, "svg": None, "chat": []}
    )
    p2p_drop_save()
    board = by_id("p2p-board")
    board.innerHTML = ""
    for name in ("data-step", "data-hash", "data-scores", "data-to-decide"):
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
    show_screen("p2p")
    spawn(make_invite())


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
    spawn(make_reply(code))


def on_connect(event):
    spawn(accept_reply())


def on_new_invite(event):
    spawn(make_invite())


def on_reinvite(event):
    spawn(make_invite())


def on_rejoin(event):
    close_link()
    p2p["box"] = "join"
    by_id("p2p-invite-paste").value = ""
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
    link_send({"k": "bye"})


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
        if p2p["started"] and p2p["link_state"] == "open":
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
