"""Team UP! rules (games/teamup/rules.py): set-up, turns, the automatic face-down penalty, stopping, the end
conditions, scoring and the rating table, modes and set-up codes, views, determinize, JSON, actions."""

from __future__ import annotations

import io
import json
import random

import pytest

from cargobay.__main__ import main
from cargobay.engine import CHANCE, TERMINAL, IllegalActionError, InvalidActionError, Match, StateError
from cargobay.games.teamup import SPEC
from cargobay.games.teamup.actions import Place, parse
from cargobay.games.teamup.codes import CodeError, decode, encode, neutral_footprint
from cargobay.games.teamup.components import DECK, RATINGS, rating
from cargobay.games.teamup.rules import GAME, RULE_TURN, TeamUpState
from cargobay.registry import CATALOGUE, SPECS, get_playable_spec

from .helpers import play, position, rulings_game, started


def test_registered_cooperative_and_playable() -> None:
    assert SPECS["teamup"] is SPEC and [info.id for info in CATALOGUE].count("teamup") == 1
    info = SPEC.info
    assert info.cooperative and info.seats == (1, 5) and not info.simultaneous and info.available
    assert SPEC.levels == ("easy", "medium", "strong")
    assert [option.kind for option in info.options] == ["choice", "text"]
    assert get_playable_spec("teamup") is SPEC


def test_the_set_up_is_one_chance_action_with_a_code() -> None:
    state = GAME.new_state(2, {})
    assert GAME.current_player(state) == CHANCE and GAME.legal_actions(state, 0) == []
    action = GAME.sample_chance(state, random.Random(4))
    assert action == GAME.sample_chance(state, random.Random(4))  # seeded: the same set-up
    spot, deck = decode(action.removeprefix("setup:"))
    state = GAME.apply(state, CHANCE, action)
    assert (state.spot, state.deck, state.phase) == (spot, deck, "draw")
    orient, x, y = neutral_footprint(spot)
    w, d = (3, 1) if orient == "h" else (1, 3)
    assert x in (0, 6 - w) and y in (0, 4 - d)  # at a corner of the pallet
    with pytest.raises(IllegalActionError, match="once"):
        GAME.apply(state, CHANCE, action)
    with pytest.raises(InvalidActionError, match=r"mistyped|symbols"):
        GAME.apply(GAME.new_state(1, {}), CHANCE, "setup:NOT-A-CODE")


def test_turns_go_round_the_seats_draw_then_place() -> None:
    state = started(seats=3)
    assert GAME.current_player(state) == 0 and GAME.legal_actions(state, 0) == ["draw", "stop"]
    with pytest.raises(IllegalActionError, match="seat 0's turn"):
        GAME.apply(state, 1, "draw")
    with pytest.raises(IllegalActionError, match="draw a card before placing") as caught:
        GAME.apply(state, 0, "place:B-red@v:3,0")
    assert caught.value.rule == RULE_TURN
    state = GAME.apply(state, 0, "draw")
    assert state.card == "red" and GAME.current_player(state) == 0
    with pytest.raises(IllegalActionError, match="must be played first"):
        GAME.apply(state, 0, "stop")
    state = GAME.apply(state, 0, "place:B-red@v:3,0")
    assert GAME.current_player(state) == 1 and state.phase == "draw"
    state = play(state, "draw", "place:B-red@v:0,1", "draw")
    assert GAME.current_player(state) == 2
    state = play(state, GAME.legal_actions(state, 2)[0], "draw")
    assert GAME.current_player(state) == 0


def test_a_card_no_box_can_follow_goes_face_down_at_once() -> None:
    deck, actions = rulings_game()
    last = actions[-1].partition("-")[2].partition("@")[0]  # the colour of the last box (a long one)
    other = next(colour for colour in ("red", "blue", "white") if colour != last and deck[:26].count(colour) < 6)
    # after 26 boxes, a card of another colour: no box of that colour is left, so it goes face down
    cards = [*deck[:26], other]
    rest = list(DECK)
    for card in cards:
        rest.remove(card)
    rest.sort(key=lambda card: card != "rect")
    state = play(started(cards + rest), *actions[:-2])
    assert len(state.boxes) == 26 and GAME.scores(state) == [19]
    state = play(state, "draw")
    assert state.phase == "draw" and state.discards[-1] == (other, False)
    assert GAME.view(state, 0)["face_down"] == 1 and GAME.scores(state) == [18]
    state = play(state, "draw", actions[-1])  # a rectangular card: the long box
    result = GAME.result(state)
    assert result is not None and result["score"] == 24 and result["rating"] == "almost perfect"
    assert result["ended_by"] == "all boxes stacked" and result["face_down"] == 1


