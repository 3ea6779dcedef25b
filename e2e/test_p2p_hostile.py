"""Issue 11 in real Chromium pages: a cheater can neither escape nor frame. A page's own save holds its signing
secret, so the tests play a modified client with it: they sign what a cheater would and send it raw on the
cheater's data channel. A player that closes its page past the away allowance loses; a validly signed false
hash loses its sender the match (it used to end it as a draw); a spectator's forged hash changes nothing for
the players; a player that signs two commitments for one choice is proven a cheater on every page, and the
honest host is never blamed. Clocks and the verification code are on screen for everyone."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page

from cargobay.net import Identity, Setup
from cargobay.net.messages import PROTOCOL, dump
from cargobay.net.signing import signed_bytes
from p2p_play import (
    BOARD,
    attr,
    connect,
    decide,
    mesh_in_play,
    play,
    refusals,
    settle,
    shot,
    wait_in_step,
)
from under_test import NewPage
from ux import open_ready

pytestmark = pytest.mark.e2e


FILL_STORAGE_JS = """() => {
  let index = 0;
  for (const size of [1 << 20, 1 << 16, 1 << 12, 1 << 8, 1]) {
    try { for (;;) localStorage.setItem('fill' + index++, 'x'.repeat(size)); } catch (err) { /* full */ }
  }
}"""


def saved(page: Page) -> dict[str, Any]:
    return dict(json.loads(page.evaluate(
        "() => localStorage.getItem('cargobay.match.' + sessionStorage.getItem('cargobay.tab.p2p'))"))["save"])


def forge(page: Page, fields: dict[str, Any]) -> str:
    """A message signed with the page's own key (read from its save), as a modified client would sign it."""
    save = saved(page)
    setup = Setup.from_json(save["setup"])
    message = {"v": PROTOCOL, "match": setup.match_id, "from": save["me"], **fields}
    signature = Identity.from_hex(save["secret"]).sign(signed_bytes(setup.digest(), dump(message)))
    return dump({**message, "sig": signature})


def open_links(page: Page) -> list[int]:
    links = json.loads(page.evaluate("() => window.cargobayP2P.links()"))
    return sorted(link["id"] for link in links if link["state"] == "open")


def send_on(page: Page, link: int, text: str) -> None:
    envelope = json.dumps({"k": "peer", "t": text})
    assert page.evaluate("([id, t]) => window.cargobayP2P.send(id, t)", [link, envelope])


def outcome(page: Page, rule: str) -> str:
    page.wait_for_selector(f"#p2p-outcome[data-rule='{rule}']", state="visible", timeout=30_000)
    return str(page.locator("#p2p-outcome").inner_text())


def set_away_allowance(page: Page, seconds: int) -> None:
    page.click("#p2p-settings summary")
    page.wait_for_selector("#p2p-settings[data-ready]", state="attached")
    page.fill("#p2p-away", str(seconds))
    page.dispatch_event("#p2p-away", "change")


def test_a_player_that_closes_its_page_past_the_away_allowance_loses(new_page: NewPage) -> None:
    host, guest = new_page(), new_page()
    for page in (host, guest):
        open_ready(page)
    set_away_allowance(host, 5)
    connect(host, guest)
    play([host, guest], until_step=3)
    wait_in_step([host, guest])
    # every page shows every player's clock and the same verification code
    for page in (host, guest):
        for peer in (0, 1):
            assert "clock" in page.locator(f"#p2p-peers li[data-peer='{peer}'] .peer-clock").inner_text()
    codes = {page.get_attribute("#p2p-verify", "data-code") for page in (host, guest)}
    assert len(codes) == 1 and len(codes.pop() or "") == 7
    assert saved(host)["setup"]["away_allowance"] == 5
    shot(host, "p2p-hostile-01-clocks")

    guest.close()  # gone for good
    host.wait_for_selector("#p2p-peers li[data-peer='1'][data-state='paused']", state="attached")
    assert "away" in host.locator("#p2p-peers li[data-peer='1'] .peer-clock").inner_text()
    text = outcome(host, "away")
    assert text.startswith("The other player forfeits the match — rule “away”") and "disconnected" in text, text
    assert attr(host, "data-p2p") == "over"
    shot(host, "p2p-hostile-02-away-forfeit")


