"""What the peer-to-peer browser tests share: the codes exchanged by copy and paste as people would
(``exchange_codes``, ``connect``, ``invite_by_hand``), a match played by clicks on every page until it ends or
passes a step (``play``, ``settle``, ``wait_in_step``), the final state compared across pages
(``assert_same_final``), raw channel messages (``send_raw``) and a three-page mesh in play (``mesh_in_play``)."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from pathlib import Path

from playwright.sync_api import Page

from under_test import NewPage, Surface, base_url_of
from ux import click_first_choice, open_ready

# Same values as in e2e/conftest.py (not imported from there: `conftest` is not a unique module name).
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
ENGINE_TIMEOUT_MS = 90_000
MAX_DECISIONS = 400
SETTLE_S = 60.0

BOARD = "#board"


# ------------------------------------------------------------------------------------------ helpers
def shot(page: Surface, name: str) -> None:
    """A full-page screenshot (of the page a frame is in, for a frame)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (page if isinstance(page, Page) else page.page).screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def wait_ready(page: Page) -> None:
    page.wait_for_selector("html[data-engine='ready'][data-ui='ready']", state="attached", timeout=ENGINE_TIMEOUT_MS)


def attr(page: Surface, name: str) -> str:
    return page.get_attribute(BOARD, name) or ""


def phase(page: Surface) -> str:
    return attr(page, "data-p2p")


def wait_phase(page: Surface, *phases: str, timeout_ms: int = 30_000) -> None:
    page.wait_for_function(
        "(ps) => ps.includes(document.getElementById('board').dataset.p2p)", arg=list(phases), timeout=timeout_ms
    )


def error_message(page: Surface) -> str:
    return str(page.evaluate(
        "() => { const m = document.getElementById('messages');"
        " return m.dataset.kind === 'error' ? m.textContent : ''; }"
    ))


def exchange_codes(
    inviter: Surface, joiner: Surface, *, fresh: bool, shots: bool = False, via_link: bool = False
) -> None:
    """The inviter makes an invite, the joiner pastes it (or opens the invite link) and makes a reply, the
    inviter pastes the reply."""
    if fresh:
        inviter.click("#p2p-host")
    else:
        inviter.click("#p2p-reinvite")
    inviter.wait_for_function("() => document.getElementById('p2p-invite-text').value.startsWith('CB1.')")
    invite = inviter.input_value("#p2p-invite-text")
    link = inviter.input_value("#p2p-invite-link")
    assert link.endswith("#join=" + invite) and link.startswith(base_url_of(inviter))
    assert inviter.locator("#p2p-invite-qr svg").count() == 1
    if shots:
        shot(inviter, "p2p-01-invite")
    if via_link:
        joiner.goto(link)  # the reply is made at once; the code leaves the address bar
        joiner.wait_for_selector("html[data-ui='ready']", state="attached")
        joiner.wait_for_function("() => !location.hash")
    else:
        joiner.click("#p2p-join" if fresh else "#p2p-rejoin")
        joiner.fill("#p2p-invite-paste", invite)
        joiner.click("#p2p-make-reply")
    joiner.wait_for_function("() => document.getElementById('p2p-reply-text').value.startsWith('CB1.')")
    reply = joiner.input_value("#p2p-reply-text")
    assert joiner.locator("#p2p-reply-qr svg").count() == 1
    if shots:
        shot(joiner, "p2p-02-reply")
    inviter.fill("#p2p-reply-paste", reply)
    inviter.click("#p2p-connect-button")


def connect(host: Page, guest: Page, *, shots: bool = False, via_link: bool = False) -> None:
    exchange_codes(host, guest, fresh=True, shots=shots, via_link=via_link)
    for page in (host, guest):
        wait_phase(page, "connected")
        page.wait_for_function(
            "() => document.getElementById('board').dataset.step !== undefined"
            " && document.getElementById('board').dataset.step !== ''"
        )
        assert error_message(page) == "", error_message(page)  # no error on a happy path



