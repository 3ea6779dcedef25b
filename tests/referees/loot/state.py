"""The Loot N' Loaded referee's state (``Table``): the table (deck, locations, collections, White Flags, guns
spent, discards, unused Love Letters, Sheriff's Badges), the node being decided, the agenda of tasks the flow works
through, White Flags and draws (R5, R6, R7's waiting Copy Cats), the scores and the public picture, in the engine
view's shape. The rules' flow is ``referee.Referee`` on the card effects of ``effects.Effects``."""

from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass, field
from typing import Any

from tests.referees.loot.tables import Card, score


@dataclass
class Table:
    players: int
    mode: str = "quick-draw"                 # or "gun cards"
    third_location: bool = True
    items: tuple[str, ...] = ()
    deck: list[str] = field(default_factory=list)
    locations: list[str | None] = field(default_factory=list)
    colls: list[list[Card]] = field(default_factory=list)
    flags: list[int] = field(default_factory=list)
    spent: list[list[str]] = field(default_factory=list)     # single-use guns, in the order used
    discards: list[str] = field(default_factory=list)
    letters: list[list[int]] = field(default_factory=list)   # unused Love Letters: [seat, round, location]
    badges: list[list[int]] = field(default_factory=list)    # Sheriff's Badges (R11): [seat, round, location, n]
    round: int = 0
    phase: str = "deck"     # deck pick gun shootout coin prompt playoff end
    agenda: deque[tuple[Any, ...]] = field(default_factory=deque)
    # the node
    pickers: list[int] = field(default_factory=list)
    picks: dict[int, int] = field(default_factory=dict)
    duel: tuple[int, int, int] | None = None                  # location, seat, seat
    guns: dict[int, str] = field(default_factory=dict)
    ties: int = 0
    shooters: list[int] = field(default_factory=list)
    draws: dict[int, int] = field(default_factory=dict)
    voids: int = 0
    coin_among: list[int] = field(default_factory=list)
    prompt: tuple[int, str, str] | None = None
    prompt_data: dict[str, Any] = field(default_factory=dict)
    held: list[str] = field(default_factory=list)
    tied: list[int] = field(default_factory=list)
    playoff: list[int] = field(default_factory=list)
    quiet: int = 0                                             # playoff rounds in a row with nobody out
    winner: int | None = None
    # the round
    sitting: set[int] = field(default_factory=set)
    asked: set[int] = field(default_factory=set)
    crowded: set[int] = field(default_factory=set)
    # what happened (for coverage figures)
    seen: Counter[str] = field(default_factory=Counter)
    # situations where the engine is known to disagree with the texts (see KNOWN): name -> first step
    known: dict[str, int] = field(default_factory=dict)
    steps: int = 0
    clock: int = 0                                             # Badges obtained so far (the n of an entry)

    def __post_init__(self) -> None:
        n = self.players
        self.spots = (3 if self.third_location else 2) if n == 2 else n
        self.locations = [None] * self.spots
        self.colls = [[] for _ in range(n)]
        self.flags = [0] * n
        self.spent = [[] for _ in range(n)]

    # ---- the agenda ------------------------------------------------------------------------------------------
    def _front(self, *tasks: tuple[Any, ...]) -> None:
        for task in reversed(tasks):
            self.agenda.appendleft(task)

    def _node(self, phase: str) -> None:
        self.phase = phase

    def _run(self) -> None:
        """Work through the agenda until a decision (a node) is needed."""
        while self.phase == "busy":
            if not self.agenda:
                raise AssertionError("empty agenda")
            task = self.agenda.popleft()
            getattr(self, "_t_" + task[0])(*task[1:])

    def _ask(self, seat: int, kind: str, label: str, **data: Any) -> None:
        self.prompt = (seat, kind, label)
        self.prompt_data = data
        self.seen[f"prompt {kind}"] += 1
        self._node("prompt")

    # ---- what a seat may copy --------------------------------------------------------------------------------
    def _copyable(self, seat: int, cat: Card) -> set[str]:
        out = {c.counts for c in self.colls[seat] if c is not cat and c.counts != "cat"}
        if self.flags[seat]:
            out.add("flag")
        return out

    # ---- White Flags and draws -------------------------------------------------------------------------------
    def _flag(self, seat: int) -> None:
        self.flags[seat] += 1
        waiting = [c for c in self.colls[seat] if c.code == "cat" and c.copy is None]
        if len(waiting) >= 2:
            self.seen["cats waited: flag (2 at once)"] += 1
        for c in waiting:          # it becomes the card received: it moves to where that card comes in
            c.copy = "flag"
            self.seen["cat waited: flag"] += 1
        self.colls[seat] = [c for c in self.colls[seat] if c not in waiting] + waiting

    def _draw(self, k: int) -> list[str]:
        out, self.deck = self.deck[:k], self.deck[k:]
        if len(out) < k:
            self.seen["effect short of cards"] += 1
        return out

    # ---- scores ----------------------------------------------------------------------------------------------
    def newest_badge(self) -> int | None:
        return self.badges[-1][0] if self.badges else None

    def scores(self) -> list[int]:
        return score([[c.counts for c in coll] for coll in self.colls], self.flags, self.newest_badge())

    def result(self) -> dict[str, Any]:
        return {"scores": self.scores(), "winners": [self.winner], "tied": list(self.tied)}

    # ---- the public picture, in the engine view's shape ------------------------------------------------------
    def picture(self) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "round": self.round,
            "locations": list(self.locations),
            "collections": [[c.text for c in coll] for coll in self.colls],
            "flags": list(self.flags),
            "spent": [list(s) for s in self.spent],
            "discards": list(self.discards),
            "deck_count": len(self.deck),
            "letters": [list(e) for e in self.letters],
            "badges": [e[:3] for e in self.badges],
            "newest_badge": self.newest_badge(),
            "scores": self.scores(),
            "prompt": list(self.prompt) if self.prompt else None,
        }

    def node_picture(self) -> dict[str, Any]:
        """The node's own fields, in the engine view's shape (compared in that phase only)."""
        if self.phase == "pick":
            return {"pickers": sorted(self.pickers), "sitting": sorted(self.sitting),
                    "crowded": sorted(loc + 1 for loc in self.crowded)}
        if self.phase == "coin":
            return {"coin_among": sorted(self.coin_among)}
        if self.phase == "shootout":
            return {"shooters": sorted(self.shooters)}
        if self.phase == "playoff":
            return {"playoff": sorted(self.playoff), "tied": list(self.tied)}
        return {}
