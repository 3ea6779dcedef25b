"""Clocks on every decision, agreed in the setup, counted by each page with its own time.

- a player's **time bank** (``time_bank`` s, plus ``time_increment`` s after each of its decisions) runs
  while one of its seats is to choose: a seat's move, or a simultaneous choice not yet committed;
- the **reveal deadline** (``reveal_deadline`` s per step) bounds the steps a page takes by itself: its
  deal share's commitment, and its reveal when its turn in the reveal order has come;
- the **away allowance** (``away_allowance`` s for the whole match) runs while a player is disconnected;
  while any player is away the other clocks stand still (the match is paused).
Whoever exhausts one forfeits, with the rule named. A spectator has no clock: it never holds anyone up.
Time is passed in, never read: a page ticks about once a second and on every message it handles.

A page charges another only for time it was running itself: of a gap between two runs longer than ``PAUSE``
(a throttled or hidden tab, a starved CPU, a long computation of its own; the messages that came meanwhile
are handled after it, so the page cannot tell when they arrived) it charges others ``PAUSE`` and itself the
whole gap. Another page that was running counts that time for them.
"""

from __future__ import annotations

from typing import Any

from ..engine import StateError
from .setup import Setup

DECIDE, AUTO = "decide", "auto"
PAUSE = 3.0  # s: at most this much of one gap between two runs is charged to another page (ticks are ~1 s)


class Clocks:
    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.players = setup.players()
        self.bank = {peer: float(setup.time_bank) for peer in self.players}
        self.auto = dict.fromkeys(self.players, 0.0)  # this step's automatic waiting
        self.away = dict.fromkeys(self.players, 0.0)
        self.last: float | None = None

    def run(self, now: float, owing: dict[int, str], connected: dict[int, bool], me: int) -> tuple[int, str] | None:
        """Charge the time since the last run; the first player that ran out, with the rule, or None."""
        elapsed = 0.0 if self.last is None else max(0.0, now - self.last)
        self.last = now if self.last is None else max(self.last, now)
        theirs = min(elapsed, PAUSE)  # (a longer gap is this page's own pause)
        absent = [peer for peer in self.players if peer != me and not connected.get(peer, True)]
        for peer in absent:
            self.away[peer] += theirs
        if not absent:
            for peer, what in owing.items():
                charged = elapsed if peer == me else theirs
                if what == DECIDE:
                    self.bank[peer] -= charged
                else:
                    self.auto[peer] += charged
        return self.exhausted()

    def exhausted(self) -> tuple[int, str] | None:
        setup = self.setup
        for peer in self.players:
            if self.away[peer] > setup.away_allowance:
                return peer, "away"
            if self.bank[peer] < 0:
                return peer, "time"
            if self.auto[peer] > setup.reveal_deadline:
                return peer, "reveal-time"
        return None

    def decided(self, peer: int) -> None:
        if peer in self.bank:
            self.bank[peer] += self.setup.time_increment

    def next_step(self) -> None:
        self.auto = dict.fromkeys(self.players, 0.0)

    def status(self, owing: dict[int, str], connected: dict[int, bool], me: int) -> list[dict[str, Any]]:
        """Each player's clocks, for the screen (seconds left)."""
        setup = self.setup
        return [{
            "peer": peer,
            "bank": round(max(0.0, self.bank[peer]), 1),
            "owes": owing.get(peer),
            "auto_left": round(max(0.0, setup.reveal_deadline - self.auto[peer]), 1),
            "away_left": round(max(0.0, setup.away_allowance - self.away[peer]), 1),
            "connected": peer == me or connected.get(peer, True),
        } for peer in self.players]

    def to_json(self) -> dict[str, Any]:
        return {"bank": [self.bank[p] for p in self.players], "auto": [self.auto[p] for p in self.players],
                "away": [self.away[p] for p in self.players]}

    def load(self, data: Any) -> None:
        """Restore saved clocks (the time the page was closed is not counted by this page)."""
        for name in ("bank", "auto", "away"):
            values = data[name]
            if not isinstance(values, list) or len(values) != len(self.players) or not all(
                isinstance(v, (int, float)) and not isinstance(v, bool) for v in values
            ):
                raise StateError(f"saved clocks: {name!r}")
            setattr(self, name, {peer: float(v) for peer, v in zip(self.players, values, strict=True)})
        self.last = None
