"""axe-core in the e2e tests: the accessibility rules run against whatever the page shows now.

axe-core is an npm dev dependency (package.json), vendored for the tests only: it is injected into the page
from node_modules as a script, never served with the site and never fetched from anywhere else.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Frame, Page

AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"

# axe's best-practice rules about page structure (a single h1, landmarks) are kept; none is disabled.
RUN = """async (selector) => {
  const context = selector ? document.querySelector(selector) : document;
  const result = await axe.run(context, {resultTypes: ["violations"]});
  return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                                     nodes: v.nodes.slice(0, 5).map(n => n.html.slice(0, 200))}));
}"""


def violations(page: Page | Frame, selector: str | None = None) -> list[dict[str, Any]]:
    """The axe violations of the page (or of one element), as [{id, impact, help, nodes}]."""
    if not AXE.exists():
        raise RuntimeError(f"{AXE} is missing: run `npm ci` (axe-core is a dev dependency)")
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    return list(page.evaluate(RUN, selector))


def describe(found: list[dict[str, Any]]) -> str:
    return "\n".join(f"{v['id']} ({v['impact']}): {v['help']}\n    " + "\n    ".join(v["nodes"]) for v in found)
