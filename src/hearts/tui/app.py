"""The Textual app of ``hearts play``: the table, your hand, and the dialogs.

State lives in the :class:`~hearts.tui.session.Session`; widgets only show
it. Bots act in a worker thread, one action at a time, paced by a timer, so
the interface never freezes.

Keys: arrows move between cards, Enter plays (or, when passing, selects)
the card, a rank then a suit (``q`` ``s``, ``1`` ``0`` ``h``) jumps to a
card; ``p`` passes the selected cards; ``h`` hint, ``u`` undo, ``c`` claim,
``l`` last trick, ``s`` score sheet, ``?`` or F1 help, Ctrl+Q quit. The
card keys, the arrows and Enter are app-level priority bindings handled in
the order they were typed, so a fast ``q s Enter`` plays Q♠ even before the
focus has moved.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from textual import work
from textual.actions import SkipAction
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from hearts.core import Card, ChooseMoon, PassCards, parse_card
from hearts.core.rules import MOON_SCORE

from .session import Session, SessionError
from .stats import after_game
from .table import SeatBox, draw_table
from .text import plural, pretty, pretty_text, rules_text, score_chart, score_sheet, trick_marks

RANKS = "23456789tjqka"
#: places in the hand: the longest hand of any rules (17 cards: 3 players, or Cancellation Hearts for 6)
HAND_PLACES = 17
SUIT_KEYS = "cdhs"

CSS = """
#status { height: 1; padding: 0 1; background: $boost; }
#table { height: 1fr; min-height: 9; }
#message { height: 2; padding: 0 1; color: $warning; }
#hand { height: 3; padding: 0 1; align: center top; }
.card { min-width: 4; width: 6; margin: 0; padding: 0; }
.card.narrow { width: 5; }
.card.tiny { width: 4; border-left: none; border-right: none; }
.card.illegal { opacity: 55%; text-style: dim; }
.card.received { border-top: tall $warning; background: $warning 25%; }
.card.selected { background: $accent; }
.card:focus, .card.illegal:focus { opacity: 100%; text-style: bold reverse; border: tall $accent; }
.card.tiny:focus { border-left: none; border-right: none; }
.card.hearts, .card.diamonds { color: red; }
.four .card.clubs { color: green; }
.four .card.diamonds { color: dodgerblue; }
.large #hand { height: 5; }
.large .card { height: 5; }
#actions { height: 1; padding: 0 1; align: center top; }
#actions Button { margin-right: 1; height: 1; min-width: 10; border: none; }
.dialog { width: auto; min-width: 40; max-width: 95%; height: auto; max-height: 90%; }
.dialog { border: thick $primary; background: $surface; padding: 1 2; }
.dialog Horizontal { height: auto; }
.dialog #body { height: auto; max-height: 60vh; }
.dialog Button { margin-right: 2; }
ModalScreen { align: center middle; }
"""


class TextScreen(ModalScreen[str]):
    """A page of text (help, score sheet) closed by Escape, Enter or one of its buttons (dismissed with the button's id)."""

    BINDINGS = [Binding("escape", "close", "close"), Binding("enter", "close", "close", show=False)]

    def __init__(self, text: str, button: str = "Close", extra: tuple[str, str] | None = None) -> None:
        super().__init__()
        self.text = text
        self.button = button
        self.extra = extra

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            with VerticalScroll(id="body"):
                yield Static(self.text, id="text", markup=False)
            with Horizontal(id="buttons"):  # outside the scroll: always in view
                yield Button(self.button, id="close", variant="primary")
                if self.extra is not None:
                    yield Button(self.extra[1], id=self.extra[0])

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(str(event.button.id))

    def action_close(self) -> None:
        self.dismiss("close")


class MoonScreen(ModalScreen[str]):
    """The moon choice of a human shooter: add 26 to the others, or subtract 26 from oneself."""

    BINDINGS = [Binding("a", "choose('add')", "add"), Binding("s", "choose('subtract')", "subtract")]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("You shot the moon! Choose:", id="moon-title")
            yield Button(f"Add {MOON_SCORE} to everyone else (a)", id="add", variant="primary")
            yield Button(f"Subtract {MOON_SCORE} from your score (s)", id="subtract", variant="success")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(str(event.button.id))

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)


