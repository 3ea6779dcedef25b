"""Stable integer ids for every pick of every game (OpenSpiel's ``num_distinct_actions``).

A pick is what a seat chooses at one node: a complete action, or a selection step of one (``Choices``), as
strings. Each game's codec maps a pick to an id in ``range(codec.size)`` from the pick's text alone, the same
in every process and every match:

- LOAD! and Haul: every action and step of the game, listed (``Listed``): the id is its index.
- Loot N' Loaded: one block per kind (``pick:3``, ``gun:deadly``, ``draw:420``, ``trade:oil:gold``...), the
  card names through one list; a card put back into the deck at any depth (ruling 7) in its selection steps:
  the card (``put:oil``), "deeper" (``put:oil:deeper``), then the card and its depth (``put:oil:17``,
  ``put:oil:bottom``).
- Team UP!: the box in its orientation (the selection step ``box:B-red@h``), then ``place`` with the box and
  its corner cell.
- TF22: the selection steps the page has (``unit:7``, then ``cargo:7>40``, then ``unload:7>40@12,6``): each
  id says only what the pick adds to the step before it (the unit, then the cargo, then the hex), so there
  are a few thousand ids in all rather than one per (unit, cargo, hex).

``Table`` (``steps.py``) checks at every node that the legal picks' ids are distinct.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..engine import CargoBayError


class CodecError(CargoBayError, ValueError):
    """A pick the game's codec has no id for (a bug: every legal pick has one)."""


@dataclass
class Blocks:
    """Consecutive id ranges, one per kind of pick: ``add("move", 100)`` reserves 100 ids."""

    size: int = 0
    base: dict[str, int] = field(default_factory=dict)
    span: dict[str, int] = field(default_factory=dict)

    def add(self, kind: str, count: int) -> None:
        self.base[kind] = self.size
        self.span[kind] = count
        self.size += count

    def id(self, kind: str, offset: int, pick: str) -> int:
        if kind not in self.base or not 0 <= offset < self.span[kind]:
            raise CodecError(f"no action id for {pick!r}")
        return self.base[kind] + offset

    def kind_of(self, action_id: int) -> tuple[str, int]:
        for kind, base in self.base.items():
            if base <= action_id < base + self.span[kind]:
                return kind, action_id - base
        raise CodecError(f"action id {action_id} is out of range")


class Codec:
    """pick -> id for one game; ``describe(id)`` says what an id means wherever it is legal."""

    size: int

    def encode(self, pick: str) -> int:
        raise NotImplementedError

    def describe(self, action_id: int) -> str:
        raise NotImplementedError


class Listed(Codec):
    """Every pick listed once: the id is its index."""

    def __init__(self, picks: Sequence[str]) -> None:
        self.picks = tuple(picks)
        self.index = {pick: number for number, pick in enumerate(self.picks)}
        if len(self.index) != len(self.picks):
            raise ValueError("a listed codec names each pick once")
        self.size = len(self.picks)

    def encode(self, pick: str) -> int:
        if pick not in self.index:
            raise CodecError(f"no action id for {pick!r}")
        return self.index[pick]

    def describe(self, action_id: int) -> str:
        return self.picks[action_id] if 0 <= action_id < self.size else f"<id {action_id}>"


class Parsed(Codec):
    """Blocks of ids and a parser that places a pick in one (kind, offset)."""

    def __init__(self, blocks: Blocks, parse: Callable[[str], tuple[str, int]],
                 describe: Callable[[str, int], str]) -> None:
        self.blocks = blocks
        self.parse = parse
        self.size = blocks.size
        self._describe = describe

    def encode(self, pick: str) -> int:
        try:
            kind, offset = self.parse(pick)
        except (ValueError, KeyError, IndexError) as error:
            raise CodecError(f"no action id for {pick!r}") from error
        return self.blocks.id(kind, offset, pick)

    def describe(self, action_id: int) -> str:
        try:
            return self._describe(*self.blocks.kind_of(action_id))
        except CodecError:
            return f"<id {action_id}>"


