"""Haul rules (games/haul/rules.py): turn order, each rule's error, hidden information, determinize, JSON,
the resolving selection step, and the platform's refusal to start a match of an unavailable game."""

from __future__ import annotations

import dataclasses
import io
import json
import random

import pytest

from cargobay.__main__ import main
from cargobay.engine import CHANCE, TERMINAL, IllegalActionError, InvalidActionError, Match, StateError
from cargobay.games.haul import SPEC
from cargobay.games.haul.rules import DECK, GAME, HAULS, LOADS, HaulState
from cargobay.registry import CATALOGUE, SPECS, UnknownGameError, get_playable_spec, get_spec
from cargobay.service import Service
from tests.games.unchanged import assert_states_stay_as_they_were

from .helpers import EMPTY, HANDS, dealt, play, table


def random_match(seed: int) -> list[HaulState]:
    """Every state of a random match."""
    rng = random.Random(seed)
    match = Match(GAME, ["easy"] * 4, seed)
    states = [match.state]
    while not GAME.is_terminal(match.state):
        if GAME.current_player(match.state) == CHANCE:
            match.play_chance()
        else:
            seat = GAME.current_player(match.state)
            match.apply(seat, rng.choice(GAME.legal_actions(match.state, seat)))
        states.append(match.state)
    return states


def test_registered_and_available() -> None:
    assert SPECS["haul"] is SPEC and SPEC.info in CATALOGUE and [i.id for i in CATALOGUE].count("haul") == 1
    assert SPEC.info.available is True and SPEC.info.listed is True and SPEC.info.seats == (4, 4)
    assert SPEC.info.hidden_information and not SPEC.info.simultaneous and "easy" in SPEC.levels
    assert get_spec("haul") is SPEC and get_playable_spec("haul") is SPEC


def test_the_service_starts_haul_and_the_command_line_plays_it() -> None:
    service = Service()
    assert service.handle({"type": "new_match", "game": "haul", "seats": ["easy"] * 4, "seed": 1})["ok"]
    out = io.StringIO()
    assert main(["play", "haul", "--seats", "easy,easy,easy,easy", "--seed", "2"], out) == 0
    assert "winner: seat" in out.getvalue()


def test_an_unavailable_game_is_refused_by_the_service_but_played_by_the_command_line(monkeypatch) -> None:
    spec = SPECS["haul"]
    monkeypatch.setitem(SPECS, "haul", dataclasses.replace(spec, info=dataclasses.replace(spec.info, available=False)))
    with pytest.raises(UnknownGameError, match="Haul is coming soon"):
        get_playable_spec("haul")
    service = Service()
    answer = service.handle({"type": "new_match", "game": "haul", "seats": ["easy"] * 4, "seed": 1})
    assert answer["ok"] is False and "coming soon" in answer["error"]["message"]
    setup = {"match_id": "haul-match-01", "game": "haul", "seats": ["human"] * 4, "owners": [0, 1, 2, 3],
             "peers": 4}
    answer = service.handle({"type": "p2p_start", "setup": setup, "me": 0, "now": 0})
    assert answer["ok"] is False and "coming soon" in answer["error"]["message"]
    assert service.local is None and service.peer_session is None
    assert service.handle({"type": "new_match", "game": "load", "seats": ["easy", "easy"], "seed": 1})["ok"]
    out = io.StringIO()
    assert main(["play", "haul", "--seats", "easy,easy,easy,easy", "--seed", "2"], out) == 0
    assert "winner: seat" in out.getvalue()


def test_exactly_four_seats_and_no_options() -> None:
    for seats in (3, 5):
        with pytest.raises(ValueError, match="seats"):
            Match(GAME, ["easy"] * seats, 0)
    with pytest.raises(ValueError, match="no option"):
        Match(GAME, ["easy"] * 4, 0, {"hauls": 2})


