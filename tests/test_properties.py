"""Every registered game: random playouts from random seeds keep the engine's invariants."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cargobay.engine import CHANCE, SIMULTANEOUS, TERMINAL, Match
from cargobay.games.load.rules import COLOURS, DECK, STACK_RANK, SUPPLY_PER_COLOUR
from cargobay.registry import GAMES


def random_playout(game_id: str, seed: int, check: bool = True) -> Match:
    game = GAMES[game_id]
    match = Match(game, ["easy"] * game.min_seats, seed)
    while not game.is_terminal(match.state):
        state = match.state
        node = game.current_player(state)
        if check:
            check_node(game, state, node)
        if node == CHANCE:
            match.play_chance()
            continue
        seat = match.rng("pick").choice(game.acting_seats(state))
        match.apply(seat, match.rng(seat).choice(game.legal_actions(state, seat)))
    return match


def check_node(game, state, node: int) -> None:  # type: ignore[no-untyped-def]
    assert node in (CHANCE, SIMULTANEOUS) or node >= 0
    for seat in range(game.min_seats):
        legal = game.legal_actions(state, seat)
        assert legal == sorted(set(legal))
        assert bool(legal) == (seat in game.acting_seats(state))
    data = game.state_to_json(state)
    again = game.state_from_json(data)
    assert game.state_to_json(again) == data
    assert game.state_hash(again) == game.state_hash(state)
    if game.id == "load":
        check_load_invariants(state)


def check_load_invariants(state) -> None:  # type: ignore[no-untyped-def]
    on_ships = Counter(colour for ship in state.ships for slot in ship for colour in slot)
    assert all(on_ships[colour] <= SUPPLY_PER_COLOUR for colour in COLOURS)
    for ship in state.ships:
        for slot in ship:
            assert [STACK_RANK[c] for c in slot] == sorted({STACK_RANK[c] for c in slot})
    if state.phase in ("choose", "load"):
        cards = [*state.hands[0], *state.hands[1], *state.piles[0], *state.piles[1], *state.face_down,
                 *state.discarded, *(card for card in state.chosen if card)]
        assert sorted(cards) == sorted(DECK)
        assert len(state.hands[0]) + (state.chosen[0] is not None) == len(state.hands[1]) + (
            state.chosen[1] is not None
        )


@pytest.mark.parametrize("game_id", sorted(GAMES))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_random_playouts_keep_invariants(game_id: str, seed: int) -> None:
    game = GAMES[game_id]
    match = random_playout(game_id, seed)
    assert game.current_player(match.state) == TERMINAL
    result = game.result(match.state)
    assert result is not None and result["winners"]
    assert len(game.scores(match.state)) == game.min_seats
    replayed = Match.from_log(match.to_log(), GAMES)
    assert game.state_hash(replayed.state) == game.state_hash(match.state)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_same_seed_same_match(game_id: str) -> None:
    first, second = random_playout(game_id, 99, check=False), random_playout(game_id, 99, check=False)
    assert first.actions == second.actions
    assert random_playout(game_id, 100, check=False).actions != first.actions
