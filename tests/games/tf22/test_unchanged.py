"""A state handed to ``apply``, or to the bots' ``search.after``, is left as it was: the copy an action changes
shares what it does not change with its parent (the occupancy and the Zones of Fire copy on write, the containers
a unit's action does not touch), so a change made in place on the copy must never reach the parent. Over random
matches (2-4 seats, ``undo`` included), at every step the parent's JSON form, its occupancy and its Zones of Fire
are compared before and after its child is made, and at some steps after every child the search would try."""

from __future__ import annotations

from cargobay.games.tf22.fire import Zones, zones
from cargobay.games.tf22.rules import GAME
from cargobay.games.tf22.search import after
from cargobay.games.tf22.state import Derived, TF22State
from tests.games.tf22.helpers import Scenario, Step, random_steps

MATCHES = 3


def _zones(state: TF22State) -> tuple[object, ...]:
    found = zones(state)
    return [bytes(row) for row in found.count], found.covered, found.silenced, found.proj


def _unchanged(step: Step, before: tuple[object, ...]) -> None:
    """The step's state is as it was before its child was made (``before``: its JSON form and Zones of Fire)."""
    state = step.state
    json, fire = before
    assert GAME.state_to_json(state) == json, (step.number, step.action)
    assert state.derived.same(Derived(state.pieces)), (step.number, step.action)
    assert _zones(state) == fire, (step.number, step.action)
    fresh = Zones(state)
    assert ([bytes(row) for row in fresh.count], fresh.covered, fresh.silenced) == fire[:3], step.number


def _match(seed: int) -> int:
    """Each step's state is compared with what it was once its child is made (checked at the next step)."""
    steps = 0
    last: tuple[Step, tuple[object, ...]] | None = None
    for step in random_steps(seed, 2 + seed % 3, 5):
        if last is not None:
            _unchanged(*last)
        state, player, actions = step.state, step.seat, step.legal
        before = GAME.state_to_json(state), _zones(state)
        if state.journal and step.rng.random() < 0.2:
            step.action = "undo"
        if steps % 8 == 0 and state.phase == "play":
            for other in actions:
                after(GAME, state, player, other)
        last = step, before
        steps += 1
    assert last is not None
    _unchanged(*last)
    return steps


def test_apply_and_the_search_children_leave_the_parent_state_as_it_was() -> None:
    assert sum(_match(seed) for seed in range(MATCHES)) > 500


def _each_leaves_its_parent(s: Scenario, *actions: str) -> None:
    """Each of ``actions`` (in turn, from the scenario's state) leaves the state it was applied to as it was."""
    for action in actions:
        parent = s.state
        before = GAME.state_to_json(parent)
        s.play(action)
        assert GAME.state_to_json(parent) == before, action


def test_the_containers_a_copy_shares_until_one_changes_them_are_copied_before_any_change() -> None:
    """A copy shares the holders, the reserve, the Comm Modules held and the captured companies with its parent
    (TF22State.own): boarding a Lander (holders, captured, modules), replacing its module (modules, holders), a
    repair and a capture (modules), builds (the reserve), and undo of each, change none of them in the parent."""
    s = Scenario(landers=False)
    s.lander(0, "5,12", 0)
    s.lander(1, "18,14", 0, turrets=())
    s.add("rcu", 1, inside="L1")
    s.add("transporter", 1, "25,16", "t")
    s.add("ore", -1, inside="t")
    s.add("spider", 0, "18,12", "a")  # next to the N pod 18,13
    s.add("rcu", 0, "24,16", "b")  # both next to the Transporter
    s.add("rcu", 0, "26,16", "c")
    s.add("production", 0, "22,11", "pu")
    for _ in range(2):
        s.add("ore", -1, inside="pu")
    s.state.known = [1, 0]  # its forecast already read: no reveal ends what undo takes back
    _each_leaves_its_parent(s, "capture:{a}>{L1}", "undo", "capture:{a}>{L1}", "replace:{L1}", "undo",
                            "replace:{L1}", "repair:{L1}>19,14", "undo", "capture:{b}+{c}>{t}", "undo",
                            "build:{pu}>transporter@23,10", "undo", "build:{pu}>rcu@23,11",
                            "build:{pu}>transporter@23,10")
    state = s.state
    assert state.holder == [0, -1] and state.captured[0] == [1] and state.modules[0] == [0, 2]
    assert state.reserve == {"rcu": 7, "transporter": 1, "pontoon": 2}
