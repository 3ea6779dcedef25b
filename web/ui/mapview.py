# The pure part of the map's pan and zoom (ui/panzoom.py wires it to the page): view boxes (x, y, w, h in the
# map's units) zoomed about a point, panned, kept on the map; and a unit's reach drawn from the board's
# data-reach (hexes by AP cost, each hex two base-36 digits, costs 1, 2, ... separated by "."; see
# core/cargobay/games/tf22/svg_pieces.py). No DOM here: tested with pytest under CPython and MicroPython.

MAX_ZOOM = 8.0  # the smallest view is the whole map / MAX_ZOOM
STEP = 1.25  # one press of + or -


def parse_box(text):
    """"x y w h" (a viewBox attribute) -> a tuple of floats, or None."""
    try:
        parts = [float(p) for p in str(text or "").replace(",", " ").split()]
    except ValueError:
        return None
    if len(parts) != 4 or parts[2] <= 0 or parts[3] <= 0:
        return None
    return (parts[0], parts[1], parts[2], parts[3])


def box_text(box):
    return " ".join(_num(v) for v in box)


def _num(value):
    text = f"{value:.2f}"
    text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def clamp(box, full):
    """The box no larger than the whole map nor smaller than MAX_ZOOM allows, its centre on the map."""
    fx, fy, fw, fh = full
    x, y, w, h = box
    scale = min(1.0, max(1.0 / MAX_ZOOM, w / fw))
    w, h = fw * scale, fh * scale
    cx = min(max(x + box[2] / 2, fx + w / 2), fx + fw - w / 2)
    cy = min(max(y + box[3] / 2, fy + h / 2), fy + fh - h / 2)
    return (cx - w / 2, cy - h / 2, w, h)


def zoom(box, full, factor, px=None, py=None):
    """Zoom in by ``factor`` (> 1 in, < 1 out) keeping the map point (px, py) where it is on screen (default:
    the box's centre)."""
    x, y, w, h = box
    if px is None or py is None:
        px, py = x + w / 2, y + h / 2
    nw, nh = w / factor, h / factor
    scale = min(1.0, max(1.0 / MAX_ZOOM, nw / full[2]))
    nw, nh = full[2] * scale, full[3] * scale
    rx, ry = (px - x) / w, (py - y) / h
    return clamp((px - rx * nw, py - ry * nh, nw, nh), full)


def pan(box, full, dx, dy):
    """Move the view by (dx, dy) map units."""
    return clamp((box[0] + dx, box[1] + dy, box[2], box[3]), full)


def centre_on(box, full, px, py):
    return clamp((px - box[2] / 2, py - box[3] / 2, box[2], box[3]), full)


def zoom_level(box, full):
    return full[2] / box[2]


def to_map(box, rect, cx, cy):
    """A client point (cx, cy) over the map's client rect (left, top, width, height) -> map units (the map is
    drawn with preserveAspectRatio xMidYMid meet)."""
    left, top, width, height = rect
    x, y, w, h = box
    if width <= 0 or height <= 0:
        return x + w / 2, y + h / 2
    scale = min(width / w, height / h)
    ox = left + (width - w * scale) / 2
    oy = top + (height - h * scale) / 2
    return x + (cx - ox) / scale, y + (cy - oy) / scale


def px_per_unit(box, rect):
    return min(rect[2] / box[2], rect[3] / box[3]) if rect[2] > 0 and rect[3] > 0 else 1.0


# ------------------------------------------------------------------------------------------ reach
def decode_reach(code):
    """[(hex index, cost), ...] from a data-reach value ("" or junk: [])."""
    found = []
    for cost, group in enumerate(str(code or "").split("."), 1):
        for i in range(0, len(group) - 1, 2):
            try:
                found.append((int(group[i:i + 2], 36), cost))
            except ValueError:
                return []
    return found


def hex_centre(cell, cols, size, hex_h):
    x, y = cell % cols, cell // cols
    return size + 1.5 * size * x, hex_h * y + (hex_h / 2 if x % 2 else 0.0)


def reach_svg(code, cols, size, hex_h):
    """The hover layer's markup: each reachable hex outlined, its AP cost in a white disc."""
    cells = decode_reach(code)
    if not cells:
        return ""
    half = hex_h / 2 - 1
    s = size - 1
    area = []
    marks = []
    for cell, cost in cells:
        cx, cy = hex_centre(cell, cols, size, hex_h)
        area.append(f"M{_num(cx - s)},{_num(cy)}l{_num(s / 2)},-{_num(half)}h{_num(s)}l{_num(s / 2)},{_num(half)}"
                    f"l-{_num(s / 2)},{_num(half)}h-{_num(s)}z")
        marks.append(f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="8" fill="#ffffff" fill-opacity="0.92"/>'
                     f'<text x="{_num(cx)}" y="{_num(cy + 3.5)}" font-size="10" font-weight="700" '
                     f'text-anchor="middle" fill="#1a1d24">{cost}</text>')
    return (f'<path d="{"".join(area)}" fill="#ffd36b" fill-opacity="0.3" stroke="#8a5a00" stroke-width="1.2"/>'
            + "".join(marks))
