"""``hearts play --plain``: the same game as line-based text, for screen readers and simple terminals.

It prints the state and prompts (``pass 3 cards>``, ``your card>``,
``moon (add/subtract)>``); it reads card names (``qs``, ``10h``, ``Q♠``) and
the commands ``help``, ``rules``, ``hint``, ``undo``, ``claim``, ``last``,
``scores``, ``hand``, ``quit``. At the end of its input it saves and stops.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO

from hearts.core import ChooseMoon, PassCards, PlayCard
from hearts.core.rules import MOON_SCORE
from hearts.i18n import _

from .coach import Coach, note_text
from .command import command_name
from .session import Session, SessionError
from .stats import after_game
from .text import (
    SUIT_NAMES,
    by_suit,
    direction_text,
    hand_tally,
    n_cards,
    n_points,
    plain_card,
    rank_text,
    rules_text,
    score_sheet,
    trick_history,
    trick_marks,
)


def help_text() -> str:
    """The commands of the plain mode, in the language in use (the commands themselves stay as they are typed)."""
    return _(
        "Type a card to play it (qs, 10h, Q♠), or the cards to pass (qs ah kh).\n"
        "Commands: hand (your cards and the table), last (the last trick), tricks (every trick of the hand), scores,\n"
        "history (the totals after each hand), hint (a suggestion), undo (take back your last card), claim (play the rest\n"
        "of the hand at once, when it can no longer change), rules, help, quit."
    )


class PlainUI:
    """The line-based loop over a :class:`Session`."""

    def __init__(
        self,
        session: Session,
        *,
        stdin: TextIO | None = None,
        stdout: TextIO | None = None,
        delay: float = 0.0,
        new_game: Callable[[], Session] | None = None,
        auto_play: bool = False,
        guide: bool = False,
    ) -> None:
        self.s = session
        self.coach = Coach(guide)  # the guided first hand's notes (hearts play --guide), each printed once
        self.auto_play = auto_play  # play the only legal card by itself
        self.new_game = new_game
        self.inp = stdin or sys.stdin
        self.out = stdout or sys.stdout
        self.delay = delay
        self.shown_hand = -1

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def run(self) -> int:
        """Play until the game ends, ``quit`` or the end of input; 0 always (the game is saved)."""
        while True:
            if not self.play_game() or self.new_game is None or not self.ask_again():
                return 0
            previous, self.s = self.s, self.new_game()
            previous.close()
            self.shown_hand = -1

    def ask_again(self) -> bool:
        """After a game: play again? (yes/no; the end of input is no)."""
        while True:
            self.out.write(_("play again (yes/no)> "))
            self.out.flush()
            answer = self.inp.readline().strip().lower()
            if answer in ("y", "yes", _("y"), _("yes")):
                return True
            if answer in ("", "n", "no", "q", "quit", _("n"), _("no")):
                return False

    def play_game(self) -> bool:
        """One game; True when it ended (not left by quit or the end of input)."""
        s = self.s
        rules = s.rules
        self.say(
            _("Hearts: {variant}, {n} players, to {target}. Type help for the commands.").format(
                variant=rules.variant, n=rules.players, target=rules.target
            )
        )
        if s.save_path is not None:
            self.say(_("The game is saved as it goes to {path}").format(path=s.save_path))
        while True:
            if s.game_over:
                self.show_scores()
                winners = s.game.winners
                if winners == [s.human]:
                    self.say(_("Game over: you win."))
                elif len(winners) == 1:
                    self.say(_("Game over: {name} wins.").format(name=s.names[winners[0]]))
                else:
                    self.say(_("Game over: {names} win.").format(names=", ".join(s.names[w] for w in winners)))
                for stat in after_game(s):
                    self.say(stat)
                return True
            if s.hand_over:
                self.show_scores()
                self.show_note()
                s.next_hand()
                continue
            if self.shown_hand != s.hand.number:
                self.shown_hand = s.hand.number
                self.start_hand()
            if not s.human_to_act():
                line = s.step_bot()
                if line:
                    self.bot_line(line)
                continue
            if not self.turn():
                s.save()
                if s.save_path is not None:
                    self.say(
                        _("Saved to {path}; go on with: {command} play --continue (or --resume {path})").format(
                            path=s.save_path, command=command_name()
                        )
                    )
                return False

    def bot_line(self, line: str) -> None:
        if self.delay:
            time.sleep(self.delay)
        if self.s.last_bot is None:
            return
        seat, action = self.s.last_bot
        name = self.s.names[seat]
        if isinstance(action, ChooseMoon):
            text = _("{name} chooses to add {score}") if action.choice == "add" else _("{name} chooses to subtract {score}")
            self.say(text.format(name=name, score=MOON_SCORE) + ".")
        elif isinstance(action, PlayCard):
            line = _("{name} plays {card}").format(name=name, card=plain_card(action.card))
            hand = self.s.hand
            if self.s.rules.is_cancellation and hand.trick:
                cancelled, _winner = trick_marks(self.s.rules, hand.trick)
                if len(hand.trick) - 1 in cancelled:
                    line += _(": the pair cancels")
            self.say(line + ".")
            hand = self.s.hand
            if not hand.trick and hand.tricks and hand.plays and len(hand.plays) % self.s.rules.players == 0:
                self.trick_done()

    def start_hand(self) -> None:
        v = self.s.view()
        self.say()
        self.say(
            _("Hand {number}. Dealer {name}. Passing: {direction}.").format(
                number=v.hand_number, name=self.s.names[v.dealer], direction=direction_text(v.pass_direction)
            )
        )

    def trick_done(self) -> None:
        t = self.s.hand.tricks[-1]
        if t.winner is None:
            who = _("set aside, for the winner of the next trick")
        else:
            who = _("you take it") if t.winner == self.s.human else _("{name} takes it").format(name=self.s.names[t.winner])
        self.say(_("Trick {number} done: {who}, {points}.").format(number=len(self.s.hand.tricks), who=who, points=n_points(t.points)))

    def turn(self) -> bool:
        """Prompt for the human's decision; False at the end of input or on quit."""
        s = self.s
        phase = s.phase
        self.show_note()
        self.show_hand()
        if phase == "pass":
            target = s.names[s.view().pass_target or 0]
            prompt = _("pass {cards} to {name}> ").format(cards=n_cards(s.rules.pass_count), name=target)
        elif phase == "moon":
            self.say(_("You shot the moon! add: {score} to everyone else; subtract: {score} off your score.").format(score=MOON_SCORE))
            prompt = _("moon (add/subtract)> ")
        else:
            self.show_table()
            legal = s.view().legal
            if self.auto_play and len(set(legal)) == 1:
                s.play(legal[0])
                self.say(_("You play {card}: your only legal card.").format(card=plain_card(legal[0])))
                if not s.hand.trick and s.hand.tricks:
                    self.trick_done()
                return True
            prompt = _("your card> ")
        while True:
            self.out.write(prompt)
            self.out.flush()
            line = self.inp.readline()
            if not line:
                self.say()
                return False
            text = line.strip()
            if not text:
                continue
            result = self.command(text.lower(), text)
            if result is None:
                return False
            if result:
                return True

    def show_note(self) -> None:
        """The guide's note for now, once (``skip`` turns the guide off)."""
        note = self.coach.note(self.s.view())
        if note is not None:
            self.say(_("Guide: ") + note_text(note) + " " + _("(Type skip to turn the guide off.)"))
            self.coach.dismiss()

    def command(self, low: str, text: str) -> bool | None:
        """Handle one input line: True when the state moved on, False to ask again, None to quit."""
        s = self.s
        if low in ("quit", "q", "exit"):
            return None
        if low in ("help", "?"):
            self.say(help_text())
        elif low == "rules":
            self.say(rules_text(s.rules))
        elif low in ("skip", _("skip")) and self.coach.on:
            self.coach.skip()
            self.say(_("The guide is off: the game goes on as usual."))
        elif low == "hand":
            self.show_hand()
            self.show_table()
        elif low == "scores":
            self.show_scores()
        elif low == "history":
            self.show_history()
        elif low == "last":
            self.show_last()
        elif low == "tricks":
            self.say(trick_history(s.rules, s.names, s.hand.tricks, s.human, plain_card))
            self.say(hand_tally(s.rules, s.names, s.hand.tricks, s.hand.plays, plain_card))
        elif low == "hint":
            self.show_hint()
        elif low == "undo":
            try:
                s.undo()
            except SessionError as e:
                self.say(_("Cannot undo: {reason}").format(reason=e))
                return False
            self.say(_("Your last card is taken back."))
            return True
        elif low == "claim":
            try:
                s.claim()
            except SessionError as e:
                self.say(_("Cannot claim: {reason}").format(reason=e))
                return False
            self.say(_("The rest of the hand is played out."))
            return True
        else:
            return self.act(text)
        return False

    def act(self, text: str) -> bool:
        s = self.s
        try:
            if s.phase == "pass":
                s.pass_cards(text)
                target = s.names[s.hand.pass_target(s.human)]
                cards = " ".join(plain_card(c) for c in sorted(s.hand.passes[s.human] or ()))
                self.say(_("You pass {cards} to {name}.").format(cards=cards, name=target))
            elif s.phase == "moon":
                s.choose_moon(text)
            else:
                s.play(text)
                self.say(_("You play {card}.").format(card=plain_card(s.hand.plays[-1])))
                if not s.hand.trick and s.hand.tricks:
                    self.trick_done()
        except (SessionError, ValueError) as e:  # an illegal action, or a card that cannot be read
            msg = str(e)
            self.say(f"{msg[:1].upper()}{msg[1:]}. " + _("Type help for the commands."))
            return False
        return True

    # -- showing -----------------------------------------------------------
    def show_hand(self) -> None:
        v = self.s.view()
        suits = [f"{_(SUIT_NAMES[i])}: {' '.join(rank_text(c) for c in cards)}" for i, cards in enumerate(by_suit(v.hand)) if cards]
        self.say(_("Your hand: {cards}.").format(cards="; ".join(suits)))
        if v.phase == "pass" and v.received is None and v.pass_direction != "none":
            return
        if v.received:
            source = self.s.names[self.s.hand.pass_source(self.s.human)]
            self.say(_("You received {cards} from {name}.").format(cards=" ".join(plain_card(c) for c in sorted(v.received)), name=source))

    def show_table(self) -> None:
        v = self.s.view()
        if v.phase != "play":
            return
        if v.trick and v.trick_leader is not None:
            cancelled, winner = trick_marks(v.rules, v.trick)
            plays = []
            for i, c in enumerate(v.trick):
                marks = [m for m, on in ((_("led"), i == 0), (_("cancelled"), i in cancelled), (_("winning"), i == winner)) if on]
                name = self.s.names[(v.trick_leader + i) % v.players]
                plays.append(f"{name} {plain_card(c)}" + (f" ({', '.join(marks)})" if marks else ""))
            self.say(_("Trick so far: {plays}.").format(plays=", ".join(plays)))
            if winner is None:
                self.say(_("Every winning card has cancelled: as it stands the trick is set aside."))
        else:
            self.say(_("You lead."))
        self.say(_("Hearts are broken.") if v.hearts_broken else _("Hearts are not broken."))
        points = ", ".join(f"{self.s.names[i]} {p}" for i, p in enumerate(v.points_taken))
        self.say(_("Points this hand: {points}.").format(points=points))
        self.say(_("You may play: {cards}.").format(cards=" ".join(plain_card(c) for c in v.legal)))

    def show_last(self) -> None:
        hand = self.s.hand
        if not hand.tricks:
            self.say(_("No trick has been played yet in this hand."))
            return
        t = hand.tricks[-1]
        plays = [f"{self.s.names[(t.leader + i) % self.s.rules.players]} {plain_card(c)}" for i, c in enumerate(t.cards)]
        if t.winner is None:
            who = _("set aside")
        elif t.winner == self.s.human:
            who = _("won by you")
        else:
            who = _("won by {name}").format(name=self.s.names[t.winner])
        self.say(_("Last trick: {plays}; {who}, {points}.").format(plays=", ".join(plays), who=who, points=n_points(t.points)))

    def show_scores(self) -> None:
        points = [list(h.points) for h in self.s.game.hands if h.points is not None]
        self.say(score_sheet(self.s.names, points, list(self.s.game.scores)))  # seat order: you, then the order of play

    def show_history(self) -> None:
        """The running totals, one line per hand (the score history, in words)."""
        s = self.s
        totals = [0] * s.rules.players
        hands = [h.points for h in s.game.hands if h.points is not None]
        if not hands:
            self.say(_("No hand has been scored yet."))
        for number, points in enumerate(hands, 1):
            totals = [t + p for t, p in zip(totals, points, strict=True)]
            scores = ", ".join(f"{s.names[i]} {totals[i]}" for i in range(s.rules.players))
            self.say(_("After hand {number}: {scores}.").format(number=number, scores=scores))

    def show_hint(self) -> None:
        try:
            action = self.s.hint()
        except SessionError as e:
            self.say(_("No hint: {reason}").format(reason=e))
            return
        if isinstance(action, PassCards):
            self.say(_("Hint: pass {cards}.").format(cards=" ".join(plain_card(c) for c in sorted(action.cards))))
        elif isinstance(action, ChooseMoon):
            hint = _("Hint: add {score} to the others.") if action.choice == "add" else _("Hint: subtract {score} from your score.")
            self.say(hint.format(score=MOON_SCORE))
        else:
            self.say(_("Hint: play {card}.").format(card=plain_card(action.card)))
