"""TF22 board drawing: hex geometry, colours, the shared ``<defs>`` (terrain patterns, the ore lump) and the
board's CSS.

The map is flat-topped hexes in columns, "odd-q" (odd columns half a hex lower), as board.py reads map.txt:
hex ``x,y`` has its centre at ``(S + 1.5 S x, H y + H/2 (x odd))`` in map units (``S`` the hex's radius, ``H``
its height). The 504 hexes span 850 x 641 units; the page pans and zooms that map (its own ``<svg>`` with
``data-panzoom``) inside the board without moving the panels.

>>> centre(parse_hex("0,1")), centre(parse_hex("1,0")), MAP_W, round(MAP_H)
((20.0, 34.64), (50.0, 17.32), 850.0, 641)
"""

from __future__ import annotations

from ...render.svg import num
from .board import HEIGHT, WIDTH, parse_hex

__all__ = ["MAP_H", "MAP_W", "SIZE", "centre", "hex_path", "parse_hex"]

SIZE = 20.0  # a hex's radius (centre to corner)
ROOT3 = 1.7320508075688772
HEX_H = round(ROOT3 * SIZE, 2)  # 34.64: a hex's height, the distance between two centres in a column
HALF_H = HEX_H / 2
MAP_W = SIZE * 2 + 1.5 * SIZE * (WIDTH - 1)
MAP_H = HEX_H * (HEIGHT - 0.5)  # the half hexes at the long edges are off the board

# owner colours per seat (white letters on them pass WCAG AA), and a light tint of each for zones
SEAT_FILL = ("#b3261e", "#1f4e9c", "#1b6e37", "#6a3d9a")
SEAT_TINT = ("#e8574d", "#4a86e8", "#3fae62", "#a26fd1")
SEAT_NAMES = ("red", "blue", "green", "purple")
NEUTRAL = "#6b5a45"  # Pontoons belong to no company
INK = "#1a1d24"
MUTED = "#4a5263"
PAPER = "#f6f7f9"
PANEL = "#e4e9f1"
PICK = "#ffd36b"  # what the viewer may click, and the picked unit's ring
PICK_DARK = "#8a5a00"

# terrain under the current tide: base colour (land ochre, water blue) + a pattern that says which terrain
PLAIN = "#dcb672"
MOUNTAIN = "#7a5230"
SEA = "#4f8fcc"
SHALLOW = "#78aee0"  # a flooded swamp or reef

CORNERS = ((-SIZE, 0.0), (-SIZE / 2, -HALF_H), (SIZE / 2, -HALF_H), (SIZE, 0.0), (SIZE / 2, HALF_H),
           (-SIZE / 2, HALF_H))


def centre(index: int) -> tuple[float, float]:
    """The centre of hex ``index`` (``y * 28 + x``) in map units."""
    x, y = index % WIDTH, index // WIDTH
    return SIZE + 1.5 * SIZE * x, round(HEX_H * y + (HALF_H if x & 1 else 0.0), 2)


def hex_path(index: int, inset: float = 0.0) -> str:
    """One hex as a compact closed path (relative moves), ``inset`` units inside its outline."""
    cx, cy = centre(index)
    s = SIZE - inset
    h = s * ROOT3 / 2
    return (f"M{num(cx - s)},{num(cy)}l{num(s / 2)},-{num(h)}h{num(s)}l{num(s / 2)},{num(h)}"
            f"l-{num(s / 2)},{num(h)}h-{num(s)}z")


def hex_points(index: int, inset: float = 0.0) -> str:
    """The hex as a ``points`` list (a polygon: a hit area for a clickable hex)."""
    cx, cy = centre(index)
    scale = (SIZE - inset) / SIZE
    return " ".join(f"{num(cx + dx * scale)},{num(cy + dy * scale)}" for dx, dy in CORNERS)


DIRECTION_STEP = ((0.0, -1.0), (0.866, -0.5), (0.866, 0.5), (0.0, 1.0), (-0.866, 0.5), (-0.866, -0.5))
ARROWS = ("\u2191", "\u2197", "\u2198", "\u2193", "\u2199", "\u2196")  # N NE SE S SW NW