def test_the_rulings_pallet_scores_25_and_ends_the_game() -> None:
    deck, actions = rulings_game()
    state = play(started(deck, seats=4), *actions)
    assert GAME.current_player(state) == TERMINAL and state.drawn == 27
    result = GAME.result(state)
    assert result is not None
    assert (result["score"], result["layers_full"], result["unplaced"], result["rating"]) == (25, 5, 0, "perfect")
    assert result["winners"] == [0, 1, 2, 3] and result["scores"] == [25] * 4


def test_stop_ends_the_game_and_scores_it() -> None:
    deck, actions = rulings_game()
    state = play(started(deck, seats=2), *actions[:12])  # six boxes: layer 1 complete
    assert GAME.view(state, 0)["layers_full"] == 1
    state = play(state, "stop")
    result = GAME.result(state)
    assert result is not None and result["ended_by"] == "the team stopped"
    assert result["score"] == 5 * 1 - 21 - 0 and result["rating"] == "you can do better" and result["winners"] == []
    assert GAME.legal_actions(state, 0) == GAME.legal_actions(state, 1) == []


def test_the_game_ends_when_no_card_is_left() -> None:
    state = position([], "red")
    state.deck = state.deck[1:] + state.deck[:1]  # the drawn card is the last one of the pile
    state.drawn = len(DECK)
    state.discards = [(card, False) for card in state.deck[:-1]]  # a fixture: 35 cards face down before
    state = GAME.apply(state, 0, "place:B-red@v:3,0")
    result = GAME.result(state)
    assert result is not None and result["ended_by"] == "no card left"
    assert result["score"] == -26 - 35


def test_score_and_rating_table() -> None:
    assert RATINGS[0] == (25, "perfect")
    table = {25: "perfect", 24: "almost perfect", 21: "almost perfect", 20: "excellent", 16: "excellent",
             15: "good", 11: "good", 10: "on the right path", 6: "on the right path", 5: "you can do better",
             -40: "you can do better"}
    for score, name in table.items():
        assert rating(score) == name


def test_winning_needs_good_or_better_and_a_perfect_pallet_in_puzzle_mode() -> None:
    deck, actions = rulings_game()
    won = play(started(deck), *actions[:-2], "stop")  # 26 boxes: 4 layers, one box short: 19
    assert GAME.result(won)["score"] == 19 and GAME.result(won)["winners"] == [0]  # type: ignore[index]
    state = GAME.apply(GAME.new_state(1, {"mode": "puzzle"}), CHANCE, f"setup:{encode(0, deck)}")
    lost = play(state, *actions[:-2], "stop")
    assert GAME.result(lost)["winners"] == []  # type: ignore[index]
    assert GAME.result(play(state, *actions))["winners"] == [0]  # type: ignore[index]


def test_the_view_hides_the_order_but_in_challenge_mode() -> None:
    state = play(started(list(reversed(DECK))), "draw")
    view = GAME.view(state, 0)
    assert view["upcoming"] is None and view["setup_code"] is None and view["card"] == "big"
    assert view["unseen"] == {"red": 6, "blue": 6, "white": 6, "square": 6, "rect": 8, "big": 3}
    assert json.loads(json.dumps(view)) == view and GAME.view(state, None)["legal"] == []
    challenge = play(started(list(reversed(DECK)), mode="challenge"), "draw")
    view = GAME.view(challenge, 0)
    assert view["upcoming"] == list(reversed(DECK))[1:] and view["setup_code"] == challenge.code
    finished = play(state, GAME.legal_actions(state, 0)[0], "stop")
    assert GAME.view(finished, 0)["setup_code"] == finished.code


def test_options_set_up_codes_and_modes() -> None:
    code = encode(5, list(reversed(DECK)))
    state = GAME.new_state(2, {"setup": code.lower().replace("-", " ")})
    assert state.phase == "draw" and state.code == code and state.spot == 5  # no chance node: the code's set-up
    with pytest.raises(ValueError, match="setup"):
        GAME.new_state(1, {"setup": "ABC"})
    with pytest.raises(ValueError, match="setup"):
        GAME.new_state(1, {"setup": "x" * 40})
    with pytest.raises(ValueError, match="1-5"):
        GAME.new_state(6, {})
    puzzle = GAME.new_state(1, {"mode": "puzzle"})
    action = GAME.sample_chance(puzzle, random.Random(1))
    assert GAME.apply(puzzle, CHANCE, action).phase == "draw"
    rest = list(DECK)
    rest.remove("square")
    sorted_deck = encode(0, ["square", *rest])  # a square first beside a neutral box along the long edge
    with pytest.raises(IllegalActionError, match="not proved") as caught:
        GAME.apply(puzzle, CHANCE, f"setup:{sorted_deck}")
    assert caught.value.rule.startswith("Puzzle")
    with pytest.raises(ValueError, match="setup"):
        GAME.new_state(1, {"mode": "puzzle", "setup": sorted_deck})


