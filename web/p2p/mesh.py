# The page-side peer protocol: the envelopes pages exchange over their WebRTC data channels, their
# validation, the host's relay of connection codes between guests, and the table of links (one per other
# page: a full mesh). Pure and DOM-free: it imports under MicroPython (the page) and CPython (pytest,
# tests/web/test_mesh.py). It decides; the page carries out the effects it returns.
#
# Every channel text is an envelope, a JSON object of at most max_channel_text characters (ui/limits.py):
#   {"k": "setup", "setup": {...}, "you": j}   host only: the match setup; j is the receiver's peer index
#   {"k": "lobby", "you": j}                    host only, before the start: you are peer j; wait for Start
#   {"k": "signal", "to": i, "from": j}         host only: guest i, make an invite for guest j (relay)
#   {"k": "signal", "to": i, "from": j, "code": "CB1.…"}   a code from guest j for guest i; the host checks
#                                               that j is the guest on that channel and forwards it unchanged
#   {"k": "signal", "to": 0, "from": i, "again": j}        guest i lost its link with guest j: relay a new one
#   {"k": "peer", "t": "<text>"}                one game message (cargobay.net), for the engine's p2p_receive
#   {"k": "bye"}                                the sender's page is closing
#   {"k": "ping", "n": <int>} / {"k": "pong", "n": <int>}   is this link alive? A guest that gets a relayed
#                                               invite from a guest it has an open link with asks that link
#                                               first: a pong within PROBE_MS refuses the invite (a live link
#                                               is never replaced: a host replaying an old code of the other
#                                               guest would cut it), no pong and the invite replaces the link
#                                               (the other side lost it: a one-sided drop, a reload)
#   {"k": "restart", "to": t, "from": s, "n": <int>, "code": "CB1.…"[, "re": <ref>], "sig": <86 chars>}
#                                               an ICE restart offer (with "re": the answer to the offer whose
#                                               ref is <ref>) for the existing link between pages s and t, signed
#                                               by s (restart_text, under the engine's relay domain); sent over
#                                               that link's own channel and through another page of the match,
#                                               which passes it on unchanged only if it comes from s, names a
#                                               page of the match it is linked with, carries a newer n than s
#                                               sent it before and s sent fewer than RESTART_RATE in
#                                               RESTART_WINDOW_MS (the page checks the signature first)
# The sender of a message is the peer bound to the link it came on, never what the message says. Anything
# else is refused with a reason and changes nothing. The setup is checked for its structure only (fields,
# match id, the peers' range, owners and seats); the engine's p2p_start checks the rest (the game, its seats and
# options), and its refusal is shown as the refusal of the host's setup. What a connection code holds is
# p2p.js's business alone: the page injects `code_kind(code) -> "offer" | "answer" | None` and
# `code_key(code) -> <the public signing key of the page that made it> | None`.
# Keys are pinned: `keys` holds the key each peer's code carried (the invite or reply exchanged by hand,
# else the first relayed code); a relayed code with another key for that peer is refused, and so is a setup
# that lists another key for a peer than its code did, or not this page's own key for this page.
import json

from ui.limits import LIMITS, clock, peers, valid_match_id
from ui.text import BASE64URL as ID_CHARS
from ui.text import short

MAX_SIGNAL_TEXT = 1000  # a signal envelope; a code is ~140-400 characters
MAX_CODE = 600
MAX_EARLY = 200  # game messages kept while a guest waits for the setup
RELAY_PENDING_MS = 5000  # a relayed invite younger than this is not made again
PROBE_MS = 3000  # a link still open here that does not answer a ping in this long is down on the other side
CODE_PREFIX = "CB1."
SETUP_FIELDS = ("match_id", "game", "seats", "owners", "peers", "options", "reveal_deadline", "keys", "time_bank",
                "time_increment", "away_allowance")
HEX = "0123456789abcdef"
MAX_RESTART_TEXT = 1200  # a restart envelope: a code (~140-400 characters), a signature, a ref
RESTART_RATE = 8  # restart envelopes one page may send on one link ...
RESTART_WINDOW_MS = 60000  # ... in this long (a restart is tried every few seconds while a path is down)
SIG_CHARS = 86
REF_CHARS = 32


