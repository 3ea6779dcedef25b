# DOM helpers shared by every page module: element lookup, event wiring, the message area, tasks, storage.
# Nothing here knows a game or a kind of match.
import asyncio
import json

from pyscript import document, window
from pyscript.ffi import create_proxy

from ui.text import query, short

# the first page module app.py's (or embed.py's) imports run: PyScript and MicroPython are up, the page's own Python
# starts (bench/startup.py splits the UI ready there; "cargobay-app-imported" follows app.py's imports)
window.performance.mark("cargobay-app-start")
root = document.documentElement
_proxies = []  # event handler proxies live as long as the page
_tasks = set()


def by_id(name):
    return document.getElementById(name)


def js_get(obj, name, default=None):
    """A JS object's property, or default when it is missing (MicroPython raises AttributeError)."""
    try:
        value = getattr(obj, name)
    except AttributeError:
        return default
    return default if value is None else value


def attr(el, name):
    """An attribute as str, or None when it is absent."""
    value = el.getAttribute(name)
    if value is None or str(value) in ("null", "undefined"):
        return None
    return str(value)


def on(target, event, fn):
    """addEventListener on an element (or element id) with a proxy that is kept alive."""
    el = by_id(target) if isinstance(target, str) else target
    proxy = create_proxy(fn)
    _proxies.append(proxy)
    el.addEventListener(event, proxy)
    return proxy


def proxy(fn):
    made = create_proxy(fn)
    _proxies.append(made)
    return made


def set_text(name, text):
    by_id(name).textContent = text


def element(tag, text=None, **attrs):
    el = document.createElement(tag)
    if text is not None:
        el.textContent = text
    for key, value in attrs.items():
        el.setAttribute(key.replace("_", "-"), str(value))
    return el


def query_param(name, default=None):
    """One parameter of the page URL's query (ui/text.query: the page's one parser)."""
    return query(str(window.location.search or "")).get(name, default)


def int_param(name, default):
    try:
        return max(0, int(query_param(name, str(default))))
    except ValueError:
        return default


def spawn(coro):
    """Start a task and keep a reference to it until it ends."""
    for old in [t for t in _tasks if t.done()]:
        _tasks.discard(old)
    task = asyncio.create_task(coro)
    _tasks.add(task)
    return task


def now_s():
    """Seconds since the epoch (a float). Not window.Date.now() / 1000: MicroPython's FFI turns a whole JS number
    above 2**31 (milliseconds since 1970 are) into a 32-bit int that wraps, and goes negative for weeks at a time."""
    return float(window.cargobayPage.nowSeconds())


def now_ms():
    return float(window.performance.now())


# ------------------------------------------------------------------------------------------ messages
def show_message(text, kind="error"):
    box = by_id("messages")
    box.textContent = text
    box.setAttribute("data-kind", kind)


def clear_message():
    box = by_id("messages")
    box.textContent = ""
    box.removeAttribute("data-kind")


def error_text(err):
    if not isinstance(err, dict):
        return str(err)
    return str(err.get("type", "Error")) + ": " + str(err.get("message", ""))


def show_screen(name, mode=None):
    document.body.setAttribute("data-screen", name)
    by_id("menu-screen").hidden = name != "menu"
    by_id("game-screen").hidden = name != "game"
    if mode is not None:
        by_id("game-screen").setAttribute("data-mode", mode)
        by_id("board").setAttribute("data-mode", mode)
    if name == "menu":  # the connection settings, opened beside a connection problem, go back to the menu
        home, settings = by_id("p2p-settings-home"), by_id("p2p-settings")
        if home is not None and settings is not None and not home.contains(settings):
            home.appendChild(settings)


# ------------------------------------------------------------------------------------------ storage
# Every Web Storage access of the page goes through these (page.js: a browser may refuse storage, and MicroPython
# cannot catch the error it throws). ``area``: "local" (localStorage) or "session" (this tab's sessionStorage).
def stored(key, area="local"):
    """The stored text, or None (absent, or the storage refuses to be read)."""
    value = window.cargobayPage.storageGet(area, key)
    return None if value is None or str(value) in ("null", "undefined") else str(value)


def store(key, text, area="local"):
    """Store a text; False when the storage refuses it (full or disabled): keep playing."""
    return bool(window.cargobayPage.storageSet(area, key, text))


def unstore(key, area="local"):
    window.cargobayPage.storageRemove(area, key)


def stored_keys(area="local"):
    try:
        return [str(key) for key in json.loads(str(window.cargobayPage.storageKeys(area)))]
    except Exception:
        return []


def load_json(key):
    """(data, problem): the stored JSON value (None if absent or unreadable), or a problem text if it is corrupt."""
    raw = stored(key)
    if raw is None or raw == "":
        return None, None
    try:
        return json.loads(raw), None
    except Exception as exc:
        return None, "not JSON (" + short(exc, 80) + ")"


def store_json(key, data):
    """Store JSON in localStorage; False when the storage refuses it (full or disabled): keep playing."""
    return store(key, json.dumps(data))


def drop(key):
    unstore(key)
