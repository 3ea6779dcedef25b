# Cargo Bay page: boot and wiring (MicroPython on the main thread, PyScript). All game logic lives in the
# engine worker (worker/PROTOCOL.md); the page modules only send requests and show snapshots:
#   ui/dom.py     DOM, messages, tasks, storage        ui/engine.py  the request helper (version from hello)
#   ui/menu.py    menu + set-up from the catalogue     ui/board.py   the one board (both kinds of match)
#   ui/local.py   local match driver (bots, hot-seat)  ui/saves.py   every match saved as it goes (ui/records.py)
#   ui/matches.py "Your matches": resume, replay, rename, export, import, delete   ui/replay.py  the replay viewer
#   p2p/*.py      play a friend: loaded only when a peer match is opened or resumed (see load_p2p)
import json

from pyscript import window
from ui.board import Board
from ui.dom import attr, by_id, clear_message, on, proxy, root, show_message, show_screen, spawn
from ui.engine import WIDE_PX, engine
from ui.local import LocalMatch
from ui.menu import Menu, stamped_catalogue
from ui.saves import saves

P2P_MODULES = ("p2p/__init__.py", "p2p/mesh.py", "p2p/panels.py", "p2p/links.py", "p2p/connect.py", "p2p/room.py",
               "p2p/relaying.py", "p2p/restarting.py", "p2p/session.py")

window.performance.mark("cargobay-app-imported")  # (bench/startup.py; "cargobay-app-start" is in ui/dom.py)
menu = Menu()
board = Board()
local = LocalMatch(board, lambda: refresh_menu())
# the peer session once loaded; "Your matches" and the replay viewer (imported once the menu answers)
state = {"p2p": None, "loading": None, "matches": None, "replayer": None, "embed": None}


def refresh_menu():
    ready = root.getAttribute("data-engine") == "ready" and engine.hello is not None
    failed = root.getAttribute("data-engine") == "error"
    by_id("start").disabled = not ready or menu.game is None
    hint = by_id("start-hint")
    if ready:
        hint.textContent = "Pick who plays each seat, then Start."
    elif failed:
        hint.textContent = "The game engine failed to start; reload the page to try again."
    else:
        hint.textContent = "The game engine is loading; Start unlocks when it is ready."
    by_id("continue").hidden = not local.unfinished()
    session = state["p2p"]
    by_id("p2p-continue").hidden = not (session and session.unfinished())


# ------------------------------------------------------------------------------------------ peer-to-peer
async def load_p2p():
    """The peer-to-peer modules and glue, fetched and imported on first use; the session (or None)."""
    if state["p2p"] is not None:
        return state["p2p"]
    glue = await window.cargobayLoadP2P()
    build = attr(root, "data-build") or ""
    try:
        import os

        try:
            os.mkdir("p2p")
        except OSError:
            pass
        for path in P2P_MODULES:
            text = await window.cargobayPage.fetchText("./" + path + "?v=" + build)
            if text is None:
                raise OSError("could not fetch " + path)
            with open(path, "w") as out:
                out.write(str(text))
        from p2p.session import Session
    except Exception as exc:
        show_message("Play a friend could not be loaded (" + str(exc) + "); reload the page to try again.")
        return None
    if state["p2p"] is None:
        state["p2p"] = Session(glue, board, menu, go_menu)
        state["p2p"].watch = state["embed"]
    return state["p2p"]


def with_p2p(method, *args):
    async def job():
        session = await load_p2p()
        if session is not None:
            await getattr(session.connection, method)(*args)  # (the connection box: host, join, ...)
            refresh_menu()

    spawn(job())


def join_fragment():
    frag = str(window.location.hash or "")
    if not frag.startswith("#join="):
        return None
    loc = window.location
    try:  # the code must not stay in the address bar
        window.history.replaceState(None, "", str(loc.origin) + str(loc.pathname) + str(loc.search or ""))
    except Exception:
        pass
    return frag[len("#join="):]


FRIEND_KINDS = {"human": "me", "me": "me", "you": "me", "friend": "friend"}


def friend_invite():
    """`?play=friend&game=<id>[&seats=human,friend,...]`: host a match with friends at once (an embed's peer invite,
    docs/embedding.md). The keys leave the address bar, so the invite link carries none of them."""
    from ui.text import query

    params = query(window.location.search)
    if params.get("play") != "friend":
        return None
    rest = [part for part in str(window.location.search or "").lstrip("?").split("&")
            if part and part.split("=")[0] not in ("play", "game", "seats")]
    loc = window.location
    try:
        window.history.replaceState(None, "", str(loc.origin) + str(loc.pathname) + ("?" + "&".join(rest) if rest
                                                                                    else ""))
    except Exception:
        pass
    return params


