# Play a friend through the optional relay (web/relay.js): what the pages of one match say to each other on
# their relay topic, and what a page does about what it hears. Pure and DOM-free: it imports under MicroPython
# (the page) and CPython (pytest, tests/web/test_room.py); p2p/relaying.py carries out the actions it returns.
#
# The relay carries connection codes only, always between the host (peer 0) and one guest; links between guests
# are made through the host as without the relay (p2p/mesh.py), once a guest is back with the host.
#   {"t": "hello", "n": <token>}                a guest without an open link with the host asks for an invite (a
#                                               fresh random token each time); the host says it when it is back
#   {"t": "offer", "to": i, "re": <token>, "code"}   host -> guest i: an invite, answering i's hello <token>
#   {"t": "answer", "to": 0, "re": <ref>, "code"}    guest -> host: the reply to the invite whose ref (ref(code):
#                                               the start of its code, random ICE credentials) is <ref>
#   {"t": "restart", "to": i, "code"}           an ICE restart offer for the open-but-dropped link between the
#                                               sender and page i (the page that made that link's invite sends it)
#   {"t": "restart", "to": i, "re": <ref>, "code"}   its answer (<ref>: ref() of the offer's code)
#                                               (any two pages of the match: every page is in the room)
# The sender is the peer index its signature was checked against (web/relay-seal.js), never a field of the
# body. Replays: the relay drops a message seen before (its nonce) or older than two minutes; besides, an offer
# is taken only for one of this page's last hellos and an answer only for the invite now waiting for it, so an
# old message replayed after a reload (when the nonces seen are forgotten) changes nothing; and a hello replaces
# an open link only if it was written after that link opened (the guest lost it since: a page whose bye never
# came; the sender's clock, so a skewed one only delays that to when the host notices the drop). A body that is
# not one of these, or says what its sender may not say, is ignored and counted.
from ui.limits import peers
from ui.text import BASE64URL as ID_CHARS

OFFER_PENDING_MS = 8000  # an invite made for a guest younger than this is not made again
HELLO_EVERY_MS = 2000  # a guest without its host link says hello this often
MAX_BODY_CODE = 600
REF_CHARS = 32
HELLOS_KEPT = 4


def ref(code):
    """What an answer names its invite by: the start of the invite's code (its random ICE credentials)."""
    return str(code)[4:4 + REF_CHARS]


def valid_token(token):
    return isinstance(token, str) and 8 <= len(token) <= 64 and all(ch in ID_CHARS for ch in token)


def is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def split_fragment(text):
    """An invite link's fragment (after '#join='): (the connection code, the relay part or '')."""
    text = str(text or "").strip()
    code, _, rest = text.partition("&")
    return code, rest


