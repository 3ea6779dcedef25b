# The menu, built from the engine's catalogue (worker/PROTOCOL.md: GameInfo): a card per game, N seat
# pickers (a seat count within the game's range), its options, a seed; and the friend-match set-up (who
# plays each seat: this page, a friend, or a bot run by this page). No game is named here.
#
# The markup is ui/menuhtml.py's, stamped into index.html by build.py for every game: the menu is a form of native
# controls a person can use before this module runs (pick a game, its seats, its options, a seed). Hydration adopts it
# as it is and reads its state: what was picked before MicroPython was up stays picked. Only what the page lacks is
# drawn here, with the same renderer (a game the stamped catalogue has not, the friend set-up).
import json

from ui import limits
from ui.dom import attr, by_id, document, element, on, query_param, set_text
from ui.limits import peers
from ui.menuhtml import (
    card,
    choice_pairs,
    first_playable,
    friend_fixed,
    friend_seats,
    normalize,
    setup,
    shown,
    signature,
    style,
    title_text,
)


def stamped_catalogue():
    """The catalogue build.py stamped into the page (the engine's hello; None if there is none). Its limits are
    the page's from the first paint (ui/limits.py: the same values the engine sends again when it answers)."""
    el = by_id("catalogue")
    try:
        data = json.loads(str(el.textContent)) if el else None
    except ValueError:
        data = None
    if not isinstance(data, dict):
        return None
    limits.use(data.get("limits"))
    return data


def _node(html):
    """The first element of an HTML text (the renderer's), not yet in the page."""
    made = document.createElement("template")
    made.innerHTML = html
    return made.content.firstElementChild


def _picked():
    """(the checked game card's value or None, whether it is another than the one build.py checked: a person's pick,
    before or after hydration, or ?game=)."""
    radio = document.querySelector(".game-pick:checked")
    return (str(radio.value), not radio.defaultChecked) if radio else (None, False)


def _players(block):
    """A set-up block's Players count as its data-players (style()'s rules for a browser without :has() read it)."""
    count = block.querySelector('select[name="seat-count"]') if block is not None else None
    if count is not None:
        block.setAttribute("data-players", str(count.value))


def _changed(el):
    """A control's choice if a person changed it from the markup's default: ("checked", bool) or ("value", text); else
    None."""
    kind = attr(el, "type")
    if kind in ("checkbox", "radio"):
        return ("checked", bool(el.checked)) if bool(el.checked) != bool(el.defaultChecked) else None
    if str(el.tagName).lower() == "select":
        chosen = el.selectedOptions.item(0) if int(el.selectedOptions.length) else None
        return ("value", str(el.value)) if chosen is not None and not chosen.defaultSelected else None
    return ("value", str(el.value)) if str(el.value) != str(el.defaultValue) else None


def _allows(el, value):
    """Whether a control drawn again can take a value a person gave its former self."""
    if str(el.tagName).lower() == "select":
        return el.querySelector('option[value="' + value.replace('"', "") + '"]') is not None
    if attr(el, "type") == "number":
        try:
            number = int(value.strip())
        except ValueError:
            return False
        low, high = attr(el, "min"), attr(el, "max")
        return (low is None or number >= int(low)) and (high is None or number <= int(high))
    limit = attr(el, "maxlength")
    return limit is None or len(value) <= int(limit)


def _carry(old, made):
    """Keep the person's choices of a card or set-up block drawn again (a cached page's markup against a newer
    engine's catalogue): each control they changed, matched by its data-id (a card by its radio), where the new
    control still offers that choice."""
    found = old.querySelectorAll("select[data-id], input[data-id], .game-pick")
    for i in range(int(found.length)):
        el = found.item(i)
        choice = _changed(el)
        key = attr(el, "data-id")
        fresh = made.querySelector('[data-id="' + key + '"]' if key is not None else ".game-pick")
        if choice is None or fresh is None or bool(fresh.disabled):
            continue
        what, value = choice
        if what == "checked":
            fresh.checked = value
        elif _allows(fresh, value):
            fresh.value = value


