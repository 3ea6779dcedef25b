"""axe-core (e2e/a11y.py) finds no violation on the screens the keyboard match does not reach: the hot-seat
cover (whose one button is reachable and pressable by keyboard) and the friend-match invite and reply screens."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from under_test import NewPage, recorder_of
from ux import (
    assert_axe_clean,
    assert_no_error,
    board,
    focus_ring_visible,
    focused,
    open_ready,
    shot,
    start_local,
    tab_to_board,
    wait_board_change,
    wait_settled,
)

pytestmark = pytest.mark.e2e


def test_hot_seat_cover_is_clean_and_keyboard_operable(page: Page) -> None:
    open_ready(page)
    start_local(page, ("human", "human"), seed=5)
    page.wait_for_selector("#board svg[data-handoff='0']")
    assert_axe_clean(page, "hot-seat cover", "#board")
    assert tab_to_board(page) == "action:show"
    assert focus_ring_visible(page), "no visible focus indicator on the cover's button"
    shot(page, "a11y-hot-seat-cover-focus")
    step = board(page, "data-step")
    page.keyboard.press("Enter")
    page.wait_for_selector("#board [data-action^='play:']")
    wait_settled(page)
    assert focused(page).startswith("action:play:")  # the focus moved onto the hand just shown
    page.keyboard.press("Enter")  # player 1 plays; the cover for player 2 keeps the focus on its button
    wait_board_change(page, step, "")
    page.wait_for_selector("#board svg[data-handoff='1']")
    assert focused(page) == "action:show"
    assert_no_error(page)
    assert recorder_of(page).errors == []


def test_friend_match_screens_are_clean(new_page: NewPage) -> None:
    host, guest = new_page(), new_page()
    for page in (host, guest):
        open_ready(page)
    guest.click("#p2p-settings summary")
    guest.wait_for_selector("#p2p-ice", state="visible")
    assert_axe_clean(guest, "menu with the connection settings open")
    host.click("#p2p-host")
    host.wait_for_function("() => document.getElementById('p2p-invite-text').value.startsWith('CB1.')")
    assert_axe_clean(host, "friend match: the invite")
    guest.click("#p2p-join")
    assert_axe_clean(guest, "friend match: paste the invite")
    guest.fill("#p2p-invite-paste", host.input_value("#p2p-invite-text"))
    guest.click("#p2p-make-reply")
    guest.wait_for_function("() => document.getElementById('p2p-reply-text').value.startsWith('CB1.')")
    assert_axe_clean(guest, "friend match: the reply")
    for page in (host, guest):
        assert_no_error(page)
        assert recorder_of(page).errors == []
