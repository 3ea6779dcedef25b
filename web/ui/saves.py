# Every match, local or peer-to-peer, saved as it goes: one localStorage record per match (ui/records.py has the
# format). A tab owns the matches it plays: their ids are in its sessionStorage (a reload resumes the same match)
# and it holds a Web Lock per match (navigator.locks), so a second tab never resumes, and so never overwrites, a
# match another tab has open. A corrupt or foreign record is refused with a reason, never half-used; a write the
# storage refuses (full or disabled) answers False, for the driver to say so.
#   write(mode, snap, extra)   after every snapshot: the match's record (a peer snapshot's `save` may be null:
#                              then the stored one is kept)
#   begin(mode)                a new local match starts: the next write makes a new record
#   await restore(mode)        at start: this tab's match (after a reload), else the newest unfinished one unless
#                              another tab has it open; migrates a save from before (one key per mode)
#   await attach(mode, id)     resume a match from the list
#   drop(mode)                 leave this tab's match: deleted if unfinished (it cannot be resumed afterwards)
from pyscript import window

from ui import records
from ui.dom import drop as drop_key
from ui.dom import now_s, short, store, store_json, stored, stored_keys, unstore

TAB_KEY = "cargobay.tab."  # sessionStorage: + mode -> the id of this tab's match
TAB_NOTE = ("This browser does not let this tab keep which match it plays, so a reload may not bring this match "
            "back by itself: it is saved, and Your matches in the menu resumes it.")


def lock_name(record_id):
    return "cargobay.match." + record_id


