"""Distance fields over the TF22 board for the bots' evaluation: per hex, the steps to the nearest goal through
passable hexes (``field``, breadth first) or to the cheapest of several sources with costs of their own (``trips``)."""

from __future__ import annotations

import heapq

from .board import CELLS, NEIGHBOURS

FAR = 40  # farther than any path on the map


def trips(sources: dict[int, int], passable: bytearray) -> list[int]:
    """Per hex, the fewest steps to one of ``sources`` plus that source's own cost (a Dijkstra with unit steps;
    FAR where none is reached)."""
    found = [FAR] * CELLS
    done = bytearray(CELLS)
    heap = [(cost, cell) for cell, cost in sources.items() if passable[cell]]
    heapq.heapify(heap)
    neighbours, pop, push = NEIGHBOURS, heapq.heappop, heapq.heappush
    while heap:
        cost, cell = pop(heap)
        if done[cell]:
            continue
        done[cell] = 1
        found[cell] = cost
        for n in neighbours[cell]:
            if passable[n] and not done[n]:
                push(heap, (cost + 1, n))
    return found


def field(goals: list[int], passable: bytearray) -> list[int]:
    """A breadth-first search as a list by hex: the steps from ``goals`` through ``passable`` hexes, FAR where none lead
    (``passable`` is used up: every hex reached is cleared in it)."""
    found = [FAR] * CELLS
    frontier = []
    for cell in goals:
        if passable[cell]:
            passable[cell] = 0
            found[cell] = 0
            frontier.append(cell)
    step = 0
    neighbours = NEIGHBOURS
    while frontier:
        step += 1
        reached = []
        for cell in frontier:
            for n in neighbours[cell]:
                if passable[n]:
                    passable[n] = 0
                    found[n] = step
                    reached.append(n)
        frontier = reached
    return found
