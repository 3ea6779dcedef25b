"""Item cards' actions (Item Cards, Basic Rules 2: performed at once, lowest location first): gaining a card,
the prompts of the action cards and of Tall Glass of Water, Copy Cat and Love Letter, and White Flags.

Every function changes the state it is given (the engine passes a copy: ``LootState.fork``, whose shared lists are
replaced here, never changed in place). A prompt is ``[seat, kind, card]``:
``card`` is the card whose ability it is (``dynamite``, or ``cat=dynamite`` for a Copy Cat that copied one).
"""

from __future__ import annotations

from ...engine import IllegalActionError
from . import dealt
from .actions import Copy, Discard, Handkerchief, Letter, Put, Steal, Take, Trade, parse
from .cards import _RESOLVED, badge_date, dated, resolved
from .state import LootState

DRAWN = {"glass": 3, "keys": 3, "sleight": 2}  # cards taken from the deck: Tall Glass, Keys, Sleight of Hand
FIRST_PROMPT = {"glass": "arrange", "keys": "take", "sleight": "trade"}
RULE = "Item Cards: the card's action"
FLAG = "flag"  # a White Flag as a card in front of one (ruling 8): discarded, exchanged, stolen like the others
SHALLOW = 5  # a card put back (ruling 7): the depths picked with the card (the top and 4 below); deeper: a step on


def letters_held(state: LootState, seat: int) -> int:
    return sum(1 for card in state.collections[seat] if resolved(card) == "letter")


def flag(state: LootState, seat: int) -> None:
    """A White Flag; a Copy Cat still waiting for a card to copy becomes this White Flag."""
    flags = state.flags[:]  # (a shared list: replaced, never changed in place; LootState.fork)
    flags[seat] += 1
    state.flags = flags
    own = state.collections[seat]
    while "cat" in own:  # every waiting Copy Cat
        own[own.index("cat")] = "cat=flag"
        state.events.append(f"seat {seat}'s Copy Cat copies the White Flag")


def gain(state: LootState, seat: int, card: str) -> None:
    """``card`` joins ``seat``'s collection and its action is performed (a prompt, or more cards gained)."""
    if card == FLAG:  # a White Flag card back from the deck (ruling 8: one a Sleight of Hand exchanged)
        flag(state, seat)
        return
    own = state.collections[seat]
    kind = _RESOLVED.get(card) or resolved(card)
    # a Copy Cat "becomes the second card you receive": a card received, not another Copy Cat turning into its copy
    if "cat" in own and not card.startswith("cat"):
        for _ in range(own.count("cat")):  # every Copy Cat gained with nothing to copy becomes this card (after it)
            own.remove("cat")
            state.gains.insert(0, [seat, f"cat={kind}"])
            state.events.append(f"seat {seat}'s Copy Cat copies {kind}")
    if kind == "sheriff":
        card = badge(state, seat, card)
    own.append(card)
    if kind in _ACTIVE:
        trigger(state, seat, card)


def trigger(state: LootState, seat: int, card: str) -> None:
    """Perform the ability of ``card`` (in ``seat``'s collection already)."""
    own = state.collections[seat]
    kind = resolved(card)
    if kind == "clover":
        third_clover(state, seat)
    elif kind == "dynamite":
        if len(own) > 1 or state.flags[seat]:  # White Flags are cards in front of you (ruling 8)
            state.prompt = [seat, "discard", card]
    elif kind == "dart":
        if any(state.collections[other] or state.flags[other] for other in range(state.players) if other != seat):
            state.prompt = [seat, "steal", card]
    elif kind == "handkerchief":
        state.prompt = [seat, "handkerchief", card]
    elif kind == "cat":
        if copy_choices(state, seat):
            state.prompt = [seat, "copy", card]
    elif kind == "letter":
        add_letter(state, seat)
    elif kind in DRAWN and state.deck:
        dealt.peek_at(state, state.deck[: DRAWN[kind]], seat)  # the top cards, shown to this seat only
        state.held, state.deck = state.deck[: DRAWN[kind]], state.deck[DRAWN[kind]:]
        state.prompt = [seat, FIRST_PROMPT[kind], card]
        state.events.append(f"seat {seat} takes {len(state.held)} cards from the deck ({kind})")


