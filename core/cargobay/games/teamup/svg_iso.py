"""The Team UP! pallet in 3D: an isometric drawing from each of the four sides (90° steps).

Every box is cut into unit cubes, drawn far to near (the sum of the cube's coordinates: exact for unit cubes
on a grid); a cube draws only the faces no neighbour hides (top, and the two faces towards the viewer), and
only the edges where its box ends, so each box reads as one block: its top in its colour (the coloured side
is up), its sides in cardboard. ``ghost`` draws a box that is not there yet (a preview).

Coordinates: the pallet's cells (x, y); rotation ``k`` turns the pallet k quarter turns (``turn``) into the
drawing's frame (u, v), seen from above the corner (u, v) = (far, far) with z up: on screen u goes left and
down, v right and down (a right-handed view, not a mirror image). The board passes ``k + 2`` for its side
``k``, so that side 1 is seen from the plan's corner (0, 0), as the plan is drawn.

>>> scene = Scene([("N", "h", 0, 0, 3, 1, 0), ("red", "v", 3, 0, 1, 3, 0)])
>>> svg = scene.draw(0, 0, 0)
>>> svg.count("<polygon") > 6 and "#d94b3f" in svg
True
"""

from __future__ import annotations

from collections.abc import Sequence

from ...render.svg import num
from .components import DEPTH, LAYERS, WIDTH

__all__ = ["CELL_H", "CELL_W", "LAYER_H", "TOPS", "Scene", "extent", "origin", "size", "turn"]

CELL_W, CELL_H, LAYER_H = 40, 20, 30  # half a cell's width and height on screen, one layer's height
TOPS = {"red": "#d94b3f", "blue": "#3f74d9", "white": "#f4f1e8", "N": "#b9b2a3"}
SIDE_A, SIDE_B, EDGE = "#c9a574", "#a9834f", "#3b2f22"
PALLET_TOP, PALLET_A, PALLET_B = "#d8c29a", "#b79b6b", "#967a4c"

Box = tuple[str, str, int, int, int, int, int]  # colour (or N), orientation, x, y, width, depth, layer


def turn(x: float, y: float, k: int) -> tuple[float, float]:
    """A point of the pallet (0..WIDTH, 0..DEPTH) after ``k`` quarter turns, in the turned grid's frame.

    >>> turn(0, 0, 1), turn(6, 4, 2), turn(6, 0, 3)
    ((4, 0), (0, 0), (0, 0))
    """
    u, v, w, d = x, y, WIDTH, DEPTH
    for _ in range(k % 4):
        u, v, w, d = d - v, u, d, w
    return u, v


def extent(k: int) -> tuple[int, int]:
    """The turned grid's size (cells along u, along v)."""
    return (WIDTH, DEPTH) if k % 2 == 0 else (DEPTH, WIDTH)


def _cell(x: int, y: int, k: int) -> tuple[int, int]:
    """The turned grid cell of cell (x, y): the turned image of its far corner, less nothing."""
    u0, v0 = turn(x, y, k)
    u1, v1 = turn(x + 1, y + 1, k)
    return int(min(u0, u1)), int(min(v0, v1))


