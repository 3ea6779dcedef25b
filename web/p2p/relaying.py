# Play a friend through the optional relay (off by default; the switch in the friend set-up): the invite link
# carries a random relay room (topic and key, in its #fragment), the friend's reply and every later reconnection
# travel through a public MQTT broker (web/relay.js: end-to-end encrypted, signed with the match key), so a friend
# only opens the link and a reloaded page reconnects by itself. What the pages say there is p2p/room.py; this
# part the session owns (Session.relaying) carries it out with the same links as the codes exchanged by hand.
# Whenever the relay cannot be reached the page says so and goes on with today's codes.
import json

from ui.dom import by_id, clear_message, load_json, now_ms, now_s, on, proxy, show_message, spawn, store_json
from ui.engine import engine

from p2p import panels
from p2p.links import glue_json
from p2p.room import Room, brokers_problem, ref

RELAY_KEY = "cargobay.p2p.relay.v1"  # localStorage: {"brokers": "<one per line>"}
DEFAULT_BROKERS = ("wss://broker.emqx.io:8084/mqtt\n"
                   "wss://broker.hivemq.com:8884/mqtt\n"
                   "wss://test.mosquitto.org:8081/mqtt")
ANSWER_WAIT_MS = 12000  # a reply sent through the relay: shown as a code if no channel opened meanwhile


def mark(name):
    """A performance mark, once per page (the first time only: what a test and the closing note measure)."""
    from pyscript import window

    if not window.performance.getEntriesByName(name).length:
        window.performance.mark(name)


