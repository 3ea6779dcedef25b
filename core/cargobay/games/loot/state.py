"""The state of a Loot N' Loaded match and its JSON form (checked field by field on the way in)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ... import tokens
from ...checks import boolean as _bool
from ...checks import choice as _choice
from ...checks import integer as _int
from ...checks import listed as _list
from ...engine import JSON, StateError
from . import dealt
from .actions import GUNS, SINGLE_USE, parse_card, parse_held, parse_owned
from .cards import TYPES, badge_date

ROUNDS = 10
PHASES = ("deck", "pick", "gun", "shootout", "coin", "prompt", "playoff", "end", "open")
MODES = ("quick-draw", "gun cards")
PROMPTS = ("discard", "steal", "handkerchief", "copy", "take", "trade", "arrange", "letter")
EARLY = 0  # a draw time of 0: pressed before "Draw!"


@dataclass
class LootState:
    """A match of Loot N' Loaded; mutable inside the engine only, which copies before it changes one (``copy``: every
    list new, for a caller that changes the copy; ``fork`` and ``sharing``: the engine's own, some lists shared)."""

    players: int = 2
    mode: str = "quick-draw"  # how ties and Duel Guns are settled (the option "shootout")
    items: tuple[str, ...] = ()  # the chosen item types; () = the recommended random mix
    spots: int = 2  # locations
    phase: str = "deck"
    round: int = 0
    fresh: bool = False  # the round's Love Letters and first pick are still to come
    deck: list[str] = field(default_factory=list)  # top first
    locations: list[str | None] = field(default_factory=list)
    collections: list[list[str]] = field(default_factory=list)  # in the order gained
    flags: list[int] = field(default_factory=list)
    spent: list[list[str]] = field(default_factory=list)  # single-use guns used
    discards: list[str] = field(default_factory=list)
    pickers: list[int] = field(default_factory=list)  # seats picking now (everyone, or a redo group)
    picks: list[int | None] = field(default_factory=list)  # per seat, this pick node's secret location
    sitting: list[int] = field(default_factory=list)  # seats that took a card with a Love Letter this round
    crowded: list[int] = field(default_factory=list)  # locations crowded (3+) this round
    redo: list[int] = field(default_factory=list)  # crowded seats waiting to redo
    duels: list[list[int]] = field(default_factory=list)  # [location, seat, seat], the first one is on
    guns: list[str | None] = field(default_factory=list)  # per seat, the secret gun card of the duel on
    ties: int = 0  # tied gun cards (or void shootouts) in a row
    shooters: list[int] = field(default_factory=list)  # seats in the quick-draw shootout on
    draws: list[int | None] = field(default_factory=list)  # per seat, the secret reaction time (ms; 0 = early)
    coin_among: list[int] = field(default_factory=list)  # the seats a coin toss chooses from
    tied: list[int] = field(default_factory=list)  # after round 10: the seats tied for the most points
    playoff: list[int] = field(default_factory=list)  # the tied seats still in the playoff
    winner: int | None = None
    queue: list[list[int]] = field(default_factory=list)  # pickups still to resolve: [location, seat]
    gains: list[list[Any]] = field(default_factory=list)  # cards being gained, next first: [seat, card]
    prompt: list[Any] | None = None  # [seat, kind, card]: an item card's choice pending
    held: list[str] = field(default_factory=list)  # cards out of the deck while a prompt decides (seen by it)
    letters: list[list[int]] = field(default_factory=list)  # unused Love Letters: [seat, round, location]
    badges: list[list[int]] = field(default_factory=list)  # Sheriff's Badges held, oldest first: [seat, round, loc]
    asking: list[int] = field(default_factory=list)  # seats still to be asked about their Love Letter
    source: int = 0  # the location whose card is being resolved (orders Love Letters)
    last: dict[str, Any] | None = None  # the last revealed secret choices: {"kind", "choices": [[seat, v]]}
    events: list[str] = field(default_factory=list)  # what happened since the last node, for the board
    crypto: dict[str, Any] | None = None  # the deck dealt cryptographically (option ``crypto``; dealt.py)

    def copy(self) -> LootState:
        # (field by field past __init__: a random playout copies the state at every action, and the dataclass's
        # keyword __init__ was a fifth of Loot's engine time; every list is new, as before)
        new = object.__new__(LootState)
        data = self.__dict__.copy()  # the ints, strings, the items tuple and ``last`` (never changed in place)
        data["deck"] = self.deck[:]
        data["locations"] = self.locations[:]
        data["collections"] = [*map(_copied, self.collections)]
        data["flags"] = self.flags[:]
        data["spent"] = [*map(_copied, self.spent)]
        data["discards"] = self.discards[:]
        data["pickers"] = self.pickers[:]
        data["picks"] = self.picks[:]
        data["sitting"] = self.sitting[:]
        data["crowded"] = self.crowded[:]
        data["redo"] = self.redo[:]
        duels, queue, gains, letters, badges = self.duels, self.queue, self.gains, self.letters, self.badges
        data["duels"] = [*map(_copied, duels)] if duels else []  # (mostly empty: no call then)
        data["guns"] = self.guns[:]
        data["shooters"] = self.shooters[:]
        data["draws"] = self.draws[:]
        data["coin_among"] = self.coin_among[:]
        data["tied"] = self.tied[:]
        data["playoff"] = self.playoff[:]
        data["queue"] = [*map(_copied, queue)] if queue else []
        data["gains"] = [*map(_copied, gains)] if gains else []
        data["prompt"] = None if self.prompt is None else self.prompt[:]
        data["held"] = self.held[:]
        data["letters"] = [*map(_copied, letters)] if letters else []
        data["badges"] = [*map(_copied, badges)] if badges else []
        data["asking"] = self.asking[:]
        data["events"] = self.events[:]
        data["crypto"] = None if self.crypto is None else dealt.copy(self.crypto)
        new.__dict__ = data
        return new

    def fork(self) -> LootState:
        """The engine's copy for an action that resolves: new lists for what the rules change in place (the deck, the
        locations, the collections, the cards held, the gains, Love Letters and Badges), every other list shared (the
        rules give a state a new one of those, never change one in place), and the events new and empty (each such
        action tells its own)."""
        new = object.__new__(LootState)
        data = self.__dict__.copy()  # (the shared lists, the ints, strings, the items tuple and ``last``)
        data["deck"] = self.deck[:]
        data["locations"] = self.locations[:]
        data["collections"] = [*map(_copied, self.collections)]
        data["held"] = self.held[:]
        gains, letters, badges = self.gains, self.letters, self.badges  # (their entries are never changed in place)
        data["gains"] = gains[:] if gains else []
        data["letters"] = letters[:] if letters else []
        data["badges"] = badges[:] if badges else []
        data["events"] = []
        data["crypto"] = None if self.crypto is None else dealt.copy(self.crypto)
        new.__dict__ = data
        return new

    def sharing(self) -> LootState:
        """A copy sharing every list with this state: for a secret choice that only replaces one list (a pick, gun
        or draw of a node others still choose in); the engine changes neither state in place afterwards."""
        new = object.__new__(LootState)
        new.__dict__ = self.__dict__.copy()
        return new


