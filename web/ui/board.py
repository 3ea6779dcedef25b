# The one board, for local and peer-to-peer matches alike. It draws a snapshot's SVG and turns clicks and
# keys on its elements into callbacks that the match driver injects:
#   data-action="<complete action>"  -> on_action(seat, action)   (act / p2p_choose)
#   data-select="<partial action>"   -> on_select(seat, prefix)   (select / p2p_select: a selection step)
# Arrow keys move the focus between the board's clickable elements; Enter or Space presses one.
import json

from ui.dom import attr, by_id, on

CLICKABLE = "[data-action],[data-select]"


def turn_owner(snap):
    if snap.get("over"):
        return "none"
    kinds = [entry.get("kind") for entry in (snap.get("to_act") or []) if isinstance(entry, dict)]
    if "human" in kinds:
        return "human"
    return "bot" if kinds else "none"


class Board:
    def __init__(self):
        self.el = by_id("board")
        self.svg = None
        self.snap = None
        self.on_action = None  # fn(seat, action), set by the driver in charge
        self.on_select = None  # fn(seat, prefix)
        on(self.el, "click", self._click)
        on(self.el, "keydown", self._key)

    def drive(self, on_action, on_select):
        self.on_action = on_action
        self.on_select = on_select

    def clear(self):
        self.svg = None
        self.snap = None
        self.el.innerHTML = ""
        for name in ("data-step", "data-hash", "data-scores", "data-to-decide", "data-viewer", "data-waiting",
                     "data-handoff", "data-selection", "aria-busy"):
            self.el.removeAttribute(name)
        self.el.setAttribute("data-match", "none")
        self.el.setAttribute("data-turn-owner", "none")

    def draw(self, snap):
        """Show one snapshot (either mode); the SVG is replaced only when it changed (keeps the focus)."""
        self.snap = snap
        el = self.el
        svg = snap.get("svg") or ""
        if svg != self.svg:
            focused = self._focused_key()
            self.svg = svg
            el.innerHTML = svg
            self._refocus(focused)
        el.setAttribute("data-step", str(snap.get("step", "")))
        el.setAttribute("data-hash", str(snap.get("hash", "")))
        el.setAttribute("data-match", "over" if snap.get("over") else "playing")
        el.setAttribute("data-turn-owner", turn_owner(snap))
        el.setAttribute("data-viewer", "none" if snap.get("viewer") is None else str(snap.get("viewer")))
        el.setAttribute("data-selection", str(snap.get("selection") or ""))
        handoff = snap.get("handoff")
        if handoff is None:
            el.removeAttribute("data-handoff")
        else:
            el.setAttribute("data-handoff", str(handoff))
        result = snap.get("result") or (snap.get("view") or {}).get("result")
        if isinstance(result, dict):
            el.setAttribute("data-scores", json.dumps(result.get("scores")))
        else:
            el.removeAttribute("data-scores")

    def busy(self, flag):
        if flag:
            self.el.setAttribute("aria-busy", "true")
        else:
            self.el.removeAttribute("aria-busy")

    # --- input ------------------------------------------------------------------------------------
    def _seat(self, el):
        seat = attr(el, "data-seat")
        try:
            return int(seat)
        except (TypeError, ValueError):
            return (self.snap or {}).get("viewer")

    def _click(self, event):
        target = event.target
        el = target.closest(CLICKABLE) if target else None
        if not el:
            return
        event.preventDefault()
        action = attr(el, "data-action")
        if action is not None:
            if self.on_action:
                self.on_action(self._seat(el), action)
            return
        prefix = attr(el, "data-select")
        if prefix is not None and self.on_select:
            self.on_select(self._seat(el), prefix)

    def _key(self, event):
        key = str(event.key)
        if key in ("Enter", " "):
            self._click(event)
        elif key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"):
            items = self.el.querySelectorAll(CLICKABLE)
            count = int(items.length)
            if not count:
                return
            event.preventDefault()
            current = event.target.closest(CLICKABLE) if event.target else None
            index = -1
            for i in range(count):
                if current and items.item(i).isSameNode(current):
                    index = i
            step = 1 if key in ("ArrowRight", "ArrowDown") else -1
            items.item((index + step) % count).focus()

    def _focused_key(self):
        active = self.el.ownerDocument.activeElement
        if not active or not self.el.contains(active):
            return None
        return attr(active, "data-action") or attr(active, "data-select")

    def _refocus(self, key):
        if key is None:
            return
        items = self.el.querySelectorAll(CLICKABLE)
        for i in range(int(items.length)):
            item = items.item(i)
            if attr(item, "data-action") == key or attr(item, "data-select") == key:
                item.focus()
                return
