# Play a friend: what the match screen shows around the board (connection box, lobby, reconnect choice,
# players, turn line, refusals, outcome, chat) and the connection settings. Reads the session; changes
# nothing but the DOM.
import json

from ui.dom import by_id, element, load_json, set_text, short, store_json
from ui.limits import clock

SETTINGS_KEY = "cargobay.p2p.settings.v1"


def phase(s):
    mesh = s.mesh
    if s.over():
        return "over"
    if mesh.started:
        # the match needs the players; a spectator's drop pauses only its own page
        needed = [peer for peer in mesh.other_peers() if not mesh.is_spectator(peer)]
        return "connected" if all(mesh.state(peer) == "open" for peer in needed) else "paused"
    if mesh.role == "host":
        if mesh.lobby:
            return "lobby"
        return "connected" if mesh.open_peers() else "hosting"
    if mesh.role == "guest":
        if mesh.state(0) == "open":
            return "lobby" if mesh.lobby else "connected"
        return "joining"
    return "idle"


def who(s, peer):
    """How a message names another page: 'the other player' between two, else its name."""
    return "the other player" if s.mesh.peer_count() == 2 or peer is None else s.mesh.peer_name(peer)


def update(s):
    mesh = s.mesh
    now = phase(s)
    by_id("game-screen").setAttribute("data-p2p", now)
    by_id("board").setAttribute("data-p2p", now)
    by_id("board").hidden = not mesh.started
    box = s.connection.box
    hosting = mesh.role == "host" and not mesh.started
    missing = now == "connected" and mesh.started and any(mesh.state(p) != "open" for p in mesh.other_peers())
    show_panel = missing or (now in ("hosting", "joining", "paused", "lobby") and (
        box is not None or now == "paused" or hosting))
    by_id("p2p-connect").hidden = not show_panel
    by_id("p2p-host-box").hidden = not (show_panel and box == "invite")
    by_id("p2p-join-box").hidden = not (show_panel and box == "join")
    by_id("p2p-reply-out").hidden = not s.connection.reply_code
    # (a path that dropped is first got back automatically: the reconnect box only if that fails)
    recovering = [peer for peer in missing_peers(s) if mesh.links.get(peer) is not None
                  and mesh.links[peer].lid in s.links.unstable]
    recovering_all = bool(recovering) and len(recovering) == len(missing_peers(s))
    by_id("p2p-reconnect-box").hidden = recovering_all or not (now == "paused" or missing)
    by_id("game-screen").setAttribute("data-recovering", "yes" if recovering else "no")
    by_id("p2p-lobby-box").hidden = not (show_panel and hosting)
    if now == "paused" and recovering_all:
        title = "Paused: the connection dropped; getting it back automatically…"
    elif now == "paused":
        title = "Paused: reconnect"
    elif missing:
        title = "A spectator is disconnected: reconnect it (the match goes on)"
    elif box == "join":
        title = "Join a friend's match"
    elif hosting and mesh.lobby:
        title = "Invite players and spectators"
    else:
        title = "Invite a friend"
    set_text("p2p-connect-title", title)
    set_text("p2p-reconnect-text", (
        "The spectator's page catches up with everything it missed once it is back. To reconnect it, one of "
        "you creates a reconnect invite and the other answers it." if missing else
        "The match is paused and nothing is lost. To go on, one of you creates a reconnect invite and the "
        "other answers it (either of you can start)."))
    target = s.connection.target
    if box == "invite" and mesh.peer_count() != 2 and isinstance(target, int):
        watches = " (watches)" if mesh.is_spectator(target) else ""
        set_text("p2p-invite-for", "This invite is for " + mesh.peer_name(target) + watches + ".")
    else:
        set_text("p2p-invite-for", "")
    if hosting:
        lobby(s)
    if now == "paused" or missing:
        reconnect_choice(s)
    peers(s, now)
    verification(s)
    info(s, now)


def lobby(s):
    mesh = s.mesh
    guests = mesh.open_peers()
    start = by_id("p2p-start-match")
    start.hidden = not mesh.lobby
    start.disabled = not guests or not all(mesh.state(peer) == "open" for peer in range(1, max(guests) + 1))
    if not mesh.lobby:
        text = ("The match starts as soon as your friend connects. To play with more people, or to let someone "
                "watch, invite another player or spectator first.")
    elif not guests:
        text = "Invite everyone you want, one invite each; then press Start match."
    else:
        names = ", ".join(mesh.peer_name(peer) for peer in guests)
        text = "Connected: " + names + ". Invite more, or press Start match."
        pending = [peer for peer in mesh.links if peer not in guests and mesh.state(peer) == "connecting"]
        if pending and s.connection.manual is not None:
            text += " (An invite is still unanswered: it is dropped at the start.)"
    set_text("p2p-lobby-text", text)


