# Play a friend: the peer-match driver. It carries out what p2p/mesh.py decides (links, envelopes, relay)
# through the glue (window.cargobayP2P: WebRTC, QR, clipboard), runs the engine's p2p_* requests strictly
# one at a time, in order, and shows the match on the one board (ui/board.py) with panels (p2p/panels.py).
import asyncio

from ui.dom import by_id, clear_message, error_text, now_s, on, proxy, show_message, show_screen, spawn
from ui.engine import engine
from ui.limits import peers
from ui.local import DELAY_MS
from ui.saves import saves

from p2p import panels
from p2p.connect import Connect
from p2p.links import Links, glue_json
from p2p.mesh import Mesh
from p2p.relaying import Relaying
from p2p.restarting import Restarting


def box_shown():
    return not by_id("p2p-outcome").hidden


class Session:
    """The match between browsers on this page: the engine's queue, the snapshot, the chat, and what it owns:
    its links (p2p/links.py), its connection box (p2p/connect.py), its relay room (p2p/relaying.py) and the
    ICE restarts of its links (p2p/restarting.py), each a part that reaches the session as ``s``."""

    def __init__(self, glue, board, menu, go_menu):
        self.glue, self.board, self.menu, self.go_menu = glue, board, menu, go_menu
        self.links, self.connection = Links(self), Connect(self)
        self.relaying, self.restarts = Relaying(self), Restarting(self)
        self.mesh = Mesh(None, self.code_kind, self.code_key)
        self.snap = None
        self.chat = []  # [[peer, text], ...] the last lines, saved with the match
        self.queue = []
        self.running = False
        self.choosing = False
        self.sender = None  # the peer whose message the engine is judging
        self.watch = None  # fn(snapshot) told every snapshot applied (an embed's events: app.py embed_peer)
        self.routes = {}  # peer -> how its open link goes (glue.route: the selected candidate pair, its RTT)
        self.bot_last = None  # (seat, step) after this page's last bot decision: the next one of that run is quick
        self.bot_waits = [0, 0]  # the bot delays waited: whole (a seat's first action), quarter (within its run)
        glue.onEvent(proxy(self.links.on_glue_event))
        box = self.connection
        for name, fn in (("p2p-make-reply", box.on_make_reply), ("p2p-connect-button", box.on_connect),
                         ("p2p-new-invite", box.on_new_invite), ("p2p-reinvite", box.on_reinvite),
                         ("p2p-rejoin", box.on_rejoin), ("p2p-invite-more", box.on_invite_more),
                         ("p2p-start-match", lambda event: self.enqueue(self.job_start_match)),
                         ("p2p-problem-settings", lambda event: panels.open_settings())):
            on(name, "click", fn)
        for button, field in (("p2p-copy-invite", "p2p-invite-text"), ("p2p-copy-link", "p2p-invite-link"),
                              ("p2p-copy-reply", "p2p-reply-text")):
            on(button, "click", self.connection.copier(field))
        if glue.canScan:
            for button, field in (("p2p-scan-invite", "p2p-invite-paste"), ("p2p-scan-reply", "p2p-reply-paste")):
                by_id(button).hidden = False
                on(button, "click", self.connection.scanner(field))
        on("p2p-chat-form", "submit", self.connection.on_chat)
        on("p2p-share-turn", "change", self.connection.on_share_turn)
        on("p2p-reconnect-peer", "change", lambda event: self.view())
        for name in ("p2p-ice", "p2p-local-only", "p2p-deadline", "p2p-bank", "p2p-away"):
            on(name, "change", lambda event: panels.save_settings(self.glue))
        glue.listenWindow("pagehide", proxy(lambda: self.links.send_all({"k": "bye"})))
        panels.load_settings(glue)
        self.relaying.relay_init()
        self.restarts.restart_init()
        spawn(self.connection.ticker())
        spawn(self.connection.router())

    # --- state --------------------------------------------------------------------------------------
    def code_kind(self, code):
        return glue_json(self.glue.codeKind(code)).get("kind")

    def code_key(self, code):
        return glue_json(self.glue.codeKind(code)).get("key")

    async def ensure_key(self, fresh):
        """This page's public signing key (from the engine, which keeps the secret): a fresh one for a new match."""
        ok, result = await engine.call({"type": "p2p_identity", "fresh": bool(fresh)})
        self.mesh.key = result.get("key") if ok else None
        return self.mesh.key

    def over(self):
        return bool(self.snap and self.snap.get("over"))

    def unfinished(self):
        return self.mesh.started and not self.over()

    def view(self):
        panels.update(self)

    def show(self):
        show_screen("game", "p2p")
        by_id("new-game").hidden = True
        by_id("p2p-side").hidden = False
        self.board.drive(self.connection.on_action, self.connection.on_select)
        if self.snap is not None:
            self.board.svg = None
            self.board.draw(self.snap)
        else:
            self.board.clear()
        by_id("game-title").textContent = ((self.snap or {}).get("title") or
                                           (self.menu.game or {}).get("title", "")) + " — play a friend"
        self.view()

    def reset(self, role):
        self.relaying.room_leave()
        for link in list(self.mesh.links.values()):
            self.glue.close(link.lid)
        self.mesh = Mesh(role, self.code_kind, self.code_key)
        self.glue.forgetServers()  # (the servers a former host's invite carried)
        self.routes = {}
        panels.clear_problem()
        self.snap, self.chat = None, []
        self.bot_last, self.bot_waits = None, [0, 0]
        by_id("game-screen").removeAttribute("data-bot-waits")
        self.connection.clear()
        saves.drop("p2p")
        self.board.clear()
        panels.reset(self)

    def may_leave(self):
        if not self.unfinished():
            return True
        return bool(self.glue.ask("Leave your unfinished match with your friend? It cannot be resumed afterwards."))

    # --- the job queue: engine requests and channel events, one at a time, in order --------------------
    def enqueue(self, fn, *args):
        self.queue.append((fn, args))
        if not self.running:
            spawn(self.run_queue())

    async def run_queue(self):
        if self.running:
            return
        self.running = True
        self.board.busy(True)
        try:
            while self.queue:
                fn, args = self.queue.pop(0)
                try:
                    await fn(*args)
                except Exception as exc:  # a bug here must not stop the queue or the page
                    show_message("Peer-to-peer: an unexpected error (" + str(exc) + "); the match is unchanged.")
        finally:
            self.running = False
            self.board.busy(False)

    async def req(self, req, failure="The engine refused a peer-to-peer request"):
        req["now"] = now_s()
        ok, result = await engine.call(req)
        if not ok:
            show_message(failure + ". " + error_text(result))
            return None
        if result.get("dropped"):  # a refusal past its sender's rate: counted, no snapshot (nothing changed)
            panels.dropped(self, result["dropped"])
            return None
        if result.get("duplicate"):  # a text handled already: nothing changed, no snapshot
            return None
        self.apply(result)
        return result

    def apply(self, snap):
        """Save one peer snapshot (first: its secrets before they are sent), send what it says to send (to
        every page, or to one), show it; let this page's bots decide."""
        self.snap = snap
        self.save(snap)
        for text in snap.get("send") or []:
            self.links.send_all({"k": "peer", "t": text})
        for to, text in snap.get("send_to") or []:
            self.links.link_send(to, {"k": "peer", "t": text})
        if snap.get("outcome") and not box_shown():
            clear_message()  # (a note about a drop or a refusal: the outcome says what decided the match)
        refused = snap.get("refused")
        if refused:
            panels.refusal(self, refused.get("message") or refused.get("type"), bool(refused.get("cheating")),
                           self.sender)
        for event in snap.get("events") or []:
            kind = event.get("event") if isinstance(event, dict) else None
            if kind == "chat":
                self.add_chat(event.get("from"), event.get("text"))
            elif kind == "refused":
                panels.refusal(self, event.get("reason"), False, self.sender)
            elif kind == "removed":
                panels.removed(self, event)
        self.board.draw(snap)
        if self.watch is not None:
            self.watch(snap)
        el = self.board.el
        el.setAttribute("data-to-decide", "yes" if snap.get("to_decide") else "no")
        waiting = snap.get("waiting") or {}
        keys = ",".join(str(k) for k in waiting.get("keys") or [])
        el.setAttribute("data-waiting", str(waiting.get("phase")) + ":" + keys)
        panels.outcome(self, snap)
        self.view()
        if snap.get("bots_to_decide") and not snap.get("over"):
            self.enqueue(self.job_bots)

    def save(self, snap):
        extra = {"role": self.mesh.role, "chat": self.chat}
        extra.update(self.relaying.room_extra())
        if saves.write("p2p", snap, extra):
            by_id("game-screen").removeAttribute("data-save-failed")
            note = saves.tab_note()
            if note:
                show_message(note, "info")
            return
        by_id("game-screen").setAttribute("data-save-failed", "true")
        show_message("This match could not be saved in the browser's storage (full or disabled): a reload now "
                     "would lose what happened since the last save. Free some space (e.g. clear this site's "
                     "other data) and keep this page open.")

    def add_chat(self, peer, text, note=""):
        self.chat = (self.chat + [[peer, text]])[-50:]
        panels.chat_line(self, peer, text, note)

    # --- jobs -----------------------------------------------------------------------------------------
    async def job_bots(self):
        """One decision of this page's bots after the page's bot delay (?delay=, 350 ms by default), as in a local
        match: the whole delay before a seat's first action (the last move shows), a quarter of it between the
        actions of one bot's run (a TF22 move is 15-25 actions), i.e. when nothing happened since its last one."""
        snap = self.snap
        if not snap or not snap.get("bots_to_decide") or self.over():
            return
        seat = snap["bots_to_decide"][0]  # (the seat p2p_bots asks: the first of this page's bots to decide)
        run = self.bot_last == (seat, snap.get("step"))
        self.bot_waits[1 if run else 0] += 1
        by_id("game-screen").setAttribute("data-bot-waits", str(self.bot_waits[0]) + " " + str(self.bot_waits[1]))
        if DELAY_MS:
            await asyncio.sleep_ms(DELAY_MS // 4 if run else DELAY_MS)
        result = await self.req({"type": "p2p_bots"}, "This page's bot could not decide")
        self.bot_last = (seat, result.get("step")) if result is not None else None

    async def job_tick(self):
        if self.unfinished() or (self.snap or {}).get("auditing"):  # (an audit after an early end: its deadline)
            await self.req({"type": "p2p_tick"})

    async def job_choose(self, kind, seat, action):
        try:
            field = "action" if kind == "p2p_choose" else "prefix"
            snap = await self.req({"type": kind, "seat": seat, field: action}, "That move was refused")
            if snap is not None and not by_id("game-screen").hasAttribute("data-save-failed"):
                clear_message()  # (a failed save stays said)
        finally:
            self.choosing = False

    async def job_chat(self, text):
        snap = await self.req({"type": "p2p_chat", "text": text}, "The chat line was not sent")
        if snap is not None:
            missing = panels.missing_peers(self)
            note = ""
            if missing:
                note = "(not delivered: disconnected)" if len(missing) == len(self.mesh.other_peers()) else (
                    "(not delivered to " + ", ".join(self.mesh.peer_name(p) for p in missing) + ")")
            self.add_chat(self.mesh.my_index(), text, note)
            self.save(snap)

    async def job_restore(self, data):
        ok, result = await engine.call({"type": "p2p_restore", "save": data["save"], "now": now_s()})
        if not ok:
            saves.drop("p2p")
            show_message("The saved match with your friend could not be restored and was discarded. "
                         + error_text(result))
            return
        me = result.get("me")
        self.mesh.restore((data["save"] or {}).get("setup"), me)
        await self.ensure_key(False)  # the restored match's own key
        for line in (data.get("chat") if isinstance(data.get("chat"), list) else [])[-50:]:
            if (isinstance(line, list) and len(line) == 2 and isinstance(line[0], int) and 0 <= line[0] < peers()[1]
                    and isinstance(line[1], str)):
                self.chat.append(line)
                panels.chat_line(self, line[0], line[1])
        self.apply(result)
        if result.get("over"):
            return
        for peer in self.mesh.other_peers():
            await self.req({"type": "p2p_connected", "peer": peer, "connected": False})
        self.show()
        show_message("Your match with your friend is paused: reconnect to go on (nothing was lost).", "info")
        spawn(self.relaying.room_resume(data))  # (a match played through the relay: rejoin it)

    async def job_start_match(self):
        mesh = self.mesh
        if mesh.role != "host" or mesh.started:
            return
        guests = mesh.open_peers()
        if not guests or not all(mesh.state(peer) == "open" for peer in range(1, max(guests) + 1)):
            show_message("Wait until every guest you invited is connected (or start with those connected).", "info")
            return
        peers = max(guests) + 1
        for peer in list(mesh.links):
            if peer >= peers or mesh.state(peer) != "open":
                self.links.drop_link(mesh.links[peer].lid)
        self.connection.box = None
        mesh.setup["peers"] = max(peers, max(mesh.setup["owners"]) + 1)
        await self.host_start()

    async def host_start(self):
        mesh = self.mesh
        keys = [mesh.key] + [mesh.keys.get(peer) for peer in range(1, mesh.setup["peers"])]
        if None in keys:
            show_message("A page of the match gave no signing key in its code: invite it again.")
            return
        mesh.setup["keys"] = keys
        snap = await self.req({"type": "p2p_start", "setup": mesh.setup, "me": 0}, "Could not start the match")
        if snap is not None:
            self.links.run(self.mesh.host_started(self.mesh.setup))  # started before the setup goes out
            clear_message()
            self.view()
