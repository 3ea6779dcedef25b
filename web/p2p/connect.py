# Play a friend: the connection box and the menu's actions (host, join, invite link, reconnect, start, chat,
# copy, scan) and the start-up of a peer match (a saved match, an invite link). A part the session owns
# (Session.connection), which holds the box's state.
import asyncio

from ui.dom import by_id, clear_message, show_message, spawn
from ui.limits import peers

from p2p import panels
from p2p.links import glue_json, page_url
from p2p.room import split_fragment


class Connect:
    """The session's connection box (an invite, a reply, a reconnect, made by hand or from a link) and the
    page's input (moves, chat) and timers."""

    def __init__(self, s):
        self.s = s
        self.clear()

    def clear(self):
        self.box = None  # the connection box shown: "invite", "join" or None
        self.manual = None  # glue link id of the link in the connection box (made by hand)
        self.target = None  # the peer the connection box connects with
        self.reply_code = None

    # --- the menu ---------------------------------------------------------------------------------------
    async def host(self):
        setup, problem = self.s.menu.read_friend()
        self.s.menu.friend_problem(problem or "")  # next to the seats and options that caused it
        if problem:
            return
        if not self.s.may_leave():
            return
        self.s.reset("host")
        if await self.s.ensure_key(True) is None:
            show_message("Could not make this page's signing key; reload the page and try again.")
            return
        setup["match_id"] = str(self.s.glue.randomId())
        setup["peers"] = max(setup["owners"]) + 1
        setup["reveal_deadline"] = panels.read_deadline()
        setup.update(panels.read_clocks())
        self.s.mesh.setup = setup
        self.s.mesh.lobby = setup["peers"] > 2  # more friends than one: wait for Start match
        clear_message()
        self.begin_invite()
        self.s.show()
        await self.make_invite()

    async def join(self):
        if not self.s.may_leave():
            return
        self.s.reset("guest")
        self.box = "join"
        clear_message()
        self.s.show()
        by_id("p2p-invite-paste").focus()

    async def resume_view(self):
        self.s.show()

    async def settings(self):
        pass  # loading the session loaded the settings

    async def boot(self, code, saved):
        """At page start: reopen a saved match, then follow an invite link (both are possible)."""
        if saved is not None:
            self.s.enqueue(self.s.job_restore, saved)
        if code is not None:
            self.s.enqueue(self.job_join_link, code)

    async def join_link(self, code):
        if self.s.mesh.started and panels.phase(self.s) == "connected":
            show_message("You are already connected; finish or leave this match first.", "info")
            return
        self.s.enqueue(self.job_join_link, code)

    async def job_join_link(self, fragment):
        """Opening an invite link: a reconnection if a match is paused here, else joining a new match (its
        reply through the relay when the link names one: p2p/relaying.py)."""
        code, relay_part = split_fragment(fragment)
        kind = glue_json(self.s.glue.codeKind(code))
        if not kind.get("ok") or kind.get("kind") != "offer":
            why = kind.get("error") if not kind.get("ok") else "it is a reply code, not an invite"
            show_message("This invite is not valid (" + str(why) + "). Ask your friend for a new invite link.")
            return
        if not self.s.mesh.started:
            self.s.reset("guest")
        by_id("p2p-invite-paste").value = code
        self.s.show()
        await self.make_reply(code, await self.s.relaying.room_from_link(relay_part))

    # --- the connection box -------------------------------------------------------------------------------
    def begin_invite(self):
        """At once, before the invite is made (asynchronously): no stale code may be copied meanwhile."""
        panels.clear_problem()
        self.box = "invite"
        self.fill_code("invite", "", "", "")
        by_id("p2p-invite-link").value = ""
        by_id("p2p-reply-paste").value = ""

    def fill_code(self, prefix, code, qr_text, what):
        by_id("p2p-" + prefix + "-text").value = code
        by_id("p2p-" + prefix + "-len").textContent = "(" + str(len(code)) + " characters)"
        by_id("p2p-" + prefix + "-qr").innerHTML = self.s.glue.qrSvg(qr_text, what) if code else ""

    def new_manual_link(self, kind, peer):
        old = self.manual
        if old is not None and self.s.mesh.link_of(old) is not None and self.s.mesh.link_of(old).state != "open":
            self.s.links.drop_link(old)
        self.manual = None
        if self.s.mesh.state(peer) == "open":
            show_message(self.s.mesh.peer_name(peer) + " is connected already.", "info")
            return None
        lid = self.s.links.new_link(kind, peer)
        self.manual = lid
        self.target = peer
        return lid

    async def make_invite(self, peer=None):
        if peer is None:
            peer = panels.chosen_peer(self.s) if self.s.mesh.started else self.s.mesh.next_guest_slot()
            if peer is None:
                show_message("At most " + str(peers()[1]) + " pages in one match.", "info")
                return
        self.begin_invite()
        link = self.new_manual_link("invite", peer)
        self.s.view()
        if link is None:
            return
        by_id("p2p-invite-len").textContent = "(preparing…)"
        made = glue_json(await self.s.glue.invite(link, self.s.mesh.key, self.share_turn()))
        if link != self.manual:
            return  # replaced meanwhile
        if not made.get("ok"):
            show_message("Could not make an invite: " + str(made.get("error")))
            by_id("p2p-invite-len").textContent = ""
            return
        self.show_invite(made["code"], await self.s.relaying.room_link_part(peer, made["code"]))
        by_id("game-screen").setAttribute("data-invite-ms", str(made.get("ms")))
        by_id("game-screen").setAttribute("data-invite-gathering", str(made.get("gathering") or ""))
        self.s.view()

    def share_turn(self):
        """Whether this invite carries the host's TURN server (the box shows when one is set; on by default)."""
        has_turn = bool(glue_json(self.s.glue.checkIce(panels.ice_text())).get("turn"))
        by_id("p2p-share-turn-row").hidden = not has_turn
        return has_turn and bool(by_id("p2p-share-turn").checked)

    def show_invite(self, code, relay_part=None):
        """The invite as a link, a code and a QR code; the link with the relay part when the relay is on (made
        again for a code made again: p2p/relaying.py)."""
        if relay_part is None:
            relay_part = self.s.relaying.room_part_again(code)
        url = page_url() + "#join=" + code + relay_part
        by_id("p2p-invite-link").value = url
        self.fill_code("invite", code, url, "Invite link as a QR code")
        by_id("p2p-invite-len").textContent = "(" + str(len(code)) + " characters; the link: " + str(len(url)) + ")"

    def on_share_turn(self, event):
        link = self.s.mesh.link_of(self.manual)
        if link is None or link.kind != "invite" or not str(by_id("p2p-invite-text").value or ""):
            return
        made = glue_json(self.s.glue.inviteCode(link.lid, self.s.mesh.key, self.share_turn()))
        if made.get("ok"):
            self.show_invite(made["code"])

    async def make_reply(self, code, relayed=None):
        self.box = "join"
        peer = panels.chosen_peer(self.s) if self.s.mesh.started else 0
        if not self.s.mesh.started:
            self.s.mesh.keys.pop(peer, None)  # (another invite than a first one tried: another host)
            if self.s.mesh.key is None:
                await self.s.ensure_key(True)  # a new match: a new key
        if self.s.code_key(code) is not None and self.s.mesh.pin(peer, code) is None:
            show_message("This invite comes from a page that is not " + self.s.mesh.peer_name(peer) + "'s in this "
                         "match (another signing key). Ask " + panels.who(self.s, peer) + " for a new invite.")
            return
        link = self.new_manual_link("reply", peer)
        self.s.view()
        if link is None:
            return
        by_id("p2p-make-reply").disabled = True
        try:
            made = glue_json(await self.s.glue.reply(link, code, self.s.mesh.key))
        finally:
            by_id("p2p-make-reply").disabled = False
        if link != self.manual:
            return
        if not made.get("ok"):
            self.s.links.drop_link(link)
            show_message("That invite does not work: " + str(made.get("error")))
            self.s.view()
            return
        if relayed and await self.s.relaying.room_send_answer(link, made["code"], code):
            self.s.view()
            return
        if relayed is None:
            clear_message()  # (else: the relay's fallback message stays)
        self.reply_code = made["code"]
        self.fill_code("reply", made["code"], made["code"], "Reply code as a QR code")
        by_id("game-screen").setAttribute("data-reply-ms", str(made.get("ms")))
        by_id("game-screen").setAttribute("data-inherited", str(made.get("inherited") or 0))
        self.s.view()

    async def accept_reply(self):
        code = str(by_id("p2p-reply-paste").value or "").strip()
        if not code:
            show_message("Paste the reply code from your friend first.")
            return
        link = self.s.mesh.link_of(self.manual)
        if link is None or link.kind != "invite":
            show_message("Create an invite first.")
            return
        if self.s.code_key(code) is not None and self.s.mesh.pin(link.peer, code) is None:
            show_message("This reply comes from a page that is not " + self.s.mesh.peer_name(link.peer) + "'s in "
                         "this match (another signing key).")
            return
        done = glue_json(await self.s.glue.accept(link.lid, code))
        if not done.get("ok"):
            show_message("That reply code does not work: " + str(done.get("error")))
            return
        show_message("Connecting…", "info")

    # --- buttons --------------------------------------------------------------------------------------
    def on_make_reply(self, event):
        code = str(by_id("p2p-invite-paste").value or "").strip()
        if not code:
            show_message("Paste the invite code or link first.")
            return
        self.reply_code = None
        panels.clear_problem()
        self.fill_code("reply", "", "", "")  # at once: no stale reply may be copied while the new one is made
        spawn(self.make_reply(code))

    def on_connect(self, event):
        spawn(self.accept_reply())

    def on_new_invite(self, event):
        target = self.target
        self.begin_invite()
        spawn(self.make_invite(target if isinstance(target, int) and self.s.mesh.state(target) != "open" else None))

    def on_reinvite(self, event):
        self.begin_invite()
        spawn(self.make_invite(panels.chosen_peer(self.s)))

    def on_rejoin(self, event):
        old = self.manual
        if old is not None and self.s.mesh.link_of(old) is not None and self.s.mesh.link_of(old).state != "open":
            self.s.links.drop_link(old)
        self.manual, self.reply_code, self.box = None, None, "join"
        by_id("p2p-invite-paste").value = ""
        self.fill_code("reply", "", "", "")
        self.s.view()
        by_id("p2p-invite-paste").focus()

    def on_invite_more(self, event):
        mesh = self.s.mesh
        if mesh.role != "host" or mesh.started:
            return
        mesh.lobby = True
        link = self.s.mesh.link_of(self.manual)
        if self.box == "invite" or (link is not None and link.state != "open"):
            show_message("The match now waits for Start match. First finish the invite for "
                         + mesh.peer_name(self.target) + " (paste their reply), then invite the next one.", "info")
            self.s.view()
            return
        clear_message()
        self.begin_invite()
        spawn(self.make_invite())

    def on_action(self, seat, action):
        self.choose("p2p_choose", seat, action)

    def on_select(self, seat, prefix):
        self.choose("p2p_select", seat, prefix)

    def choose(self, kind, seat, text):
        snap = self.s.snap
        if self.s.choosing or not snap or not snap.get("to_decide"):
            return
        self.s.choosing = True
        self.s.enqueue(self.s.job_choose, kind, seat, text)

    def on_chat(self, event):
        event.preventDefault()
        field = by_id("p2p-chat-input")
        text = str(field.value or "").strip()
        if not text:
            return
        if not self.s.mesh.started:
            show_message("The chat opens once the match has started.", "info")
            return
        field.value = ""
        self.s.enqueue(self.s.job_chat, text)

    def copier(self, field):
        async def job():
            done = glue_json(await self.s.glue.copy(field))
            show_message("Copied." if done.get("ok") else "Could not copy: select the text and copy it by hand.",
                         "info")

        return lambda event: spawn(job())

    def scanner(self, field):
        async def job():
            found = glue_json(await self.s.glue.scan("p2p-video"))
            if not found.get("ok"):
                show_message(str(found.get("error")), "info")
                return
            by_id(field).value = str(found.get("text"))
            if field == "p2p-invite-paste":
                spawn(self.make_reply(str(found.get("text"))))

        return lambda event: spawn(job())

    async def router(self):
        """Every few seconds: how each open link goes (direct or through a TURN server) and its round trip."""
        tick = 0
        while True:
            await asyncio.sleep_ms(1000)
            tick += 1
            changed = False
            for peer, link in list(self.s.mesh.links.items()):
                if link.state != "open":
                    changed = self.s.routes.pop(peer, None) is not None or changed
                    continue
                if peer in self.s.routes and tick % 3:
                    continue  # (a new link at once, then every 3 s)
                found = glue_json(await self.s.glue.route(link.lid))
                if found.get("ok") and found != self.s.routes.get(peer):
                    self.s.routes[peer] = found
                    changed = True
            if changed:
                self.s.view()

    async def ticker(self):
        while True:
            await asyncio.sleep_ms(1000)
            if self.s.unfinished() and not self.s.queue and not self.s.running:
                self.s.enqueue(self.s.job_tick)