# --- LOAD! and Haul: listed ------------------------------------------------------------------------------
def load_codec() -> Codec:
    from ..games.load.actions import COLOURS, SLOTS

    slots = range(1, SLOTS + 1)
    picks = [f"play:{c}{v}" for c in COLOURS for v in "0123"]
    picks += [f"load:{c}@{s}" for c in COLOURS for s in slots]
    picks += [f"reload:{c}@{s}" for c in COLOURS for s in slots]
    picks += [f"reload:{c}@{s}>{t}" for c in COLOURS for s in slots for t in slots]
    return Listed(picks)


def haul_codec() -> Codec:
    from ..games.haul.actions import DECK, SUITS

    picks = [f"{kind}:{card}" for kind in ("play", "resolve", "claim", "refuel") for card in DECK]
    picks += [f"claim:{card}>{suit}" for card in DECK for suit in SUITS]
    return Listed(picks)


# --- Loot N' Loaded ---------------------------------------------------------------------------------------
DEPTHS = 128  # a card put back: depths 0 (the top) to 127 (a Loot deck holds at most 15 x 6 + 8 = 98 cards)


def loot_codec() -> Codec:
    from ..games.loot.actions import CARD_NAMES, GUNS
    from ..games.loot.rules import DRAW_TIMES, ROUNDS

    codes = [*sorted(CARD_NAMES), "flag"]
    cards = codes + [f"cat={code}" for code in codes]  # a Copy Cat shows the card it copies
    seats, locations = 6, 6
    # A Badge in a collection (or a Copy Cat copying one) carries its date, round and location (ruling 6); every
    # date has its own number, after the plain cards.
    dates = [f"@{round_}.{spot}" for round_ in range(1, ROUNDS + 1) for spot in range(1, locations + 1)]
    cards += [f"{badge}{date}" for badge in ("sheriff", "cat=sheriff") for date in dates]
    card = {name: number for number, name in enumerate(cards)}
    times = {ms: number for number, ms in enumerate(DRAW_TIMES)}
    blocks = Blocks()
    for kind, count in (("pick", locations), ("letter", locations + 1), ("gun", len(GUNS)), ("draw", len(times) + 1),
                        ("handkerchief", 2), ("discard", len(cards) * (len(cards) + 1)),
                        ("steal", seats * len(cards)), ("copy", len(cards)), ("take", len(cards)),
                        ("trade", 1 + len(cards) * len(cards))):
        blocks.add(kind, count)
    blocks.add("put", len(cards) * (DEPTHS + 1))  # the last depth of a card's range is the bottom
    blocks.add("putcard", len(cards))
    blocks.add("putdeeper", len(cards))

    def parse(pick: str) -> tuple[str, int]:
        if pick in ("keep", "draw"):
            return "handkerchief", int(pick == "draw")
        kind, _, rest = pick.partition(":")
        if kind == "pick":
            return kind, int(rest) - 1
        if kind == "letter":
            return kind, locations if rest == "later" else int(rest) - 1
        if kind == "gun":
            return kind, GUNS.index(rest)
        if kind == "draw":
            return kind, len(times) if rest == "early" else times[int(rest)]
        if kind == "discard":
            first, _, second = rest.partition("+")
            return kind, card[first] * (len(cards) + 1) + (card[second] + 1 if second else 0)
        if kind == "steal":
            victim, _, name = rest.partition(":")
            return kind, int(victim) * len(cards) + card[name]
        if kind in ("copy", "take"):
            return kind, card[rest]
        if kind == "trade":
            if rest == "none":
                return kind, 0
            drawn, _, own = rest.partition(":")
            return kind, 1 + card[drawn] * len(cards) + card[own]
        if kind == "put":
            name, _, depth = rest.partition(":")
            if not depth:
                return "putcard", card[name]
            if depth == "deeper":
                return "putdeeper", card[name]
            at = DEPTHS if depth == "bottom" else int(depth)
            if not (depth == "bottom" or (depth.isascii() and depth.isdigit() and at < DEPTHS)):
                raise ValueError(depth)
            return kind, card[name] * (DEPTHS + 1) + at
        raise KeyError(kind)

    def describe(kind: str, offset: int) -> str:
        if kind == "put":
            name, depth = divmod(offset, DEPTHS + 1)
            return f"put {cards[name]} back " + ("at the bottom" if depth == DEPTHS else f"at depth {depth}")
        if kind in ("putcard", "putdeeper"):
            return f"{kind} {cards[offset]}"
        return f"{kind} #{offset}"

    return Parsed(blocks, parse, describe)