def missing_peers(s):
    return [peer for peer in s.mesh.other_peers() if s.mesh.state(peer) != "open"]


def chosen_peer(s):
    """The peer the reconnect box works with: the one chosen, else the first one missing."""
    missing = missing_peers(s)
    try:
        peer = int(str(by_id("p2p-reconnect-peer").value))
    except ValueError:
        peer = None
    if peer in missing:
        return peer
    return missing[0] if missing else (s.mesh.other_peers() or [0])[0]


def reconnect_choice(s):
    mesh = s.mesh
    select = by_id("p2p-reconnect-peer")
    missing = missing_peers(s)
    wanted = ",".join(str(peer) for peer in missing)
    if select.getAttribute("data-peers") != wanted:
        select.setAttribute("data-peers", wanted)
        select.innerHTML = ""
        for peer in missing:
            select.appendChild(element("option", mesh.peer_name(peer) + (" (host)" if peer == 0 else ""), value=peer))
    by_id("p2p-reconnect-with").hidden = len(missing) < 2
    if mesh.peer_count() == 2:
        invite_text, answer_text = "Create a reconnect invite", "Answer the other player's invite"
    else:
        name = mesh.peer_name(chosen_peer(s))
        invite_text, answer_text = "Create a reconnect invite for " + name, "Answer " + name + "'s invite"
    set_text("p2p-reinvite", invite_text)
    set_text("p2p-rejoin", answer_text)


def peers(s, now):
    mesh = s.mesh
    me = mesh.my_index()
    two = mesh.peer_count() == 2
    items = by_id("p2p-peers")
    items.innerHTML = ""
    clocks = {}
    if mesh.started and s.snap is not None and not s.over():
        for entry in s.snap.get("clocks") or []:
            if isinstance(entry, dict) and isinstance(entry.get("peer"), int):
                clocks[entry["peer"]] = entry
    for peer in range(mesh.peer_count()):
        name = mesh.peer_name(peer) + (" (host)" if peer == 0 else (" (guest)" if two else ""))
        if peer == me:
            label = "You — " + name
            status = "watching" if mesh.is_spectator(peer) and mesh.started else "this page"
            kind = "self"
        else:
            label = name
            link = mesh.state(peer)
            if peer in ((s.snap or {}).get("removed") or []):
                status, kind = "removed (cheated)", "removed"
            elif link == "open":
                status, kind = "connected", "connected"
            elif mesh.started and not s.over():
                status = "paused — disconnected" + (" (reconnecting…)" if link == "connecting" else "")
                kind = "paused"
            elif link == "connecting":
                status, kind = "connecting…", "connecting"
            elif s.over():
                status, kind = "disconnected", "closed"
            else:
                status, kind = "not connected yet", "waiting"
        li = element("li", None, data_peer=peer, data_state=kind,
                     data_role="spectator" if mesh.is_spectator(peer) else "player")
        entry = mesh.links.get(peer)
        if entry is not None:
            li.setAttribute("data-link", str(entry.lid))
        if entry is not None and entry.ms is not None:
            li.setAttribute("data-ms", str(entry.ms))
        li.appendChild(element("span", label))
        li.appendChild(element("span", status, **{"class": "peer-state"}))
        route = s.routes.get(peer) if peer != me and mesh.state(peer) == "open" else None
        if route:
            li.setAttribute("data-route", "relay" if route.get("relay") else "direct")
            li.setAttribute("data-pair", str(route.get("local")) + "-" + str(route.get("remote")))
            li.setAttribute("data-rtt", str(route.get("rtt_ms")))
            li.appendChild(element("span", route_text(route), **{"class": "peer-route"}))
        clock = clocks.get(peer)
        if clock is not None:
            li.setAttribute("data-bank", str(clock.get("bank")))
            li.setAttribute("data-owes", str(clock.get("owes") or ""))
            li.setAttribute("data-away-left", str(clock.get("away_left")))
            li.appendChild(element("span", clock_text(clock), **{"class": "peer-clock"}))
        items.appendChild(li)


