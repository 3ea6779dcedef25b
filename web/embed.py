# The embedded game (embed.html; put into any page by embed.js or an <iframe>: docs/embedding.md). One local match
# (bots or hot-seat) of the game and seats its URL names, on the one board, and the versioned event API of
# ui/embedapi.py: events to the host page (ready, match_started, move, ended, error), commands from it (new_match,
# set_seats, theme). The engine is a SharedWorker: several embeds on one page boot it once. Nothing is saved.
import json

from pyscript import window
from ui import embedapi, text
from ui.board import Board
from ui.dom import by_id, js_get, on, proxy, root, show_message, spawn
from ui.engine import WIDE_PX, engine
from ui.local import LocalMatch
from ui.menu import stamped_catalogue
from ui.menuhtml import normalize
from ui.saves import saves

saves.enabled = False  # an embedded match lives as long as its page
channel = window.cargobayEmbed  # embed.html: the checked command channel and the event sender
params = text.query(window.location.search)
events = embedapi.Events(params.get("embed") or "embed")
board = Board()
local = LocalMatch(board, lambda: None)
state = {"setup": None, "games": [], "starting": False, "ready": False}


def emit(messages):
    for message in messages:
        channel.emit(json.dumps(message))
        root.setAttribute("data-events", str(message["seq"]))


def refused(kind, problem):
    emit([events.event("error", {"command": kind, "reason": problem})])


def on_snap(snap):
    if state["starting"]:
        state["starting"] = False
        emit(events.started(snap, state["setup"]))
    else:
        emit(events.after(snap))


local.watch = on_snap


async def start(setup):
    state["setup"] = setup
    state["starting"] = True
    local.leave()
    if not await local.new(setup):
        state["starting"] = False
        refused("new_match", str(by_id("messages").textContent or "the engine refused the match"))


def on_command(text):
    kind, value, problem = embedapi.command(str(text), state["games"], state["setup"])
    if problem:
        refused(kind, problem)
    elif kind == "theme":
        root.setAttribute("data-theme", value)
    elif not state["ready"]:
        refused(kind, "the engine is still starting: send it after the ready event")
    else:
        spawn(start(value))


def on_new_game(event):
    if state["setup"] is not None:
        spawn(start(dict(state["setup"], seed=None)))


LANDSCAPE_PX = 640


def wide_box(width, height):
    """An embed lays out by its frame (its container's box): landscape boards in a wide page, or in a frame at
    least LANDSCAPE_PX wide and clearly wider than tall (e.g. 900x640: the board then fits the frame's height,
    embed.css, so the hand and the opponent are both in view)."""
    return width >= WIDE_PX or (width >= LANDSCAPE_PX and width >= 1.2 * height)


async def relayout(event=None):
    wide = wide_box(int(window.innerWidth), int(window.innerHeight))
    if engine.hello is None or wide == engine.wide:
        return
    engine.wide = wide
    ok, result = await engine.call({"type": "layout", "wide": wide, "mode": "local"})
    if ok and isinstance(result, dict) and result.get("svg") is not None and local.snap:
        local.render(result)


async def main():
    catalogue = stamped_catalogue()
    state["games"] = normalize(catalogue)
    setup, theme, problem = embedapi.setup_from(params, state["games"])
    root.setAttribute("data-theme", theme)
    on("new-game", "click", on_new_game)
    if not await engine.attach():
        show_message("The engine client script did not load; reload the page.")
        return
    root.setAttribute("data-ui", "ready")
    if setup is None:
        show_message("This game cannot be embedded: " + problem + ".")
        refused(None, problem)
        return
    if problem:  # e.g. seats the game does not take: say so, and play the defaults
        show_message("The embed's set-up was refused (" + problem + "); playing the default set-up.", "info")
        refused(None, problem)
        setup, _, _ = embedapi.setup_from({"game": setup["game"], "theme": theme}, state["games"])
    by_id("game-title").textContent = ([g["title"] for g in state["games"] if g["id"] == setup["game"]] or [""])[0]
    if not await engine.ready():
        show_message("The game engine failed to start: " + engine.failure())
        refused(None, "the game engine failed to start: " + engine.failure())
        return
    state["games"] = normalize(engine.hello) or state["games"]
    state["ready"] = True
    shared = js_get(engine.js.timings, "shared")
    info = {"shared": shared is not None, "boot": str(js_get(shared, "boot", "")) if shared else None,
            "clients": int(js_get(shared, "clients", 1)) if shared else 1}
    emit([events.event("ready", {"version": embedapi.VERSION, "game": setup["game"], "seats": setup["seats"],
                                 "commands": list(embedapi.COMMANDS), "engine": info})])
    window.addEventListener("resize", proxy(lambda event: spawn(relayout())))
    await relayout()
    await start(setup)
    channel.listen(proxy(on_command))


spawn(main())
