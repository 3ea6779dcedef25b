"""Every worked example of the Haul rulebook (../shared/rules/haul.txt), as a test."""

from __future__ import annotations

import random
from collections import Counter

from cargobay.engine import CHANCE, TERMINAL
from cargobay.games.haul.actions import RANK, SUIT
from cargobay.games.haul.rules import DECK, GAME, finishing_order, heavy_slots, tiebreak, trailer_points

from .helpers import EMPTY, play, resolve, table


def test_the_deck_is_28_cards_hearts_2_8_diamonds_3_9_spades_4_10_clubs_5_j() -> None:
    assert len(DECK) == len(set(DECK)) == 28
    by_suit = {suit: sorted(RANK[card] for card in DECK if SUIT[card] == suit) for suit in "HDSC"}
    assert by_suit == {"H": list(range(2, 9)), "D": list(range(3, 10)), "S": list(range(4, 11)),
                       "C": list(range(5, 12))}
    assert RANK["JC"] == 11  # "Jack = 11"


def test_2h_and_jc_never_form_heavy_loads_and_5_to_8_are_in_every_suit() -> None:
    counts = Counter(RANK[card] for card in DECK)
    assert sorted(rank for rank, n in counts.items() if n == 1) == [2, 11]
    assert sorted(rank for rank, n in counts.items() if n == 4) == [5, 6, 7, 8]


def test_the_8_5_8_3_finishing_order() -> None:
    """"The cards are played: 8 - 5 - 8 - 3. The first 8 finishes first, the second 8 finishes second, the 5
    finishes third, and the 3 finishes fourth." Played at the table, then resolved fourth place first."""
    state = play(table([["8H"], ["5S"], ["8D"], ["3H"]]), "8H", "5S", "8D", "3H")
    assert state.phase == "resolve" and state.order == [0, 2, 1, 3]
    assert finishing_order([(0, "8H"), (1, "5S"), (2, "8D"), (3, "3H")]) == [0, 2, 1, 3]
    seen = []
    for _ in range(4):
        seen.append(GAME.current_player(state))
        state = resolve(state, f"claim:{state.remaining[0]}")
    assert seen == [3, 1, 2, 0]  # "Fourth place acts first ... First place acts last"


def test_the_finishing_order_ignores_suit_and_the_lead_seat_counts_from_the_lead() -> None:
    state = play(table([["4H"], ["8S"], ["8H"], ["8D"]], leader=2), "8H", "8D", "4H", "8S")
    assert state.order == [2, 3, 1, 0]  # played 8♥ (seat 2), 8♦ (seat 3), 4♥ (seat 0), 8♠ (seat 1)


def test_heavy_load_8s_8h_occupies_only_spades_and_8d_joins_it() -> None:
    """"Your Spades slot contains 8♠-8♥ ... the buried 8♥ does not occupy the Hearts slot, so you may still have
    another Hearts card ... If you later take 8♦, you may tuck it underneath the same Heavy Load: 8♠-8♥-8♦.\""""
    trailers = [[[], [], ["8S", "8H"], []], EMPTY, EMPTY, EMPTY]
    hands = [["3H", "2H"], ["9D", "8D"], ["10S", "4D"], ["JC", "5D"]]
    state = play(table(hands, trailers), "3H", "9D", "10S", "JC")
    assert state.order == [3, 2, 1, 0] and GAME.current_player(state) == 0
    assert "claim:3H>S" not in GAME.legal_actions(state, 0)
    state = resolve(state, "claim:3H", "claim:9D", "claim:10S", "claim:JC")
    assert state.trailers[0] == [["3H"], [], ["8S", "8H"], []]  # Hearts was free: no Forced Unload
    assert heavy_slots(state.trailers[0], "8D") == ["S"]  # the exposed 8♠ matches; the buried 8♥ never does
    state = play(state, "5D", "2H", "8D", "4D")  # seat 3 leads: it finished first
    assert state.order == [1, 3, 2, 0] and GAME.current_player(state) == 0
    assert {"claim:8D", "claim:8D>S"} <= set(GAME.legal_actions(state, 0))
    state = resolve(state, "claim:8D>S")
    assert state.trailers[0] == [["3H"], [], ["8S", "8H", "8D"], []]  # still only the Spades slot
    assert state.resolutions[-1]["kind"] == "heavy load"


def test_forced_unload_of_8s_8h_8d_by_6s() -> None:
    """"Your Spades slot contains 8♠-8♥-8♦. You take 6♠ and choose to load it by suit. The 6♠ causes a Forced
    Unload. Discard all three 8s, then place 6♠ in the Spades slot.\""""
    trailers = [[[], [], ["8S", "8H", "8D"], []], EMPTY, EMPTY, EMPTY]
    state = play(table([["2H"], ["6S"], ["9D"], ["JC"]], trailers), "2H", "6S", "9D", "JC")
    assert GAME.current_player(state) == 0
    state = resolve(state, "claim:6S")
    assert state.trailers[0] == [[], [], ["6S"], []]  # the buried 8♥ and 8♦ are not rescued to their slots
    assert state.discards == ["8S", "8H", "8D"]
    assert state.resolutions[-1] == {"seat": 0, "action": "claim:6S", "card": "6S", "kind": "forced unload",
                                     "unloaded": ["8S", "8H", "8D"]}
    assert GAME.view(state, 2)["discards"] == ["8S", "8H", "8D"]  # face up: public in every view


