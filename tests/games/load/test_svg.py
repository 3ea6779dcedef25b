"""The TF22: LOAD! SVG board: well-formed, offers exactly the legal actions, leaks nothing hidden."""

from __future__ import annotations

import copy
import random
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from cargobay.engine import CHANCE, SIMULTANEOUS, TERMINAL, Match
from cargobay.games.load.rules import COLOUR_NAMES, LoadState
from cargobay.games.load.svg import render
from cargobay.registry import GAMES
from cargobay.render import RenderContext
from tests.phone import assert_phone_sized

GAME = GAMES["load"]
SVG = "{http://www.w3.org/2000/svg}"


def playout(seed: int) -> Iterator[Match]:
    """A random match, yielded before every step and at the end (loads preferred, to grow stacks)."""
    match = Match(GAME, ["human", "easy"], seed)
    rng = random.Random(seed)
    while True:
        yield match
        player = GAME.current_player(match.state)
        if player == TERMINAL:
            return
        if player == CHANCE:
            match.play_chance()
            continue
        seat = rng.choice(GAME.acting_seats(match.state)) if player == SIMULTANEOUS else player
        actions = GAME.legal_actions(match.state, seat)
        loads = [action for action in actions if action.startswith("load:")]
        match.apply(seat, rng.choice(loads if loads and rng.random() < 0.8 else actions))


def find_state(predicate: Callable[[LoadState], bool], seeds: range = range(60)) -> LoadState:
    for seed in seeds:
        for match in playout(seed):
            if predicate(match.state):
                return match.state
    raise LookupError("no seeded playout reaches the state")


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def actions_of(root: ET.Element) -> list[str]:
    return [element.attrib["data-action"] for element in root.iter() if "data-action" in element.attrib]


def selects_of(root: ET.Element) -> list[str]:
    return [element.attrib["data-select"] for element in root.iter() if "data-select" in element.attrib]


def reachable(state: LoadState, viewer: int) -> list[str]:
    """Every complete action the board offers ``viewer``, at once or after one selection step (each board
    phone-sized)."""
    view = GAME.view(state, viewer)
    root = parse(render(view))
    assert_phone_sized(root)
    offered = actions_of(root)
    assert len(offered) == len(set(offered))
    for prefix in selects_of(root):
        picked = GAME.legal_choices(state, viewer, prefix)
        ctx = RenderContext(perspective=viewer, selection=prefix, choices=picked.actions, selections=picked.selections)
        sub = parse(render(view, ctx))
        assert_phone_sized(sub)
        extra = set(actions_of(sub)) - set(offered)
        assert extra == set(picked.actions), prefix
        assert "" in selects_of(sub)  # "Keep it in place" goes back
        offered += sorted(extra)
    return offered


def all_text(element: ET.Element) -> str:
    return " ".join("".join(node.itertext()) for node in element.iter(f"{SVG}text"))


@pytest.fixture(scope="module")
def finished() -> LoadState:
    return find_state(lambda state: state.phase == "end", range(3))


# --- every view of a few matches --------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_view_parses_and_offers_exactly_the_legal_actions(seed: int) -> None:
    for match in playout(seed):
        state = match.state
        for viewer in (0, 1, None):
            view = GAME.view(state, viewer)
            root = parse(render(view))
            assert root.tag == f"{SVG}svg"
            assert root.attrib["data-phase"] == state.phase
            assert root.attrib["data-round"] == str(state.round)
            assert root.attrib["data-turn"] == str(state.turn)
            offered = actions_of(root)
            if viewer is None:
                assert offered == []
                continue
            assert all(not action.startswith("reload:") for action in offered)
            assert Counter(reachable(state, viewer)) == Counter(view["legal"]), (state.phase, viewer)
            for element in root.iter():
                if "data-action" in element.attrib:
                    assert element.attrib["data-seat"] == str(viewer)
                    assert element.attrib["role"] == "button"
                    assert element.attrib["tabindex"] == "0"
                    assert "action" in element.attrib["class"].split()
                    assert element.attrib["aria-label"]


