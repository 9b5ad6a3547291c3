"""A game in progress as an ordered action log: check an action with the turn's refusal, apply it, undo, claim, hint.

Both apps hold one. The server's table (:class:`hearts.server.table.Table`)
adds what only a server has: seats with owners and tokens, the start, the
fair deals' secret, the database. The terminal app's game against bots
(:class:`hearts.session.solo.SoloTable`, driven by :mod:`hearts.tui`) adds
its bots and the deals of ``--seed``.

The log holds the accepted actions as the server stores them, in order,
each with its ``seq`` (1, 2, ...)::

    {"kind": "pass", "seat": 0, "cards": ["QS", "AH", "KH"], "by": "player"}
    {"kind": "unpass", "seat": 0}                  # a pass taken back before the exchange
    {"kind": "play", "seat": 1, "card": "2C", "by": "bot"}
    {"kind": "moon", "seat": 2, "choice": "add", "by": "player"}

The game is derived from the log: :meth:`TableSession.replay` of a prefix of
it is that moment of the game again (an undo). A host says how hand ``n`` is
dealt (:meth:`TableSession.hand_deal`), whether the next hand is dealt as
soon as one ends (``deal_at_once``; else it waits until the score sheet is
read: the terminal), and what a fresh table is (:meth:`TableSession.blank`).

After each hand but the last the table's score sheet shows
(:attr:`TableSession.sheet`, a :class:`~hearts.session.sheet.ScoreSheet`:
see there why it lives here and is neither compared nor stored). The hosts
drive it through the session: :meth:`TableSession.read_sheet` (a player has
read it; acting counts), :meth:`TableSession.settle_sheet` (the host's look:
who is there to read it, and for how long), and the next hand goes on when
it closes (dealt then, where the deal waits for it).

A refusal is a :class:`Refusal` with a code and the words a player reads
(:mod:`hearts.session.turn`): ``not_now`` (not this seat's moment),
``illegal`` (the engine's reason), ``bad_message`` (no such card),
``stale`` (acted on a moment the table has moved past).

>>> import random
>>> from hearts.core.deal import random_deal
>>> class Demo(TableSession):
...     def hand_deal(self, number):
...         return random_deal(self.rules, random.Random(number))
>>> t = Demo(Rules.standard(4))
>>> t.start()
>>> t.check({"kind": "play", "seat": 0, "card": "2C"}).message
'pass your cards first'
>>> cards = [card_name(c) for c in t.game.hand.hand_cards(0)[:3]]
>>> t.apply({"kind": "pass", "seat": 0, "cards": cards, "by": "player"})
>>> t.seq, t.log[-1]["seq"], t.seats_to_act()
(1, 1, [1, 2, 3])
"""

from __future__ import annotations

import zlib
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any, Self

from hearts.core import Card, ChooseMoon, Game, PassCards, PlayCard, Rules, SeatView, card_name, parse_card
from hearts.core import claim as claim_rules
from hearts.core.errors import HeartsError
from hearts.core.hand import Hand

from .sheet import ScoreSheet
from .turn import CLAIM_REFUSAL, NOTHING_TO_DECIDE, claim_play, last_play, not_now

#: a hand's deal as :meth:`hearts.core.Game.start_hand` takes it: each seat's cards, and the kitty
HandDeal = tuple[Sequence[Sequence[Card]], Sequence[Card]]
#: the kinds of log entry that are a seat's turn (the action kinds are named after the phases)
TURN_KINDS = ("pass", "unpass", "play", "moon")


