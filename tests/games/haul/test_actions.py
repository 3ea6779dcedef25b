"""Haul actions (games/haul/actions.py): one parser, string forms that round-trip, typed errors for bad input."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cargobay.engine import InvalidActionError
from cargobay.games.haul.actions import DECK, SUITS, Claim, Deal, Dealer, Play, Refuel, parse, parse_card
from cargobay.games.haul.rules import GAME


@pytest.mark.parametrize(("text", "value"), [
    ("dealer:3", Dealer(3)),
    ("deal:" + ",".join(DECK), Deal(DECK)),
    ("play:10S", Play("10S")),
    ("claim:JC", Claim("JC")),
    ("claim:8D>S", Claim("8D", "S")),
    ("refuel:2H", Refuel("2H")),
])
def test_actions_round_trip(text: str, value: object) -> None:
    assert parse(text) == value
    assert str(value) == text
    assert eval(repr(value)) == value  # the repr is valid code (python-chess style)


@given(card=st.sampled_from(DECK), slot=st.sampled_from(("", *SUITS)))
def test_every_claim_round_trips_and_names_its_first_pick(card: str, slot: str) -> None:
    move = Claim(card, slot)
    assert parse(str(move)) == move and parse_card(card) == card
    assert GAME.action_steps(str(move)) == (f"resolve:{card}",) == GAME.action_steps(str(Refuel(card)))


@given(text=st.text(max_size=12))
def test_any_text_parses_or_is_invalid(text: str) -> None:
    try:
        move = parse(text)
    except InvalidActionError:
        return
    assert str(move) == text


@pytest.mark.parametrize("text", ["1H", "9H", "2D", "3S", "11S", "4C", "QC", "10", "S", "8s"])
def test_cards_outside_the_deck_are_invalid(text: str) -> None:
    with pytest.raises(InvalidActionError, match="not a Haul card"):
        parse_card(text)


def test_every_legal_action_of_a_random_match_parses_back() -> None:
    from .test_rules import random_match

    for state in random_match(3)[::7]:
        for seat in range(4):
            for action in GAME.legal_actions(state, seat):
                assert str(parse(action)) == action
