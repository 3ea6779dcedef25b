"""The Loot N' Loaded board (games/loot/svg*.py): well-formed self-contained SVG over random matches of the real
engine (2-6 seats, both shootout modes, every seat and a spectator, narrow and wide); exactly the viewer's legal
actions as buttons (never the shootout's ``draw:*``), each with a label holding its visible words; cards held out
of the deck seen by the prompt seat only; the sets' running scores adding up to the engine's scores; and, on
hand-made views, the prompts' readable buttons, the reveal, the duel, the shootout and the end."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from cargobay.engine import CHANCE, TERMINAL
from cargobay.games.loot.rules import GAME, LootState
from cargobay.games.loot.svg import render
from cargobay.games.loot.svg_collection import totals
from cargobay.games.loot.svg_parts import event_words
from cargobay.render import RenderContext
from tests.phone import assert_phone_sized

from .helpers import picks, start

SVG = "{http://www.w3.org/2000/svg}"
EVERY_ACTION = ["oil", "totem", "gold", "glass", "keys", "cat", "sleight", "letter", "dynamite", "dart",
                "handkerchief"]  # 3 players: 44 item cards, every card with an action in


def actions(svg: str) -> list[str]:
    return [e.attrib["data-action"] for e in ET.fromstring(svg).iter() if "data-action" in e.attrib]


def texts(svg: str, runs: bool = True) -> list[str]:
    """Every ``<text>``'s words, and also every run of consecutive lines of one wrapped paragraph (the same x,
    font size and weight) joined by spaces: the phone's 380-unit board wraps a headline that the old 500-unit
    one drew on one line."""
    elements = list(ET.fromstring(svg).iter(f"{SVG}text"))
    words = ["".join(e.itertext()).strip() for e in elements]
    keys = [(e.get("x"), e.get("font-size"), e.get("font-weight")) for e in elements]
    joined = []
    for first in range(len(elements) if runs else 0):
        for last in range(first + 1, len(elements)):
            if keys[last] != keys[first]:
                break
            joined.append(" ".join(words[first:last + 1]))
    return words + joined


def labels(svg: str) -> dict[str, str]:
    return {e.attrib["data-action"]: e.attrib["aria-label"] for e in ET.fromstring(svg).iter()
            if "data-action" in e.attrib}


def words(text: str) -> str:
    """Text as axe's label-content-name-mismatch compares it: lower case, no punctuation, spaces collapsed."""
    return " ".join(re.sub(r"[^\w]+", " ", text.lower()).split())


def board(view: Mapping[str, Any], **ctx: Any) -> str:
    return render(view, RenderContext(perspective=view.get("seat"), **ctx))


def playout(players: int, seed: int, mode: str, options: Mapping[str, Any] | None = None) -> Iterator[LootState]:
    """Every state of a match of random legal moves (a random acting seat moves first)."""
    rng = random.Random(seed)
    state = GAME.new_state(players, {"shootout": mode, **(options or {})})
    yield state
    while GAME.current_player(state) != TERMINAL:
        if GAME.current_player(state) == CHANCE:
            state = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
        else:
            seat = rng.choice(GAME.acting_seats(state))
            state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        yield state