# --- Team UP! ---------------------------------------------------------------------------------------------
def teamup_codec() -> Codec:
    from ..games.teamup.actions import BOXES
    from ..games.teamup.components import DEPTH, WIDTH
    from ..games.teamup.geometry import ORIENTS

    picks = ["draw", "stop", "confirm:stop", *(f"box:{box}@{o}" for box in BOXES for o in ORIENTS)]
    picks += [f"place:{box}@{o}:{x},{y}" for box in BOXES for o in ORIENTS for y in range(DEPTH) for x in range(WIDTH)]
    return Listed(picks)


# --- TF22: what each selection step adds ------------------------------------------------------------------
PIECES = 512  # piece ids are below this (a match has some 150 pieces; built units get the next ids)
TOWARDS = 7  # a place: a hex, and for a Sea Freighter its direction 0-5 (0 here: none)


def tf22_codec() -> Codec:
    from ..games.tf22.board import CELLS, parse_hex
    from ..games.tf22.units import BUILDABLE

    blocks = Blocks()
    for kind, count in (("end", 1), ("takeoff", 1), ("undo", 1), ("lose", PIECES), ("unit", PIECES),
                        ("site", CELLS), ("land", 2), ("move", CELLS * TOWARDS), ("load", PIECES),
                        ("cargo", PIECES), ("unload", CELLS * TOWARDS), ("aim", PIECES), ("fire", PIECES),
                        ("capture", PIECES), ("board", PIECES), ("make", len(BUILDABLE)), ("build", CELLS),
                        ("repair", CELLS), ("replace", 1)):
        blocks.add(kind, count)

    def place(text: str) -> int:
        cell, slash, towards = text.partition("/")
        return parse_hex(cell) * TOWARDS + (int(towards) + 1 if slash else 0)

    def parse(pick: str) -> tuple[str, int]:
        if pick in ("end", "takeoff", "undo"):
            return pick, 0
        kind, _, rest = pick.partition(":")
        head, _, tail = rest.partition(">")
        if kind in ("lose", "unit"):
            return kind, int(rest)
        if kind == "site":
            return kind, parse_hex(rest)
        if kind == "land":
            return kind, int(rest.partition("/")[2])
        if kind == "move":
            return kind, place(tail)
        if kind == "load":
            return kind, int(rest.partition("<")[2])
        if kind in ("cargo", "aim"):
            return kind, int(tail)
        if kind == "unload":
            return kind, place(tail.partition("@")[2])
        if kind in ("fire", "capture"):
            _, plus, partner = head.partition("+")
            return (kind, int(partner)) if plus else ("board", int(tail))
        if kind == "make":
            return kind, BUILDABLE.index(tail)
        if kind == "build":
            return kind, parse_hex(tail.partition("@")[2])
        if kind == "repair":
            return kind, parse_hex(tail)
        if kind == "replace":
            return kind, 0
        raise KeyError(kind)

    def describe(kind: str, offset: int) -> str:
        if kind in ("move", "unload"):
            facing = f" facing {offset % TOWARDS - 1}" if offset % TOWARDS else ""
            return f"{kind} to hex #{offset // TOWARDS}{facing}"
        return kind if blocks.span[kind] == 1 else f"{kind} #{offset}"

    return Parsed(blocks, parse, describe)


CODECS: dict[str, Callable[[], Codec]] = {
    "load": load_codec,
    "haul": haul_codec,
    "loot": loot_codec,
    "teamup": teamup_codec,
    "tf22": tf22_codec,
}
_BUILT: dict[str, Codec] = {}


def codec(game_id: str) -> Codec:
    """The codec of a game (built once)."""
    if game_id not in CODECS:
        raise CodecError(f"no research adapter for game {game_id!r} (adapted: {', '.join(CODECS)})")
    if game_id not in _BUILT:
        _BUILT[game_id] = CODECS[game_id]()
    return _BUILT[game_id]
