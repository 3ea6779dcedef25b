"""TF22: LOAD! hooks for the generic contract test (see tests/games/hooks.py)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from cargobay.games.load.rules import COLOURS, DECK, STACK_RANK, SUPPLY_PER_COLOUR, LoadState


def check_state(state: LoadState) -> None:
    """The supply is never overdrawn, every slot obeys the stacking order, and all 28 cards are somewhere."""
    on_ships = Counter(colour for ship in state.ships for slot in ship for colour in slot)
    assert all(on_ships[colour] <= SUPPLY_PER_COLOUR for colour in COLOURS)
    for ship in state.ships:
        for slot in ship:
            assert [STACK_RANK[c] for c in slot] == sorted({STACK_RANK[c] for c in slot})
    if state.phase in ("choose", "load"):
        cards = [*state.hands[0], *state.hands[1], *state.piles[0], *state.piles[1], *state.face_down,
                 *state.discarded, *(card for card in state.chosen if card)]
        assert sorted(cards) == sorted(DECK)
        in_play = [len(state.hands[seat]) + (state.chosen[seat] is not None) for seat in (0, 1)]
        assert in_play[0] == in_play[1] == 12 - state.turn - (state.phase == "load")


def hidden_variants(state: LoadState, seat: int, rng: random.Random) -> Iterator[LoadState]:
    """The other hand, its pending card and the 4 face-down cards reshuffled among themselves."""
    if state.phase not in ("choose", "load"):
        return
    other = 1 - seat
    chosen = state.chosen[other]
    pool = [*state.hands[other], *state.face_down, *([chosen] if chosen else [])]
    for _ in range(2):
        rng.shuffle(pool)
        variant = state.copy()
        size = len(state.hands[other])
        variant.hands[other] = sorted(pool[:size])
        if chosen is not None:
            variant.chosen[other] = pool[size]
            size += 1
        variant.face_down = pool[size:]
        yield variant
