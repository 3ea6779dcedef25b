# The one board, for local and peer-to-peer matches alike. It draws a snapshot's SVG and turns clicks and
# keys on its elements into callbacks that the match driver injects:
#   data-action="<complete action>"  -> on_action(seat, action)   (act / p2p_choose)
#   data-select="<partial action>"   -> on_select(seat, prefix)   (select / p2p_select: a selection step)
#   data-view="<name>=<value>"       -> the board element's data-view-<name> attribute (a view setting the
#                                       SVG's own style reads, e.g. Team UP!'s 3D view turn; no engine call)
# Keyboard play: Tab and the arrow keys (Left/Up back, Right/Down on, in the board's reading order; Home/End
# the first/last) move the focus between the board's clickable elements; Enter or Space presses one; Escape
# clears a selection. When a move redraws the board, the focus lands on a sensible element of the new one
# (or on the board itself while nothing is to press), never on <body>: a keyboard player keeps playing.
import json

from ui.dom import attr, by_id, on
from ui.explain import Explain
from ui.panzoom import PanZoom

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
        self.keep_focus = False  # the focus was on the board when it was last redrawn (keyboard play)
        self.focus_hint = None  # the element to focus after the next redraw (e.g. the selection Escape left)
        self.el.setAttribute("tabindex", "-1")  # holds the focus while the board offers nothing to press
        on(self.el, "click", self._click)
        on(self.el, "keydown", self._key)
        self.panzoom = PanZoom(self.el)  # a board with a map (data-panzoom): pan, zoom, reach on hover
        self.explain = Explain(self.el)  # a card or piece says what it is on a long-press or keyboard focus

    def drive(self, on_action, on_select):
        self.on_action = on_action
        self.on_select = on_select

    def clear(self):
        self.svg = None
        self.snap = None
        self.el.innerHTML = ""
        self.explain.hide()
        self.panzoom.reset()
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
            self.explain.hide()
            el.innerHTML = svg
            self.panzoom.attach(snap)
            self._refocus(focused, snap)
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
        view = target.closest("[data-view]") if target else None
        if view:  # a page-side view setting (e.g. the turn of a 3D view): kept on the board as data-view-<name>
            event.preventDefault()
            name, _, value = str(attr(view, "data-view")).partition("=")
            self.el.setAttribute("data-view-" + name, value)
            return
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

    def _items(self):
        items = self.el.querySelectorAll(CLICKABLE)
        return [items.item(i) for i in range(int(items.length))]

    def _key(self, event):
        key = str(event.key)
        if key in ("Enter", " "):
            self._click(event)
        elif key == "Escape":
            selection = str((self.snap or {}).get("selection") or "")
            if selection and self.on_select:
                event.preventDefault()
                self.focus_hint = selection  # back on the element that made the selection
                self.on_select((self.snap or {}).get("viewer"), "")
        elif key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp", "Home", "End"):
            items = self._items()
            if not items:
                return
            event.preventDefault()
            current = event.target.closest(CLICKABLE) if event.target else None
            index = -1
            for i, item in enumerate(items):
                if current and item.isSameNode(current):
                    index = i
            if key == "Home":
                index = 0
            elif key == "End":
                index = len(items) - 1
            elif index < 0:
                index = 0 if key in ("ArrowRight", "ArrowDown") else len(items) - 1
            else:
                index = (index + (1 if key in ("ArrowRight", "ArrowDown") else -1)) % len(items)
            items[index].focus()

    def _focused_key(self):
        """The key (data-action or data-select) of the focused element, "" when the board itself has the
        focus, None when the focus is elsewhere on the page. Remembers whether a keyboard player is here."""
        active = self.el.ownerDocument.activeElement
        body = self.el.ownerDocument.body
        if not active or active.isSameNode(body):
            return "" if self.keep_focus else None  # the focused element went with the last redraw
        if not self.el.contains(active):
            self.keep_focus = False
            return None
        self.keep_focus = True
        if active.isSameNode(self.el):
            return ""
        return attr(active, "data-action") or attr(active, "data-select") or ""

    def _refocus(self, key, snap):
        """After a redraw: focus the element with the same key, else the first completion of the selection,
        else the first element of the same kind (e.g. the next card to play), else the first; the board
        itself while there is nothing to press."""
        hint, self.focus_hint = self.focus_hint, None
        if key is None:
            return
        items = self._items()
        if not items:
            self.el.focus()
            return
        keys = [attr(item, "data-action") or attr(item, "data-select") or "" for item in items]
        selection = str(snap.get("selection") or "")
        verb = key.split(":")[0] + ":" if ":" in key else None
        for wanted in (hint, key):
            if wanted and wanted in keys:
                items[keys.index(wanted)].focus()
                return
        for i, item_key in enumerate(keys):
            if selection and item_key.startswith(selection) and item_key != selection:
                items[i].focus()
                return
        for i, item_key in enumerate(keys):
            if verb and item_key.startswith(verb):
                items[i].focus()
                return
        items[0].focus()
