"""The Haul board (games/haul/svg*.py): valid self-contained SVG, exactly the legal actions and first picks, the
two-pick resolve with what each option does, nothing hidden, the wide and tall layouts, escaping."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from cargobay.engine import CHANCE, TERMINAL
from cargobay.games.haul import SPEC
from cargobay.games.haul.actions import describe
from cargobay.games.haul.rules import GAME, HaulState
from cargobay.render import SEAT_COLOURS, RenderContext

from .helpers import EMPTY, dealt, play, resolve, table

SVG = "{http://www.w3.org/2000/svg}"


def attrs(svg: str, key: str) -> list[str]:
    return [e.attrib[key] for e in ET.fromstring(svg).iter() if key in e.attrib]


def texts(svg: str) -> list[str]:
    return ["".join(e.itertext()) for e in ET.fromstring(svg).iter(f"{SVG}text")]


def first_picks(legal: list[str]) -> list[str]:
    return sorted({f"resolve:{act.partition(':')[2].partition('>')[0]}" for act in legal})


def board(state: HaulState, seat: int | None, **ctx: object) -> str:
    return SPEC.render(GAME.view(state, seat), RenderContext(perspective=seat, **ctx))  # type: ignore[arg-type]


def playout_states(seed: int, every: int = 7) -> list[HaulState]:
    rng = random.Random(seed)
    state = GAME.new_state(4)
    out = []
    step = 0
    while GAME.current_player(state) != TERMINAL:
        seat = GAME.current_player(state)
        if seat == CHANCE:
            state = GAME.apply(state, seat, GAME.sample_chance(state, rng))
        else:
            state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        step += 1
        if step % every == 0:
            out.append(state)
    return [*out, state]


def test_playing_offers_a_button_per_card_in_hand() -> None:
    state = dealt().state
    view = GAME.view(state, 0)
    svg = SPEC.render(view, RenderContext(perspective=0))
    assert sorted(attrs(svg, "data-action")) == view["legal"] and not attrs(svg, "data-select")
    assert "Your hand: 7 cards (tap one to play it)" in texts(svg) and 'data-game="haul"' in svg
    assert "2♥" in texts(svg) and "Your turn: play a card from your hand into the Load" in texts(svg)
    spectator = board(state, None)
    assert not attrs(spectator, "data-action") and not any(t.startswith("Your hand") for t in texts(spectator))
    waiting = board(state, 1)
    assert not attrs(waiting, "data-action") and "You to play a card" not in texts(waiting)


def test_resolving_picks_a_card_then_shows_what_each_option_does() -> None:
    trailers = [[["8H"], [], ["8S", "8C"], []], EMPTY, EMPTY, EMPTY]
    state = play(table([["2H"], ["6S"], ["9D"], ["8D"]], trailers), "2H", "6S", "9D", "8D")
    view = GAME.view(state, 0)
    svg = SPEC.render(view, RenderContext(perspective=0))
    assert attrs(svg, "data-select") == ["resolve:2H", "resolve:6S", "resolve:9D", "resolve:8D"]  # play order
    assert not attrs(svg, "data-action")
    picked = GAME.legal_choices(state, 0, "resolve:6S")
    svg = SPEC.render(view, RenderContext(perspective=0, selection="resolve:6S", choices=picked.actions))
    assert sorted(attrs(svg, "data-action")) == ["claim:6S", "refuel:6S"] and attrs(svg, "data-select") == [""]
    words = texts(svg)
    assert "Claim 6♠ by suit: Forced Unload of 8♠-8♣ Trailer 24 → 14 points (discards 2 cards)" in words
    assert any(w.startswith("Refuel: discard 6♠, take no cargo") and "1 token left" in w for w in words)
    assert "Back: pick another card" in words and 'data-selection="resolve:6S"' in svg
    picked = GAME.legal_choices(state, 0, "resolve:8D")
    svg = SPEC.render(view, RenderContext(perspective=0, selection="resolve:8D", choices=picked.actions))
    assert sorted(attrs(svg, "data-action")) == ["claim:8D", "claim:8D>H", "claim:8D>S", "refuel:8D"]
    joined = " ".join(texts(svg))
    assert "Heavy Load under 8♥" in joined and "Heavy Load under 8♠-8♣" in joined
    assert "empty Diamonds slot" in joined


def test_the_rulebook_forced_unload_is_previewed_before_committing() -> None:
    trailers = [[[], [], ["8S", "8H", "8D"], []], EMPTY, EMPTY, EMPTY]
    state = play(table([["2H"], ["6S"], ["9D"], ["7C"]], trailers), "2H", "6S", "9D", "7C")
    picked = GAME.legal_choices(state, 0, "resolve:6S")
    svg = board(state, 0, selection="resolve:6S", choices=picked.actions)
    assert any("Forced Unload of 8♠-8♥-8♦" in t for t in texts(svg))
    labels = attrs(svg, "aria-label")
    assert any(label.startswith("Claim 6♠ by suit: Forced Unload of 8♠-8♥-8♦") for label in labels)


def test_a_heavy_load_is_a_tucked_stack_and_resolutions_say_who_took_what() -> None:
    trailers = [[[], [], ["8S", "8H", "8D"], []], EMPTY, EMPTY, EMPTY]
    state = play(table([["2H", "3H"], ["6S", "4S"], ["9D", "3D"], ["7C", "5C"]], trailers),
                 "2H", "6S", "9D", "7C")
    state = resolve(state, "claim:6S")  # seat 0 finished 4th: it resolves first
    svg = board(state, 1)
    root = ET.fromstring(svg)
    slot = next(e for e in root.iter() if e.attrib.get("data-slot") == "S" and e.attrib.get("data-cards"))
    assert slot.attrib["data-cards"] == "6S"  # seat 0's Spades slot after the Forced Unload
    assert "8♠ 8♥ 8♦" in " ".join(texts(svg))  # the discards are listed
    assert "forced unload" in texts(svg) and "by Seat 1" in texts(svg)
    taker = next(e for e in root.iter(f"{SVG}text") if e.attrib.get("class") == "taker")
    assert taker.text == "by Seat 1" and taker.attrib["fill"] == SEAT_COLOURS[0]  # who took it, in its colour
    heavy = board(table([["2H"]] * 4, trailers), 0)
    tucked = [e.attrib["data-card"] for e in ET.fromstring(heavy).iter() if e.attrib.get("class") == "tucked"]
    assert sorted(tucked) == ["8D", "8H"]


@pytest.mark.parametrize("seed", [1, 2])
def test_every_board_offers_exactly_the_legal_moves_and_hides_other_hands(seed: int) -> None:
    for state in playout_states(seed):
        for seat in (None, 0, 1, 2, 3):
            view = GAME.view(state, seat)
            svg = SPEC.render(view, RenderContext(perspective=seat))
            legal = view["legal"]
            if state.phase == "resolve" and legal:
                assert sorted(attrs(svg, "data-select")) == first_picks(legal)
                assert attrs(svg, "data-action") == []
            else:
                assert sorted(attrs(svg, "data-action")) == legal and attrs(svg, "data-select") == []
            shown = set(attrs(svg, "data-card")) | set(texts(svg))
            words = " ".join(texts(svg))
            for other in range(4):
                if other == seat:
                    continue
                for card in state.hands[other]:
                    assert card not in shown and describe(card) not in words, (seat, other, card)


@pytest.mark.parametrize("seed", [3])
def test_every_selection_shows_exactly_its_completions(seed: int) -> None:
    for state in playout_states(seed, every=3):
        seat = GAME.current_player(state)
        if state.phase != "resolve":
            continue
        for prefix in first_picks(GAME.legal_actions(state, seat)):
            choices = GAME.legal_choices(state, seat, prefix).actions
            svg = board(state, seat, selection=prefix, choices=choices)
            assert sorted(attrs(svg, "data-action")) == sorted(choices) and attrs(svg, "data-select") == [""]


def test_wide_and_tall_layouts_fit() -> None:
    for state in playout_states(4, every=5):
        seat = GAME.current_player(state) if GAME.current_player(state) in range(4) else 0
        legal = GAME.legal_actions(state, seat)
        ctxs = [{}]
        if state.phase == "resolve" and legal:
            prefix = first_picks(legal)[0]
            ctxs.append({"selection": prefix, "choices": GAME.legal_choices(state, seat, prefix).actions})
        for extra in ctxs:
            tall = board(state, seat, **extra)
            wide = board(state, seat, wide=True, **extra)
            _, _, w, h = (float(n) for n in ET.fromstring(wide).attrib["viewBox"].split())
            assert w == 1160 and h <= 800, (state.phase, h)
            _, _, w, h = (float(n) for n in ET.fromstring(tall).attrib["viewBox"].split())
            assert w == 380 and h <= 1600
            assert 'data-layout="wide"' in wide and 'data-layout="tall"' in tall


def test_buttons_are_big_enough_for_a_phone() -> None:
    """On a 390 px phone the 380-unit board is drawn at ~0.98 px per unit: every action >= 46 units."""
    trailers = [[["8H"], [], ["8S", "8C"], []], EMPTY, EMPTY, EMPTY]
    state = play(table([["2H"], ["6S"], ["9D"], ["8D"]], trailers), "2H", "6S", "9D", "8D")
    picked = GAME.legal_choices(state, 0, "resolve:8D")
    for svg in (board(dealt().state, 0), board(state, 0),
                board(state, 0, selection="resolve:8D", choices=picked.actions)):
        for element in ET.fromstring(svg).iter(f"{SVG}g"):
            if "data-action" in element.attrib or "data-select" in element.attrib:
                box = next(element.iter(f"{SVG}rect"))
                assert float(box.attrib["width"]) >= 46 and float(box.attrib["height"]) >= 46


def test_every_text_is_drawn_at_least_12_5_units_in_both_layouts() -> None:
    """A phone draws the 380-unit portrait board at ~0.98 px per unit: 12.5 units are >= 12 CSS px there
    (e2e/test_newcomer.py measures it in the browser). Every font size of every board of a playout, with long
    bot names, a selection included."""
    labels = {0: "You", 1: "Ben (Easy bot)", 2: "Cal (Easy bot)", 3: "Dot (Easy bot)"}
    for state in playout_states(6, every=6):
        seat = GAME.current_player(state) if GAME.current_player(state) in range(4) else 0
        legal = GAME.legal_actions(state, seat)
        ctxs: list[dict[str, object]] = [{}]
        if state.phase == "resolve" and legal:
            prefix = first_picks(legal)[0]
            ctxs.append({"selection": prefix, "choices": GAME.legal_choices(state, seat, prefix).actions})
        for extra in ctxs:
            for wide in (False, True):
                sizes = [float(e.attrib["font-size"]) for e in ET.fromstring(board(state, seat, labels=labels,
                         wide=wide, **extra)).iter() if "font-size" in e.attrib]
                assert sizes and min(sizes) >= 12.5, (state.phase, wide, min(sizes))


def test_labels_are_escaped_and_nothing_external() -> None:
    state = dealt().state
    nasty = {0: '<script>alert("x")</script>', 1: "A & B", 2: "C'\"", 3: "]]>"}
    svg = board(state, 0, labels=nasty)
    ET.fromstring(svg)  # well-formed
    assert "<script" not in svg and "&lt;script&gt;" in svg
    assert not re.search(r"(href|src)=", svg) and "url(" not in svg
    for element in ET.fromstring(svg).iter():
        if "aria-label" in element.attrib and "data-action" in element.attrib:
            visible = " ".join("".join(t.itertext()) for t in element.iter(f"{SVG}text"))
            assert element.attrib["aria-label"].startswith(visible.strip()), element.attrib


def test_the_final_board_shows_the_result_and_the_score_table() -> None:
    final = playout_states(5)[-1]
    assert GAME.current_player(final) == TERMINAL
    svg = board(final, 2, wide=True)
    words = texts(svg)
    assert any(t.startswith("Game over: ") for t in words) and 'id="game-over"' in svg
    assert {"Haul 1", "Haul 2", "Haul 3", "Haul 4", "Total"} <= set(words)
    assert not attrs(svg, "data-action") and not attrs(svg, "data-select")
