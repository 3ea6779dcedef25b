"""Shared helpers for the player-facing e2e tests (keyboard play, layouts, touch targets, axe): page state,
the board's clickable elements, keyboard navigation and target sizes. Every wait is on page state."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page

import a11y
from under_test import Surface, base_url_of

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
ENGINE_TIMEOUT_MS = 90_000
CLICKABLE = "#board [data-action], #board [data-select]"


# The board took a click: its step moved on (or, for a peer page that waits for the others' commits, it no longer
# has a move to make), or an error shows.
TAKEN_JS = """(a) => { const b = document.getElementById('board');
  return b.dataset.step !== a.step || (a.orUndecided && b.dataset.toDecide !== 'yes')
    || document.getElementById('messages').dataset.kind === 'error'; }"""


def click_first_choice(page: Surface, who: str, *, or_undecided: bool = False) -> None:
    """Click the board's first clickable choice (``data-action``; dispatched if the click cannot land in 5 s) and
    wait until the page has taken it (TAKEN_JS; ``or_undecided``: a page whose move is in but not yet revealed, in a
    peer match). ``who`` names the one to act, for the failure message."""
    step = page.get_attribute("#board", "data-step") or ""
    choices = page.locator("#board [data-action]")
    assert choices.count() > 0, f"{who} is to act but the board offers no data-action element"
    target = choices.first
    try:
        target.click(timeout=5_000)
    except Exception:  # (an overlay in the way: the click event itself, as the board handles it)
        target.dispatch_event("click")
    page.wait_for_function(TAKEN_JS, arg={"step": step, "orUndecided": or_undecided})


def shot(page: Page, name: str, full_page: bool = False) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


def open_ready(page: Page, query: str = "?delay=0") -> None:
    page.goto(base_url_of(page) + query)
    page.wait_for_selector("html[data-engine='ready'][data-ui='ready']", state="attached", timeout=ENGINE_TIMEOUT_MS)


def error_message(page: Page) -> str:
    """The text of #messages when it shows an error, else ""."""
    return str(page.evaluate(
        "() => { const m = document.getElementById('messages');"
        " return m.dataset.kind === 'error' ? m.textContent : ''; }"
    ))


def assert_no_error(page: Page) -> None:
    assert page.get_attribute("#messages", "data-kind") != "error", error_message(page)


def board(page: Page, name: str) -> str:
    return page.get_attribute("#board", name) or ""


def wait_settled(page: Page) -> None:
    """Until it is a human's turn on a quiet board, or the match is over (or an error shows)."""
    page.wait_for_function(
        "() => { const b = document.getElementById('board');"
        " return b.dataset.match === 'over'"
        " || (b.dataset.turnOwner === 'human' && !b.hasAttribute('aria-busy'))"
        " || document.getElementById('messages').dataset.kind === 'error'; }",
        timeout=60_000,
    )
    assert_no_error(page)


def wait_board_change(page: Page, step: str, selection: str) -> None:
    """Until the board's step or selection differs from the given ones (or an error shows)."""
    page.wait_for_function(
        "([s, sel]) => { const b = document.getElementById('board');"
        " return b.dataset.step !== s || b.dataset.selection !== sel"
        " || document.getElementById('messages').dataset.kind === 'error'; }",
        arg=[step, selection],
    )
    assert_no_error(page)


def start_local(page: Page, seats: tuple[str, ...] = ("human", "easy"), seed: int | None = 7,
                keyboard: bool = False) -> None:
    for seat, kind in enumerate(seats):
        page.select_option(f"#seat-{seat}", kind)
    page.fill("#seed", "" if seed is None else str(seed))
    if keyboard:
        page.focus("#start")
        page.keyboard.press("Enter")
    else:
        page.click("#start")
    page.wait_for_selector("#board[data-match='playing'], #board[data-match='over']", state="attached")
    wait_settled(page)


