"""Haul in a real Chromium: a whole match (one person, three easy bots) played by clicks, the two-pick resolve
included, to the final table; a hot-seat hand-over between two people; a friend match between two browsers
with two bot seats run by the host page, played to the end with equal state hashes."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page

from legibility import measure
from p2p_play import friend_match, quiet, settle, wait_in_step
from test_newcomer import MIN_TARGET, MIN_TEXT, assert_haul_texts_clear, open_context
from under_test import NewPage, device_of, errors_of, recorder_of
from ux import assert_axe_clean, assert_no_error, board, open_ready, shot, start_local, wait_settled

pytestmark = pytest.mark.e2e

MAX_DECISIONS = 200
HAUL_SVG = "#board svg.cargobay-haul"


@pytest.fixture
def phone(chromium: Browser, site_url: str) -> Iterator[Page]:
    """A 390x844 touch phone (test_newcomer's)."""
    context, pg = open_context(chromium, site_url, "phone")
    try:
        yield pg
    finally:
        context.close()


def press(page: Page, locator: Locator) -> None:
    """A tap on a touch page, else a click."""
    if device_of(page) == "phone":
        locator.tap()
    else:
        locator.click()


def assert_phone_limits(page: Page, where: str) -> None:
    """Issue 20's limits, measured now (e2e/legibility.py): every board text >= 12 CSS px, every control >= 44."""
    now = measure(page)
    assert now["text"] and now["text"]["px"] >= MIN_TEXT, (where, now["text"])
    assert now["target"] and min(now["target"]["w"], now["target"]["h"]) >= MIN_TARGET, (where, now["target"])


def pick_then_choose(page: Page, option: int = 0, check: Callable[[Page, str], None] | None = None) -> str:
    """One decision of the page's seat: when resolving, pick a Load card (data-select), check the board then
    offers exactly that card's completions and a way back, and click one; else click the first move. A tap
    on a phone; ``check(page, where)`` runs on the resolve options."""
    step = board(page, "data-step")
    picks = page.locator("#board [data-select]:not([data-select=''])")
    kind = "move"
    if not board(page, "data-selection") and picks.count():
        prefix = picks.first.get_attribute("data-select") or ""
        card = prefix.partition(":")[2]
        press(page, picks.first)
        page.wait_for_function(
            "(p) => document.getElementById('board').dataset.selection === p"
            " || document.getElementById('messages').dataset.kind === 'error'", arg=prefix)
        assert_no_error(page)
        offered = page.locator("#board [data-action]").evaluate_all("es => es.map(e => e.dataset.action)")
        assert offered and all(a.partition(":")[2].partition(">")[0] == card for a in offered), offered
        assert page.locator("#board [data-select='']").count() == 1  # the way back
        if check:
            check(page, f"the options of {prefix}")
        kind = "resolve"
    actions = page.locator("#board [data-action]")
    press(page, actions.nth(min(option, actions.count() - 1)))
    page.wait_for_function(
        "(s) => { const b = document.getElementById('board');"
        " return b.dataset.step !== s || document.getElementById('messages').dataset.kind === 'error'; }",
        arg=step)
    assert_no_error(page)
    return kind


def test_a_whole_match_against_three_easy_bots_by_taps_on_a_phone(phone: Page) -> None:
    """A person and three easy bots (long names: "Dot (Easy bot) · Dealer") by taps on a 390x844 touch phone,
    to the final table: in every state (each hand, Load, resolve pick and its options, Refuel, the trailers,
    the score table, the end) every board text >= 12 CSS px and every control >= 44 px, no name runs into
    its facts, no text leaves the board. (The desktop board is played by clicks in the hot-seat and friend
    matches below.)"""
    page = phone
    started = time.monotonic()
    open_ready(page)
    page.click("[data-game='haul']")
    page.wait_for_selector("#seat-3")
    assert page.locator("#seat-4").count() == 0  # exactly four seats
    start_local(page, ("human", "easy", "easy", "easy"), seed=11)
    assert page.get_attribute(HAUL_SVG, "data-layout") == "tall"
    checked: set[str] = set()
    kinds: list[str] = []
    states = 0
    while board(page, "data-match") != "over":
        phase = page.get_attribute(HAUL_SVG, "data-phase")
        assert_phone_limits(page, f"decision {len(kinds)} ({phase})")
        states += 1
        if phase not in checked:  # axe once on the play board and once on the resolve board
            assert_axe_clean(page, f"haul {phase}")
            assert_haul_texts_clear(page, f"haul phone {phase}")
            shot(page, f"haul-phone-{phase}")
            checked.add(str(phase))
        picks = page.locator("#board [data-select]:not([data-select=''])")
        if "resolve" in kinds and "selection" not in checked and picks.count():
            # back out of a pick once: the back button returns to the first pick
            prefix = picks.first.get_attribute("data-select")
            press(page, picks.first)
            page.wait_for_function("(p) => document.getElementById('board').dataset.selection === p", arg=prefix)
            assert_axe_clean(page, "haul selection")
            shot(page, "haul-selection")
            press(page, page.locator("#board [data-select='']"))
            page.wait_for_function("() => !document.getElementById('board').dataset.selection")
            checked.add("selection")
        kinds.append(pick_then_choose(page, option=len(kinds) % 3, check=assert_phone_limits))
        wait_settled(page)
        assert len(kinds) < MAX_DECISIONS, "the match did not end"
    assert kinds.count("resolve") == 28 and kinds.count("move") == 28, kinds
    text = page.locator("#board").text_content() or ""
    assert "Game over" in text and "Haul 4" in text and "Total" in text
    assert page.locator("#board #game-over").count() == 1
    assert_phone_limits(page, "the end")
    assert_haul_texts_clear(page, "haul phone: the end")
    assert_axe_clean(page, "haul over")
    shot(page, "haul-over", full_page=True)
    assert errors_of(page) == []
    print(f"haul vs 3 easy on a phone: {len(kinds)} decisions, {states} states measured,"
          f" in {time.monotonic() - started:.1f} s")


def test_hot_seat_hands_over_between_two_people(page: Page) -> None:
    open_ready(page)
    page.click("[data-game='haul']")
    page.wait_for_selector("#seat-3")
    page.select_option("#seat-0", "human")
    page.select_option("#seat-1", "human")
    page.select_option("#seat-2", "easy")
    page.select_option("#seat-3", "easy")
    page.fill("#seed", "5")
    page.click("#start")
    seen: dict[int, set[str]] = {}
    for _ in range(12):
        page.wait_for_selector("#board svg[data-handoff]")
        assert_no_error(page)
        covered = int(page.get_attribute("#board svg[data-handoff]", "data-handoff") or -1)
        # under the cover: no hand, no move, no card of anyone's hand
        assert page.locator("#board [data-action^='play:'], #board [data-select^='resolve:']").count() == 0
        assert page.locator(HAUL_SVG).count() == 0
        if len(seen) == 1 and covered not in seen:
            shot(page, "haul-hot-seat-cover")
        page.click("#board [data-action='show']")
        page.wait_for_selector(HAUL_SVG)
        assert page.get_attribute(HAUL_SVG, "data-seat") == str(covered)  # the hand shown is that seat's
        hand = set(page.locator(f"{HAUL_SVG} .hand [data-card]").evaluate_all("es => es.map(e => e.dataset.card)"))
        assert hand, "no hand shown"
        for other, cards in seen.items():
            if other != covered:
                assert not hand & cards, "two seats show the same cards"
        seen[covered] = hand
        if len(seen) == 2:
            shot(page, "haul-hot-seat-second")
            break
        pick_then_choose(page)
    assert set(seen) == {0, 1}
    assert recorder_of(page).errors == []


def test_a_friend_match_with_two_bot_seats_played_to_the_end(new_page: NewPage) -> None:
    started = time.monotonic()
    host, guest = friend_match(new_page, "haul", ["me", "friend", "bot:easy", "bot:easy"])
    assert "Easy bot" in (host.locator("#board").text_content() or "")
    kinds: list[str] = []
    while True:
        settle([host, guest])
        if all(board(p, "data-p2p") == "over" for p in (host, guest)):
            break
        for page in (host, guest):
            if board(page, "data-to-decide") == "yes" and quiet(page):
                kinds.append(pick_then_choose(page))
        assert len(kinds) < MAX_DECISIONS, "the match did not end"
    wait_in_step([host, guest])
    assert kinds.count("resolve") == 56 and kinds.count("move") == 56, (len(kinds), kinds[:10])
    assert board(host, "data-hash") == board(guest, "data-hash") != ""
    assert board(host, "data-scores") == board(guest, "data-scores")
    for page in (host, guest):
        assert page.locator("#board #game-over").count() == 1
        assert_no_error(page)
        assert recorder_of(page).errors == []
    assert_axe_clean(guest, "haul friend match over (guest)")
    shot(guest, "haul-p2p-over", full_page=True)
    print(f"haul friend match: {len(kinds)} decisions in {time.monotonic() - started:.1f} s")