def friend_match(new_page: NewPage, game: str, seats: list[str]) -> tuple[Page, Page]:
    """A host and a guest page, connected in a match of ``game`` the host set up with ``seats`` (``me``,
    ``friend``, ``bot:<level>`` per seat, in order)."""
    host, guest = new_page(), new_page()
    for page in (host, guest):
        open_ready(page)
    host.click(f"[data-game='{game}']")
    host.wait_for_selector(f"#p2p-seat-{len(seats) - 1}")
    for seat, kind in enumerate(seats):
        host.select_option(f"#p2p-seat-{seat}", kind)
    connect(host, guest)
    return host, guest

# or after a reload), so that a wait returns at once for a page whose board changed since the last wait on it: a
# change on one page while another page was waited on is not missed (the old wait, 200 ms on each page in turn,
# watched only for changes during its own window).
CHANGES_JS = """() => { const b = document.getElementById('board');
  if (window.cargobayTestBoard !== b) {
    window.cargobayTestBoard = b;
    window.cargobayTestChanges = (window.cargobayTestChanges || 0) + 1;
    new MutationObserver(() => { window.cargobayTestChanges += 1; }).observe(b, {attributes: true});
  }
  return window.cargobayTestChanges; }"""
WAIT_CHANGE_JS = """(a) => new Promise((done) => {
  const count = (""" + CHANGES_JS + """)();
  if (count !== a.since) { done(count); return; }
  const seen = new MutationObserver(() => { seen.disconnect(); done(window.cargobayTestChanges); });
  seen.observe(document.getElementById('board'), {attributes: true});
  setTimeout(() => { seen.disconnect(); done(window.cargobayTestChanges); }, a.ms);
})"""
WAIT_CHANGE_MS = 50  # each page in turn: a change shows within ~50 ms x the other pages
_changes: dict[int, int] = {}  # id(page) -> its count at the last wait


def wait_change(pages: Sequence[Surface]) -> None:
    """Wait on page state rather than a clock: until a board of some page changes, or has changed since the last
    wait on it (each page in turn, at most WAIT_CHANGE_MS each)."""
    for page in pages:
        since = _changes.get(id(page), -1)
        count = int(page.evaluate(WAIT_CHANGE_JS, {"since": since, "ms": WAIT_CHANGE_MS}))
        _changes[id(page)] = count
        if count != since:
            return


def quiet(page: Surface) -> bool:
    return not page.evaluate("() => document.getElementById('board').hasAttribute('aria-busy')")


PROBE_JS = """() => { const b = document.getElementById('board'), m = document.getElementById('messages');
  return [m.dataset.kind === 'error' ? m.textContent : '', b.dataset.p2p || '',
          b.dataset.toDecide === 'yes' && !b.hasAttribute('aria-busy'), b.dataset.step || '']; }"""


def probe(page: Surface) -> tuple[str, str, bool, str]:
    """One round trip: (the error shown or "", the p2p phase, has a move to make and is not busy, the step)."""
    error, state, ready, step = page.evaluate(PROBE_JS)
    return error, state, ready, step


def settle(pages: Sequence[Surface]) -> list[tuple[str, str, bool, str]]:
    """Wait until some page has a move to make, or every page shows game over (polling the pages); returns each
    page's probe. Fails once SETTLE_S pass with no page's step, hash or wait changing (``Progress``)."""
    progress = Progress(pages)
    while progress.alive():
        probes = [probe(page) for page in pages]
        for error, *_ in probes:
            assert error == "", error
        if all(state == "over" for _, state, _, _ in probes) or any(ready for _, _, ready, _ in probes):
            return probes
        wait_change(pages)
    raise AssertionError(f"no page got a move: {[rest_state(p) for p in pages]}")