class Relaying:
    """The session's optional relay room (p2p/room.py over MQTT): codes exchanged with no copying."""

    def __init__(self, s):
        self.s = s

    def relay_init(self):
        self.relay = None  # window.cargobayRelay, once loaded (only when the relay is used)
        self.room = None  # {"key", "topic"} of this match's room, or None: codes only
        self.room_broker = None
        self.room_proto = None  # p2p/room.py's Room
        self.room_answer = None  # (link id, reply code) sent through the relay, not shown (yet)
        data, _ = load_json(RELAY_KEY)
        brokers = data.get("brokers") if isinstance(data, dict) else None
        by_id("p2p-brokers").value = brokers if isinstance(brokers, str) else DEFAULT_BROKERS
        self.check_brokers()
        on("p2p-brokers", "change", lambda event: self.save_brokers())
        self.set_room_state("off")
        spawn(self.room_ticker())

    # --- settings ---------------------------------------------------------------------------------------
    def brokers_text(self):
        return str(by_id("p2p-brokers").value or "")

    def check_brokers(self):
        problem = brokers_problem(self.brokers_text())
        status = by_id("p2p-brokers-status")
        if problem:
            status.textContent = problem
            status.setAttribute("data-kind", "error")
        else:
            status.removeAttribute("data-kind")
            count = len([line for line in self.brokers_text().split("\n") if line.strip()])
            status.textContent = (str(count) + " relay(s), tried in turn when the relay is switched on."
                                  if count else "No relay: matches use codes only.")
        return problem

    def save_brokers(self):
        self.check_brokers()
        store_json(RELAY_KEY, {"brokers": self.brokers_text()})

    # --- the room -----------------------------------------------------------------------------------------
    def set_room_state(self, state):
        self.room_state = state  # off | joining | on | lost | fallback
        by_id("game-screen").setAttribute("data-relay", state)

    async def relay_api(self):
        if self.relay is None:
            self.relay = await self.s.glue.loadRelay()
            self.relay.onEvent(proxy(self.on_relay_event))
        return self.relay

    async def room_join(self, room, brokers, me):
        """Join `room` through the first broker of `brokers` that answers; None, or why not (then: codes)."""
        problem = brokers_problem(brokers)
        if problem:
            self.set_room_state("fallback")
            return problem
        api = await self.relay_api()
        self.set_room_state("joining")
        made = glue_json(await api.join(json.dumps(room), brokers))
        if not made.get("ok"):
            self.room, self.room_proto = None, None
            self.set_room_state("fallback")
            return str(made.get("error"))
        self.room, self.room_broker = room, str(made.get("broker"))
        self.room_proto = Room(me, lambda: str(self.s.glue.randomId()))
        by_id("game-screen").setAttribute("data-relay-broker", self.room_broker)
        by_id("game-screen").setAttribute("data-relay-join-ms", str(made.get("ms")))
        self.set_room_state("on")
        self.room_keys()
        mark("cargobay-relay-joined")
        return None

    def room_leave(self):
        if self.relay is not None:
            self.relay.leave()
        self.room, self.room_proto, self.room_answer = None, None, None
        self.set_room_state("off")

    def room_extra(self):
        """What a save keeps of the room (a reloaded page rejoins it)."""
        if self.room is None:
            return {}
        return {"room": {"key": self.room["key"], "topic": self.room["topic"], "broker": self.room_broker}}

    def room_keys(self):
        """Tell the relay which key each page's messages must be signed with."""
        if self.relay is None or self.room is None:
            return
        keys = dict(self.s.mesh.keys)
        setup_keys = (self.s.mesh.setup or {}).get("keys") if self.s.mesh.started else None
        if isinstance(setup_keys, list):
            keys = dict(enumerate(setup_keys))
        self.relay.setKeys(json.dumps({str(peer): keys[peer] for peer in keys}))

    async def room_publish(self, body):
        if self.relay is None or self.room_proto is None or self.room_state != "on":
            return False
        me = self.s.mesh.my_index() if self.s.mesh.started else self.room_proto.me
        prepared = glue_json(self.relay.prepare(me, json.dumps(body)))
        if not prepared.get("ok"):
            return False
        ok, signed = await engine.call({"type": "p2p_relay_sign", "text": prepared["text"]})
        if not ok:
            return False
        done = glue_json(await self.relay.publish(prepared["text"], signed["sig"]))
        return bool(done.get("ok"))

    # --- hooks of the connection box ----------------------------------------------------------------------
    async def room_link_part(self, peer, code):
        """The host's invite link's relay part ('&r=…&b=…'), or '' (relay off or unreachable: codes)."""
        if self.s.mesh.role != "host":
            return ""
        if self.room is None and not self.s.mesh.started and by_id("p2p-relay").checked:
            room = glue_json(await (await self.relay_api()).newRoom())
            show_message("Connecting to the relay…", "info")
            problem = await self.room_join(room, self.brokers_text(), 0)
            if problem:
                show_message("The relay could not be reached (" + problem + "). Use the codes instead: send the "
                             "invite link, and paste your friend's reply code below.", "info")
                return ""
            show_message("Send the invite link: your friend only opens it (no reply code needed).", "info")
        if self.room is None or self.room_state != "on":
            return ""
        part = str(self.relay.linkPart(peer))
        if part:
            self.room_proto.invite_made(peer, code)
        return "&" + part if part else ""

    def room_part_again(self, code):
        """The relay part for an invite code made again for the invite in the box (e.g. with or without TURN)."""
        link = self.s.mesh.link_of(self.s.connection.manual)
        if link is None or self.room is None or self.room_state != "on" or self.s.mesh.role != "host":
            return ""
        part = str(self.relay.linkPart(link.peer))
        if part:
            self.room_proto.invite_made(link.peer, code)
        return "&" + part if part else ""

    async def room_from_link(self, relay_part):
        """Opening an invite link with a relay part: True if the reply goes through the relay, False if it cannot
        (said on the page: the reply is shown as a code), None for a link without one."""
        if not relay_part:
            return None
        api = await self.relay_api()
        parsed = glue_json(await api.parseLink(relay_part))
        if not parsed.get("ok"):
            show_message("The invite link's relay part is damaged (" + str(parsed.get("error")) + "): send your "
                         "friend the reply code below instead.", "info")
            return False
        room = parsed["room"]
        if self.room is not None and self.room.get("topic") == room.get("topic") and self.room_state == "on":
            return True  # (a reconnect invite of this match's own room)
        if self.s.mesh.started:
            return None
        show_message("Connecting through the relay…", "info")
        problem = await self.room_join(room, str(parsed["broker"]), parsed["peer"])
        if problem:
            show_message("The relay could not be reached (" + problem + "). Send your friend the reply code "
                         "below instead (as without the relay).", "info")
            return False
        return True

    async def room_send_answer(self, lid, code, invite):
        """The reply to the link's invite, through the relay; False if it could not go (then: shown as a code)."""
        if not await self.room_publish({"t": "answer", "to": 0, "re": ref(invite), "code": code}):
            if self.room is not None:
                show_message("The relay did not take the reply: send your friend the reply code below instead.",
                             "info")
            return False
        self.room_answer = (lid, code)
        show_message("Connecting through the relay…", "info")
        spawn(self.room_answer_wait(lid))
        return True

    async def room_answer_wait(self, lid):
        import asyncio

        await asyncio.sleep_ms(ANSWER_WAIT_MS)
        self.room_fallback("The relay brought no answer from your friend's page in "
                           + str(ANSWER_WAIT_MS // 1000) + " s", lid)

    def room_fallback(self, why, lid=None):
        """A reply sent through the relay whose channel did not open: show it as a code after all."""
        pending = self.room_answer
        if pending is None or (lid is not None and pending[0] != lid):
            return
        self.room_answer = None
        link = self.s.mesh.link_of(pending[0])
        if link is None or link.state == "open" or self.s.connection.manual != pending[0]:
            return
        self.s.connection.reply_code = pending[1]
        self.s.connection.fill_code("reply", pending[1], pending[1], "Reply code as a QR code")
        show_message(why + ": send this reply code to your friend instead (as without the relay).", "info")
        self.s.view()

    def room_opened(self, peer):
        if self.room_proto is not None:
            self.room_proto.on_open(peer, now_s() * 1000)
            mark("cargobay-relay-link-open")
            if self.s.mesh.started and panels.phase(self.s) == "connected" and "relay" in str(
                    by_id("messages").textContent or ""):
                clear_message()  # ("Paused: reconnecting through the relay…")
        if self.room_answer is not None and self.s.mesh.link_of(self.room_answer[0]) is not None:
            self.room_answer = None

    # --- what the relay says --------------------------------------------------------------------------------
    def on_relay_event(self, text):
        event = glue_json(text)
        kind = event.get("type")
        if kind == "message":
            self.s.enqueue(self.job_room_message, event.get("from"), event.get("body"), event.get("ts"))
        elif kind == "dropped":
            by_id("game-screen").setAttribute("data-relay-dropped", str(event.get("count")))
        elif kind == "state" and self.room is not None:
            self.s.enqueue(self.job_room_state, event.get("state"))

    async def job_room_state(self, state):
        if self.room is None:
            return
        if state == "lost":
            self.set_room_state("lost")
            if self.s.mesh.role == "host" and not self.s.mesh.started and self.s.connection.box == "invite":
                show_message("The relay is unreachable: send the invite link and paste your friend's reply code "
                             "below (as without the relay).", "info")
            self.room_fallback("The relay is unreachable")
        elif state == "connected" and self.room_state != "on":
            self.set_room_state("on")
            self.room_act(self.room_proto.on_back(self.s.mesh, now_ms()))
            self.s.restarts.restart_again()  # (a dropped link's restart offer, through the relay now that it is back)

    async def job_room_message(self, sender, body, sent_at):
        if self.room_proto is None:
            return
        sent_at = float(sent_at) if isinstance(sent_at, (int, float)) else None
        self.room_act(self.room_proto.on_body(self.s.mesh, sender, body, now_ms(), sent_at, self.s.restarts.held()))
        by_id("game-screen").setAttribute("data-relay-ignored", str(self.room_proto.ignored))

    def room_act(self, actions):
        for action in actions:
            kind = action[0]
            if kind == "hello":
                spawn(self.room_publish({"t": "hello", "n": action[1]}))
            elif kind == "offer":
                spawn(self.room_offer(action[1], action[2]))
            elif kind == "reply" and self.s.mesh.pin(0, action[2]) is not None:
                spawn(self.room_reply(action[2], action[3]))
            elif kind == "restart":
                spawn(self.s.restarts.restart_take(action[1], action[2], action[3], "relay", action[4]))
            elif kind == "accept" and self.s.mesh.pin(action[1], action[2]) is not None:
                link = self.s.mesh.links.get(action[1])
                if link is not None:
                    spawn(self.room_accept(link.lid, action[2]))
                    self.room_keys()
            else:
                self.room_proto.ignore()

    async def room_offer(self, peer, token):
        lid = self.s.links.new_link("invite", peer)
        self.s.view()
        if lid is None:
            return
        made = glue_json(await self.s.glue.invite(lid, self.s.mesh.key))
        if self.s.mesh.link_of(lid) is None or not made.get("ok") or self.room_proto is None:
            return
        self.room_proto.invite_made(peer, made["code"])
        await self.room_publish({"t": "offer", "to": peer, "re": token, "code": made["code"]})

    async def room_reply(self, code, invite_ref):
        lid = self.s.links.new_link("reply", 0)
        self.s.view()
        if lid is None:
            return
        made = glue_json(await self.s.glue.reply(lid, code, self.s.mesh.key))
        if self.s.mesh.link_of(lid) is None or not made.get("ok"):
            return
        await self.room_publish({"t": "answer", "to": 0, "re": invite_ref, "code": made["code"]})

    async def room_accept(self, lid, code):
        done = glue_json(await self.s.glue.accept(lid, code))
        if done.get("ok") and lid == self.s.connection.manual:
            show_message("Connecting…", "info")

    # --- after a reload, and while a page is missing --------------------------------------------------------
    async def room_resume(self, data):
        """A restored match that had a room: rejoin it and ask for the links back (else: codes, as before)."""
        room = data.get("room") if isinstance(data, dict) else None
        if not isinstance(room, dict) or not isinstance(room.get("broker"), str):
            return
        lines = [room["broker"]] + [line.strip() for line in self.brokers_text().split("\n")
                                    if line.strip() and line.strip() != room["broker"]]
        if brokers_problem(room["broker"]):
            return
        show_message("Paused: reconnecting through the relay…", "info")
        problem = await self.room_join({"key": room.get("key"), "topic": room.get("topic")},
                                       "\n".join(line for line in lines if not brokers_problem(line)),
                                       self.s.mesh.my_index())
        if problem:
            show_message("Paused: the relay could not be reached (" + problem + "). Reconnect with codes below "
                         "(nothing was lost).", "info")
            return
        self.room_act(self.room_proto.on_back(self.s.mesh, now_ms()))

    async def room_ticker(self):
        import asyncio

        while True:
            await asyncio.sleep_ms(1000)
            if self.room_proto is not None and self.room_state == "on":
                self.room_keys()
                self.room_act(self.room_proto.on_tick(self.s.mesh, now_ms(), self.s.restarts.held()))
