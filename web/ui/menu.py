# The menu, built from the engine's catalogue (worker/PROTOCOL.md: GameInfo): a card per game, N seat
# pickers (a seat count within the game's range), its options, a seed; and the friend-match set-up (who
# plays each seat: this page, a friend, or a bot run by this page). No game is named here.
import json

from ui import limits
from ui.dom import by_id, document, element, on, query_param, set_text
from ui.limits import peers


def normalize(hello):
    """The catalogue as a list of GameInfo dicts with every key present (older engines lack some)."""
    games = []
    if not isinstance(hello, dict):
        return games
    shared_bots = hello.get("bots") if isinstance(hello.get("bots"), list) else []
    for game in hello.get("games") or []:
        if not isinstance(game, dict) or not isinstance(game.get("id"), str):
            continue
        seats = game.get("seats")
        if not (isinstance(seats, list) and len(seats) == 2 and all(isinstance(n, int) for n in seats)):
            seats = [2, 2]
        bots = game.get("bots")
        info = {
            "id": game["id"],
            "title": str(game.get("title") or game["id"]),
            "blurb": str(game.get("blurb") or ""),
            "seats": seats,
            "available": bool(game.get("available")),
            "listed": game.get("listed", True) is not False,
            "bots": [str(b) for b in (bots if isinstance(bots, list) else shared_bots)],
            "options": [o for o in game.get("options") or [] if isinstance(o, dict) and isinstance(o.get("name"), str)],
            # option values a match between browsers must use (e.g. gun cards: no reflexes over a network)
            "peer_options": game.get("peer_options") if isinstance(game.get("peer_options"), dict) else {},
        }
        games.append(info)
    return games


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


def seat_label(index):
    return "Seat " + str(index + 1)


def choice_pairs(option):
    """[(value, readable name)] of a choice or set option (its "labels" when it has one per choice)."""
    choices = [str(c) for c in option.get("choices") or []]
    labels = option.get("labels")
    if not (isinstance(labels, list) and len(labels) == len(choices)):
        labels = choices
    return [(value, str(labels[i])) for i, value in enumerate(choices)]


def value_words(option, value):
    """An option value in words (a choice's label, yes/no, the names of a set)."""
    pairs = dict(choice_pairs(option))
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(pairs.get(str(v), str(v)) for v in value) or "none"
    return pairs.get(str(value), str(value))