def check(view: Mapping[str, Any], svg: str) -> None:
    """One render of one view: the page contract and what the seat may see."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg" and root.attrib["data-game"] == "loot"
    seat = view["seat"]
    wanted = sorted(a for a in view["legal"] if not a.startswith("draw:"))
    drawn = [e.attrib["data-action"] for e in root.iter() if "data-action" in e.attrib]
    if wanted and all(a.startswith("put:") for a in wanted):  # ruling 7: the card first (test_put_back.py)
        chosen = [e.attrib["data-select"] for e in root.iter() if "data-select" in e.attrib]
        assert not drawn and sorted(chosen) == sorted({a.rpartition(":")[0] for a in wanted})
    else:
        assert sorted(drawn) == wanted  # every legal move, nothing else, once
    assert 'class="other-moves"' not in svg  # each drawn by its own part of the board, not the fallback
    for element in root.iter():
        if "data-action" in element.attrib or "data-select" in element.attrib:
            assert element.attrib["role"] == "button" and element.attrib["tabindex"] == "0"
            assert element.attrib["data-seat"] == str(seat)
            seen = " ".join(t.strip() for t in element.itertext() if t.strip())
            label = element.attrib["aria-label"]
            shown = seen.replace(label, "", 1).replace("\u2026", " ")  # the <title> repeats the label
            assert words(shown) in words(label), (shown, label)
    assert ("data-shootout" in svg) == (view["phase"] == "shootout")
    if view["phase"] != "end":
        assert f'>Round {max(1, view["round"])} of 10</text>' in svg
    if view["prompt"] and view["prompt"][0] != seat:
        assert 'class="held"' not in svg and 'data-prompt="other"' in svg


def states_of(players: int, seed: int, mode: str, every: int) -> list[LootState]:
    out = []
    for step, state in enumerate(playout(players, seed, mode)):
        if step % every == 0 or state.phase in ("prompt", "shootout", "playoff", "coin", "end"):
            out.append(state)
    return out


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("mode", ["quick-draw", "gun cards"])
def test_random_matches_render_for_every_seat_narrow_and_wide(players: int, mode: str) -> None:
    phases = set()
    for seed in range(2):
        for index, state in enumerate(states_of(players, seed + 10 * players, mode, every=6)):
            phases.add(state.phase)
            for seat in [None, *range(players)]:
                view = GAME.view(state, seat)
                wide = (index + (seat or 0)) % 2 == 1  # narrow and wide by turns
                svg = board(view, wide=wide)
                check(view, svg)
                if not wide:
                    assert_phone_sized(ET.fromstring(svg))
                assert f'viewBox="0 0 {1010 if wide else 380} ' in svg
            newest = state.badges[-1][0] if state.badges else None
            assert totals(state.collections, state.flags, newest) == GAME.scores(state)  # the sets add up
    assert {"pick", "gun", "end"} <= phases


def test_cards_held_out_of_the_deck_are_seen_by_the_prompt_seat_only() -> None:
    seen = 0
    for seed in range(40):
        for state in playout(3, seed, "gun cards", {"items": EVERY_ACTION}):
            if state.phase != "prompt" or not state.held:
                continue
            owner = int(state.prompt[0]) if state.prompt else 0
            mine = board(GAME.view(state, owner))
            assert 'class="held"' in mine
            for other in [None, *(s for s in range(3) if s != owner)]:
                view = GAME.view(state, other)
                # even a view that leaks the held cards draws none of them for another seat
                leaky = {**view, "held": list(state.held)}
                for svg in (board(view), board(leaky)):
                    assert 'class="held"' not in svg and "is resolving" in svg
                    assert not actions(svg)
            seen += 1
        if seen >= 6:
            break
    assert seen


def test_the_board_offers_exactly_the_legal_picks_and_guns() -> None:
    state = start(3, ["gold", "oil", "totem"])
    view = GAME.view(state, 1)
    assert actions(board(view)) == ["pick:1", "pick:2", "pick:3"]
    assert labels(board(view))["pick:1"] == "Location 1 Unique: Gold, Gold 3 pts, +3 pts for you. Pick it"
    state = picks(state, {0: 2, 1: 2, 2: 1})
    svg = board(GAME.view(state, 0))
    assert sorted(actions(svg)) == GAME.legal_actions(state, 0) and "Duel at location 2 for Snake Oil" in texts(svg)
    assert "Valiant (beats Deadly)" in texts(svg) and "Duel Gun (as Acolyte; once)" in texts(svg)
    assert actions(board(GAME.view(state, 2))) == []
    assert "Location 1: You" in texts(board(GAME.view(state, 2)))  # the reveal of the picks
    assert "Location 2: You and Player 2 (duel)" in texts(board(GAME.view(state, 0)))


def test_a_spectator_and_the_set_up_render() -> None:
    state = GAME.new_state(2)
    assert actions(render(GAME.view(state, None))) == []
    state = GAME.apply(state, CHANCE, GAME.sample_chance(state, random.Random(0)))
    svg = render(GAME.view(state, None))
    assert actions(svg) == [] and "Location 3" in " ".join(texts(svg))


def test_a_committed_pick_is_highlighted_for_its_seat_and_hidden_from_the_others() -> None:
    state = picks(start(3, ["gold", "oil", "totem"]), {1: 3})
    names = {0: "Ann", 1: "Bob", 2: "Cy"}
    mine = render(GAME.view(state, 1), RenderContext(perspective=1, labels=names, committed=frozenset({1})))
    assert 'class="my-pick"' in mine and "your pick" in texts(mine) and not actions(mine)
    assert "You picked location 3; waiting for Ann and Cy" in texts(mine)
    theirs = render(GAME.view(state, 0), RenderContext(perspective=0, labels=names, committed=frozenset({1})))
    assert 'class="my-pick"' not in theirs and "your pick" not in texts(theirs)
    assert "Picked: Bob \u2713 \u00b7 still choosing: Ann, Cy" in texts(theirs)
    assert sorted(actions(theirs)) == ["pick:1", "pick:2", "pick:3"]


# --- hand-made views (the prompt kinds, the reveal, the shootout, the end) --------------------------------


def made(**changes: Any) -> dict[str, Any]:
    """A 3-seat view in the engine's shape, round 4, seat 0 viewing."""
    view: dict[str, Any] = {
        "game": "loot", "seat": 0, "players": 3, "mode": "gun cards", "phase": "pick", "round": 4, "rounds": 10,
        "to_act": [], "committed": [], "my_pick": None, "my_gun": None, "my_draw": None, "deck_count": 20,
        "deck_cards": [], "locations": ["gold", "oil", "totem"],
        "collections": [["gold", "oil", "totem", "cat=gold"], ["hog3", "jewelR"], ["dart"]], "flags": [1, 0, 2],
        "spent": [["acolyte"], [], []], "discards": [], "pickers": [], "crowded": [], "redo": [], "duels": [],
        "ties": 0, "shooters": [], "coin_among": [], "playoff": [], "queue": [], "gains": [], "prompt": None,
        "held": [], "held_count": 0, "letters": [], "last": None, "events": [], "scores": [0, 0, 0], "legal": [],
        "result": None,
    }
    view.update(changes)
    view["scores"] = totals(view["collections"], view["flags"])
    return view


