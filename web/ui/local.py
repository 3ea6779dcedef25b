# The local match driver: a match on this page against bots, or hot-seat (several humans at one screen).
# It owns the match state, steps bots and chance with a visible delay, and sends the board's clicks.
import asyncio

from ui.board import turn_owner
from ui.dom import by_id, clear_message, error_text, int_param, show_message, show_screen, spawn
from ui.engine import engine
from ui.quickdraw import QuickDraw
from ui.saves import saves

DELAY_MS = int_param("delay", 350)


class LocalMatch:
    def __init__(self, board, on_menu_state):
        self.board = board
        self.setup = None  # {"game", "seats", "seed", "options"}
        self.snap = None
        self.busy = False
        self.generation = 0  # bumps on every new match / menu, so old bot loops stop
        self.on_menu_state = on_menu_state  # fn(): the menu refreshes its "continue" buttons
        self.watch = None  # fn(snap): told of every snapshot shown (the embed's events)
        self.quickdraw = QuickDraw(self.send_draws, lambda: board.el.focus())  # shootouts at this screen

    def unfinished(self):
        return bool(self.snap and not self.snap.get("over"))

    def leave(self):
        self.generation += 1
        self.quickdraw.reset()

    # --- starting --------------------------------------------------------------------------------
    async def new(self, setup, refused=None):
        """Start a match; a refusal is said by ``refused(text)`` (the menu: next to the set-up) or the banner."""
        ok, result = await engine.call({"type": "new_match", "game": setup["game"], "seats": setup["seats"],
                                        "seed": setup["seed"], "options": setup.get("options") or {}})
        if not ok:  # e.g. options the game refuses: say why; the menu keeps every choice
            problem = str(result.get("message") or "") if isinstance(result, dict) else ""
            text = ("Could not start a match: " + problem if problem else
                    "Could not start a match. " + error_text(result))
            if refused:
                refused(text)
            else:
                show_message(text)
                by_id("messages").scrollIntoView()
            return False
        self.setup = setup
        saves.begin("local")  # a new record: the match before stays in "Your matches"
        self.show(result)
        return True

    async def resume(self, data=None):
        """Resume this tab's saved match at start, or ``data``: a record picked in "Your matches"."""
        if data is None:
            data, problem = await saves.restore("local")
            if problem:
                show_message("The saved match is corrupt and was discarded (" + problem + "). Start a new game.")
                return None
            if data is None:
                return None
        ok, result = await engine.call({"type": "resume", "log": data["log"]})
        if not ok:
            saves.drop("local")
            show_message("The saved match could not be resumed and was discarded. Start a new game. "
                         + error_text(result))
            return None
        setup = data.get("setup")
        self.setup = setup if isinstance(setup, dict) else {"game": result.get("game"), "seats": []}
        self.show(result)
        show_message("Resumed your unfinished match.", "info")
        return self.setup

    def show(self, snap):
        """Take over the board and the screen with this match."""
        self.generation += 1
        self.quickdraw.reset()
        clear_message()
        self.board.drive(self.on_action, self.on_select)
        self.board.svg = None
        show_screen("game", "local")
        by_id("new-game").hidden = False
        by_id("p2p-connect").hidden = True
        by_id("p2p-side").hidden = True
        by_id("p2p-refused").hidden = True
        by_id("p2p-outcome").hidden = True
        self.render(snap)
        spawn(self.auto_steps(self.generation))

    def render(self, snap):
        self.snap = snap
        self.board.draw(snap)
        by_id("game-title").textContent = snap.get("title") or snap.get("game") or ""
        how_to = by_id("how-to")  # the full page has the link; an embed has none
        if how_to:
            how_to.setAttribute("href", "./how-to-play.html#" + str(snap.get("game") or ""))
        info = by_id("turn-info")
        owner = turn_owner(snap)
        if snap.get("over"):
            text = "Game over"
        elif owner == "human":
            seats = [e.get("seat") for e in snap.get("to_act") or [] if e.get("kind") == "human"]
            humans = [k for k in (self.setup or {}).get("seats") or [] if k == "human"]
            if len(humans) <= 1:
                text = "Your move"
            else:
                labels = snap.get("labels") or {}
                text = "To move: " + ", ".join(
                    str(labels.get(str(s)) or "Player " + str(s + 1)) for s in seats if isinstance(s, int))
        elif owner == "bot":
            kinds = [e.get("kind") for e in snap.get("to_act") or []]
            text = "Dealing…" if kinds == ["chance"] else "Bot is thinking…"
        else:
            text = ""
        info.textContent = text
        info.setAttribute("data-step", str(snap.get("step", "")))
        if saves.write("local", snap, {"setup": self.setup}):
            by_id("game-screen").removeAttribute("data-save-failed")
            note = saves.tab_note()
            if note:
                show_message(note, "info")
        else:
            by_id("game-screen").setAttribute("data-save-failed", "true")
            show_message("This match could not be saved in the browser's storage (full or disabled). Free some "
                         "space (delete matches you no longer need in Your matches) and keep this page open.")
        self.quickdraw.update(snap)
        if self.watch is not None:
            self.watch(snap)

    # --- playing ---------------------------------------------------------------------------------
    async def auto_steps(self, generation):
        """While only bots / chance are to act, step the engine with a visible delay: the whole delay before a
        seat's first action, a quarter of it between the actions of one bot's run (a TF22 move is 15-25
        actions: the board lists them, "Since your last move", and rings where they ended)."""
        last = None
        while self.generation == generation:
            snap = self.snap
            if snap is None or snap.get("over") or turn_owner(snap) != "bot":
                return
            seats = [e.get("seat") for e in snap.get("to_act") or [] if isinstance(e, dict)]
            await asyncio.sleep_ms(DELAY_MS if seats != last else DELAY_MS // 4)
            last = seats
            if self.generation != generation:
                return
            ok, result = await engine.call({"type": "step"})
            if self.generation != generation:
                return
            if not ok:
                show_message("The engine could not advance the game. " + error_text(result))
                return
            self.render(result)

    def on_action(self, seat, action):
        spawn(self.send({"type": "act", "seat": seat, "action": action}, "That move was refused. "))

    def on_select(self, seat, prefix):
        spawn(self.send({"type": "select", "seat": seat, "prefix": prefix}, "That choice was refused. "))

    async def send(self, req, failure, wait=False):
        """One request; True if the engine took it. A request while another is out is dropped (a double
        click), or with ``wait`` sent after it."""
        while wait and self.busy:
            await asyncio.sleep_ms(10)
        if self.busy:
            return False
        self.busy = True
        self.board.busy(True)
        try:
            ok, result = await engine.call(req)
            if not ok:
                show_message(failure + error_text(result))  # the board stays as it was
                return False
            clear_message()
            self.render(result)
            if req["type"] == "act":
                spawn(self.auto_steps(self.generation))
            return True
        finally:
            self.busy = False
            self.board.busy(False)

    async def send_draws(self, draws):
        """The quick-draw's reaction times, one act per human shooter, in order."""
        generation = self.generation
        for seat, action in draws:
            if self.generation != generation:
                return False
            if not await self.send({"type": "act", "seat": seat, "action": action}, "That draw was refused. ", True):
                return False
        return True