def test_a_match_is_four_hauls_of_seven_loads_with_the_dealer_rotating_left() -> None:
    states = random_match(5)
    first = states[1].dealer
    assert states[0].phase == "dealer" and states[1].phase == "deal" and first is not None
    starts = [s for s in states if s.phase == "play" and s.load == 0 and not s.played]
    assert [s.haul for s in starts] == [1, 2, 3, 4]
    assert [s.dealer for s in starts] == [(first + k) % 4 for k in range(HAULS)]
    assert [s.leader for s in starts] == [(first + k + 1) % 4 for k in range(HAULS)]  # the Dealer's left leads
    assert all(len(hand) == LOADS for s in starts for hand in s.hands)
    end = states[-1]
    assert GAME.current_player(end) == TERMINAL and len(end.hauls) == HAULS
    assert [h["dealer"] for h in end.hauls] == [s.dealer for s in starts]
    plays = [s for s in states if s.phase == "play" and len(s.played) == 0 and s.haul and s.load]
    assert all(s.leader == s.last_load["order"][0] for s in plays if s.last_load)  # highest finisher leads


def test_play_goes_clockwise_from_the_lead() -> None:
    state = dealt(dealer=1).state
    assert state.leader == 2 and GAME.current_player(state) == 2
    assert GAME.legal_actions(state, 2) == [f"play:{card}" for card in sorted(HANDS[2])]
    state = play(state, "4S")
    assert GAME.current_player(state) == 3 and GAME.legal_actions(state, 2) == []
    state = play(state, "5C", "2H", "3D")
    assert state.phase == "resolve" and state.played == [[2, "4S"], [3, "5C"], [0, "2H"], [1, "3D"]]


def test_each_broken_rule_is_an_illegal_action_naming_it() -> None:
    start = dealt().state
    cases = [
        (start, 1, "play:3D", "clockwise"),
        (start, 0, "play:3D", "play any card from your hand"),
        (start, 0, "claim:2H", "after all four cards are played"),
        (start, CHANCE, "dealer:1", "choose a Dealer randomly"),
        (start, CHANCE, "deal:" + ",".join(DECK), "dealt only at the start of a Haul"),
        (Match(GAME, ["easy"] * 4, 0).state, CHANCE, "deal:" + ",".join(DECK), "Dealer"),
    ]
    loaded = play(table([["2H"], ["6S"], ["9D"], ["JC"]], [[["8H"], [], [], []], EMPTY, EMPTY, EMPTY],
                        tokens=(0, 2, 2, 2)), "2H", "6S", "9D", "JC")
    cases += [
        (loaded, 1, "claim:2H", "reverse finishing order"),
        (loaded, 0, "play:2H", "then cargo is resolved"),
        (loaded, 0, "claim:8H", "still remaining in the current Load"),
        (loaded, 0, "refuel:2H", "2 tokens per player"),
        (loaded, 0, "claim:6S>S", "Heavy Load"),
        (loaded, 0, "claim:9D>H", "exact same rank"),
    ]
    for state, seat, action, rule in cases:
        with pytest.raises(IllegalActionError, match=rule) as error:
            GAME.apply(state, seat, action)
        assert error.value.rule, action


def test_a_deal_must_be_the_whole_deck_and_only_chance_deals() -> None:
    state = Match(GAME, ["easy"] * 4, 0).state
    state = GAME.apply(state, CHANCE, "dealer:0")
    with pytest.raises(IllegalActionError, match="all 28 cards"):
        GAME.apply(state, CHANCE, "deal:" + ",".join(DECK[:-1] + DECK[:1]))
    with pytest.raises(IllegalActionError, match="only chance deals"):
        GAME.apply(state, 0, "deal:" + ",".join(DECK))
    with pytest.raises(IllegalActionError, match="no chance event"):
        GAME.sample_chance(dealt().state, random.Random(0))