_copied = list.copy


def blank(players: int, mode: str, items: tuple[str, ...], spots: int, crypto: dict[str, Any] | None) -> LootState:
    """A match before its deck is made, as ``LootState(players=.., mode=.., items=.., spots=.., locations=[None] *
    spots, collections, flags, spent, picks, guns and draws one entry per seat, crypto=..)`` builds it: the fields
    written out in their order past the dataclass's keyword ``__init__`` (a random playout starts a match each time)."""
    new = object.__new__(LootState)
    new.__dict__ = {
        "players": players, "mode": mode, "items": items, "spots": spots, "phase": "deck", "round": 0,
        "fresh": False, "deck": [], "locations": [None] * spots, "collections": [[] for _ in range(players)],
        "flags": [0] * players, "spent": [[] for _ in range(players)], "discards": [], "pickers": [],
        "picks": [None] * players, "sitting": [], "crowded": [], "redo": [], "duels": [], "guns": [None] * players,
        "ties": 0, "shooters": [], "draws": [None] * players, "coin_among": [], "tied": [], "playoff": [],
        "winner": None, "queue": [], "gains": [], "prompt": None, "held": [], "letters": [], "badges": [],
        "asking": [], "source": 0, "last": None, "events": [], "crypto": crypto,
    }
    return new


