"""One hand of Hearts or Cancellation Hearts: deal, pass, play, moon, score.

The state is a small set of ints and lists, so that ``clone()`` is cheap and
the same object serves the server, the bots' search and the benchmark. A
seat's cards are two bitmasks: ``lo`` (held at least once) and ``hi`` (held
twice, Cancellation Hearts only).

>>> from hearts.core.rules import Rules
>>> h = Hand.from_seed(Rules.standard(4), seed=1)
>>> h.phase, h.pass_direction
('pass', 'left')
>>> for seat in range(4):
...     h.pass_cards(seat, h.hand_cards(seat)[:3])
>>> h.phase, card_name(h.legal_cards()[0])
('play', '2C')
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations

from .actions import (
    Action,
    CardPlayed,
    ChooseMoon,
    Event,
    HandScored,
    MoonShot,
    PassCards,
    PassChosen,
    PassesExchanged,
    PlayCard,
    Trick,
    TrickDone,
)
from .cards import (
    BIT,
    JD,
    SUIT_MASKS,
    SUIT_OF,
    SUITS,
    Card,
    CardMask,
    card_name,
    mask_cards,
)
from .deal import card_masks, check_deal, is_card, is_seat, random_deal, shuffled_deck
from .enums import MoonChoice, MoonRule, PassDirection, Phase
from .errors import DealError, IllegalAction
from .kernel import JACK_POINTS, jacks_in, legal_mask, mask_points, moon_shooter, settle, trick_points, trick_winner
from .kernel import POINT_MASK as POINT_MASK  # re-exported: the point cards' mask lives in the rules kernel
from .refusals import PlayRefusal
from .rules import PASS_OFFSETS, Rules
from .view import SeatView

PASS, PLAY, MOON, DONE = Phase.PASS, Phase.PLAY, Phase.MOON, Phase.DONE


class Hand:
    """The state of one hand. Build it with :meth:`from_seed` or a deal."""

    __slots__ = (
        "rules",
        "n",
        "number",
        "dealer",
        "pass_direction",
        "_dealt",
        "kitty",
        "phase",
        "lo",
        "hi",
        "passes",
        "received",
        "to_move",
        "leader",
        "trick",
        "tricks",
        "plays",
        "broken",
        "taken",
        "points_taken",
        "voids",
        "pile",
        "pile_points",
        "last_winner",
        "unclaimed",
        "shooter",
        "moon_choice",
        "points",
        "_next",
        "_restrict_first",
        "_breakers",
        "_legal",
        "_suit",
        "_led",
        "_void_bit",
        "_copies",
        "_jd",
        "_tricks_total",
    )

    rules: Rules
    n: int
    number: int
    dealer: int
    pass_direction: PassDirection
    _dealt: tuple[tuple[CardMask, ...], tuple[CardMask, ...]]
    kitty: tuple[Card, ...]
    phase: Phase
    lo: list[CardMask]
    hi: list[CardMask]
    passes: list[tuple[Card, ...] | None]
    received: list[tuple[Card, ...] | None]
    to_move: int
    leader: int
    trick: list[Card]
    tricks: list[Trick]
    plays: list[Card]
    broken: bool
    taken: list[list[Card]]
    points_taken: list[int]
    voids: list[int]
    pile: list[Card]
    pile_points: int
    last_winner: int | None
    unclaimed: list[Card]
    shooter: int | None
    moon_choice: MoonChoice | None
    points: list[int] | None
    _next: tuple[int, ...]
    _restrict_first: bool
    _breakers: CardMask
    _legal: CardMask
    _suit: CardMask
    _led: int
    _void_bit: int
    _copies: int
    _jd: bool
    _tricks_total: int

    def __init__(
        self,
        rules: Rules,
        deal: Sequence[Sequence[Card]],
        kitty: Sequence[Card] = (),
        *,
        dealer: int = 0,
        number: int = 1,
    ) -> None:
        n = rules.players
        check_deal(rules, deal, kitty)
        if not is_seat(dealer, n):
            raise DealError(f"dealer must be a seat from 0 to {n - 1}, not {dealer!r}")
        if not isinstance(number, int) or isinstance(number, bool) or number < 1:
            raise DealError(f"hand number must be 1 or more, not {number!r}")
        masks = [card_masks(cards) for cards in deal]
        self._setup(rules, [m[0] for m in masks], [m[1] for m in masks], tuple(sorted(kitty)), dealer, number)

    def _setup(self, rules: Rules, lo: list[CardMask], hi: list[CardMask], kitty: tuple[Card, ...], dealer: int, number: int) -> None:
        n = rules.players
        self.rules = rules
        self.n = n
        self.number = number
        self.dealer = dealer
        self.pass_direction = rules.pass_direction(number)
        self._dealt = (tuple(lo), tuple(hi))
        self.kitty = kitty
        self.lo = lo[:]
        self.hi = hi[:]
        self.passes = [None] * n
        self.received = [None] * n
        self.trick = []
        self.tricks = []
        self.plays = []
        self.broken = False
        self.taken = [[] for _ in range(n)]
        self.points_taken = [0] * n
        self.voids = [0] * n
        self.pile = []
        self.pile_points = 0
        self.last_winner = None
        self.unclaimed = []
        self.shooter = None
        self.moon_choice = None
        self.points = None
        self._next = tuple((s + 1) % n for s in range(n))
        self._restrict_first = not rules.points_on_first_trick
        self._breakers = rules.breakers
        self._legal = 0
        self._suit = 0
        self._led = -1
        self._void_bit = 0
        self._copies = rules.copies
        self._jd = bool(rules.jack_of_diamonds)
        self._tricks_total = (len(rules.deck) - rules.kitty_size) // n
        self.to_move = 0
        self.leader = 0
        if self.pass_direction == PassDirection.NONE:
            self._start_play()
        else:
            self.phase = PASS

    @classmethod
    def from_seed(cls, rules: Rules, seed: int | random.Random | None = None, *, dealer: int = 0, number: int = 1) -> Hand:
        """A hand dealt at random from ``seed`` (an int or a ``random.Random``)."""
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        if not (is_seat(dealer, rules.players) and isinstance(number, int) and not isinstance(number, bool) and number >= 1):
            hands, kitty = random_deal(rules, rng)
            return cls(rules, hands, kitty, dealer=dealer, number=number)  # raises the clear error
        deck = shuffled_deck(rules, rng)  # a shuffled deck needs no checking
        k, n = rules.cards_each, rules.players
        if rules.copies == 1:
            lo = [0] * n
            for i, c in enumerate(deck):
                lo[i // k] |= BIT[c]
            hi = [0] * n
        else:
            masks = [card_masks(deck[i * k : (i + 1) * k]) for i in range(n)]
            lo, hi = [m[0] for m in masks], [m[1] for m in masks]
        hand = object.__new__(cls)
        hand._setup(rules, lo, hi, tuple(sorted(deck[k * n :])), dealer, number)
        return hand

    @property
    def deal(self) -> tuple[tuple[Card, ...], ...]:
        """The cards dealt to each seat, before passing, in card order."""
        lo, hi = self._dealt
        return tuple(tuple(sorted(mask_cards(lo[s]) + mask_cards(hi[s]))) for s in range(self.n))

    # -- fixed facts of the hand, read by fast playouts (hearts.bots.fast_playout) ---------
    @property
    def tricks_total(self) -> int:
        """How many tricks this hand has (the kitty's cards are not played)."""
        return self._tricks_total

    @property
    def next_seats(self) -> tuple[int, ...]:
        """The seat after each seat in the order of play (``next_seats[s] == (s + 1) % n``)."""
        return self._next

    @property
    def first_trick_restricted(self) -> bool:
        """Whether point cards are barred from the first trick (``points_on_first_trick`` off)."""
        return self._restrict_first

    @property
    def breakers(self) -> CardMask:
        """The cards that break hearts when played (hearts, and the Q♠ where she breaks them)."""
        return self._breakers

    # -- cards in hands ------------------------------------------------
    def _add(self, seat: int, c: Card) -> None:
        b = BIT[c]
        if self.lo[seat] & b:
            self.hi[seat] |= b
        else:
            self.lo[seat] |= b

    def _remove(self, seat: int, c: Card) -> None:
        b = BIT[c]
        if self.hi[seat] & b:
            self.hi[seat] ^= b
        else:
            self.lo[seat] ^= b

    def hand_cards(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds, in card order (a duplicate twice)."""
        hi = self.hi[seat]
        if hi:
            return sorted(mask_cards(self.lo[seat]) + mask_cards(hi))
        return list(mask_cards(self.lo[seat]))

    def holds(self, seat: int, c: Card) -> int:
        """How many copies of card ``c`` the seat holds (0, 1 or 2)."""
        return (self.lo[seat] >> c & 1) + (self.hi[seat] >> c & 1)

    def hand_size(self, seat: int) -> int:
        return self.lo[seat].bit_count() + self.hi[seat].bit_count()

    # -- passing -------------------------------------------------------
    def pass_target(self, seat: int) -> int:
        """The seat that ``seat`` passes to in this hand."""
        return (seat + PASS_OFFSETS[self.pass_direction]) % self.n

    def pass_source(self, seat: int) -> int:
        """The seat that passes to ``seat`` in this hand."""
        return (seat - PASS_OFFSETS[self.pass_direction]) % self.n

    def why_pass_illegal(self, seat: int, cards: Sequence[Card]) -> str | None:
        """The reason ``seat`` may not pass ``cards`` now, or None if it may."""
        if self.phase != PASS:
            return "it is not the passing phase"
        if not is_seat(seat, self.n):
            return f"there is no seat {seat!r}"
        if self.passes[seat] is not None:
            return "has already passed"
        if not isinstance(cards, (list, tuple)):
            return "the pass must be a list of cards"
        m = 0
        for c in cards:
            if c.__class__ is not int or not 0 <= c < 52:
                return "the pass must be a list of cards"
            m |= BIT[c]
        k = self.rules.pass_count
        if len(cards) != k:
            return f"must pass exactly {k} cards, not {len(cards)}"
        if m.bit_count() == k and not m & ~self.lo[seat]:
            return None
        for c, count in Counter(cards).items():
            if self.holds(seat, c) < count:
                return f"does not hold {card_name(c)}" + (" twice" if count > 1 else "")
        return None

    def pass_cards(self, seat: int, cards: Sequence[Card]) -> None:
        """``seat`` chooses the cards it passes; the exchange happens once all have chosen."""
        why = self.why_pass_illegal(seat, cards)
        if why is not None:
            bad = _first_unheld(self, seat, cards) if why.startswith("does not hold") else None
            raise IllegalAction(PASS, seat if is_seat(seat, self.n) else None, bad, why)
        self.passes[seat] = tuple(sorted(cards))
        if None not in self.passes:
            self._exchange()

    def why_take_back_illegal(self, seat: int) -> str | None:
        """The reason ``seat`` may not take back its pass now, or None if it may."""
        if self.phase != PASS:
            return "it is not the passing phase"
        if not is_seat(seat, self.n):
            return f"there is no seat {seat!r}"
        if self.passes[seat] is None:
            return "has not passed"
        return None

    def take_back_pass(self, seat: int) -> None:
        """``seat`` takes back the cards it chose to pass, while the others still choose (it then passes again).

        Once every seat has chosen, the cards are exchanged at once, so a pass can be taken back only until then.
        """
        why = self.why_take_back_illegal(seat)
        if why is not None:
            raise IllegalAction(PASS, seat if is_seat(seat, self.n) else None, None, why)
        self.passes[seat] = None

    def _exchange(self) -> None:
        n = self.n
        offset = PASS_OFFSETS[self.pass_direction]
        lo = self.lo
        if self._copies == 1:
            masks = [0] * n
            for seat, cards in enumerate(self.passes):
                m = 0
                for c in cards or ():
                    m |= BIT[c]
                masks[seat] = m
                lo[seat] ^= m
            for seat in range(n):
                target = (seat + offset) % n
                lo[target] |= masks[seat]
                self.received[target] = self.passes[seat]
        else:
            for seat, cards in enumerate(self.passes):
                for c in cards or ():
                    self._remove(seat, c)
            for seat, cards in enumerate(self.passes):
                target = (seat + offset) % n
                self.received[target] = cards
                for c in cards or ():
                    self._add(target, c)
        self._start_play()

    def _start_play(self) -> None:
        self.phase = PLAY
        if self.rules.is_cancellation:
            first = self._next[self.dealer]
        else:
            club = BIT[self.rules.lowest_club]
            first = next((s for s in range(self.n) if self.lo[s] & club), 0)  # 0 only for a world rebuilt mid-hand
        self.leader = self.to_move = first
        self._legal = self._compute_legal()

    def pass_options(self, seat: int) -> list[tuple[Card, ...]]:
        """Every distinct pass ``seat`` may make now (empty when it may not pass)."""
        if self.phase != PASS or not is_seat(seat, self.n) or self.passes[seat] is not None:
            return []
        return sorted(set(combinations(self.hand_cards(seat), self.rules.pass_count)))

    # -- playing -------------------------------------------------------
    def legal_mask(self) -> CardMask:
        """Bitmask of the cards the seat to move may play (0 outside the play phase)."""
        return self._legal

    def _compute_legal(self) -> CardMask:
        if self.phase != PLAY:
            return 0
        trick = self.trick
        rules = self.rules
        led = SUIT_OF[trick[0]] if trick else -1
        return legal_mask(
            self.lo[self.to_move], led, not self.tricks, self.broken, self._restrict_first, rules.is_cancellation, rules.lowest_club
        )

    def legal_cards(self, seat: int | None = None) -> list[Card]:
        """The distinct cards ``seat`` (default: the seat to move) may play, in card order."""
        if seat is not None and (self.phase != PLAY or seat != self.to_move):
            return []
        return list(mask_cards(self._legal))

    def why_play_illegal(self, card: Card, seat: int | None = None) -> str | None:
        """The reason the card may not be played now, or None if it may."""
        refusal = self.play_refusal(card, seat)
        return None if refusal is None else refusal.text

    def play_refusal(self, card: Card, seat: int | None = None) -> PlayRefusal | None:
        """The rule that refuses the card now, as a code with its details (None: it may be played)."""
        if self.phase != PLAY:
            return PlayRefusal("not_play_phase" if self.phase != MOON else "moon_first")
        s = self.to_move
        if seat is not None and seat != s:
            return PlayRefusal("not_your_turn", seat=s)
        if not is_card(card):
            return PlayRefusal("not_a_card", card=repr(card))
        h = self.lo[s]
        if not h >> card & 1:
            return PlayRefusal("not_held", card=card_name(card))
        if self.legal_mask() >> card & 1:
            return None
        if self.trick:
            suit = SUIT_OF[self.trick[0]]
            if h & SUIT_MASKS[suit]:
                return PlayRefusal("follow_suit", suit=SUITS[suit])
            return PlayRefusal("first_trick_points")
        if not self.tricks:
            if self.rules.is_cancellation:
                return PlayRefusal("first_lead_cancellation")
            return PlayRefusal("lead_lowest_club", card=card_name(self.rules.lowest_club))
        return PlayRefusal("hearts_not_broken")

    def play(self, card: Card, seat: int | None = None) -> None:
        """The seat to move plays ``card``; an illegal card raises and changes nothing."""
        s = self.to_move
        if card.__class__ is not int or not 0 <= card < 52 or not self._legal >> card & 1 or (seat is not None and seat != s):
            why = self.why_play_illegal(card, seat)
            name = card_name(card) if is_card(card) else None
            raise IllegalAction(PLAY, s if seat is None else seat, name, why or "illegal")
        b = BIT[card]
        hi = self.hi
        if hi[s] & b:
            hi[s] ^= b
        else:
            self.lo[s] ^= b
        trick = self.trick
        trick.append(card)
        self.plays.append(card)
        if b & self._breakers:
            self.broken = True
        if len(trick) == 1:
            suit = self._led = SUIT_OF[card]
            self._suit = SUIT_MASKS[suit]
            self._void_bit = 1 << suit
        else:
            if not b & self._suit:
                self.voids[s] |= self._void_bit
            if len(trick) == self.n:
                self._finish_trick()
                return
        # the next seat follows the led suit (the kernel reads neither the first-lead rule nor the lowest club then)
        s = self.to_move = self._next[s]
        self._legal = legal_mask(self.lo[s], self._led, not self.tricks, self.broken, self._restrict_first, False, 0)

    def _finish_trick(self) -> None:
        trick = self.trick
        leader = self.leader
        count = len(trick)
        if self._copies == 1:
            seen = 0
            for c in trick:
                seen |= BIT[c]
            points = mask_points(seen)  # one deck: the trick's cards are distinct
        else:
            points = trick_points(trick, count)
        best = trick_winner(trick, count, self._copies, self.rules.two_pairs_void_trick)
        winner = None if best < 0 else (leader + best) % self.n
        shown_points = points
        if self._jd:
            shown_points += jack_points(trick)
        first = not self.tricks
        self.tricks.append(Trick(leader, tuple(trick), winner, shown_points))
        self.trick = []
        gained = points
        cards: Iterable[Card] = trick
        if first and self.kitty:
            cards = trick + list(self.kitty)
            gained += trick_points(self.kitty, len(self.kitty))
        if winner is None:
            self.pile.extend(cards)
            self.pile_points += gained
        else:
            taken = self.taken[winner]
            taken.extend(cards)
            if self.pile:
                gained += self.pile_points
                taken.extend(self.pile)
                self.pile = []
                self.pile_points = 0
            self.points_taken[winner] += gained
            self.last_winner = winner
            self.leader = winner
        self.to_move = self.leader
        if len(self.tricks) == self._tricks_total:
            self._finish_hand()
        else:
            self._legal = self._compute_legal()

    def _finish_hand(self) -> None:
        self._legal = 0
        if self.pile:
            w = self.last_winner
            if self.rules.last_trick_unwon == "previous_winner" and w is not None:
                self.taken[w].extend(self.pile)
                self.points_taken[w] += self.pile_points
            else:
                self.unclaimed = self.pile
            self.pile = []
            self.pile_points = 0
        shooter = moon_shooter(self.points_taken, self.n, self.rules.moon_points)
        self.shooter = None if shooter < 0 else shooter
        moon = self.rules.moon
        if shooter >= 0 and moon == MoonRule.CHOOSE:
            self.phase = MOON
            self.to_move = shooter
        else:
            self._score(MoonChoice.SUBTRACT if moon == MoonRule.SUBTRACT else MoonChoice.ADD)

    # -- the moon ------------------------------------------------------
    def why_moon_illegal(self, seat: int, choice: str) -> str | None:
        if self.phase != MOON:
            return "nobody is choosing the moon now"
        if seat != self.shooter:
            return f"only seat {self.shooter}, who shot the moon, chooses"
        if choice not in (MoonChoice.ADD, MoonChoice.SUBTRACT):
            return f"the moon choice is 'add' or 'subtract', not {choice!r}"
        return None

    def choose_moon(self, seat: int, choice: str) -> None:
        """The shooter chooses ``"add"`` (26 to each other seat) or ``"subtract"`` (26 from own): a :class:`MoonChoice`."""
        why = self.why_moon_illegal(seat, choice)
        if why is not None:
            raise IllegalAction(MOON, seat if is_seat(seat, self.n) else None, None, why)
        self._score(MoonChoice(choice))

    def _score(self, choice: MoonChoice) -> None:
        n = self.n
        shooter = -1 if self.shooter is None else self.shooter
        if shooter >= 0:
            self.moon_choice = choice
        jack_rule = bool(self.rules.jack_of_diamonds)
        jacks = [self.taken[s].count(JD) for s in range(n)] if jack_rule else [0] * n
        points = [0] * n
        settle(self.points_taken, n, shooter, choice.code, jacks, jack_rule, points)
        self.points = points
        self.phase = DONE

    # -- generic action interface ---------------------------------------
    @property
    def done(self) -> bool:
        return self.phase == DONE

    def seats_to_act(self) -> list[int]:
        """Seats that must act now: every seat yet to pass, or the one to move."""
        if self.phase == PASS:
            return [s for s in range(self.n) if self.passes[s] is None]
        if self.phase in (PLAY, MOON):
            return [self.to_move]
        return []

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now (passes are listed as whole sets)."""
        if self.phase == PASS:
            return [PassCards(seat, p) for p in self.pass_options(seat)]
        if self.phase == PLAY:
            return [PlayCard(seat, c) for c in self.legal_cards(seat)]
        if self.phase == MOON and seat == self.shooter:
            return [ChooseMoon(seat, MoonChoice.ADD), ChooseMoon(seat, MoonChoice.SUBTRACT)]
        return []

    def why_illegal(self, action: Action) -> str | None:
        """The reason ``action`` is illegal now, or None if it is legal."""
        if isinstance(action, PassCards):
            return self.why_pass_illegal(action.seat, action.cards)
        if isinstance(action, PlayCard):
            return self.why_play_illegal(action.card, action.seat)
        if isinstance(action, ChooseMoon):
            return self.why_moon_illegal(action.seat, action.choice)
        return f"not an action: {action!r}"

    def apply(self, action: Action) -> list[Event]:
        """Check, then apply ``action``; returns what happened.

        An illegal action raises :class:`IllegalAction` and changes nothing.
        """
        tricks_before = len(self.tricks)
        events: list[Event] = []
        if isinstance(action, PassCards):
            self.pass_cards(action.seat, action.cards)
            events.append(PassChosen(action.seat))
            if self.phase != PASS:
                events.append(PassesExchanged(self.pass_direction))
        elif isinstance(action, PlayCard):
            self.play(action.card, action.seat)
            events.append(CardPlayed(action.seat, action.card))
        elif isinstance(action, ChooseMoon):
            self.choose_moon(action.seat, action.choice)
        else:
            raise IllegalAction(self.phase, None, None, f"not an action: {action!r}")
        events.extend(TrickDone(t) for t in self.tricks[tricks_before:])
        if self.phase == MOON and isinstance(action, PlayCard):
            events.append(MoonShot(self.to_move))
        if self.phase == DONE and self.points is not None and not isinstance(action, PassCards):
            events.append(HandScored(tuple(self.points), self.shooter, self.moon_choice))
        return events

    # -- copies and views ----------------------------------------------
    def clone(self) -> Hand:
        """An independent copy, cheap enough for search."""
        h = object.__new__(Hand)
        h.rules = self.rules
        h.n = self.n
        h.number = self.number
        h.dealer = self.dealer
        h.pass_direction = self.pass_direction
        h._dealt = self._dealt
        h.kitty = self.kitty
        h.phase = self.phase
        h.lo = self.lo[:]
        h.hi = self.hi[:]
        h.passes = self.passes[:]
        h.received = self.received[:]
        h.to_move = self.to_move
        h.leader = self.leader
        h.trick = self.trick[:]
        h.tricks = self.tricks[:]
        h.plays = self.plays[:]
        h.broken = self.broken
        h.taken = [t[:] for t in self.taken]
        h.points_taken = self.points_taken[:]
        h.voids = self.voids[:]
        h.pile = self.pile[:]
        h.pile_points = self.pile_points
        h.last_winner = self.last_winner
        h.unclaimed = self.unclaimed[:]
        h.shooter = self.shooter
        h.moon_choice = self.moon_choice
        h.points = None if self.points is None else self.points[:]
        h._next = self._next
        h._restrict_first = self._restrict_first
        h._breakers = self._breakers
        h._legal = self._legal
        h._suit = self._suit
        h._led = self._led
        h._void_bit = self._void_bit
        h._copies = self._copies
        h._jd = self._jd
        h._tricks_total = self._tricks_total
        return h

    def public_points(self) -> list[int]:
        """Points each seat is seen to have taken: the kitty stays hidden until the hand ends."""
        if self.phase in (MOON, DONE) or not self.kitty:
            return self.points_taken[:]
        pts = self.points_taken[:]
        taker = self.kitty_taker()
        if taker is not None:
            pts[taker] -= trick_points(self.kitty, len(self.kitty))
        return pts

    def kitty_taker(self) -> int | None:
        """The seat that took the kitty (public), or None while it waits or if nobody took it.

        The kitty goes with the first trick's cards: to the first trick won,
        which takes every set-aside trick before it.
        """
        if not self.kitty:
            return None
        for t in self.tricks:
            if t.winner is not None:
                return t.winner
        return None

    def view(self, seat: int | None, scores: Sequence[int] | None = None) -> SeatView:
        """What ``seat`` may know (``None``: a spectator, who sees only public facts): :func:`hearts.core.seat_view.seat_view`."""
        from .seat_view import seat_view

        return seat_view(self, seat, scores)

    def _waiting_tricks(self) -> list[Trick]:
        """The set-aside tricks whose cards nobody has taken yet."""
        out: list[Trick] = []
        if self.pile:
            for t in reversed(self.tricks):
                if t.winner is not None:
                    break
                out.append(t)
        return out

    @classmethod
    def world(cls, view: SeatView, hands: Sequence[Sequence[Card]], kitty: Sequence[Card] = ()) -> Hand:
        """A full state (a *world*) that agrees with everything public in ``view``: :func:`hearts.core.worlds.world`."""
        from .worlds import world

        return world(view, hands, kitty)

    def __repr__(self) -> str:
        return f"<Hand {self.rules.variant} {self.n}p #{self.number} {self.phase} plays={len(self.plays)}>"


def winner_so_far(cards: Sequence[Card], *, two_pairs_void: bool = False) -> tuple[int | None, CardMask]:
    """Which card of a trick (whole or in progress) wins it now, and which cards cancel.

    Returns (the index in ``cards`` of the winning card, or None when nothing wins:
    an empty trick, every card of the led suit cancelled, or with ``two_pairs_void``
    two pairs; the mask of the cards played twice, which cancel each other).

    >>> from hearts.core.cards import parse_card as p
    >>> winner_so_far([p("5C"), p("KC"), p("KC"), p("9C")])
    (3, 2048)
    >>> winner_so_far([p("5C"), p("5C")])
    (None, 8)
    """
    if not cards:
        return None, 0
    _, dup = card_masks(cards)  # a card played twice is in both: the pair cancels
    best = trick_winner(cards, len(cards), 2, two_pairs_void)  # as two decks: a one-deck trick has no pair
    return (None if best < 0 else best), dup


def point_cards_taken(rules: Rules, tricks: Sequence[Trick]) -> list[list[Card]]:
    """The point cards (:meth:`Rules.is_point_card`) each seat has taken in ``tricks``, in the order taken.

    A set-aside trick's cards go with the next trick that is won (those of a set-aside last trick to no
    one); the kitty is not in the tricks, so it stays hidden.

    >>> from hearts.core.cards import parse_card as p
    >>> point_cards_taken(Rules.standard(4), [Trick(0, (p("2C"), p("QS"), p("3C"), p("5H")), 2, 14)])
    [[], [], [49, 29], []]
    """
    taken: list[list[Card]] = [[] for _seat in range(rules.players)]
    pending: list[Card] = []
    for t in tricks:
        pending += [c for c in t.cards if rules.is_point_card(c)]
        if t.winner is not None:
            taken[t.winner] += pending
            pending = []
    return taken


def jack_points(cards: Sequence[Card]) -> int:
    """What the J♦'s copies among ``cards`` are worth where the J♦ scores (:data:`~hearts.core.kernel.JACK_POINTS` each).

    >>> from hearts.core.cards import parse_card as p
    >>> jack_points([p("JD"), p("2D")])
    -10
    """
    return JACK_POINTS * jacks_in(cards, len(cards))


def _first_unheld(hand: Hand, seat: int, cards: Sequence[Card]) -> str | None:
    counts: Counter[Card] = Counter()
    for c in cards:
        counts[c] += 1
        if hand.holds(seat, c) < counts[c]:
            return card_name(c)
    return None
