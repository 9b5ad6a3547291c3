"""A game: hands played until the target score, the dealer moving left.

>>> from hearts.core.rules import Rules
>>> g = Game(Rules.standard(4, target=30), seed=7)
>>> g.hand.number, g.hand.dealer
(1, 0)
>>> g.game_over
False
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .actions import Action, Event, PassCards, PlayCard
from .cards import Card
from .deal import random_deal
from .errors import DealError, IllegalAction
from .hand import DONE, Hand
from .rules import Rules
from .view import SeatView


class Game:
    """Hands to the target score, with running scores and the tie rule.

    With ``auto_deal`` (the default) each new hand is dealt from the game's
    seeded generator; otherwise the caller starts each hand with
    :meth:`start_hand` and an explicit deal (as a replay does).
    """

    def __init__(
        self,
        rules: Rules,
        *,
        seed: int | None = None,
        first_dealer: int = 0,
        auto_deal: bool = True,
    ) -> None:
        if not isinstance(first_dealer, int) or isinstance(first_dealer, bool) or not 0 <= first_dealer < rules.players:
            raise DealError(f"first_dealer must be a seat from 0 to {rules.players - 1}, not {first_dealer!r}")
        self.rules = rules
        self.first_dealer = first_dealer
        self.rng = random.Random(seed)
        self.scores = [0] * rules.players
        self.hands: list[Hand] = []
        self.game_over = False
        self.winners: list[int] = []
        self.auto_deal = auto_deal
        if auto_deal:
            self.start_hand()

    @property
    def hand(self) -> Hand | None:
        """The hand being played, or the last one once the game is over."""
        return self.hands[-1] if self.hands else None

    @property
    def needs_deal(self) -> bool:
        """True when the next hand waits for :meth:`start_hand`."""
        return not self.game_over and (not self.hands or self.hands[-1].phase == DONE)

    def next_dealer(self) -> int:
        return (self.first_dealer + len(self.hands)) % self.rules.players

    def start_hand(self, deal: Sequence[Sequence[Card]] | None = None, kitty: Sequence[Card] = ()) -> Hand:
        """Start the next hand, from ``deal`` (and ``kitty``) or from the game's generator."""
        if not self.needs_deal:
            raise IllegalAction("deal", None, None, "the game is over" if self.game_over else "the current hand is not finished")
        if deal is None:
            deal, kitty = random_deal(self.rules, self.rng)
        hand = Hand(self.rules, deal, kitty, dealer=self.next_dealer(), number=len(self.hands) + 1)
        self.hands.append(hand)
        return hand

    def _current(self, phase: str) -> Hand:
        if self.game_over:
            raise IllegalAction(phase, None, None, "the game is over")
        if self.needs_deal:
            raise IllegalAction(phase, None, None, "the next hand has not been dealt")
        return self.hands[-1]

    # -- actions -------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Apply an action to the current hand; scores the hand when it ends."""
        hand = self._current("play" if isinstance(action, PlayCard) else "pass" if isinstance(action, PassCards) else "moon")
        events = hand.apply(action)
        if hand.phase == DONE:
            self._hand_done(hand)
        return events

    def play(self, card: Card, seat: int | None = None) -> None:
        """Fast path: the seat to move plays ``card``."""
        hand = self._current("play")
        hand.play(card, seat)
        if hand.phase == DONE:
            self._hand_done(hand)

    def pass_cards(self, seat: int, cards: Sequence[Card]) -> None:
        self._current("pass").pass_cards(seat, cards)

    def choose_moon(self, seat: int, choice: str) -> None:
        hand = self._current("moon")
        hand.choose_moon(seat, choice)
        self._hand_done(hand)

    def legal_actions(self, seat: int) -> list[Action]:
        if self.game_over or self.needs_deal:
            return []
        return self.hands[-1].legal_actions(seat)

    def seats_to_act(self) -> list[int]:
        if self.game_over or self.needs_deal:
            return []
        return self.hands[-1].seats_to_act()

    def _hand_done(self, hand: Hand) -> None:
        assert hand.points is not None
        for s, p in enumerate(hand.points):
            self.scores[s] += p
        if max(self.scores) >= self.rules.target:  # type: ignore[operator]
            low = min(self.scores)
            tied = [s for s, v in enumerate(self.scores) if v == low]
            if len(tied) == 1 or self.rules.ties == "share":
                self.game_over = True
                self.winners = tied
        if not self.game_over and self.auto_deal:
            self.start_hand()

    # -- copies and views ----------------------------------------------
    def clone(self) -> Game:
        g = object.__new__(Game)
        g.rules = self.rules
        g.first_dealer = self.first_dealer
        g.rng = random.Random()
        g.rng.setstate(self.rng.getstate())
        g.scores = self.scores[:]
        g.hands = self.hands[:-1] + [self.hands[-1].clone()] if self.hands else []
        g.game_over = self.game_over
        g.winners = self.winners[:]
        g.auto_deal = self.auto_deal
        return g

    def view(self, seat: int | None) -> SeatView:
        """The seat's view of the current hand, with the game's scores."""
        hand = self.hands[-1]
        return hand.view(seat, scores=self.scores)

    def __repr__(self) -> str:
        return f"<Game {self.rules.variant} {self.rules.players}p hands={len(self.hands)} scores={self.scores}>"