class CardButton(Button):
    """One place of the human's hand, showing the card it holds (hidden when the hand is shorter)."""

    SUITS = ("clubs", "diamonds", "hearts", "spades")
    BINDINGS: ClassVar[list[BindingType]] = []  # Enter is the app's (in typing order), not the focused button's

    def __init__(self, index: int) -> None:
        super().__init__("", id=f"card-{index}", classes="card")
        self.styles.line_pad = 0  # (CSS refuses line-pad: 0) "10♥" needs the room
        self.index = index
        self.card: Card = -1

    def show(self, card: Card | None, legal: bool = True, selected: bool = False, received: bool = False, large: bool = False) -> None:
        self.display = card is not None
        if card is None:
            self.card = -1
            return
        self.card = card
        self.label = pretty(card)[:-1] + "\n\n" + pretty(card)[-1] if large else pretty(card)
        for suit in self.SUITS:
            self.set_class(suit == self.SUITS[card // 13], suit)
        self.set_class(not legal, "illegal")
        self.set_class(selected, "selected")
        self.set_class(received, "received")


class Table(Static):
    """The seats round the trick, drawn by :func:`~hearts.tui.table.draw_table` at the widget's size."""

    def __init__(self, four_colour: bool = False) -> None:
        super().__init__(id="table")
        self.boxes: list[SeatBox] = []
        self.centre: list[str] = []
        self.four_colour = four_colour

    def set_table(self, boxes: list[SeatBox], centre: list[str]) -> None:
        self.boxes, self.centre = boxes, centre
        self.refresh()

    def render(self) -> Any:
        if not self.boxes:
            return ""
        return draw_table(self.boxes, self.centre, self.size.width, self.size.height, self.four_colour)


def card_keys() -> list[Binding]:
    """Priority bindings for the keys that name a card; h, c and s also name an action, shown in the footer."""
    actions = {"h": "hint", "c": "claim", "s": "scores"}
    keys = sorted(set(RANKS + SUIT_KEYS + "10"))
    return [Binding(k, f"typed('{k}')", actions.get(k, ""), show=k in actions, priority=True) for k in keys]


class HeartsApp(App[None]):
    """A game of Hearts against bots; ``new_game`` makes the session of "Play again" (default: same rules, seats and bots)."""

    TITLE = "hearts"
    CSS = CSS
    BINDINGS = [
        Binding("question_mark", "help", "help"),
        Binding("f1", "help", "help", show=False),
        Binding("p", "pass_cards", "pass"),
        *card_keys(),
        Binding("u", "undo", "undo"),
        Binding("l", "last", "last trick"),
        Binding("enter", "enter", "play", show=False, priority=True),
        Binding("left", "move(-1)", show=False, priority=True),
        Binding("right", "move(1)", show=False, priority=True),
        Binding("ctrl+q", "quit", "quit"),
    ]

    def __init__(
        self,
        session: Session,
        *,
        delay: float = 0.6,
        new_game: Callable[[], Session] | None = None,
        continue_last: Callable[[], Session] | None = None,
        four_colour: bool = False,
        large_cards: bool = False,
    ) -> None:
        super().__init__()
        self.continue_last = continue_last
        self.four_colour = four_colour
        self.large_cards = large_cards
        self.session = session
        self.delay = delay
        self.new_game = new_game
        self.busy = False
        self.picked: list[int] = []  # places in the sorted hand chosen to pass (two copies are two places)
        self.cursor = 0  # the place of the card under the cursor, moved at once by the keys
        self.typed = ""
        self.message = ""
        self.dialog_open = False

    # -- layout --------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="status")
        yield Table(self.four_colour)
        yield Static(id="message")
        with Horizontal(id="hand"):
            for i in range(max(HAND_PLACES, self.session.rules.cards_each)):
                yield CardButton(i)
        with Horizontal(id="actions"):
            yield Button("Pass (p)", id="pass", variant="primary")
            yield Button("Hint (h)", id="hint")
            yield Button("Undo (u)", id="undo")
            yield Button("Claim (c)", id="claim")
        yield Footer()

    def seat_order(self) -> list[int]:
        """Seats in table order: the human, then the others in the order of play (clockwise, from the human's left)."""
        n, me = self.session.rules.players, self.session.human
        return [(me + i) % n for i in range(n)]

    def on_mount(self) -> None:
        self.screen.set_class(self.four_colour, "four")
        self.screen.set_class(self.large_cards, "large")
        self.fit_cards(self.size.width)
        self.refresh_all()
        if self.continue_last is not None:  # an unfinished game is saved: offer it first
            self.dialog_open = True
            text = "Your last game is not over. Go on with it, or play the new game just dealt?"
            self.push_screen(TextScreen(text, "Continue the last game", ("new", "New game")), self.start_chosen)
            return
        self.after_action()

    def start_chosen(self, choice: str | None = None) -> None:
        """Continue the last game (the default button, Enter) or keep the new one."""
        self.dialog_open = False
        if choice != "new" and self.continue_last is not None:
            self.session = self.continue_last()
            self.fit_cards(self.size.width)
            self.say(f"Welcome back: hand {self.session.hand.number}.")
        self.continue_last = None
        self.after_action()

    def on_resize(self, event: Resize) -> None:
        self.fit_cards(event.size.width)

    def fit_cards(self, width: int) -> None:
        """Narrower cards (5 columns, then 4 without side borders) when the hand would not fit the window at 6 a card."""
        each = (width - 2) // max(1, self.session.rules.cards_each)
        for b in self.query(CardButton):
            b.set_class(each == 5, "narrow")
            b.set_class(each <= 4, "tiny")

    @property
    def selected(self) -> list[Card]:
        """The cards chosen to pass, in the order chosen."""
        order = sorted(self.session.view().hand)
        return [order[i] for i in self.picked if i < len(order)]

    # -- showing -------------------------------------------------------------
    def who(self, seat: int, capital: bool = False) -> str:
        """A seat in a sentence: its name, or "you"."""
        if seat == self.session.human:
            return "You" if capital else "you"
        return self.session.names[seat]

    def refresh_all(self) -> None:
        s = self.session
        v = s.view()
        turn = "the game is over" if s.game_over else "the hand is over" if s.hand_over else self.turn_text()
        hearts = "hearts broken" if v.hearts_broken else "hearts not broken"
        passing = "no passing" if v.pass_direction == "none" else f"pass {v.pass_direction}"
        self.query_one("#status", Static).update(f"Hand {v.hand_number} · {passing} · {hearts} · {turn}")
        self.query_one(Table).set_table(self.seat_boxes(), self.centre_lines())
        self.query_one("#message", Static).update(self.message_text())
        self.show_hand()
        self.query_one("#pass", Button).display = v.phase == "pass" and s.human_to_act()
        self.query_one("#claim", Button).disabled = self.busy or not s.can_claim()
        self.query_one("#undo", Button).disabled = self.busy or not s.can_undo()

    def trick_in_view(self) -> tuple[int, tuple[Card, ...], bool] | None:
        """The trick the table shows: (leader, cards, done); the last one stays in view until the next lead."""
        v = self.session.view()
        if v.trick_leader is not None and v.trick:
            return v.trick_leader, v.trick, False
        if v.tricks:
            return v.tricks[-1].leader, v.tricks[-1].cards, True
        return None

    def seat_boxes(self) -> list[SeatBox]:
        s = self.session
        v = s.view()
        movers = set(s.game.seats_to_act()) if not s.hand_over else set()
        shown = self.trick_in_view()
        cards: dict[int, tuple[str | None, str, str]] = {}
        if shown is not None:
            leader, trick, done = shown
            cancelled, winner = trick_marks(s.rules, trick)
            taker = v.tricks[-1].winner if done else None
            for i, c in enumerate(trick):
                seat = (leader + i) % v.players
                tags = []
                if i in cancelled:
                    tags.append("✗")
                if done:
                    state = "took" if seat == taker else "last"
                    if seat == taker:
                        tags.append("took it")
                else:
                    state = "cancelled" if i in cancelled else "win" if i == winner else "live"
                    if i == winner:
                        tags.append("★")
                if i == 0:
                    tags.append("led")
                cards[seat] = (pretty(c), " ".join(tags), state)
        boxes = []
        for seat in self.seat_order():
            card, marks, state = cards.get(seat, (None, "", "live"))
            if v.phase == "pass" and v.pass_direction != "none":
                marks = "passing…" if not v.passes_chosen[seat] else "passed"
            boxes.append(
                SeatBox(
                    name=s.names[seat],
                    info=(f"score {s.game.scores[seat]} (+{v.points_taken[seat]})", plural(v.hand_sizes[seat], "card")),
                    card=card,
                    marks=marks,
                    state=state,
                    to_move=seat in movers and v.phase == "play",
                    you=seat == s.human,
                )
            )
        return boxes

    def centre_lines(self) -> list[str]:
        s = self.session
        v = s.view()
        if v.phase == "pass":
            if v.pass_direction == "none":
                return [f"Hand {v.hand_number}", "no passing this hand"]
            target = v.pass_target
            to = f" to {s.names[target]}" if target is not None else ""
            return [f"Hand {v.hand_number}", f"pass {plural(s.rules.pass_count, 'card')} {v.pass_direction}{to}"]
        total = s.rules.cards_each
        lines: list[str] = []
        if v.trick_leader is not None and v.trick:
            cancelled, winner = trick_marks(s.rules, v.trick)
            lines.append(f"Trick {len(v.tricks) + 1} of {total}")
            lines.append(f"{self.who(v.trick_leader, True)} led {pretty(v.trick[0])}")
            if winner is not None:
                seat = (v.trick_leader + winner) % v.players
                owner = "your" if seat == s.human else f"{s.names[seat]}'s"
                lines.append(f"★ {owner} {pretty(v.trick[winner])} is winning")
            else:
                lines.append("every winning card has cancelled: set aside so far")
            if cancelled:
                lines.append("✗ cancelled: " + " ".join(pretty(v.trick[i]) for i in sorted(cancelled)))
        elif v.tricks:
            t = v.tricks[-1]
            lines.append(f"Trick {len(v.tricks)} of {total} done")
            if t.winner is None:
                lines.append(f"set aside ({plural(t.points, 'point')}): the next winner takes it")
            else:
                take = "take" if t.winner == s.human else "takes"
                lines.append(f"{self.who(t.winner, True)} {take} it, {plural(t.points, 'point')}")
            if v.phase == "play":
                lines.append(self.lead_text())
        elif v.phase == "play":
            lines.append(f"Trick 1 of {total}")
            lines.append(self.lead_text())
        return lines

    def lead_text(self) -> str:
        seat = self.session.hand.to_move
        return "your lead" if seat == self.session.human else f"{self.session.names[seat]} to lead"

    def message_text(self) -> str:
        """The last message, and on the first trick the cards received in the pass."""
        v = self.session.view()
        text = self.message
        if v.received and v.phase == "play" and not v.tricks:
            source = self.session.hand.pass_source(self.session.human)
            text += f"\nReceived {' '.join(pretty(c) for c in sorted(v.received))} from {self.session.names[source]} (marked in your hand)."
        return text

    def turn_text(self) -> str:
        s = self.session
        if s.human_to_act():
            return {"pass": f"your turn: choose {plural(s.rules.pass_count, 'card')} to pass", "moon": "you shot the moon"}.get(
                s.phase, "your turn"
            )
        seat = s.bot_to_act()
        return f"{s.names[seat]} to play" if seat is not None and s.phase == "play" else "the others are passing"

    def show_hand(self) -> None:
        v = self.session.view()
        legal = set(v.hand) if v.phase == "pass" else set(v.legal)
        order = sorted(v.hand)
        received = list(v.received or ()) if v.phase == "play" and not v.tricks else []
        for i, button in enumerate(self.query(CardButton)):
            card = order[i] if i < len(order) else None
            mark = card is not None and card in received
            if mark:
                received.remove(card)  # type: ignore[arg-type]
            button.show(card, card in legal, i in self.picked, mark, self.large_cards)
        if order and self.cursor >= len(order):
            self.cursor = len(order) - 1

    def say(self, text: str) -> None:
        self.message = pretty_text(text)
        self.query_one("#message", Static).update(self.message_text())

    # -- bots ----------------------------------------------------------------
    def after_action(self) -> None:
        """After any change: open a dialog, or schedule the next bot action."""
        s = self.session
        self.busy = False
        self.refresh_all()
        if self.dialog_open:
            return
        if s.game_over or s.hand_over:
            self.show_sheet()
        elif s.phase == "moon" and s.human_to_act():
            self.dialog_open = True
            self.push_screen(MoonScreen(), self.moon_chosen)
        elif s.bot_to_act() is not None:
            self.busy = True
            if self.delay > 0:
                hand = s.hand
                trick_done = hand.phase == "play" and bool(hand.tricks) and not hand.trick
                self.set_timer(self.delay * 3 if trick_done else self.delay, self.bot_step)  # a finished trick stays in view
            else:
                self.call_after_refresh(self.bot_step)

    @work(thread=True, exclusive=True, group="bots")
    def bot_step(self) -> None:
        session = self.session
        line = session.step_bot()
        self.call_from_thread(self.bot_done, line, session)

    def bot_done(self, line: str | None, session: Session | None = None) -> None:
        if session is not None and session is not self.session:
            return  # a step of a game replaced by "play again"
        s = self.session
        plays = s.hand.plays
        if line and " plays " in line and plays:
            line = line.rsplit(" ", 1)[0] + " " + pretty(plays[-1])
            trick = s.hand.trick or (s.hand.tricks[-1].cards if s.hand.tricks else ())
            if len(trick) > 1 and len(trick) - 1 in trick_marks(s.rules, trick)[0]:
                line += ": the pair cancels"
        if line and "has chosen" not in line:
            self.message = line
            hand = s.hand
            if hand.tricks and not hand.trick and hand.phase == "play":
                t = hand.tricks[-1]
                if t.winner is None:
                    self.message = line + " · the trick is set aside"
                else:
                    self.message = line + f" · {self.who(t.winner, True)} {'take' if t.winner == s.human else 'takes'} the trick"
        self.after_action()

    # -- dialogs --------------------------------------------------------------
    def sheet_text(self) -> str:
        s = self.session
        points = [list(h.points) for h in s.game.hands if h.points is not None]
        sheet = score_sheet(s.names, points, list(s.game.scores), self.seat_order())
        chart = score_chart(s.names, points, self.seat_order(), int(s.rules.target or 100))
        return sheet + ("\n\n" + chart if chart else "")

    def show_sheet(self) -> None:
        s = self.session
        text = self.sheet_text()
        self.dialog_open = True
        if s.game_over:
            winners = s.game.winners
            names = " and ".join(self.who(w, True) if len(winners) == 1 else s.names[w] for w in winners)
            verb = "win" if len(winners) > 1 or winners == [s.human] else "wins"
            text = f"Game over: {names} {verb}.\n" + "\n".join(after_game(s)) + "\n\n" + text
            self.push_screen(TextScreen(text, "Play again", ("quit", "Quit")), self.game_over_closed)
        else:
            self.push_screen(TextScreen(text, "Next hand"), self.sheet_closed)

    def sheet_closed(self, _: Any = None) -> None:
        self.dialog_open = False
        self.session.next_hand()
        self.picked = []
        v = self.session.view()
        self.say(f"Hand {v.hand_number}: " + ("no passing." if v.pass_direction == "none" else f"pass {v.pass_direction}."))
        self.after_action()

    def game_over_closed(self, choice: str | None = None) -> None:
        """Play again (the default button, Enter), or quit."""
        self.dialog_open = False
        if choice == "quit":
            self.exit()
            return
        self.play_again()

    def play_again(self) -> None:
        s = self.session
        if self.new_game is not None:
            fresh = self.new_game()
        else:
            others = [b for i, b in enumerate(s.bots) if i != s.human]
            fresh = Session.new(s.rules, bots=others, names=s.names, human=s.human, save_path=None)
        self.session = fresh
        self.fit_cards(self.size.width)
        self.picked, self.cursor, self.typed = [], 0, ""
        self.say(f"A new game: {fresh.rules.variant}, {fresh.rules.players} players, to {fresh.rules.target}.")
        self.after_action()

    def moon_chosen(self, choice: str | None) -> None:
        self.dialog_open = False
        if choice:
            self.session.choose_moon(choice)
            self.say(f"You chose to {choice} {MOON_SCORE}.")
        self.after_action()

    # -- input ---------------------------------------------------------------
    def on_button_pressed(self, event: Button.Pressed) -> None:
        if isinstance(event.button, CardButton):
            self.cursor = event.button.index
            self.choose(event.button.index)
        elif event.button.id in ("pass", "hint", "undo", "claim"):
            getattr(self, f"action_{'pass_cards' if event.button.id == 'pass' else event.button.id}")()

    def on_main_screen(self) -> bool:
        return not self.dialog_open and len(self.screen_stack) == 1

    def choose(self, index: int) -> None:
        """The card at ``index`` of the hand, chosen by Enter or a click: toggle it when passing, play it otherwise."""
        s = self.session
        order = sorted(s.view().hand)
        if not 0 <= index < len(order):
            return
        card = order[index]
        if self.busy and s.phase != "pass":  # choosing cards to pass needs no wait
            self.say("Wait for the others.")
            return
        if s.phase == "pass":
            if index in self.picked:
                self.picked.remove(index)
            elif len(self.picked) < s.rules.pass_count:
                self.picked.append(index)
            else:
                self.say(f"You pass {plural(s.rules.pass_count, 'card')}: unselect one first.")
                return
            self.say(f"To pass: {' '.join(pretty(c) for c in self.selected) or 'nothing yet'} (p to pass).")
            self.refresh_all()
            self.put_cursor(index)
            return
        try:
            s.play(card)
        except SessionError as e:
            self.say(str(e)[:1].upper() + str(e)[1:] + ".")
            return
        self.say(f"You play {pretty(card)}.")
        self.after_action()

    def put_cursor(self, index: int) -> None:
        """Move the cursor (and the focus) to the card at ``index`` at once."""
        buttons = [b for b in self.query(CardButton) if b.display]
        if not buttons:
            return
        self.cursor = max(0, min(index, len(buttons) - 1))
        self.screen.set_focus(buttons[self.cursor])

    def focus_card(self, card: Card) -> None:
        """The cursor to ``card`` (of two copies, the first one not chosen to pass)."""
        order = sorted(self.session.view().hand)
        places = [i for i, c in enumerate(order) if c == card]
        if places:
            free = [i for i in places if i not in self.picked]
            self.put_cursor((free or places)[0])

    def action_enter(self) -> None:
        if not self.on_main_screen():
            raise SkipAction()
        focused = self.focused
        if isinstance(focused, Button) and not isinstance(focused, CardButton):
            focused.press()
            return
        self.typed = ""
        self.choose(self.cursor)

    def action_move(self, step: int) -> None:
        if not self.on_main_screen():
            raise SkipAction()
        count = len(self.session.view().hand)
        if count:
            focused_card = isinstance(self.focused, CardButton)
            self.put_cursor((self.cursor + step) % count if focused_card else self.cursor)

    def action_typed(self, ch: str) -> None:
        """A key that may name a card: a rank, then a suit, jumps there; h, c and s alone are hint, claim and scores."""
        if not self.on_main_screen():
            raise SkipAction()
        if self.typed and ch in SUIT_KEYS:
            text, self.typed = self.typed + ch, ""
            card = parse_card(text)
            if card in self.session.view().hand:
                self.focus_card(card)
            else:
                self.say(f"You do not hold {pretty(card)}.")
            return
        if ch == "0" and self.typed == "1":
            self.typed = "10"
            return
        if ch in RANKS or ch == "1":
            self.typed = ch
            return
        self.typed = ""
        if ch in ("h", "c", "s"):
            {"h": self.action_hint, "c": self.action_claim, "s": self.action_scores}[ch]()

    def action_pass_cards(self) -> None:
        s = self.session
        if self.busy:
            self.say("Wait for the others.")
            return
        if s.phase != "pass" or not s.human_to_act():
            self.say("There is nothing to pass now.")
            return
        chosen = self.selected
        try:
            s.pass_cards(chosen)
        except SessionError as e:
            self.say(str(e)[:1].upper() + str(e)[1:] + ".")
            return
        target = s.hand.pass_target(s.human)
        self.say(f"You pass {' '.join(pretty(c) for c in chosen)} to {s.names[target]}.")
        self.picked = []
        self.after_action()

    def action_hint(self) -> None:
        if self.busy:
            return
        try:
            action = self.session.hint()
        except SessionError as e:
            self.say(f"No hint: {e}.")
            return
        if isinstance(action, PassCards):
            self.say("Hint: pass " + " ".join(pretty(c) for c in sorted(action.cards)) + ".")
        elif isinstance(action, ChooseMoon):
            self.say(f"Hint: {action.choice}.")
        else:
            self.say(f"Hint: play {pretty(action.card)}.")
            self.focus_card(action.card)

    def action_undo(self) -> None:
        if self.busy:
            return
        try:
            self.session.undo()
        except SessionError as e:
            self.say(f"Cannot undo: {e}.")
            return
        self.say("Your last card is taken back.")
        self.after_action()

    def action_claim(self) -> None:
        if self.busy:
            return
        try:
            self.session.claim()
        except SessionError as e:
            self.say(f"Cannot claim: {e}.")
            return
        self.say("Claimed: the rest of the hand is played out.")
        self.after_action()

    def action_last(self) -> None:
        s = self.session
        hand = s.hand
        if not hand.tricks:
            self.say("No trick has been played yet in this hand.")
            return
        t = hand.tricks[-1]
        plays = ", ".join(f"{s.names[(t.leader + i) % s.rules.players]} {pretty(c)}" for i, c in enumerate(t.cards))
        who = "set aside" if t.winner is None else f"won by {self.who(t.winner)}"
        self.say(f"Last trick: {plays}; {who}, {plural(t.points, 'point')}.")

    def action_scores(self) -> None:
        self.push_screen(TextScreen(self.sheet_text()))

    def action_help(self) -> None:
        s = self.session
        keys = (
            "Keys: ←/→ move between cards, Enter plays (or selects, when passing), a rank then a suit (q s, 1 0 h) jumps to a card; "
            "p passes the selected cards; h hint, u undo your last card, c claim the rest, l last trick, s scores, ? help, Ctrl+Q quit."
        )
        marks = "On the table: ▶ to play, ★ the card winning the trick, ✗ a cancelled card, 'led' the first card of the trick."
        saved = f"Saved to {s.save_path}" if s.save_path is not None else "Not saved"
        seed = f" (seed {s.seed})" if s.seed is not None else ""
        self.push_screen(TextScreen(rules_text(s.rules) + "\n\n" + keys + "\n" + marks + "\n\n" + saved + seed + "."))