FIELDS = ("players", "mode", "items", "spots", "phase", "round", "fresh", "deck", "locations", "collections",
          "flags", "spent", "discards", "pickers", "picks", "sitting", "crowded", "redo", "duels", "guns", "ties",
          "shooters", "draws", "coin_among", "tied", "playoff", "winner", "queue", "gains", "prompt", "held",
          "letters", "badges", "asking", "source", "last", "events")


def to_json(state: LootState) -> JSON:
    copied = state.copy()  # every list is new
    data = {name: getattr(copied, name) for name in FIELDS}
    data["items"] = list(state.items)
    if state.crypto is not None:
        data["crypto"] = copied.crypto
    return data


def from_json(data: Mapping[str, Any]) -> LootState:
    """A state from its JSON form, every field checked; StateError names what is wrong."""
    try:
        state = _read(data)
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise StateError(f"not a Loot N' Loaded state: {error}") from error
    _consistent(state)
    return state


def _read(data: Mapping[str, Any]) -> LootState:
    players = _int(data["players"], 2, 6)
    spots = _int(data["spots"], 2, 6)

    def seats(value: Any) -> list[Any]:
        if not isinstance(value, list) or len(value) != players:
            raise ValueError("expected one entry per seat")
        return value

    def seat(value: Any) -> int:
        return _int(value, 0, players - 1)

    def seat_list(value: Any) -> list[int]:
        return [seat(s) for s in _list(value)]

    def spot(value: Any) -> int:
        return _int(value, 1, spots)

    locations = _list(data["locations"])
    if len(locations) != spots:
        raise ValueError(f"expected {spots} locations")
    prompt = data["prompt"]
    last = data["last"]
    if last is not None:
        last = {"kind": _choice(last["kind"], ("pick", "gun", "shootout", "playoff")),
                "choices": [[seat(pair[0]), _reveal(pair[1])] for pair in _list(last["choices"])]}
    winner = data["winner"]
    crypto = tokens.read(data.get("crypto"), _card, PHASES)  # the deck dealt cryptographically (dealt.py)
    return LootState(
        players=players,
        mode=_choice(data["mode"], MODES),
        items=tuple(_choice(name, tuple(TYPES)) for name in _list(data["items"])),
        spots=spots,
        phase=_choice(data["phase"], PHASES),
        round=_int(data["round"], 0, ROUNDS),
        fresh=_bool(data["fresh"]),
        deck=[parse_held(c) if crypto else _card(c) for c in _list(data["deck"])],
        locations=[None if c is None else _card(c) for c in locations],
        collections=[[_owned(c) for c in _list(cards)] for cards in seats(data["collections"])],
        flags=[_int(f, 0, 1000) for f in seats(data["flags"])],
        spent=[[_choice(g, SINGLE_USE) for g in _list(s)] for s in seats(data["spent"])],
        discards=[_card(c) for c in _list(data["discards"])],
        pickers=seat_list(data["pickers"]),
        picks=[None if p is None else spot(p) for p in seats(data["picks"])],
        sitting=seat_list(data["sitting"]),
        crowded=[spot(p) for p in _list(data["crowded"])],
        redo=seat_list(data["redo"]),
        duels=[[spot(d[0]), *seat_list(d[1:])] for d in _list(data["duels"])],
        guns=[None if g is None else _choice(g, GUNS) for g in seats(data["guns"])],
        ties=_int(data["ties"], 0, 3),
        shooters=seat_list(data["shooters"]),
        draws=[None if d is None else _int(d, 0, 9999) for d in seats(data["draws"])],
        coin_among=seat_list(data["coin_among"]),
        tied=seat_list(data["tied"]),
        playoff=seat_list(data["playoff"]),
        winner=None if winner is None else seat(winner),
        queue=[[spot(q[0]), seat(q[1])] for q in _list(data["queue"])],
        gains=[[seat(g[0]), _owned(g[1], dated=False)] for g in _list(data["gains"])],
        prompt=None if prompt is None else [seat(prompt[0]), _choice(prompt[1], PROMPTS), _owned(prompt[2])],
        held=[parse_held(c) if crypto else _card(c) for c in _list(data["held"])],
        letters=[[seat(e[0]), _int(e[1], 1, ROUNDS), _int(e[2], 0, spots)] for e in _list(data["letters"])],
        badges=[[seat(e[0]), _int(e[1], 1, ROUNDS), _int(e[2], 0, spots)] for e in _list(data["badges"])],
        asking=seat_list(data["asking"]),
        source=_int(data["source"], 0, spots),
        last=last,
        events=[str(e) for e in _list(data["events"])],
        crypto=crypto,
    )