class Menu:
    def __init__(self):
        self.games = []
        self.game = None  # the selected GameInfo
        self.signature = None
        self.drawn = None  # {game id: signature} of the markup in the page (None: not adopted yet)
        self.claimed = None  # the game whose set-up block holds the ids (None: not known, every block is set)
        self.show_tests = query_param("test-games") == "1"
        self.problem_at = ""  # the field a local set-up's problem is about (read_local)
        self.on_pick = None  # fn(game_id): the person picked a game's card (app.py: the engine warms that game)

    def load(self, hello):
        """Adopt the page's menu for a catalogue (the first time: the markup build.py stamped from this same catalogue),
        drawing only the games whose markup is missing or differs; keeps the pick and every choice."""
        games = normalize(hello)
        sig = json.dumps(games)
        if sig == self.signature:
            return
        self.signature = sig
        self.games = shown(games, self.show_tests)
        wanted = {g["id"]: signature(g) for g in self.games}
        if self.drawn is None:  # the stamped markup: drawn by build.py from the stamped catalogue
            self._wire()
            cards = document.querySelectorAll("#game-menu .game-card")
            drawn_ids = [str(cards.item(i).getAttribute("data-game")) for i in range(int(cards.length))]
            self.drawn = {gid: wanted[gid] for gid in drawn_ids if gid in wanted}
            for gid in drawn_ids:
                if gid not in wanted:
                    self._remove(gid)
        changed = False
        for game in self.games:
            if self.drawn.get(game["id"]) != wanted[game["id"]]:
                self._draw(game)
                changed = True
        for gid in [g for g in self.drawn if g not in wanted]:
            self._remove(gid)
            changed = True
        self.drawn = wanted
        if changed:
            by_id("menu-picks").textContent = style(self.games)
        for box in self._all(".option-set"):
            self._count(box)
        playable = [g["id"] for g in self.games if g["available"]]
        # the game shown, else the person's pick, else ?game= (How to play's Play link; index.html's inline script
        # checks its card before this runs), else build.py's default
        picked, touched = _picked()
        chosen = [g for g in (self.game["id"] if self.game else None, picked if touched else None,
                              query_param("game"), picked) if g in playable]
        self.select(chosen[0] if chosen else first_playable(self.games))

    def picked_early(self):
        """Whether the game shown was picked by a person (or ?game=) before this module ran: not build.py's default."""
        return self.game is not None and _picked()[1]

    def _all(self, selector, within=None):
        found = (within or document).querySelectorAll(selector)
        return [found.item(i) for i in range(int(found.length))]

    def _block(self, game_id):
        return document.querySelector('.game-setup[data-for="' + str(game_id) + '"]')

    def _card(self, game_id):
        return document.querySelector('#game-menu .game-card[data-game="' + str(game_id) + '"]')

    def _remove(self, game_id):
        for el in (self._card(game_id), self._block(game_id)):
            if el is not None:
                (el.parentNode if el.classList.contains("game-card") else el).remove()

    def _draw(self, game):
        """A game's card and set-up block from the renderer, in place of its old ones (keeping the person's choices
        there that the new ones still offer, and the card's tick) or in catalogue order."""
        order = [g["id"] for g in self.games]
        later = order[order.index(game["id"]) + 1:]
        for made, old, box, find in ((_node(card(game)), self._card(game["id"]), by_id("game-menu"), self._card),
                                     (_node(setup(game)), self._block(game["id"]), by_id("game-setups"), self._block)):
            self.claimed = None  # (a block drawn again: the next select sets every block's ids)
            if old is not None:
                _carry(old, made)
                (old.parentNode if old.classList.contains("game-card") else old).replaceWith(made)
                continue
            after = [el for el in (find(gid) for gid in later) if el is not None]
            anchor = (after[0].parentNode if after[0].classList.contains("game-card") else after[0]) if after else None
            box.insertBefore(made, anchor)

    def _wire(self):
        """The menu's listeners, once, on the page's containers (cards and pickers drawn later need none)."""
        on("game-menu", "change", self._on_change)
        on("game-menu", "click", self._on_click)
        on("game-setups", "change", self._on_setup_change)
        on("p2p-seat-pickers", "change", lambda event: self.friend_problem(""))

    def _on_change(self, event):
        target = event.target
        if target.classList.contains("game-pick") and target.checked:
            self.select(str(target.value))
            if self.on_pick is not None:  # (a pick by the arrow keys too; a second call for one pick is one warm-up)
                self.on_pick(str(target.value))

    def _on_click(self, event):
        """A person's click (or key) on a card, the picked one too: the engine warms that game (app.py)."""
        target = event.target
        if target.classList.contains("game-pick") and not target.disabled and self.on_pick is not None:
            self.on_pick(str(target.value))

    def _on_setup_change(self, event):
        """A Players count changed: the seats past it hide (style()'s rules; for a browser without :has(): _players)."""
        if attr(event.target, "name") == "seat-count":
            _players(event.target.closest(".game-setup"))

    def _count(self, box):
        """A set option's summary: how many of its choices are ticked (a tick by a person: index.html's script)."""
        box.parentNode.querySelector(".set-ticked").textContent = str(len(self._all("input:checked", box)))

    def select(self, game_id, seats=None):
        """Pick a game (its card checked, its block given the ids: #seat-0, #option-..., #seat-pickers); ``seats``
        (a resumed match's) are set in its pickers. Every other choice stays as the person left it."""
        self.start_problem("")  # (another game: the last one's problem goes)
        self.game = None
        for game in self.games:
            if game["id"] == game_id:
                self.game = game
        game = self.game
        radio = document.querySelector('.game-pick[value="' + str(game_id) + '"]') if game else None
        if radio is not None and not radio.checked:
            radio.checked = True
        mine = game["id"] if game else None
        for block in self._all(".game-setup"):  # the ids go to the picked game's block (only two blocks change)
            owner = str(block.getAttribute("data-for"))
            if self.claimed is not None and owner not in (self.claimed, mine):
                continue
            for el in self._all("[data-id]", block):
                if owner == mine:
                    el.id = el.getAttribute("data-id")
                else:
                    el.removeAttribute("id")
        self.claimed = mine
        for block in self._all(".game-setup"):  # (what style.css shows in a browser without :has())
            block.classList.toggle("picked", attr(block, "data-for") == mine)
            _players(block)
        by_id("game-setups").setAttribute("data-picked", mine or "")
        set_text("setup-title", title_text(game))
        by_id("p2p-menu").hidden = game is None
        if game is not None and seats:
            self._set_seats(seats)
        by_id("p2p-seat-pickers").innerHTML = friend_seats(game, peers()[1])
        by_id("p2p-fixed-options").innerHTML = friend_fixed(game)

    def _set_seats(self, seats):
        low, high = self.game["seats"]
        if not low <= len(seats) <= high:
            return
        if by_id("seat-count"):
            by_id("seat-count").value = str(len(seats))
            _players(by_id("seat-count").closest(".game-setup"))
        for seat, kind in enumerate(seats):
            field = by_id("seat-" + str(seat))
            if field and kind and field.querySelector('option[value="' + str(kind) + '"]') is not None:
                field.value = str(kind)

    def _seat_count(self):
        """The local set-up's seats: its Players count (the pickers past it are hidden), else the game's fewest."""
        if self.game is None:
            return 0
        count = by_id("seat-count")
        return int(str(count.value)) if count else self.game["seats"][0]

    def read_options(self):
        """(options, problem) from the option fields; the engine checks the values."""
        options = {}
        for option in (self.game or {}).get("options") or []:
            field = by_id("option-" + option["name"])
            if not field:
                continue
            if option.get("kind") == "bool":
                options[option["name"]] = bool(field.checked)
            elif option.get("kind") == "set":  # the ticked choices
                options[option["name"]] = [value for value, _ in choice_pairs(option)
                                           if by_id("option-" + option["name"] + "-" + value).checked]
            elif option.get("kind") == "text":
                options[option["name"]] = str(field.value).strip()
            elif option.get("kind") == "choice":
                choices = option.get("choices") or []
                text = str(field.value)
                options[option["name"]] = ([c for c in choices if str(c) == text] or [text])[0]
            else:
                try:
                    options[option["name"]] = int(str(field.value).strip())
                except ValueError:
                    self.problem_at = "option-" + option["name"]
                    return None, str(option.get("label") or option["name"]) + " must be a whole number"
        return options, None

    def read_local(self):
        """(setup, problem): {"game", "seats", "seed", "options"} for new_match; a problem's field (its id) is
        ``self.problem_at`` ("" when none is to blame)."""
        self.problem_at = ""
        if self.game is None:
            return None, "Choose a game first."
        seats = [str(by_id("seat-" + str(i)).value) for i in range(self._seat_count())]
        raw = str(by_id("seed").value).strip()
        seed = None
        if raw:
            try:
                seed = int(raw)
            except ValueError:
                self.problem_at = "seed"
                return None, "The seed must be a whole number (or empty for a random one)."
        options, problem = self.read_options()
        if problem:
            return None, problem
        return {"game": self.game["id"], "seats": seats, "seed": seed, "options": options}, None

    def start_problem(self, text, field=""):
        """A local set-up's problem shown next to what caused it: under ``field`` (an input's id: the seed, a
        number option), else under the seats and options (what the engine refuses, e.g. a mix of items), and
        scrolled into view; "" clears it. The field is marked invalid and described by the note."""
        note = by_id("start-problem")
        if not note:  # (it went with the option pickers it stood among, or the page has none yet)
            if not text:
                return
            note = element("p", "", id="start-problem", role="alert", **{"class": "field-problem"})
            note.hidden = True
        marked = document.querySelectorAll("#setup-form [aria-invalid]")
        for i in range(int(marked.length)):
            marked.item(i).removeAttribute("aria-invalid")
            marked.item(i).removeAttribute("aria-describedby")
        if not text:
            note.textContent = ""
            note.hidden = True
            return
        target = by_id(field) if field else None
        if target:
            target.parentNode.after(note)  # the field's own label
            target.setAttribute("aria-invalid", "true")
            target.setAttribute("aria-describedby", "start-problem")
        elif by_id("option-pickers"):
            by_id("option-pickers").after(note)
        note.textContent = text
        note.hidden = False
        note.scrollIntoView(False)  # (its bottom at the bottom of the window, if it was out of view)

    def restore(self, setup):
        """Show a resumed match's set-up in the pickers."""
        if isinstance(setup, dict) and isinstance(setup.get("seats"), list):
            self.select(setup.get("game"), [str(s) for s in setup["seats"]])

    # --- friend-match set-up (drawn by select: ui/menuhtml.friend_seats, friend_fixed) ------------------
    def friend_problem(self, text):
        """A friend set-up's problem shown under the seats that caused it (and scrolled into view); "" clears."""
        note = by_id("p2p-setup-problem")
        if not note:
            return
        note.textContent = text
        note.hidden = not text
        if text:
            note.scrollIntoView(False)  # (its bottom at the bottom of the window, if it was out of view)

    def read_friend(self):
        """(partial setup, problem): {"game", "seats", "owners", "options"} for a match with friends: this
        page (peer 0) owns its seats and its bots; each "friend" seat goes to the next guest (1, 2, ...)."""
        if self.game is None:
            return None, "Choose a game first."
        seats, owners = [], []
        guests = 0
        seat = 0
        while by_id("p2p-seat-" + str(seat)):
            choice = str(by_id("p2p-seat-" + str(seat)).value)
            seat += 1
            if choice == "none":
                continue
            if choice == "friend":
                guests += 1
                seats.append("human")
                owners.append(guests)
            else:
                seats.append("human" if choice == "me" else choice[4:])
                owners.append(0)
        low, high = self.game["seats"]
        if not low <= len(seats) <= high:
            return None, self.game["title"] + " takes " + str(low) + "-" + str(high) + " seats."
        if not guests:
            return None, "Give at least one seat to a friend (else play a local match)."
        options, problem = self.read_options()
        if problem:
            return None, problem
        options.update(self.game.get("peer_options") or {})  # e.g. gun cards: peers refuse anything else
        return {"game": self.game["id"], "seats": seats, "owners": owners, "options": options}, None
