# One save routine for both kinds of match. A match is saved in localStorage after every change and resumed
# on reload; a corrupt save is dropped with a message, never half-used.
#   local: cargobay.save.v1 = {"setup", "log", "step", "over"}      (the log replays the match: `resume`)
#   p2p:   cargobay.p2p.v1  = {"save", "role", "over", "step", "chat"}  (`save` reopens it: `p2p_restore`)
# A peer snapshot carries `save: null` when nothing saveworthy changed: the stored one is kept, and the
# record is only rewritten when the save or the chat changed.
from ui.dom import drop, load_json, short, store_json

KEYS = {"local": "cargobay.save.v1", "p2p": "cargobay.p2p.v1"}
BODY = {"local": "log", "p2p": "save"}  # the snapshot key that holds what is saved, and its record key


class Saves:
    def __init__(self):
        self.last = {}  # mode -> [body, extra JSON] last written

    def write(self, mode, snap, extra):
        """Save a match after a snapshot: its body (log / save) plus `extra` fields. False if the storage
        refused it (full, or disabled); then the record without the extras is tried, so the minimum needed
        to go on is kept when it fits."""
        body = snap.get(BODY[mode])
        if body is None:
            body = (self.last.get(mode) or [None])[0]
            if body is None:
                return True
        record = {BODY[mode]: body, "step": snap.get("step"), "over": bool(snap.get("over"))}
        for key, value in extra.items():
            record[key] = value
        marker = [body, record]
        if self.last.get(mode) == marker:
            return True
        if store_json(KEYS[mode], record):
            self.last[mode] = marker
            return True
        store_json(KEYS[mode], {BODY[mode]: body, "step": record["step"], "over": record["over"]})
        return False

    def read(self, mode):
        """(record, problem): an unfinished saved match, None; a corrupt one is dropped and named."""
        data, problem = load_json(KEYS[mode])
        if problem is None and data is not None and (not isinstance(data, dict) or not isinstance(data.get(BODY[mode]), dict)):
            problem = "not a saved match"
        if problem is not None:
            self.drop(mode)
            return None, short(problem, 120)
        if data is None or data.get("over"):
            return None, None
        return data, None

    def drop(self, mode):
        self.last.pop(mode, None)
        drop(KEYS[mode])


saves = Saves()
