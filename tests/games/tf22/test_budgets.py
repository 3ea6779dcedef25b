"""The TF22 bots' work a decision, counted in positions (never time), against what search.py and bots.py say of it:
``MOVE_BUDGET`` (strong) or ``MEDIUM_BUDGET`` (medium) over the AP the move began with, at least ``MIN_BUDGET``.
A move begins with 15 AP at least, so the caps ``BUDGET`` (100) and ``MEDIUM_MOST`` (60) bind only for a bot without
a move budget (``bots.V1``), and with 40 at most (15 + 10 saved + 5 for each of three enemy Landers held: 4 seats;
30 with 2), so a decision gets 25 to 66 positions (strong: the floor, 24, would bind from 42 AP only) and 24 to 40
(medium: the floor binds from 26 AP)."""

from __future__ import annotations

import random
from typing import Any

from cargobay.engine import CHANCE, TERMINAL, Match
from cargobay.games.tf22 import bots, search
from cargobay.games.tf22.bots import MEDIUM_BUDGET, MEDIUM_MOST, MediumBot, StrongBot
from cargobay.games.tf22.flow import AP_PER_LANDER, AP_PER_TURN, MAX_SAVED
from cargobay.games.tf22.rules import GAME
from cargobay.games.tf22.search import BUDGET, MIN_BUDGET, MOVE_BUDGET, decision_budget
from cargobay.games.tf22.state import MAX_SEATS
from tests.games.tf22.helpers import Scenario, run_chance

STRONG_MOST = 66  # MOVE_BUDGET // 15: a decision of a move that began with the fewest AP
MEDIUM_MOST_SHARE = 40  # MEDIUM_BUDGET // 15


def most_ap(seats: int) -> int:
    """The most AP a move of a match of ``seats`` can begin with: every enemy Lander held, 10 saved (a capture's 5 at
    once included: each capture costs an AP of its own, and decision_budget counts the Lander as held from the
    start)."""
    return AP_PER_TURN + MAX_SAVED + AP_PER_LANDER * (seats - 1)