def test_cards_are_playable_with_the_documented_markup() -> None:
    state = find_state(lambda s: s.phase == "choose" and s.round == 1 and s.turn == 0, range(1))
    root = parse(render(GAME.view(state, 0)))
    cards = {
        e.attrib["data-action"]: e for e in root.iter() if e.attrib.get("data-action", "").startswith("play:")
    }
    assert set(cards) == {f"play:{card}" for card in state.hands[0]}
    for action, element in cards.items():
        card = action.removeprefix("play:")
        assert element.attrib["class"] == "action card"
        assert element.attrib["aria-label"].startswith(f"Play {COLOUR_NAMES[card[0]]} {card[1]}")


def test_load_targets_and_reload_buttons_are_labelled() -> None:
    state = find_state(
        lambda s: (
            s.phase == "load"
            and s.loader == 0
            and any(a.startswith("reload:") for a in GAME.legal_actions(s, 0))
            and any(a.startswith("load:") for a in GAME.legal_actions(s, 0))
        )
    )
    root = parse(render(GAME.view(state, 0)))
    labels = {
        e.attrib["data-action"]: e.attrib["aria-label"] for e in root.iter() if "data-action" in e.attrib
    }
    for action, label in labels.items():
        kind, _, arg = action.partition(":")
        colour, _, slots = arg.partition("@")
        name = COLOUR_NAMES[colour]
        if kind == "load":
            assert label == f"Load {name} onto slot {slots}"
        else:
            source, _, target = slots.partition(">")
            assert label == f"Move {name} from slot {source} to slot {target}"


def test_the_player_not_loading_is_offered_nothing() -> None:
    state = find_state(lambda s: s.phase == "load" and s.loader == 1)
    assert actions_of(parse(render(GAME.view(state, 0)))) == []


def test_a_joker_load_says_so() -> None:
    state = find_state(
        lambda s: (
            s.phase == "load"
            and s.last_battle is not None
            and s.last_battle["outcome"] == "joker"
            and s.loader == 0
        )
    )
    root = parse(render(GAME.view(state, 0)))
    assert "Joker load" in all_text(root)
    assert Counter(reachable(state, 0)) == Counter(GAME.legal_actions(state, 0))


def test_actions_not_legal_are_never_offered_even_if_the_view_lies_about_the_phase() -> None:
    state = find_state(lambda s: s.phase == "load" and s.loader == 0)
    view = GAME.view(state, 0)
    view["legal"] = view["legal"][:1]
    assert actions_of(parse(render(view))) == view["legal"]


# --- layout ------------------------------------------------------------------------------------------


def ship_owners(root: ET.Element) -> list[str]:
    return [
        e.attrib["data-player"] for e in root.iter(f"{SVG}g") if "ship" in e.attrib.get("class", "").split()
    ]


def test_own_ship_is_at_the_bottom_and_a_spectator_sees_seat_0_at_the_bottom() -> None:
    state = find_state(lambda s: s.phase == "choose" and s.round == 2)
    assert ship_owners(parse(render(GAME.view(state, 0)))) == ["1", "0"]
    assert ship_owners(parse(render(GAME.view(state, 1)))) == ["0", "1"]
    assert ship_owners(parse(render(GAME.view(state, None)))) == ["1", "0"]


def test_complete_stacks_are_marked() -> None:
    state = find_state(lambda s: s.phase == "choose" and s.round == 1)
    view = GAME.view(state, 0)
    view["ships"][0][2] = ["Y", "R", "B", "G"]
    root = parse(render(view))
    marks = [e for e in root.iter(f"{SVG}text") if e.attrib.get("class") == "complete"]
    assert [mark.text for mark in marks] == ["Slot 3 +3"]


def test_default_labels_and_given_labels() -> None:
    state = find_state(lambda s: s.phase == "choose" and s.round == 1)
    assert "Opponent" in all_text(parse(render(GAME.view(state, 0))))
    assert "Seat 2" in all_text(parse(render(GAME.view(state, None))))
    text = all_text(parse(render(GAME.view(state, 0), labels={0: "You", 1: "Strong bot"})))
    assert "Strong bot" in text


