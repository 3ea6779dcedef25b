"""A deck whose cards a game's rules draw one at a time, dealt cryptographically (issue 12; cargobay.deck).

A game that keeps a deck for the whole match (Loot N' Loaded's items, TF22's tides) deals it as one deck
event and keeps it as **tokens**: ``#<position>`` of that event's deck, the same list on every page (and the
plain faces of cards everyone saw and that went back). The game's state has a ``crypto`` dict (``fresh``):
the event's faces (``cards``), the tokens shown to all (``public``), which seats peeked at which (``peeks``),
what this page saw (``known``, never in a spectator's view) and the action held while cards open.

The rules take a card out only through ``reveal`` (shown to everyone) and ``peek_at`` (shown to one seat).
Either raises ``NeedCards`` when a token has not been shown as needed; ``run`` then keeps the action aside
and stops at a chance node (the game's phase ``open``; its deck event is ``opening``: ``open:<faces>``).
Once the cards are open the action is applied again, from the state before it (it may need more cards:
another ``open``). Every page takes the same steps: nothing private decides the rules' path.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from .checks import digits as ascii_digits
from .deck import HIDDEN, PUBLIC, DeckEvent, check_faces, seat_of
from .engine import CHANCE, IllegalActionError, InvalidActionError, StateError

TOKEN = "#"  # noqa: S105 (the face of a card dealt between browsers, not a secret)
RULE = "cards dealt between browsers (issue 12)"


class TokenState(Protocol):
    phase: str
    crypto: dict[str, Any] | None

    def copy(self) -> Any: ...


S = TypeVar("S", bound=TokenState)


class NeedCards(Exception):
    """The rules need ``tokens`` shown to ``to`` (PUBLIC, or ``peek(seat)``) before they can go on."""

    def __init__(self, tokens: list[str], to: int) -> None:
        super().__init__(f"cards {tokens} to {to}")
        self.tokens, self.to = tokens, to


def is_token(card: object) -> bool:
    return isinstance(card, str) and card.startswith(TOKEN)


def token(position: int) -> str:
    return f"{TOKEN}{position}"


def parse_token(text: str, limit: int = 999) -> str | None:
    """``text`` when it is a token (``#`` and a position up to ``limit``), else None.

    >>> parse_token("#12"), parse_token("#x"), parse_token("gold")
    ('#12', None, None)
    """
    digits = text[1:]
    return text if text.startswith(TOKEN) and ascii_digits(digits, 3) and int(digits) <= limit else None


def fresh(cards: Sequence[str] = ()) -> dict[str, Any]:
    return {"cards": list(cards), "public": {}, "peeks": {}, "known": {}, "opening": None, "pending": False}


def copy(crypto: dict[str, Any] | None) -> dict[str, Any] | None:
    if crypto is None:
        return None
    opening = crypto["opening"]
    return {"cards": list(crypto["cards"]), "public": dict(crypto["public"]),
            "peeks": {t: list(s) for t, s in crypto["peeks"].items()}, "known": dict(crypto["known"]),
            "opening": None if opening is None else {**opening, "tokens": list(opening["tokens"])},
            "pending": bool(crypto.get("pending"))}


def read(value: Any, card: Callable[[Any], str], phases: Sequence[str]) -> dict[str, Any] | None:
    """The crypto part of a state from its JSON form, checked (``card``: the game's card check; ValueError)."""
    if value is None:
        return None
    if not isinstance(value, dict) or not isinstance(value.get("cards"), list):
        raise StateError("expected the crypto part of a state")
    cards = [card(c) for c in value["cards"]]
    names = {token(p) for p in range(len(cards))}

    def mapping(data: Any) -> dict[str, str]:
        if not isinstance(data, dict) or not set(data) <= names:
            raise StateError("expected a map of deck tokens")
        return {t: card(c) for t, c in data.items()}

    peeks, held = value["peeks"], value["opening"]
    if not isinstance(peeks, dict) or not set(peeks) <= names or not all(
            isinstance(s, list) and all(isinstance(n, int) and 0 <= n < 64 for n in s) for s in peeks.values()):
        raise StateError("expected a map of deck tokens to seats")
    if held is not None:
        if not (isinstance(held["tokens"], list) and set(held["tokens"]) <= names and isinstance(held["to"], int)
                and isinstance(held["seat"], int) and isinstance(held["action"], str) and held["phase"] in phases):
            raise StateError("expected the action held while cards open")
        held = {key: held[key] for key in ("tokens", "to", "seat", "action", "phase")}
    return {"cards": cards, "public": mapping(value["public"]), "known": mapping(value["known"]),
            "peeks": {t: list(s) for t, s in peeks.items()}, "opening": held, "pending": bool(value.get("pending"))}


def deal(crypto: dict[str, Any], cards: Sequence[str], faces: Sequence[str], hold: bool = False) -> list[str]:
    """A new deck event as this page sees it (``faces``: ``?`` where it does not): its tokens, top first.
    Every token of the previous deck is forgotten, unless this deal was held (``hold``: the deal action
    itself waits for cards, ``run``'s ``holding``) and is now applied again: what opened since is kept."""
    if len(faces) != len(cards) or not check_faces(faces, cards):
        raise IllegalActionError("not a shuffle of the deck's cards", RULE)
    if not crypto.get("pending"):
        crypto.update(fresh(cards))
        crypto["known"] = {token(p): f for p, f in enumerate(faces) if f != HIDDEN}
    crypto["pending"] = hold
    return [token(p) for p in range(len(faces))]


# --- what the rules call -------------------------------------------------------------------------
def reveal(state: TokenState, card: str) -> str:
    """The face of ``card`` leaving the deck for everyone to see (a token: once it has been opened)."""
    if not is_token(card) or state.crypto is None:
        return card
    face = state.crypto["public"].get(card)
    if face is None:
        raise NeedCards([card], PUBLIC)
    return str(face)


def peek_at(state: TokenState, cards: Sequence[str], seat: int) -> None:
    """``seat`` looks at ``cards``: every token among them shown to it first."""
    crypto = state.crypto
    if crypto is None:
        return
    need = [c for c in cards if is_token(c) and c not in crypto["public"] and seat not in crypto["peeks"].get(c, [])]
    if need:
        from .deck import peek

        raise NeedCards(need, peek(seat))


def face(state: TokenState, card: str) -> str | None:
    """What this page knows ``card`` to be (None: a token it has not seen)."""
    if not is_token(card) or state.crypto is None:
        return card
    found = state.crypto["public"].get(card) or state.crypto["known"].get(card)
    return None if found is None else str(found)


def opening(state: TokenState, cards: Sequence[str]) -> DeckEvent | None:
    """The deck event of phase ``open`` (``cards``: the current deck event's faces)."""
    held = state.crypto["opening"] if state.crypto else None
    if state.phase != "open" or held is None:
        return None
    return DeckEvent.opening(cards, len(cards), {int(t[1:]): held["to"] for t in held["tokens"]}, "open:")


def local(state: TokenState, cards: Sequence[str]) -> list[str]:
    """The current deck's faces as this page knows them (a local match: every one), for ``DeckEvent.local``."""
    known = state.crypto["known"] if state.crypto else {}
    return [known.get(token(p), HIDDEN) for p in range(len(cards))]


# --- apply ---------------------------------------------------------------------------------------
def run(inner: Callable[[S, int, str], S], state: S, seat: int, action: str, cards_of: Callable[[S], list[str]],
        holding: Callable[[S, int, str], None] | None = None) -> S:
    """``inner`` (the rules) with the cards it needs opened first. ``cards_of``: the current deck event's
    faces; ``holding(new, seat, action)``: the game's own bookkeeping when an action is held."""
    if seat == CHANCE and state.phase == "open":
        held = state.crypto["opening"] if state.crypto else None
        assert held is not None
        return run(inner, _opened(state, action, cards_of(state)), held["seat"], held["action"], cards_of, holding)
    try:
        return inner(state, seat, action)
    except NeedCards as need:
        new = state.copy()
        assert new.crypto is not None
        if holding is not None:
            holding(new, seat, action)
        new.crypto["opening"] = {"tokens": need.tokens, "to": need.to, "seat": seat, "action": action,
                                 "phase": state.phase}
        new.phase = "open"
        return new  # type: ignore[no-any-return]


def _opened(state: S, action: str, cards: Sequence[str]) -> S:
    """The cards opened (``open:<faces>``): the state before the held action, knowing them."""
    crypto = state.crypto
    if crypto is None or crypto["opening"] is None or not action.startswith("open:"):
        raise IllegalActionError("no cards are being opened now", RULE)
    held = crypto["opening"]
    faces = action[len("open:"):].split(",")
    if len(faces) != len(cards) or not check_faces(faces, cards):
        raise InvalidActionError(f"{action[:40]!r}: the faces of every position of the deck")
    new = state.copy()
    for name in held["tokens"]:
        shown = faces[int(name[1:])]
        if held["to"] == PUBLIC:
            if shown == HIDDEN:
                raise IllegalActionError(f"{name} is shown to all", RULE)
            new.crypto["public"][name] = shown
        else:
            new.crypto["peeks"].setdefault(name, []).append(seat_of(held["to"]))
        if shown != HIDDEN:
            new.crypto["known"][name] = shown
    new.phase, new.crypto["opening"] = held["phase"], None
    return new  # type: ignore[no-any-return]