_ACTIVE = frozenset(("clover", "dynamite", "dart", "handkerchief", "cat", "letter", *DRAWN))  # trigger acts on


def third_clover(state: LootState, seat: int) -> None:
    """A Lucky 4 Leaf Clover obtained (gained, copied or stolen: ruling 9): the 3rd (6th, 9th) draws the top card."""
    if sum(1 for c in state.collections[seat] if resolved(c) == "clover") % 3 == 0 and state.deck:
        drawn = dealt.reveal(state, state.deck.pop(0))
        state.events.append(f"seat {seat} draws {drawn} (third clover)")
        state.gains.insert(0, [seat, drawn])


def badge(state: LootState, seat: int, card: str) -> str:
    """A Sheriff's Badge (or a Copy Cat copying one) obtained now: the card dated (ruling 6) as it goes into the
    collection. The table's most recent one is the last of ``badges`` (round, then location: "if multiple are
    chosen the same round, the highest # location becomes the most recent"; the same round and location can only
    be one seat's, e.g. two Badges a Handkerchief draws)."""
    state.badges.append([seat, state.round, state.source])
    state.badges.sort(key=lambda entry: (entry[1], entry[2]))
    return dated(card, state.round, state.source)


def add_letter(state: LootState, seat: int) -> None:
    """An unused Love Letter, ordered by the round and then the location it was received from."""
    state.letters.append([seat, state.round, state.source])
    state.letters.sort(key=lambda entry: (entry[1], entry[2]))


def lose(state: LootState, seat: int, card: str) -> None:
    """``card`` leaves ``seat``'s collection (``flag``: one of its White Flags, ruling 8); a Love Letter lost takes
    an unused one only if no used is left."""
    if card == FLAG:
        flags = state.flags[:]
        flags[seat] -= 1
        state.flags = flags
        return
    state.collections[seat].remove(card)
    mine = [entry for entry in state.letters if entry[0] == seat]
    while len(mine) > letters_held(state, seat):
        state.letters.remove(mine.pop())
    date = badge_date(card)
    if date is not None:  # ruling 6: the Badge that leaves is the one chosen (a Copy Cat leaves as itself)
        state.badges.remove([seat, *date])


def copy_choices(state: LootState, seat: int) -> list[str]:
    """What a Copy Cat can copy: a card in front of ``seat`` (as it counts) or a White Flag."""
    own = {resolved(card) for card in state.collections[seat]} - {"cat"}
    flags = state.flags[seat] > 0 or "flag" in own
    return sorted((own - {"flag"}) | ({"flag"} if flags else set()))


def put_backs(held: list[str], deck: int) -> list[str]:
    """Ruling 7: each card held goes back at any depth of a ``deck``-card deck, one card at a time: ``put:<card>:<d>``
    with ``d`` cards above it (0: on top), or ``put:<card>:bottom`` (also the only place in an empty deck).
    Putting the cards back one by one reaches every order and every set of positions.

    >>> put_backs(["oil", "gold", "oil"], 2)
    ['put:gold:0', 'put:gold:1', 'put:gold:bottom', 'put:oil:0', 'put:oil:1', 'put:oil:bottom']
    >>> put_backs(["oil"], 0)
    ['put:oil:bottom']
    """
    cards = frozenset(held)
    if len(cards) == 1:
        return list(_put_back(held[0], deck)[0])
    key = (cards, deck)
    known = _MERGED.get(key)
    if known is None:
        known = tuple(sorted([action for card in cards for action in _put_back(card, deck)[0]]))
        if len(_MERGED) < 4096:
            _MERGED[key] = known
    return list(known)


