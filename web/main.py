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
    root.setAttribute("data-ui", "ready")
    window.performance.mark("cargobay-ui-ready")
    update_start_button()
    ready = await engine.ready
    update_start_button()
    if ready:
        await try_resume()
    else:
        reason = js_get(engine.status, "message") or "unknown error"
        show_message(f"The game engine failed to start: {reason}")


spawn(main())
