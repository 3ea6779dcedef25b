# Pan and zoom for a board that draws a map (an <svg data-panzoom="1"> inside the board's SVG, e.g. TF22's hex
# map; other games draw none and are left alone). The page keeps the map's view box across redraws (a move, a
# bot's move, a selection) and changes it by:
#   mouse   wheel zooms about the pointer; drag pans (a drag never clicks what it started on)
#   touch   one finger drags, two pinch (a touch that starts on the map never scrolls or zooms the page;
#           elsewhere on the board it scrolls the page as usual)
#   keys    + / - zoom, 0 fits the whole map, Shift + arrows pan (plain arrows still walk the board's
#           elements, ui/board.py); the focused element is panned into view
#   buttons Zoom in, Zoom out, Fit map in the toolbar (shown while a map is on the board)
# Hover or keyboard focus on an element with data-reach (a unit that can move) draws its reachable hexes with
# their AP cost into the map's [data-hover-layer] (ui/mapview.py makes the markup).
from pyscript import document, window

from ui.dom import attr, element, proxy
from ui.mapview import (
    STEP,
    box_text,
    centre_on,
    pan,
    parse_box,
    px_per_unit,
    reach_svg,
    to_map,
    zoom,
)

DRAG_PX = 6  # a press that moves less than this is a click
PHONE_PX = 560  # a map narrower than this on screen (or on a touch screen) starts zoomed in on the choice
TAP_PX = 50  # ... so far that a hex is this tall (its clickable inner polygon: 46 CSS px)


def _rect(el):
    """An element's client rect; for the map, its window (the board draws it as [data-map-frame]: a nested
    <svg>'s own client rect is that of its content, zoomed beyond its window)."""
    frame = el.parentNode.querySelector("[data-map-frame]") if el.hasAttribute("data-panzoom") else None
    r = (frame or el).getBoundingClientRect()
    return (float(r.left), float(r.top), float(r.width), float(r.height))