def test_text_is_escaped() -> None:
    state = find_state(lambda s: s.phase == "load" and s.round == 2)
    svg = render(GAME.view(state, None), labels={0: "<&>", 1: "\"quoted\" 'bot'"})
    root = parse(svg)
    assert "<&>" not in svg
    assert "&lt;&amp;&gt;" in svg
    assert "<&>" in all_text(root)


def test_self_contained() -> None:
    state = find_state(lambda s: s.phase == "load")
    svg = render(GAME.view(state, 0))
    lowered = svg.lower()
    for forbidden in (
        "<script",
        "href",
        "url(",
        "@import",
        "@font-face",
        "<image",
        "<foreignobject",
        "onclick",
    ):
        assert forbidden not in lowered
    assert lowered.count("http") == 1  # the xmlns only
    assert "viewBox=" in svg


# --- hidden information ---------------------------------------------------------------------------


def test_opponents_choice_and_hand_never_leak() -> None:
    state = find_state(
        lambda s: s.phase == "choose" and s.chosen[1] is not None and s.chosen[0] is None and s.round == 2
    )
    view = GAME.view(state, 0)
    svg = render(view)
    root = parse(svg)
    # Swap seat 1's secret choice and hand with other cards: seat 0's picture must not change.
    other = state.copy()
    pool = sorted(set(other.hands[1] + other.face_down) - {other.chosen[1]})
    other.chosen[1] = pool[0]
    hand = sorted(other.face_down[:2] + other.hands[1][2:])
    if other.chosen[1] not in hand:
        hand[0] = other.chosen[1]
    other.hands[1] = hand
    assert render(GAME.view(other, 0)) == svg
    # No face-up card of seat 1's hand shows, unless it is public elsewhere (own hand, piles, last battle).
    public = set(view["hand"]) | {card for pile in view["piles"] for card in pile}
    if view["last_battle"]:
        public |= set(view["last_battle"]["cards"])
    shown = {e.attrib["data-card"] for e in root.iter() if "data-card" in e.attrib}
    assert shown <= public
    for card in set(state.hands[1]) - public:
        assert f'data-card="{card}"' not in svg
    choices = [e for e in root.iter(f"{SVG}g") if e.attrib.get("class") == "choice"]
    assert [e.attrib["data-player"] for e in choices] == ["1"]
    assert "data-card" not in choices[0].attrib


def test_own_face_down_choice_is_shown_to_its_owner_only() -> None:
    state = find_state(lambda s: s.phase == "choose" and s.chosen[0] is not None and s.chosen[1] is None)
    card = state.chosen[0]
    name = f"{COLOUR_NAMES[card[0]]} {card[1]}"

    def captions(root: ET.Element) -> list[str | None]:
        return [e.text for e in root.iter(f"{SVG}text") if e.attrib.get("class") == "choice-caption"]

    assert captions(parse(render(GAME.view(state, 0)))) == [name]
    assert captions(parse(render(GAME.view(state, 1)))) == ["chosen"]
    assert captions(parse(render(GAME.view(state, None)))) == ["chosen"]


def test_a_face_down_choice_with_a_twin_still_in_hand_leaves_the_hand_whole() -> None:
    """Issue 20 item 10: after playing one card of an "x2" pair the hand showed one card too few (the board took
    the choice out of a hand that never holds it), until the battle was resolved."""
    state = find_state(lambda s: s.phase == "choose" and s.chosen[0] is not None and s.chosen[0] in s.hands[0])
    card = state.chosen[0]
    assert card is not None
    root = parse(render(GAME.view(state, 0)))
    hand = next(e for e in root.iter(f"{SVG}g") if "hand" in e.attrib.get("class", "").split())
    count = len(state.hands[0])
    assert f"Your hand: {count} cards" in all_text(hand)
    assert [e.attrib["data-card"] for e in hand.iter() if e.attrib.get("data-card") == card] == [card]
    twins = Counter(state.hands[0])[card]
    assert (f"x{twins}" in all_text(hand)) == (twins > 1)


def test_spectator_sees_no_hand() -> None:
    state = find_state(lambda s: s.phase == "choose" and s.round == 1)
    root = parse(render(GAME.view(state, None)))
    assert not [e for e in root.iter(f"{SVG}g") if "hand" in e.attrib.get("class", "").split()]
    assert not [e for e in root.iter() if "data-card" in e.attrib]


