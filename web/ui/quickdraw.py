# The quick-draw overlay of a local match (vs bots or hot-seat): when human seats of this screen are to draw
# in a shootout (ui/shootout.py), a dialog covers the page: "Shootout! A v B.", "Hands off… wait for DRAW!",
# then after a random wait "DRAW!". Each human shooter has a key (F, J, A, L, V, N) and a big button (a touch
# zone); the time from DRAW! to the press is sent as draw:<ms> (draw:early before DRAW!, draw:2500 when
# nobody presses within 2.5 s). Every human shooter acts at once, in the open; bots draw through the usual
# steps. The outcome (view["last"]) shows for 1.5 s, then the dialog closes (or a void shootout starts again).
# Escape does nothing: you can't flee a duel.
import asyncio

from pyscript import document, window

from ui.dom import element, int_param, now_ms, on, spawn
from ui.shootout import (
    RESULT_MS,
    TIMEOUT_MS,
    WAIT_MS,
    draw_action,
    human_shooters,
    key_of,
    name,
    outcome,
    reaction,
    resolved,
    time_words,
    title,
)

# ?draw-timeout=<ms> (as ?delay=): a test that checks the open dialog for a while gets its time to do so
DRAW_TIMEOUT_MS = min(9999, int_param("draw-timeout", TIMEOUT_MS)) or TIMEOUT_MS