class Saves:
    def __init__(self):
        self.current = {}  # mode -> id of this tab's match
        self.last = {}  # mode -> [body, record] last written
        self.created = {}  # id -> creation time (ms)
        self.failed = False  # the last write was refused
        self.enabled = True  # False: nothing is stored (an embedded game)
        self.tab_refused = None  # this tab's sessionStorage refused its match's id: False once that was said

    # --- this tab's matches ----------------------------------------------------------------------
    def _own(self, mode, record_id, claim=True):
        old = self.current.get(mode)
        if old == record_id:
            return
        if old is not None:
            window.cargobayPage.release(lock_name(old))
        self.current[mode] = record_id
        self.last.pop(mode, None)
        if not store(TAB_KEY + mode, record_id, "session") and self.tab_refused is None:
            self.tab_refused = True
        if claim:  # a new id: no other tab can hold it
            window.cargobayPage.claim(lock_name(record_id))

    def begin(self, mode):
        old = self.current.pop(mode, None)
        if old is not None:
            window.cargobayPage.release(lock_name(old))
        self.last.pop(mode, None)
        unstore(TAB_KEY + mode, "session")

    def write(self, mode, snap, extra):
        """Save a match after a snapshot; False if the storage refused it (full, or disabled)."""
        if not self.enabled:
            return True
        body = snap.get(records.BODY[mode])
        if body is None:
            body = (self.last.get(mode) or [None])[0]
            if body is None:
                return True
        record_id = self.current.get(mode)
        if mode == "p2p":
            mine = records.peer_id(body)
            if mine is not None and mine != record_id:
                record_id = mine
                self._own(mode, mine)
        if record_id is None:
            record_id = str(window.cargobayPage.newId())
            self._own(mode, record_id)
        now = now_s()
        if record_id not in self.created:
            self.created[record_id] = now
        record = records.make(mode, record_id, snap, body, extra, now, {"created": self.created[record_id]})
        marker = [body, dict(record, updated=0)]
        if self.last.get(mode) == marker:
            return not self.failed
        if store_json(records.PREFIX + record_id, record):
            self.last[mode] = marker
            self.failed = False
            return True
        self.failed = True
        return False

    async def restore(self, mode):
        """(record, problem) at start: the match to resume in this tab, or None; a problem names a save that
        could not be used (it was discarded, or stays in the list with its reason)."""
        first = None
        text = stored(records.LEGACY[mode])
        if text is not None:
            drop_key(records.LEGACY[mode])
            data, problem = records.legacy(mode, text)
            if problem is not None:
                return None, short(problem, 120)
            first = self._migrate(mode, data)
        mine = stored(TAB_KEY + mode, "session")
        # this tab's match after a reload, else the newest unfinished one (if another tab has it open: none)
        newest = [r["id"] for r in records.ordered(self.records()) if r.get("mode") == mode and not r.get("over")]
        candidates = [first, mine] + newest[:1]
        seen = []
        for record_id in candidates:
            if record_id is None or record_id in seen:
                continue
            seen.append(record_id)
            record, problem = self.load(record_id)
            if record is None or record.get("mode") != mode or record.get("over"):
                if record_id == mine:
                    unstore(TAB_KEY + mode, "session")
                    if problem is not None:
                        return None, short(problem, 120)
                continue
            # (this tab's own match: its page before the reload may still hold the lock for a moment)
            if not await window.cargobayPage.claim(lock_name(record_id), 2000 if record_id == mine else 0):
                continue  # open in another tab
            self._own(mode, record_id, claim=False)
            self.created[record_id] = record.get("created")
            return record, None
        return None, None

    def _migrate(self, mode, data):
        record_id = str(window.cargobayPage.newId())
        if mode == "p2p":
            record_id = records.peer_id(data.get("save")) or record_id
        body = data.get(records.BODY[mode])
        game = body.get("game") if mode == "local" else (body.get("setup") or {}).get("game")
        snap = {"game": game, "title": game, "step": data.get("step"), "over": data.get("over")}
        extra = {}
        for key in data:
            if key not in (records.BODY[mode], "step", "over"):
                extra[key] = data[key]
        if mode == "p2p":  # an unfinished peer match keeps its whole save
            snap["over"] = bool(data.get("over"))
        now = now_s()
        store_json(records.PREFIX + record_id, records.make(mode, record_id, snap, body, extra, now))
        return record_id

    async def attach(self, mode, record_id):
        """(record, problem): resume a match of the list in this tab (refused while another tab has it open)."""
        record, problem = self.load(record_id)
        if record is None:
            return None, problem
        if self.current.get(mode) != record_id:
            if not await window.cargobayPage.claim(lock_name(record_id)):
                return None, "it is open in another tab"
            self._own(mode, record_id, claim=False)
        self.created[record_id] = record.get("created")
        return record, None

    def drop(self, mode):
        record_id = self.current.get(mode)
        if record_id is not None:
            record, _ = self.load(record_id)
            if record is None or not record.get("over"):
                self.delete(record_id)
        self.begin(mode)

    # --- the list --------------------------------------------------------------------------------
    def load(self, record_id):
        return records.check(stored(records.PREFIX + record_id))

    def records(self):
        """Every readable record (for choosing what to resume)."""
        out = []
        for key in stored_keys():
            if key.startswith(records.PREFIX):
                record, _ = records.check(stored(key))
                if record is not None:
                    out.append(record)
        return out

    def entries(self):
        """[(id, record or None, problem, name)] of every saved match, newest first; unreadable ones last."""
        good, bad = [], []
        for key in stored_keys():
            if not key.startswith(records.PREFIX):
                continue
            record_id = key[len(records.PREFIX):]
            record, problem = records.check(stored(key))
            name = stored(records.NAME_PREFIX + record_id) or ""
            if record is None:
                bad.append((record_id, None, problem, name))
            else:
                good.append((record_id, record, None, name))
        order = [r["id"] for r in records.ordered([e[1] for e in good])]
        good.sort(key=lambda e: order.index(e[1]["id"]) if e[1]["id"] in order else 0)
        return good + bad

    def name(self, record_id):
        return stored(records.NAME_PREFIX + record_id) or ""

    def rename(self, record_id, name):
        name = name.strip()[:80]
        if not name:
            drop_key(records.NAME_PREFIX + record_id)
            return True
        return store(records.NAME_PREFIX + record_id, name)

    def delete(self, record_id):
        for mode in list(self.current):
            if self.current[mode] == record_id:
                self.begin(mode)
        drop_key(records.PREFIX + record_id)
        drop_key(records.NAME_PREFIX + record_id)

    def add(self, record):
        """Store a new record (an imported match log); False if the storage refused it."""
        return store_json(records.PREFIX + record["id"], record)

    def tab_note(self):
        """Once, after a write that this tab's storage refused: what the page cannot keep (else "")."""
        if not self.tab_refused:
            return ""
        self.tab_refused = False
        return TAB_NOTE

    def open_after_reload(self, mode, record_id):
        """Make a match this tab's, for the page after a reload to resume; False if this tab's storage refuses."""
        return store(TAB_KEY + mode, record_id, "session")

    def mine(self, record_id):
        """The mode in which this tab has this match open, or None."""
        for mode in self.current:
            if self.current[mode] == record_id:
                return mode
        return None


saves = Saves()