@pytest.mark.parametrize("action", ["", "play", "play:", "play:2S", "play:11C", "claim:8S>", "claim:8S>X",
                                    "refuel:8", "dealer:4", "deal:8S,8S,zz", "resolve:8S", "jump:8S", 7])
def test_malformed_actions_are_invalid(action: object) -> None:
    with pytest.raises(InvalidActionError):
        GAME.apply(dealt().state, 0, action)  # type: ignore[arg-type]


def test_views_hide_the_other_hands_and_show_everything_else() -> None:
    state = play(dealt().state, "2H")
    for seat in range(4):
        view = GAME.view(state, seat)
        assert view["hand"] == state.hands[seat] and view["hand_counts"] == [6, 7, 7, 7]
        assert view["played"] == [[0, "2H"]] and view["tokens"] == [2, 2, 2, 2]
        text = json.dumps({k: v for k, v in view.items() if k not in ("hand", "legal")})
        assert not [card for other in range(4) if other != seat for card in state.hands[other]
                    if f'"{card}"' in text]
    spectator = GAME.view(state, None)
    assert spectator["hand"] is None and spectator["legal"] == []


def test_determinize_deals_the_unseen_cards_to_the_other_seats() -> None:
    for state in random_match(8)[::11]:
        for seat in range(4):
            view = GAME.view(state, seat)
            sampled = GAME.determinize(view, random.Random(seat))
            assert GAME.view(sampled, seat) == view
            if state.phase in ("play", "resolve"):
                assert sorted(card for hand in sampled.hands for card in hand) == sorted(
                    card for hand in state.hands for card in hand)
    with pytest.raises(ValueError, match="seat"):
        GAME.determinize(GAME.view(dealt().state, None), random.Random(0))


def test_resolving_is_two_picks_the_card_then_what_to_do() -> None:
    state = play(table([["2H"], ["8D"], ["9D"], ["JC"]], [[["8H"], [], [], []], EMPTY, EMPTY, EMPTY]),
                 "2H", "8D", "9D", "JC")
    assert GAME.action_steps("claim:8D>H") == GAME.action_steps("refuel:8D") == ("resolve:8D",)
    assert GAME.action_steps("play:8D") == ()
    start = GAME.legal_choices(state, 0)
    assert start.actions == () and start.selections == ("resolve:2H", "resolve:8D", "resolve:9D", "resolve:JC")
    assert GAME.legal_choices(state, 0, "resolve:8D").actions == ("claim:8D", "claim:8D>H", "refuel:8D")
    with pytest.raises(IllegalActionError):
        GAME.legal_choices(state, 0, "resolve:8S")


def test_the_state_round_trips_and_a_malformed_one_is_refused() -> None:
    state = play(dealt().state, "2H", "3D")
    data = GAME.state_to_json(state)
    assert GAME.state_to_json(GAME.state_from_json(json.loads(json.dumps(data)))) == data
    bad = [
        {**data, "phase": "dance"},
        {**data, "hands": data["hands"][:3]},
        {**data, "tokens": [3, 2, 2, 2]},
        {**data, "trailers": [[["8S"], [], [], []], EMPTY, EMPTY, EMPTY]},  # 8♠ in the Hearts slot
        {**data, "trailers": [[[], [], ["8S", "7S"], []], EMPTY, EMPTY, EMPTY]},  # a Heavy Load of two ranks
        {**data, "leader": None},
        {**data, "played": [[0, "2H"], [1, "3D"], [2, "4S"], [3, "5C"]]},  # four cards but not resolving
        {**data, "played": [[0, "2Z"]]},
        {key: value for key, value in data.items() if key != "discards"},
    ]
    for entry in bad:
        with pytest.raises(StateError):
            GAME.state_from_json(entry)


def test_every_state_of_a_match_stays_as_it_was() -> None:
    # an action's new state shares the lists the action leaves alone (HaulState.sharing): no later action may change one
    assert_states_stay_as_they_were(GAME, range(4), lambda seed: GAME.new_state())
