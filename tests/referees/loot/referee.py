"""The Loot N' Loaded referee: who acts and what they may do, applying an action, the set-up, the rounds and their
picks (R3, R9, R13), duels, shootouts and coins (R4, R10) and the end (a tie's playoff, R10), on the card effects of
``effects.Effects`` and the state of ``state.Table``."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

from cargobay.games.loot import actions as A  # noqa: N812  (the wire grammar only)
from cargobay.games.loot.cards import ACTION, BASIC, HOGWASH, MIX, UNIQUE  # (tables only)
from tests.referees.loot.effects import Effects
from tests.referees.loot.tables import (
    BEATS,
    DRAWS,
    GUNS,
    HEADS,
    ONCE,
    ROUNDS,
    SETS,
    Illegal,
    item_cards,
    put_backs,
    score,
    type_of,
)


class Referee(Effects):
    """One match refereed from the texts: ``apply(seat, action)`` (seat -1 for chance), then ``acting``, ``legal``,
    ``picture``, ``node_picture``, ``scores`` and ``result`` to compare with the engine."""

    # ---- who acts and what they may do -----------------------------------------------------------------------
    def acting(self) -> list[int]:
        if self.phase == "pick":
            return [s for s in self.pickers if s not in self.picks]
        if self.phase == "gun" and self.duel is not None:
            return [s for s in self.duel[1:] if s not in self.guns]
        if self.phase == "shootout":
            return [s for s in self.shooters if s not in self.draws]
        if self.phase == "playoff":
            return [s for s in self.playoff if s not in self.guns]
        if self.phase == "prompt":
            assert self.prompt is not None
            return [self.prompt[0]]
        return []

    def legal(self, seat: int) -> set[str]:
        if seat not in self.acting():
            return set()
        if self.phase == "pick":
            return {f"pick:{i + 1}" for i, card in enumerate(self.locations) if card is not None}
        if self.phase == "shootout":
            return set(DRAWS)
        if self.phase in ("gun", "playoff"):
            return {f"gun:{g}" for g in GUNS if g not in self.spent[seat]}
        return self._prompt_legal()

    def _prompt_legal(self) -> set[str]:
        assert self.prompt is not None
        seat, kind, _ = self.prompt
        data = self.prompt_data
        if kind == "letter":
            return {f"letter:{i + 1}" for i, c in enumerate(self.locations) if c is not None} | {"letter:later"}
        if kind == "handkerchief":
            return {"keep", "draw"}
        if kind == "arrange":
            return put_backs(self.held, len(self.deck))
        if kind == "take":
            return {f"take:{c}" for c in self.held}
        if kind == "trade":  # R16: the Sleight itself too; R15: a White Flag too
            own = {c.text for c in self.colls[seat]} | ({"flag"} if self.flags[seat] else set())
            return {"trade:none"} | {f"trade:{d}:{o}" for d in self.held for o in own}
        if kind == "copy":
            return {f"copy:{c}" for c in self._copyable(seat, data["card"])}
        if kind == "discard":  # R15: the White Flags are among the cards in front of one
            others = [c.text for c in self.colls[seat] if c is not data["card"]] + ["flag"] * self.flags[seat]
            if len(others) == 1:
                return {f"discard:{others[0]}"}
            return {f"discard:{'+'.join(sorted(pair))}" for pair in itertools.combinations(others, 2)}
        if kind == "steal":
            return ({f"steal:{v}:{c.text}" for v in range(self.players) if v != seat for c in self.colls[v]}
                    | {f"steal:{v}:flag" for v in range(self.players) if v != seat and self.flags[v]})
        raise AssertionError(kind)

    # ---- applying --------------------------------------------------------------------------------------------
    def apply(self, seat: int, action: str) -> None:
        self.steps += 1
        try:
            parsed = A.parse(action)
        except ValueError as exc:
            raise Illegal(f"unparsable {action!r}") from exc
        if self.phase == "deck":
            if seat != -1 or not isinstance(parsed, A.Deck):
                raise Illegal(action)
            self._set_up(list(parsed.cards))
        elif self.phase == "coin":
            if seat != -1 or not isinstance(parsed, A.Coin) or parsed.seat not in self.coin_among:
                raise Illegal(action)
            self._coin(parsed.seat)
        else:
            if seat not in self.acting():
                raise Illegal(f"seat {seat} does not act")
            if isinstance(parsed, A.Draw) and self.phase == "shootout":
                self.draws[seat] = parsed.ms
                if not self.acting():
                    self._shot()
            elif action not in self.legal(seat):
                raise Illegal(f"{action!r} of seat {seat} not in {sorted(self.legal(seat))[:20]}")
            elif self.phase == "pick":
                assert isinstance(parsed, A.Pick)
                self.picks[seat] = parsed.location - 1
                if not self.acting():
                    self._picked()
            elif self.phase in ("gun", "playoff"):
                assert isinstance(parsed, A.Gun)
                self.guns[seat] = parsed.gun
                if not self.acting():
                    self._gunned()
            else:
                self._answer(parsed)
        self._run()

    # ---- the set-up and the rounds ---------------------------------------------------------------------------
    def _set_up(self, cards: list[str]) -> None:
        types = sorted({type_of(c) for c in cards} - {"hogwash"})
        expected = sorted(item_cards(self.players, types) + list(HOGWASH))
        if sorted(cards) != expected:
            raise Illegal("deck composition")
        if self.items:
            if sorted(self.items) != types:
                raise Illegal("deck types differ from the chosen items")
        else:
            mix = (sum(t in BASIC for t in types), sum(t in UNIQUE for t in types), sum(t in ACTION for t in types))
            if mix != MIX[self.players]:
                raise Illegal(f"deck mix {mix}")
        self.deck = list(cards)
        for i in range(self.spots):
            self.locations[i] = self.deck.pop(0) if self.deck else None
        self.round = 1
        self.phase = "busy"
        self._front(("round_start",))

    def _t_round_start(self) -> None:
        self.sitting = set()
        self.asked = set()
        self.crowded = set()
        self._front(("letters",), ("pick", tuple(range(self.players)), False), ("end_round",))

    def _t_letters(self) -> None:
        if not any(self.locations):
            return
        for entry in self.letters:
            seat, got, _ = entry
            if got < self.round and seat not in self.asked:
                self.asked.add(seat)
                self._ask(seat, "letter", "letter", entry=entry)
                self._front(("letters",))
                return

    def _t_pick(self, seats: tuple[int, ...], redo: bool) -> None:
        seats = tuple(s for s in seats if s not in self.sitting)
        if not seats:
            return
        if not any(self.locations):
            # a redo with nothing left: each takes a White Flag (missed card); a round with nothing to pick
            # (the deck ran out, or Love Letters took the last cards): nobody missed anything, no White Flags
            self.seen["pick with no card left" + (" (a redo)" if redo else "")] += 1
            if redo:
                for s in seats:
                    self._flag(s)
            return
        self.pickers = list(seats)
        self.picks = {}
        self._node("pick")

    def _picked(self) -> None:
        picks = dict(self.picks)
        self.phase = "busy"
        self.pickers, self.picks = [], {}
        by_loc: dict[int, list[int]] = {}
        for seat in sorted(picks):
            by_loc.setdefault(picks[seat], []).append(seat)
        tasks: list[tuple[Any, ...]] = []
        crowd: list[int] = []
        for loc in sorted(by_loc):        # R3: the crowds on a location crowded before go first
            if len(by_loc[loc]) >= 3 and loc in self.crowded:
                tasks.append(("crowd_discard", loc, tuple(by_loc[loc])))
        for loc in sorted(by_loc):
            if len(by_loc[loc]) == 1:
                tasks.append(("pickup", by_loc[loc][0], loc))
            elif len(by_loc[loc]) >= 3 and loc in self.crowded:
                pass
            elif len(by_loc[loc]) >= 3:
                self.crowded.add(loc)
                self.seen["3+ crowds"] += 1
                crowd += by_loc[loc]
        for loc in sorted(by_loc):
            if len(by_loc[loc]) == 2:
                tasks.append(("duel", loc, *by_loc[loc]))
        if crowd:
            tasks.append(("pick", tuple(sorted(crowd)), True))
        self._front(*tasks)

    def _t_pickup(self, seat: int, loc: int) -> None:
        card = self.locations[loc]
        assert card is not None
        self.locations[loc] = None
        self._front(("gain", seat, card, loc, "pick"))

    def _t_crowd_discard(self, loc: int, seats: tuple[int, ...]) -> None:
        card = self.locations[loc]
        assert card is not None
        self.locations[loc] = None
        self.discards.append(card)
        self.seen["crowd discards"] += 1
        for s in seats:
            self._flag(s)

    def _t_duel(self, loc: int, a: int, b: int) -> None:
        self.duel = (loc, a, b)
        self.guns = {}
        self.ties = 0
        self.seen["duels"] += 1
        self._node("gun")

    def _t_end_round(self) -> None:
        for i in range(self.spots):
            if self.locations[i] is None and self.deck:
                self.locations[i] = self.deck.pop(0)
            elif self.locations[i] is None:
                self.seen["location left empty (deck out)"] += 1
        if self.round == ROUNDS:
            self._final()
            return
        self.round += 1
        self._front(("round_start",))

    # ---- duels, shootouts, coins -----------------------------------------------------------------------------
    def _beats(self, g: str, h: str) -> bool:
        if self.mode == "gun cards":
            g = "acolyte" if g == "duel" else g
            h = "acolyte" if h == "duel" else h
        if g == "acolyte":
            return h in BEATS
        return BEATS.get(g) == h

    def _gunned(self) -> None:
        guns = dict(self.guns)
        for s, g in guns.items():
            if g in ONCE and g not in self.spent[s]:
                self.spent[s].append(g)
        self.guns = {}
        if self.phase == "playoff":
            self._playoff_guns(guns)
            return
        assert self.duel is not None
        _, a, b = self.duel
        ga, gb = guns[a], guns[b]
        self.phase = "busy"
        if self.mode == "quick-draw":
            if ga == gb or "duel" in (ga, gb):
                self.seen["shootouts"] += 1
                self.shooters, self.draws, self.voids = [a, b], {}, 0
                self._node("shootout")
                return
        elif not self._beats(ga, gb) and not self._beats(gb, ga):
            self.ties += 1
            self.seen["gun ties"] += 1
            if self.ties == 3:
                self.coin_among = [a, b]
                self._node("coin")
            else:
                self._node("gun")
            return
        self._duel_won(a if self._beats(ga, gb) else b)

    def _duel_won(self, winner: int) -> None:
        assert self.duel is not None
        loc, a, b = self.duel
        self.duel = None
        self.phase = "busy"
        card = self.locations[loc]
        assert card is not None
        self.locations[loc] = None
        self._front(("flag", b if winner == a else a), ("gain", winner, card, loc, "pick"))

    def _t_flag(self, seat: int) -> None:
        self._flag(seat)

    def _shot(self) -> None:
        draws = dict(self.draws)
        self.draws = {}
        fair = {s: ms for s, ms in draws.items() if ms > 0}
        best = min(fair.values()) if fair else None
        fastest = [s for s, ms in fair.items() if ms == best]
        playoff = bool(self.playoff)
        self.phase = "busy"
        if len(fastest) == 1:
            self.shooters = []
            if playoff:
                self._won(fastest[0])
            else:
                self._duel_won(fastest[0])
            return
        self.voids += 1
        self.seen["void shootouts"] += 1
        if self.voids == 3:
            self.coin_among = list(self.shooters)
            self.shooters = []
            self._node("coin")
        else:
            self._node("shootout")

    def _coin(self, seat: int) -> None:
        self.seen["coins in a playoff" if self.playoff else f"coins in a duel ({self.mode})"] += 1
        self.coin_among = []
        if self.playoff:
            self._won(seat)
        else:
            self._duel_won(seat)

    # ---- the end ---------------------------------------------------------------------------------------------
    def _final(self) -> None:
        pts = self.scores()
        self.tied = [s for s in range(self.players) if pts[s] == max(pts)]
        if len(self.tied) == 1:
            self._won(self.tied[0])
            return
        self.seen[f"playoffs ({self.mode}, {len(self.tied)} tied)"] += 1
        self.playoff = list(self.tied)
        self.quiet = 0
        if self.mode == "quick-draw":
            self.shooters, self.draws, self.voids = list(self.tied), {}, 0
            self._node("shootout")
        else:
            self._node("playoff")

    def _playoff_guns(self, guns: dict[int, str]) -> None:
        out = {s for s in guns if any(self._beats(guns[t], guns[s]) for t in guns if t != s)}
        if out and len(out) < len(guns):
            self.playoff = [s for s in self.playoff if s not in out]
            self.quiet = 0
        else:
            self.quiet += 1
            self.seen["playoff rounds with nobody out"] += 1
        if len(self.playoff) == 1:
            self._won(self.playoff[0])
        elif self.quiet == 3:
            self.coin_among = list(self.playoff)
            self._node("coin")
        else:
            self._node("playoff")

    def _won(self, seat: int) -> None:
        self.winner = seat
        self.playoff = []
        self.phase = "end"
        self._score_coverage()

    def _score_coverage(self) -> None:
        """Which scoring paths the final collections take (for the coverage figures)."""
        colls = [[c.counts for c in coll] for coll in self.colls]
        counts = [Counter(c) for c in colls]
        heads = [sum(HEADS.get(c, 0) for c in coll) for coll in colls]
        holders = [s for s in range(self.players) if any(c in HEADS for c in colls[s])]
        if len({heads[s] for s in holders}) < len(holders):
            self.seen["end: Hogwash place shared"] += 1
        if len(holders) >= 4:
            self.seen["end: Hogwash 4th+ place"] += 1
        most = max(cnt["humility"] for cnt in counts)
        if most and sum(cnt["humility"] == most for cnt in counts) > 1:
            self.seen["end: Humility bonus shared"] += 1
        for s, cnt in enumerate(counts):
            jewels = [cnt[j] for j in cnt if j.startswith("jewel")]
            if jewels and max(jewels) > 1:
                self.seen["end: Jewels in 2+ sets"] += 1
            types = {type_of(c) for c in colls[s]} | ({"flag"} if self.flags[s] else set())
            if cnt["bullets"]:
                self.seen["end: Bullets " + ("scored" if len(types) >= 6 else "short of 6 types")] += 1
            if self.flags[s] + cnt["flag"] >= 5:
                self.seen["end: White Flag set of 5"] += 1
            if cnt["cat"]:
                self.seen["end: a Copy Cat still waiting"] += 1
            for name, table in SETS.items():
                if name != "flag" and cnt[name] >= len(table):
                    self.seen["end: a second set started"] += 1
            if cnt["sheriff"] >= 2:
                self.seen["end: 2+ Sheriff's Badges"] += 1
        if sum(1 for cnt in counts if cnt["sheriff"]) >= 2:
            self.seen["end: Sheriff's Badges at 2+ players"] += 1
            # the per-player reading (each player's own latest Badge 5) the docstring replaced
            pts = self.scores()
            other = score(colls, self.flags, None)
            other = [p + (3 if counts[s]["sheriff"] else 0) for s, p in enumerate(other)]
            if [s for s in range(self.players) if pts[s] == max(pts)] != [
                    s for s in range(self.players) if other[s] == max(other)]:
                self.seen["end: the table-wide Sheriff changes the top score"] += 1
