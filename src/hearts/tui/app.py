"""The Textual app of ``hearts play``: the table, your hand, and the dialogs.

State lives in the :class:`~hearts.tui.session.Session`; widgets only show
it. Bots act in a worker thread, one action at a time, paced by a timer, so
the interface never freezes.

Keys: arrows move between cards, Enter plays (or, when passing, selects)
the card, a rank then a suit (``q`` ``s``, ``1`` ``0`` ``h``) jumps to a
card; ``p`` passes the selected cards; ``h`` hint, ``u`` undo, ``c`` claim,
``l`` last trick, ``s`` score sheet, ``?`` or F1 help, Ctrl+Q quit.
"""

from __future__ import annotations

from typing import Any

from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.events import Key
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from hearts.core import Card, ChooseMoon, PassCards, card_name, parse_card

from .session import Session, SessionError
from .text import pretty, rules_text, score_sheet

RANKS = "23456789tjqka"
SUIT_KEYS = "cdhs"

CSS = """
#status { height: 2; padding: 0 1; background: $boost; }
#table { grid-gutter: 0 1; height: auto; padding: 0 1; }
.seat { border: round $primary; height: 6; padding: 0 1; }
.seat.to-move { border: heavy $accent; }
.seat.you { border: round $success; }
#message { height: 2; padding: 0 1; color: $warning; }
#hand { height: auto; padding: 0 1; }
.card { min-width: 6; width: 6; margin: 0; }
.card.illegal { opacity: 50%; text-style: dim; }
.card.selected { background: $accent; }
.card.hearts, .card.diamonds { color: red; }
#actions { height: auto; padding: 0 1; }
#actions Button { margin-right: 1; }
.dialog { width: 80; height: auto; max-height: 90%; border: thick $primary; background: $surface; padding: 1 2; }
ModalScreen { align: center middle; }
"""


class TextScreen(ModalScreen[None]):
    """A page of text (help, last trick, score sheet) closed by Escape, Enter or its button."""

    BINDINGS = [Binding("escape", "close", "close"), Binding("enter", "close", "close", show=False)]

    def __init__(self, text: str, button: str = "Close") -> None:
        super().__init__()
        self.text = text
        self.button = button

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog"):
            yield Static(self.text, id="text", markup=False)
            yield Button(self.button, id="close", variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


class MoonScreen(ModalScreen[str]):
    """The moon choice of a human shooter: add 26 to the others, or subtract 26 from oneself."""

    BINDINGS = [Binding("a", "choose('add')", "add"), Binding("s", "choose('subtract')", "subtract")]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("You shot the moon! Choose:", id="moon-title")
            yield Button("Add 26 to everyone else (a)", id="add", variant="primary")
            yield Button("Subtract 26 from your score (s)", id="subtract", variant="success")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(str(event.button.id))

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)