class Effect:
    """Something the page must do: kind plus fields (peer, envelope, reason, text, code, setup, you, why)."""

    def __init__(self, kind, peer=None, **fields):
        self.kind = kind
        self.peer = peer
        self.fields = fields
        for key, value in fields.items():
            setattr(self, key, value)

    def __eq__(self, other):
        mine = (self.kind, self.peer, self.fields)
        return isinstance(other, Effect) and mine == (other.kind, other.peer, other.fields)

    def __repr__(self):
        return "Effect(" + repr(self.kind) + ", " + repr(self.peer) + ", " + repr(self.fields) + ")"


def Send(peer, envelope):
    return Effect("send", peer, envelope=envelope)


def Refuse(peer, reason):
    return Effect("refuse", peer, reason=reason)


def Receive(peer, text):
    return Effect("receive", peer, text=text)


def Start(setup, you):
    return Effect("start", 0, setup=setup, you=you)


def HostStart(peer):
    return Effect("host_start", peer)


def Connected(peer):
    return Effect("connected", peer)


def MakeInvite(peer):
    return Effect("make_invite", peer)


def Reply(peer, code):
    return Effect("reply", peer, code=code)


def Accept(peer, code):
    return Effect("accept", peer, code=code)


def Probe(peer, n):
    return Effect("probe", peer, n=n)


def Closed(peer, why):
    return Effect("closed", peer, why=why)


def Lobby(you):
    return Effect("lobby", 0, you=you)


def is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def valid_index(value):
    """A guest's peer index."""
    return is_int(value) and 1 <= value < peers()[1]


def valid_code(code):
    if not isinstance(code, str) or not len(CODE_PREFIX) < len(code) <= MAX_CODE or not code.startswith(CODE_PREFIX):
        return False
    return all(ch in ID_CHARS for ch in code[len(CODE_PREFIX):])


def setup_problem(setup):
    """Why a setup is not well-formed, or None. The engine's p2p_start checks what it means."""
    if not isinstance(setup, dict):
        return "the setup is not an object"
    extra = sorted(key for key in setup if key not in SETUP_FIELDS)
    if extra:
        return "the setup has unexpected fields " + short(extra, 80)
    if not valid_match_id(setup.get("match_id")):
        return "the match id is not 8-64 letters, digits, - or _"
    game = setup.get("game")
    if not isinstance(game, str) or not game or len(game) > 64:
        return "the game is not named"
    low, high = peers()
    pages = setup.get("peers")
    if not is_int(pages) or not low <= pages <= high:
        return "a match is between " + str(low) + " and " + str(high) + " pages"
    seats, owners = setup.get("seats"), setup.get("owners")
    if not isinstance(seats, list) or not seats or len(seats) > 16 or not all(
        isinstance(kind, str) and 0 < len(kind) <= 32 for kind in seats
    ):
        return "the seats are not a list of seat kinds"
    if not isinstance(owners, list) or len(owners) != len(seats) or not all(
        is_int(owner) and 0 <= owner < pages for owner in owners
    ):
        return "the owners are not one page index per seat"
    if not isinstance(setup.get("options", {}), dict):
        return "the options are not an object"
    default, low, high = clock("reveal_deadline")
    deadline = setup.get("reveal_deadline", default)
    if isinstance(deadline, bool) or not isinstance(deadline, (int, float)) or not low <= deadline <= high:
        return "the reveal deadline must be " + str(low) + ".." + str(high) + " seconds"
    keys = setup.get("keys", [])
    if not isinstance(keys, list) or not all(valid_key(key) for key in keys):
        return "the keys are not a list of public keys"
    return None


def restart_problem(envelope):
    """Why a restart envelope is not well-formed, or None."""
    keys = sorted(envelope)
    if keys not in (["code", "from", "k", "n", "sig", "to"], ["code", "from", "k", "n", "re", "sig", "to"]):
        return 'a restart message must be {"k": "restart", "to", "from", "n", "code"[, "re"], "sig"}'
    if not (is_int(envelope["to"]) and is_int(envelope["from"]) and is_int(envelope["n"]) and envelope["n"] >= 0):
        return "a restart message whose pages or number are not numbers"
    if not valid_code(envelope["code"]):
        return "a restart message without a Cargo Bay code"
    sig, ref = envelope["sig"], envelope.get("re", "x" * REF_CHARS)
    if not isinstance(sig, str) or len(sig) != SIG_CHARS or not all(ch in ID_CHARS for ch in sig):
        return "a restart message without a signature"
    if not isinstance(ref, str) or len(ref) != REF_CHARS or not all(ch in ID_CHARS for ch in ref):
        return "a restart answer that names no offer"
    return None