def towards(index: int, direction: int, distance: float) -> tuple[float, float]:
    """A point ``distance`` units from the centre of ``index`` in ``direction`` (0 N .. 5 NW)."""
    cx, cy = centre(index)
    dx, dy = DIRECTION_STEP[direction]
    return cx + dx * distance, cy + dy * distance


DEFS = (
    "<defs>"
    # swamp: teal reed tufts; reef: rock dots; mountains: ridges. Each on land (ochre) or flooded (blue).
    f'<pattern id="tf22-swamp-dry" width="10" height="10" patternUnits="userSpaceOnUse">'
    f'<rect width="10" height="10" fill="{PLAIN}"/><circle cx="3" cy="3" r="1.8" fill="#2f7f8f"/>'
    '<circle cx="8" cy="8" r="1.4" fill="#2f7f8f"/></pattern>'
    f'<pattern id="tf22-swamp-wet" width="10" height="10" patternUnits="userSpaceOnUse">'
    f'<rect width="10" height="10" fill="{SHALLOW}"/><circle cx="3" cy="3" r="1.8" fill="#1d5e52"/>'
    '<circle cx="8" cy="8" r="1.4" fill="#1d5e52"/></pattern>'
    f'<pattern id="tf22-reef-dry" width="9" height="9" patternUnits="userSpaceOnUse">'
    f'<rect width="9" height="9" fill="{PLAIN}"/><rect x="2" y="2" width="3" height="3" fill="#2b6cb0"/></pattern>'
    f'<pattern id="tf22-reef-wet" width="9" height="9" patternUnits="userSpaceOnUse">'
    f'<rect width="9" height="9" fill="{SHALLOW}"/><rect x="2" y="2" width="3" height="3" fill="#c9a25a"/></pattern>'
    f'<pattern id="tf22-mountain" width="12" height="8" patternUnits="userSpaceOnUse">'
    f'<rect width="12" height="8" fill="{MOUNTAIN}"/><path d="M1,7l4,-5l4,5" fill="none" stroke="#b08a5e" '
    'stroke-width="1.2"/></pattern>'
    # White Ore: a lump
    '<path id="tf22-ore" d="M-7,2l3,-7l6,-1l5,5l-2,6l-7,2z" fill="#fbfbf7" stroke="#3b3b3b" stroke-width="1.5"/>'
    "</defs>"
)

STYLE = (
    ".cargobay-tf22 .action{cursor:pointer}"
    "@media (pointer:coarse){.cargobay-tf22 .for-mouse{display:none}}"
    "@media not all and (pointer:coarse){.cargobay-tf22 .for-touch{display:none}}"
    ".cargobay-tf22 .action:focus{outline:none}"
    ".cargobay-tf22 .action .ring{stroke:transparent;stroke-width:3px}"
    ".cargobay-tf22 .action:hover .ring{stroke:#0b0d12}"
    ".cargobay-tf22 .action:focus-visible .ring{stroke:#0b0d12;stroke-width:4px}"
    ".cargobay-tf22 .unit .ring{stroke:#ffd36b;stroke-width:3.5px}"
    ".cargobay-tf22 .unit:hover .ring{stroke:#0b0d12}"
    ".cargobay-tf22 .unit:focus-visible .ring{stroke:#0b0d12;stroke-width:4.5px}"
    ".cargobay-tf22 .target .hit{fill:#ffd36b;fill-opacity:.55}"
    ".cargobay-tf22 .target:hover .hit,.cargobay-tf22 .target:focus-visible .hit{fill-opacity:.9}"
    ".cargobay-tf22 .pods-b .hit{fill:#8fdca3;fill-opacity:.85}"
    ".cargobay-tf22 .pods-a .hit{fill-opacity:.85}"
    ".cargobay-tf22 .site .hit{fill:#ffd36b;fill-opacity:.8;stroke:#8a5a00;stroke-width:1.5px}"
    ".cargobay-tf22 .site:hover .hit,.cargobay-tf22 .site:focus-visible .hit{fill-opacity:1;stroke:#0b0d12;"
    "stroke-width:3px}"
    # once a site is picked, the other sites step back (pressing one still moves the pick): pods A and B stand out
    ".cargobay-tf22[data-selection^='site:'] .site .hit{fill:#ffffff;fill-opacity:.35;stroke:none}"
    ".cargobay-tf22 .noclick,.cargobay-tf22 [data-hover-layer]{pointer-events:none}"
)