def decide(page: Surface) -> None:
    """Click the page's first clickable choice; wait until the page has taken it."""
    click_first_choice(page, "the page", or_undecided=True)


def play(pages: Sequence[Surface], *, until_step: int | None = None) -> int:
    """Click whichever page has a move until the match is over (or a page passes until_step)."""
    decisions = 0
    while True:
        probes = settle(pages)
        if all(state == "over" for _, state, _, _ in probes):
            return decisions
        if until_step is not None and max(int(step or 0) for *_, step in probes) >= until_step:
            return decisions
        decided = False
        for page, seen in zip(pages, probes, strict=True):
            ready = probe(page)[2] if decided else seen[2]  # (a move on one page may change what another has)
            if ready:
                decide(page)
                decided = True
                decisions += 1
        assert decisions < MAX_DECISIONS, "the match did not end"


# What a page shows of where its match stands (board data set by web/p2p/session.py apply and ui/board.py): the
# step, the state hash, whom the match waits for ("<phase>:<keys>": move, commit, reveal, deck keys, shuffle,
# shares, audit), whether one of this page's seats is to decide, busy (its job queue running), the p2p phase.
REST_JS = """() => { const b = document.getElementById('board');
  return [b.dataset.step || '', b.dataset.hash || '', b.dataset.waiting || '', b.dataset.toDecide === 'yes',
          b.hasAttribute('aria-busy'), b.dataset.p2p || '']; }"""


def rest_state(page: Surface) -> tuple[str, str, str, bool, bool, str]:
    """(step, hash, waiting, to decide, busy, p2p phase) in one round trip."""
    step, digest, waiting, to_decide, busy, state = page.evaluate(REST_JS)
    return step, digest, waiting, to_decide, busy, state


def at_rest(states: Sequence[tuple[str, str, str, bool, bool, str]]) -> bool:
    """The pages agree on the step, the hash and whom the match waits for, none is busy, and the match waits on a
    decision (a page has a seat to decide) or is over on every page. The hash alone is not enough: a step's hash
    is recorded before its deal, so pages stand at the same step and hash, none busy, while the deck keys, shuffles
    and shares (or chance commitments and reveals) are still on their way; then no seat is to decide anywhere."""
    same = len({(step, digest, waiting) for step, digest, waiting, *_ in states}) == 1
    quiet_all = not any(busy for *_, busy, _ in states)
    waits_on_a_seat = any(to_decide for _, _, _, to_decide, _, _ in states)
    over = all(state == "over" for *_, state in states)
    return same and quiet_all and (waits_on_a_seat or over)


def wait_in_step(pages: Sequence[Surface]) -> None:
    """Wait until the pages stand in step (``at_rest``): the same step, hash and wait, none busy, a seat to decide
    or the match over everywhere. Fails once SETTLE_S pass with no page's step, hash or wait changing."""
    progress = Progress(pages)
    while progress.alive():
        if at_rest(progress.states):
            return
        wait_change(pages)
    raise AssertionError(f"pages out of step: {progress.states}")


class Progress:
    """A wait's deadline, SETTLE_S from the last change of any page's step, hash or wait (a cryptographic deal of
    three pages on a loaded machine takes long, but its shuffles and shares change the wait as they come); at most
    MOST_S in all."""

    MOST_S = 5 * SETTLE_S

    def __init__(self, pages: Sequence[Surface]) -> None:
        self.pages = pages
        self.start = self.changed = time.monotonic()
        self.states: list[tuple[str, str, str, bool, bool, str]] = []
        self.seen: list[tuple[str, str, str]] = []

    def alive(self) -> bool:
        """Read every page (``states``); False once the wait is over its time."""
        now = time.monotonic()
        self.states = [rest_state(page) for page in self.pages]
        seen = [(step, digest, waiting) for step, digest, waiting, *_ in self.states]
        if seen != self.seen:
            self.seen, self.changed = seen, now
        return now - self.changed < SETTLE_S and now - self.start < self.MOST_S


