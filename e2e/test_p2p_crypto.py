"""Issue 12 in a real Chromium: two pages play a whole LOAD! match whose cards are dealt cryptographically
(cargobay.net.dealing): each page's saved match (localStorage) and its engine's state (the worker's peer, as
its snapshot's save) hold its own hand only, every other card of every deal as ``?``; the players panel says
the hidden cards are cryptographic, and audited once the match is over."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page

from p2p_play import assert_same_final, attr, connect, error_message, play, refusals, shot, wait_in_step
from under_test import NewPage, recorder_of
from ux import open_ready

pytestmark = pytest.mark.e2e

OWN = {0: range(4, 16), 1: range(16, 28)}  # LOAD!'s deal: 4 face down, 12 to seat 0, 12 to seat 1


def saved(page: Page) -> dict[str, Any]:
    text = page.evaluate(
        "() => localStorage.getItem('cargobay.match.' + sessionStorage.getItem('cargobay.tab.p2p'))")
    return dict(json.loads(text)["save"])


def worker_state(page: Page) -> dict[str, Any]:
    answer = page.evaluate("() => window.cargobayEngine.request(JSON.stringify("
                           "{v: 2, type: 'p2p_snapshot', now: Date.now() / 1000})).then(JSON.parse)")
    assert answer["ok"], answer
    return dict(answer["result"])


def assert_only_own_cards(save: dict[str, Any], me: int) -> None:
    deals = [action.split(":", 1)[1].split(",") for seat, action in save["log"]["actions"]
             if seat == -1 and action.startswith("deal:")]
    assert deals
    for deal in deals:
        assert all((card != "?") == (index in OWN[me]) for index, card in enumerate(deal)), deal
    for event in save["dealing"]["events"].values():
        assert {int(p) for p in event["mine"]} <= set(OWN[me])  # the only faces it holds are its own


def test_two_browsers_play_load_with_cryptographic_dealing(new_page: NewPage) -> None:
    host, guest = new_page(), new_page()
    for page in (host, guest):
        open_ready(page)
    connect(host, guest)
    for page in (host, guest):
        page.wait_for_selector("#p2p-trust[data-trust='cryptographic']", state="attached")
    play([host, guest], until_step=8)
    wait_in_step([host, guest])
    shot(host, "p2p-crypto-01-playing")
    for me, page in enumerate((host, guest)):
        assert_only_own_cards(saved(page), me)
        state = worker_state(page)
        assert_only_own_cards(state["save"], me)
        assert state["trust"]["level"] == "cryptographic" and not state["trust"]["audited"]
        other_hand = worker_state((guest, host)[me])["view"]["hand"]
        assert state["view"]["hand"] and other_hand and len(other_hand) == state["view"]["hand_counts"][1 - me]
    play([host, guest])
    assert_same_final([host, guest])
    audited = [worker_state(page)["save"]["dealing"]["audited"] for page in (host, guest)]
    assert audited[0] and audited[0] == audited[1]  # every deck checked, the same on both pages
    for page in (host, guest):
        page.wait_for_selector("#p2p-trust[data-audited='yes']", state="attached")
        assert error_message(page) == "" and refusals(page) == 0 and recorder_of(page).errors == []
    assert attr(host, "data-hash") == attr(guest, "data-hash")
    shot(guest, "p2p-crypto-02-over")