def _consistent(state: LootState) -> None:
    if any(len(d) != 3 for d in state.duels):
        raise StateError("a duel is a location and two seats")
    if state.phase == "gun" and not state.duels:
        raise StateError("a gun card is played only in a duel")
    if state.phase == "pick" and not state.pickers:
        raise StateError("a pick needs players picking")
    if state.phase == "shootout" and len(state.shooters) < 2:
        raise StateError("a shootout needs two shooters")
    if state.phase == "coin" and len(state.coin_among) < 2:
        raise StateError("a coin toss needs two seats to choose from")
    if state.phase == "playoff" and len(state.playoff) < 2:
        raise StateError("a playoff needs two tied seats")
    waiting = state.crypto["opening"] if state.crypto is not None else None
    if state.phase == "open" and waiting is None:
        raise StateError("cards are opened (phase open) only for an action waiting in a match dealt cryptographically")
    # while cards open (dealt.py), the state is the one before the waiting action: a prompt's answer waits in it
    phase = waiting["phase"] if state.phase == "open" and waiting is not None else state.phase
    if (phase == "prompt") != (state.prompt is not None):
        raise StateError("an item card's choice is pending exactly in the prompt phase (or while cards open for "
                         "its answer)")
    if state.phase == "end" and state.winner is None:
        raise StateError("an ended match has a winner")
    dates = sorted([seat, *date] for seat, cards in enumerate(state.collections) for card in cards
                   if (date := badge_date(card)) is not None)
    if dates != sorted(state.badges):
        raise StateError("the Sheriff's Badges listed are not the dated Badges in the collections (ruling 6)")


def _reveal(value: Any) -> int | str:
    if isinstance(value, str):
        return _choice(value, GUNS)
    return _int(value, 0, 9999)


def _card(value: Any) -> str:
    """A card as it lies in the deck or on a location (never a Copy Cat's copy)."""
    if not isinstance(value, str):
        raise ValueError(f"expected a card code, got {value!r}")
    return parse_card(value)


def _owned(value: Any, dated: bool = True) -> str:
    """A card in a collection: also ``cat=<card>`` or ``cat=flag``; a Badge dated ``sheriff@<round>.<location>``
    (``dated=False``: a card still to be gained, undated)."""
    if value == "flag" and dated:  # a White Flag card being gained (ruling 8) is one; held, it is counted
        raise ValueError("a White Flag is counted in flags, not listed in a collection")
    if not dated and value == "cat=sheriff":
        return "cat=sheriff"
    if dated and isinstance(value, str) and "sheriff" in value:
        return parse_owned(value)
    if isinstance(value, str) and value.startswith("cat="):
        copied = value[4:]
        if copied != "flag" and (copied == "cat" or copied.startswith("cat") or _card(copied) != copied):
            raise ValueError(f"{value!r}: a Copy Cat copies a card")
        return value
    return _card(value)
