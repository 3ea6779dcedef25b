"""The two kinds of match a page holds, with one snapshot shape: a local table (bots, hot-seat) and a
match between peers. Both draw the board through their game's ``GameSpec`` and remember the partial action
(the selection step) their viewer has picked.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .engine import JSON, CargoBayError, Game, LogError, Match
from .render import RenderContext
from .render.svg import SHOW, handoff_cover
from .spec import GameSpec, LazyGames
from .table import HUMAN, SEAT_KINDS, Table

if TYPE_CHECKING:
    from .net import Identity, Out, Peer, Setup


HINT = "hint"  # the selection that asks for the game's hint (Game.hint)


class SessionError(CargoBayError):
    """A request that does not fit the match as it stands (not a rule of the game)."""


BOT_NAMES = ("Ada", "Ben", "Cal", "Dot", "Eli", "Fay")  # one per seat: two bots of one level read apart


def seat_labels(seats: Sequence[str], mine: Collection[int]) -> dict[int, str]:
    """How the board names each seat: "You" for this screen's own human seat, other people "Player N", and each
    bot by a name of its own (one per seat) and its level, so that no two seats read alike.

    >>> seat_labels(["human", "strong"], [0])
    {0: 'You', 1: 'Ben (Strong bot)'}
    >>> list(seat_labels(["easy", "easy", "human", "easy"], []).values())
    ['Ada (Easy bot)', 'Ben (Easy bot)', 'Player 3', 'Dot (Easy bot)']
    """
    return {
        seat: ("You" if seat in mine else f"Player {seat + 1}") if kind == HUMAN
        else f"{BOT_NAMES[seat % len(BOT_NAMES)]} ({kind.capitalize()} bot)"
        for seat, kind in enumerate(seats)
    }


def board(
    spec: GameSpec,
    state: Any,
    viewer: int | None,
    labels: Mapping[int, str],
    selection: str = "",
    committed: frozenset[int] = frozenset(),
    legal: bool = True,
    wide: bool = False,
    actions: Sequence[tuple[int, str]] = (),
) -> tuple[JSON, str, str]:
    """(view, svg, selection) of ``state`` for ``viewer``; a selection no longer legal is dropped. ``actions``
    (the match's so far) give the board what the other seats did since the viewer last acted."""
    game = spec.game
    view = game.view(state, viewer)
    if not legal:
        view["legal"] = []
    choices: tuple[str, ...] = ()
    selections: tuple[str, ...] = ()
    hint: JSON | None = None
    if selection == HINT and viewer is not None and view.get("legal"):
        hint = game.hint(state, viewer)
        if hint is None:
            selection = ""
    elif selection and viewer is not None and view.get("legal"):
        try:
            picked = game.legal_choices(state, viewer, selection)
            choices, selections = picked.actions, picked.selections
        except CargoBayError:
            selection = ""
    else:
        selection = ""
    ctx = RenderContext(labels=dict(labels), perspective=viewer, committed=committed, selection=selection,
                        choices=choices, selections=selections, wide=wide, hint=hint,
                        recent=recent_actions(actions, viewer))
    return view, spec.render(view, ctx), selection


def recent_actions(actions: Sequence[tuple[int, str]], viewer: int | None,
                   limit: int = 60) -> tuple[tuple[int, str], ...]:
    """The other seats' actions (chance left out) since ``viewer``'s last one, oldest first, at most ``limit``.

    >>> recent_actions([(0, "a"), (1, "b"), (-1, "deal"), (1, "c")], 0)
    ((1, 'b'), (1, 'c'))
    >>> recent_actions([(0, "a"), (1, "b")], None)
    ()
    """
    if viewer is None:
        return ()
    found: list[tuple[int, str]] = []
    for seat, action in reversed(actions):
        if seat == viewer or len(found) >= limit:
            break
        if seat >= 0:
            found.append((seat, action))
    return tuple(reversed(found))


def check_selection(spec: GameSpec, state: Any, seat: int, prefix: str) -> str:
    """``prefix`` if it starts a legal action of ``seat`` (or is "": nothing picked), or HINT: the seat asks
    for the game's hint (``Game.hint``; drawn by the board while the selection lasts)."""
    if prefix == HINT and type(spec.game).hint is not Game.hint:
        return prefix
    if prefix:
        spec.game.legal_choices(state, seat, prefix)  # raises IllegalActionError for an unknown prefix
    return prefix


class LocalSession:
    """A match at one screen: humans, bots and chance; a cover between hot-seat players."""

    mode = "local"

    def __init__(self, spec: GameSpec, table: Table) -> None:
        self.spec = spec
        self.table = table
        self.shown_to: int | None = None  # hot-seat: the human seat whose hand the screen shows
        self.selection = ""
        self.wide = False  # the page is landscape: a board may use columns

    @classmethod
    def new(cls, spec: GameSpec, seats: Sequence[str], seed: int, options: Mapping[str, Any] | None) -> LocalSession:
        return cls(spec, Table.new(spec, seats, seed, options))

    @classmethod
    def resume(cls, log: object, specs: Mapping[str, GameSpec]) -> LocalSession:
        games = LazyGames(specs)  # only the log's game is imported
        try:
            match = Match.from_log(log, games)
            return cls(specs[match.game.id], Table(specs[match.game.id], match))
        except LogError:
            raise
        except ValueError as error:
            raise LogError(str(error)) from error

    @property
    def humans(self) -> list[int]:
        return [seat for seat, kind in enumerate(self.table.match.seats) if kind == HUMAN]

    def viewer(self) -> int | None:
        """The seat whose view is shown: the human to act, else the first human, else a spectator."""
        acting = self.table.humans_to_act()
        if acting:
            return acting[0]
        return self.humans[0] if self.humans else None

    def reflex(self) -> bool:
        """A node played against the clock (the game says so: ``Game.is_reflex``): reflexes, not secrets, so
        hot-seat players all act at once at the screen."""
        table = self.table
        return not table.is_over() and table.game.is_reflex(table.match.state)

    def handoff(self) -> int | None:
        """Hot-seat play (two or more humans at one screen, hidden information): the human seat to act
        whose hand is not shown yet. Until that player asks for it (``act`` with ``show``), the board is covered.
        Never in a reflex node (a quick-draw shootout): every human shooter acts at once, with no cover."""
        table = self.table
        if table.is_over() or len(self.humans) < 2 or not self.spec.info.hidden_information:
            return None
        if not table.humans_to_act() or self.reflex():
            return None
        viewer = self.viewer()
        return viewer if viewer != self.shown_to else None

    def act(self, seat: int, action: str) -> None:
        if action == SHOW:
            if self.handoff() != seat:
                raise SessionError(f"no hand-over to seat {seat} is pending")
            self.shown_to = seat
            return
        if self.handoff() is not None:
            raise SessionError("pass the device first: the next player must reveal the board")
        reflex = len(self.humans) > 1 and self.reflex()
        self.table.act(seat, action)
        self.selection = ""
        if reflex:
            self.shown_to = None  # everyone was at the screen: the next hand shown gets a cover first

    def select(self, seat: int, prefix: str) -> None:
        if self.handoff() is not None or seat not in self.table.humans_to_act():
            raise SessionError(f"seat {seat} is not a human seat to move at this screen")
        self.selection = check_selection(self.spec, self.table.match.state, seat, prefix)

    def step(self) -> None:
        self.table.step()
        self.selection = ""

    def snapshot(self) -> JSON:
        table = self.table
        match, game = table.match, table.game
        viewer = self.viewer()
        hot_seat = len(self.humans) > 1  # then nobody at the screen is "You"
        labels = seat_labels(match.seats, [] if hot_seat or viewer is None else [viewer])
        handoff = self.handoff()
        if hot_seat and self.reflex():
            viewer = None  # hot-seat players shoot side by side: the public board, nobody's private view
        if handoff is not None:
            viewer = None  # nothing private reaches the page until the next player is at the screen
            view = game.view(match.state, None)
            svg, self.selection = handoff_cover(handoff, labels.get(handoff, f"Player {handoff + 1}")), ""
        else:
            view, svg, self.selection = board(self.spec, match.state, viewer, labels, self.selection, wide=self.wide,
                                              actions=match.actions)
        return {
            "mode": self.mode,
            "game": game.id,
            "title": game.title,
            "log": match.to_log(),
            "viewer": viewer,
            "view": view,
            "labels": {str(seat): label for seat, label in labels.items()},
            "svg": svg,
            "selection": self.selection,
            "handoff": handoff,
            "reflex": self.reflex(),  # a node against the clock (Game.is_reflex): the page's quick-draw overlay
            "to_act": [{"seat": seat, "kind": kind} for seat, kind in table.to_act()],
            "over": table.is_over(),
            "result": game.result(match.state),
            "hash": game.state_hash(match.state),
            "step": match.step,
        }


class PeerSession:
    """This page's side of a match between browsers (``cargobay.net.Peer``), and what it shows."""

    mode = "p2p"

    def __init__(self, spec: GameSpec, peer: Peer) -> None:
        self.spec = spec
        self.peer = peer
        self.selection = ""
        self.wide = False
        self._saved = ""  # the last save sent to the page, to send the next one only when it changed
        self._saved_clocks: JSON = {}
        self._saved_at = 0.0

    @classmethod
    def start(cls, setup_data: object, me: object, specs: Mapping[str, GameSpec], identity: Identity) -> PeerSession:
        from .net import Peer, Setup  # imported on first use: it is not needed to boot the engine

        setup: Setup = Setup.from_json(setup_data)
        for seat, kind in enumerate(setup.seats):
            if kind not in SEAT_KINDS:
                raise SessionError(f"seat {seat}: {kind!r} is not one of {', '.join(SEAT_KINDS)}")
        if setup.game not in specs:
            raise SessionError(f"no playable game {setup.game!r}")
        spec = specs[setup.game]
        for kind in setup.seats:
            if kind != HUMAN and kind not in spec.levels:
                raise SessionError(f"{spec.info.title} has no {kind!r} bot")
        if not isinstance(me, int) or isinstance(me, bool):
            raise SessionError("'me' is a peer index")
        return cls(spec, Peer(setup, me, identity, spec.game))

    @classmethod
    def restore(cls, save: object, specs: Mapping[str, GameSpec]) -> PeerSession:
        from .net import Peer

        games = LazyGames(specs)  # only the log's game is imported
        peer = Peer.from_json(save, games)
        return cls(specs[peer.game.id], peer)

    def my_human_seats(self) -> list[int]:
        return [seat for seat in self.peer.my_seats() if self.peer.setup.seats[seat] == HUMAN]

    def viewer(self) -> int | None:
        mine = self.peer.my_seats()
        humans = self.my_human_seats()
        return humans[0] if humans else (mine[0] if mine else None)

    def choose(self, seat: int, action: str, now: float) -> list[Out]:
        if seat not in self.my_human_seats():
            raise SessionError(f"seat {seat} is not a human seat of this page")
        sent = self.peer.choose(seat, action, now)
        self.selection = ""
        return sent

    def select(self, seat: int, prefix: str) -> None:
        if seat not in self.my_human_seats() or seat not in self.peer.to_decide():
            raise SessionError(f"seat {seat} of this page is not to decide")
        self.selection = check_selection(self.spec, self.peer.match.state, seat, prefix)

    def bot_decides(self, now: float, entropy: Callable[[int], bytes]) -> list[Out]:
        """One of this page's bot seats decides, with fresh local randomness (a peer must not predict it)."""
        peer = self.peer
        for seat in peer.to_decide():
            kind = peer.setup.seats[seat]
            if kind != HUMAN:
                view = peer.game.view(peer.match.state, seat)
                action = self.spec.bot(kind).choose(peer.game, view, random.Random(entropy(16)))
                return peer.choose(seat, action, now)
        raise SessionError("none of this page's bots is to decide")

    def snapshot(self, sent: list[Out], refused: JSON | None = None, *, full: bool = False) -> JSON:
        peer = self.peer
        game, state = peer.game, peer.match.state
        viewer = self.viewer()
        secret = None
        simultaneous = peer.node.kind == "simultaneous"  # (net.node.Kind is a StrEnum)
        if viewer is not None and simultaneous:
            secret = peer.node.secrets.get(str(viewer))
        # The viewer's own committed choice, shown face down: the state as if it were played (the other
        # seats' choices are not in this page's state until they are revealed).
        shown = game.apply(state, viewer, secret[0]) if secret and viewer is not None else state
        committed = frozenset(int(key) for key in peer.node.commits) if simultaneous \
            else frozenset()
        labels = seat_labels(peer.setup.seats, self.my_human_seats())
        view, svg, self.selection = board(self.spec, shown, viewer, labels, self.selection, committed,
                                          legal=not peer.outcome, wide=self.wide, actions=peer.match.actions)
        save = peer.to_json()
        # The clocks move on every 1 Hz tick: a save is sent when anything else changed, or 15 s after the
        # last one went (otherwise every tick would send the whole save).
        text = json.dumps({**save, "clocks": None}, sort_keys=True, separators=(",", ":"))
        now = peer.clocks.last or 0.0
        changed = full or text != self._saved or (save["clocks"] != self._saved_clocks and now - self._saved_at >= 15)
        if changed:
            self._saved, self._saved_clocks, self._saved_at = text, save["clocks"], now
        return {
            "mode": self.mode,
            "game": game.id,
            "title": game.title,
            "me": peer.me,
            "viewer": viewer,
            "view": view,
            "labels": {str(seat): label for seat, label in labels.items()},
            "svg": svg,
            "selection": self.selection,
            "to_act": [{"seat": seat, "kind": peer.setup.seats[seat]} for seat in game.acting_seats(state)],
            "to_decide": peer.to_decide(),
            "bots_to_decide": [seat for seat in peer.to_decide() if peer.setup.seats[seat] != HUMAN],
            "waiting": peer.waiting_for(),
            "outcome": peer.outcome,
            "over": peer.over(),
            "auditing": bool(peer.outcome and peer.dealing and peer.dealing.auditing()),
            "removed": sorted(peer.removed),  # spectators proven to cheat (their messages are refused)
            "trust": trust(peer),
            "result": game.result(state),
            "events": peer.take_events(),
            "refused": refused,
            "send": [text for to, text in sent if to is None],
            "send_to": [[to, text] for to, text in sent if to is not None],
            "clocks": peer.clock_status(),
            "verification": peer.verification_code(),
            "step": peer.step,
            "hash": peer.state_hash(),
            "save": save if changed else None,
        }


def trust(peer: Peer) -> JSON:
    """How far the page may trust the match's hidden cards, for the players panel."""
    if not peer.game.info.hidden_information:
        return {"level": "open", "text": "Nothing is hidden in this game: every page checks every move."}
    dealing = peer.dealing
    if dealing is None:
        return {"level": "honour", "text": "Hidden cards are dealt from a joint seed: every page's program "
                "knows the whole deal (honour-based)."}
    audited = "; audited: every deck checked" if dealing.audited else ""
    return {"level": "cryptographic", "audited": dealing.audited is not None,
            "text": "Cards dealt cryptographically: this page's program knows only the cards shown to it; "
                    "a false card is caught at once, a false shuffle at the audit" + audited + "."}


__all__ = ["LocalSession", "PeerSession", "SessionError", "board", "seat_labels", "trust"]
