"""TF22's tide deck dealt cryptographically (issue 12; cargobay.deck, cargobay.tokens, cargobay.net.dealing).

With the option ``crypto`` (always on between browsers: ``peer_options``) no page holds the face-down tides:
- ``tides:`` at turn 1 is a new deck event: the 15 cards shuffled by every player, the top one shown to all
  (turn 2's tide), the rest to nobody; the pile then holds tokens ``#<position>`` (the same on every page);
- each later turn's card is opened to all when ``flow.end_round`` turns it (``tokens.reveal``);
- a forecast (``flow.look``: a seat with more active Production Units than cards seen) opens the next cards
  for that seat only (``tokens.peek_at``); its view's ``forecast`` shows their faces, no other page has them;
- the rebuilt pile (ruling 5: every revealed card but the current one, all public) is a new deck event of
  those 14 faces, shuffled again by every player.
When a card is needed before it is open the action waits at a chance node (phase ``open``) and is applied
again once it is (cargobay.tokens). Local matches keep the one-action deal unless ``crypto`` is ticked.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ... import tokens
from ...deck import NOBODY, PUBLIC, DeckEvent
from ...engine import CHANCE
from .tides import DECK, unseen

if TYPE_CHECKING:
    import random

    from .state import TF22State


def new_cards(state: TF22State) -> tuple[str, ...]:
    """The faces of the deck event pending now: the whole deck, or the 14 cards of the rebuilt pile."""
    return tuple(sorted(DECK if state.phase == "deal" else unseen(state.faceup[-1:])))


def cards_of(state: TF22State) -> list[str]:
    assert state.crypto is not None
    return list(state.crypto["cards"])


def deck_event(state: TF22State) -> DeckEvent | None:
    if state.crypto is None:
        return None
    if state.phase in ("deal", "reshuffle"):
        cards = new_cards(state)
        first = PUBLIC if state.phase == "deal" else NOBODY  # turn 2's tide is shown at once
        return DeckEvent(cards, (first,) + (NOBODY,) * (len(cards) - 1), "tides:")
    return tokens.opening(state, cards_of(state))


def sample(state: TF22State, rng: random.Random) -> str | None:
    event = deck_event(state)
    if event is None:
        return None
    return event.local(rng, tokens.local(state, cards_of(state)) if event.source == "same" else ())


def apply(inner: Callable[[TF22State, int, str], TF22State], state: TF22State, seat: int,
          action: str) -> TF22State:
    """``inner`` (the rules) in crypto mode: the deck events, and an action held until its cards open."""
    def rules(state: TF22State, seat: int, action: str) -> TF22State:
        if seat == CHANCE and state.phase in ("deal", "reshuffle") and isinstance(action, str):
            return _dealt(state, seat, action)
        return inner(state, seat, action)

    return tokens.run(rules, state, seat, action, cards_of, _holding)


def _faces(state: TF22State, action: str) -> list[str]:
    if not action.startswith("tides:"):
        from ...engine import IllegalActionError

        raise IllegalActionError(f"{action[:30]!r} is not the tide deck's deal", "Tides (ruling 5)")
    return action[len("tides:"):].split(",")


def _holding(new: TF22State, seat: int, action: str) -> None:
    if seat == CHANCE and new.phase in ("deal", "reshuffle"):  # the deal itself waits: its faces known
        _deal(new, _faces(new, action), hold=True)


def _deal(state: TF22State, faces: list[str], hold: bool = False) -> list[str]:
    assert state.crypto is not None
    cards = new_cards(state)
    pile = tokens.deal(state.crypto, cards, faces, hold)
    if state.phase == "deal":
        state.crypto["public"].setdefault(pile[0], faces[0])
    return pile


def _dealt(state: TF22State, seat: int, action: str) -> TF22State:
    from . import flow

    new = state.copy()
    pile = _deal(new, _faces(state, action))
    (flow.deal if state.phase == "deal" else flow.reshuffle)(new, pile)
    return new
