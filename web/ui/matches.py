# "Your matches" in the menu: every saved match (ui/saves.py) with its game, seats, date and progress, to resume,
# replay, rename, export (the command line's --log format) or delete; and the import of a match log from a file.
# A record that cannot be read is listed with the reason and can only be deleted. The list follows other tabs
# (the `storage` event).
import json

from pyscript import window

from ui import records
from ui.dom import by_id, clear_message, element, now_s, on, proxy, show_message, spawn
from ui.engine import engine
from ui.saves import saves


def date_words(seconds):
    try:
        return str(window.Date.new(float(seconds) * 1000).toLocaleString())
    except Exception:
        return ""


class Matches:
    def __init__(self, on_resume, on_replay):
        self.on_resume = on_resume  # async fn(mode, record)
        self.on_replay = on_replay  # async fn(log, title)
        self.elsewhere = []  # lock names held by other tabs
        self.armed = None  # the id whose Delete was pressed once
        self.refreshes = 0
        self._build()
        window.cargobayPage.listen("storage", proxy(lambda event: self.refresh()))

    def _build(self):
        """Wire the section the page's HTML stamps (index.html: in the first paint, its import inert until now)."""
        pick, field = by_id("matches-import"), by_id("matches-file")
        on(pick, "click", lambda event: field.click())
        on(field, "change", lambda event: spawn(self.import_file(field)))
        pick.disabled = False
        pick.removeAttribute("aria-describedby")

    def refresh(self):
        spawn(self._refresh())

    async def _refresh(self):
        try:
            self.elsewhere = json.loads(str(await window.cargobayPage.lockedElsewhere()))
        except Exception:
            self.elsewhere = []
        self.render()
        self.refreshes += 1  # (data-refreshed: the list as it stands once the other tabs' locks were asked)
        by_id("matches-list").setAttribute("data-refreshed", str(self.refreshes))

    def render(self):
        box = by_id("matches-list")
        box.innerHTML = ""
        entries = saves.entries()
        by_id("matches-loading").hidden = True
        by_id("matches-empty").hidden = bool(entries)
        for record_id, record, problem, name in entries:
            box.appendChild(self._row(record_id, record, problem, name))

    def _row(self, record_id, record, problem, name):
        item = element("li", **{"class": "match-row", "data-id": record_id})
        if record is None:
            item.setAttribute("data-state", "unreadable")
            item.appendChild(element("p", (name + ": " if name else "") + "this save cannot be used: " + problem,
                                     **{"class": "match-title"}))
            item.appendChild(self._buttons(record_id, None, []))
            return item
        over = bool(record.get("over"))
        item.setAttribute("data-state", "over" if over else "unfinished")
        item.setAttribute("data-mode", str(record.get("mode")))
        title = name or str(record.get("title") or record.get("game"))
        head = element("p", **{"class": "match-title"})
        head.appendChild(element("span", title, **{"class": "match-name"}))
        kind = "with friends" if record.get("mode") == "p2p" else ("imported" if record.get("imported") else "")
        game = str(record.get("title") or record.get("game"))
        meta = (game + " · " if name else "") + (kind + " · " if kind else "") + date_words(record.get("updated"))
        head.appendChild(element("span", meta, **{"class": "match-meta"}))
        item.appendChild(head)
        seats = ", ".join(str(s) for s in record.get("seats") or [])
        item.appendChild(element("p", (seats + " — " if seats else "") + records.progress(record),
                                 **{"class": "match-progress"}))
        actions = []
        open_here = saves.mine(record_id) is not None
        elsewhere = ("cargobay.match." + record_id) in self.elsewhere
        if not over:
            actions.append("resume")
        if records.log_of(record) is not None:
            actions += ["replay", "export"]
        actions += ["rename", "delete"]
        if open_here:
            item.setAttribute("data-here", "true")
            item.appendChild(element("p", "This tab's match.", **{"class": "hint"}))
        elif elsewhere:
            item.setAttribute("data-elsewhere", "true")
            item.appendChild(element("p", "Open in another tab.", **{"class": "hint"}))
        item.appendChild(self._buttons(record_id, record, actions))
        return item

    def _buttons(self, record_id, record, actions):
        row = element("div", **{"class": "match-buttons"})
        words = {"resume": "Resume", "replay": "Replay", "export": "Export", "rename": "Rename", "delete": "Delete"}
        for action in actions or ["delete"]:
            button = element("button", words[action], type="button", data_act=action)
            button.className = "primary" if action == "resume" else ""
            on(button, "click", self._handler(action, record_id, record, button))
            row.appendChild(button)
        return row

    def _handler(self, action, record_id, record, button):
        def handler(event):
            if action == "resume":
                spawn(self.on_resume(str(record.get("mode")), record_id))
            elif action == "replay":
                title = saves.name(record_id) or str(record.get("title") or "")
                spawn(self.on_replay(records.log_of(record), title))
            elif action == "export":
                name = records.export_name(record, saves.name(record_id))
                window.cargobayPage.download(name, records.export_text(records.log_of(record)))
            elif action == "rename":
                self.rename(record_id, button)
            elif action == "delete":
                self.delete(record_id, button)

        return handler

    def delete(self, record_id, button):
        if self.armed != record_id:  # a second press deletes
            self.armed = record_id
            button.textContent = "Really delete?"
            button.setAttribute("data-armed", "true")
            return
        self.armed = None
        saves.delete(record_id)
        clear_message()
        self.render()

    def rename(self, record_id, button):
        item = button.closest(".match-row")
        head = item.querySelector(".match-title")
        form = element("form", **{"class": "match-rename"})
        field = element("input", type="text", maxlength="80", value=saves.name(record_id),
                        aria_label="New name for this match")
        form.appendChild(field)
        form.appendChild(element("button", "Save", type="submit"))

        def save(event):
            event.preventDefault()
            if not saves.rename(record_id, str(field.value)):
                show_message("The name could not be saved: the browser's storage is full or disabled.")
            self.render()

        def key(event):
            if str(event.key) == "Escape":
                self.render()

        on(form, "submit", save)
        on(field, "keydown", key)
        head.replaceWith(form)
        field.focus()

    async def import_file(self, field):
        files = field.files
        if not files or int(files.length) == 0:
            return
        file = files.item(0)
        try:
            text = str(await file.text())
        except Exception as exc:
            show_message("The file could not be read (" + str(exc) + ").")
            return
        finally:
            field.value = ""
        log, problem = records.parse_import(text)
        if problem is None:
            ok, frame = await engine.call({"type": "replay", "log": log})
            if not ok:
                problem = "the engine refused it: " + str(frame.get("message") if isinstance(frame, dict) else frame)
        if problem is not None:
            show_message("Not imported: " + problem + ".")
            return
        record = records.imported(str(window.cargobayPage.newId()), log, frame, now_s())
        if not saves.add(record):
            show_message("Not imported: the browser's storage is full or disabled (delete matches you no longer "
                         "need).")
            return
        show_message("Imported " + str(frame.get("title")) + " (" + str(frame.get("steps")) + " steps): it is in "
                     "Your matches, to replay or, if unfinished, to resume.", "info")
        self.render()
