"""What a board drawn for a phone must hold (issue 20), checked on the SVG a game's board renders."""

from __future__ import annotations

import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def assert_phone_sized(root: ET.Element) -> None:
    """The portrait board is 380 units wide (a 390 px phone draws it at ~0.98 px a unit, e2e/test_newcomer.py
    measures it): every font >= 12.5 units (>= 12 CSS px) and every button's box >= 46 units (>= 44 px)."""
    assert root.attrib["viewBox"].split()[2] == "380" and root.attrib["data-layout"] == "tall"
    sizes = [float(e.attrib["font-size"]) for e in root.iter() if "font-size" in e.attrib]
    assert sizes and min(sizes) >= 12.5, min(sizes)
    for element in root.iter():
        if "data-action" in element.attrib or "data-select" in element.attrib:
            box = next(element.iter(f"{SVG}rect"))
            assert min(float(box.attrib["width"]), float(box.attrib["height"])) >= 46, element.attrib