def _put_back(card: str, deck: int) -> tuple[tuple[str, ...], frozenset[str]]:
    """The put-backs of one card into a ``deck``-card deck, sorted, and as a set; made once per card and size."""
    key = (card, deck)
    known = _PUT_BACKS.get(key)
    if known is None:
        run = tuple(sorted([f"put:{card}:{depth}" for depth in [*range(deck), "bottom"]]))  # str(Put)
        known = (run, frozenset(run))
        if len(_PUT_BACKS) < 4096:
            _PUT_BACKS[key] = known
    return known


_PUT_BACKS: dict[tuple[str, int], tuple[tuple[str, ...], frozenset[str]]] = {}  # (card, deck size) -> _put_back
_MERGED: dict[tuple[frozenset[str], int], tuple[str, ...]] = {}  # (2-3 cards held, deck size) -> put_backs


def _allowed(state: LootState, action: str) -> bool:
    """``action in prompt_actions(state)``; a put-back is looked up in its card's set (the list is long)."""
    assert state.prompt is not None
    if state.prompt[1] == "arrange":
        if not isinstance(action, str):
            return False
        head, _, _ = action.rpartition(":")  # put:<card>:<depth>, the card without a colon
        card = head[4:]
        return head.startswith("put:") and card in state.held and action in _put_back(card, len(state.deck))[1]
    return action in prompt_actions(state)


def in_front(state: LootState, seat: int) -> list[str]:
    """The cards in front of ``seat``: its collection and its White Flags (``flag``, ruling 8)."""
    return [*state.collections[seat], *[FLAG] * min(state.flags[seat], 2)]  # 2 are as many as any text takes


def prompt_actions(state: LootState) -> list[str]:
    assert state.prompt is not None
    seat, kind, card = state.prompt
    own = in_front(state, seat)
    if kind == "discard":
        own.remove(card)  # the Dynamite just gained is not one of the 2 discarded
        if len(own) <= 1:
            return [f"discard:{c}" for c in sorted(set(own))]
        ordered = sorted(own)
        return sorted({f"discard:{ordered[i]}+{ordered[j]}" for i in range(len(ordered))
                       for j in range(i + 1, len(ordered))})
    if kind == "steal":
        return sorted({f"steal:{o}:{c}" for o in range(state.players) if o != seat for c in in_front(state, o)})
    if kind == "handkerchief":
        return ["draw", "keep"]
    if kind == "copy":
        return [f"copy:{choice}" for choice in copy_choices(state, seat)]
    if kind == "take":
        return sorted({f"take:{c}" for c in state.held})
    if kind == "trade":  # any card in front of one, the Sleight of Hand itself and a White Flag too (rulings 8, 9)
        return sorted({"trade:none", *(f"trade:{d}:{o}" for d in state.held for o in own)})
    if kind == "arrange":
        return put_backs(state.held, len(state.deck))
    open_spots = (f"letter:{index + 1}" for index, c in enumerate(state.locations) if c is not None)
    return sorted(["letter:later", *open_spots])