def host_invite(params):
    """Select the game and seats an invite URL names, then host (unknown ones keep the menu's defaults)."""
    games = [g["id"] for g in menu.games if g.get("available")]
    if params.get("game") in games:
        menu.select(params.get("game"))
    for seat, kind in enumerate(str(params.get("seats") or "").split(",")):
        kind = kind.strip().lower()
        if kind and not kind.isalpha():
            continue
        value = FRIEND_KINDS.get(kind, "bot:" + kind if kind else "")
        field = window.document.getElementById("p2p-seat-" + str(seat))
        if field is not None and value and field.querySelector("option[value='" + value + "']") is not None:
            field.value = value
    with_p2p("host")


def embed_peer(invite):
    """A peer invite inside an embed (embed.js made the frame: `embed=<id>&origin=<host>`; index.html's checked
    channel, window.cargobayEmbed, as embed.html's): the host page hears ready, then match_started, a move per step
    and ended from the peer snapshots this page applies (ui/embedapi.py: PeerEvents, no hidden card), and may send
    `theme`; new_match and set_seats are refused with an error event (docs/embedding.md)."""
    from ui import embedapi
    from ui.dom import js_get
    from ui.text import query

    channel = js_get(window, "cargobayEmbed")  # (set only in a frame whose address names its embed)
    if channel is None:
        return None
    params = query(window.location.search)
    invite = invite or {"embed": params.get("embed"), "theme": params.get("theme")}
    events = embedapi.Events(invite.get("embed"))
    games = {g["id"]: g for g in (engine.hello or {}).get("games") or [] if isinstance(g, dict) and "id" in g}
    peer = embedapi.PeerEvents(events, True)

    def emit(messages):
        for message in messages:
            channel.emit(json.dumps(message))
            root.setAttribute("data-events", str(message["seq"]))

    def on_snap(snap):
        peer.hidden = (games.get(snap.get("game")) or {}).get("hidden_information", True) is not False
        emit(peer.on_snap(snap))

    def on_command(text):
        kind, theme, problem = embedapi.peer_command(str(text))
        if problem:
            emit([events.event("error", {"command": kind, "reason": problem})])
        else:
            root.setAttribute("data-theme", theme)

    sheet = window.document.createElement("link")  # the embed's chrome: fills the frame, light or dark
    sheet.rel = "stylesheet"
    sheet.href = "./embed.css?v=" + (attr(root, "data-build") or "")
    window.document.head.appendChild(sheet)
    if invite.get("theme") in embedapi.THEMES:
        root.setAttribute("data-theme", invite.get("theme"))
    seats = [s.strip().lower() for s in str(invite.get("seats") or "").split(",") if s.strip()]
    emit([events.event("ready", {"version": embedapi.VERSION, "game": invite.get("game"), "seats": seats,
                                 "commands": ["theme"], "engine": {"shared": False, "boot": None, "clients": 1}})])
    problem = embedapi.peer_problem(invite, menu.games) if invite.get("play") == "friend" else None
    if problem:  # (the friend flow keeps its own defaults for what it cannot take)
        emit([events.event("error", {"command": None, "reason": "the peer invite's set-up: " + problem})])
    channel.listen(proxy(on_command))
    return on_snap


def on_hashchange(event):
    code = join_fragment()
    if code is not None:
        with_p2p("join_link", code)


# ------------------------------------------------------------------------------------------ layout
async def relayout(event=None):
    """Landscape boards when the page is at least 1000 px wide; on a resize across that width the engine
    draws the shown match again for the new shape."""
    wide = int(window.innerWidth) >= WIDE_PX
    if engine.hello is None or wide == engine.wide:
        return
    engine.wide = wide
    screen = by_id("game-screen")
    mode = None if screen.hidden else attr(screen, "data-mode")
    ok, result = await engine.call({"type": "layout", "wide": wide, "mode": "local" if mode == "local" else None})
    if ok and mode == "local" and isinstance(result, dict) and result.get("svg") is not None and local.snap:
        local.render(result)
    session = state["p2p"]
    if ok and mode == "p2p" and session is not None and session.snap is not None:
        session.enqueue(session.req, {"type": "p2p_snapshot"})


# ------------------------------------------------------------------------------------------ menu actions
def go_menu(event=None):
    local.leave()
    clear_message()
    show_screen("menu")
    refresh_menu()
    if state["matches"] is not None:
        state["matches"].refresh()