def test_a_decision_gets_25_to_66_positions_strong_and_24_to_40_medium_whatever_the_move_began_with() -> None:
    """The extremes of the rules: a move of 15 AP (none saved, no enemy Lander held) gets the most; one that began
    with 15 + 10 saved + 5 for an enemy Lander (30, the most with 2 seats) less, and the most a move can begin with,
    40 (three enemy Landers captured in a 4-seat match, then a move that saved 10), the fewest: 25 for strong, so its
    MIN_BUDGET never binds, and MIN_BUDGET for medium."""
    shares = (MOVE_BUDGET // AP_PER_TURN, MEDIUM_BUDGET // AP_PER_TURN, MIN_BUDGET)
    assert shares == (STRONG_MOST, MEDIUM_MOST_SHARE, 24)
    assert (most_ap(2), most_ap(MAX_SEATS)) == (30, 40)
    assert MOVE_BUDGET // most_ap(MAX_SEATS) == 25 > MIN_BUDGET > MEDIUM_BUDGET // most_ap(2)
    fresh = Scenario().state
    assert decision_budget(fresh, 0, BUDGET, MOVE_BUDGET) == STRONG_MOST < BUDGET
    assert decision_budget(fresh, 0, MEDIUM_MOST, MEDIUM_BUDGET) == MEDIUM_MOST_SHARE < MEDIUM_MOST
    assert decision_budget(fresh, 0, BUDGET, 0) == BUDGET  # V1: no move budget, the cap every decision
    s = Scenario(landers=False, seats=3)
    s.lander(0, "5,12", 0)
    s.lander(1, "18,14", 0, turrets=())
    s.lander(2, "24,2", 0)
    s.add("spider", 0, "18,12", "a")
    s.play("capture:{a}>{L1}")
    state = s.state
    state.saved[0] = 10
    assert decision_budget(state, 0, BUDGET, MOVE_BUDGET) == MOVE_BUDGET // 30 == 33
    assert decision_budget(state, 0, MEDIUM_MOST, MEDIUM_BUDGET) == MIN_BUDGET  # (600 // 30 = 20)
    # the most: seat 0 captures the three other Landers in one move (15 AP, 3 spent, 15 gained) and ends it with 27
    # left (10 saved); its next move begins with 40 AP
    s = Scenario(landers=False, seats=MAX_SEATS)
    s.lander(0, "5,12", 0)
    for seat, centre, spider in ((1, "18,14", "18,12"), (2, "18,6", "18,4"), (3, "10,6", "9,4")):
        s.lander(seat, centre, 0, turrets=())
        s.add("spider", 0, spider, f"s{seat}")
    s.play("capture:{s1}>{L1}", "capture:{s2}>{L2}", "capture:{s3}>{L3}")
    assert s.state.ap[0] == AP_PER_TURN + 3 * (AP_PER_LANDER - 1)
    s.play("end")
    state = run_chance(s.state, random.Random(0))
    assert (GAME.current_player(state), state.ap[0]) == (0, most_ap(MAX_SEATS))
    assert decision_budget(state, 0, BUDGET, MOVE_BUDGET) == MOVE_BUDGET // 40 == 25
    assert decision_budget(state, 0, MEDIUM_MOST, MEDIUM_BUDGET) == MIN_BUDGET  # (600 // 40 = 15)


def test_every_decision_of_a_match_spends_at_most_its_budget_and_the_budgets_stay_in_what_two_seats_reach() -> None:
    """A five-turn match, strong against medium: each decision's budget and the positions it evaluated (the strong
    bot's search counts its own, recalled values included; the medium bot's are the positions it made); with 2 seats
    a move begins with 15 to 30 AP: 33 to 66 positions a decision (strong), 24 to 40 (medium)."""
    strong_budgets: list[tuple[int, int]] = []  # (budget, spent) per strong decision
    medium_budgets: list[tuple[int, int]] = []

    searches: list[tuple[search.MoveSearch, int]] = []  # the strong bot's this decision, with its budget

    class CountedSearch(search.MoveSearch):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            searches.append((self, self.left))

    made = [0]

    def counted_after(*args: Any) -> Any:
        made[0] += 1
        return search.after(*args)

    strong, medium = StrongBot(), MediumBot()
    original_search, original_after, original_budget = bots.MoveSearch, bots.after, bots.decision_budget
    medium_budget = [0]

    def noted_budget(*args: Any) -> int:
        medium_budget[0] = original_budget(*args)
        return medium_budget[0]

    bots.MoveSearch, bots.after, bots.decision_budget = CountedSearch, counted_after, noted_budget
    try:
        match = Match(GAME, ["strong", "medium"], 3, {"turns": 5})
        while GAME.current_player(match.state) != TERMINAL:
            seat = GAME.current_player(match.state)
            if seat == CHANCE:
                match.play_chance()
                continue
            view = GAME.view(match.state, seat)
            searching = match.state.phase == "play" and match.state.breach < 0 and len(view["legal"]) > 1
            searches.clear()
            made[0], medium_budget[0] = 0, 0
            action = (strong if seat == 0 else medium).choose(GAME, view, random.Random(0))
            if searching and seat == 0 and searches:
                ((one, budget),) = searches
                strong_budgets.append((budget, budget - one.left))
            elif searching and seat == 1 and medium_budget[0]:
                medium_budgets.append((medium_budget[0], made[0]))
            match.apply(seat, action)
    finally:
        bots.MoveSearch, bots.after, bots.decision_budget = original_search, original_after, original_budget
    assert len(strong_budgets) >= 20 and len(medium_budgets) >= 20, (strong_budgets, medium_budgets)
    strong_least, medium_least = MOVE_BUDGET // most_ap(2), max(MIN_BUDGET, MEDIUM_BUDGET // most_ap(2))
    assert (strong_least, medium_least) == (33, 24)
    for budgets, least, most in ((strong_budgets, strong_least, STRONG_MOST),
                                 (medium_budgets, medium_least, MEDIUM_MOST_SHARE)):
        assert all(least <= budget <= most and spent <= budget for budget, spent in budgets), budgets
        assert max(budget for budget, _ in budgets) == most  # (a move of 15 AP: the most a decision gets)
        assert max(spent for _, spent in budgets) > most // 2  # (the counts are read: some decision spends much)