def answer(state: LootState, seat: int, action: str) -> None:
    """Apply the prompt seat's answer (checked against ``prompt_actions``)."""
    if state.prompt is None or not _allowed(state, action):
        kind = "none" if state.prompt is None else state.prompt[1]
        raise IllegalActionError(f"{action!r} does not answer the choice pending ({kind})", RULE)
    card = state.prompt[2]
    state.prompt = None
    move = parse(action)
    if isinstance(move, Discard):
        for item in move.cards:
            lose(state, seat, item)
            state.discards = [*state.discards, _plain(item)]
        state.events.append(f"seat {seat}'s Dynamite discards {', '.join(move.cards)}")
    elif isinstance(move, Steal):
        _steal(state, seat, move.seat, move.card)
    elif isinstance(move, Handkerchief):
        if move.draw:
            lose(state, seat, card)
            state.discards = [*state.discards, _plain(card)]
            drawn, state.deck = [dealt.reveal(state, c) for c in state.deck[:2]], state.deck[2:]
            state.gains[:0] = [[seat, c] for c in drawn]
            state.events.append(f"seat {seat} discards the Handkerchief and draws {', '.join(drawn) or 'nothing'}")
        else:
            state.events.append(f"seat {seat} keeps the Handkerchief")
    elif isinstance(move, Copy):
        own = state.collections[seat]
        copy = badge(state, seat, "cat=sheriff") if move.card == "sheriff" else f"cat={move.card}"
        own[own.index(card)] = copy
        state.events.append(f"seat {seat}'s Copy Cat copies {move.card}")
        if move.card != "flag":
            trigger(state, seat, f"cat={move.card}")
    elif isinstance(move, Take):
        state.held.remove(move.card)
        state.gains.insert(0, [seat, dealt.reveal(state, move.card)])  # its action: once the extras are back
        state.events.append(f"seat {seat} keeps {move.card} (Keys of Power)")
        _arrange_next(state, seat, card)
    elif isinstance(move, Trade):
        if move.drawn is not None and move.own is not None:
            state.held.remove(move.drawn)
            lose(state, seat, move.own)
            state.held.append(_plain(move.own))
            state.gains.insert(0, [seat, dealt.reveal(state, move.drawn)])
            state.events.append(f"seat {seat} exchanges {move.own} for {move.drawn} (Sleight of Hand)")
        else:
            state.events.append(f"seat {seat} keeps every card (Sleight of Hand)")
        _arrange_next(state, seat, card)
    elif isinstance(move, Put):  # the position is public, the card is not (ruling 7: it stays masked)
        depth = len(state.deck) if move.depth is None else move.depth
        state.held.remove(move.card)
        state.deck.insert(depth, move.card)
        where = ("at the bottom" if move.depth is None else "on top" if not depth
                 else f"{ordinal(depth + 1)} from the top")
        state.events.append(f"seat {seat} puts a card back into the deck, {where}")
        _arrange_next(state, seat, card)
    elif isinstance(move, Letter):
        _letter(state, seat, move.location)


def ordinal(number: int) -> str:
    """A position in words: 1st, 2nd, ...

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st']
    """
    tail = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{tail}"


def _plain(card: str) -> str:
    """A card leaving a collection for the deck or the discards: a Copy Cat is a Copy Cat again, a Badge loses
    its date."""
    return "cat" if card.startswith("cat") else card.partition("@")[0]


def _arrange_next(state: LootState, seat: int, card: str) -> None:
    if state.held:
        state.prompt = [seat, "arrange", card]


def _steal(state: LootState, thief: int, victim: int, card: str) -> None:
    unused = sum(1 for entry in state.letters if entry[0] == victim)
    lose(state, victim, card)
    flag(state, victim)
    state.events.append(f"seat {thief}'s Sleeping Dart takes {card} from seat {victim}")
    if card.startswith("cat"):  # a stolen Copy Cat copies a card of its new owner
        state.gains.insert(0, [thief, "cat"])
        return
    if card == FLAG:  # a White Flag is a card in front of one (ruling 8): the thief takes it
        flag(state, thief)
        return
    if resolved(card) == "sheriff":
        card = badge(state, thief, card)  # obtained now, by the thief: dated anew
    state.collections[thief].append(card)  # moved: its action is not performed again
    if card == "clover":  # except a 3rd Clover's draw: obtained in any way, a theft included (ruling 9)
        third_clover(state, thief)
    if card == "letter" and unused:  # the thief takes an unused Love Letter when the victim has one
        left = [entry for entry in state.letters if entry[0] == victim]
        if len(left) == unused:
            state.letters.remove(left[0])
        add_letter(state, thief)


def _letter(state: LootState, seat: int, location: int | None) -> None:
    if location is None:
        state.events.append(f"seat {seat} keeps the Love Letter for a later round")
        return
    entry = next(e for e in state.letters if e[0] == seat)
    state.letters.remove(entry)
    state.sitting = [*state.sitting, seat]
    state.queue = [*state.queue, [location, seat]]
    state.events.append(f"seat {seat} uses a Love Letter on location {location}")