class PanZoom:
    def __init__(self, board_el):
        self.el = board_el
        self.map = None
        self.full = None  # the whole map's box (from the board's SVG)
        self.box = None  # the shown box, kept across redraws
        self.pointers = {}  # pointerId -> (x, y) of the pointers down on the map
        self.start = None  # (x, y) where the first pointer went down
        self.dragged = False
        self.pinch = None  # (distance, mid x, mid y) of the last two-pointer frame
        self.shown = None  # the element whose reach is drawn
        self.tools = None
        self.auto = True  # a phone-sized map may still zoom in on the choice (until the player zooms)
        self.focus = None  # the board's last data-focus (where the choice is): a new one is panned into view
        self.match = None  # (mode, game) of the match shown, and its last step: a new match resets the view
        self.step = 0
        for name, fn in (("wheel", self._wheel), ("pointerdown", self._down), ("pointermove", self._move),
                         ("pointerup", self._up), ("pointercancel", self._up), ("pointerover", self._over),
                         ("pointerout", self._out), ("focusin", self._focus), ("focusout", self._out)):
            board_el.addEventListener(name, proxy(fn))
        # a touch that starts on the map is the map's: its moves neither scroll nor zoom the page (Chrome ignores
        # touch-action on an <svg> inside an <svg>); a tap still clicks
        self.touching = False
        board_el.addEventListener("touchstart", proxy(self._touch_start))
        board_el.addEventListener("touchmove", proxy(self._touch_move))
        # capture: before ui/board.py's own listeners on the board see the click or the key
        board_el.addEventListener("click", proxy(self._click), True)
        board_el.addEventListener("keydown", proxy(self._key), True)

    # --- the board was redrawn ---------------------------------------------------------------------------
    def attach(self, snap=None):
        """After a redraw: the new map gets the kept view box (a new match starts from the whole map)."""
        if isinstance(snap, dict):
            key = (snap.get("mode"), snap.get("game"))
            try:
                step = int(snap.get("step") or 0)
            except (TypeError, ValueError):
                step = 0
            if key != self.match or step < self.step:
                self.reset()
            self.match, self.step = key, step
        self.map = self.el.querySelector("svg[data-panzoom]") or None
        self.shown = None
        if self.map is None:
            self._tools(False)
            return
        full = parse_box(attr(self.map, "viewBox"))
        if full is None:
            self.map = None
            self._tools(False)
            return
        if self.full != full or self.box is None:
            self.full = full
            self.box = full
        if self.auto:
            self._first_view()
        self._follow()
        self._apply()
        self._tools(True)

    def reset(self):
        self.auto = True
        self.focus = None
        self.box = None
        self.full = None
        self.map = None
        self._tools(False)

    def _focus_point(self):
        """The board's data-focus (where the choice is: a landing site, the picked unit, the Lander) or None."""
        parts = (attr(self.map, "data-focus") or "").split()
        if len(parts) != 2:
            return None
        try:
            return float(parts[0]), float(parts[1])
        except ValueError:
            return None

    def _first_view(self):
        """On a phone-sized or touch screen map, start zoomed in on the choice so far that a hex is TAP_PX
        tall (the board says where the choice is: data-focus)."""
        point = self._focus_point()
        if point is None:
            return
        self.auto = False
        rect = _rect(self.map)
        coarse = bool(window.matchMedia("(pointer: coarse)").matches)
        if rect[2] <= 0 or not (rect[2] < PHONE_PX or coarse):
            return
        try:
            hex_h = float(attr(self.map, "data-hex-h") or "34.64")
        except ValueError:
            return
        shown = hex_h * px_per_unit(self.full, rect)
        if shown < TAP_PX:
            self.box = centre_on(zoom(self.full, self.full, TAP_PX / shown), self.full, point[0], point[1])
        self.focus = point

    def _follow(self):
        """A new choice (data-focus) out of the map's window is panned into its middle (the zoom is kept)."""
        point = self._focus_point()
        if point is None or point == self.focus or self.box is None:
            return
        self.focus = point
        x, y, w, h = self.box
        if not (x + w * 0.15 <= point[0] <= x + w * 0.85 and y + h * 0.15 <= point[1] <= y + h * 0.85):
            self.box = centre_on(self.box, self.full, point[0], point[1])

    def _apply(self):
        if self.map is not None and self.box is not None:
            self.map.setAttribute("viewBox", box_text(self.box))
            self.map.setAttribute("data-zoom", f"{self.full[2] / self.box[2]:.2f}")

    def zoom_by(self, factor, cx=None, cy=None):
        """Zoom about a client point (default: the middle of the map)."""
        if self.map is None:
            return
        self.auto = False
        px = py = None
        if cx is not None:
            px, py = to_map(self.box, _rect(self.map), cx, cy)
        self.box = zoom(self.box, self.full, factor, px, py)
        self._apply()

    def fit(self):
        if self.map is not None:
            self.box = self.full
            self._apply()

    # --- the toolbar's buttons ---------------------------------------------------------------------------
    def _tools(self, show):
        if self.tools is None:
            if not show:
                return
            bar = document.querySelector(".toolbar-buttons")
            if not bar:
                return
            tools = element("span", None, id="map-tools", role="group", aria_label="Map view")
            tools.className = "map-tools"
            buttons = (("zoom-in", "+", "Zoom in (+)", lambda e: self.zoom_by(STEP * STEP)),
                       ("zoom-out", "\u2212", "Zoom out (-)", lambda e: self.zoom_by(1 / (STEP * STEP))),
                       ("zoom-fit", "Fit", "Fit the whole map (0)", lambda e: self.fit()))
            for name, text, label, fn in buttons:
                button = element("button", text, type="button", id="map-" + name, aria_label=label, title=label)
                button.addEventListener("click", proxy(fn))
                tools.appendChild(button)
            bar.insertBefore(tools, bar.firstChild)
            self.tools = tools
        self.tools.hidden = not show

    # --- mouse and touch ---------------------------------------------------------------------------------
    def _on_map(self, event):
        target = event.target
        return self.map is not None and bool(target) and bool(target.closest("svg[data-panzoom]"))

    def _wheel(self, event):
        if not self._on_map(event):  # (a trackpad pinch is a wheel with ctrlKey: it zooms the map, not the page)
            return
        event.preventDefault()
        delta = float(event.deltaY) * (16 if int(event.deltaMode) == 1 else 1)
        factor = 1.0015 ** (-max(-300.0, min(300.0, delta)))
        self.zoom_by(factor, float(event.clientX), float(event.clientY))

    def _down(self, event):
        if not self._on_map(event) or (str(event.pointerType) == "mouse" and int(event.button) != 0):
            return
        self.pointers[int(event.pointerId)] = (float(event.clientX), float(event.clientY))
        if len(self.pointers) == 1:
            self.start = (float(event.clientX), float(event.clientY))
            self.dragged = False
        self.pinch = None

    def _move(self, event):
        pid = int(event.pointerId)
        if pid not in self.pointers or self.map is None:
            return
        x, y = float(event.clientX), float(event.clientY)
        last = self.pointers[pid]
        self.pointers[pid] = (x, y)
        if len(self.pointers) >= 2:
            self._pinch()
            return
        if not self.dragged:
            if self.start is None or abs(x - self.start[0]) + abs(y - self.start[1]) < DRAG_PX:
                return
            self.dragged = True
            self.auto = False
            try:
                self.el.setPointerCapture(pid)
            except Exception:
                pass
            last = self.start
        scale = px_per_unit(self.box, _rect(self.map))
        self.box = pan(self.box, self.full, (last[0] - x) / scale, (last[1] - y) / scale)
        self._apply()

    def _pinch(self):
        (ax, ay), (bx, by) = list(self.pointers.values())[:2]
        distance = max(1.0, ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5)
        mid = ((ax + bx) / 2, (ay + by) / 2)
        self.dragged = True
        if self.pinch is not None:
            old, ox, oy = self.pinch
            self.zoom_by(distance / old, mid[0], mid[1])
            scale = px_per_unit(self.box, _rect(self.map))
            self.box = pan(self.box, self.full, (ox - mid[0]) / scale, (oy - mid[1]) / scale)
            self._apply()
        self.pinch = (distance, mid[0], mid[1])

    def _up(self, event):
        self.pointers.pop(int(event.pointerId), None)
        self.pinch = None
        if not self.pointers:
            self.start = None

    def _touch_start(self, event):
        self.touching = self._on_map(event)

    def _touch_move(self, event):
        if self.touching and event.cancelable:
            event.preventDefault()

    def _click(self, event):
        if self.dragged:  # the end of a drag or pinch is no click on what it started on
            self.dragged = False
            event.preventDefault()
            event.stopImmediatePropagation()
            return
        target = event.target
        if self._on_map(event) and not target.closest("[data-action],[data-select]"):
            note = self.el.querySelector("[data-tap-note]")  # nothing to pick there: the board says why
            if note:
                note.setAttribute("visibility", "visible")

    # --- keys --------------------------------------------------------------------------------------------
    def _key(self, event):
        if self.map is None or event.ctrlKey or event.altKey or event.metaKey:
            return
        key = str(event.key)
        steps = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}
        if key in ("+", "="):
            self.zoom_by(STEP)
        elif key in ("-", "_"):
            self.zoom_by(1 / STEP)
        elif key == "0":
            self.fit()
        elif key in steps and event.shiftKey:
            dx, dy = steps[key]
            self.box = pan(self.box, self.full, dx * self.box[2] * 0.2, dy * self.box[3] * 0.2)
            self._apply()
        else:
            return
        event.preventDefault()
        event.stopImmediatePropagation()

    # --- reach on hover and focus ------------------------------------------------------------------------
    def _over(self, event):
        target = event.target
        el = target.closest("[data-reach]") if target else None
        if el:
            self._show(el)

    def _focus(self, event):
        target = event.target
        if not target or self.map is None or not self.map.contains(target):
            return
        if target.matches(":focus-visible"):  # keyboard play: the map follows the focus (a tap does not pan)
            self._into_view(target)
        el = target.closest("[data-reach]")
        if el:
            self._show(el)
        else:
            self._hide()

    def _out(self, event):
        if self.shown is None:
            return
        to = event.relatedTarget
        if to and self.shown.contains(to):
            return
        self._hide()

    def _show(self, el):
        if self.shown is not None and self.shown.isSameNode(el):
            return
        layer = self.map.querySelector("[data-hover-layer]") if self.map is not None else None
        if not layer:
            return
        self.shown = el
        try:
            cols = int(attr(self.map, "data-cols") or "28")
            size = float(attr(self.map, "data-hex-size") or "20")
            hex_h = float(attr(self.map, "data-hex-h") or "34.64")
        except ValueError:
            return
        layer.innerHTML = reach_svg(attr(el, "data-reach"), cols, size, hex_h)
        self.map.setAttribute("data-reach-shown", attr(el, "data-select") or attr(el, "data-action") or "")

    def _hide(self):
        self.shown = None
        if self.map is None:
            return
        layer = self.map.querySelector("[data-hover-layer]")
        if layer:
            layer.innerHTML = ""
        self.map.removeAttribute("data-reach-shown")

    def _into_view(self, el):
        """Pan so that the focused element is on screen (a keyboard player walks the whole map)."""
        outer = _rect(self.map)
        inner = _rect(el)
        if inner[2] <= 0:
            return
        if (inner[0] >= outer[0] and inner[1] >= outer[1] and inner[0] + inner[2] <= outer[0] + outer[2]
                and inner[1] + inner[3] <= outer[1] + outer[3]):
            return
        px, py = to_map(self.box, outer, inner[0] + inner[2] / 2, inner[1] + inner[3] / 2)
        self.box = centre_on(self.box, self.full, px, py)
        self._apply()