NAMES = RenderContext(labels={0: "You", 1: "Ann", 2: "Bob"})


def test_collections_show_sets_with_running_scores_the_copy_cat_flags_guns_and_letters() -> None:
    view = made(letters=[[0, 2, 1]], collections=[["totem"] * 7 + ["cat=gold", "gold", "cat"], ["hog3"], []])
    svg = render(view, NAMES)
    words_ = texts(svg)
    assert "Totem 5/5 \u2713" in words_ and "Totem 2/5" in words_ and "+18" in words_ and "+4" in words_
    assert "Gold \u00d72 (3 each) + Copy Cat (as Gold)" in words_ and "Copy Cat \u00d71 (not copied yet)" in words_
    assert "White Flags 1/5" in words_ and "Love Letter ready: 1 (from round 2)" in words_
    assert f"{view['scores'][0]} pts" in words_ and view["scores"][0] == 18 + 4 + 6 + 1
    assert 'data-gun="acolyte"' in svg and "Acolyte used" in words_


def test_the_reveal_of_guns_and_draw_times_and_readable_events() -> None:
    view = made(last={"kind": "gun", "choices": [[1, "valiant"], [2, "deadly"]]},
                events=["seat 1 plays valiant, seat 2 plays deadly", "seat 1 wins gold; seat 2 takes a White Flag",
                        "seats [0, 1, 2] redo", "seat 0's Dynamite discards oil, cat=gold"])
    words_ = texts(render(view, NAMES))
    assert "Ann: Valiant v Bob: Deadly" in words_
    assert "Ann plays Valiant, Bob plays Deadly" in words_ and "Ann wins Gold; Bob takes a White Flag" in words_
    assert "You, Ann and Bob redo" in words_ and "Your Dynamite discards Snake Oil, Copy Cat (as Gold)" in words_
    # each line about one seat starts with that seat's colour (issue 20), the redo of three seats with a dot
    events = next(e for e in ET.fromstring(render(view, NAMES)).iter() if e.attrib.get("class") == "events")
    marks = [e.attrib["data-seat-colour"] if e.attrib.get("class") == "seat-swatch" else "dot" for e in events
             if e.attrib.get("class") == "seat-swatch" or e.tag.endswith("circle")]
    assert marks == ["blue", "blue", "dot", "red"], marks
    view = made(last={"kind": "shootout", "choices": {"1": 231, "2": "early"}})
    assert "Ann: 231 ms, Bob: too early" in texts(render(view, NAMES))
    view = made(last={"kind": "shootout", "choices": [[0, 0], [2, 480]]})  # the engine's pairs; 0: early
    assert "You: too early, Bob: 480 ms" in texts(render(view, NAMES))


