"""Measured legibility: the smallest rendered font of a region's text and the smallest tap target, in CSS px.

A text's rendered size is its computed font size times the scale its SVG user space has on the screen (the
board's viewBox, a map's zoom); only text that is drawn and on screen counts (a map's text counts inside the
map's window). A tap target is every visible control (ux.CONTROLS), measured by its bounding box.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from ux import targets

FONTS_JS = """(sel) => {
  const root = document.querySelector(sel); if (!root) return [];
  const frame = root.querySelector('[data-map-frame]');
  const fr = frame ? frame.getBoundingClientRect() : null;
  const out = [];
  for (const e of root.querySelectorAll('*')) {
    if (e.closest('title, desc, script, style, [hidden], [aria-hidden="true"] defs')) continue;
    const own = [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    if (e.checkVisibility && !e.checkVisibility({opacityProperty: true, visibilityProperty: true})) continue;
    const r = e.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) continue;
    if (r.right <= 0 || r.bottom <= 0 || r.left >= innerWidth || r.top >= innerHeight + scrollY + 4000) continue;
    let px = parseFloat(getComputedStyle(e).fontSize);
    if (e instanceof SVGElement) {
      const m = e.getScreenCTM(); if (m) px *= Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
      const inMap = e.closest('svg[data-panzoom]');
      if (inMap && fr && (r.right <= fr.left || r.left >= fr.right || r.bottom <= fr.top || r.top >= fr.bottom))
        continue;
    }
    out.push({px: Math.round(px * 10) / 10, text: e.textContent.trim().slice(0, 40), tag: e.tagName.toLowerCase()});
  }
  return out; }"""


def fonts(page: Page, selector: str = "#board") -> list[dict[str, Any]]:
    """Every drawn text of ``selector`` with its rendered font size in CSS px."""
    return list(page.evaluate(FONTS_JS, selector))


def smallest_text(page: Page, selector: str = "#board") -> dict[str, Any] | None:
    found = fonts(page, selector)
    return min(found, key=lambda f: f["px"]) if found else None


def smallest_target(page: Page) -> dict[str, Any] | None:
    found = targets(page)
    return min(found, key=lambda t: min(t["w"], t["h"])) if found else None


def measure(page: Page) -> dict[str, Any]:
    """{'text': smallest board text, 'page_text': smallest text on the game screen, 'target': smallest control}."""
    return {"text": smallest_text(page, "#board"), "page_text": smallest_text(page, "#game-screen"),
            "target": smallest_target(page)}