def minutes(seconds):
    seconds = max(0, int(seconds or 0))
    return str(seconds // 60) + ":" + ("0" + str(seconds % 60))[-2:]


def clock_text(clock):
    """A player's clocks: its time bank (and what it is doing with it), its allowance while away."""
    text = "clock " + minutes(clock.get("bank"))
    owes = clock.get("owes")
    if not clock.get("connected", True):
        text += " · away: " + minutes(clock.get("away_left")) + " left before it forfeits"
    elif owes == "decide":
        text += " · to choose (running)"
    elif owes == "auto":
        text += " · its page must answer within " + minutes(clock.get("auto_left"))
    return text


def verification(s):
    """The code every page of the match shows: read it aloud; if it differs, a page was given other keys."""
    line = by_id("p2p-verify")
    code = (s.snap or {}).get("verification") if s.mesh.started else None
    line.hidden = not code
    line.textContent = ("Verification code " + str(code) + ": every page of this match shows the same; read it "
                        "aloud to each other to be sure no page speaks for another.") if code else ""
    line.setAttribute("data-code", str(code or ""))
    trust(s)


def trust(s):
    """How far the match's hidden cards can be trusted (the engine says: open, honour-based, cryptographic)."""
    line = by_id("p2p-trust")
    level = ((s.snap or {}).get("trust") or {}) if s.mesh.started else {}
    line.hidden = not level
    line.textContent = ("Hidden cards: " + str(level.get("text", ""))) if level else ""
    line.setAttribute("data-trust", str(level.get("level", "")))
    line.setAttribute("data-audited", "yes" if level.get("audited") else "no")


def info(s, now):
    mesh = s.mesh
    snap = s.snap
    line = by_id("turn-info")
    if snap is None:
        if now == "hosting":
            text = "Waiting for your friend to answer the invite"
        elif now == "lobby" and mesh.role == "host":
            text = "Lobby: invite players and spectators, then start"
        elif now == "lobby":
            text = "Connected as " + mesh.peer_name(mesh.my_index()) + ": waiting for the host to start"
        elif now == "joining":
            text = "Joining"
        elif now == "connected":
            guest = mesh.role == "guest"
            text = "Connected: waiting for the host's setup" if guest else "Connected: setting up the match"
        else:
            text = ""
        line.textContent = text
        return
    if snap.get("over"):
        line.textContent = "Game over"
        return
    waiting = snap.get("waiting") or {}
    keys = [key for key in waiting.get("keys") or [] if key != mesh.my_index()]
    stage = waiting.get("phase")
    if mesh.peer_count() == 2:
        owed = "the other player's"
    else:
        owed = " and ".join(mesh.peer_name(key) + "'s" for key in keys if isinstance(key, int))
    if snap.get("to_decide"):
        text = "Your move"
    elif snap.get("bots_to_decide"):
        text = "Your bot is thinking…"
    elif keys and stage in ("move", "commit", "reveal"):
        text = "Waiting for " + owed + " " + {"move": "move", "commit": "commitment", "reveal": "reveal"}[stage]
    else:
        text = "Working…"
    if mesh.started and mesh.is_spectator(mesh.my_index()):
        text = "Watching — " + text[0].lower() + text[1:]
    if now == "paused":
        text += " — paused: disconnected"
    line.textContent = text


def refusal(s, reason, cheating=False, peer=None):
    box = by_id("p2p-refused")
    sender = who(s, peer)
    if cheating:
        text = "CHEATING DETECTED — a message from " + sender + " was refused: " + short(reason)
    else:
        text = "Refused a message from " + sender + ": " + short(reason) + ". Nothing changed."
    box.textContent = text
    box.setAttribute("data-cheating", "true" if cheating else "false")
    box.hidden = False
    box.setAttribute("data-count", str(int(box.getAttribute("data-count") or "0") + 1))


def removed(s, event):
    """A spectator proven to cheat was removed (cargobay.net: its messages are refused from now on); the
    players' match goes on. Said on the refusal line (and kept on the game screen for the players panel)."""
    peer = event.get("peer")
    name = s.mesh.peer_name(peer) if isinstance(peer, int) else "A spectator"
    box = by_id("p2p-refused")
    box.textContent = (name + " was removed from the match: it " + short(str(event.get("reason") or "cheated"))
                       .split(" ", 2)[-1] + ". Nothing of theirs is taken from now on; the match goes on.")
    box.setAttribute("data-cheating", "true")
    box.setAttribute("data-removed", str(peer))
    box.hidden = False
    screen = by_id("game-screen")
    gone = [part for part in str(screen.getAttribute("data-removed") or "").split(",") if part]
    screen.setAttribute("data-removed", ",".join(sorted(set(gone + [str(peer)]))))


def dropped(s, refused):
    """Refusals past the sender's rate (the engine answers those without a snapshot): counted on the box."""
    box = by_id("p2p-refused")
    count = refused.get("count") if isinstance(refused.get("count"), int) else 0
    box.setAttribute("data-dropped", str(count))
    box.textContent = ("Refused a flood of messages from " + who(s, refused.get("from")) + " (" + str(count)
                       + " more not shown): " + short(refused.get("message") or "") + ". Nothing changed.")
    box.hidden = False


def outcome(s, snap):
    result = snap.get("outcome")
    box = by_id("p2p-outcome")
    if not result:
        box.hidden = True
        return
    reason = short(result.get("reason", ""))
    if result.get("kind") == "forfeit":
        loser = result.get("peer")
        rule = " — rule “" + str(result.get("rule")) + "”: " + short(result.get("why") or reason)
        if loser == s.mesh.my_index():
            text = "You forfeit the match" + rule
        elif s.mesh.peer_count() == 2 or not isinstance(loser, int):
            text = "The other player forfeits the match" + rule
        else:
            text = s.mesh.peer_name(loser) + " forfeits the match" + rule
    else:
        text = "The match stopped: " + reason
    note = audit_note(s, result.get("audit"))
    text += ("" if not note or text.endswith(".") else ".") + note
    box.textContent = text
    box.setAttribute("data-kind", str(result.get("kind")))
    box.setAttribute("data-rule", str(result.get("rule") or ""))
    box.setAttribute("data-peer", str(result.get("peer")))
    box.hidden = False


def audit_note(s, audit):
    """What the audit after an early end found (cargobay.net.audit.after_end), for the outcome line."""
    if not isinstance(audit, dict):
        return ""
    named, withheld = audit.get("named"), audit.get("withheld") or []
    if isinstance(named, dict):
        who = "you" if named.get("peer") == s.mesh.my_index() else s.mesh.peer_name(named.get("peer"))
        note = " The deck audit after the end names " + who + ": " + short(named.get("why") or "") + "."
    elif withheld:
        note = " The deck audit after the end could not check " + ", ".join(
            s.mesh.peer_name(p) for p in withheld if isinstance(p, int)) + " (no deck secret came)."
    else:
        note = " The deck audit after the end found every deck honest."
    for lost in audit.get("forfeits") or []:  # a winner that kept its secret: its win is void
        if isinstance(lost, dict) and isinstance(lost.get("peer"), int):
            who = "You also forfeit" if lost["peer"] == s.mesh.my_index() else (
                s.mesh.peer_name(lost["peer"]) + " also forfeits")
            note += " " + who + " — rule “" + str(lost.get("rule")) + "”: " + short(lost.get("why") or "") + "."
    return note


def chat_line(s, peer, text, note=""):
    log = by_id("p2p-chat-log")
    line = element("p", None, **{"class": "chat-line"})
    name = "You" if peer == s.mesh.my_index() else s.mesh.peer_name(int(peer))
    line.appendChild(element("b", name + ": "))
    line.appendChild(element("span", str(text)))
    if note:
        line.appendChild(element("small", " " + note))
    log.appendChild(line)
    log.scrollTop = log.scrollHeight


def reset(s):
    by_id("p2p-chat-log").innerHTML = ""
    by_id("p2p-refused").hidden = True
    by_id("p2p-refused").removeAttribute("data-count")
    by_id("p2p-outcome").hidden = True
    for name in ("p2p-invite-paste", "p2p-reply-paste", "p2p-invite-text", "p2p-reply-text", "p2p-invite-link"):
        by_id(name).value = ""
    for name in ("p2p-invite-qr", "p2p-reply-qr"):
        by_id(name).innerHTML = ""


# --- connection settings (stored in localStorage) ----------------------------------------------------
def local_only():
    return bool(by_id("p2p-local-only").checked)


def ice_text():
    """The servers new links use: none when "same network only" is set."""
    return "" if local_only() else str(by_id("p2p-ice").value or "")


def inherit():
    """Whether a guest also uses the servers the host's invite carries (not when "same network only")."""
    return not local_only()


def read_number(name, default, low, high):
    try:
        value = int(str(by_id(name).value).strip())
    except ValueError:
        value = default
    return max(low, min(high, value))


def read_clock(name, field):
    default, low, high = clock(name)
    return read_number(field, int(default), low, high)


def read_deadline():
    return read_clock("reveal_deadline", "p2p-deadline")


def read_clocks():
    """The clocks the host offers in its setup (the reveal deadline aside)."""
    return {"time_bank": read_clock("time_bank", "p2p-bank"),
            "away_allowance": read_clock("away_allowance", "p2p-away")}


def load_settings(glue):
    data, _ = load_json(SETTINGS_KEY)
    data = data if isinstance(data, dict) else {}
    ice = data.get("ice")
    # (before the default servers, an empty list was the default and was stored with any other setting)
    chosen = isinstance(ice, str) and (ice != "" or "local_only" in data)
    by_id("p2p-ice").value = ice if chosen else str(glue.DEFAULT_ICE_TEXT)
    by_id("p2p-local-only").checked = data.get("local_only") is True
    for name, key, limit in (("p2p-deadline", "deadline", "reveal_deadline"), ("p2p-bank", "bank", "time_bank"),
                             ("p2p-away", "away", "away_allowance")):
        default, low, high = clock(limit)
        default = int(default)
        by_id(name).setAttribute("min", str(low))  # the engine's range, not index.html's placeholder one
        by_id(name).setAttribute("max", str(high))
        value = data.get(key)
        by_id(name).value = str(value if isinstance(value, int) and low <= value <= high else default)
    check_ice(glue)
    by_id("p2p-settings").setAttribute("data-ready", "true")  # loaded with the peer-to-peer modules


def check_ice(glue):
    """Check the server list and say truthfully what it gets through."""
    by_id("p2p-ice").disabled = local_only()
    try:
        checked = json.loads(str(glue.checkIce(str(by_id("p2p-ice").value or ""))))
    except ValueError:
        checked = {"ok": False, "error": "bad answer"}
    status = by_id("p2p-ice-status")
    if not checked.get("ok"):
        status.textContent = str(checked.get("error"))
        status.setAttribute("data-kind", "error")
        return False
    stun, turn = checked.get("stun") or 0, checked.get("turn") or 0
    status.removeAttribute("data-kind")
    if local_only() or not stun + turn:
        text = ("Same network only: no server is contacted; only browsers on the same network (or offline, on one "
                "machine) can connect.")
        status.setAttribute("data-servers", "none")
    elif turn:
        text = (str(turn) + " TURN server" + ("s" if turn > 1 else "") + (" and " + str(stun) + " STUN" if stun else "")
                + ": connects through any network the TURN server is reachable from.")
        status.setAttribute("data-servers", "turn")
    else:
        text = (str(stun) + " STUN server" + ("s" if stun > 1 else "") + ": browsers on different networks connect "
                "behind most home routers, but not through every network (some mobile and office networks need a "
                "TURN server).")
        status.setAttribute("data-servers", "stun")
    status.textContent = text
    return True


def save_settings(glue):
    check_ice(glue)
    clocks = read_clocks()
    store_json(SETTINGS_KEY, {"ice": str(by_id("p2p-ice").value or ""), "local_only": local_only(),
                              "deadline": read_deadline(), "bank": clocks["time_bank"],
                              "away": clocks["away_allowance"]})


# --- a connection that did not open, and how an open one goes ------------------------------------------
def problem(cause, text, lid):
    """Say why a link did not open, with a button that opens the connection settings beside it."""
    box = by_id("p2p-problem")
    set_text("p2p-problem-text", text)
    box.setAttribute("data-cause", str(cause))
    box.setAttribute("data-link", str(lid))
    box.hidden = False


def clear_problem():
    box = by_id("p2p-problem")
    box.hidden = True
    box.removeAttribute("data-cause")
    box.removeAttribute("data-link")


def open_settings():
    settings = by_id("p2p-settings")
    by_id("p2p-problem-slot").appendChild(settings)
    settings.open = True
    by_id("p2p-ice").focus()


def route_text(route):
    """The players panel's word on how a connection goes, from its selected candidate pair."""
    if not isinstance(route, dict):
        return ""
    if route.get("local") == "relay":
        how = "through your TURN server"
    elif route.get("remote") == "relay":
        how = "through their TURN server"
    else:
        how = "direct"
    rtt = route.get("rtt_ms")
    return how + (", " + str(rtt) + " ms round trip" if isinstance(rtt, int) else "")