def test_a_duel_shows_the_duellists_ties_and_the_viewers_guns() -> None:
    view = made(phase="gun", duels=[[2, 0, 1]], ties=2, to_act=[0, 1],
                legal=["gun:deadly", "gun:duel", "gun:sneaky", "gun:valiant"])
    svg = render(view, NAMES)
    assert "Duel at location 2 for Snake Oil" in texts(svg) and "You v Ann \u00b7 ties so far: 2" in texts(svg)
    assert sorted(actions(svg)) == view["legal"] and "Used: Acolyte" in texts(svg)
    assert not actions(render({**made(phase="gun", duels=[[2, 0, 1]]), "seat": 2}, NAMES))


def test_the_shootout_has_a_marked_group_and_no_draw_buttons() -> None:
    view = made(phase="shootout", mode="quick-draw", duels=[[1, 0, 2]], shooters=[0, 2], to_act=[0, 2],
                legal=["draw:early", "draw:100", "draw:150"])
    svg = render(view, NAMES)
    group = [e for e in ET.fromstring(svg).iter() if e.attrib.get("data-shootout") == "1"]
    assert len(group) == 1 and not actions(svg)
    assert "Shootout: You v Bob \u2014 get ready to draw!" in texts(svg)


@pytest.mark.parametrize(("kind", "card", "legal", "held", "expected"), [
    ("discard", "dynamite", ["discard:gold+oil", "discard:oil+totem"], [],
     {"discard:gold+oil": "Discard Gold + Snake Oil (\u22121 pt)",
      "discard:oil+totem": "Discard Snake Oil + Totem (+0 pts)"}),
    ("steal", "dart", ["steal:1:hog3", "steal:1:jewelR"], [],
     {"steal:1:hog3": "Take Hogwash 3 from Ann (+9 pts)", "steal:1:jewelR": "Take Red Jewel from Ann (+2 pts)"}),
    ("handkerchief", "handkerchief", ["draw", "keep"], [],
     {"keep": "Keep the Handkerchief (4 pts)", "draw": "Draw 2 cards, discard the Handkerchief"}),
    ("copy", "cat", ["copy:flag", "copy:gold"], [],
     {"copy:gold": "Copy Gold (+3 pts)", "copy:flag": "Copy a White Flag (+2 pts)"}),
    ("take", "keys", ["take:boots", "take:gold", "take:oil"], ["gold", "oil", "boots"],
     {"take:gold": "Keep Gold (+3 pts)", "take:oil": "Keep Snake Oil (+9 pts)"}),
    ("trade", "sleight", ["trade:gold:oil", "trade:none"], ["gold", "boots"],
     {"trade:gold:oil": "Take Gold, give Snake Oil (+5 pts)", "trade:none": "No trade: keep your cards"}),
    ("letter", "letter", ["letter:1", "letter:3", "letter:later"], [],
     {"letter:1": "Use it: take location 1 (Gold) (+3 pts)", "letter:later": "Keep the Love Letter for later"}),
])
def test_each_prompt_offers_its_answers_with_readable_labels(
    kind: str, card: str, legal: list[str], held: list[str], expected: dict[str, str]
) -> None:
    collections = [["gold", "oil", "totem", "cat"] if kind == "copy" else ["gold", "oil", "totem"],
                   ["hog3", "jewelR"], ["dart"]]
    view = made(phase="prompt", prompt=[0, kind, card], to_act=[0], legal=legal, held=held,
                held_count=len(held), collections=collections)
    svg = render(view, NAMES)
    check(view, svg)
    found = labels(svg)
    for act, label in expected.items():
        assert found[act] == label and label in texts(svg)
    if held:
        assert 'class="held"' in svg
    for other in (1, 2, None):
        theirs = render({**view, "seat": other, "legal": [], "held": []}, RenderContext())
        assert not actions(theirs) and 'class="held"' not in theirs
        assert any(t.startswith("Player 1 is resolving ") for t in texts(theirs))
    assert "You are resolving" in " ".join(texts(render({**view, "seat": 1, "legal": []}, NAMES)))