def keys(page: Page) -> list[str]:
    """The board's clickable elements in document (reading) order, as "action:<a>" / "select:<p>"."""
    return list(page.evaluate(
        "(sel) => [...document.querySelectorAll(sel)].map(e => e.hasAttribute('data-action')"
        " ? 'action:' + e.getAttribute('data-action') : 'select:' + e.getAttribute('data-select'))",
        CLICKABLE,
    ))


FOCUSED_JS = """() => { const a = document.activeElement;
  if (!a || a === document.body) return 'body';
  if (a.id === 'board') return 'board';
  if (a.closest('#board') && a.hasAttribute('data-action')) return 'action:' + a.getAttribute('data-action');
  if (a.closest('#board') && a.hasAttribute('data-select')) return 'select:' + a.getAttribute('data-select');
  return 'other:' + (a.id || a.tagName); }"""


def focused(page: Page) -> str:
    """What has the focus: "action:<a>", "select:<p>", "board", "body" or "other:<id or tag>"."""
    return str(page.evaluate(FOCUSED_JS))


def focus_ring_visible(page: Page) -> bool:
    """The focused board element draws a visible focus indicator (its .ring stroke, or an outline)."""
    return bool(page.evaluate(
        "() => { const a = document.activeElement; if (!a || !a.closest('#board')) return false;"
        " const ring = a.querySelector('.ring');"
        " if (ring) { const s = getComputedStyle(ring);"
        "   return s.stroke !== 'none' && s.stroke !== 'transparent' && !/rgba\\(.*, 0\\)$/.test(s.stroke)"
        "     && parseFloat(s.strokeWidth) >= 2; }"
        " const o = getComputedStyle(a); return o.outlineStyle !== 'none' && parseFloat(o.outlineWidth) >= 2; }"
    ))


def arrow_to(page: Page, target: str) -> None:
    """Move the focus onto the board element ``target`` with Home then ArrowRight (reading order)."""
    page.keyboard.press("Home")
    for _ in range(len(keys(page)) + 1):
        if focused(page) == target:
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"{target} not reachable with the arrow keys: focus on {focused(page)}")


def tab_to_board(page: Page, limit: int = 40) -> str:
    """Press Tab until a board element has the focus; returns it."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        now = focused(page)
        if now.startswith(("action:", "select:")):
            return now
    raise AssertionError(f"no board element reachable with Tab (focus on {focused(page)})")


def assert_axe_clean(page: Page, where: str, selector: str | None = None) -> None:
    found = a11y.violations(page, selector)
    print(f"axe {where}: {len(found)} violations")
    assert not found, f"axe on {where}:\n{a11y.describe(found)}"


TARGETS_JS = """(selector) => [...document.querySelectorAll(selector)].filter(e => {
    const s = getComputedStyle(e); const r = e.getBoundingClientRect();
    return s.visibility !== 'hidden' && s.display !== 'none' && r.width > 0 && r.height > 0 && !e.closest('[hidden]');
  }).map(e => { const r = e.getBoundingClientRect();
    return {name: e.id || e.getAttribute('data-action') || e.getAttribute('data-select') || e.getAttribute('data-game')
                  || e.tagName.toLowerCase() + ':' + (e.textContent || '').trim().slice(0, 30),
            w: Math.round(r.width * 10) / 10, h: Math.round(r.height * 10) / 10}; })"""

CONTROLS = "button, select, input, textarea, summary, a[href], .game-card, #board [data-action], #board [data-select]"


def targets(page: Page, selector: str = CONTROLS) -> list[dict[str, Any]]:
    """Every visible interactive control with its rendered size in CSS px."""
    return list(page.evaluate(TARGETS_JS, selector))


def boxes(page: Page, selector: str) -> list[dict[str, float]]:
    return list(page.evaluate(
        "(sel) => [...document.querySelectorAll(sel)].map(e => { const r = e.getBoundingClientRect();"
        " return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; })",
        selector,
    ))
