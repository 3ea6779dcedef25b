# Play a friend: an open link whose path drops mid-match (a phone leaving Wi-Fi, a router restarting and
# mapping new ports) is got back by an ICE restart of the same connection, so its data channel, DTLS and the
# peer protocol's state go on. The page that made the link's invite makes a restart offer (web/p2p.js, new ICE
# credentials and candidates, the same DTLS fingerprint), signs it with its engine and sends it every way it has:
# over the link's own channel (it may still carry: a network change), through another page of the match
# (p2p/mesh.py's "restart" envelope) and through the relay room when the relay is on (p2p/room.py); the other
# page answers the same ways. It is tried again every RESTART_EVERY_MS while the link is down; if none of them
# gets it back within the glue's RECOVER_MS the link closes and today's reconnect follows (the box with new
# codes, or the relay's hello). The away allowance runs meanwhile (the engine was told the peer is away).
# A part the session owns (Session.restarts).
import json

from ui.dom import by_id, now_s, spawn
from ui.engine import engine

from p2p import panels
from p2p.links import glue_json
from p2p.mesh import restart_text
from p2p.room import ref

RESTART_EVERY_MS = 5000
RELAY_STUCK_MS = 1500
ANSWERS_KEPT = 8


class Restarting:
    """The ICE restarts of the session's open links whose path dropped."""

    def __init__(self, s):
        self.s = s

    def restart_init(self):
        self.restart_pending = {}  # peer -> ref of this page's restart offer waiting for its answer
        self.restart_answered = {}  # peer -> refs of the restart offers this page answered (one per path)
        self.restart_latest = {}  # peer -> when the newest restart offer this page answered was written
        self.restart_n = 0
        self.restart_count = {"offers": 0, "answers": 0, "accepted": 0, "failed": 0}

    def restart_note(self, what, carriers=None):
        if what in self.restart_count:
            self.restart_count[what] += 1
        screen = by_id("game-screen")
        screen.setAttribute("data-restarts", json.dumps(self.restart_count))
        if carriers is not None:
            screen.setAttribute("data-restart-carriers", ",".join(carriers))

    def held(self):
        """The peers whose dropped links are being got back (no new link for them meanwhile)."""
        return [link.peer for link in self.s.mesh.links.values() if link.lid in self.s.links.unstable]

    def peer_key(self, peer):
        keys = (self.s.mesh.setup or {}).get("keys") if self.s.mesh.started else None
        if isinstance(keys, list) and 0 <= peer < len(keys):
            return keys[peer]
        return self.s.mesh.keys.get(peer)

    # --- the page that made the invite: offer, again while the link is down ----------------------------------
    async def restart_loop(self, lid):
        import asyncio

        while self.s.mesh.started and not self.s.over() and lid in self.s.links.unstable:
            link = self.s.mesh.link_of(lid)
            if link is None or link.kind != "invite":
                return
            await self.restart_offer(link)
            await asyncio.sleep_ms(RESTART_EVERY_MS)

    async def relay_watch(self, lid):
        """While a link is down: if a message to the relay waits over RELAY_STUCK_MS for the broker, this device
        may be on a new network and its socket to the broker dead: make it again (once); when the relay is back,
        restart_again offers at once."""
        import asyncio

        while lid in self.s.links.unstable and self.s.relaying.relay is not None and self.s.relaying.room is not None:
            await asyncio.sleep_ms(500)
            if glue_json(self.s.relaying.relay.refresh(RELAY_STUCK_MS)).get("refreshed"):
                by_id("game-screen").setAttribute("data-relay-refreshed", "true")
                return

    def restart_again(self):
        """The relay is back: offer again at once for every dropped link this page restarts."""
        for link in list(self.s.mesh.links.values()):
            if link.lid in self.s.links.unstable and link.kind == "invite" and self.s.mesh.started:
                spawn(self.restart_offer(link))

    async def restart_offer(self, link):
        made = glue_json(await self.s.glue.restartOffer(link.lid, self.s.mesh.key))
        if not made.get("ok") or self.s.mesh.link_of(link.lid) is not link:
            self.restart_note("failed")
            return
        self.restart_pending[link.peer] = ref(made["code"])
        carriers = await self.restart_send(link, made["code"], None)
        self.restart_note("offers", carriers)

    async def restart_send(self, link, code, re):
        """Send a restart code to `link`'s peer every way this page has; the ways it went."""
        self.restart_n = max(self.restart_n + 1, int(now_s() * 1000))  # (wall clock: a reload goes on)
        envelope = {"k": "restart", "to": link.peer, "from": self.s.mesh.my_index(), "n": self.restart_n,
                    "code": code}
        if re is not None:
            envelope["re"] = re
        ok, signed = await engine.call({"type": "p2p_relay_sign",
                                        "text": restart_text(self.s.mesh.setup.get("match_id"), envelope)})
        if not ok:
            return []
        envelope["sig"] = signed["sig"]
        carriers = []
        if self.s.glue.send(link.lid, json.dumps(envelope)):
            carriers.append("channel")
        for other in self.s.mesh.open_peers():
            if other != link.peer and self.s.links.link_send(other, envelope):
                carriers.append("mesh")
                break
        body = {"t": "restart", "to": link.peer, "code": code}
        if re is not None:
            body["re"] = re
        if await self.s.relaying.room_publish(body):
            carriers.append("relay")
        return carriers

    # --- what comes in -----------------------------------------------------------------------------------------
    async def restart_in(self, sender, via, envelope, signed):
        """A restart envelope for this page (mesh-checked): its signature, then the restart itself."""
        good = glue_json(await self.s.glue.verify(self.peer_key(sender), signed, envelope["sig"]))
        if not good.get("valid"):
            panels.refusal(self.s, "a restart message not signed by " + self.s.mesh.peer_name(sender), False, via)
            return
        await self.restart_take(sender, envelope["code"], envelope.get("re"), "channel" if via == sender else "mesh",
                                envelope["n"])

    async def restart_relay(self, sender, to, envelope, signed):
        """Pass a restart envelope on, once its sender's signature is checked (a forgery costs its sender)."""
        good = glue_json(await self.s.glue.verify(self.peer_key(sender), signed, envelope["sig"]))
        if not good.get("valid"):
            panels.refusal(self.s, "a restart message to pass on that its sender did not sign", False, sender)
            return
        self.s.links.link_send(to, envelope)

    async def restart_take(self, peer, code, re, how, written=None):
        """A restart offer (re None) or answer from `peer`, by any way: the same one by another way is skipped,
        and so is an offer written before one already answered (a slow way's: applied, it would replace the ICE
        credentials the link came back with)."""
        link = self.s.mesh.links.get(peer)
        if link is None or link.state == "closed" or self.s.mesh.code_key(code) != self.peer_key(peer):
            return
        if re is None:
            if link.kind != "reply":
                return  # (the page that made the invite makes the restart offers)
            offer = ref(code)
            answered = self.restart_answered.get(peer, [])
            if offer in answered:
                return
            if not isinstance(written, (int, float)) or written <= self.restart_latest.get(peer, -1):
                return
            self.restart_latest[peer] = written
            self.restart_answered[peer] = (answered + [offer])[-ANSWERS_KEPT:]
            made = glue_json(await self.s.glue.restartAnswer(link.lid, code, self.s.mesh.key))
            if not made.get("ok") or self.s.mesh.link_of(link.lid) is not link:
                self.restart_note("failed")
                return
            carriers = await self.restart_send(link, made["code"], offer)
            self.restart_note("answers", carriers)
            by_id("game-screen").setAttribute("data-restart-via", how)
            return
        if self.restart_pending.get(peer) != re:
            return  # (an answer to an earlier offer, or the same answer by another way)
        del self.restart_pending[peer]
        done = glue_json(await self.s.glue.restartAccept(link.lid, code))
        self.restart_note("accepted" if done.get("ok") else "failed")
        by_id("game-screen").setAttribute("data-restart-via", how)

    def restart_effect(self, effect):
        if effect.kind == "restart_in":
            spawn(self.restart_in(effect.peer, effect.via, effect.envelope, effect.signed))
        else:
            spawn(self.restart_relay(effect.peer, effect.to, effect.envelope, effect.signed))