class QuickDraw:
    def __init__(self, send, focus_back):
        self.send = send  # async fn([(seat, action), ...]) -> bool: every draw sent, in order
        self.focus_back = focus_back  # fn(): the focus returns to the board
        self.el = None
        self.state = "idle"  # idle | wait | draw | sending | sent | result
        self.generation = 0
        self.seats = []
        self.results = {}
        self.zones = {}
        self.draw_at = None
        self.snap = None
        on(document, "keydown", self._key)

    # --- driven by the match's snapshots --------------------------------------------------------------
    def update(self, snap):
        self.snap = snap
        if self.state == "idle":
            seats = human_shooters(snap)
            if seats:
                self._open(seats, snap)
        elif self.state == "sent" and resolved(snap, self.seats):
            self._announce(snap)

    def reset(self):
        """The match was left or replaced: no shootout goes on."""
        self.generation += 1
        self._close()

    # --- the dialog -----------------------------------------------------------------------------------
    def _build(self):
        el = element("div", id="quickdraw", role="dialog", aria_modal="true", aria_labelledby="quickdraw-title",
                     aria_describedby="quickdraw-text", tabindex="-1")
        el.className = "quickdraw"
        el.hidden = True
        el.appendChild(element("h2", "", id="quickdraw-title"))
        el.appendChild(element("p", "", id="quickdraw-text", aria_live="assertive", aria_atomic="true"))
        zones = element("div", None, id="quickdraw-zones", **{"class": "quickdraw-zones"})
        on(zones, "pointerdown", self._zone_press)  # a touch, a mouse button: at once, not on release
        on(zones, "click", self._zone_press)  # Enter / Space on a focused zone
        el.appendChild(zones)
        document.body.appendChild(el)
        self.el = el

    def _text(self, text, state):
        self.el.setAttribute("data-state", state)
        self.el.querySelector("#quickdraw-text").textContent = text

    def _open(self, seats, snap):
        if self.el is None:
            self._build()
        self.generation += 1
        self.seats = seats
        self.results = {}
        self.draw_at = None
        self.state = "wait"
        labels = snap.get("labels")
        self.el.querySelector("#quickdraw-title").textContent = title(snap)
        box = self.el.querySelector("#quickdraw-zones")
        box.innerHTML = ""
        self.zones = {}
        for index, seat in enumerate(seats):
            key = key_of(index)
            who = name(labels, seat)
            zone = element("button", None, type="button", data_seat=seat, data_key=key or "",
                           aria_label=who + ": press " + (key or "here") + " or tap here to draw")
            zone.className = "quickdraw-zone"
            if key:
                zone.setAttribute("aria-keyshortcuts", key)
            zone.appendChild(element("span", who, **{"class": "quickdraw-name"}))
            zone.appendChild(element("kbd", key or "tap"))
            zone.appendChild(element("span", "press " + key + " or tap here" if key else "tap here",
                                     **{"class": "quickdraw-how"}))
            zone.appendChild(element("span", "", **{"class": "quickdraw-result"}))
            box.appendChild(zone)
            self.zones[seat] = zone
        self.el.setAttribute("data-shooters", str(len(seats)))
        self._text("Hands off\u2026 wait for DRAW!", "wait")
        self.el.hidden = False
        document.documentElement.classList.add("quickdraw-open")
        self.el.focus()
        spawn(self._clock(self.generation))

    def _close(self):
        was_open = self.el is not None and not self.el.hidden
        self.state = "idle"
        self.seats = []
        if was_open:
            self.el.hidden = True
            document.documentElement.classList.remove("quickdraw-open")
            self.el.removeAttribute("data-state")
            self.focus_back()

    async def _clock(self, generation):
        low, high = WAIT_MS
        await asyncio.sleep_ms(low + int(float(window.Math.random()) * (high - low)))
        if generation != self.generation or self.state != "wait":
            return
        self.state = "draw"
        self._text("DRAW!", "draw")
        self.draw_at = now_ms()
        await asyncio.sleep_ms(DRAW_TIMEOUT_MS)
        if generation != self.generation or self.state != "draw":
            return
        for seat in self.seats:
            if seat not in self.results:
                self._record(seat, DRAW_TIMEOUT_MS)
        self._finish(generation)

    # --- presses --------------------------------------------------------------------------------------
    def _zone_press(self, event):
        zone = event.target.closest(".quickdraw-zone") if event.target else None
        if not zone:
            return
        event.preventDefault()
        self._press(int(str(zone.getAttribute("data-seat"))), event)

    def _key(self, event):
        if self.state == "idle" or self.el is None or self.el.hidden:
            return
        key = str(event.key)
        if key == "Escape":  # you can't flee a duel
            event.preventDefault()
            event.stopPropagation()
            return
        if key == "Tab":  # the focus stays in the dialog: it goes round its zones
            event.preventDefault()
            zones = [self.zones[s] for s in self.seats if s in self.zones]
            active = document.activeElement
            index = -1
            for i, zone in enumerate(zones):
                if active and zone.isSameNode(active):
                    index = i
            step = -1 if event.shiftKey else 1
            if zones:
                zones[(index + step) % len(zones) if index >= 0 else (0 if step > 0 else -1)].focus()
            return
        if event.ctrlKey or event.altKey or event.metaKey:
            return
        upper = key.upper()
        for index, seat in enumerate(self.seats):
            if key_of(index) == upper:
                event.preventDefault()
                self._press(seat, event)

    def _press(self, seat, event):
        if self.state not in ("wait", "draw") or seat not in self.seats or seat in self.results:
            return
        now = now_ms()
        try:
            stamp = float(event.timeStamp)  # when the key or touch happened, on performance.now()'s clock
        except Exception:
            stamp = now
        if not 0 < stamp <= now + 1:
            stamp = now
        self._record(seat, reaction(self.draw_at, stamp))
        if all(s in self.results for s in self.seats):
            self._finish(self.generation)

    def _record(self, seat, ms):
        self.results[seat] = ms
        zone = self.zones.get(seat)
        if zone:
            zone.setAttribute("data-result", "early" if ms is None else str(int(round(ms))))
            words = "Too early!" if ms is None else time_words(min(9999, max(1, int(round(ms)))))
            zone.querySelector(".quickdraw-result").textContent = words

    def _finish(self, generation):
        self.state = "sending"
        if all(self.results[s] is None for s in self.seats):
            self._text("Too early!", "sending")
        else:
            self._text("Bang!", "sending")
        spawn(self._send(generation))

    async def _send(self, generation):
        draws = [(seat, draw_action(self.results[seat])) for seat in self.seats]
        ok = await self.send(draws)
        if generation != self.generation:
            return
        if not ok:  # the page shows why; the seats still to draw get the dialog again
            self._close()
            self.update(self.snap)
            return
        self.state = "sent"
        self.update(self.snap)

    def _announce(self, snap):
        self.state = "result"
        self._text(outcome(snap, self.seats), "result")
        spawn(self._linger(self.generation))

    async def _linger(self, generation):
        await asyncio.sleep_ms(RESULT_MS)
        if generation != self.generation:
            return
        self._close()
        if self.snap is not None:
            self.update(self.snap)  # a void shootout: everyone draws again
