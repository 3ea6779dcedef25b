"""Loot N' Loaded hooks for the generic contract test (see tests/games/hooks.py)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from cargobay.games.loot.cards import deck_types
from cargobay.games.loot.effects import letters_held
from cargobay.games.loot.rules import GAME, ROUNDS, LootState, build_deck
from cargobay.tokens import face


def _plain(card: str) -> str:
    return "cat" if card.startswith("cat") else card.partition("@")[0]  # a Badge's date (ruling 6) aside


def _faces(state: LootState, cards: list[str]) -> list[str]:
    """Dealt cryptographically (option ``crypto``): a token as the face this program knows (all, locally)."""
    return [face(state, card) or card for card in cards]


def check_state(state: LootState) -> None:
    """Every item card in exactly one place; secret choices only from those choosing; rounds in range."""
    if state.phase == "open" and state.crypto is not None:  # cards opening: the state as before the held action
        held_phase = state.crypto["opening"]["phase"]
        state = state.copy()
        state.phase = held_phase
    assert 0 <= state.round <= ROUNDS
    if state.phase != "deck" and (state.crypto is None or state.round > 0):  # crypto: the deal may wait
        places = [*_faces(state, state.deck), *_faces(state, state.held),
                  *(c for c in state.locations if c is not None), *(c for cards in state.collections for c in cards),
                  *state.discards, *(g[1] for g in state.gains)]
        places = [_plain(card) for card in places if card != "flag"]  # a White Flag card is no item (ruling 8)
        assert Counter(places) == Counter(build_deck(state.players, deck_types(places))), "a card is lost"
        if state.items:
            assert deck_types(places) == set(state.items)
    for seat in range(state.players):
        assert state.picks[seat] is None or (state.phase == "pick" and seat in state.pickers)
        dueling = state.duels[0][1:] if state.phase == "gun" else state.playoff if state.phase == "playoff" else []
        assert state.guns[seat] is None or seat in dueling
        assert state.draws[seat] is None or (state.phase == "shootout" and seat in state.shooters)
        assert len(set(state.spent[seat])) == len(state.spent[seat])
        assert sum(1 for entry in state.letters if entry[0] == seat) <= letters_held(state, seat)
    assert not state.held or (state.prompt is not None and state.prompt[1] in ("arrange", "take", "trade"))
    if state.phase in ("gun", "coin"):
        assert state.duels and state.duels[0][1] != state.duels[0][2]
        assert state.locations[state.duels[0][0] - 1] is not None
    if state.phase == "end":
        assert state.round == ROUNDS and not state.duels and not state.redo and state.winner in state.tied
    assert (state.phase == "prompt") == (state.prompt is not None)
    if state.phase in ("pick", "gun", "coin", "end"):
        assert not state.queue and not state.gains


def hidden_variants(state: LootState, seat: int, rng: random.Random) -> Iterator[LootState]:
    """The deck's order, and the other seats' committed picks or gun cards, are not seen by ``seat``."""
    if len(set(state.deck)) > 1:
        variant = state.copy()
        rng.shuffle(variant.deck)
        yield variant
    for other in range(state.players):
        if other == seat:
            continue
        if state.picks[other] is not None:
            variant = state.copy()
            variant.picks[other] = rng.choice(GAME.open_locations(state))
            yield variant
        if state.guns[other] is not None:
            variant = state.copy()
            variant.guns[other] = rng.choice(["valiant", "deadly", "sneaky"])
            yield variant
        if state.draws[other] is not None:
            variant = state.copy()
            variant.draws[other] = rng.choice([0, 150, 275, 900])
            yield variant
    if state.held and state.prompt is not None and state.prompt[0] != seat and state.deck:
        variant = state.copy()  # the cards a prompt took out of the deck are seen by that seat only
        variant.held[0], variant.deck[-1] = variant.deck[-1], variant.held[0]
        yield variant
