"""Fixed-size encodings of one seat's view (OpenSpiel's observation tensor, PettingZoo's observation).

Everything is read from ``Game.view(state, seat)``, never from the state, and written from the seat's own
angle: "me" first, then the others clockwise (``order``). LOAD! and Haul have a natural encoding (cards as
one-hot or counts over the deck, ships and trailers as slots). The other games' views (a hex map, a 3D pallet,
prompts of many kinds) have none that is fixed and natural; for them ``view_bytes`` gives the view's canonical
JSON as UTF-8 bytes, zero-padded to a fixed length, which decodes back to the view exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..engine import CargoBayError

Vector = list[float]


class ViewTooLarge(CargoBayError, ValueError):
    """A view longer than its game's byte encoding allows."""


def _order(seat: int, seats: int) -> list[int]:
    return [(seat + k) % seats for k in range(seats)]


_INDEX: dict[tuple[str, ...], dict[str, int]] = {}


def _counts(cards: Sequence[str], deck: tuple[str, ...]) -> Vector:
    index = _INDEX.get(deck)
    if index is None:
        index = _INDEX[deck] = {card: number for number, card in enumerate(deck)}
    out = [0.0] * len(deck)
    for card in cards:
        if card in index:
            out[index[card]] += 1.0
    return out


def _one_hot(value: Any, choices: Sequence[Any]) -> Vector:
    return [1.0 if value == choice else 0.0 for choice in choices]


# --- LOAD! ------------------------------------------------------------------------------------------------
def _load_layout() -> tuple[tuple[str, ...], str, int]:
    from ..games.load.actions import COLOURS, SLOTS

    cards = tuple(f"{c}{v}" for c in COLOURS for v in "0123")
    return cards, COLOURS, SLOTS


LOAD_PHASES = ("deal", "choose", "load", "end")


def load_tensor(view: Mapping[str, Any]) -> Vector:
    """LOAD! from seat ``view["seat"]``: 3 rounds, turn, phase; my hand (counts over the 16 card kinds), each
    seat's won pile and the discards; my secret choice; the last battle's cards; per seat its ship (5 slots x
    4 colours present), majorities, colours it cannot take, score; the supply; who is to act and load."""
    cards, colours, slots = _load_layout()
    seat = int(view["seat"])
    order = _order(seat, 2)
    out: Vector = _one_hot(view.get("round"), (1, 2, 3))
    out += [float(view.get("turn") or 0) / 12.0]
    out += _one_hot(view.get("phase"), LOAD_PHASES)
    out += _counts(view.get("hand") or [], cards)
    piles = view.get("piles") or [[], []]
    for other in order:
        out += _counts(piles[other], cards)
    out += _counts(view.get("discarded") or [], cards)
    out += _counts([view["my_choice"]] if view.get("my_choice") else [], cards)
    battle = view.get("last_battle") or {}
    out += _counts(battle.get("cards") or [], cards)
    ships = view.get("ships") or [[[] for _ in range(slots)]] * 2
    majorities = view.get("majorities") or [[], []]
    cannot = view.get("cannot_take") or [[], []]
    scores = view.get("scores") or [0, 0]
    chosen = view.get("chosen") or [False, False]
    to_act = view.get("to_act") or []
    for other in order:
        for slot in ships[other]:
            out += [1.0 if colour in slot else 0.0 for colour in colours]
        out += [1.0 if colour in majorities[other] else 0.0 for colour in colours]
        out += [1.0 if colour in cannot[other] else 0.0 for colour in colours]
        out += [float(scores[other]) / 50.0, 1.0 if chosen[other] else 0.0, 1.0 if other in to_act else 0.0,
                1.0 if view.get("loader") == other else 0.0, float((view.get("hand_counts") or [0, 0])[other]) / 12.0]
    supply = view.get("supply") or {}
    out += [float(supply.get(colour, 0)) / 9.0 for colour in colours]
    out += [1.0 if colour in (view.get("load_colours") or []) else 0.0 for colour in colours]
    return out


# --- Haul -------------------------------------------------------------------------------------------------
HAUL_PHASES = ("dealer", "deal", "play", "resolve", "end")


def haul_tensor(view: Mapping[str, Any]) -> Vector:
    """Haul from seat ``view["seat"]``: phase, haul and load numbers; my hand, the cards still to resolve and
    the discards (one-hot over the 28 cards); per seat (me first) the card it played to this Load, its trailer
    (4 slots, one-hot over the cards), tokens, trailer points, score, hand size, and whether it deals, leads or
    is to act."""
    from ..games.haul.actions import DECK, SUITS

    seat = int(view["seat"])
    order = _order(seat, 4)
    out: Vector = _one_hot(view.get("phase"), HAUL_PHASES)
    out += [float(view.get("haul") or 0) / 4.0, float(view.get("load") or 0) / 7.0]
    out += _counts(view.get("hand") or [], DECK)
    out += _counts(view.get("remaining") or [], DECK)
    out += _counts(view.get("discards") or [], DECK)
    played = {int(who): card for who, card in (view.get("played") or [])}
    trailers = view.get("trailers") or [[[] for _ in SUITS] for _ in range(4)]
    tokens = view.get("tokens") or [0] * 4
    points = view.get("trailer_points") or [0] * 4
    scores = view.get("scores") or [0] * 4
    counts = view.get("hand_counts") or [0] * 4
    to_act = view.get("to_act") or []
    for other in order:
        out += _counts([played[other]] if other in played else [], DECK)
        for slot in trailers[other]:
            out += _counts(slot, DECK)
        out += [float(tokens[other]), float(points[other]) / 50.0, float(scores[other]) / 200.0,
                float(counts[other]) / 7.0, 1.0 if view.get("dealer") == other else 0.0,
                1.0 if view.get("leader") == other else 0.0, 1.0 if other in to_act else 0.0]
    return out


TENSORS: dict[str, Callable[[Mapping[str, Any]], Vector]] = {"load": load_tensor, "haul": haul_tensor}

# the byte length of each other game's view encoding (its views measured at most ~4 KB, ~2 KB, ~10 KB)
VIEW_BYTES = {"loot": 1 << 14, "teamup": 1 << 13, "tf22": 1 << 16}


def view_data(game_id: str, text: str) -> bytes:
    """``text`` (a view's canonical JSON) as UTF-8 bytes, checked to fit the game's fixed length."""
    data = text.encode()
    size = VIEW_BYTES[game_id]
    if len(data) > size:
        raise ViewTooLarge(f"{game_id}: a view of {len(data)} bytes is more than the {size} its encoding holds")
    return data


def view_bytes(game_id: str, text: str) -> list[int]:
    """``text`` as UTF-8 bytes, zero-padded to the game's fixed length (decode: strip the zeros, parse JSON).

    >>> view_bytes("teamup", '{"a":1}')[:8]
    [123, 34, 97, 34, 58, 49, 125, 0]
    """
    data = view_data(game_id, text)
    return list(data) + [0] * (VIEW_BYTES[game_id] - len(data))