class CardButton(Button):
    """One place of the human's hand, showing the card it holds (hidden when the hand is shorter)."""

    SUITS = ("clubs", "diamonds", "hearts", "spades")

    def __init__(self, index: int) -> None:
        super().__init__("", id=f"card-{index}", classes="card")
        self.card: Card = -1

    def show(self, card: Card | None, legal: bool = True, selected: bool = False) -> None:
        self.display = card is not None
        if card is None:
            self.card = -1
            return
        self.card = card
        self.label = pretty(card)
        for suit in self.SUITS:
            self.set_class(suit == self.SUITS[card // 13], suit)
        self.set_class(not legal, "illegal")
        self.set_class(selected, "selected")


class HeartsApp(App[None]):
    """A game of Hearts against bots."""

    TITLE = "hearts"
    CSS = CSS
    BINDINGS = [
        Binding("question_mark", "help", "help"),
        Binding("f1", "help", "help", show=False),
        Binding("p", "pass_cards", "pass"),
        Binding("h", "hint", "hint"),
        Binding("u", "undo", "undo"),
        Binding("c", "claim", "claim"),
        Binding("l", "last", "last trick"),
        Binding("s", "scores", "scores"),
        Binding("ctrl+q", "quit", "quit"),
    ]

    def __init__(self, session: Session, *, delay: float = 0.6) -> None:
        super().__init__()
        self.session = session
        self.delay = delay
        self.busy = False
        self.selected: list[Card] = []
        self.typed = ""
        self.message = ""
        self.dialog_open = False
        self.swallow = ""

    # -- layout --------------------------------------------------------------
    def compose(self) -> ComposeResult:
        n = self.session.rules.players
        yield Static(id="status")
        grid = Grid(id="table")
        grid.styles.grid_size_columns = min(n, 6)
        with grid:
            for seat in self.seat_order():
                yield Static(id=f"seat-{seat}", classes="seat")
        yield Static(id="message")
        with Horizontal(id="hand"):
            for i in range(self.session.rules.cards_each):
                yield CardButton(i)
        with Horizontal(id="actions"):
            yield Button("Pass (p)", id="pass", variant="primary")
            yield Button("Hint (h)", id="hint")
            yield Button("Undo (u)", id="undo")
            yield Button("Claim (c)", id="claim")
        yield Footer()

    def seat_order(self) -> list[int]:
        """Seats from the one after the human round to the human (the human last: bottom right of the table)."""
        n, me = self.session.rules.players, self.session.human
        return [(me + i) % n for i in range(1, n)] + [me]

    def on_mount(self) -> None:
        self.refresh_all()
        self.after_action()

    # -- showing -------------------------------------------------------------
    def refresh_all(self) -> None:
        s = self.session
        v = s.view()
        hand = s.hand
        turn = "the game is over" if s.game_over else "the hand is over" if s.hand_over else self.turn_text()
        hearts = "hearts broken" if v.hearts_broken else "hearts not broken"
        self.query_one("#status", Static).update(
            f"Hand {v.hand_number} · pass {v.pass_direction} · {hearts} · {turn}\n"
            f"{s.rules.variant} to {s.rules.target} · saved to {s.save_path or '(nowhere)'}"
        )
        trick_cards: dict[int, str] = {}
        if v.trick_leader is not None and v.trick:
            for i, c in enumerate(v.trick):
                trick_cards[(v.trick_leader + i) % v.players] = pretty(c)
        elif v.tricks and v.phase == "play":  # between tricks the last one stays in view until the next lead
            last = v.tricks[-1]
            for i, c in enumerate(last.cards):
                seat = (last.leader + i) % v.players
                trick_cards[seat] = f"last: {pretty(c)}" + (" (took it)" if seat == last.winner else "")
        movers = set(s.game.seats_to_act())
        for seat in range(v.players):
            box = self.query_one(f"#seat-{seat}", Static)
            name = s.names[seat] + (" ▶" if seat in movers and v.phase == "play" else "")
            passed = " (passing)" if v.phase == "pass" and not v.passes_chosen[seat] else ""
            card = trick_cards.get(seat, "")
            box.update(f"{name}{passed}\nscore {s.game.scores[seat]} (+{v.points_taken[seat]})\n{v.hand_sizes[seat]} cards\n  {card}")
            box.set_class(seat in movers and not s.hand_over, "to-move")
            box.set_class(seat == s.human, "you")
        self.query_one("#message", Static).update(self.message)
        self.show_hand()
        self.query_one("#pass", Button).display = v.phase == "pass" and s.human_to_act()
        self.query_one("#claim", Button).disabled = self.busy or not s.can_claim()
        self.query_one("#undo", Button).disabled = self.busy or not s.can_undo()
        del hand

    def turn_text(self) -> str:
        s = self.session
        if s.human_to_act():
            return {"pass": f"your turn: choose {s.rules.pass_count} cards to pass", "moon": "you shot the moon"}.get(s.phase, "your turn")
        seat = s.bot_to_act()
        return f"{s.names[seat]} to play" if seat is not None and s.phase == "play" else "the others are passing"

    def show_hand(self) -> None:
        v = self.session.view()
        legal = set(v.hand) if v.phase == "pass" else set(v.legal)
        order = sorted(v.hand)
        selected = list(self.selected)
        for i, button in enumerate(self.query(CardButton)):
            card = order[i] if i < len(order) else None
            chosen = card is not None and card in selected
            if card is not None and chosen:
                selected.remove(card)
            button.show(card, card in legal, chosen)

    def say(self, text: str) -> None:
        self.message = text
        self.query_one("#message", Static).update(text)

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
        line = self.session.step_bot()
        self.call_from_thread(self.bot_done, line)

    def bot_done(self, line: str | None) -> None:
        plays = self.session.hand.plays
        if line and " plays " in line and plays:
            line = line.rsplit(" ", 1)[0] + " " + pretty(plays[-1])
        if line and "has chosen" not in line:
            self.message = line
            hand = self.session.hand
            if hand.tricks and not hand.trick and hand.phase == "play":
                t = hand.tricks[-1]
                self.message = line + " · " + ("trick set aside" if t.winner is None else f"{self.session.names[t.winner]} takes the trick")
        self.after_action()

    # -- dialogs --------------------------------------------------------------
    def show_sheet(self) -> None:
        s = self.session
        points = [list(h.points) for h in s.game.hands if h.points is not None]
        text = score_sheet(s.names, points, list(s.game.scores))
        if s.game_over:
            winners = " and ".join(s.names[w] for w in s.game.winners)
            text += f"\n\nGame over: {winners} {'wins' if len(s.game.winners) == 1 else 'win'}."
        self.dialog_open = True
        self.push_screen(TextScreen(text, "Quit" if s.game_over else "Next hand"), self.sheet_closed)

    def sheet_closed(self, _: Any = None) -> None:
        self.dialog_open = False
        if self.session.game_over:
            self.exit()
            return
        self.session.next_hand()
        self.selected = []
        self.say(f"Hand {self.session.hand.number}: pass {self.session.hand.pass_direction}.")
        self.after_action()

    def moon_chosen(self, choice: str | None) -> None:
        self.dialog_open = False
        if choice:
            self.session.choose_moon(choice)
            self.say(f"You chose to {choice} 26.")
        self.after_action()

    # -- input ---------------------------------------------------------------
    def on_button_pressed(self, event: Button.Pressed) -> None:
        if isinstance(event.button, CardButton):
            self.choose(event.button.card)
        elif event.button.id in ("pass", "hint", "undo", "claim"):
            getattr(self, f"action_{'pass_cards' if event.button.id == 'pass' else event.button.id}")()

    def choose(self, card: Card) -> None:
        """A card chosen by Enter or a click: toggle it when passing, play it otherwise."""
        s = self.session
        if self.busy and s.phase != "pass":  # choosing cards to pass needs no wait
            self.say("Wait for the others.")
            return
        if s.phase == "pass":
            if card in self.selected:
                self.selected.remove(card)
            elif len(self.selected) < s.rules.pass_count:
                self.selected.append(card)
            else:
                self.say(f"You pass {s.rules.pass_count} cards: unselect one first.")
            self.say(f"To pass: {' '.join(pretty(c) for c in self.selected) or 'nothing yet'} (p to pass).")
            self.refresh_all()
            self.focus_card(card)
            return
        try:
            s.play(card)
        except SessionError as e:
            self.say(str(e)[:1].upper() + str(e)[1:] + ".")
            return
        self.say(f"You play {pretty(card)}.")
        self.after_action()

    def focus_card(self, card: Card) -> None:
        for b in self.query(CardButton):
            if b.card == card:
                b.focus()
                return

    def on_key(self, event: Key) -> None:
        if self.dialog_open or not event.character:
            return
        ch = event.character.lower()
        if self.complete_card(ch):
            self.swallow = ch  # the binding of the same key (h, c, s) must not fire as well
            event.stop()
        elif ch in RANKS or ch in "10" or (self.typed == "1" and ch == "0"):
            self.typed = (self.typed + ch) if self.typed == "1" else ch
            event.stop()
        else:
            self.typed = ""

    def complete_card(self, ch: str) -> bool:
        """A suit key after a rank: jump to that card. False when ``ch`` does not complete a card."""
        if not self.typed or ch not in SUIT_KEYS:
            return False
        text, self.typed = self.typed + ch, ""
        try:
            card = parse_card(text)
        except ValueError:
            return True
        if card in self.session.view().hand:
            self.focus_card(card)
        else:
            self.say(f"You do not hold {card_name(card)}.")
        return True

    def swallowed(self, key: str) -> bool:
        """True when ``key`` completed a card (a suit after a rank) rather than asking for its action."""
        if self.swallow == key:
            self.swallow = ""
            return True
        return self.complete_card(key)

    def key_left(self) -> None:
        self.move_focus(-1)

    def key_right(self) -> None:
        self.move_focus(1)

    def move_focus(self, step: int) -> None:
        cards = [b for b in self.query(CardButton) if b.display]
        if not cards:
            return
        focused = self.focused
        index = cards.index(focused) if isinstance(focused, CardButton) and focused in cards else -step
        cards[(index + step) % len(cards)].focus()

    def action_pass_cards(self) -> None:
        s = self.session
        if self.busy:
            self.say("Wait for the others.")
            return
        if s.phase != "pass" or not s.human_to_act():
            self.say("There is nothing to pass now.")
            return
        try:
            s.pass_cards(self.selected)
        except SessionError as e:
            self.say(str(e)[:1].upper() + str(e)[1:] + ".")
            return
        self.say(f"You pass {' '.join(pretty(c) for c in self.selected)}.")
        self.selected = []
        self.after_action()

    def action_hint(self) -> None:
        if self.swallowed("h"):
            return
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
        if self.swallowed("c"):
            return
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
        who = "set aside" if t.winner is None else f"won by {s.names[t.winner]}"
        self.say(f"Last trick: {plays}; {who}, {t.points} points.")

    def action_scores(self) -> None:
        if self.swallowed("s"):
            return
        s = self.session
        points = [list(h.points) for h in s.game.hands if h.points is not None]
        self.push_screen(TextScreen(score_sheet(s.names, points, list(s.game.scores))))

    def action_help(self) -> None:
        keys = (
            "Keys: ←/→ move between cards, Enter plays (or selects, when passing), a rank then a suit (q s, 1 0 h) jumps to a card; "
            "p passes the selected cards; h hint, u undo your last card, c claim the rest, l last trick, s scores, ? help, Ctrl+Q quit."
        )
        self.push_screen(TextScreen(rules_text(self.session.rules) + "\n\n" + keys))
