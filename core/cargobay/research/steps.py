"""A Cargo Bay game as a tree of integer picks: what the OpenSpiel game and the PettingZoo environment share.

A ``Node`` is a cargobay state plus what is pending inside one decision: the acting seat's partial action
(``prefix``, a selection step such as TF22's ``unit:7``) or, at a chance event, the uniform draws made so far
(``script``, see ``chance``). ``Table`` is one configured game (seats and options) and gives, per node, who acts
(a seat, ``CHANCE``, ``SIMULTANEOUS`` when ``simultaneous`` is on, or ``TERMINAL``), the legal ids of a seat,
the chance outcomes, and the node after a pick.

- Simultaneous nodes: with ``simultaneous=True`` (OpenSpiel's simultaneous dynamics) every pending seat picks
  at once (``apply_joint``); otherwise they are taken in turn, lowest seat first, and a later seat's view
  does not show an earlier seat's choice (the engine keeps a pending choice secret, as between peers).
- TF22's ``undo`` (a convenience of the page: take back this turn's moves) is not offered: it would make the
  tree cyclic and its length unbounded.
- Every complete action is applied to the cargobay state with ``Game.apply``, and logged: ``match_log``
  is a cargobay match log that ``Match.from_log`` replays to the same state.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import CHANCE, JSON, LOG_FORMAT, LOG_VERSION, SIMULTANEOUS, TERMINAL, CargoBayError, Choices, Game
from ..registry import get_spec
from .chance import Done, Pending, probe
from .codecs import Codec, CodecError, codec

HIDDEN_PICKS = frozenset({"undo"})


class AdapterError(CargoBayError, ValueError):
    """A pick or an id that is not legal at this node, or a configuration the adapter cannot give."""


@dataclass
class Node:
    """One decision point; nodes are never changed in place (``Table`` returns new ones)."""

    state: Any
    log: tuple[tuple[int, str], ...] = ()
    prefix: str = ""
    script: tuple[int, ...] = ()
    cache: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def __deepcopy__(self, memo: dict[int, Any]) -> Node:
        return Node(self.state, self.log, self.prefix, self.script)  # the state is immutable by the protocol

    def __getstate__(self) -> dict[str, Any]:
        return {"state": self.state, "log": self.log, "prefix": self.prefix, "script": self.script}

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.__dict__.update(data, cache={})


@dataclass(frozen=True)
class Picks:
    """The legal picks of a seat at a node: id -> pick, and which picks complete an action."""

    ids: dict[int, str]
    complete: frozenset[str]


def resolve_seats(game: Game[Any], seats: int | None) -> int:
    count = game.min_seats if seats is None else seats
    if not isinstance(count, int) or not game.min_seats <= count <= game.max_seats:
        raise AdapterError(f"{game.title} takes {game.min_seats}-{game.max_seats} players, not {seats!r}")
    return count


class Table:
    """One configured game: ``seats`` players, resolved ``options``."""

    def __init__(self, game_id: str, seats: int | None = None, options: Mapping[str, Any] | None = None,
                 simultaneous: bool = False) -> None:
        self.spec = get_spec(game_id)
        self.game: Game[Any] = self.spec.game
        self.codec: Codec = codec(game_id)
        self.seats = resolve_seats(self.game, seats)
        self.options = self.game.info.resolve_options(options)
        self.simultaneous = simultaneous and self.game.info.simultaneous
        if game_id == "teamup" and self.options.get("mode") == "puzzle":
            raise AdapterError("Team UP!'s puzzle mode draws its set-up by a search (no exact chance outcomes): "
                               "use mode 'game' or 'challenge'")
        self._initial: Node | None = None
        self._own_choices = type(self.game).legal_choices is not Game.legal_choices
        self._steps: dict[str, tuple[str, ...]] = {}
        self._ids: dict[str, int] = {}

    @property
    def id(self) -> str:
        return self.game.id

    # --- nodes --------------------------------------------------------------------------------------------
    def initial(self) -> Node:
        if self._initial is None:  # nodes never change: one initial node serves every match
            self._initial = self.settle(Node(self.game.new_state(self.seats, self.options)))
        return self._initial

    def settle(self, node: Node) -> Node:
        """Apply the chance draws that have one outcome (and events with none) until a real choice."""
        while self.game.current_player(node.state) == CHANCE:
            need = probe(self.game, node.state, node.script)
            if isinstance(need, Done):
                node = self._applied(node, CHANCE, need.action)
            elif need.n == 1:
                node = Node(node.state, node.log, "", (*node.script, 0))
            else:
                break
        return node

    def _applied(self, node: Node, seat: int, action: str) -> Node:
        return Node(self.game.apply(node.state, seat, action), (*node.log, (seat, action)))

    def player(self, node: Node) -> int:
        """The seat to pick, CHANCE, TERMINAL, or SIMULTANEOUS (every pending seat at once)."""
        current = self.game.current_player(node.state)
        if current in (CHANCE, TERMINAL):
            return int(current)
        if current == SIMULTANEOUS and self.simultaneous and not node.prefix:
            return SIMULTANEOUS
        return self.game.acting_seats(node.state)[0]

    def acting(self, node: Node) -> tuple[int, ...]:
        player = self.player(node)
        if player == SIMULTANEOUS:
            return tuple(self.game.acting_seats(node.state))
        return (player,) if player >= 0 else ()

    def is_terminal(self, node: Node) -> bool:
        return self.game.current_player(node.state) == TERMINAL

    # --- picks --------------------------------------------------------------------------------------------
    def picks(self, node: Node, seat: int) -> Picks:
        """The legal picks of ``seat`` (none when it is not to pick)."""
        key = f"picks{seat}"
        if key in node.cache:
            return node.cache[key]  # type: ignore[no-any-return]
        found = Picks({}, frozenset())
        if seat in self.acting(node):
            choices = self._choices(node, seat)
            names = [*choices.actions, *choices.selections]
            shown = [name for name in names if name not in HIDDEN_PICKS] or names
            ids: dict[int, str] = {}
            for name in shown:
                number = self.encode(name)
                if number in ids:
                    raise CodecError(f"{self.id}: {name!r} and {ids[number]!r} share action id {number}")
                ids[number] = name
            if self.player(node) == SIMULTANEOUS and choices.selections:
                raise AdapterError(f"{self.id}: a simultaneous node with selection steps (play it in turn)")
            found = Picks(dict(sorted(ids.items())), frozenset(choices.actions))
        node.cache[key] = found
        return found

    def _choices(self, node: Node, seat: int) -> Choices:
        """``Game.legal_choices``; for a game that keeps the default one, the same from ``legal_actions`` with
        each action's steps remembered (``action_steps`` is a function of the string)."""
        if self._own_choices:
            return self.game.legal_choices(node.state, seat, node.prefix)
        actions: list[str] = []
        selections: set[str] = set()
        prefix = node.prefix
        for action in self.game.legal_actions(node.state, seat):
            chain = self._steps.get(action)
            if chain is None:
                chain = self._steps[action] = ("", *self.game.action_steps(action))
            if prefix not in chain:
                continue
            index = chain.index(prefix)
            if index == len(chain) - 1:
                actions.append(action)
            else:
                selections.add(chain[index + 1])
        return Choices(prefix, tuple(sorted(actions)), tuple(sorted(selections)))

    def encode(self, pick: str) -> int:
        number = self._ids.get(pick)
        if number is None:
            number = self._ids[pick] = self.codec.encode(pick)
        return number

    def legal_ids(self, node: Node, seat: int) -> list[int]:
        return list(self.picks(node, seat).ids)

    def pick_of(self, node: Node, seat: int, action_id: int) -> str:
        picks = self.picks(node, seat)
        if action_id not in picks.ids:
            raise AdapterError(f"action id {action_id} ({self.codec.describe(action_id)}) is not legal for seat "
                               f"{seat} here")
        return picks.ids[action_id]

    def apply(self, node: Node, seat: int, action_id: int) -> Node:
        """The node after ``seat`` picks ``action_id`` (the lowest pending seat at a simultaneous node
        taken in turn; any pending seat may pick first)."""
        pick = self.pick_of(node, seat, action_id)
        if pick in self.picks(node, seat).complete:
            return self.settle(self._applied(node, seat, pick))
        return Node(node.state, node.log, pick, ())

    def apply_joint(self, node: Node, actions: Sequence[int]) -> Node:
        """A simultaneous node: one id per seat (ignored for a seat that is not pending)."""
        for seat in self.acting(node):
            node = self._applied(node, seat, self.pick_of(node, seat, actions[seat]))
        return self.settle(node)

    def pick_string(self, node: Node, seat: int, action_id: int) -> str:
        """The pick an id names here (our action string or selection step); a description if not legal."""
        picks = self.picks(node, seat) if seat >= 0 else None
        if picks is not None and action_id in picks.ids:
            return picks.ids[action_id]
        return self.codec.describe(action_id)

    # --- chance -------------------------------------------------------------------------------------------
    def chance_size(self, node: Node) -> int:
        if "chance" not in node.cache:
            need = probe(self.game, node.state, node.script)
            if not isinstance(need, Pending):
                raise AdapterError("not a chance node")
            node.cache["chance"] = need.n
        return int(node.cache["chance"])

    def apply_chance(self, node: Node, outcome: int) -> Node:
        size = self.chance_size(node)
        if not 0 <= outcome < size:
            raise AdapterError(f"chance outcome {outcome} is not below {size}")
        return self.settle(Node(node.state, node.log, "", (*node.script, outcome)))

    # --- what a seat sees, and the end --------------------------------------------------------------------
    def view(self, node: Node, seat: int | None) -> JSON:
        return self.game.view(node.state, seat)

    def view_text(self, node: Node, seat: int) -> str:
        """The seat's view as canonical JSON, with its own pending selection step (never another seat's)."""
        key = f"text{seat}"
        if key not in node.cache:
            own = node.prefix if node.prefix and self.player(node) == seat else ""
            node.cache[key] = json.dumps({"seat": seat, "step": own, "view": self.view(node, seat)},
                                         sort_keys=True, separators=(",", ":"))
        return str(node.cache[key])

    def returns(self, node: Node) -> list[float]:
        """Win/loss/tie from ``result()["winners"]`` (zero-sum, see ``outcome``); Team UP!: the team score."""
        result = self.game.result(node.state)
        if result is None:
            return [0.0] * self.seats
        return outcome(result, self.seats, self.game.info.cooperative)

    def utility_range(self) -> tuple[float, float]:
        if self.game.info.cooperative:
            return team_range(self.id)
        return -float(self.seats - 1), 1.0

    def match_log(self, node: Node, seed: int = 0) -> JSON:
        """The cargobay match log of the actions applied so far (``Match.from_log`` replays it)."""
        return {"format": LOG_FORMAT, "version": LOG_VERSION, "game": self.id,
                "seats": [f"player_{seat}" for seat in range(self.seats)], "seed": seed,
                "options": {name: list(value) if isinstance(value, tuple) else value
                            for name, value in self.options.items()},
                "actions": [[seat, action] for seat, action in node.log]}


