"""TF22's pieces as data: unit types, where they move, what they fire, what they carry (rulings 2 and 3).

Every piece on or off the map is a ``Piece``: its ``kind``, ``comm`` (the company whose Comm Module it holds, -1
for White Ore and Pontoons, which belong to no company), ``hex`` (-1 when carried), ``carrier`` (the piece
carrying it, -1 on the map) and ``aux`` (a Sea Freighter's direction from its first hex to its second, a Lander's
orientation, a Laser Turret's Lander; -1 otherwise).

>>> size("transporter", 2), fits("freighter", "production"), fits("transporter", "transporter"), RANGE["spider"]
(4, True, False, 3)
"""

from __future__ import annotations

from typing import NamedTuple


class Piece(NamedTuple):
    kind: str
    comm: int
    hex: int
    carrier: int
    aux: int


KINDS = ("lander", "turret", "transporter", "production", "rcu", "spider", "speedboat", "freighter", "pontoon", "ore")
NAMES = {
    "lander": "Lander", "turret": "Laser Turret", "transporter": "Transporter", "production": "Production Unit",
    "rcu": "Robot Combat Unit", "spider": "Heavy Combat Spider", "speedboat": "Speedboat",
    "freighter": "Sea Freighter", "pontoon": "Pontoon", "ore": "White Ore",
}
LAND_UNITS = frozenset({"transporter", "production", "rcu", "spider"})
SEA_UNITS = frozenset({"speedboat", "freighter"})
MOBILE = LAND_UNITS | SEA_UNITS
UNITS = MOBILE | {"pontoon"}  # what scores as a unit aboard a Lander (its turrets and itself do not)
# firing range in hexes (a Robot Combat Unit on a mountain: one more)
RANGE = {"rcu": 2, "spider": 3, "speedboat": 2, "turret": 2}
ARMED = frozenset(RANGE)
CAPTURABLE = MOBILE  # Landers are captured by boarding; Turrets, Pontoons and White Ore cannot be captured
# cargo spaces and what fits (the Lander: unlimited, anything but Landers and Turrets)
CAPACITY = {"freighter": 4, "transporter": 2, "production": 1}
CARRIERS = frozenset(CAPACITY) | {"lander"}
ACCEPTS = {
    "freighter": frozenset({"ore", "rcu", "spider", "transporter", "production", "pontoon"}),
    "transporter": frozenset({"ore", "rcu", "spider", "pontoon"}),
    "production": frozenset({"ore"}),
    "lander": frozenset(UNITS | {"ore"}),
}
BASE_SIZE = {"ore": 1, "rcu": 1, "spider": 1, "pontoon": 1, "transporter": 2, "production": 2,
             "speedboat": 1, "freighter": 1}
# each company's pieces inside its Lander at the start (besides its three Laser Turrets)
START = (("transporter", 1), ("production", 1), ("rcu", 4), ("spider", 1), ("speedboat", 2), ("freighter", 1),
         ("pontoon", 1))
BUILDABLE = ("rcu", "transporter", "pontoon")
BUILDS_PER_TURN = 2
TRANSPORTERS_PER_TURN = 1


def reserve(players: int) -> dict[str, int]:
    """The common reserve: per player 4 Robot Combat Units, 1 Transporter, 1 Pontoon."""
    return {"rcu": 4 * players, "transporter": players, "pontoon": players}


def size(kind: str, carried: int = 0) -> int:
    """Cargo spaces a piece takes: 1, or 2 for a Transporter / Production Unit plus 1 per item it carries."""
    return BASE_SIZE[kind] + carried


def fits(carrier: str, kind: str) -> bool:
    return kind in ACCEPTS.get(carrier, ())


def domain(kind: str) -> str:
    """"land", "sea" or "" (pieces that never move on their own)."""
    return "land" if kind in LAND_UNITS else "sea" if kind in SEA_UNITS else ""
