"""Haul in a real Chromium: a whole match (one person, three easy bots) played by clicks, the two-pick resolve
included, to the final table; a hot-seat hand-over between two people; a friend match between two browsers
with two bot seats run by the host page, played to the end with equal state hashes."""

from __future__ import annotations

import time

import pytest

from test_p2p import friend_match, quiet, settle, wait_in_step
from ux import assert_axe_clean, assert_no_error, board, open_ready, shot, start_local, wait_settled

pytestmark = pytest.mark.e2e

MAX_DECISIONS = 200
HAUL_SVG = "#board svg.cargobay-haul"


def pick_then_choose(page, option: int = 0) -> str:  # type: ignore[no-untyped-def]
    """One decision of the page's seat: when resolving, pick a Load card (data-select), check the board then
    offers exactly that card's completions and a way back, and click one; else click the first move."""
    step = board(page, "data-step")
    picks = page.locator("#board [data-select]:not([data-select=''])")
    kind = "move"
    if not board(page, "data-selection") and picks.count():
        prefix = picks.first.get_attribute("data-select") or ""
        card = prefix.partition(":")[2]
        picks.first.click()
        page.wait_for_function(
            "(p) => document.getElementById('board').dataset.selection === p"
            " || document.getElementById('messages').dataset.kind === 'error'", arg=prefix)
        assert_no_error(page)
        offered = page.locator("#board [data-action]").evaluate_all("es => es.map(e => e.dataset.action)")
        assert offered and all(a.partition(":")[2].partition(">")[0] == card for a in offered), offered
        assert page.locator("#board [data-select='']").count() == 1  # the way back
        kind = "resolve"
    actions = page.locator("#board [data-action]")
    actions.nth(min(option, actions.count() - 1)).click()
    page.wait_for_function(
        "(s) => { const b = document.getElementById('board');"
        " return b.dataset.step !== s || document.getElementById('messages').dataset.kind === 'error'; }",
        arg=step)
    assert_no_error(page)
    return kind


def test_a_whole_match_against_three_easy_bots_by_clicks(page) -> None:  # type: ignore[no-untyped-def]
    started = time.monotonic()
    open_ready(page)
    page.click("[data-game='haul']")
    page.wait_for_selector("#seat-3")
    assert page.locator("#seat-4").count() == 0  # exactly four seats
    start_local(page, ("human", "easy", "easy", "easy"), seed=11)
    checked: set[str] = set()
    kinds: list[str] = []
    while board(page, "data-match") != "over":
        phase = page.get_attribute(HAUL_SVG, "data-phase")
        if phase not in checked:  # axe once on the play board and once on the resolve board
            assert_axe_clean(page, f"haul {phase}")
            checked.add(str(phase))
        picks = page.locator("#board [data-select]:not([data-select=''])")
        if "resolve" in kinds and "selection" not in checked and picks.count():
            # back out of a pick once: the back button returns to the first pick
            prefix = picks.first.get_attribute("data-select")
            picks.first.click()
            page.wait_for_function("(p) => document.getElementById('board').dataset.selection === p", arg=prefix)
            assert_axe_clean(page, "haul selection")
            shot(page, "haul-selection")
            page.click("#board [data-select='']")
            page.wait_for_function("() => !document.getElementById('board').dataset.selection")
            checked.add("selection")
        kinds.append(pick_then_choose(page, option=len(kinds) % 3))
        wait_settled(page)
        assert len(kinds) < MAX_DECISIONS, "the match did not end"
    assert kinds.count("resolve") == 28 and kinds.count("move") == 28, kinds
    text = page.locator("#board").text_content() or ""
    assert "Game over" in text and "Haul 4" in text and "Total" in text
    assert page.locator("#board #game-over").count() == 1
    assert_axe_clean(page, "haul over")
    shot(page, "haul-over", full_page=True)
    assert page.recorder.errors == []
    print(f"haul vs 3 easy: {len(kinds)} decisions in {time.monotonic() - started:.1f} s")


def test_hot_seat_hands_over_between_two_people(page) -> None:  # type: ignore[no-untyped-def]
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
    assert page.recorder.errors == []


def test_a_friend_match_with_two_bot_seats_played_to_the_end(new_page) -> None:  # type: ignore[no-untyped-def]
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
        assert page.recorder.errors == []
    assert_axe_clean(guest, "haul friend match over (guest)")
    shot(guest, "haul-p2p-over", full_page=True)
    print(f"haul friend match: {len(kinds)} decisions in {time.monotonic() - started:.1f} s")
