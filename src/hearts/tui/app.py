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

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any, ClassVar

from textual import work
from textual.actions import SkipAction
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingsMap, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Key, Resize
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from hearts.core import Card, ChooseMoon, PassCards, PlayCard, parse_card
from hearts.core.rules import MOON_SCORE
from hearts.i18n import N_, _

from .coach import Coach, note_text
from .session import Session, SessionError
from .stats import after_game
from .table import SeatBox, draw_table
from .text import (
    direction_text,
    hand_tally,
    n_cards,
    n_points,
    pretty,
    pretty_text,
    rules_text,
    score_chart,
    score_sheet,
    trick_history,
    trick_marks,
)

RANKS = "23456789tjqka"
#: places in the hand: the longest hand of any rules (17 cards: 3 players, or Cancellation Hearts for 6)
HAND_PLACES = 17
SUIT_KEYS = "cdhs"
#: the game speeds ``f`` steps through: name, seconds between the others' cards (``--delay`` sets the first)
SPEEDS = ((N_("slow"), 1.2), (N_("normal"), 0.6), (N_("fast"), 0.15))

CSS = """
#status { height: 1; padding: 0 1; background: $boost; }
#table { height: 1fr; min-height: 9; }
#message { height: 2; padding: 0 1; color: $warning; }
#coach { height: auto; max-height: 7; padding: 0 1; background: $primary 25%; display: none; }
#hand { height: 3; padding: 0 1; align: center top; }
.card { min-width: 4; width: 6; margin: 0; padding: 0; }
.card.narrow { width: 5; }
.card.tiny { width: 4; border-left: none; border-right: none; }
.card.illegal { opacity: 55%; text-style: dim; }
.card.received { border-top: tall $warning; background: $warning 25%; }
.card.selected { background: #ffd75f; color: #000000; text-style: bold; }
.card.selected.hearts, .card.selected.diamonds { color: #8b0000; }
.four .card.selected.clubs { color: #005f00; }
.four .card.selected.diamonds { color: #00008b; }
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


def translate_bindings(bindings: Iterable[Binding]) -> BindingsMap:
    """The bindings with their footer words in the language in use (written with :func:`~hearts.i18n.N_`)."""
    return BindingsMap([replace(b, description=_(b.description)) if b.description else b for b in bindings])


#: the guided hand's keys (got it, skip the guide): live only while the guide is on
GUIDE_KEYS = frozenset({"g", "x"})


def own_bindings(node: Any) -> list[Binding]:
    """Every binding of a widget, screen or app, as built for its class."""
    return [b for group in node._bindings.key_to_bindings.values() for b in group]


class TextScreen(ModalScreen[str]):
    """A page of text (help, score sheet) closed by Escape, Enter or one of its buttons (dismissed with the button's id)."""

    BINDINGS = [
        Binding("escape", "close", N_("close")),
        Binding("enter", "close", N_("close"), show=False),
        Binding("question_mark", "app.help", N_("help")),  # the help over this page (the score sheet, a dialog)
    ]

    def __init__(
        self,
        text: str,
        button: str | None = None,
        extra: tuple[str, str] | None = None,
        focus_button: bool = False,
        is_help: bool = False,
    ) -> None:
        super().__init__()
        self._bindings = translate_bindings(own_bindings(self))
        self.is_help = is_help  # the help page itself: ? there does nothing more
        self.text = text
        self.button = button if button is not None else _("Close")
        self.extra = extra
        self.focus_button = focus_button  # focus the first button (else the text, which the arrows scroll)

    def on_mount(self) -> None:
        if self.focus_button:
            self.query_one("#close", Button).focus()

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

    BINDINGS = [Binding("a", "choose('add')", N_("add")), Binding("s", "choose('subtract')", N_("subtract"))]

    def __init__(self) -> None:
        super().__init__()
        self._bindings = translate_bindings(own_bindings(self))

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(_("You shot the moon! Choose:"), id="moon-title")
            yield Button(_("Add {score} to everyone else (a)").format(score=MOON_SCORE), id="add", variant="primary")
            yield Button(_("Subtract {score} from your score (s)").format(score=MOON_SCORE), id="subtract", variant="success")

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
    actions = {"h": N_("hint"), "c": N_("claim"), "s": N_("scores")}
    keys = sorted(set(RANKS + SUIT_KEYS + "10"))
    return [Binding(k, f"typed('{k}')", actions.get(k, ""), show=k in actions, priority=True) for k in keys]


class HeartsApp(App[None]):
    """A game of Hearts against bots; ``new_game`` makes the session of "Play again" (default: same rules, seats and bots)."""

    TITLE = "hearts"
    CSS = CSS
    BINDINGS = [
        Binding("question_mark", "help", N_("help")),
        Binding("f1", "help", N_("help"), show=False),
        Binding("p", "pass_cards", N_("pass")),
        *card_keys(),
        Binding("u", "undo", N_("undo")),
        Binding("l", "last", N_("last trick")),
        Binding("i", "tricks", N_("tricks")),
        Binding("f", "speed", N_("speed"), show=False),
        Binding("g", "got_it", N_("got it"), show=False),
        Binding("x", "skip_guide", N_("skip the guide"), show=False),
        Binding("enter", "enter", N_("play"), show=False, priority=True),
        Binding("left", "move(-1)", show=False, priority=True),
        Binding("right", "move(1)", show=False, priority=True),
        Binding("ctrl+q", "quit", N_("quit"), priority=True),
    ]
    #: the keys the footer shows in each phase of the human's turn ("wait": the others act, or a dialog is open)
    PHASE_KEYS: ClassVar[dict[str, set[str]]] = {
        "pass": {"enter", "p", "h", "s", "question_mark", "ctrl+q"},
        "play": {"enter", "h", "u", "c", "l", "s", "question_mark", "ctrl+q"},  # i (tricks) works too: the help names it
        "moon": {"s", "i", "question_mark", "ctrl+q"},
        "wait": {"l", "i", "s", "question_mark", "ctrl+q"},
    }

    def __init__(
        self,
        session: Session,
        *,
        delay: float = 0.6,
        new_game: Callable[[], Session] | None = None,
        continue_last: Callable[[], Session] | None = None,
        four_colour: bool = False,
        large_cards: bool = False,
        auto_play: bool = False,
        guide: bool = False,
        offer_guide: Callable[[], Session] | None = None,
    ) -> None:
        super().__init__()
        self.coach = Coach(guide)  # the guided first hand's notes (hearts play --guide)
        self.offer_guide = offer_guide  # a first run: offer the guided hand (its session) before anything
        self.auto_play = auto_play  # play the only legal card by itself
        self.all_bindings = own_bindings(self)
        self.footer_phase = ""
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
        yield Static(id="coach", markup=False)
        yield Static(id="message")
        with Horizontal(id="hand"):
            for i in range(max(HAND_PLACES, self.session.rules.cards_each)):
                yield CardButton(i)
        with Horizontal(id="actions"):
            yield Button(_("Pass (p)"), id="pass", variant="primary")
            yield Button(_("Hint (h)"), id="hint")
            yield Button(_("Undo (u)"), id="undo")
            yield Button(_("Claim (c)"), id="claim")
        yield Footer(show_command_palette=False, compact=True)  # room for the phase's keys in every language at 80 columns

    def seat_order(self) -> list[int]:
        """Seats in table order: the human, then the others in the order of play (clockwise, from the human's left)."""
        n, me = self.session.rules.players, self.session.human
        return [(me + i) % n for i in range(n)]

    def on_mount(self) -> None:
        self.screen.set_class(self.four_colour, "four")
        self.screen.set_class(self.large_cards, "large")
        self.fit_cards(self.size.width)
        self.refresh_all()
        if self.offer_guide is not None:  # the first game on this machine: offer the guided hand
            self.dialog_open = True
            text = _("New to Hearts? Play a first hand with a guide: short notes explain each rule as it comes up.")
            self.push_screen(TextScreen(text, _("Play with the guide"), ("plain", _("Just play"))), self.guide_chosen)
            return
        if self.continue_last is not None:  # an unfinished game is saved: offer it first
            self.dialog_open = True
            text = _("Your last game is not over. Go on with it, or play the new game just dealt?")
            self.push_screen(TextScreen(text, _("Continue the last game"), ("new", _("New game"))), self.start_chosen)
            return
        self.after_action()

    def start_chosen(self, choice: str | None = None) -> None:
        """Continue the last game (the default button, Enter) or keep the new one."""
        self.dialog_open = False
        if choice != "new" and self.continue_last is not None:
            self.session = self.continue_last()
            self.fit_cards(self.size.width)
            self.say(_("Welcome back: hand {number}.").format(number=self.session.hand.number))
        self.continue_last = None
        self.after_action()

    def guide_chosen(self, choice: str | None = None) -> None:
        """The guided hand (the default button, Enter), or the game just dealt."""
        self.dialog_open = False
        if choice != "plain" and self.offer_guide is not None:
            self.session = self.offer_guide()
            self.coach = Coach(True)
            self.fit_cards(self.size.width)
        self.offer_guide = None
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
    def takes_text(self, seat: int, points: int) -> str:
        """ "You take it, 3 points" or "Ada takes it, 3 points"."""
        if seat == self.session.human:
            return _("You take it, {points}").format(points=n_points(points))
        return _("{name} takes it, {points}").format(name=self.session.names[seat], points=n_points(points))

    def refresh_all(self) -> None:
        s = self.session
        v = s.view()
        turn = _("the game is over") if s.game_over else _("the hand is over") if s.hand_over else self.turn_text()
        hearts = _("hearts broken") if v.hearts_broken else _("hearts not broken")
        passing = direction_text(v.pass_direction)
        self.query_one("#status", Static).update(_("Hand {number}").format(number=v.hand_number) + f" · {passing} · {hearts} · {turn}")
        self.query_one(Table).set_table(self.seat_boxes(), self.centre_lines())
        self.query_one("#message", Static).update(self.message_text())
        self.show_coach()
        self.show_hand()
        self.show_phase_keys()
        self.query_one("#pass", Button).display = v.phase == "pass" and s.human_to_act()
        self.query_one("#claim", Button).disabled = self.busy or not s.can_claim()
        self.query_one("#undo", Button).disabled = self.busy or not s.can_undo()

    def show_coach(self) -> None:
        """The guide's note for now, with its keys, or no panel."""
        note = self.coach.note(self.session.view())
        panel = self.query_one("#coach", Static)
        panel.display = note is not None
        if note is not None:
            panel.update(_("Guide: ") + note_text(note) + "\n" + _("g: got it · x: skip the guide"))

    def action_got_it(self) -> None:
        self.coach.dismiss()
        self.refresh_all()

    def action_skip_guide(self) -> None:
        if self.coach.on:
            self.coach.skip()
            self.say(_("The guide is off: the game goes on as usual."))
            self.refresh_all()

    def footer_phase_now(self) -> str:
        """The phase whose keys the footer shows: pass, play or moon on the human's turn, else wait."""
        s = self.session
        if self.busy or s.hand_over or not s.human_to_act():
            return "wait"
        return s.phase if s.phase in self.PHASE_KEYS else "wait"

    def show_phase_keys(self) -> None:
        """Show in the footer only the keys that do something now (Enter "selects" when passing, "plays" otherwise)."""
        phase = self.footer_phase_now()
        if phase == self.footer_phase:
            return
        self.footer_phase = phase
        keys = self.PHASE_KEYS[phase]
        bindings = []
        for b in self.all_bindings:
            show = b.key in keys and bool(b.description)
            description = N_("select") if b.key == "enter" and phase == "pass" else b.description
            bindings.append(replace(b, show=show, description=description))
        self._bindings = translate_bindings(bindings)
        self.refresh_bindings()

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
                        tags.append(_("took it"))
                else:
                    state = "cancelled" if i in cancelled else "win" if i == winner else "live"
                    if i == winner:
                        tags.append("★")
                if i == 0:
                    tags.append(_("led"))
                cards[seat] = (pretty(c), " ".join(tags), state)
        boxes = []
        for seat in self.seat_order():
            card, marks, state = cards.get(seat, (None, "", "live"))
            if v.phase == "pass" and v.pass_direction != "none":
                marks = _("passing…") if not v.passes_chosen[seat] else _("passed")
            boxes.append(
                SeatBox(
                    name=s.names[seat],
                    info=(
                        _("score {score} (+{points})").format(score=s.game.scores[seat], points=v.points_taken[seat]),
                        n_cards(v.hand_sizes[seat]),
                    ),
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
            hand = _("Hand {number}").format(number=v.hand_number)
            if v.pass_direction == "none":
                return [hand, _("no passing this hand")]
            target = v.pass_target
            where = direction_text(v.pass_direction)
            if target is None:
                return [hand, where]
            cards = n_cards(s.rules.pass_count)
            return [hand, _("{direction}: {cards} to {name}").format(direction=where, cards=cards, name=s.names[target])]
        total = s.rules.cards_each
        lines: list[str] = []
        if v.trick_leader is not None and v.trick:
            cancelled, winner = trick_marks(s.rules, v.trick)
            lines.append(_("Trick {number} of {total}").format(number=len(v.tricks) + 1, total=total))
            led = _("You led {card}") if v.trick_leader == s.human else _("{name} led {card}")
            lines.append(led.format(name=s.names[v.trick_leader], card=pretty(v.trick[0])))
            if winner is not None:
                seat = (v.trick_leader + winner) % v.players
                wins = _("★ your {card} is winning") if seat == s.human else _("★ {name}'s {card} is winning")
                lines.append(wins.format(name=s.names[seat], card=pretty(v.trick[winner])))
            else:
                lines.append(_("every winning card has cancelled: set aside so far"))
            if cancelled:
                lines.append(_("✗ cancelled: {cards}").format(cards=" ".join(pretty(v.trick[i]) for i in sorted(cancelled))))
        elif v.tricks:
            t = v.tricks[-1]
            lines.append(_("Trick {number} of {total} done").format(number=len(v.tricks), total=total))
            if t.winner is None:
                lines.append(_("set aside ({points}): the next winner takes it").format(points=n_points(t.points)))
            else:
                lines.append(self.takes_text(t.winner, t.points))
            if v.phase == "play":
                lines.append(self.lead_text())
        elif v.phase == "play":
            lines.append(_("Trick {number} of {total}").format(number=1, total=total))
            lines.append(self.lead_text())
        return lines

    def lead_text(self) -> str:
        seat = self.session.hand.to_move
        return _("your lead") if seat == self.session.human else _("{name} to lead").format(name=self.session.names[seat])

    def message_text(self) -> str:
        """The last message, and on the first trick the cards received in the pass."""
        v = self.session.view()
        text = self.message
        if v.received and v.phase == "play" and not v.tricks:
            source = self.session.hand.pass_source(self.session.human)
            text += "\n" + _("Received {cards} from {name} (marked in your hand).").format(
                cards=" ".join(pretty(c) for c in sorted(v.received)), name=self.session.names[source]
            )
        return text

    def turn_text(self) -> str:
        s = self.session
        if s.human_to_act():
            if s.phase == "pass":
                return _("your turn: choose {cards} to pass").format(cards=n_cards(s.rules.pass_count))
            return _("you shot the moon") if s.phase == "moon" else _("your turn")
        seat = s.bot_to_act()
        if seat is not None and s.phase == "play":
            return _("{name} to play").format(name=s.names[seat])
        return _("the others are passing")

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
        elif s.phase == "play" and s.human_to_act():
            self.cursor_to_playable()
            legal = s.view().legal
            if self.auto_play and len(set(legal)) == 1:
                self.busy = True  # no other key until it is played
                self.set_timer(max(self.delay, 0.01), self.play_only_card)
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

    def bot_line(self, seat: int, action: PassCards | PlayCard | ChooseMoon) -> str | None:
        """What a bot did, in words (None for a pass, which stays secret)."""
        s = self.session
        name = s.names[seat]
        if isinstance(action, ChooseMoon):
            text = _("{name} chooses to add {score}") if action.choice == "add" else _("{name} chooses to subtract {score}")
            return text.format(name=name, score=MOON_SCORE)
        if not isinstance(action, PlayCard):
            return None
        line = _("{name} plays {card}").format(name=name, card=pretty(action.card))
        trick = s.hand.trick or (s.hand.tricks[-1].cards if s.hand.tricks else ())
        if len(trick) > 1 and len(trick) - 1 in trick_marks(s.rules, trick)[0]:
            line += _(": the pair cancels")
        hand = s.hand
        if hand.tricks and not hand.trick and hand.phase == "play":
            t = hand.tricks[-1]
            if t.winner is None:
                line += " · " + _("the trick is set aside")
            elif t.winner == s.human:
                line += " · " + _("You take the trick")
            else:
                line += " · " + _("{name} takes the trick").format(name=s.names[t.winner])
        return line

    def bot_done(self, line: str | None, session: Session | None = None) -> None:
        if session is not None and session is not self.session:
            return  # a step of a game replaced by "play again"
        s = self.session
        if line and s.last_bot is not None:
            text = self.bot_line(*s.last_bot)
            if text is not None:
                self.message = text
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
        if self.coach.note(s.view()) == "score":  # the guided hand's last note, over its score sheet
            text = note_text("score") + "\n\n" + text
            self.coach.dismiss()
        self.dialog_open = True
        if s.game_over:
            winners = s.game.winners
            if winners == [s.human]:
                head = _("Game over: you win.")
            elif len(winners) == 1:
                head = _("Game over: {name} wins.").format(name=s.names[winners[0]])
            else:
                head = _("Game over: {names} win.").format(names=", ".join(s.names[w] for w in winners))
            text = head + "\n" + "\n".join(after_game(s)) + "\n\n" + text
            # focus on the safe choice, Play again: a stray Enter (or Space) keeps the app open and loses nothing
            self.push_screen(TextScreen(text, _("Play again"), ("quit", _("Quit")), focus_button=True), self.game_over_closed)
        else:
            self.push_screen(TextScreen(text, _("Next hand")), self.sheet_closed)

    def sheet_closed(self, _choice: Any = None) -> None:
        self.dialog_open = False
        self.session.next_hand()
        self.picked = []
        v = self.session.view()
        self.say(_("Hand {number}").format(number=v.hand_number) + ": " + direction_text(v.pass_direction) + ".")
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
        s.close()
        self.session = fresh
        self.coach = Coach(False)  # the guide was for the first game
        self.fit_cards(self.size.width)
        self.picked, self.cursor, self.typed = [], 0, ""
        rules = fresh.rules
        self.say(_("A new game: {variant}, {n} players, to {target}.").format(variant=rules.variant, n=rules.players, target=rules.target))
        self.after_action()

    def moon_chosen(self, choice: str | None) -> None:
        self.dialog_open = False
        if choice:
            self.session.choose_moon(choice)
            text = _("You chose to add {score}.") if choice == "add" else _("You chose to subtract {score}.")
            self.say(text.format(score=MOON_SCORE))
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
            self.say(_("Wait for the others."))
            return
        if s.phase == "pass":
            if index in self.picked:
                self.picked.remove(index)
            elif len(self.picked) < s.rules.pass_count:
                self.picked.append(index)
            else:
                self.say(_("You pass {cards}: unselect one first.").format(cards=n_cards(s.rules.pass_count)))
                return
            chosen = " ".join(pretty(c) for c in self.selected) or _("nothing yet")
            self.say(_("To pass: {cards} (p to pass).").format(cards=chosen))
            self.refresh_all()
            self.put_cursor(index)
            return
        try:
            s.play(card)
        except SessionError as e:
            self.say(str(e)[:1].upper() + str(e)[1:] + ".")
            return
        self.say(_("You play {card}.").format(card=pretty(card)))
        self.after_action()

    def play_only_card(self) -> None:
        """``--auto-play``: play the one legal card (when it still is the only one: nothing moved meanwhile)."""
        s = self.session
        self.busy = False
        legal = s.view().legal if s.phase == "play" and s.human_to_act() else ()
        if len(set(legal)) != 1:
            self.after_action()
            return
        s.play(legal[0])
        self.say(_("You play {card}: your only legal card.").format(card=pretty(legal[0])))
        self.after_action()

    def action_tricks(self) -> None:
        """The hand's tricks so far, in a dialog."""
        s = self.session
        text = trick_history(s.rules, s.names, s.hand.tricks, s.human) + "\n\n" + hand_tally(s.rules, s.names, s.hand.tricks, s.hand.plays)
        self.push_screen(TextScreen(_("Tricks of hand {number}:").format(number=s.hand.number) + "\n\n" + text))

    def cursor_to_playable(self) -> None:
        """On the human's turn to play: the cursor to the first legal card, unless it is on one already."""
        v = self.session.view()
        order = sorted(v.hand)
        legal = set(v.legal)
        if not order or (0 <= self.cursor < len(order) and order[self.cursor] in legal):
            self.put_cursor(self.cursor)
            return
        first = next((i for i, c in enumerate(order) if c in legal), 0)
        self.put_cursor(first)

    def on_key(self, event: Key) -> None:
        """A key that does nothing here gets a word of feedback (on the table, not in a dialog)."""
        if not self.on_main_screen() or not event.is_printable or not event.character:
            return
        known = {b.key for b in self.all_bindings}
        if not self.coach.on:
            known -= GUIDE_KEYS  # without the guide its keys do nothing
        if event.key in known or event.character in RANKS + SUIT_KEYS + "10":
            return
        self.say(_("The key {key} does nothing here: ? lists the keys.").format(key=event.character))

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
                self.say(_("You do not hold {card}.").format(card=pretty(card)))
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
            self.say(_("Wait for the others."))
            return
        if s.phase != "pass" or not s.human_to_act():
            self.say(_("There is nothing to pass now."))
            return
        chosen = self.selected
        try:
            s.pass_cards(chosen)
        except SessionError as e:
            self.say(str(e)[:1].upper() + str(e)[1:] + ".")
            return
        target = s.hand.pass_target(s.human)
        self.say(_("You pass {cards} to {name}.").format(cards=" ".join(pretty(c) for c in chosen), name=s.names[target]))
        self.picked = []
        self.after_action()

    def action_hint(self) -> None:
        if self.busy:
            return
        try:
            action = self.session.hint()
        except SessionError as e:
            self.say(_("No hint: {reason}.").format(reason=e))
            return
        if isinstance(action, PassCards):
            self.pick(action.cards)
            self.say(_("Hint: pass {cards} (selected for you).").format(cards=" ".join(pretty(c) for c in sorted(action.cards))))
        elif isinstance(action, ChooseMoon):
            hint = _("Hint: add {score} to the others.") if action.choice == "add" else _("Hint: subtract {score} from your score.")
            self.say(hint.format(score=MOON_SCORE))
        else:
            self.say(_("Hint: play {card}.").format(card=pretty(action.card)))
            self.focus_card(action.card)

    def pick(self, cards: Iterable[Card]) -> None:
        """Select exactly ``cards`` to pass (of two copies, one place each), and put the cursor on the first."""
        order = sorted(self.session.view().hand)
        picked: list[int] = []
        for card in sorted(cards):
            place = next((i for i, c in enumerate(order) if c == card and i not in picked), None)
            if place is not None:
                picked.append(place)
        self.picked = picked
        self.refresh_all()
        if picked:
            self.put_cursor(picked[0])

    def action_undo(self) -> None:
        if self.busy:
            return
        try:
            self.session.undo()
        except SessionError as e:
            self.say(_("Cannot undo: {reason}.").format(reason=e))
            return
        self.say(_("Your last card is taken back."))
        self.after_action()

    def action_claim(self) -> None:
        if self.busy:
            return
        try:
            self.session.claim()
        except SessionError as e:
            self.say(_("Cannot claim: {reason}.").format(reason=e))
            return
        self.say(_("Claimed: the rest of the hand is played out."))
        self.after_action()

    def action_last(self) -> None:
        s = self.session
        hand = s.hand
        if not hand.tricks:
            self.say(_("No trick has been played yet in this hand."))
            return
        t = hand.tricks[-1]
        plays = ", ".join(f"{s.names[(t.leader + i) % s.rules.players]} {pretty(c)}" for i, c in enumerate(t.cards))
        if t.winner is None:
            who = _("set aside")
        elif t.winner == s.human:
            who = _("won by you")
        else:
            who = _("won by {name}").format(name=s.names[t.winner])
        self.say(_("Last trick: {plays}; {who}, {points}.").format(plays=plays, who=who, points=n_points(t.points)))

    def action_speed(self) -> None:
        """The next game speed (slow, normal, fast): the pause between the others' cards."""
        name, self.delay = next(((n, pause) for n, pause in SPEEDS if pause < self.delay), SPEEDS[0])  # after fast: slow
        self.say(_("Game speed: {speed}.").format(speed=_(name)))

    def action_scores(self) -> None:
        self.push_screen(TextScreen(self.sheet_text()))

    def action_help(self) -> None:
        if isinstance(self.screen, TextScreen) and self.screen.is_help:
            return
        s = self.session
        keys = _(
            "Keys: ←/→ move between cards, Enter plays (or selects, when passing), a rank then a suit (q s, 1 0 h) jumps to a card; "
            "p passes the selected cards; h hint, u undo your last card, c claim the rest, l last trick, i the hand's tricks, "
            "s scores, ? help, Ctrl+Q quit."
        )
        keys += " " + _("f changes the game speed: slow, normal, fast.")
        marks = _("On the table: ▶ to play, ★ the card winning the trick, ✗ a cancelled card, 'led' the first card of the trick.")
        saved = _("Saved to {path}").format(path=s.save_path) if s.save_path is not None else _("Not saved")
        seed = " " + _("(seed {seed})").format(seed=s.seed) if s.seed is not None else ""
        self.push_screen(TextScreen(rules_text(s.rules) + "\n\n" + keys + "\n" + marks + "\n\n" + saved + seed + ".", is_help=True))
