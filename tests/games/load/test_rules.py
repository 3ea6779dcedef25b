"""TF22: LOAD! rules: the rulebook's worked examples, each rule and ruling, and the typed errors."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from cargobay.engine import CHANCE, SIMULTANEOUS, TERMINAL, IllegalActionError, InvalidActionError, Match
from cargobay.games.load.rules import (
    DECK,
    GAME,
    LoadState,
    battle_winner,
    can_stack,
    majorities,
    winners,
)
from cargobay.registry import GAMES
from tests.games.unchanged import assert_states_stay_as_they_were


def deal(face_down: list[str], seat0: list[str], seat1: list[str]) -> str:
    return "deal:" + ",".join(face_down + seat0 + seat1)


def play_battles(match: Match, battles: list[tuple[str, str, str | None]]) -> None:
    """Each battle: seat 0's card, seat 1's card, then the load action of whoever must load (or None)."""
    for card0, card1, load in battles:
        match.apply(1, f"play:{card1}")  # order of secret choices must not matter
        match.apply(0, f"play:{card0}")
        state = match.state
        if load is None:
            assert state.phase != "load", state.last_battle
        else:
            assert state.loader is not None, state.last_battle
            match.apply(state.loader, load)


# Neil is seat 0, Buzz seat 1.  (Neil's card, Buzz's card, the winner's load)
NEIL_BUZZ_ROUND_ONE = [
    ("G3", "B1", "load:G@1"),  # Green beats Blue: Neil loads green
    ("G2", "R1", "load:G@2"),
    ("R2", "B2", "load:B@1"),  # Blue beats Red: Buzz loads blue
    ("B2", "R3", "load:B@3"),
    ("G0", "R0", "load:G@3"),  # green on Neil's blue
    ("R1", "Y0", "load:R@4"),
    ("Y3", "R3", "load:R@2"),
    ("R2", "G2", "load:G@1"),  # green on Buzz's blue
    ("B0", "G3", "load:G@2"),  # green on Buzz's red
    ("B3", "B3", None),  # ties: each card to its owner's pile
    ("Y2", "Y2", None),
    ("Y1", "Y1", None),
]


def neil_buzz_match() -> Match:
    match = Match(GAME, ["human", "human"], seed=0)
    neil = [battle[0] for battle in NEIL_BUZZ_ROUND_ONE]
    buzz = [battle[1] for battle in NEIL_BUZZ_ROUND_ONE]
    match.apply(CHANCE, deal(["G1", "G1", "B1", "Y3"], neil, buzz))
    return match


def test_rulebook_example_first_round_scoring_green_majority_worth_five() -> None:
    """Points example: Neil has the green majority, the other 3 colours are tied; his Green 3 and
    Green 2 score 5, every other card in his pile is worthless; Buzz gets 0."""
    match = neil_buzz_match()
    play_battles(match, NEIL_BUZZ_ROUND_ONE)
    state = match.state
    assert state.round == 1 and state.phase == "deal"  # round 1 scored, round 2 awaits its deal
    assert majorities(state.ships) == [["G"], []]
    neil_green = sorted(card for card in state.piles[0] if card[0] == "G")
    assert neil_green == ["G0", "G2", "G3"]  # Green 3 + Green 2 (+ a worthless Green 0)
    assert len(state.piles[0]) > len(neil_green)  # other cards are in his pile, worth nothing
    assert state.rounds[0]["seats"][0]["points_by_colour"] == {"G": 5}
    assert state.scores == [5, 0]


def test_rulebook_example_blue_reload_and_reload_back() -> None:
    """Reload example: Buzz wins with Blue and reloads an existing blue container instead of loading
    a new one; he wins with Blue again and reloads the same container right back."""
    match = Match(GAME, ["human", "human"], seed=0)
    neil = ["R2", "R3", "Y0", "G0", "G1", "G1", "G2", "G2", "G3", "G3", "Y1", "Y1"]
    buzz = ["B2", "B3", "B1", "R0", "R1", "R1", "Y2", "Y2", "Y3", "Y3", "B0", "B2"]
    rest = sorted((Counter(DECK) - Counter(neil + buzz)).elements())
    assert len(rest) == 4
    match.apply(CHANCE, deal(rest, neil, buzz))
    play_battles(match, [("R2", "B2", "load:B@1")])
    assert match.state.ships[1][0] == ["B"]
    match.apply(0, "play:R3")
    match.apply(1, "play:B3")
    legal = GAME.legal_actions(match.state, 1)
    assert "reload:B@1>2" in legal and "load:B@2" in legal
    assert "reload:B@1>1" not in legal  # ruling 2: a reload goes to a different slot
    match.apply(1, "reload:B@1>2")
    assert match.state.ships[1] == [[], ["B"], [], [], []]
    supply_after_reload = match.state.ships  # no new container was taken
    assert sum(len(slot) for slot in supply_after_reload[1]) == 1
    play_battles(match, [("Y0", "B1", "reload:B@2>1")])
    assert match.state.ships[1] == [["B"], [], [], [], []]


@pytest.mark.parametrize(("card0", "card1", "winner"), [
    ("G0", "B3", 0), ("G0", "R3", 0), ("G3", "Y0", 1),
    ("B0", "R3", 0), ("B0", "Y3", 0), ("B3", "G0", 1),
    ("R0", "Y3", 0), ("R3", "G0", 1), ("R3", "B0", 1),
    ("Y0", "G3", 0), ("Y3", "B0", 1), ("Y3", "R0", 1),
    ("R2", "R1", 0), ("G0", "G3", 1), ("B2", "B2", None),
])
def test_battle_table(card0: str, card1: str, winner: int | None) -> None:
    assert battle_winner(card0, card1) == winner
    assert battle_winner(card1, card0) == (None if winner is None else 1 - winner)


def test_battle_relation_is_complete_and_cyclic() -> None:
    colours = "GBRY"
    for a, b in itertools.permutations(colours, 2):
        assert battle_winner(f"{a}0", f"{b}0") != battle_winner(f"{b}0", f"{a}0")
    # a cycle: Green > Blue > Yellow > Green
    assert battle_winner("G0", "B0") == 0 and battle_winner("B0", "Y0") == 0 and battle_winner("Y0", "G0") == 0


@pytest.mark.parametrize(("slot", "colour", "ok"), [
    ([], "Y", True), ([], "G", True), (["Y"], "Y", False), (["Y"], "R", True), (["Y", "R"], "B", True),
    (["Y", "R", "B"], "G", True), (["R"], "Y", False), (["B"], "R", False), (["G"], "B", False),
    (["Y", "R", "B", "G"], "G", False), (["R"], "G", True),
])
def test_stacking_rule(slot: list[str], colour: str, ok: bool) -> None:
    assert can_stack(slot, colour) is ok


def state_with(**changes: object) -> LoadState:
    """A round-1 choose-phase state with the given fields changed."""
    data = GAME.state_to_json(LoadState(round=1, phase="choose"))
    data.update(changes)
    return GAME.state_from_json(data)


FULL_OF_GREEN = [["G"], ["G"], ["G"], ["G"], ["G"]]


def test_joker_loser_loads_a_colour_of_the_two_cards() -> None:
    # Seat 0 wins with Yellow but has no empty slot and no yellow on top: it can neither load nor reload.
    ship0 = [["Y", "R"], ["R"], ["B"], ["G"], ["Y", "B"]]
    state = state_with(hands=[["Y2"], ["G1"]], ships=[ship0, [[], [], [], [], []]])
    state = GAME.apply(GAME.apply(state, 0, "play:Y2"), 1, "play:G1")
    assert state.last_battle["winner"] == 0 and state.last_battle["outcome"] == "joker"
    assert state.loader == 1 and sorted(state.load_colours) == ["G", "Y"]
    assert sorted(state.piles[1]) == ["G1", "Y2"] and state.piles[0] == []
    legal = GAME.legal_actions(state, 1)
    assert {action[5] for action in legal} == {"G", "Y"}
    with pytest.raises(IllegalActionError, match="battle-winning colour"):
        GAME.apply(state, 1, "load:R@1")
    with pytest.raises(IllegalActionError, match="may not load"):
        GAME.apply(state, 0, "load:G@1")


def test_joker_only_in_the_colours_the_loser_can_use() -> None:
    ship0 = [["Y", "R"], ["R"], ["B"], ["G"], ["Y", "B"]]
    ship1 = [["R"], ["R"], ["B"], ["B"], ["R"]]  # no empty slot: yellow impossible, green possible
    state = state_with(hands=[["Y2"], ["G1"]], ships=[ship0, ship1])
    state = GAME.apply(GAME.apply(state, 0, "play:Y2"), 1, "play:G1")
    assert state.load_colours == ["G"]


def test_both_unable_cards_go_to_the_face_down_discard() -> None:
    ship0 = [["Y", "R"], ["R"], ["B"], ["G"], ["Y", "B"]]
    state = state_with(hands=[["Y2", "B1"], ["G1", "B1"]], ships=[ship0, FULL_OF_GREEN])
    state = GAME.apply(GAME.apply(state, 0, "play:Y2"), 1, "play:G1")
    assert state.last_battle["outcome"] == "discarded"
    assert state.phase == "choose" and state.loader is None
    assert sorted(state.discarded) == ["G1", "Y2"] and state.piles == [[], []]


def test_winner_must_load_when_possible() -> None:
    state = state_with(hands=[["G2", "B1"], ["B3", "B1"]])
    state = GAME.apply(GAME.apply(state, 0, "play:G2"), 1, "play:B3")
    assert state.phase == "load" and state.loader == 0 and state.load_colours == ["G"]
    assert GAME.legal_actions(state, 0) == [f"load:G@{n}" for n in range(1, 6)]
    assert GAME.current_player(state) == 0
    with pytest.raises(IllegalActionError):
        GAME.apply(state, 0, "play:B1")  # no skipping the load


def test_tie_puts_each_card_on_its_owners_pile_without_loading() -> None:
    state = state_with(hands=[["R2", "B1"], ["R2", "B1"]])
    state = GAME.apply(GAME.apply(state, 0, "play:R2"), 1, "play:R2")
    assert state.piles == [["R2"], ["R2"]] and state.phase == "choose"
    assert state.last_battle["outcome"] == "tie"


def test_supply_is_shared_and_limits_loads() -> None:
    ship0 = [["Y", "R", "B"], ["Y", "R", "B"], ["Y", "R", "B"], ["Y", "R"], []]
    ship1 = [["Y", "R", "B"], ["Y", "R", "B"], ["Y", "R", "B"], ["Y", "R", "B"], []]
    state = state_with(hands=[["B3"], ["R1"]], ships=[ship0, ship1])
    assert GAME.view(state, 0)["supply"]["B"] == 10 - 7
    state = GAME.apply(GAME.apply(state, 0, "play:B3"), 1, "play:R1")
    ships = state_with(ships=[[["B"]] * 5, [["B"]] * 5, ]).ships
    full = state_with(hands=[["B3"], ["R1"]], ships=ships)
    full = GAME.apply(GAME.apply(full, 0, "play:B3"), 1, "play:R1")
    assert GAME.view(full, 0)["supply"]["B"] == 0
    # all 10 blue containers are on ships: no new blue load, only reloads (none possible here)
    assert full.last_battle["outcome"] != "load" or all(
        not action.startswith("load:") for action in GAME.legal_actions(full, 0)
    )


def test_majority_is_strict_and_zero_zero_is_a_tie() -> None:
    ships = [[["Y"], ["Y", "R"], [], [], []], [["Y"], ["Y"], ["R"], ["R"], []]]
    assert majorities(ships) == [[], ["R"]]  # yellow 2-2, green and blue 0-0: ties


def test_three_rounds_then_stack_bonus_and_tie_breaks() -> None:
    assert winners([20, 18], [3, 0]) == [0]
    assert winners([20, 20], [6, 3]) == [1]  # tie: fewer bonus points wins
    assert winners([20, 20], [3, 3]) == [0, 1]  # still tied: both win


def test_complete_stacks_score_three_each_at_the_end() -> None:
    match = Match(GAME, ["easy", "easy"], seed=3)
    rng_step = 0
    while not GAME.is_terminal(match.state):
        if GAME.current_player(match.state) == CHANCE:
            match.play_chance()
            continue
        for seat in GAME.acting_seats(match.state):
            legal = GAME.legal_actions(match.state, seat)
            match.apply(seat, match.rng(seat).choice(legal))
            rng_step += 1
    result = GAME.result(match.state)
    assert result is not None
    for seat in (0, 1):
        stacks = sum(1 for slot in match.state.ships[seat] if slot == ["Y", "R", "B", "G"])
        assert result["bonus"][seat] == 3 * stacks
        rounds = sum(r["seats"][seat]["points"] for r in result["rounds"])
        assert result["scores"][seat] == rounds + result["bonus"][seat]
    assert len(result["rounds"]) == 3


def test_node_kinds_follow_the_round() -> None:
    state = GAME.new_state(2)
    assert GAME.current_player(state) == CHANCE
    state = GAME.apply(state, CHANCE, GAME.sample_chance(state, random.Random(1)))
    assert GAME.current_player(state) == SIMULTANEOUS and GAME.acting_seats(state) == (0, 1)
    card = GAME.legal_actions(state, 1)[0]
    state = GAME.apply(state, 1, card)
    assert GAME.acting_seats(state) == (0,)
    assert GAME.legal_actions(state, 1) == []
    with pytest.raises(IllegalActionError, match="already chosen"):
        GAME.apply(state, 1, card)
    assert TERMINAL == -3


@pytest.mark.parametrize("action", ["", "play", "play:", "play:Q1", "play:G4", "load:G@6", "load:G2", "reload:G@1",
                                    "reload:G@1>9", "fly:G3", "load:X@1", "deal:G0,G1"])
def test_unparsable_or_malformed_actions_are_typed_errors(action: str) -> None:
    state = state_with(hands=[["G2"], ["B3"]])
    with pytest.raises((InvalidActionError, IllegalActionError)) as info:
        GAME.apply(state, 0, action)
    assert isinstance(info.value, ValueError) and str(info.value)


def test_illegal_moves_name_the_rule_and_change_nothing() -> None:
    state = state_with(hands=[["G2"], ["B3"]])
    before = GAME.state_to_json(state)
    with pytest.raises(IllegalActionError, match=r"not in seat 0's hand \(Gameplay: each player chooses 1 "
                                                 r"container card from his hand\)"):
        GAME.apply(state, 0, "play:G3")
    with pytest.raises(IllegalActionError, match="only chance deals"):
        GAME.apply(state, 0, "deal:" + ",".join(DECK))
    with pytest.raises(IllegalActionError, match=r"seats 0 and 1.*each of the 2 players"):
        GAME.apply(state, 5, "play:G2")
    chosen = GAME.apply(state, 0, "play:G2")
    with pytest.raises(IllegalActionError, match=r"already chosen.*secretly chooses 1 container card a battle"):
        GAME.apply(chosen, 0, "play:G2")
    assert GAME.state_to_json(state) == before


def test_deal_must_be_the_whole_deck() -> None:
    state = GAME.new_state(2)
    cards = list(DECK)
    cards[0] = cards[1]
    with pytest.raises(IllegalActionError, match="all 28"):
        GAME.apply(state, CHANCE, "deal:" + ",".join(cards))


def test_view_hides_the_other_hand_and_the_pending_choice() -> None:
    match = neil_buzz_match()
    match.apply(1, "play:B1")
    view = GAME.view(match.state, 0)
    assert view["chosen"] == [False, True]
    assert view["my_choice"] is None
    assert "B1" not in str(view["hand"]) or "B1" in match.state.hands[0]
    text = str(view)
    assert "'hands'" not in text and "face_down'" not in text
    assert view["hand_counts"] == [12, 11]  # the chosen card lies face down, out of the hand
    spectator = GAME.view(match.state, None)
    assert spectator["hand"] is None and spectator["legal"] == []
    own = GAME.view(match.state, 1)
    assert own["my_choice"] == "B1"


def test_determinize_keeps_what_the_seat_knows() -> None:
    match = neil_buzz_match()
    play_battles(match, NEIL_BUZZ_ROUND_ONE[:3])
    match.apply(0, "play:B2")
    view = GAME.view(match.state, 1)
    for salt in range(5):
        state = GAME.determinize(view, random.Random(salt))
        assert state.hands[1] == match.state.hands[1]
        assert len(state.hands[0]) == len(match.state.hands[0]) + 1  # + the unknown pending card
        assert state.chosen == [None, None]  # seat 0's secret choice is not known to seat 1
        assert state.ships == match.state.ships
        cards = state.hands[0] + state.hands[1] + state.face_down + state.discarded + state.piles[0] + state.piles[1]
        assert sorted(cards) == sorted(DECK)


def test_registry_has_load() -> None:
    assert GAMES["load"] is GAME


def test_every_state_of_a_match_stays_as_it_was() -> None:
    # an action's new state shares the lists the action leaves alone (LoadState.sharing): no later action may change one
    assert_states_stay_as_they_were(GAME, range(6), lambda seed: GAME.new_state())