class Menu:
    def __init__(self):
        self.games = []
        self.game = None  # the selected GameInfo
        self.signature = None
        self.show_tests = query_param("test-games") == "1"
        self.problem_at = ""  # the field a local set-up's problem is about (read_local)
        self.on_pick = None  # fn(game_id): the person picked a game's card (app.py: the engine warms that game)

    def load(self, hello):
        """(Re)build the menu from a catalogue; keeps the selection and seat choices when it is the same."""
        games = normalize(hello)
        signature = json.dumps(games)
        if signature == self.signature:
            return
        self.signature = signature
        self.games = [g for g in games if g["listed"] or self.show_tests]
        menu = by_id("game-menu")
        menu.innerHTML = ""
        for game in self.games:
            card = element("button", type="button", data_game=game["id"], aria_pressed="false")
            card.className = "game-card"
            card.appendChild(element("span", game["title"], **{"class": "game-title"}))
            if game["available"]:
                low, high = game["seats"]
                players = str(low) if low == high else str(low) + "-" + str(high)
                card.appendChild(element("span", players + " players · playable", **{"class": "game-meta"}))
                if game["blurb"]:
                    card.setAttribute("title", game["blurb"])
                on(card, "click", self._picker(game["id"]))
            else:
                card.disabled = True
                card.setAttribute("aria-disabled", "true")
                card.appendChild(element("span", "coming soon", **{"class": "badge"}))
            item = element("li")
            item.appendChild(card)
            if game["available"]:  # the game's rules in our words (build.py writes how-to-play.html)
                item.appendChild(element("a", "How to play " + game["title"], href="./how-to-play.html#" + game["id"],
                                         **{"class": "howto-link"}))
            menu.appendChild(item)
        wanted = self.game["id"] if self.game else query_param("game")  # (?game=<id>: How to play's Play link)
        playable = [g for g in self.games if g["available"]]
        chosen = [g for g in playable if g["id"] == wanted] or playable
        self.select(chosen[0]["id"] if chosen else None)

    def _picker(self, game_id):
        def handler(event):
            self.select(game_id)
            if self.on_pick is not None:
                self.on_pick(game_id)

        return handler

    def select(self, game_id, seats=None):
        self.start_problem("")  # (another game: the last one's problem goes)
        self.game = None
        for game in self.games:
            if game["id"] == game_id:
                self.game = game
        cards = document.querySelectorAll(".game-card")
        for i in range(int(cards.length)):
            card = cards.item(i)
            chosen = str(card.getAttribute("data-game")) == str(game_id)
            card.classList.toggle("selected", chosen)
            card.setAttribute("aria-pressed", "true" if chosen else "false")
        game = self.game
        set_text("setup-title", (game["title"] + " — new match") if game else "No game is playable yet")
        by_id("p2p-menu").hidden = game is None
        self._seats(seats)
        self._options()
        self._friend_seats()
        self._friend_fixed()

    # --- local set-up ----------------------------------------------------------------------------
    def _seats(self, seats=None):
        box = by_id("seat-pickers")
        box.innerHTML = ""
        game = self.game
        if game is None:
            return
        low, high = game["seats"]
        count = len(seats) if seats and low <= len(seats) <= high else low
        if high > low:
            box.appendChild(self._select("seat-count", "Players", [(str(n), str(n)) for n in range(low, high + 1)],
                                         str(count), self._recount))
        kinds = [("human", "Human")] + [(bot, bot[:1].upper() + bot[1:] + " bot") for bot in game["bots"]]
        for seat in range(count):
            default = "human" if seat == 0 or not game["bots"] else game["bots"][0]
            if seats and seat < len(seats) and seats[seat]:
                default = seats[seat]
            box.appendChild(self._select("seat-" + str(seat), seat_label(seat), kinds, default))

    def _recount(self, event):
        """The Players count changed: that many seat pickers, the first ones keeping their choice."""
        count = int(str(by_id("seat-count").value))
        chosen = [str(by_id("seat-" + str(i)).value) for i in range(self._seat_count())]
        self._seats((chosen + [None] * count)[:count])
        by_id("seat-count").focus()  # the picker was drawn again: a keyboard player stays on it

    def _seat_count(self):
        count = 0
        while by_id("seat-" + str(count)):
            count += 1
        return count

    def _select(self, name, label, choices, chosen, on_change=None):
        wrap = element("label", label)
        select = element("select", id=name, name=name)
        for value, text in choices:
            option = element("option", text, value=value)
            if value == chosen:
                option.selected = True
            select.appendChild(option)
        if on_change:
            on(select, "change", on_change)
        wrap.appendChild(select)
        return wrap

    def _options(self):
        box = by_id("option-pickers")
        box.innerHTML = ""
        for option in (self.game or {}).get("options") or []:
            if option.get("menu") is False:  # a peer-only mode (shown fixed in the friend set-up)
                continue
            name = "option-" + option["name"]
            label = str(option.get("label") or option["name"])
            kind = option.get("kind")
            default = option.get("default")
            if kind == "choice":
                box.appendChild(self._select(name, label, choice_pairs(option), str(default)))
            elif kind == "set":
                box.appendChild(self._checkboxes(name, label, option))
            elif kind == "text":  # e.g. a set-up code
                wrap = element("label", label)
                field = element("input", id=name, type="text", autocomplete="off", spellcheck="false")
                if isinstance(option.get("max"), int):
                    field.setAttribute("maxlength", str(option["max"]))
                field.value = str(default or "")
                wrap.appendChild(field)
                box.appendChild(wrap)
            elif kind == "bool":
                wrap = element("label", label)
                field = element("input", id=name, type="checkbox")
                field.checked = bool(default)
                wrap.appendChild(field)
                box.appendChild(wrap)
            else:
                wrap = element("label", label)
                field = element("input", id=name, type="number", step="1", inputmode="numeric")
                for key in ("min", "max"):
                    if isinstance(option.get(key), int):
                        field.setAttribute(key, str(option[key]))
                field.value = str(default)
                wrap.appendChild(field)
                box.appendChild(wrap)

    def _checkboxes(self, name, label, option):
        """A set option: a fieldset (legend: its label) with one labelled checkbox per choice, folded in a
        <details> whose summary counts the ticks (a long list would push Start off the screen)."""
        fold = element("details", id=name + "-box", **{"class": "option-set-box"})
        summary = element("summary", "")
        fold.appendChild(summary)
        group = element("fieldset", id=name, **{"class": "option-set"})
        group.appendChild(element("legend", label, **{"class": "sr-only"}))  # the summary shows it
        chosen = [str(c) for c in option.get("default") or []]
        boxes = []
        for value, text in choice_pairs(option):
            wrap = element("label")
            box = element("input", type="checkbox", id=name + "-" + value, value=value)
            box.checked = value in chosen
            boxes.append(box)
            wrap.appendChild(box)
            wrap.appendChild(element("span", text))
            group.appendChild(wrap)
        fold.appendChild(group)

        def count(event=None):
            ticked = len([b for b in boxes if b.checked])
            summary.textContent = label + " \u2014 " + str(ticked) + " of " + str(len(boxes)) + " ticked"

        count()
        on(group, "change", count)
        return fold

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
        target = by_id(field) if field else None
        if target:
            target.parentNode.after(note)  # the field's own label
            target.setAttribute("aria-invalid", "true")
            target.setAttribute("aria-describedby", "start-problem")
        else:
            by_id("option-pickers").after(note)
        note.textContent = text
        note.hidden = not text
        if text:
            note.scrollIntoView(False)  # (its bottom at the bottom of the window, if it was out of view)

    def restore(self, setup):
        """Show a resumed match's set-up in the pickers."""
        if isinstance(setup, dict) and isinstance(setup.get("seats"), list):
            self.select(setup.get("game"), [str(s) for s in setup["seats"]])

    # --- friend-match set-up ---------------------------------------------------------------------
    def _friend_seats(self):
        box = by_id("p2p-seat-pickers")
        box.innerHTML = ""
        game = self.game
        if game is None:
            return
        low, high = game["seats"]
        count = min(high, peers()[1])
        choices = [("me", "You"), ("friend", "A friend")] + [
            ("bot:" + bot, bot[:1].upper() + bot[1:] + " bot (on your page)") for bot in game["bots"]]
        bot = "bot:" + game["bots"][0] if game["bots"] else "friend"
        for seat in range(count):
            # the default: you and one friend, the other seats the game needs bots (Haul: you, a friend, two
            # bots; Team UP!: you and a friend), further seats nobody
            default = "me" if seat == 0 else "friend" if seat == 1 else bot if seat < low else "none"
            extra = [] if seat < low else [("none", "Nobody")]
            box.appendChild(self._select("p2p-seat-" + str(seat), seat_label(seat), extra + choices, default,
                                         lambda event: self.friend_problem("")))

    def _friend_fixed(self):
        """The options a match between browsers always uses, shown fixed (a disabled control and a note);
        the other options are those of the set-up above."""
        box = by_id("p2p-fixed-options")
        box.innerHTML = ""
        fixed = (self.game or {}).get("peer_options") or {}
        for option in (self.game or {}).get("options") or []:
            if option["name"] not in fixed:
                continue
            name = "p2p-option-" + option["name"]
            words = value_words(option, fixed[option["name"]])
            wrap = element("label", str(option.get("label") or option["name"]))
            field = element("select", id=name, aria_describedby=name + "-note")
            field.appendChild(element("option", words, value=words))
            field.disabled = True
            wrap.appendChild(field)
            box.appendChild(wrap)
            box.appendChild(element("p", "between browsers: " + words, id=name + "-note", **{"class": "hint"}))

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
