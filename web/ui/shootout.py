# The quick-draw shootout, the page's pure part (no DOM: tested with pytest under CPython and MicroPython):
# which human seats of this screen are to draw, their keys, the action a reaction time makes, and the words
# of the overlay. A game opts in by declaring the node a reflex node (Game.is_reflex: the snapshot's "reflex"),
# with the seats in the view's "shooters", actions
# "draw:<ms>" (reaction time after DRAW!, 1..9999) or "draw:early" (a press before it), and the resolved node
# in view["last"] ({"kind": "shootout", "choices": [[seat, ms], ...]}, ms 0 or "early": too early).
# The local session (core/cargobay/session.py) lets every human shooter act at once, with no hot-seat cover.

PHASE = "shootout"  # the kind of the resolved node in view["last"] (the outcome's words)
KEYS = ("F", "J", "A", "L", "V", "N")  # the first human shooter's key, the second's, ...
# DRAW! comes after a random wait in this range (so it cannot be anticipated); no press this long after DRAW!:
# that time is sent. A shootout nobody at the screen presses in is over within 5 s of the dialog opening: with
# (1500, 4000) and 3000 it took up to 7 s, and a newcomer who had not pressed took it for the page hanging
# (issue 20: "paused 7.2 s after a gun was chosen": measured, 3.6 s of waiting for DRAW! and the 3 s timeout).
WAIT_MS = (1000, 2500)
TIMEOUT_MS = 2500
RESULT_MS = 1500  # how long the outcome stays on screen


def human_shooters(snap):
    """The human seats of this screen still to draw in a quick-draw shootout of a local match, in seat order
    (a match between browsers has no quick-draw: it plays gun cards)."""
    if not isinstance(snap, dict) or snap.get("mode") != "local" or snap.get("over"):
        return []
    view = snap.get("view")
    if not isinstance(view, dict) or snap.get("reflex") is not True:  # the game declares it (Game.is_reflex)
        return []
    shooters = [s for s in view.get("shooters") or [] if isinstance(s, int)]
    humans = [e.get("seat") for e in snap.get("to_act") or [] if isinstance(e, dict) and e.get("kind") == "human"]
    return sorted(s for s in humans if s in shooters)


def key_of(index):
    """The key of the index-th human shooter (None past the sixth)."""
    return KEYS[index] if 0 <= index < len(KEYS) else None


def draw_action(ms):
    """The action for a reaction time in ms (None: pressed before DRAW!)."""
    if ms is None:
        return "draw:early"
    return "draw:" + str(min(9999, max(1, round(ms))))


def reaction(draw_at, pressed_at):
    """ms from DRAW! to the press; None (too early) when DRAW! was not shown yet or came after the press."""
    if draw_at is None or pressed_at < draw_at:
        return None
    return pressed_at - draw_at


def name(labels, seat):
    label = (labels or {}).get(str(seat))
    return str(label) if label else "Player " + str(seat + 1)


def names(labels, seats):
    return " v ".join(name(labels, s) for s in seats)


def does(who, verb):
    """ "You hit", "Easy bot hits"."""
    return who + " " + (verb if who == "You" else verb + "s")


def title(snap):
    view = snap.get("view") or {}
    return "Shootout! " + names(snap.get("labels"), view.get("shooters") or []) + "."


def early(ms):
    return ms in (0, None, "early")


def time_words(ms):
    return "too early" if early(ms) else str(ms) + " ms"


def resolved(snap, seats):
    """The shootout these seats drew in is over: another phase, or they are all to draw again."""
    view = (snap or {}).get("view") or {}
    if (snap or {}).get("reflex") is not True or (snap or {}).get("over"):
        return True
    acting = view.get("to_act") or []
    return all(s in acting for s in seats)


def outcome(snap, mine):
    """The words for a resolved shootout (view["last"]): who hits the bottle first and the times, too early,
    or a tie; mine are this screen's human shooters."""
    view = snap.get("view") or {}
    labels = snap.get("labels")
    last = view.get("last") or {}
    choices = [c for c in last.get("choices") or [] if isinstance(c, list) and len(c) == 2]
    if last.get("kind") != PHASE or not choices:
        return "The shootout is over."
    times = dict(choices)
    fair = [(ms, seat) for seat, ms in choices if not early(ms)]
    best = min(fair)[0] if fair else None
    fastest = [seat for ms, seat in fair if ms == best]
    too_soon = [s for s in mine if s in times and early(times[s])]
    prefix = ""
    if too_soon:
        prefix = "Too early! " if len(mine) == 1 else names(labels, too_soon).replace(" v ", ", ") + ": too early! "
    if len(fastest) == 1:
        winner = fastest[0]
        order = [winner] + [s for s, _ in choices if s != winner]
        return prefix + does(name(labels, winner), "hit") + " the bottle first (" + \
            " v ".join(time_words(times[s]) for s in order) + ")"
    then = "draw again" if view.get("phase") == PHASE else "a coin decides" if view.get("phase") == "coin" else "over"
    if not fair:
        return "Too early, everyone! Nobody hits first: " + then + "."
    return prefix + "A tie (" + " v ".join(time_words(times[s]) for s, _ in choices) + "): " + then + "."
