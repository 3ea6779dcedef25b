"""Layouts that fit the screen: at 1280x800 the landscape LOAD! board (both ships and the hand) is in view
without scrolling, and a resize across 1000 px redraws the board for the new shape; on a phone (390x844,
touch) a whole match is played from the menu by tapping, with every control at least 44x44 CSS px and every text
of the board at least 12 CSS px in every state (e2e/legibility.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from legibility import fonts
from under_test import errors_of, recorder_of, track
from ux import (
    ARTIFACTS,
    assert_axe_clean,
    assert_no_error,
    board,
    boxes,
    open_ready,
    shot,
    start_local,
    targets,
    wait_board_change,
    wait_settled,
)

pytestmark = pytest.mark.e2e

MIN_TARGET = 44  # CSS px, both ways
MIN_TEXT = 12  # CSS px, the board's smallest rendered font on a phone


def assert_in_view(page: Page, selector: str, count: int) -> None:
    found = boxes(page, selector)
    assert len(found) == count, (selector, found)
    size = page.viewport_size
    assert size is not None
    for box in found:
        assert box["left"] >= 0 and box["top"] >= 0, (selector, box)
        assert box["right"] <= size["width"] and box["bottom"] <= size["height"], (selector, box, size)


def test_landscape_board_fits_1280x800_without_scrolling(page: Page) -> None:
    assert page.viewport_size == {"width": 1280, "height": 800}
    open_ready(page)
    start_local(page, ("human", "easy"), seed=7)
    assert page.get_attribute("#board svg", "data-layout") == "wide"
    checked = 0
    while board(page, "data-match") != "over" and checked < 12:  # the choose and the load phase, both
        assert page.evaluate("() => [scrollX, scrollY]") == [0, 0]
        assert_in_view(page, "#board .ship[data-player='0']", 1)
        assert_in_view(page, "#board .ship[data-player='1']", 1)
        assert_in_view(page, "#board .hand", 1)
        assert_in_view(page, "#board [data-action], #board [data-select]", len(targets(page, "#board [data-action]"
                                                                                        ", #board [data-select]")))
        if checked == 0:
            shot(page, "layout-1280x800")
        step = board(page, "data-step")
        page.locator("#board [data-action]").first.click()
        wait_board_change(page, step, "")
        wait_settled(page)
        checked += 1
    # The document itself does not scroll.
    assert page.evaluate("() => document.documentElement.scrollHeight <= innerHeight"), page.evaluate(
        "() => [document.documentElement.scrollHeight, innerHeight]")
    shot(page, "layout-1280x800-later")
    assert_no_error(page)
    assert recorder_of(page).errors == []


def test_resize_across_1000px_redraws_the_board(page: Page) -> None:
    open_ready(page)
    start_local(page, ("human", "easy"), seed=7)
    step = board(page, "data-step")
    page.wait_for_selector("#board svg[data-layout='wide']")
    page.set_viewport_size({"width": 800, "height": 900})
    page.wait_for_selector("#board svg[data-layout='tall']")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_selector("#board svg[data-layout='wide']")
    assert board(page, "data-step") == step  # the same match, redrawn
    assert page.locator("#board [data-action]").count() > 0
    assert_no_error(page)
    assert recorder_of(page).errors == []


@pytest.fixture
def phone(chromium: Browser, site_url: str) -> Iterator[Page]:
    """A phone-sized portrait page with touch (390x844)."""
    context = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                   device_scale_factor=3)
    pg = context.new_page()
    pg.set_default_timeout(30_000)
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    track(pg, site_url, errors=errors)
    try:
        yield pg
    finally:
        context.close()


def small_targets(page: Page) -> list[dict[str, Any]]:
    return [t for t in targets(page) if t["w"] < MIN_TARGET or t["h"] < MIN_TARGET]


def smallest(found: list[dict[str, Any]]) -> dict[str, Any]:
    return min(found, key=lambda t: min(t["w"], t["h"]))


def test_phone_match_by_touch_with_44px_targets_and_12px_text(phone: Page) -> None:
    page = phone
    open_ready(page)
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")  # no sideways scrolling
    menu = targets(page)
    assert small_targets(page) == [], small_targets(page)
    shot(page, "phone-01-menu", full_page=True)
    for seat, kind in enumerate(("human", "easy")):
        page.select_option(f"#seat-{seat}", kind)
    page.fill("#seed", "7")
    page.tap("#start")
    page.wait_for_selector("#board[data-match='playing']", state="attached")
    wait_settled(page)
    assert page.get_attribute("#board svg", "data-layout") == "tall"
    seen = list(menu)
    kinds: set[str] = set()
    shown: set[str] = set()
    texts: list[dict[str, Any]] = []
    for step_index in range(400):  # the whole match: the choose, load and reload steps of 3 rounds
        if board(page, "data-match") == "over":
            break
        assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
        now = targets(page)
        seen += now
        assert small_targets(page) == [], small_targets(page)
        drawn = fonts(page)
        small_text = [f for f in drawn if f["px"] < MIN_TEXT]
        phase = page.get_attribute("#board svg", "data-phase")
        assert small_text == [], (step_index, phase, small_text[:5])
        texts += drawn
        state_kind = f"{phase}{'-picked' if board(page, 'data-selection') else ''}"
        if state_kind not in shown:  # each kind of state once, to look at
            shown.add(state_kind)
            shot(page, f"phone-load-{state_kind}", full_page=True)
        items = page.evaluate("() => [...document.querySelectorAll('#board [data-select]')].map("
                              "e => e.getAttribute('data-select'))")
        step, selection = board(page, "data-step"), board(page, "data-selection")
        picks = [p for p in items if p]
        if picks and not selection:
            kinds.add("selection")
            page.tap(f"#board [data-select='{picks[0]}']")
        else:
            target = page.locator("#board [data-action]").first
            kinds.add((target.get_attribute("data-action") or "").split(":")[0])
            target.scroll_into_view_if_needed()
            target.tap()
        wait_board_change(page, step, selection)
        wait_settled(page)
        if len(kinds) == 1 and step_index == 0:
            shot(page, "phone-02-after-first-tap", full_page=True)
    assert board(page, "data-match") == "over", "the match did not end"
    assert {"play", "load", "selection"} <= kinds, kinds
    final = fonts(page)  # the game over: the summary, the ships and the table
    assert final and min(f["px"] for f in final) >= MIN_TEXT, min(final, key=lambda f: f["px"])
    assert "Game over" in (page.locator("#board svg").text_content() or "")
    shot(page, "phone-load-over", full_page=True)
    small = smallest(seen)
    print(f"smallest target on the phone: {small}; smallest text {min(texts + final, key=lambda f: f['px'])};"
          f" {step_index} taps")
    assert_axe_clean(page, "phone board", "#board")
    assert_no_error(page)
    assert errors_of(page) == []
    assert (ARTIFACTS / "phone-01-menu.png").exists()


# Each visible label's text (its switch aside): where its text starts (the leftmost fragment), and where every wrapped
# line of each text node starts: one column when every wrapped line starts where the text does.
LINE_STARTS_JS = """(selector) => [...document.querySelectorAll(selector)].filter((l) => l.getClientRects().length)
  .map((label) => {
    const nodes = [];
    const walk = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      if (!node.textContent.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      nodes.push([...range.getClientRects()].filter((r) => r.width >= 1).sort((a, b) => a.top - b.top));
    }
    const all = nodes.flat();
    return { text: label.textContent.replace(/\\s+/g, ' ').trim().slice(0, 40),
             left: Math.round(Math.min(...all.map((r) => r.left))),
             starts: nodes.flatMap((rects) => rects.slice(1).map((r) => Math.round(r.left))) };
  })"""


def two_column_labels(page: Page, selector: str) -> list[dict[str, Any]]:
    """The visible labels whose text does not read as one column (a line that starts elsewhere than the first)."""
    found = page.evaluate(LINE_STARTS_JS, selector)
    return [f for f in found if any(abs(start - f["left"]) > 2 for start in f["starts"])]


@pytest.mark.parametrize("colours", ["light", "forced"])
def test_the_friend_match_panel_reads_as_one_column_on_a_phone(phone: Page, colours: str) -> None:
    """Every label of "Play a friend" and of its Connection settings reads as one column at 390x844 (before: "Same
    network only"'s small print stood in a second column beside its words), in light and forced colours."""
    page = phone
    if colours == "forced":
        page.emulate_media(forced_colors="active")
    open_ready(page)
    page.locator("#p2p-settings summary").tap()
    page.wait_for_selector("#p2p-settings[data-ready='true'][open]", state="attached")
    labels = "#p2p-menu label"
    assert page.locator(f"{labels}:has(#p2p-local-only)").is_visible()
    (same_network,) = page.evaluate(LINE_STARTS_JS, f"{labels}:has(#p2p-local-only)")
    assert same_network["starts"], same_network  # it wraps on a phone
    assert two_column_labels(page, labels) == []
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")  # no sideways scrolling
    assert small_targets(page) == [], small_targets(page)
    page.locator(f"{labels}:has(#p2p-local-only)").scroll_into_view_if_needed()
    shot(page, f"phone-friend-settings-{colours}")
    assert_no_error(page)
    assert errors_of(page) == []
