"""Loot N' Loaded's item deck dealt cryptographically (issue 12; cargobay.deck, cargobay.net.dealing).

With the option ``crypto`` (always on between browsers: ``peer_options``) the deck is never known whole by
any page. Set-up is two chance events: ``types:<a>+<b>+...`` (the random mix of item types, from the joint
seed; skipped when ``items`` are chosen) and ``deck:`` (a new deck event: the cards shuffled by every player,
shown to nobody). The deck then holds **tokens** ``#<position>`` (a position of that shuffled deck) and the
plain names of cards everyone has seen (a card put back by Sleight of Hand); every page holds the same list.

A card leaves the deck only through these helpers: ``reveal`` (a location's card, a third clover's draw, a
Handkerchief's, the card Keys of Power or Sleight of Hand keeps: shown to all) and ``peek_at`` (Tall Glass of
Water, Keys of Power, Sleight of Hand: the top cards shown to the prompt seat only; it then names them by
token in ``take:``, ``trade:`` and ``arrange:``). When a token has not been shown yet they raise
``NeedCards``: the action waits at a chance node (phase ``open``, ``open:<faces>``) and is applied again once
the cards are open (cargobay.tokens, shared with other games). The faces a page saw privately are in
``crypto["known"]`` (never in a spectator's view).

A local match with ``crypto`` ticked plays the same steps with every face known (``DeckEvent.local``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cargobay import tokens
from cargobay.deck import NOBODY, DeckEvent
from cargobay.engine import CHANCE, IllegalActionError
from cargobay.tokens import NeedCards, face, fresh, is_token, peek_at, reveal, token

from .cards import ACTION, BASIC, MIX, UNIQUE, build_deck

if TYPE_CHECKING:
    import random
    from collections.abc import Callable

    from .state import LootState

__all__ = ["NeedCards", "apply", "cards_of", "deal", "deck_event", "face", "fresh", "is_token", "peek_at",
           "reveal", "sample", "token", "unseen"]
copy = tokens.copy


def cards_of(state: LootState) -> list[str]:
    """The faces of the deck event's positions (known from the item types before the deal is applied)."""
    assert state.crypto is not None
    return list(state.crypto["cards"]) or sorted(build_deck(state.players, state.items))


def sampled(view: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
    """The crypto part of a state drawn from a prompt seat's view (``LootGame.determinize``): the held tokens,
    peeked by that seat, their faces known; every other card a plain face."""
    crypto = fresh(sorted(build_deck(int(view["players"]), view["items"])))
    held = {name: face for name, face in names.items() if is_token(name)}
    crypto["known"] = held
    crypto["peeks"] = {name: [int(view["seat"])] for name in held}
    return crypto


def unseen(state: LootState) -> list[str]:
    """The faces of the cards nobody has been shown publicly (all in the deck or a prompt's hand), sorted."""
    assert state.crypto is not None
    left = Counter(cards_of(state)) - Counter(state.crypto["public"].values())
    return sorted(left.elements())


# --- chance --------------------------------------------------------------------------------------
def deck_event(state: LootState) -> DeckEvent | None:
    if state.crypto is None:
        return None
    if state.phase == "deck" and state.items:
        deck = tuple(sorted(build_deck(state.players, state.items)))
        return DeckEvent(deck, (NOBODY,) * len(deck), "deck:")
    return tokens.opening(state, cards_of(state))


def sample(state: LootState, rng: random.Random) -> str | None:
    """A local match's chance event in crypto mode (None: not one of this module's)."""
    if state.crypto is None:
        return None
    if state.phase == "deck" and not state.items:
        basic, unique, action = MIX[state.players]
        types = rng.sample(BASIC, basic) + rng.sample(UNIQUE, unique) + rng.sample(ACTION, action)
        return "types:" + "+".join(sorted(types))
    event = deck_event(state)
    return None if event is None else event.local(rng, tokens.local(state, cards_of(state)))


# --- apply ---------------------------------------------------------------------------------------
def apply(inner: Callable[[LootState, int, str], LootState], state: LootState, seat: int, action: str) -> LootState:
    """``inner`` (the rules) in crypto mode: set-up events, the cards opened, an action held until they are."""
    if seat == CHANCE and isinstance(action, str) and action.startswith("types:"):
        return _types(state, action)
    return tokens.run(inner, state, seat, action, cards_of, _holding)


def _holding(new: LootState, seat: int, action: str) -> None:
    if seat == CHANCE and action.startswith("deck:"):  # the deal itself waits: its faces are known already
        deal(new, action[len("deck:"):].split(","), hold=True)


def _types(state: LootState, action: str) -> LootState:
    if state.phase != "deck" or state.items:
        raise IllegalActionError("the item types are drawn once, at set-up, when none were chosen", tokens.RULE)
    types = tuple(action[len("types:"):].split("+"))
    basic, unique, act = MIX[state.players]
    counts = [len([t for t in types if t in group]) for group in (BASIC, UNIQUE, ACTION)]
    if counts != [basic, unique, act] or len(set(types)) != len(types):
        raise IllegalActionError(f"{action!r} is not the recommended mix of item types", "# of Item Cards")
    new = state.copy()
    new.items = tuple(sorted(types))
    return new


def deal(state: LootState, faces: list[str], hold: bool = False) -> None:
    """The deck event at set-up, as this page sees it: the deck becomes tokens (faces known: ``known``)."""
    assert state.crypto is not None
    state.deck = tokens.deal(state.crypto, sorted(build_deck(state.players, state.items)), faces, hold)