def test_the_58_point_trailer() -> None:
    """"7♥, 9♦, 10♠, an 8♣ with 8♥, 8♦ and 8♠ tucked underneath it: 7 + 9 + 10 + 8 + 8 + 8 + 8 = 58",
    scored at the end of a Haul after the last tuck."""
    assert trailer_points([["7H"], ["9D"], ["10S"], ["8C", "8H", "8D", "8S"]]) == 58
    trailers = [[["7H"], ["9D"], ["10S"], ["8C", "8H", "8D"]], EMPTY, EMPTY, EMPTY]
    state = play(table([["2H"], ["8S"], ["3D"], ["4D"]], trailers, load=6), "2H", "8S", "3D", "4D")
    assert state.order == [1, 3, 2, 0]
    state = resolve(state, "claim:8S>C", "claim:2H", "claim:3D", "claim:4D")
    assert state.phase == "deal" and state.scores == [58, 4, 2, 3]
    assert state.hauls[-1]["scores"] == [58, 4, 2, 3] and state.hauls[-1]["trailers"][0][3] == ["8C", "8H", "8D", "8S"]


def test_more_than_one_matching_cargo_choose_one_they_do_not_combine() -> None:
    trailers = [[["8H"], [], ["8S"], []], EMPTY, EMPTY, EMPTY]
    state = play(table([["2H"], ["8D"], ["9D"], ["JC"]], trailers), "2H", "8D", "9D", "JC")
    assert [a for a in GAME.legal_actions(state, 0) if "8D" in a] == ["claim:8D", "claim:8D>H", "claim:8D>S",
                                                                      "refuel:8D"]
    state = resolve(state, "claim:8D>H")
    assert state.trailers[0] == [["8H", "8D"], [], ["8S"], []]


def test_a_card_that_could_join_a_heavy_load_may_be_loaded_by_suit_instead() -> None:
    trailers = [[["8H"], ["5D"], [], []], EMPTY, EMPTY, EMPTY]
    state = play(table([["2H"], ["8D"], ["9D"], ["JC"]], trailers), "2H", "8D", "9D", "JC")
    state = resolve(state, "claim:8D")
    assert state.trailers[0] == [["8H"], ["8D"], [], []] and state.discards == ["5D"]


def test_refuel_any_card_keeps_the_order_and_the_next_lead() -> None:
    """"A Refuel may be used on any remaining card ... Using a Refuel Token does not change finishing order or who
    leads next." The first finisher may refuel the last card (ruling 3)."""
    state = play(table([["2H", "3H"], ["6S", "4S"], ["9D", "3D"], ["JC", "5C"]]), "2H", "6S", "9D", "JC")
    state = resolve(state, "refuel:JC", "claim:9D", "claim:6S")  # fourth place discards the winner's card
    assert state.tokens == [1, 2, 2, 2] and state.discards == ["JC"] and state.trailers[0] == EMPTY
    assert GAME.current_player(state) == 3 and GAME.legal_actions(state, 3) == ["claim:2H", "refuel:2H"]
    state = resolve(state, "refuel:2H")
    assert state.tokens == [1, 2, 2, 1] and state.leader == 3 and GAME.current_player(state) == 3
    assert state.last_load is not None and state.last_load["order"] == [3, 2, 1, 0]


def test_tokens_are_two_for_the_whole_game_and_carry_over() -> None:
    state = play(table([["2H"], ["6S"], ["9D"], ["JC"]], tokens=(0, 2, 2, 2), load=6), "2H", "6S", "9D", "JC")
    assert not [a for a in GAME.legal_actions(state, 0) if a.startswith("refuel:")]
    state = resolve(state, "claim:2H", "refuel:6S", "refuel:9D", "refuel:JC")
    assert state.phase == "deal" and state.tokens == [0, 1, 1, 1]
    state = GAME.apply(state, CHANCE, GAME.sample_chance(state, random.Random(1)))
    assert state.tokens == [0, 1, 1, 1] and state.scores == [2, 0, 0, 0]  # carried over
    assert state.trailers == [EMPTY] * 4 and state.discards == []  # trailers reset, discards collected


def test_the_tie_breakers() -> None:
    """Highest total; then most unused Refuel tokens; then highest Haul 4 score; then shared."""
    assert tiebreak([90, 80, 70, 60], [0, 2, 2, 2], [0, 30, 30, 30]) == ([0], "score", [1, 2, 3, 4])
    assert tiebreak([90, 90, 70, 60], [1, 2, 0, 0], [30, 0, 0, 0]) == ([1], "refuel tokens", [2, 1, 3, 4])
    assert tiebreak([90, 90, 90, 60], [1, 1, 0, 2], [20, 25, 30, 0]) == ([1], "haul 4", [2, 1, 3, 4])
    assert tiebreak([90, 90, 70, 60], [1, 1, 0, 0], [20, 20, 30, 0]) == ([0, 1], "shared", [1, 1, 3, 4])


def test_the_match_ends_after_four_hauls_with_the_tie_breaks_in_the_result() -> None:
    hauls = [{"haul": n, "dealer": 0, "scores": [10, 10, 3, 3], "trailers": [EMPTY] * 4} for n in (1, 2, 3)]
    before = table([["2H"], ["6S"], ["9D"], ["JC"]], tokens=(1, 1, 0, 0), load=6, haul=4, scores=(30, 30, 9, 9),
                   hauls=hauls)
    state = play(before, "2H", "6S", "9D", "JC")
    state = resolve(state, "claim:2H", "claim:6S", "claim:9D", "claim:JC")  # 2 / 6 / 9 / 11 points
    assert GAME.current_player(state) == TERMINAL
    result = GAME.result(state)
    assert result is not None
    assert result["scores"] == [32, 36, 18, 20] and result["winners"] == [1] and result["decided_by"] == "score"
    assert result["haul_scores"][-1] == [2, 6, 9, 11] and result["places"] == [2, 1, 4, 3]
    assert result["haul_scores"] == [[10, 10, 3, 3]] * 3 + [[2, 6, 9, 11]]
