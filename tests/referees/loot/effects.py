"""The item cards' actions in the Loot N' Loaded referee: gaining a card (R5; R7: every waiting Copy Cat becomes
it), a Sheriff's Badge's date (R11), what each card does (R6, R8), the answers to its prompts (R12, R14-R16) and a
card leaving a collection (R11, R12)."""

from __future__ import annotations

from typing import Any

from cargobay.games.loot import actions as A  # noqa: N812  (the wire grammar only)
from tests.referees.loot.state import Table
from tests.referees.loot.tables import Card, type_of


class Effects(Table):
    # ---- gaining and the item cards' actions -----------------------------------------------------------------
    def _t_gain(self, seat: int, code: str, src: int, how: str) -> None:
        if code == "flag":  # R15: a White Flag card (one a Sleight put into the deck, or one stolen) received
            self.seen[f"white flag card received ({how})"] += 1
            self._flag(seat)
            return
        card = Card(code)
        self.colls[seat].append(card)
        self.seen[f"gained {code}"] += 1
        if code == "sheriff":
            self._badge(seat, src, how, card)
        tasks: list[tuple[Any, ...]] = []
        if how != "steal" or code in ("cat", "clover"):  # R8: a stolen Clover may be the third
            tasks.append(("act", seat, card, code, src))
        if code != "cat":
            # R7: every waiting Copy Cat becomes this card: it leaves the collection, the card acts (with all it
            # draws), then the copy comes in after it and acts too, one Copy Cat after the other
            waiting = [c for c in self.colls[seat] if c.code == "cat" and c.copy is None]
            if len(waiting) >= 2:
                self.seen["cats waited: card (2 at once)"] += 1
            for cat in waiting:
                self.colls[seat].remove(cat)
                self.seen["cat waited: card" + (" (stolen)" if how == "steal" else "")] += 1
                if code == "dynamite" and how != "steal" and self.colls[seat] == [card]:
                    self.seen["cat waited: a Dynamite with no other card"] += 1
                tasks.append(("regain", seat, cat, code, src))
        self._front(*tasks)

    def _t_regain(self, seat: int, cat: Card, code: str, src: int) -> None:
        cat.copy = code
        self.colls[seat].append(cat)
        if code == "sheriff":
            self._badge(seat, src, "cat waited", cat)
        self._front(("act", seat, cat, code, src))

    def _badge(self, seat: int, src: int, how: str, card: Card) -> None:
        """R11: ``seat`` obtains the Sheriff's Badge ``card`` now, at location ``src`` (0-based) of this round."""
        self.clock += 1
        card.badge = [seat, self.round, src + 1, self.clock]
        self.badges.append(card.badge)
        self.badges.sort(key=lambda e: (e[1], e[2]))
        self.seen[f"badges obtained ({how})"] += 1
        if self.badges[-1][3] != self.clock:
            self.seen[f"a badge obtained is not the newest ({how})"] += 1

    def _t_act(self, seat: int, card: Card, code: str, src: int) -> None:
        if all(c is not card for c in self.colls[seat]):
            self.seen["action of a card already gone"] += 1
            return
        if code == "glass":
            self.held = self._draw(3)
            if self.held:
                self._ask(seat, "arrange", card.text, card=card)
        elif code == "keys":
            self.held = self._draw(3)
            if self.held:
                self._ask(seat, "take", card.text, card=card, src=src)
        elif code == "sleight":
            self.held = self._draw(2)
            if self.held:
                self._ask(seat, "trade", card.text, card=card, src=src)
        elif code == "dynamite":
            others = sum(c is not card for c in self.colls[seat])
            self.seen[f"dynamite with {min(others, 2)} other cards"] += 1
            if self.flags[seat]:
                self.seen["dynamite with White Flags"] += 1
            if others or self.flags[seat]:
                self._ask(seat, "discard", card.text, card=card)
        elif code == "dart":
            if any(self.colls[v] or self.flags[v] for v in range(self.players) if v != seat):
                self._ask(seat, "steal", card.text, card=card, src=src)
            else:
                self.seen["dart with nobody to hit"] += 1
        elif code == "handkerchief":
            self._ask(seat, "handkerchief", card.text, card=card, src=src)
        elif code == "cat":
            if self._copyable(seat, card):
                self._ask(seat, "copy", card.text, card=card, src=src)
            else:
                self.seen["cat waits"] += 1
        elif code == "letter":
            self.letters.append([seat, self.round, src + 1])
            self.letters.sort(key=lambda e: (e[1], e[2]))
        elif code == "clover":
            clovers = sum(c.counts == "clover" for c in self.colls[seat])
            if clovers > 3:
                self.seen["clovers beyond 3"] += 1
            if clovers % 3 == 0:
                self.seen["third clovers" + (" (a Copy Cat)" if card.code == "cat" else "")
                          + (" (of a second set)" if clovers > 3 else "")] += 1
                self._front(*(("gain", seat, c, src, "draw") for c in self._draw(1)))

    # ---- answers to prompts ----------------------------------------------------------------------------------
    def _answer(self, parsed: A.Action) -> None:
        assert self.prompt is not None
        seat, label = self.prompt[0], self.prompt[2]  # the card whose ability it is, as it was asked
        data = self.prompt_data
        self.prompt, self.prompt_data = None, {}
        self.phase = "busy"
        card: Card | None = data.get("card")
        if isinstance(parsed, A.Letter):
            if parsed.location is None:
                return
            self.letters.remove(data["entry"])
            self.sitting.add(seat)
            self.seen["letters used"] += 1
            if len(self.sitting) > 1:
                self.seen["2+ letters used in a round"] += 1
            if any(c.text == "cat=letter" for c in self.colls[seat]):
                self.seen["letters used by a cat=letter holder"] += 1
            loc = parsed.location - 1
            got = self.locations[loc]
            self.locations[loc] = None
            self._front(("gain", seat, got, loc, "letter"))
        elif isinstance(parsed, A.Handkerchief):
            assert card is not None
            self.seen["handkerchief " + ("draw" if parsed.draw else "keep")] += 1
            if parsed.draw:       # a Handkerchief leaves: the first one of that name in the collection
                self._lose(seat, next(c for c in self.colls[seat] if c.text == card.text))
                self.discards.append(card.code)
                drawn = self._draw(2)
                self._front(*(("gain", seat, c, data["src"], "draw") for c in drawn))
        elif isinstance(parsed, A.Put):
            self.held.remove(parsed.card)
            self.deck.insert(len(self.deck) if parsed.depth is None else parsed.depth, parsed.card)
            self.seen["put back " + ("at the bottom" if parsed.depth is None else "on top" if parsed.depth == 0
                                     else "in the middle")] += 1
            if self.held:
                self._ask(seat, "arrange", label, card=card)
        elif isinstance(parsed, A.Take):
            self.held.remove(parsed.card)
            self.seen["keys takes"] += 1
            tasks: list[tuple[Any, ...]] = [("gain", seat, parsed.card, data["src"], "draw")]
            if self.held:
                tasks.insert(0, ("ask_arrange", seat, card, label))
            self._front(*tasks)
        elif isinstance(parsed, A.Trade):
            assert card is not None
            tasks = []
            if parsed.drawn is not None and parsed.own == "flag":
                self.flags[seat] -= 1
                self.seen["sleight gives a White Flag back"] += 1
                self.held.remove(parsed.drawn)
                self.held.append("flag")
                self.seen["sleight trades"] += 1
                tasks.append(("gain", seat, parsed.drawn, data["src"], "trade"))
            elif parsed.drawn is not None:
                own = next(c for c in self.colls[seat] if c.text == parsed.own)
                if own is card:
                    self.seen["sleight gives itself back"] += 1
                self._lose(seat, own)
                if own.code == "cat":
                    self.seen["sleight gives a Copy Cat back"] += 1
                self.held.remove(parsed.drawn)
                self.held.append(own.code)
                self.seen["sleight trades"] += 1
                tasks.append(("gain", seat, parsed.drawn, data["src"], "trade"))
            if self.held:
                tasks.insert(0, ("ask_arrange", seat, card, label))
            self._front(*tasks)
        elif isinstance(parsed, A.Copy):
            assert card is not None
            if all(c.code == "cat" for c in self.colls[seat] if c.counts == parsed.card):
                self.seen["copy of a Copy Cat's copy"] += 1
            card.copy = parsed.card
            self.seen[f"copy {type_of(parsed.card)}"] += 1
            if parsed.card == "sheriff":
                self._badge(seat, data["src"], "copy", card)
            if parsed.card != "flag":
                self._front(("act", seat, card, parsed.card, data["src"]))
        elif isinstance(parsed, A.Discard):
            assert card is not None
            for text in parsed.cards:
                if text == "flag":  # R15: a White Flag discarded is a card on the discard pile
                    self.flags[seat] -= 1
                    self.discards.append("flag")
                    self.seen["dynamite discards a White Flag"] += 1
                    continue
                gone = next(c for c in self.colls[seat] if c is not card and c.text == text)
                self._lose(seat, gone)
                self.discards.append(gone.code)
        elif isinstance(parsed, A.Steal) and parsed.card == "flag":  # R15: the victim's White Flag, and one more
            self.flags[parsed.seat] -= 1
            self.seen["steals of a White Flag"] += 1
            self._flag(parsed.seat)
            self._front(("gain", seat, "flag", data["src"], "steal"))
        elif isinstance(parsed, A.Steal):
            victim = parsed.seat
            taken = next(c for c in self.colls[victim] if c.text == parsed.card)
            self.seen["steals"] += 1
            if taken.code in ("cat", "letter"):
                self.seen[f"steal of a {taken.code}" + (" (copying)" if taken.copy else "")] += 1
            moved = None
            if taken.counts == "letter":
                mine = [e for e in self.letters if e[0] == victim]
                if mine and taken.code == "letter":
                    moved = mine[-1]          # the victim keeps the Letters received first
            self._lose(seat=victim, card=taken, keep=moved)
            if moved is not None:     # the thief received it now (round, the Dart's location)
                moved[:] = [seat, self.round, data["src"] + 1]
                self.letters.sort(key=lambda e: (e[1], e[2]))
                self.seen["stolen unused letters"] += 1
            self._flag(victim)
            self._front(("gain", seat, taken.code, data["src"], "steal"))
        else:
            raise AssertionError(parsed)

    def _t_ask_arrange(self, seat: int, card: Card, label: str) -> None:
        self._ask(seat, "arrange", label, card=card)

    # ---- a card leaves a collection --------------------------------------------------------------------------
    def _lose(self, seat: int, card: Card, keep: list[int] | None = None) -> None:
        """``card`` leaves ``seat``'s collection (a Copy Cat forgets its copy); unused Letters beyond the
        Letters still held go too (the latest first), ``keep`` (a stolen unused Letter) moves instead."""
        self.colls[seat] = [c for c in self.colls[seat] if c is not card]
        had = card.counts
        card.copy = None
        if card.badge is not None:       # R11: the very Badge chosen goes, with its own date
            mine = [e for e in self.badges if e[0] == seat]
            if card.badge is not self.badges[-1]:
                self.seen["a badge leaves, not the newest"] += 1
            if card.badge is not mine[-1]:
                self.seen["a badge leaves, not its owner's newest"] += 1
            self.badges = [e for e in self.badges if e is not card.badge]
            card.badge = None
            self.seen["badges lost"] += 1
        if had == "letter":
            if keep is not None:
                return
            held = sum(c.counts == "letter" for c in self.colls[seat])
            mine = [e for e in self.letters if e[0] == seat]
            while len(mine) > held:
                self.letters.remove(mine.pop())
                self.seen["unused letters lost"] += 1
