"""Keyboard play: a whole LOAD! match against the easy bot with the keyboard only (Tab onto the board, arrow
keys / Home to move, Enter or Space to press, Escape to clear a selection), including reloads through the
selection step; the focus is visible and never lost to <body> when the board is redrawn; axe-core finds no
violation on any kind of board state reached."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from under_test import recorder_of
from ux import (
    arrow_to,
    assert_axe_clean,
    assert_no_error,
    board,
    focus_ring_visible,
    focused,
    keys,
    open_ready,
    shot,
    start_local,
    tab_to_board,
    wait_board_change,
    wait_settled,
)

pytestmark = pytest.mark.e2e

SEED = 7  # with the policy below this match makes 4 reloads (found with the core: PYTHONPATH=core)
MAX_MOVES = 200


def state_kind(page: Page, items: list[str]) -> str:
    if board(page, "data-match") == "over":
        return "game over"
    if board(page, "data-selection"):
        return "reload selection"
    if any(k.startswith("action:load:") for k in items):
        return "load phase"
    if any(k.startswith("action:play:") for k in items):
        return "choose phase"
    return "other: " + ",".join(items[:3])


def test_a_whole_match_with_the_keyboard_only(page: Page) -> None:
    open_ready(page)
    assert_axe_clean(page, "menu")
    start_local(page, ("human", "easy"), seed=SEED, keyboard=True)

    first = tab_to_board(page)  # Tab reaches the board's actions from the page
    assert first.startswith(("action:", "select:")), first
    assert focus_ring_visible(page), "no visible focus indicator on " + first
    shot(page, "kbd-01-focus")

    checked: set[str] = set()
    moves = reloads = escapes = 0
    while board(page, "data-match") != "over":
        assert moves < MAX_MOVES, "the match did not end"
        items = keys(page)
        assert items, "a human is to act but the board offers nothing to press"
        # After every redraw the focus stays on the board (an element of it), never on <body>.
        now = focused(page)
        assert now in items, f"focus lost after a redraw: {now}"
        kind = state_kind(page, items)
        if kind not in checked:
            checked.add(kind)
            assert_axe_clean(page, kind, "#board")

        step, selection = board(page, "data-step"), board(page, "data-selection")
        picks = [k for k in items if k.startswith("select:") and k != "select:"]
        if selection:  # a selection step: the focus is already on one of its completions; press it
            assert now.startswith("action:" + selection) or now == "select:", now
            arrow_to(page, next(k for k in items if k.startswith("action:" + selection)))
            page.keyboard.press("Enter")
            reloads += 1
        elif picks:
            arrow_to(page, picks[0])
            page.keyboard.press(" ")  # Space presses too
            wait_board_change(page, step, selection)
            assert board(page, "data-selection") == picks[0][len("select:"):]
            if escapes == 0:  # Escape clears the selection and puts the focus back where it was
                assert_axe_clean(page, "reload selection", "#board")
                shot(page, "kbd-02-selection")
                picked = board(page, "data-selection")  # read before the key: the answer may come at once
                page.keyboard.press("Escape")
                wait_board_change(page, step, picked)
                assert board(page, "data-selection") == ""
                assert focused(page) == picks[0]
                escapes += 1
            continue
        else:
            target = next(k for k in items if k.startswith("action:"))
            arrow_to(page, target)
            assert focus_ring_visible(page), "no visible focus indicator on " + target
            page.keyboard.press("Enter")
        moves += 1
        wait_board_change(page, step, selection)
        wait_settled(page)

    assert reloads >= 1 and escapes == 1
    assert focused(page) == "board"  # nothing left to press: the board keeps the focus
    assert page.locator("#turn-info").inner_text().strip() == "Game over"
    assert_axe_clean(page, "game over", "#board")
    shot(page, "kbd-03-over")
    assert_no_error(page)
    assert {"choose phase", "load phase", "reload selection"} <= checked, checked
    assert recorder_of(page).errors == []


def test_arrow_keys_wrap_and_home_end(page: Page) -> None:
    open_ready(page)
    start_local(page, ("human", "easy"), seed=SEED)
    items = keys(page)
    assert len(items) > 2
    page.focus("#board [data-action]")
    page.keyboard.press("End")
    assert focused(page) == items[-1]
    page.keyboard.press("ArrowRight")  # wraps to the first
    assert focused(page) == items[0]
    page.keyboard.press("ArrowLeft")  # and back to the last
    assert focused(page) == items[-1]
    page.keyboard.press("ArrowUp")
    assert focused(page) == items[-2]
    page.keyboard.press("Home")
    assert focused(page) == items[0]
    page.keyboard.press("ArrowDown")
    assert focused(page) == items[1]
    assert_no_error(page)
