# Play a friend: the links. Channel events from the glue go through the session's queue to the mesh
# (p2p/mesh.py), whose effects are carried out here; the connection box (invite, reply, connect, by hand
# or from an invite link) and the relayed links between guests are made here too. A part the session owns
# (Session.links).
import asyncio
import json

from ui.dom import by_id, clear_message, error_text, now_ms, now_s, show_message, spawn
from ui.engine import engine

from p2p import panels
from p2p.mesh import PROBE_MS


def glue_json(text):
    try:
        data = json.loads(str(text))
    except Exception as exc:
        return {"ok": False, "error": str(exc)}
    return data if isinstance(data, dict) else {"ok": False, "error": "bad answer"}


def page_url():
    from pyscript import window

    loc = window.location
    # (an embed's own keys stay in its address, for its events after a reload; an invite link carries none)
    rest = [part for part in str(loc.search or "").lstrip("?").split("&")
            if part and part.split("=")[0] not in ("embed", "origin")]
    return str(loc.origin) + str(loc.pathname) + ("?" + "&".join(rest) if rest else "")


class Links:
    """The session's links: what the mesh decides is carried out here, and the channels' events come here."""

    def __init__(self, s):
        self.s = s
        self.unstable = {}  # link id -> when its path dropped (getting it back by itself)

    # --- sending ------------------------------------------------------------------------------------------
    def link_send(self, peer, envelope):
        link = self.s.mesh.links.get(peer)
        if link is None or link.state != "open":
            return False
        return bool(self.s.glue.send(link.lid, json.dumps(envelope)))

    def send_all(self, envelope):
        return len([peer for peer in self.s.mesh.open_peers() if self.link_send(peer, envelope)])

    def drop_link(self, lid):
        self.s.mesh.unbind(lid)
        self.s.glue.close(lid)
        if self.s.connection.manual == lid:
            self.s.connection.manual = None
            self.s.connection.reply_code = None

    def new_link(self, kind, peer, relay=False):
        """A new link with `peer` (replacing the one there was); None if the glue refused."""
        made = glue_json(self.s.glue.create(panels.ice_text(), panels.inherit()))
        if not made.get("ok"):
            show_message("Check the STUN/TURN servers in the connection settings: " + str(made.get("error")))
            return None
        old = self.s.mesh.bind(peer, made["link"], kind, relay, now_ms())
        if old is not None:
            self.s.glue.close(old)
            if self.s.connection.manual == old:
                self.s.connection.manual = None
        return made["link"]

    # --- effects of the mesh ------------------------------------------------------------------------------
    def run(self, effects):
        """Carry out the mesh's effects; those that need the engine are queued (in order)."""
        for effect in effects:
            kind, peer = effect.kind, effect.peer
            if kind == "send":
                self.link_send(peer, effect.envelope)
            elif kind == "refuse":
                panels.refusal(self.s, effect.reason, False, peer)
            elif kind == "receive":
                self.s.enqueue(self.job_receive, peer, effect.text)
            elif kind == "start":
                self.s.enqueue(self.job_guest_start, effect.setup, effect.you)
            elif kind == "host_start":
                self.s.enqueue(self.s.host_start)
            elif kind == "connected":
                self.s.enqueue(self.job_connected, peer)
            elif kind == "make_invite":
                spawn(self.relay_invite(peer))
            elif kind == "reply":
                spawn(self.relay_reply(peer, effect.code))
            elif kind == "accept":
                spawn(self.relay_accept(self.s.mesh.links[peer].lid, effect.code))
            elif kind == "closed":
                link = self.s.mesh.links.get(peer)
                if link is not None:
                    self.s.enqueue(self.job_closed, link.lid, panels.who(self.s, peer) + " " + effect.why)
            elif kind == "lobby":
                self.s.view()
            elif kind in ("restart_in", "restart_relay"):
                self.s.restarts.restart_effect(effect)
            elif kind == "probe":
                spawn(self.probe_later(peer, effect.n))

    async def probe_later(self, peer, n):
        """A relayed invite waits while its open link is asked (mesh.on_probe): no answer, it replaces it."""
        await asyncio.sleep_ms(PROBE_MS)
        self.run(self.s.mesh.probe_due(peer, n))

    async def job_receive(self, peer, text):
        self.s.sender = peer
        try:
            await self.s.req({"type": "p2p_receive", "from": peer, "text": text})
        finally:
            self.s.sender = None

    async def job_connected(self, peer):
        await self.s.req({"type": "p2p_connected", "peer": peer, "connected": True})
        await self.s.req({"type": "p2p_hello"})

    async def job_guest_start(self, setup, you):
        ok, result = await engine.call({"type": "p2p_start", "setup": setup, "me": you, "now": now_s()})
        if not ok:
            panels.refusal(self.s, "the host's setup: " + error_text(result), False, 0)
            return
        early = self.s.mesh.started_as(setup, you)
        clear_message()
        self.s.apply(result)
        for other in self.s.mesh.other_peers():
            if self.s.mesh.state(other) != "open":
                await self.s.req({"type": "p2p_connected", "peer": other, "connected": False})
        for other in list(self.s.mesh.links):
            if other >= self.s.mesh.peer_count():
                self.drop_link(self.s.mesh.links[other].lid)
        self.s.show()
        self.run(early)

    # --- channel events (from the glue, through the queue) ---------------------------------------------------
    def on_glue_event(self, text):
        event = glue_json(text)
        if self.s.mesh.link_of(event.get("link")) is not None:
            self.s.enqueue(self.job_link_event, event)

    async def job_link_event(self, event):
        lid = event.get("link")
        link = self.s.mesh.link_of(lid)
        if link is None:
            return  # an event of a link that was replaced
        peer = link.peer
        if event.get("type") == "stalled":
            self.on_stalled(lid, link, event)
            return
        if event.get("type") == "message":
            if "oversize" in event:
                self.run(self.s.mesh.on_oversize(peer, event.get("oversize")))
            else:
                self.run(self.s.mesh.on_text(peer, event.get("text"), now_ms()))
            return
        state = event.get("state")
        if state == "connecting":
            if link.state != "open":
                link.state = "connecting"
            self.s.view()
        elif state == "open":
            if link.state == "open":
                return
            if lid in self.unstable:
                self.unstable.pop(lid)
                by_id("game-screen").setAttribute("data-recovered", str(int(now_ms())))
                clear_message()
            self.on_open(lid, link, event.get("ms"))
        elif state == "unstable":
            await self.on_unstable(lid, link)
        elif state == "closed":
            await self.job_closed(lid, "the connection dropped")

    def on_stalled(self, lid, link, event):
        """The link is not open well after its codes were exchanged (or closed first): say why."""
        if link.state == "open":
            return
        by_id("game-screen").setAttribute("data-stalled-ms", str(event.get("ms")))
        text = str(event.get("text") or "The connection did not open.")
        if lid == self.s.connection.manual or not self.s.mesh.started:
            waiting = (" (If your friend has not pasted your reply yet, this page keeps waiting.)"
                       if link.kind == "reply" and not event.get("closed") else "")
            clear_message()  # ("Connecting…")
            panels.problem(event.get("cause"), "Not connected: " + text + waiting, lid)
        else:
            show_message("The link with " + self.s.mesh.peer_name(link.peer) + " did not open: " + text, "info")
        self.s.view()

    async def on_unstable(self, lid, link):
        """An open link's path dropped: wait for it to come back (the match is paused meanwhile, the time
        counting against the away allowance); the glue closes it if it does not (then: reconnect by hand)."""
        if link.state != "open":
            return
        self.unstable[lid] = now_ms()
        link.state = "connecting"
        if self.s.mesh.started and not self.s.over():
            by_id("game-screen").setAttribute("data-dropped", str(int(now_ms())))
            await self.s.req({"type": "p2p_connected", "peer": link.peer, "connected": False})
            show_message("The connection with " + panels.who(self.s, link.peer) + " dropped: getting it back "
                         "automatically (nothing is lost).", "info")
            if self.s.relaying.relay is not None and self.s.relaying.room is not None:
                spawn(self.s.restarts.relay_watch(lid))  # (p2p/restarting.py: the relay's socket may be dead too)
            if link.kind == "invite":
                spawn(self.s.restarts.restart_loop(lid))  # (p2p/restarting.py: an ICE restart of this connection)
        self.s.view()

    def on_open(self, lid, link, ms):
        if by_id("p2p-problem").getAttribute("data-link") == str(lid):
            panels.clear_problem()
        if lid == self.s.connection.manual:
            self.s.connection.manual, self.s.connection.box, self.s.connection.reply_code = None, None, None
            by_id("game-screen").setAttribute("data-connect-ms", "" if ms is None else str(ms))
            clear_message()
            if ms is not None and link.kind == "invite":
                relayed = self.s.relaying.room_state == "on" and not by_id("p2p-reply-paste").value
                how = "came through the relay" if relayed else "was pasted"
                show_message("Connected (" + str(round(ms / 100) / 10) + " s after the reply " + how + ").", "info")
        effects = self.s.mesh.on_open(link.peer, now_ms())
        self.s.relaying.room_opened(link.peer)
        if link.relay:
            by_id("game-screen").setAttribute("data-relay-ms-" + str(link.peer), str(link.ms))
            if self.s.mesh.started and panels.phase(self.s) == "connected":
                clear_message()  # (a note that this link had dropped)
        self.s.view()
        self.run(effects)

    async def job_closed(self, lid, why):
        mesh = self.s.mesh
        link = mesh.link_of(lid)
        if link is None or link.state == "closed":
            return
        was_open = link.state == "open"
        peer = link.peer
        self.unstable.pop(lid, None)  # (its path did not come back: reconnect by hand)
        self.s.glue.close(lid)
        if lid == self.s.connection.manual:
            self.s.connection.reply_code = None
        relink = mesh.on_closed(peer)
        if mesh.started and not self.s.over():
            if lid == self.s.connection.manual:
                self.s.connection.manual, self.s.connection.box = None, None
            await self.s.req({"type": "p2p_connected", "peer": peer, "connected": False})
            name = mesh.peer_name(peer)
            if relink:
                self.run(relink)
                show_message("The link with " + name + " closed; the host re-makes it as soon as both of you are "
                             "connected to the host (or reconnect below by hand).", "info")
            elif panels.phase(self.s) != "paused":
                show_message(name + ": " + why + ". The match goes on; reconnect it below when it is back.", "info")
            else:
                show_message("Paused: " + why + " (" + name + "). Nothing is lost; reconnect below to go on.", "info")
        elif not mesh.started:
            if mesh.role == "host" and (mesh.lobby or was_open) and lid != self.s.connection.manual:
                show_message(mesh.peer_name(peer) + " left before the match began; you may invite someone again.",
                             "info")
            elif mesh.role == "guest" and peer != 0:
                self.run(relink)
            elif by_id("p2p-problem").getAttribute("data-link") == str(lid):
                self.s.connection.box = "invite" if mesh.role == "host" else "join"  # (the problem box says why)
            else:
                self.s.connection.box = "invite" if mesh.role == "host" else "join"
                show_message("The connection closed before the match began. "
                             + ("Create a new invite." if mesh.role == "host" else "Ask for a new invite."),
                             "error" if not was_open else "info")
        self.s.view()

    # --- relayed links between guests ---------------------------------------------------------------------
    async def relay_invite(self, other):
        lid = self.new_link("invite", other, relay=True)
        self.s.view()
        if lid is None:
            return
        made = glue_json(await self.s.glue.invite(lid, self.s.mesh.key))
        if self.s.mesh.link_of(lid) is None:
            return
        if not made.get("ok"):
            show_message("Could not make an invite for " + self.s.mesh.peer_name(other) + ": " + str(made.get("error")))
            return
        self.link_send(0, {"k": "signal", "to": other, "from": self.s.mesh.my_index(), "code": made["code"]})

    async def relay_reply(self, other, code):
        checked = glue_json(await self.s.glue.checkCode(code))  # (before the link it would replace is closed)
        if not checked.get("ok"):
            panels.refusal(self.s, "a relayed code for " + self.s.mesh.peer_name(other) + ": "
                           + str(checked.get("error")), True, 0)
            return
        lid = self.new_link("reply", other, relay=True)
        self.s.view()
        if lid is None:
            return
        made = glue_json(await self.s.glue.reply(lid, code, self.s.mesh.key))
        if self.s.mesh.link_of(lid) is None:
            return
        if not made.get("ok"):
            show_message("The relayed invite from " + self.s.mesh.peer_name(other) + " does not work: "
                         + str(made.get("error")))
            return
        self.link_send(0, {"k": "signal", "to": other, "from": self.s.mesh.my_index(), "code": made["code"]})

    async def relay_accept(self, lid, code):
        done = glue_json(await self.s.glue.accept(lid, code))
        if not done.get("ok"):
            show_message("A relayed reply does not work: " + str(done.get("error")))
