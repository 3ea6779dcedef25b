"""The "How to play" page: for every registered game that has a ``howto`` module in its package (GOAL, TURN,
SCORING, LEGEND, SEATS and optional OPTIONS), a section in our own words with a small picture of its first
board drawn by the game's own renderer. ``build.py`` writes it to the site as ``how-to-play.html``; the
menu and the match link to ``how-to-play.html#<game id>``.

>>> html = page()
>>> all(f'id="{g}"' in html for g in ("load", "haul", "loot", "tf22", "teamup"))
True
"""

from __future__ import annotations

import random
import re
from importlib import import_module
from types import ModuleType

from .engine import CHANCE
from .registry import SPECS
from .render import RenderContext
from .render.svg import escape
from .session import seat_labels

__all__ = ["page", "picture"]


def _module(game_id: str) -> ModuleType | None:
    package = type(SPECS[game_id].game).__module__.rpartition(".")[0]
    try:
        return import_module(f"{package}.howto")
    except ModuleNotFoundError:
        return None


def picture(game_id: str, seed: int = 7) -> str:
    """The game's first board for seat 1 (chance steps taken with ``seed``), as an inert picture: nothing in
    it is focusable or clickable, and screen readers skip it (the words beside it say the same)."""
    spec, howto = SPECS[game_id], _module(game_id)
    seats = tuple(getattr(howto, "SEATS", ("human", "easy")))
    game = spec.game
    state = game.new_state(len(seats), dict(getattr(howto, "OPTIONS", {})))
    rng = random.Random(seed)
    while game.current_player(state) == CHANCE:
        state = game.apply(state, CHANCE, game.sample_chance(state, rng))
    svg = spec.render(game.view(state, 0), RenderContext(labels=seat_labels(seats, [0]), perspective=0))
    svg = re.sub(r' (tabindex|role|data-action|data-select)="[^"]*"', "", svg)
    svg = re.sub(r"<title>.*?</title>", "", svg, flags=re.DOTALL)
    return svg.replace("<svg ", '<svg aria-hidden="true" focusable="false" ', 1)


def _items(lines: tuple[str, ...] | list[str]) -> str:
    return "<ul>" + "".join(f"<li>{escape(line)}</li>" for line in lines) + "</ul>"


def section(game_id: str) -> str:
    howto = _module(game_id)
    info = SPECS[game_id].info
    if howto is None:
        return ""
    title = escape(info.title)
    return (
        f'<section class="howto-game panel" id="{escape(game_id)}" aria-labelledby="howto-{escape(game_id)}">'
        f'<h2 id="howto-{escape(game_id)}">{title}</h2>'
        f'<p class="howto-goal"><strong>Goal.</strong> {escape(howto.GOAL)}</p>'
        f'<div class="howto-body"><div class="howto-text"><h3>A turn</h3>{_items(howto.TURN)}'
        f"<h3>Scoring</h3>{_items(howto.SCORING)}<h3>On the board</h3>{_items(howto.LEGEND)}</div>"
        f'<figure class="howto-picture">{picture(game_id)}<figcaption>The first board of a {title} match, as the '
        f"game draws it.</figcaption></figure></div>"
        f'<p><a class="howto-play" href="./?game={escape(game_id)}">Play {title}</a> '
        f'<a class="howto-top" href="#top">Back to the top</a></p></section>'
    )


def page(build: str = "") -> str:
    """The whole page (one HTML document, the site's style sheet)."""
    games = [g for g in SPECS if SPECS[g].info.listed and SPECS[g].info.available and _module(g) is not None]
    links = "".join(f'<li><a href="#{escape(g)}">{escape(SPECS[g].info.title)}</a></li>' for g in games)
    v = f"?v={escape(build)}" if build else ""
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1"><title>How to play · Cargo Bay</title>'
        f'<link rel="stylesheet" href="./style.css{v}"><link rel="icon" href="./icons/icon.svg" type="image/svg+xml">'
        '</head><body class="howto-page"><header class="topbar"><p class="brand"><span class="brand-mark" '
        'aria-hidden="true">\u25a3</span> Cargo Bay</p></header>'
        '<main class="howto" id="top"><h1>How to play</h1>'
        '<p>Five cargo-loading games. Each one in a few lines: its goal, a turn, the scoring and what the board '
        'shows. Hover, focus or press and hold anything on a board to read what it is.</p>'
        f'<nav aria-label="Games"><ul class="howto-nav">{links}</ul></nav>'
        + "".join(section(g) for g in games)
        + '<p><a class="howto-play" href="./">Back to the menu</a></p></main></body></html>'
    )
