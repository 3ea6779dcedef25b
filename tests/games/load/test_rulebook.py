"""Every worked example and note of the TF22: LOAD! rulebook (../shared/rules/load.txt) not already in
test_rules.py (there: the Points example of Neil and Buzz, the Reload example, the battle table, the stacking
table, the Joker, ties, the tie-break), each named after the rulebook section it checks."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cargobay.engine import CHANCE, TERMINAL, IllegalActionError, Match
from cargobay.games.load.rules import DECK, GAME, can_stack

from .test_rules import NEIL_BUZZ_ROUND_ONE, neil_buzz_match, play_battles, state_with

FULL_STACK = ["Y", "R", "B", "G"]


def test_setting_up_four_cards_face_down_and_twelve_each() -> None:
    match = Match(GAME, ["easy", "easy"], 8)
    match.play_chance()
    state = match.state
    assert len(state.face_down) == 4 and [len(hand) for hand in state.hands] == [12, 12]
    assert sorted(state.face_down + state.hands[0] + state.hands[1]) == sorted(DECK)
    assert GAME.view(state, 0)["face_down_count"] == 4 and "face_down" not in GAME.view(state, 0)


def test_game_components_seven_cards_a_colour_valued_0_1_1_2_2_3_3() -> None:
    assert len(DECK) == 28
    for colour in "GBRY":
        assert sorted(card[1] for card in DECK if card[0] == colour) == list("0112233")


@pytest.mark.parametrize(("winner", "losers"), [("G", "BR"), ("B", "RY"), ("R", "Y"), ("Y", "G")])
def test_battle_each_colour_beats_exactly_the_colours_the_rulebook_lists(winner: str, losers: str) -> None:
    from cargobay.games.load.rules import battle_winner

    beaten = {colour for colour in "GBRY" if colour != winner and battle_winner(f"{winner}0", f"{colour}3") == 0}
    assert beaten == set(losers)


def test_battle_examples_red_2_beats_red_1_and_green_3_beats_green_0() -> None:
    state = state_with(hands=[["R2", "G3"], ["R1", "G0"]])
    state = GAME.apply(GAME.apply(state, 0, "play:R2"), 1, "play:R1")
    assert state.last_battle["winner"] == 0 and state.loader == 0 and state.load_colours == ["R"]
    assert sorted(state.piles[0]) == ["R1", "R2"] and state.piles[1] == []  # the winner gets both cards
    state = GAME.apply(state, 0, "load:R@1")
    state = GAME.apply(GAME.apply(state, 1, "play:G0"), 0, "play:G3")
    assert state.last_battle["winner"] == 0 and state.load_colours == ["G"]


def test_load_note_yellow_beats_green_but_a_yellow_container_goes_on_an_empty_slot_only() -> None:
    assert not any(can_stack(slot, "Y") for slot in (["G"], ["R"], ["Y", "R", "B"]))
    ship = [["G"], ["Y", "R"], [], ["B"], []]
    state = state_with(hands=[["Y1", "B1"], ["G2", "B1"]], ships=[ship, [[], [], [], [], []]])
    state = GAME.apply(GAME.apply(state, 0, "play:Y1"), 1, "play:G2")
    assert state.loader == 0 and GAME.legal_actions(state, 0) == ["load:Y@3", "load:Y@5"]


def test_load_note_a_complete_stack_takes_nothing_more_and_five_of_them_are_the_maximum() -> None:
    assert not any(can_stack(FULL_STACK, colour) for colour in "GBRY")
    # the last battle of round 3; seat 0 holds five complete stacks: the bonus is the maximum, 15
    state = state_with(round=3, turn=11, hands=[["B3"], ["B3"]], ships=[[FULL_STACK] * 5, [[], [], [], [], []]])
    state = GAME.apply(GAME.apply(state, 0, "play:B3"), 1, "play:B3")
    assert GAME.current_player(state) == TERMINAL
    assert GAME.result(state)["bonus"] == [15, 0]


def test_load_note_a_container_is_never_unloaded() -> None:
    """Across whole matches the containers on the ships never get fewer; a reload keeps the count."""
    for seed in range(3):
        match = Match(GAME, ["easy", "easy"], seed)
        rng = random.Random(seed)
        count = 0
        while not GAME.is_terminal(match.state):
            if GAME.current_player(match.state) == CHANCE:
                match.play_chance()
            else:
                seat = GAME.acting_seats(match.state)[0]
                legal = GAME.legal_actions(match.state, seat)
                reloads = [a for a in legal if a.startswith("reload:")]
                action = rng.choice(reloads or legal)
                match.apply(seat, action)
                now = sum(len(slot) for ship in match.state.ships for slot in ship)
                assert now == count + action.startswith("load:")
                count = now


def test_reload_only_from_the_top_of_a_stack() -> None:
    ship = [["R", "B"], [], [], [], []]  # the red container lies under a blue one
    state = state_with(hands=[["R3", "B1"], ["Y1", "B1"]], ships=[ship, [[], [], [], [], []]])
    state = GAME.apply(GAME.apply(state, 0, "play:R3"), 1, "play:Y1")
    assert not [action for action in GAME.legal_actions(state, 0) if action.startswith("reload:")]
    with pytest.raises(IllegalActionError, match="only from the top of a stack"):
        GAME.apply(state, 0, "reload:R@1>2")


def test_joker_note_discarded_cards_are_not_scored() -> None:
    """Both players unable: the cards join the face-down discard and score nothing, even in a majority colour."""
    seat0 = [["Y", "R"], ["R"], ["B"], ["G"], ["Y", "B"]]  # no empty slot, no yellow on top: yellow impossible
    seat1 = [["G"], ["G"], ["G"], ["G"], ["G"]]  # nothing fits
    state = state_with(turn=11, hands=[["Y3"], ["G1"]], ships=[seat0, seat1])
    state = GAME.apply(GAME.apply(state, 0, "play:Y3"), 1, "play:G1")
    assert state.last_battle["outcome"] == "discarded" and state.phase == "deal"
    assert state.rounds[0]["seats"][0]["majorities"] == ["Y", "R", "B"]  # yellow is seat 0's, yet Y3 scores 0
    assert state.scores == [0, 0]


def test_points_note_a_tied_colour_scores_for_nobody() -> None:
    ships = [[["Y", "R"], [], [], [], []], [["Y"], ["R"], [], [], []]]  # yellow 1-1, red 1-1
    state = state_with(turn=11, hands=[["R3"], ["R3"]], piles=[["Y3", "R2"], ["Y2", "R1"]], ships=ships)
    state = GAME.apply(GAME.apply(state, 0, "play:R3"), 1, "play:R3")
    assert state.rounds[0]["seats"] == [{"majorities": [], "points_by_colour": {}, "points": 0}] * 2


def test_rounds_2_and_3_all_28_cards_are_dealt_again_and_the_ships_stay() -> None:
    match = neil_buzz_match()
    play_battles(match, NEIL_BUZZ_ROUND_ONE)
    ships, scores = match.state.ships, match.state.scores
    deck = list(DECK)
    random.Random(2).shuffle(deck)
    match.apply(CHANCE, "deal:" + ",".join(deck))  # the discards of round 1 are back in the deck
    state = match.state
    assert state.round == 2 and state.turn == 0 and state.phase == "choose"
    assert state.ships == ships and state.scores == scores == [5, 0]
    assert state.piles == [[], []] and state.discarded == [] and Counter(state.face_down) == Counter(deck[:4])
    with pytest.raises(IllegalActionError, match="start of a round"):
        GAME.apply(match.state, CHANCE, "deal:" + ",".join(deck))  # no second deal mid-round


def test_gameplay_a_round_is_twelve_battles_and_the_game_three_rounds() -> None:
    match = Match(GAME, ["easy", "easy"], 6)
    while not GAME.is_terminal(match.state):
        if GAME.current_player(match.state) == CHANCE:
            match.play_chance()
            continue
        for seat in GAME.acting_seats(match.state):
            match.apply(seat, GAME.legal_actions(match.state, seat)[0])
    result = GAME.result(match.state)
    assert [entry["round"] for entry in result["rounds"]] == [1, 2, 3]
    assert sum(1 for seat, action in match.actions if seat == CHANCE) == 3
    assert sum(1 for seat, action in match.actions if action.startswith("play:")) == 3 * 12 * 2
