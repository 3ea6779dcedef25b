"""The page's style sheets keep a plain fallback for every declaration a browser the site supports may not parse.

A browser drops a whole declaration it cannot parse. ``content: "x" / "alt"`` (alt text for generated content) is parsed
by Chromium from 77, Firefox from 128 and Safari from 17.4: in an older one the picked game card would lose its tick,
the one mark of the pick that is not a colour (review s9, L3). So each such ``content`` comes after a plain
``content`` in the same rule.
"""

from __future__ import annotations

import re
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "web"
RULE = re.compile(r"([^{}]*)\{([^{}]*)\}")
ALT_TEXT = re.compile(r"content\s*:\s*(\"[^\"]*\"|'[^']*')\s*/")


def _declarations(body: str) -> list[str]:
    return [part.strip() for part in body.split(";") if part.strip()]


def test_every_alt_text_content_has_a_plain_content_before_it() -> None:
    sheets = sorted(WEB.rglob("*.css"))
    assert sheets, WEB
    seen = 0
    for sheet in sheets:
        text = re.sub(r"/\*.*?\*/", "", sheet.read_text(), flags=re.DOTALL)
        for selector, body in RULE.findall(text):
            found = _declarations(body)
            for at, declaration in enumerate(found):
                if ALT_TEXT.match(declaration):
                    seen += 1
                    plain = [d for d in found[:at] if d.startswith("content") and not ALT_TEXT.match(d)]
                    where = f"{sheet.name}: {selector.strip()}"
                    assert plain, f"{where} has {declaration!r} with no plain content before it"
    assert seen >= 1  # the picked card's tick (web/style.css)