class Refusal(Exception):
    """An action or request refused; ``code`` is one of the protocol's error codes (see the module's notes)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def stale_refusal(seq: int, acted_on: int) -> Refusal:
    """The refusal of an action made on moment ``acted_on`` of a table now at ``seq``."""
    return Refusal("stale", f"the table has moved on (it is at action {seq}, you acted on {acted_on}): look again")


@dataclass
class TableSession:
    """A game as an action log; see the module's notes. A subclass says how hands are dealt."""

    rules: Rules
    #: the accepted actions, in order, each with its ``seq``
    log: list[dict[str, Any]] = field(default_factory=list)
    #: the game the log has made (None before :meth:`start`)
    game: Game | None = None
    #: the score sheet after a hand, while it is read (not compared, not stored: see :mod:`hearts.session.sheet`)
    sheet: ScoreSheet = field(default_factory=ScoreSheet, compare=False, repr=False)

    #: deal the next hand as soon as one ends (the server); False: it waits until the score sheet is read (the terminal)
    deal_at_once = True

    # -- what a host says ---------------------------------------------------
    def hand_deal(self, number: int) -> HandDeal:
        """The deal of hand ``number`` (1, 2, ...)."""
        raise NotImplementedError

    def blank(self) -> Self:
        """This table as it was before its first action (what :meth:`rebuilt` replays onto)."""
        raise NotImplementedError

    def first_dealer(self) -> int:
        """The dealer of hand 1."""
        return 0

    @property
    def label(self) -> str:
        """What a message about a bad log calls this table."""
        return "the game"

    def bot_seed(self, seat: int, what: str = "") -> int:
        """The seed of a bot's decision for ``seat`` now (``what``: "hint" for a hint): the same moment, the same decision."""
        return zlib.crc32(f"{self.seq}/{seat}{'/' + what if what else ''}".encode())

    def hand_over(self) -> None:
        """After an action that ended a hand: the next one dealt at once when the table does (``deal_at_once``), and
        the ended hand's score sheet shown (unless the game is over)."""
        game = self.game
        assert game is not None
        if game.game_over or not game.needs_deal:
            return
        number = len(game.hands)
        if self.deal_at_once:
            self.deal_next()
        self.sheet.open(number)

    # -- derived facts -------------------------------------------------------
    @property
    def seq(self) -> int:
        """The number of accepted actions (the sequence number of the latest one)."""
        return len(self.log)

    @property
    def hand(self) -> Hand | None:
        """The hand being played, or the last one (None before the first deal)."""
        return self.game.hand if self.game is not None else None

    def seats_to_act(self) -> list[int]:
        """The seats that must act now (none before the start, between hands and once the game is over)."""
        if self.game is None or self.game.game_over:
            return []
        return self.game.seats_to_act()

    def is_stale(self, seat: int, seq: int) -> bool:
        """Was ``seq`` overtaken: ahead of the table, or followed by anything but another seat's pass (or its taking back)?"""
        if seq > self.seq or seq < 0:
            return True
        return any(not (e["kind"] in ("pass", "unpass") and e["seat"] != seat) for e in self.log[seq:])

    def stale(self, seat: int, seq: int) -> Refusal | None:
        """The refusal of an action ``seat`` made on the table at ``seq`` that it has moved past (None: not stale)."""
        return stale_refusal(self.seq, seq) if self.is_stale(seat, seq) else None

    # -- the game ------------------------------------------------------------
    def start(self) -> None:
        """Begin the game: its first hand is dealt."""
        self.game = Game(self.rules, first_dealer=self.first_dealer(), auto_deal=False)
        self.deal_next()

    def deal_next(self) -> None:
        """Deal the next hand if one is due (a no-op otherwise); a score sheet that held the deal back is over."""
        assert self.game is not None
        if self.game.needs_deal:
            self.sheet.close()
            self.game.start_hand(*self.hand_deal(len(self.game.hands) + 1))

    # -- the score sheet between hands (hearts.session.sheet) ------------------
    def read_sheet(self, seat: int) -> bool:
        """The player of ``seat`` has read the score sheet; False if none shows or they had said so already."""
        return self.sheet.read(seat)

    def settle_sheet(self, now: float, readers: Collection[int], review: float | None = None) -> bool:
        """The host's look at the score sheet (:meth:`ScoreSheet.settle`: ``readers`` are there to read it, for
        ``review`` seconds; None: until read). True: it closed now, and the next hand goes on (dealt now if it waited)."""
        if not self.sheet.settle(now, readers, review):
            return False
        self.deal_next()
        return True

    @staticmethod
    def action(entry: dict[str, Any]) -> PassCards | PlayCard | ChooseMoon:
        """The engine action of a log entry (raises CardError for a card that is no card)."""
        kind, seat = entry["kind"], entry["seat"]
        if kind == "pass":
            return PassCards(seat, tuple(parse_card(c) for c in entry["cards"]))
        if kind == "play":
            return PlayCard(seat, parse_card(entry["card"]))
        if kind == "moon":
            return ChooseMoon(seat, entry["choice"])
        raise ValueError(f"not an engine action: {kind}")

    @staticmethod
    def entry_for(seat: int, action: PassCards | PlayCard | ChooseMoon, by: str) -> dict[str, Any]:
        """The log entry of an engine action (a bot's, or a player's after parsing)."""
        if isinstance(action, PassCards):
            return {"kind": "pass", "seat": seat, "cards": [card_name(c) for c in action.cards], "by": by}
        if isinstance(action, PlayCard):
            return {"kind": "play", "seat": seat, "card": card_name(action.card), "by": by}
        return {"kind": "moon", "seat": seat, "choice": action.choice, "by": by}

    def check(self, entry: dict[str, Any], names: Sequence[str] | None = None) -> Refusal | None:
        """Why the engine would refuse ``entry`` now (None: it may be applied). Changes nothing.

        ``names``: the seats' names, for a refusal that names the shooter.
        """
        kind, seat = entry["kind"], entry["seat"]
        game = self.game
        if game is None or game.game_over:
            return Refusal("not_now", "the game has not started" if game is None else "the game is over")
        if kind == "unpass":
            hand = game.hand
            if hand is None or hand.phase != "pass":
                return Refusal("not_now", "the passing is over: the cards have been exchanged")
            why = hand.why_take_back_illegal(seat)
            return None if why is None else Refusal("not_now", "you have not passed yet" if why == "has not passed" else why)
        try:
            action = self.action(entry)
        except HeartsError as e:
            return Refusal("bad_message", str(e))
        hand = game.hand
        if hand is None or seat not in game.seats_to_act() or hand.phase != kind:
            return Refusal("not_now", not_now(game, seat, kind, names))
        why = hand.why_illegal(action)
        return Refusal("illegal", why) if why is not None else None

    def apply(self, entry: dict[str, Any]) -> None:
        """Apply a checked entry and append it (with its ``seq``) to the log."""
        game = self.game
        assert game is not None
        if entry["kind"] == "unpass":  # a pass taken back before the exchange: the seat chooses again
            assert game.hand is not None
            game.hand.take_back_pass(entry["seat"])
        else:
            if entry.get("by") == "player":  # a player who acts has read the score sheet
                self.sheet.read(entry["seat"])
            game.apply(self.action(entry))
            if game.needs_deal or game.game_over:
                self.hand_over()
        self.log.append({**entry, "seq": self.seq + 1})

    def replay(self, log: Sequence[dict[str, Any]]) -> None:
        """Apply a stored log in order (the table must be fresh); a bad entry raises ValueError."""
        for i, entry in enumerate(log):
            if entry.get("seq") != i + 1:
                raise ValueError(f"{self.label}: action {i + 1} is missing from the log")
            body = {k: v for k, v in entry.items() if k != "seq"}
            if body["kind"] in TURN_KINDS:  # the log has gone past the score sheet: it was read
                if self.game is not None and self.game.needs_deal:
                    self.deal_next()  # a hand that waited for its deal (the terminal's score sheet)
                self.sheet.close()
            refusal = self.check(body)
            if refusal is not None:
                raise ValueError(f"{self.label}: stored action {i + 1} is refused on replay: {refusal.message}")
            self.apply(body)

    def rebuilt(self, keep: int) -> Self:
        """This table as it was after the first ``keep`` entries of its log (an undo): a new table, replayed. Its score
        sheet is this table's if it shows the same hand, else none (an undo never shows again a sheet that was read)."""
        fresh = self.blank()
        fresh.replay(self.log[:keep])
        if fresh.game is not None and self.game is not None and len(self.game.hands) > len(fresh.game.hands):
            fresh.deal_next()  # the moment a hand began that had been dealt (a card taken back that was its first action)
        fresh.sheet = self.sheet.copy() if fresh.sheet.hand == self.sheet.hand else ScoreSheet()
        return fresh

    # -- the help a player may ask for (the words and the rules: hearts.session.turn) ----------------------------
    def hint_view(self, seat: int) -> SeatView:
        """The view a hint for ``seat`` is made from: that seat's own (raises Refusal when it has nothing to decide)."""
        if self.game is None or seat not in self.seats_to_act():
            raise Refusal("not_now", NOTHING_TO_DECIDE)
        return self.game.view(seat)

    def can_claim(self, seat: int) -> bool:
        """May ``seat`` claim the rest of the hand: in play, on its turn, when its outcome is certain?"""
        hand = self.hand
        return hand is not None and bool(self.seats_to_act()) and claim_rules.can_claim(hand, seat)

    def why_no_claim(self, seat: int, seq: int | None = None) -> Refusal | None:
        """Why ``seat`` may not claim the rest of the hand now, acting on ``seq`` if given (None: it may)."""
        stale = None if seq is None else self.stale(seat, seq)
        if stale is not None:
            return stale
        return None if self.can_claim(seat) else Refusal("not_now", CLAIM_REFUSAL)

    def claim_entry(self, number: int, by: str = "claim") -> dict[str, Any] | None:
        """The next play of a claim of hand ``number``: the seat to move plays its lowest legal card (None: it is over)."""
        hand = self.hand
        if hand is None or hand.number != number or not self.seats_to_act():
            return None
        play = claim_play(hand)
        return None if play is None else self.entry_for(play.seat, play, by)

    def claim_rest(self, seat: int, seq: int | None = None) -> None:
        """``seat`` claims the rest of the hand (acting on ``seq`` if given): every play of the claim applied at once,
        or a :class:`Refusal` raised (a host that stores each action applies :meth:`claim_entry` one by one instead)."""
        refusal = self.why_no_claim(seat, seq)
        if refusal is not None:
            raise refusal
        assert self.hand is not None
        number = self.hand.number
        while (entry := self.claim_entry(number)) is not None:
            self.apply(entry)

    def take_back_point(self, seat: int) -> int | None:
        """How many log entries stay when ``seat`` takes back its last card of the last hand, with every card played
        after it (None: it has played none in that hand)."""
        hand = self.hand
        mine = None if hand is None else last_play(hand, seat)
        if hand is None or mine is None:
            return None
        last = next(i for i in range(len(self.log) - 1, -1, -1) if self.log[i]["kind"] == "play")  # the hand's last play
        return last + 1 - len(hand.plays) + mine
