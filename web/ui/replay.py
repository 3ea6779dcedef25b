# The replay viewer: any saved, finished-between-browsers or imported match log stepped forward and back on the one
# board, as one seat or a spectator saw it (the engine's `replay` request: worker/PROTOCOL.md). Nothing on a replayed
# board can be clicked. Keys: Left/Right a step, Home/End the first/last, on the controls or the board.
from ui.dom import by_id, clear_message, element, error_text, on, show_message, show_screen, spawn
from ui.engine import engine


def move_words(frame):
    """What the step did, in the words the seat's board gave it: "Ben (Easy bot): Load Red onto slot 3"; the
    action's code only when no board said it ("Ben (Easy bot) (seat 2): load:R@3"); "chance: deal:..."."""
    move = frame.get("move")
    if not isinstance(move, dict):
        return "the start"
    seat, action = move.get("seat"), str(move.get("action"))
    if move.get("by") == "chance" or not isinstance(seat, int) or seat < 0:
        return "chance: " + action
    label = str((frame.get("labels") or {}).get(str(seat)) or "Player " + str(seat + 1))
    words = str(move.get("words") or "")
    return label + ": " + words if words else label + " (seat " + str(seat + 1) + "): " + action


class Replayer:
    def __init__(self, board):
        self.board = board
        self.frame = None
        self.steps = 0
        self.viewer = None
        self.shown = None  # the viewer of the frame on the board
        self.busy = False
        self.wanted = None  # a step asked for while another request was out (the latest wins)
        self.fetching = None  # the step of the request that is out
        self.bar = None

    def _build(self):
        bar = element("div", id="replay-bar", role="group", aria_label="Replay controls")
        bar.className = "replay-bar"
        for name, text, label, delta in (("first", "|◀", "First step", "first"), ("back", "◀", "Step back", -1),
                                         ("forward", "▶", "Step forward", 1), ("last", "▶|", "Last step", "last")):
            button = element("button", text, id="replay-" + name, type="button", aria_label=label, title=label)
            on(button, "click", self._stepper(delta))
            bar.appendChild(button)
        slider = element("input", id="replay-step", type="range", min="0", max="0", step="1", value="0",
                         aria_label="Step")
        on(slider, "input", lambda event: self.go(int(str(slider.value))))
        bar.appendChild(slider)
        wrap = element("label", "Seen by ", **{"class": "replay-viewer"})
        select = element("select", id="replay-viewer")
        on(select, "change", lambda event: self.see(str(select.value)))
        wrap.appendChild(select)
        bar.appendChild(wrap)
        on(bar, "keydown", self._key)
        on(self.board.el, "keydown", self._key)
        screen = by_id("game-screen")
        screen.insertBefore(bar, screen.querySelector(".match-layout"))
        self.bar = bar

    def _stepper(self, delta):
        def handler(event):
            if delta == "first":
                self.go(0)
            elif delta == "last":
                self.go(self.steps)
            else:
                self.go(self.target() + delta)

        return handler

    def _key(self, event):
        if by_id("game-screen").getAttribute("data-mode") != "replay":
            return
        key = str(event.key)
        moves = {"ArrowLeft": self.target() - 1, "ArrowRight": self.target() + 1, "Home": 0, "End": self.steps}
        tag = str(event.target.tagName or "").lower() if event.target else ""
        if key in moves and tag not in ("select", "input"):
            event.preventDefault()
            self.go(moves[key])

    def at(self):
        return int((self.frame or {}).get("step") or 0)

    def target(self):
        """The step the board shows or is on its way to (quick clicks add up)."""
        if self.wanted is not None:
            return self.wanted
        return self.fetching if self.fetching is not None else self.at()

    async def open(self, log, title=""):
        """Open a match log at its start (False, with the reason shown, if the engine refuses it)."""
        ok, result = await engine.call({"type": "replay", "log": log, "step": 0})
        if not ok:
            message = result.get("message") if isinstance(result, dict) else None
            show_message("This match cannot be replayed: " + (str(message) if message else error_text(result)))
            return False
        if self.bar is None:
            self._build()
        self.steps = int(result.get("steps") or 0)
        self.viewer = None
        self.shown = None
        select = by_id("replay-viewer")
        select.innerHTML = ""
        select.appendChild(element("option", "A spectator (public view)", value="spectator"))
        labels = result.get("labels") or {}
        for seat in range(len(result.get("seats") or [])):
            text = "Seat " + str(seat + 1) + " (" + str(labels.get(str(seat)) or "player") + ")"
            select.appendChild(element("option", text, value=str(seat)))
        slider = by_id("replay-step")
        slider.setAttribute("max", str(self.steps))
        clear_message()
        show_screen("game", "replay")
        for name in ("new-game", "p2p-connect", "p2p-side", "p2p-refused", "p2p-outcome"):
            by_id(name).hidden = True
        self.board.drive(None, None)
        self.board.svg = None
        by_id("game-title").textContent = "Replay: " + (title or str(result.get("title") or ""))
        self.show(result)
        by_id("replay-forward").focus()
        return True

    def see(self, value):
        self.viewer = None if value == "spectator" else int(value)
        self.go(self.target(), True)

    def go(self, step, again=False):
        step = max(0, min(self.steps, int(step)))
        if step == self.target() and not again:
            return
        self.wanted = step
        if not self.busy:
            spawn(self._fetch())

    async def _fetch(self):
        self.busy = True
        try:
            while self.wanted is not None:
                step, self.wanted, viewer = self.wanted, None, self.viewer
                self.fetching = step
                ok, result = await engine.call({"type": "replay", "step": step, "viewer": viewer})
                if not ok:
                    show_message("The replay could not show that step. " + error_text(result))
                    # back to the view still on the board (a seat whose cards this log does not hold)
                    self.viewer = self.shown
                    by_id("replay-viewer").value = "spectator" if self.shown is None else str(self.shown)
                    return
                self.show(result)
                self.shown = viewer
        finally:
            self.busy = False
            self.fetching = None

    def show(self, frame):
        self.frame = frame
        self.shown = self.viewer
        self.board.draw(frame)
        step = int(frame.get("step") or 0)
        self.board.el.setAttribute("data-replay-steps", str(self.steps))
        text = "Step " + str(step) + " of " + str(self.steps) + " — " + move_words(frame)
        if frame.get("over"):
            text += " — game over"
        info = by_id("turn-info")
        info.textContent = text
        info.setAttribute("data-step", str(step))
        slider = by_id("replay-step")
        slider.value = str(step)
        slider.setAttribute("aria-valuetext", "step " + str(step) + " of " + str(self.steps))
        by_id("replay-first").disabled = step == 0
        by_id("replay-back").disabled = step == 0
        by_id("replay-forward").disabled = step >= self.steps
        by_id("replay-last").disabled = step >= self.steps