def test_a_signed_false_hash_loses_its_sender_the_match(new_page: NewPage) -> None:
    host, guest = new_page(), new_page()
    for page in (host, guest):
        open_ready(page)
    connect(host, guest)
    play([host, guest], until_step=6)
    wait_in_step([host, guest])

    # A save that does not fit in the browser's storage is reported at once (it used to fail silently).
    settle([host, guest])
    mover = next(page for page in (host, guest) if attr(page, "data-to-decide") == "yes")
    mover.evaluate(FILL_STORAGE_JS)
    decide(mover)
    mover.wait_for_selector("#game-screen[data-save-failed='true']", state="attached")
    assert "could not be saved" in mover.locator("#messages").inner_text()
    mover.evaluate("() => { for (const key of Object.keys(localStorage)) if (key.startsWith('fill'))"
                   " localStorage.removeItem(key); }")
    wait_in_step([host, guest])

    step = int(attr(host, "data-step"))
    (link,) = open_links(guest)
    send_on(guest, link, forge(guest, {"type": "hash", "step": step, "hash": "cd" * 32}))
    text = outcome(host, "diverged")
    assert text.startswith("The other player forfeits the match — rule “diverged”") and "false hash" in text, text
    assert host.get_attribute("#p2p-outcome", "data-peer") == "1"


def test_a_spectator_cannot_end_the_match_and_an_equivocating_player_is_caught_everywhere(new_page: NewPage) -> None:
    host, guest, watcher = mesh_in_play(new_page, until_step=6)
    step = int(attr(host, "data-step"))

    # The spectator signs a false hash and sends it to both players: refused, nothing changes.
    forged = forge(watcher, {"type": "hash", "step": step, "hash": "cd" * 32})
    for link in open_links(watcher):
        send_on(watcher, link, forged)
    for page in (host, guest):
        page.wait_for_function("() => Number(document.getElementById('p2p-refused').dataset.count) >= 1")
        assert "compared by no one" in page.locator("#p2p-refused").inner_text()
        assert page.locator("#p2p-outcome").is_hidden()
    play([host, guest, watcher], until_step=step + 4)
    wait_in_step([host, guest, watcher])
    assert all(page.locator("#p2p-outcome").is_hidden() for page in (host, guest, watcher))

    # The guest signs a second, different commitment for a choice it already committed to, and gives it to the
    # spectator only: the spectator proves it, tells everyone, and every page records the guest's forfeit.
    now = int(attr(watcher, "data-step"))
    commits = [json.loads(text) for node, text in saved(guest)["outbox"]
               if '"type":"commit"' in text and node >= now - 12]
    assert commits, "the guest committed to nothing lately"
    latest = commits[-1]
    second = {key: latest[key] for key in ("type", "node", "kind", "key")} | {"digest": "ef" * 32}
    send_on(guest, open_links(guest)[-1], forge(guest, second))  # its newest link: the one with the spectator
    for page in (watcher, host):
        text = outcome(page, "equivocation")
        assert "Player 2 forfeits the match — rule “equivocation”" in text and "signed two different" in text, text
        assert page.get_attribute("#p2p-outcome", "data-peer") == "1"
    shot(watcher, "p2p-hostile-03-equivocation")
    assert refusals(host) == 1 and host.locator(f"{BOARD}").count() == 1


# three browsers, ~140 s on a busy 2-core VM; tests/net/test_many_pages.py plays attack 3 in-process in every run
@pytest.mark.slow
def test_a_spectator_that_equivocates_is_removed_and_the_players_play_on(new_page: NewPage) -> None:
    """Issue 19, attack 3 in the browsers: the spectator signs two different hashes for one step and sends the
    pair as a proof of its own cheating. Each player removes it (said on the page); the match goes on."""
    host, guest, watcher = mesh_in_play(new_page, until_step=2)
    step = int(attr(host, "data-step"))
    a, b = (forge(watcher, {"type": "hash", "step": step, "hash": h * 32}) for h in ("ab", "cd"))
    proof = forge(watcher, {"type": "proof", "a": a, "b": b})
    for link in open_links(watcher):
        send_on(watcher, link, proof)
    for page in (host, guest):
        page.wait_for_selector("#p2p-refused[data-removed='2']", state="attached")
        assert "was removed from the match" in page.locator("#p2p-refused").inner_text()
        assert page.locator("#p2p-outcome").is_hidden()
        page.wait_for_selector("#p2p-peers li[data-peer='2'][data-state='removed']", state="attached")
    shot(host, "p2p-hostile-04-spectator-removed")
    play([host, guest], until_step=step + 3)
    wait_in_step([host, guest])
    assert all(page.locator("#p2p-outcome").is_hidden() for page in (host, guest))