def test_codes_round_trip_and_catch_typos() -> None:
    rng = random.Random(2)
    for spot in range(8):
        deck = list(DECK)
        rng.shuffle(deck)
        code = encode(spot, deck)
        assert len(code) == 20 and decode(code) == (spot, tuple(deck))
        typo = code[:7] + ("0" if code[7] != "0" else "1") + code[8:]
        with pytest.raises(CodeError):
            decode(typo)
    assert decode("000000-000000-000000") == (0, DECK)
    assert decode("OOOOOO-oooooo-000000") == (0, DECK)  # Crockford: O is 0, case ignored


def test_determinize_keeps_the_view() -> None:
    rng = random.Random(3)
    state = play(started(list(reversed(DECK)), seats=2), "draw")
    view = GAME.view(state, 1)
    for _ in range(3):
        sampled = GAME.determinize(view, rng)
        assert GAME.view(sampled, 1) == view
    assert GAME.determinize(GAME.view(GAME.new_state(1, {}), 0), rng).phase == "setup"


def test_json_round_trip_and_refusals() -> None:
    deck, actions = rulings_game()
    state = play(started(deck), *actions[:9])
    data = GAME.state_to_json(state)
    assert GAME.state_to_json(GAME.state_from_json(json.loads(json.dumps(data)))) == data
    bad = [
        {**data, "code": encode(1, deck)},  # the code names another neutral box spot
        {**data, "discards": data["discards"][:-1]},  # a drawn card missing
        {**data, "boxes": [*data["boxes"][:-1], ["S-red", "h", 4, 2, 0]]},  # an illegal box
        {**data, "discards": [[card, False] for card, _ in data["discards"]]},  # face down although playable
        {**data, "phase": "end"},
        {**data, "seats": 9},
        {**data, "boxes": "none"},
    ]
    for wrong in bad:
        with pytest.raises(StateError):
            GAME.state_from_json(wrong)


def test_actions_round_trip_and_the_selection_steps() -> None:
    state = play(started(), "draw")
    for action in GAME.legal_actions(state, 0):
        assert str(parse(action)) == action
    for text in ("draw", "stop", f"setup:{encode(0, DECK)}", "place:B-red@side:3,0"):
        assert str(parse(text)) == text
    for text in ("", "place", "place:S-red@v:2,1", "place:X-red@h:2,1", "place:S-pink@h:2,1", "place:S-red@h:02,1",
                 "place:S-red@h:2", "place:S-red:2,1", "setup:", "draw:1", 7):
        with pytest.raises(InvalidActionError):
            parse(text)
    first = GAME.legal_choices(state, 0)  # two steps: the box in its orientation, then the spot
    assert not first.actions and {"box:B-red@h", "box:B-red@v", "box:S-red@h"} <= set(first.selections)
    assert all(s.startswith("box:") and "@" in s for s in first.selections)
    second = GAME.legal_choices(state, 0, "box:B-red@v")
    assert "place:B-red@v:3,0" in second.actions and not second.selections
    assert GAME.action_steps("place:B-red@v:3,0") == Place("B-red", "v", 3, 0).steps() == ("box:B-red@v",)
    with pytest.raises(IllegalActionError):
        GAME.legal_choices(state, 0, "box:B-red")  # the box alone is not a step
    first = GAME.legal_choices(play(started(), ), 0)
    assert first.actions == ("draw",) and first.selections == ("confirm:stop",)  # stopping asks first
    assert GAME.legal_choices(play(started(), ), 0, "confirm:stop").actions == ("stop",)


def test_command_line_plays_and_replays(tmp_path) -> None:  # type: ignore[no-untyped-def]
    out = io.StringIO()
    log = tmp_path / "match.json"
    assert main(["play", "teamup", "--seats", "medium,strong", "--seed", "4", "--log", str(log)], out) == 0
    assert "Team UP!" in out.getvalue()
    replayed = io.StringIO()
    assert main(["replay", str(log)], replayed) == 0
    hash_line = [line for line in out.getvalue().splitlines() if "state hash" in line]
    assert hash_line and hash_line[0] in replayed.getvalue()
    match = Match.from_log(json.loads(log.read_text()), {"teamup": GAME})
    assert GAME.is_terminal(match.state)
    assert isinstance(match.state, TeamUpState)