def assert_same_final(pages: Sequence[Surface]) -> None:
    for page in pages:
        wait_phase(page, "over")
    assert attr(pages[0], "data-hash") == attr(pages[1], "data-hash")
    assert attr(pages[0], "data-step") == attr(pages[1], "data-step")
    scores = [json.loads(attr(p, "data-scores")) for p in pages]
    assert scores[0] == scores[1] and len(scores[0]) == 2
    for page in pages:
        assert page.locator("#turn-info").inner_text().strip() == "Game over"
        assert "Game over" in (page.locator(BOARD).text_content() or "")
        assert page.locator("#p2p-outcome").is_hidden()
        saved = json.loads(page.evaluate(
            "() => localStorage.getItem('cargobay.match.' + sessionStorage.getItem('cargobay.tab.p2p'))"))
        assert saved["over"] is True


def send_raw(page: Page, text: str) -> None:
    """Send a raw text over the page's open data channel (bypassing its own page logic)."""
    sent = page.evaluate(
        "(t) => { const open = JSON.parse(window.cargobayP2P.links()).filter((l) => l.state === 'open');"
        " return open.length === 1 && window.cargobayP2P.send(open[0].id, t); }",
        text,
    )
    assert sent, "no open channel to send on"


def refusals(page: Page) -> int:
    return int(page.get_attribute("#p2p-refused", "data-count") or 0)



# ------------------------------------------------------------------------------------------ three pages
def peer_state(page: Page, peer: int) -> str:
    return page.locator(f"#p2p-peers li[data-peer='{peer}']").get_attribute("data-state") or ""


def wait_peer(page: Page, peer: int, state: str = "connected", timeout_ms: int = 30_000) -> None:
    page.wait_for_selector(
        f"#p2p-peers li[data-peer='{peer}'][data-state='{state}']", state="attached", timeout=timeout_ms
    )


def invite_by_hand(host: Page, joiner: Page) -> None:
    """The host's current invite goes to a fresh page by copy and paste; its reply comes back the same way."""
    host.wait_for_function(
        "() => document.getElementById('p2p-invite-text').value.startsWith('CB1.')"
        " && document.getElementById('p2p-peers').querySelector('li[data-state=\"connecting\"]')"
    )
    invite = host.input_value("#p2p-invite-text")
    joiner.click("#p2p-join")
    joiner.fill("#p2p-invite-paste", invite)
    joiner.click("#p2p-make-reply")
    joiner.wait_for_function("() => document.getElementById('p2p-reply-text').value.startsWith('CB1.')")
    host.fill("#p2p-reply-paste", joiner.input_value("#p2p-reply-text"))
    host.click("#p2p-connect-button")


def assert_no_hand(page: Page) -> None:
    assert attr(page, "data-viewer") == "none"
    assert attr(page, "data-to-decide") == "no"
    assert page.locator(f"{BOARD} g.hand").count() == 0
    assert page.locator(f"{BOARD} [data-action]").count() == 0
    assert "Your hand" not in (page.locator(BOARD).text_content() or "")




def mesh_in_play(new_page: NewPage, until_step: int) -> tuple[Page, Page, Page]:
    """Host, guest and spectator, invited by hand (the guest-spectator link through the relay), playing
    until a page passes ``until_step``; all three in step."""
    host, guest, watcher = new_page(), new_page(), new_page()
    for page in (host, guest, watcher):
        open_ready(page)
    host.click("#p2p-host")
    host.click("#p2p-invite-more")
    invite_by_hand(host, guest)
    wait_peer(host, 1)
    host.click("#p2p-invite-more")
    invite_by_hand(host, watcher)
    wait_peer(guest, 2)
    wait_peer(watcher, 1)
    host.click("#p2p-start-match")
    play([host, guest, watcher], until_step=until_step)
    wait_in_step([host, guest, watcher])
    return host, guest, watcher