# --- battle report and game over -------------------------------------------------------------------


def test_last_battle_is_reported_in_words() -> None:
    state = find_state(lambda s: s.phase == "choose" and s.last_load is not None and s.round == 1)
    text = all_text(parse(render(GAME.view(state, 0))))
    assert state.last_battle is not None
    assert state.last_battle["reason"] in text
    assert "Last load:" in text


def test_game_over_summary(finished: LoadState) -> None:
    view = GAME.view(finished, 0)
    root = parse(render(view, labels={0: "You", 1: "Strong bot"}))
    summary = root.find(f".//{SVG}g[@id='game-over']")
    assert summary is not None
    text = all_text(summary)
    result = view["result"]
    names = ["You", "Strong bot"]
    if len(result["winners"]) == 1:
        assert names[result["winners"][0]] in text.split("Game over", 2)[1]
    for number in (1, 2, 3):
        assert f"Round {number}" in text
    totals = [e.text for e in summary.iter(f"{SVG}text") if e.attrib.get("class") == "total"]
    assert totals == [str(result["scores"][0]), str(result["scores"][1])]
    points = " ".join(
        e.text or "" for e in summary.iter(f"{SVG}text") if e.attrib.get("class") == "round-points"
    )
    for entry in result["rounds"]:
        for seat in (0, 1):
            assert str(entry["seats"][seat]["points"]) in points
    assert root.attrib["data-phase"] == "end"
    assert actions_of(root) == []


def _with_result(
    view: dict[str, Any], scores: list[int], bonus: list[int], winners: list[int]
) -> dict[str, Any]:
    view = copy.deepcopy(view)
    view["result"].update(scores=scores, bonus=bonus, winners=winners)
    return view


def test_game_over_notes_the_tie_break(finished: LoadState) -> None:
    view = GAME.view(finished, None)
    tie_break = _with_result(view, [20, 20], [3, 6], [0])
    text = all_text(parse(render(tie_break)).find(f".//{SVG}g[@id='game-over']"))  # type: ignore[arg-type]
    assert "Seat 1 wins the tie-break" in text
    assert "fewer bonus points" in text
    shared = _with_result(view, [20, 20], [3, 3], [0, 1])
    text = all_text(parse(render(shared)).find(f".//{SVG}g[@id='game-over']"))  # type: ignore[arg-type]
    assert "Both win" in text


def test_no_game_over_summary_before_the_end() -> None:
    state = find_state(lambda s: s.phase == "deal" and s.round == 2)
    root = parse(render(GAME.view(state, 0)))
    assert root.find(f".//{SVG}g[@id='game-over']") is None
    assert "Round 2 scored" in all_text(root)


def test_a_ship_that_cannot_take_a_colour_says_so() -> None:
    from cargobay.games.load.rules import GAME, LoadState

    data = GAME.state_to_json(LoadState(round=1, phase="choose"))
    data.update(hands=[["G1"], ["B1"]], ships=[[["G"], ["G"], ["G"], ["G"], ["G"]], [[], [], [], [], []]])
    view = GAME.view(GAME.state_from_json(data), 0)
    assert view["cannot_take"] == [["Y", "R", "B", "G"], []]
    svg = render(view)
    assert svg.count('class="jammed"') == 1
    assert "Ship cannot take: Green, Blue, Red, Yellow" in svg


def test_the_header_spans_its_column_so_the_landscape_right_column_starts_clear() -> None:
    """Landscape: the title bar is over the left column only; the right column (the hand, the table) starts at
    the top beside it (a full-width bar ran under the hand)."""
    state = find_state(lambda s: s.phase == "choose" and s.round == 1)
    for wide, width in ((True, "500"), (False, "380")):
        root = parse(render(GAME.view(state, 0), RenderContext(perspective=0, wide=wide)))
        bars = [e for e in root.iter(f"{SVG}rect") if e.attrib.get("fill") == "#14213d"]
        assert [e.attrib["width"] for e in bars] == [width], wide
