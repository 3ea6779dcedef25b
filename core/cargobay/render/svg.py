"""A small SVG kit shared by every game's board: escaped text, rectangles, numbers, the clickable-action
contract, and the hot-seat cover.

The page contract: every element a player may click is ``<g class="action ..." role="button" tabindex="0"
aria-label=... data-seat=...>`` with either ``data-action`` (a complete action: the page sends it) or
``data-select`` (a partial action: the page asks for the board with it selected). Nothing else is clickable.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from typing import Any

INK = "#1a1d24"
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif"
SHOW = "show"  # the act that lifts the hot-seat cover (never an engine action)


def escape(text: str, quote: bool = True) -> str:
    """``html.escape``'s text, without importing ``html``: it loads ``html.entities`` (its 2,000-entry table), which
    cost 0.2-1.3 s of a game's first Start in the browser.

    >>> escape("<a href='x'>&</a>")
    '&lt;a href=&#x27;x&#x27;&gt;&amp;&lt;/a&gt;'
    """
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return text.replace('"', "&quot;").replace("'", "&#x27;") if quote else text


def unescape(text: str) -> str:
    """The text ``escape`` was given (the five references it writes; nothing else is read)."""
    text = text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"').replace("&#x27;", "'")
    return text.replace("&amp;", "&")


def attr(value: object) -> str:
    """An attribute value, escaped.

    >>> attr('a "b" <c>')
    'a &quot;b&quot; &lt;c&gt;'
    """
    return escape(str(value), quote=True)


def num(value: float) -> str:
    """A coordinate without trailing zeros.

    >>> num(3.0), num(2.50), num(-0.001)
    ('3', '2.5', '0')
    """
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def text(
    x: float,
    y: float,
    content: str,
    *,
    size: float = 15,
    weight: str | None = None,
    anchor: str = "start",
    fill: str = INK,
    extra: str = "",
) -> str:
    bold = f' font-weight="{weight}"' if weight else ""
    anchor_attr = "" if anchor == "start" else f' text-anchor="{anchor}"'
    return (
        f'<text x="{num(x)}" y="{num(y)}" font-size="{num(size)}"{bold}{anchor_attr} fill="{fill}"{extra}>'
        f"{escape(content, quote=False)}</text>"
    )


def rect(x: float, y: float, w: float, h: float, *, fill: str, rx: float = 0, extra: str = "") -> str:
    corner = f' rx="{num(rx)}"' if rx else ""
    box = f'x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}"'
    return f'<rect {box}{corner} fill="{fill}"{extra}/>'


def wrap(content: str, width: float, size: float) -> list[str]:
    """Lines of ``content`` that fit ``width`` units at font ``size`` (an average glyph is ~0.55 em)."""
    return textwrap.wrap(content, max(8, int(width / (size * 0.55)))) or [""]


def action(action: str, seat: int, label: str, kind: str, body: str, extra: str = "", *, select: bool = False) -> str:
    """A clickable element: ``data-action`` for a complete action, ``data-select`` for a partial one.

    ``label`` is what a screen reader announces; it should start with the element's visible words.

    >>> action("next", 0, "Next", "next", "")[:60]
    '<g class="action next" data-action="next" data-seat="0" role'
    """
    key = "data-select" if select else "data-action"
    return (
        f'<g class="action {kind}" {key}="{attr(action)}" data-seat="{seat}" role="button" '
        f'tabindex="0" aria-label="{attr(label)}"{extra}>'
        f"<title>{escape(label, quote=False)}</title>{body}</g>"
    )


def board_root(game: str, width: float, height: float, label: str, view: Mapping[str, Any], *, wide: bool = False,
               data: Mapping[str, object] | None = None, style: str = "") -> str:
    """The opening of a board's ``<svg>`` with the page contract every board carries (the e2e tests read it):
    ``role="group"``, ``aria-label`` and ``<title>`` (``label``), ``data-game``, ``data-phase``, ``data-seat``,
    ``data-to-act`` (from ``view``), ``data-layout`` (wide / tall), plus the game's own ``data-*``.

    >>> board_root("odd", 10, 5, "Odd one out", {"phase": "pick", "seat": 1, "to_act": [0, 2]})[:60]
    '<svg xmlns="http://www.w3.org/2000/svg" class="cargobay-odd"'
    """
    seat = view.get("seat")
    to_act = " ".join(str(s) for s in view.get("to_act") or [])
    extra = "".join(f' data-{name}="{attr(value)}"' for name, value in (data or {}).items())
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="cargobay-{attr(game)}" viewBox="0 0 {num(width)} '
        f'{num(height)}" width="100%" preserveAspectRatio="xMidYMin meet" role="group" aria-label="{attr(label)}" '
        f'font-family="{attr(FONT)}" data-game="{attr(game)}" data-phase="{attr(view.get("phase", ""))}" '
        f'data-seat="{seat if isinstance(seat, int) else ""}" data-to-act="{attr(to_act)}"{extra} '
        f'data-layout="{"wide" if wide else "tall"}"><title>{escape(label, quote=False)}</title>'
        + (f"<style>{style}</style>" if style else "")
    )


def handoff_cover(seat: int, name: str) -> str:
    """The cover shown between two hot-seat players, with the one button that lifts it: as wide as its words
    (a bold glyph ~0.6 em; the cover holds 470 units, the font shrinks beyond that), 64 units tall (a 390 px
    phone draws the 500-unit cover at about 0.74: 47 px to tap, text >= 12 px).

    >>> 'width="332"' in handoff_cover(1, "Player 2")  # (was 280: its 27 bold glyphs ran past both ends)
    True
    """
    who = escape(name)
    button = f"I am {who}: show my hand"
    size = min(18.0, 430 / (0.6 * len(button)))
    width = min(470.0, max(280.0, round(0.6 * size * len(button) + 40)))
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" class="handoff" viewBox="0 0 500 260" width="100%" '
        f'data-handoff="{seat}" role="group" aria-label="Pass the device to {who}">'
        '<rect x="6" y="6" width="488" height="248" rx="14" fill="#23304d"/>'
        f'<text x="250" y="78" text-anchor="middle" font-size="26" font-weight="700" fill="#fff" '
        f'font-family="{attr(FONT)}">{who}\u2019s turn</text>'
        '<text x="250" y="112" text-anchor="middle" font-size="17" fill="#dfe6f3" '
        f'font-family="{attr(FONT)}">Pass the device; everyone else, look away.</text>'
        f'<g class="action show" data-action="{SHOW}" data-seat="{seat}" role="button" tabindex="0" '
        f'aria-label="{button}"><title>{button}</title>'
        f'<rect x="{num(250 - width / 2)}" y="146" width="{num(width)}" height="64" rx="32" fill="#ffd36b"/>'
        f'<text x="250" y="184" text-anchor="middle" font-size="{num(size)}" font-weight="700" fill="#1a1d24" '
        f'font-family="{attr(FONT)}">{button}</text></g></svg>'
    )