# ------------------------------------------------------------------------------------------ your matches
async def resume_saved(mode, record_id):
    """Resume a match picked in Your matches (a peer match: the page starts again with it, as after a reload)."""
    if mode == "p2p":
        session = state["p2p"]
        if saves.mine(record_id) == "p2p":
            with_p2p("resume_view")
        elif session is None or session.may_leave():
            if not saves.open_after_reload("p2p", record_id):
                show_message("This browser refuses this tab its storage, so the page cannot reopen that match "
                             "with your friend (it reloads to do so).")
                return
            window.location.reload()
        return
    if saves.mine(record_id) == "local" and local.unfinished():
        local.show(local.snap)  # this tab's own match: back to it
        return
    local.leave()
    record, problem = await saves.attach("local", record_id)
    if problem:
        show_message("This match cannot be resumed: " + problem + ".")
        return
    setup = await local.resume(record)
    if setup:
        menu.restore(setup)
    refresh_menu()


async def open_replay(log, title):
    local.leave()
    if state["replayer"] is None:
        from ui.replay import Replayer

        state["replayer"] = Replayer(board)
    await state["replayer"].open(log, title)


async def start_local(setup=None):
    refused = None  # from the menu: a problem is said next to the set-up field that caused it
    if setup is None:
        setup, problem = menu.read_local()
        if problem:
            menu.start_problem(problem, menu.problem_at)
            return
        def refused(text):  # (the engine names the seed when the seed is what it refuses)
            menu.start_problem(text, "seed" if "seed" in text else "")
    if engine.hello is None:
        show_message("The game engine is still loading.", "info")
        return
    menu.start_problem("")
    by_id("start").disabled = True
    try:
        await local.new(setup, refused)
    finally:
        refresh_menu()


def on_start(event):
    event.preventDefault()
    spawn(start_local())


def on_new_game(event):
    local.leave()
    spawn(start_local(local.setup))


def on_continue(event):
    if local.unfinished():
        local.show(local.snap)


async def main():
    catalogue = stamped_catalogue()
    if catalogue:
        menu.load(catalogue)
    on("setup-form", "submit", on_start)
    on("setup-form", "change", lambda event: menu.start_problem(""))  # a changed choice: the old problem goes
    on("to-menu", "click", go_menu)
    on("new-game", "click", on_new_game)
    on("continue", "click", on_continue)
    on("p2p-host", "click", lambda event: with_p2p("host"))
    on("p2p-join", "click", lambda event: with_p2p("join"))
    on("p2p-continue", "click", lambda event: with_p2p("resume_view"))
    for name in ("p2p-host", "p2p-join"):  # (stamped disabled: they do nothing before this)
        by_id(name).disabled = False
        by_id(name).removeAttribute("aria-describedby")
    by_id("p2p-hint").hidden = True
    on("p2p-settings", "toggle", lambda event: with_p2p("settings"))
    if not await engine.attach():
        show_message("The engine client script did not load; reload the page.")
        return
    engine.js.onStatus(proxy(lambda ev: refresh_menu()))
    menu.on_pick = lambda game_id: engine.js.warm(game_id)  # (after a pause on it: engine-client.js)
    if menu.picked_early():  # picked in the page's own menu before this ran: warmed as a pick now
        menu.on_pick(menu.game["id"])
    window.cargobayPage.listen("hashchange", proxy(on_hashchange))
    root.setAttribute("data-ui", "ready")
    window.performance.mark("cargobay-ui-ready")
    refresh_menu()
    code = join_fragment()
    invite = friend_invite()
    from ui.matches import Matches  # after the UI is ready: not on the start-up's path

    state["matches"] = Matches(resume_saved, open_replay)
    p2p_saved, problem = await saves.restore("p2p")
    if problem:
        show_message("The saved match with your friend is corrupt and was discarded (" + problem + ").")
    if code is not None or p2p_saved is not None:
        session = await load_p2p()
        if session is not None:
            await session.connection.boot(code, p2p_saved)
    ready = await engine.ready()
    if ready:
        menu.load(engine.hello)
        await relayout()  # landscape boards on a wide page (an engine without `layout` just says no)
        window.addEventListener("resize", proxy(lambda event: spawn(relayout())))
    refresh_menu()
    if ready:
        state["embed"] = embed_peer(invite)  # an embed's peer invite (or its match after a reload): its events
        session = state["p2p"]
        if session is not None:  # (a match restored before the engine said ready: told from its snapshot)
            session.watch = state["embed"]
            if state["embed"] is not None and session.snap is not None:
                state["embed"](session.snap)
    if not ready:
        show_message("The game engine failed to start: " + engine.failure())
    elif code is None and p2p_saved is None and invite is not None:
        host_invite(invite)
    elif code is None and p2p_saved is None and not local.unfinished():
        setup = await local.resume()
        if setup:
            menu.restore(setup)
        refresh_menu()
    state["matches"].refresh()


spawn(main())