def outcome(result: Mapping[str, Any], seats: int, cooperative: bool) -> list[float]:
    """Returns per seat. A competitive game: each of the ``w`` winners gets +1 and each of the others
    ``-w / (n - w)``, so they sum to 0 (two seats: +1 / -1, a tie 0 / 0; everyone winning: all 0). A
    cooperative game: the team's score on every seat.

    >>> outcome({"winners": [0]}, 2, False), outcome({"winners": [1]}, 4, False), outcome({"winners": [0, 1]}, 2, False)
    ([1.0, -1.0], [-0.3333333333333333, 1.0, -0.3333333333333333, -0.3333333333333333], [0.0, 0.0])
    """
    if cooperative:
        return [float(result["score"])] * seats
    winners = set(result.get("winners", ()))
    if not winners or len(winners) == seats:
        return [0.0] * seats
    loss = -len(winners) / (seats - len(winners))
    return [1.0 if seat in winners else loss for seat in range(seats)]


def team_range(game_id: str) -> tuple[float, float]:
    """A cooperative game's score range (Team UP!: every box unplaced, -27, to every layer full)."""
    if game_id != "teamup":
        raise AdapterError(f"no score range known for {game_id!r}")
    from ..games.teamup.components import BOX_TOTAL, DECK, LAYERS, POINTS_PER_LAYER

    # score = 5 per full layer - boxes unplaced - cards discarded face down
    return -float(BOX_TOTAL + len(DECK)), float(POINTS_PER_LAYER * LAYERS)


_TABLES: dict[tuple[str, int | None, str, bool], Table] = {}


def table(game_id: str, seats: int | None = None, options: Mapping[str, Any] | None = None,
          simultaneous: bool = False) -> Table:
    """A cached ``Table`` (tables are stateless)."""
    key = (game_id, seats, json.dumps(dict(options or {}), sort_keys=True, default=list), simultaneous)
    if key not in _TABLES:
        _TABLES[key] = Table(game_id, seats, options, simultaneous)
    return _TABLES[key]