class Scene:
    """The boxes on a pallet, ready to be drawn from any side."""

    def __init__(self, boxes: Sequence[Box]) -> None:
        self.boxes = list(boxes)

    def cubes(self, k: int) -> dict[tuple[int, int, int], int]:
        """(u, v, z) -> the index of the box filling that unit cube, in rotation ``k``."""
        out = {}
        for index, (_, _, x, y, w, d, z) in enumerate(self.boxes):
            for i in range(w):
                for j in range(d):
                    out[(*_cell(x + i, y + j, k), z)] = index
        return out

    def draw(self, k: int, ox: float, oy: float) -> str:
        """The pallet and its boxes seen from side ``k``, the far corner of the pallet at (ox, oy)."""
        nu, nv = extent(k)

        def pt(u: float, v: float, z: float) -> str:
            return f"{num(ox + (v - u) * CELL_W)},{num(oy + (u + v) * CELL_H - z * LAYER_H)}"

        def poly(points: Sequence[tuple[float, float, float]], fill: str, extra: str = "") -> str:
            return (f'<polygon points="{" ".join(pt(*p) for p in points)}" fill="{fill}" stroke="{fill}" '
                    f'stroke-width="0.6"{extra}/>')

        out = [  # the pallet: a wooden slab under layer 1
            poly([(0, 0, 0), (nu, 0, 0), (nu, nv, 0), (0, nv, 0)], PALLET_TOP),
            poly([(nu, 0, 0), (nu, nv, 0), (nu, nv, -0.6), (nu, 0, -0.6)], PALLET_A),
            poly([(0, nv, 0), (nu, nv, 0), (nu, nv, -0.6), (0, nv, -0.6)], PALLET_B),
        ]
        corner = turn(0.5, 0.5, k)
        out.append(f'<text x="{pt(corner[0], corner[1], 0).split(",")[0]}" '
                   f'y="{num(float(pt(corner[0], corner[1], 0).split(",")[1]) + 4)}" font-size="13" '
                   f'text-anchor="middle" fill="#6b5637">0,0</text>')
        cubes = self.cubes(k)
        lines: list[str] = []
        for (u, v, z) in sorted(cubes, key=lambda c: (c[0] + c[1] + c[2], c[2])):
            box = cubes[(u, v, z)]
            colour = self.boxes[box][0]

            def same(du: int, dv: int, dz: int, u: int = u, v: int = v, z: int = z, box: int = box) -> bool:
                return cubes.get((u + du, v + dv, z + dz)) == box

            def edge(a: tuple[float, float, float], b: tuple[float, float, float]) -> None:
                lines.append(f'<line x1="{pt(*a).split(",")[0]}" y1="{pt(*a).split(",")[1]}" '
                             f'x2="{pt(*b).split(",")[0]}" y2="{pt(*b).split(",")[1]}"/>')

            lines.clear()
            if (u, v, z + 1) not in cubes:
                out.append(poly([(u, v, z + 1), (u + 1, v, z + 1), (u + 1, v + 1, z + 1), (u, v + 1, z + 1)],
                                TOPS[colour]))
                if not same(0, -1, 0):
                    edge((u, v, z + 1), (u + 1, v, z + 1))
                if not same(1, 0, 0):
                    edge((u + 1, v, z + 1), (u + 1, v + 1, z + 1))
                if not same(0, 1, 0):
                    edge((u, v + 1, z + 1), (u + 1, v + 1, z + 1))
                if not same(-1, 0, 0):
                    edge((u, v, z + 1), (u, v + 1, z + 1))
            if (u + 1, v, z) not in cubes:
                out.append(poly([(u + 1, v, z), (u + 1, v + 1, z), (u + 1, v + 1, z + 1), (u + 1, v, z + 1)],
                                SIDE_A))
                edge((u + 1, v, z), (u + 1, v + 1, z))
                edge((u + 1, v, z + 1), (u + 1, v + 1, z + 1))
                if not same(0, -1, 0):
                    edge((u + 1, v, z), (u + 1, v, z + 1))
                if not same(0, 1, 0):
                    edge((u + 1, v + 1, z), (u + 1, v + 1, z + 1))
            if (u, v + 1, z) not in cubes:
                out.append(poly([(u, v + 1, z), (u + 1, v + 1, z), (u + 1, v + 1, z + 1), (u, v + 1, z + 1)],
                                SIDE_B))
                edge((u, v + 1, z), (u + 1, v + 1, z))
                edge((u, v + 1, z + 1), (u + 1, v + 1, z + 1))
                if not same(-1, 0, 0):
                    edge((u, v + 1, z), (u, v + 1, z + 1))
                if not same(1, 0, 0):
                    edge((u + 1, v + 1, z), (u + 1, v + 1, z + 1))
            if lines:
                out.append(f'<g stroke="{EDGE}" stroke-width="1.1">{"".join(lines)}</g>')
        return "".join(out)

    @staticmethod
    def ghost(box: Box, k: int, ox: float, oy: float, fill: str, stroke: str) -> str:
        """A box that is not placed (a preview): its outer faces, see-through, seen from side ``k``."""
        _, _, x, y, w, d, z = box
        a, b = turn(x, y, k), turn(x + w, y + d, k)
        u0, u1, v0, v1 = min(a[0], b[0]), max(a[0], b[0]), min(a[1], b[1]), max(a[1], b[1])

        def pts(points: Sequence[tuple[float, float, float]]) -> str:
            return " ".join(f"{num(ox + (v - u) * CELL_W)},{num(oy + (u + v) * CELL_H - zz * LAYER_H)}"
                            for u, v, zz in points)

        faces = [
            [(u0, v0, z + 1), (u1, v0, z + 1), (u1, v1, z + 1), (u0, v1, z + 1)],
            [(u1, v0, z), (u1, v1, z), (u1, v1, z + 1), (u1, v0, z + 1)],
            [(u0, v1, z), (u1, v1, z), (u1, v1, z + 1), (u0, v1, z + 1)],
        ]
        return "".join(f'<polygon points="{pts(face)}" fill="{fill}" fill-opacity="0.55" stroke="{stroke}" '
                       'stroke-width="2" stroke-dasharray="5 3"/>' for face in faces)


def size() -> tuple[float, float]:
    """(width, height) of the drawing, the same from every side; draw side ``k`` at
    ``origin(k, left, top)``."""
    return (WIDTH + DEPTH) * CELL_W, (WIDTH + DEPTH) * CELL_H + (LAYERS + 0.6) * LAYER_H


def origin(k: int, left: float, top: float) -> tuple[float, float]:
    """Where the far corner of the pallet goes so that side ``k``'s drawing starts at (left, top)."""
    return left + extent(k)[0] * CELL_W, top + LAYERS * LAYER_H