def test_the_older_two_item_prompt_and_a_copy_cats_prompt_card_read_well() -> None:
    svg = render(made(phase="prompt", prompt=[1, "dynamite"], to_act=[1]), NAMES)
    assert "Ann is resolving Dynamite\u2026" in texts(svg)
    svg = render(made(phase="prompt", prompt=[2, "steal", "cat=dart"], to_act=[2]), NAMES)
    assert "Bob is resolving Copy Cat (as Dart)\u2026" in texts(svg)


def test_the_end_shows_final_scores_the_winner_and_the_tie_playoff() -> None:
    view = made(phase="end", round=10, result={"scores": [30, 30, 12], "winners": [1], "tied": [0, 1]})
    svg = render(view, NAMES)
    words_ = texts(svg)
    assert "Ann wins the tie playoff (30 pts)" in words_
    assert "You and Ann tied for the most points; a gun-card playoff decided." in " ".join(words_)
    assert [t for t in texts(svg, runs=False) if "  " in t] == ["1st  Ann: 30 pts \u2605", "2nd  You: 30 pts",
                                                                "3rd  Bob: 12 pts"]
    assert not actions(svg) and 'class="locations"' not in svg
    shared = render(made(phase="end", result={"scores": [9, 9, 1], "winners": [0, 1], "tied": [0, 1]}), NAMES)
    assert "You and Ann share the win with 9 pts" in texts(shared)


def test_playoff_guns_for_a_tied_seat() -> None:
    view = made(phase="playoff", round=10, playoff=[0, 2], tied=[0, 2], to_act=[0, 2],
                legal=["gun:deadly", "gun:sneaky", "gun:valiant"])
    svg = render(view, NAMES)
    assert sorted(actions(svg)) == view["legal"] and "Tie playoff" in texts(svg)
    assert not actions(render({**view, "seat": 1, "legal": []}, NAMES))


def test_a_narrow_board_is_one_column_and_a_wide_one_two() -> None:
    view = made()
    narrow, wide = render(view, NAMES), render(view, RenderContext(labels=NAMES.labels, wide=True))
    assert 'data-layout="tall"' in narrow and 'viewBox="0 0 380 ' in narrow
    assert 'data-layout="wide"' in wide and 'viewBox="0 0 1010 ' in wide and 'class="right-column"' in wide


@pytest.mark.parametrize(("event", "words"), [
    ("seats [2] are out", "Bob is out"),
    ("seats [0] are out", "You are out"),
    ("seats [1, 2] are out", "Ann and Bob are out"),
])
def test_the_playoff_says_who_is_out_in_words_that_agree(event: str, words: str) -> None:
    assert event_words({"seat": 0}, NAMES, event) == words