def restart_text(match_id, envelope):
    """What the sender of a restart envelope signs (the engine's p2p_relay_sign adds its own domain; this text
    is never a relayed room message, which is JSON)."""
    fields = [match_id, envelope["from"], envelope["to"], envelope["n"], envelope.get("re", "-"), envelope["code"]]
    return "restart/1\n" + "\n".join(str(field) for field in fields)


def valid_key(key):
    return isinstance(key, str) and len(key) == 64 and all(ch in HEX for ch in key)


class Link:
    """One link with another page, as the mesh sees it (the page's glue owns the WebRTC side)."""

    def __init__(self, lid, peer, kind, relay, t0):
        self.lid = lid  # the glue's link id (opaque here)
        self.peer = peer
        self.kind = kind  # "invite" or "reply"
        self.relay = relay  # made through the host's relay, not by hand
        self.state = "connecting"  # "connecting" | "open" | "closed"
        self.t0 = t0
        self.ms = None  # ms from creation to open


class Mesh:
    def __init__(self, role, code_kind, code_key=None):
        self.role = role  # "host" (peer 0, made the match) or "guest"
        self.key = None  # this page's public signing key
        self.keys = {}  # peer -> the key its code carried
        self.code_key = code_key or (lambda code: None)
        self.me = 0 if role == "host" else None  # a guest learns its index from the host
        self.lobby = False  # host: wait for Start match; guest: the host said so
        self.setup = None
        self.started = False
        self.links = {}  # peer -> Link (the current link with that peer)
        self.early = []  # [peer, text]: game messages that came before this guest had the setup
        self.code_kind = code_kind
        self.restart_seen = {}  # (from, the page it came on) -> the last n of its restart envelopes
        self.restart_sent = {}  # the page it came on -> ms of its restart envelopes in the window
        self.probes = {}  # peer -> [n, code]: a relayed invite held while its open link is asked (ping)
        self.probe_n = 0

    # --- the link table ----------------------------------------------------------------------------
    def bind(self, peer, lid, kind, relay, now_ms):
        """A new link with `peer`; returns the replaced link's id (to close) or None."""
        old = self.links.get(peer)
        self.links[peer] = Link(lid, peer, kind, relay, now_ms)
        return old.lid if old is not None else None

    def unbind(self, lid):
        for peer, link in list(self.links.items()):
            if link.lid == lid:
                del self.links[peer]
                return peer
        return None

    def link_of(self, lid):
        for link in self.links.values():
            if link.lid == lid:
                return link
        return None

    def state(self, peer):
        link = self.links.get(peer)
        return link.state if link else "none"

    def open_peers(self):
        return [peer for peer in sorted(self.links) if self.links[peer].state == "open"]

    def my_index(self):
        return self.me if is_int(self.me) else (0 if self.role != "guest" else 1)

    def peer_count(self):
        if self.started and isinstance(self.setup, dict) and is_int(self.setup.get("peers")):
            return self.setup["peers"]
        return max([1, self.my_index()] + list(self.links)) + 1

    def other_peers(self):
        return [peer for peer in range(self.peer_count()) if peer != self.my_index()]

    def owners(self):
        owners = (self.setup or {}).get("owners")
        return owners if isinstance(owners, list) else [0, 1]

    def is_spectator(self, peer):
        return peer not in self.owners()

    def peer_name(self, peer):
        owners = self.owners()
        if peer in owners:
            return "Player " + str(sorted(set(owners)).index(peer) + 1)
        return "Spectator " + str(len([k for k in range(peer) if k not in owners]) + 1)

    def next_guest_slot(self):
        taken = [peer for peer in self.links if self.links[peer].state in ("open", "connecting")]
        for peer in range(1, peers()[1]):
            if peer not in taken:
                return peer
        return None

    def pin(self, peer, code):
        """The key of `peer`'s code, pinned; None if it is another key than the one pinned for that peer."""
        key = self.code_key(code)
        expected = self.keys.get(peer)
        if self.started and isinstance(self.setup, dict) and 0 <= peer < len(self.setup.get("keys") or []):
            expected = self.setup["keys"][peer]
        if key is None or (expected is not None and key != expected):
            return None
        self.keys[peer] = key
        return key

    def keys_problem(self, setup, you):
        """Why a setup's keys do not match the codes this page saw (and its own key), or None."""
        keys = setup.get("keys")
        if not isinstance(keys, list) or len(keys) != setup.get("peers"):
            return "the setup lists no key for every page"
        if self.key is not None and keys[you] != self.key:
            return "the setup lists another key for this page"
        for peer in self.keys:
            if peer < len(keys) and keys[peer] != self.keys[peer]:
                return "the setup lists another key for " + self.peer_name(peer) + " than its code carried"
        return None

    # --- channel events ------------------------------------------------------------------------------
    def on_open(self, peer, now_ms):
        link = self.links.get(peer)
        if link is not None:
            link.state = "open"
            link.ms = round(now_ms - link.t0)
        effects = []
        if self.role == "host":
            if self.started:
                effects.append(Send(peer, {"k": "setup", "setup": self.setup, "you": peer}))
            elif self.lobby:
                effects.append(Send(peer, {"k": "lobby", "you": peer}))
            else:
                return [HostStart(peer)]  # then host_started(): the setup goes out once the match is on
            effects += self.relay_for(peer)
        if self.started:
            effects.append(Connected(peer))
        return effects

    def on_closed(self, peer):
        """A link closed: a guest asks the host to relink it with another guest."""
        link = self.links.get(peer)
        if link is not None:
            link.state = "closed"
        if peer != 0 and self.my_index() != 0 and self.state(0) == "open":
            return [Send(0, {"k": "signal", "to": 0, "from": self.my_index(), "again": peer})]
        return []

    def relay_for(self, newcomer, only=None):
        """Host: ask every other connected guest to make an invite for `newcomer`."""
        return [
            Send(guest, {"k": "signal", "to": guest, "from": newcomer})
            for guest in self.open_peers()
            if guest != newcomer and (only is None or guest == only)
        ]

    def host_started(self, setup):
        """The host's engine accepted the setup: send it to every connected guest."""
        self.setup = setup
        self.started = True
        return [Send(peer, {"k": "setup", "setup": setup, "you": peer}) for peer in self.open_peers()]

    def restore(self, setup, me):
        """A saved match reopened (after a reload; the engine's p2p_restore accepted the save): this page's role
        and index, the setup, and the keys it lists pinned (a code for a peer must carry that peer's key)."""
        self.role = "host" if me == 0 else "guest"
        self.me = me if is_int(me) and me >= 0 else 0
        self.setup = setup if isinstance(setup, dict) else None
        self.started = True
        keys = (self.setup or {}).get("keys")
        self.keys = {peer: key for peer, key in enumerate(keys if isinstance(keys, list) else []) if valid_key(key)}

    def started_as(self, setup, you):
        """A guest's engine accepted the host's setup: hand over the early messages of pages in the match."""
        self.setup = setup
        self.me = you
        self.started = True
        early, self.early = self.early, []
        return [Receive(sender, text) for sender, text in early if sender < setup["peers"]]

    # --- one text from the channel with `peer` ---------------------------------------------------------
    def on_oversize(self, peer, length):
        most = str(LIMITS["max_channel_text"])
        return [Refuse(peer, "a message of " + str(length) + " characters (at most " + most + ")")]

    def on_text(self, peer, text, now_ms=0):
        if not isinstance(text, str) or len(text) > LIMITS["max_channel_text"]:
            return [Refuse(peer, "a message that is not text of the allowed size")]
        try:
            envelope = json.loads(text)
        except Exception:  # ValueError, or RecursionError / RuntimeError on absurd nesting
            return [Refuse(peer, "not a JSON message (" + repr(short(text, 60)) + ")")]
        kind = envelope.get("k") if isinstance(envelope, dict) else None
        if kind == "peer":
            return self.on_game_text(peer, envelope)
        if kind == "setup":
            return self.on_setup(peer, envelope)
        if kind == "lobby":
            return self.on_lobby(peer, envelope)
        if kind == "signal":
            if len(text) > MAX_SIGNAL_TEXT:
                return [Refuse(peer, "a connection message of " + str(len(text)) + " characters (at most "
                               + str(MAX_SIGNAL_TEXT) + ")")]
            if self.role == "host":
                return self.on_signal_at_host(peer, envelope)
            return self.on_signal_at_guest(peer, envelope, now_ms)
        if kind == "restart":
            return self.on_restart(peer, envelope, len(text), now_ms)
        if kind in ("ping", "pong") and sorted(envelope) == ["k", "n"] and is_int(envelope["n"]):
            return self.on_probe(peer, kind, envelope["n"])
        if kind == "bye" and sorted(envelope) == ["k"]:
            return [Closed(peer, "left (closed or reloaded the page)")]
        return [Refuse(peer, "an unknown kind of message (" + repr(short(str(kind), 40)) + ")")]

    def on_game_text(self, peer, envelope):
        body = envelope.get("t")
        if not isinstance(body, str) or sorted(envelope) != ["k", "t"]:
            return [Refuse(peer, 'a game message must be {"k": "peer", "t": <text>} and nothing else')]
        if self.started:
            return [Receive(peer, body)]
        if self.role == "guest" and len(self.early) < MAX_EARLY:
            self.early.append([peer, body])  # another page started first: handled once the setup is in
            return []
        if self.role == "guest":
            return [Refuse(peer, "too many game messages before the match was set up")]
        return [Refuse(peer, "a game message came before the match was set up")]

    def on_setup(self, peer, envelope):
        if sorted(envelope) not in (["k", "setup"], ["k", "setup", "you"]):
            return [Refuse(peer, 'a setup message must be {"k": "setup", "setup": {...}, "you": j} and nothing else')]
        if self.role == "host":
            return [Refuse(peer, "only the host sends the setup, and this page is the host")]
        if peer != 0:
            return [Refuse(peer, "only the host sends the setup")]
        setup = envelope.get("setup")
        problem = setup_problem(setup)
        you = envelope.get("you", 1)
        if problem is None and (not valid_index(you) or you >= setup["peers"]):
            problem = "this page's peer index is not in the match"
        if problem:
            return [Refuse(peer, "the host's setup: " + problem)]
        if self.started:
            if (self.setup or {}).get("match_id") != setup["match_id"]:
                return [Refuse(peer, "the other player is in a different match; to join their new match, go to "
                                     "the Menu and choose Join a match")]
            return []  # the same setup again (it is sent on every connection)
        if is_int(self.me) and self.me != you:
            return [Refuse(peer, "the host's setup gives this page another peer index")]
        problem = self.keys_problem(setup, you) if "keys" in setup or self.key is not None else None
        if problem:
            return [Refuse(peer, "the host's setup: " + problem)]
        return [Start(setup, you)]

    def on_lobby(self, peer, envelope):
        if self.role == "host" or peer != 0:
            return [Refuse(peer, "only the host sends the lobby")]
        you = envelope.get("you")
        if sorted(envelope) != ["k", "you"] or not valid_index(you):
            return [Refuse(peer, 'a lobby message must be {"k": "lobby", "you": <peer index>}')]
        if self.started:
            return []
        if is_int(self.me) and self.me != you:
            return [Refuse(peer, "the host gave this page another peer index")]
        self.me = you
        self.lobby = True
        return [Lobby(you)]

    # --- ICE restarts of existing links, over their own channel or through this page ----------------------
    def on_restart(self, peer, envelope, length, now_ms):
        """A restart envelope from `peer`: for this page ("restart_in", after the page checked its signature)
        or to pass on ("restart_relay", likewise). Whatever is wrong with it is refused as `peer`'s."""
        if length > MAX_RESTART_TEXT:
            return [Refuse(peer, "a restart message of " + str(length) + " characters (at most "
                           + str(MAX_RESTART_TEXT) + ")")]
        problem = restart_problem(envelope)
        if problem:
            return [Refuse(peer, problem)]
        sent = [t for t in self.restart_sent.get(peer, []) if 0 <= now_ms - t < RESTART_WINDOW_MS]
        if len(sent) >= RESTART_RATE:
            self.restart_sent[peer] = sent
            return [Refuse(peer, "more than " + str(RESTART_RATE) + " restart messages in "
                           + str(RESTART_WINDOW_MS // 1000) + " s")]
        self.restart_sent[peer] = sent + [now_ms]
        if not self.started:
            return [Refuse(peer, "a restart message before the match began")]
        me, to, sender = self.my_index(), envelope["to"], envelope["from"]
        count = self.peer_count()
        if not 0 <= to < count or not 0 <= sender < count or to == sender:
            return [Refuse(peer, "a restart message for no link of the match")]
        if to != me and sender != peer:
            return [Refuse(peer, "a restart message to pass on that does not come from its sender")]
        if envelope["n"] <= self.restart_seen.get((sender, peer), -1):
            return [Refuse(peer, "a restart message seen before (a replay)")]
        self.restart_seen[(sender, peer)] = envelope["n"]
        signed = restart_text((self.setup or {}).get("match_id"), envelope)
        if to == me:
            link = self.links.get(sender)
            if link is None or link.state == "closed":
                return [Refuse(peer, "a restart message for a link this page does not have")]
            return [Effect("restart_in", sender, via=peer, envelope=envelope, signed=signed)]
        if self.state(to) != "open":
            return []  # (this page cannot carry it: the sender tries its other ways)
        return [Effect("restart_relay", peer, to=to, envelope=envelope, signed=signed)]

    # --- the relay: the host passes connection codes between guests, so every pair gets its own link ----
    def on_signal_at_host(self, peer, envelope):
        keys = sorted(envelope)
        if envelope.get("from") != peer or not valid_index(peer):
            return [Refuse(peer, "a connection message that does not come from its sender")]
        if keys == ["again", "from", "k", "to"]:  # guest `peer` lost its link with guest `again`
            other = envelope.get("again")
            if envelope.get("to") != 0 or not valid_index(other) or other == peer:
                return [Refuse(peer, "a request to relink that names no other guest")]
            if self.state(other) == "open":  # the guest that lost the link invites; the other replaces its own
                return self.relay_for(other, only=peer)
            return []
        if keys != ["code", "from", "k", "to"]:
            return [Refuse(peer, 'a connection message must be {"k": "signal", "to", "from", "code"}')]
        to = envelope.get("to")
        if not valid_index(to) or to == peer:
            return [Refuse(peer, "a connection code for no other guest")]
        if not valid_code(envelope.get("code")):
            return [Refuse(peer, "a connection code that is not a Cargo Bay code")]
        if self.keys.get(peer) is not None and self.code_key(envelope["code"]) != self.keys[peer]:
            return [Refuse(peer, "a connection code with another key than this guest's")]
        if self.state(to) == "open":
            return [Send(to, {"k": "signal", "to": to, "from": peer, "code": envelope["code"]})]
        return []

    def on_signal_at_guest(self, peer, envelope, now_ms):
        if peer != 0:
            return [Refuse(peer, "only the host relays connection codes")]
        keys = sorted(envelope)
        other = envelope.get("from")
        if keys not in (["from", "k", "to"], ["code", "from", "k", "to"]):
            return [Refuse(peer, 'a relayed connection message must be {"k": "signal", "to", "from"[, "code"]}')]
        if not is_int(self.me) or envelope.get("to") != self.me:
            return [Refuse(peer, "a relayed connection message for another page")]
        if not valid_index(other) or other == self.me or (self.started and other >= self.peer_count()):
            return [Refuse(peer, "a relayed connection message from no other guest")]
        link = self.links.get(other)
        if "code" not in envelope:
            if link is not None and link.state == "open":
                return []  # (after the host reconnected, the guests may still be linked)
            if link is not None and link.relay and link.kind == "invite" and now_ms - link.t0 < RELAY_PENDING_MS:
                return []  # asked twice (both guests noticed the drop): the invite is on its way
            return [MakeInvite(other)]
        code = envelope["code"]
        if not valid_code(code):
            return [Refuse(peer, "a relayed connection code that is not a Cargo Bay code")]
        if self.code_key(code) is not None and self.pin(other, code) is None:
            return [Refuse(peer, "a relayed code that does not carry " + self.peer_name(other) + "'s key")]
        if link is not None and link.kind == "invite" and link.relay and link.state == "connecting":
            if self.code_kind(code) == "answer":
                return [Accept(other, code)]
            if self.me < other:
                return []  # both invited each other at once: the lower index's invite wins on both sides
        if link is not None and link.state == "open":  # ask the open link first (PROBE_MS)
            self.probe_n += 1
            self.probes[other] = [self.probe_n, code]
            return [Send(other, {"k": "ping", "n": self.probe_n}), Probe(other, self.probe_n)]
        return [Reply(other, code)]  # an invite from the other guest: answer it

    def on_probe(self, peer, kind, n):
        if kind == "ping":
            return [Send(peer, {"k": "pong", "n": n})]
        held = self.probes.get(peer)
        if held is None or held[0] != n:
            return []
        del self.probes[peer]
        return [Refuse(0, "a relayed invite from " + self.peer_name(peer) + ", whose link with this page is alive "
                       "(it answered over it): a live link is never replaced")]

    def probe_due(self, peer, n):
        """PROBE_MS after a ping: no pong came, the link is down on the other side: answer the held invite."""
        held = self.probes.get(peer)
        if held is None or held[0] != n:
            return []
        del self.probes[peer]
        return [Reply(peer, held[1])]