def brokers_problem(text):
    """Why a list of relays (one WebSocket address per line) is not one, or None (web/relay-seal.js checks again)."""
    for number, raw in enumerate(str(text or "").split("\n"), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        scheme, sep, rest = line.partition("://")
        host = rest.split("/")[0].split(":")[0]
        if not sep or scheme not in ("wss", "ws") or not host or " " in line or "@" in rest.split("/")[0]:
            return 'relay line ' + str(number) + ': write a WebSocket address, "wss://host:port/path"'
    return None


def body_problem(body):
    """Why a relayed body is not one this protocol knows, or None."""
    if not isinstance(body, dict):
        return "not an object"
    kind = body.get("t")
    keys = sorted(body)
    if kind == "hello":
        return None if keys == ["n", "t"] and valid_token(body["n"]) else "a hello must be {t, n}"
    if kind in ("offer", "answer"):
        if keys != ["code", "re", "t", "to"] or not valid_token(body.get("re")):
            return "an " + kind + " must be {t, to, re, code}"
        code = body.get("code")
        if not isinstance(code, str) or not 4 < len(code) <= MAX_BODY_CODE or not code.startswith("CB1."):
            return "an " + kind + " without a Cargo Bay code"
        if not is_int(body.get("to")) or not 0 <= body["to"] < peers()[1]:
            return "an " + kind + " for no page"
        return None
    if kind == "restart":
        if sorted(body) not in (["code", "t", "to"], ["code", "re", "t", "to"]):
            return "a restart must be {t, to[, re], code}"
        code, re = body.get("code"), body.get("re", "x" * REF_CHARS)
        if not isinstance(code, str) or not 4 < len(code) <= MAX_BODY_CODE or not code.startswith("CB1."):
            return "a restart without a Cargo Bay code"
        if not isinstance(re, str) or len(re) != REF_CHARS or not all(ch in ID_CHARS for ch in re):
            return "a restart answer that names no offer"
        if not is_int(body.get("to")) or not 0 <= body["to"] < peers()[1]:
            return "a restart for no page"
        return None
    return "an unknown kind of message"


class Room:
    """One page's side of the room protocol. `me` is this page's peer index (a first guest: its invite's);
    `fresh()` makes a random token (the page: the browser's CSPRNG)."""

    def __init__(self, me, fresh):
        self.me = me
        self.fresh = fresh
        self.offered = {}  # host: guest -> ms when it made that guest an invite through the relay
        self.invited = {}  # host: guest -> ref of the invite now waiting for that guest's answer
        self.hellos = []  # guest: the tokens of its last hellos
        self.hello_at = None  # ms of this page's last hello
        self.opened_at = {}  # peer -> wall-clock ms its current link opened
        self.ignored = 0

    def ignore(self):
        self.ignored += 1
        return []

    def on_body(self, mesh, sender, body, now_ms, sent_at=None, held=()):
        """Actions for one good relayed message from `sender` (`sent_at`: when it was written, the sender's
        wall-clock ms; `held`: the peers whose dropped links are being got back by an ICE restart): ("offer",
        peer, token), ("reply", peer, code, ref), ("accept", peer, code), ("hello", token), ("restart", peer,
        code, ref or None, sent_at)."""
        if body_problem(body) is not None or not is_int(sender) or sender == self.me:
            return self.ignore()
        kind = body["t"]
        host = self.me == 0
        if mesh.started and sender >= mesh.peer_count():
            return self.ignore()
        if kind == "restart":
            return self.on_restart(mesh, sender, body, sent_at)
        if kind == "hello":
            if host:
                if not mesh.started:
                    return []  # (before the start a guest joins with the link's invite)
                if sender in held:
                    return []  # (its link is coming back by an ICE restart; a new one if that fails)
                if mesh.state(sender) == "open" and not (
                        isinstance(sent_at, (int, float)) and sent_at > self.opened_at.get(sender, sent_at)):
                    return []  # (an open link stays, unless the guest lost it after it opened)
                return self.offer(sender, body["n"], now_ms)
            if sender != 0 or mesh.state(0) == "open":
                return []
            return self.hello(now_ms, force=True)
        if body["to"] != self.me:
            return []  # for another page of the match
        if kind == "offer":
            if host or sender != 0 or mesh.code_kind(body["code"]) != "offer":
                return self.ignore()
            if body["re"] not in self.hellos:
                return self.ignore()  # (not an answer to a hello of this page: an old one replayed)
            self.hellos.remove(body["re"])
            return [("reply", 0, body["code"], ref(body["code"]))]
        if not host or mesh.code_kind(body["code"]) != "answer":
            return self.ignore()
        link = mesh.links.get(sender)
        if link is None or link.kind != "invite" or link.state != "connecting":
            return []  # (an answer to an invite that was replaced, or already answered)
        if self.invited.get(sender) != body["re"]:
            return self.ignore()  # (the answer to another invite: an old one replayed)
        del self.invited[sender]
        return [("accept", sender, body["code"])]

    def on_restart(self, mesh, sender, body, sent_at=None):
        """A restart offer or answer: only in a match, for this page, on a link it has with the sender (with when
        it was written: the page takes no offer older than one it took)."""
        if body["to"] != self.me:
            return []  # for another page of the match
        link = mesh.links.get(sender)
        if not mesh.started or link is None or link.state == "closed":
            return self.ignore()
        if mesh.code_kind(body["code"]) != ("answer" if "re" in body else "offer"):
            return self.ignore()
        return [("restart", sender, body["code"], body.get("re"), sent_at)]

    def invite_made(self, guest, code):
        """The host made an invite for `guest` (by hand, for its link, or through the relay)."""
        self.invited[guest] = ref(code)

    def offer(self, guest, token, now_ms):
        made = self.offered.get(guest)
        if made is not None and now_ms - made < OFFER_PENDING_MS:
            return []
        self.offered[guest] = now_ms
        return [("offer", guest, token)]

    def hello(self, now_ms, force=False):
        if not force and self.hello_at is not None and now_ms - self.hello_at < HELLO_EVERY_MS:
            return []
        if force and self.hello_at is not None and now_ms - self.hello_at < 500:
            return []
        self.hello_at = now_ms
        token = str(self.fresh())
        if self.me != 0:
            self.hellos = (self.hellos + [token])[-HELLOS_KEPT:]
        return [("hello", token)]

    def on_back(self, mesh, now_ms):
        """This page (re)joined the room mid-match: the host says hello to the missing guests, a guest asks."""
        if not mesh.started:
            return []
        return self.hello(now_ms, force=True)

    def on_tick(self, mesh, now_ms, held=()):
        """Every second or so: a guest without its host link says hello again (a message may be lost), unless
        that link is coming back by an ICE restart (`held`)."""
        if not mesh.started or self.me == 0 or mesh.state(0) == "open" or 0 in held:
            return []
        return self.hello(now_ms)

    def on_open(self, peer, wall_ms=0):
        self.offered.pop(peer, None)
        self.opened_at[peer] = wall_ms
