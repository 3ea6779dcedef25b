# Every card or piece of a board explains itself: its <title> (the board's words for it) shows as the browser's
# tooltip on hover, and in a bubble (#board-tip, a status region) on a touch long-press or on keyboard focus.
# A long-press only explains: the click that ends it is swallowed (a card is not played by holding it).
from pyscript import document, window

from ui.dom import element, proxy

HOLD_MS = 500  # a touch held this long on a titled element explains it
MOVE_PX = 10  # ... unless it moved this far (a drag, a scroll)


def titled(node, board_el):
    """The nearest element from ``node`` up to the board that has a <title> of its own (not a whole <svg>)."""
    while node is not None and not node.isSameNode(board_el):
        tag = str(node.tagName or "").lower()
        if tag not in ("svg", "title") and node.querySelector(":scope > title"):
            return node
        node = node.parentNode
    return None


class Explain:
    def __init__(self, board_el):
        self.el = board_el
        self.tip = element("div", "", id="board-tip", role="status")
        self.tip.className = "board-tip"
        self.tip.hidden = True
        document.body.appendChild(self.tip)
        self.timer = None
        self.start = None
        self.pressed = None  # the titled element under a touch that is still down
        self.swallow = False  # the click ending a long-press is no click
        for name, fn in (("pointerdown", self._down), ("pointermove", self._move), ("pointerup", self._up),
                         ("pointercancel", self._cancel), ("focusin", self._focus), ("focusout", self._blur),
                         ("contextmenu", self._context)):
            board_el.addEventListener(name, proxy(fn))
        board_el.addEventListener("click", proxy(self._click), True)  # before ui/board.py's click

    def show(self, el):
        title = el.querySelector(":scope > title")
        words = str(title.textContent or "").strip() if title else ""
        if not words:
            return
        self.tip.textContent = words
        self.tip.hidden = False
        r = el.getBoundingClientRect()
        width = min(320.0, float(window.innerWidth) - 16)
        left = max(8.0, min(float(r.left) + float(r.width) / 2 - width / 2, float(window.innerWidth) - width - 8))
        self.tip.style.width = f"{width:.0f}px"
        self.tip.style.left = f"{left:.0f}px"
        below = float(r.bottom) + 8
        height = float(self.tip.getBoundingClientRect().height)
        top = below if below + height < float(window.innerHeight) else max(8.0, float(r.top) - height - 8)
        self.tip.style.top = f"{top:.0f}px"

    def hide(self):
        self._clear()
        self.tip.hidden = True

    def _clear(self):
        if self.timer is not None:
            window.clearTimeout(self.timer)
            self.timer = None

    def _down(self, event):
        self.hide()
        self.swallow = False
        if str(event.pointerType) != "touch":
            return
        self.pressed = titled(event.target, self.el)
        if self.pressed is None:
            return
        self.start = (float(event.clientX), float(event.clientY))
        self.timer = window.setTimeout(proxy(self._held), HOLD_MS)

    def _held(self, *args):
        self.timer = None
        if self.pressed is not None:
            self.show(self.pressed)
            self.swallow = True

    def _move(self, event):
        if self.timer is None or self.start is None:
            return
        if abs(float(event.clientX) - self.start[0]) + abs(float(event.clientY) - self.start[1]) > MOVE_PX:
            self._cancel(event)

    def _up(self, event):
        self._clear()
        self.pressed = None

    def _cancel(self, event):
        self._clear()
        self.pressed = None
        self.swallow = False

    def _click(self, event):
        if self.swallow:
            self.swallow = False
            self.tip.setAttribute("data-swallowed", "1")  # (the e2e waits on it)
            event.preventDefault()
            event.stopImmediatePropagation()

    def _context(self, event):
        if not self.tip.hidden or self.pressed is not None:
            event.preventDefault()  # a long-press explains; no context menu over the board

    def _focus(self, event):
        target = event.target
        if target and target.matches(":focus-visible"):  # keyboard play: the focused element says what it is
            el = titled(target, self.el)
            if el is not None:
                self.show(el)

    def _blur(self, event):
        if self.pressed is None and self.swallow is False:
            self.tip.hidden = True
