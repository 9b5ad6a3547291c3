"""``VecHearts``: B hands of Hearts stepped at once, as NumPy arrays.

Each of the B games is one hand (an episode), dealt from the batch's seed,
with a hand number (so a pass direction) drawn over the rules' pass cycle
as the AEC environment draws it. A step takes one card id per game, the
choice of the game's acting seat:

- while passing, a pick: seat 0 picks ``pass_count`` cards one at a time,
  then seat 1, ... (the AEC environment's order); the exchange happens
  after the last seat's last pick;
- while playing, the card the seat to move plays.

The moon is settled when the last trick ends: with ``moon="choose"`` the
shooter's choice is the score sheet's (:func:`hearts.core.moon.moon_choice_for`
on the scores before the hand, all zero in a one-hand episode), as in
:mod:`hearts.rl`. A finished game stays finished (its actions are ignored,
its mask is empty) until :meth:`VecHearts.reset_done` deals it again.

Covered: every variant and player count, with every rules option:
standard Hearts for 3-7 players, Omnibus (the jack of diamonds) and
Cancellation Hearts for 6-11 players (two decks, cancelling pairs, the
kitty with the first trick, set-aside tricks and their waiting cards,
``two_pairs_void_trick``, ``last_trick_unwon``).

Card sets are uint64 bitmasks (bit ``c`` = card ``c``), one per game and
seat; with two decks a set is two masks, ``lo`` (held at least once) and
``hi`` (held twice), as in :class:`hearts.core.Hand`. The rule facts (deck,
lowest club, breakers, first-trick rule, the moon) are read from
:class:`hearts.core.Rules`.

>>> import numpy as np
>>> from hearts.core import Rules
>>> env = VecHearts(Rules.standard(4), batch=8)
>>> env.reset(seed=1)
>>> rng = np.random.default_rng(1)
>>> steps = 0
>>> while not env.done.all():
...     rewards = env.step(env.random_actions(rng))
...     steps += 1
>>> steps in (52, 64), sorted(set(env.points.sum(axis=1).tolist())) in ([26], [78], [26, 78])
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from hearts.core import Rules
from hearts.core.cards import HEARTS_MASK, JD, card_name
from hearts.core.deal import card_masks, check_deal
from hearts.core.enums import MoonChoice, MoonRule
from hearts.core.errors import HeartsError
from hearts.core.kernel import JACK_POINTS, MOON_SCORE, POINT_MASK
from hearts.core.moon import moon_choice_for
from hearts.core.rules import PASS_OFFSETS

from .bits import BITS, POINT, SUIT, SUITS, U64, ZERO, pick_random, popcount, unpack

if TYPE_CHECKING:
    from .observe import PackedObservation

PASS, PLAY, DONE = 0, 1, 3  # the phase codes: indexes of hearts.observe.PHASES (2 is the moon, settled at once)
REWARDS = ("points", "payoff")
ALL = U64((1 << 64) - 1)
MAX_BATCH = 1 << 24


class VecError(HeartsError, ValueError):
    """Bad settings or actions for :class:`VecHearts` (the message says which)."""


def check_settings(rules: object, batch: object, reward: object, error: type[VecError] = VecError) -> None:
    """Raise ``error`` unless ``rules`` is a :class:`~hearts.core.Rules`, ``batch`` a whole number from 1 to
    :data:`MAX_BATCH` and ``reward`` one of :data:`REWARDS` (the settings of a batch of games, here or in JAX)."""
    if not isinstance(rules, Rules):
        raise error(f"rules must be a hearts.core.Rules, not {type(rules).__name__}")
    if isinstance(batch, bool) or not isinstance(batch, (int, np.integer)) or not 1 <= batch <= MAX_BATCH:
        raise error(f"batch must be a whole number from 1 to {MAX_BATCH}, not {batch!r}")
    if reward not in REWARDS:
        raise error(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")


class VecHearts:
    """B one-hand episodes of ``rules`` (any variant and player count) as arrays.

    Arrays of shape ``(batch,)`` or ``(batch, players)``; seats are absolute
    (0 .. players-1). Read them, do not write them.
    """

    def __init__(self, rules: Rules, batch: int, *, reward: str = "points") -> None:
        check_settings(rules, batch, reward)
        self.rules = rules
        self.batch = B = int(batch)
        self.players = n = rules.players
        self.reward_kind = reward
        self.deck = np.array(rules.deck, dtype=np.int64)
        self.cycle = rules.pass_cycle
        self.offsets = np.array([PASS_OFFSETS[d] % n for d in self.cycle], dtype=np.int64)
        self.tricks_total = rules.cards_each
        self.two_decks = rules.copies == 2
        self.low_club = BITS[rules.lowest_club]
        self.breakers = U64(rules.breakers)
        self.restrict_first = not rules.points_on_first_trick
        # the shooter's choice by the score sheet, per seat, before a one-hand episode's hand (all scores 0)
        choices = [rules.moon if rules.moon != MoonRule.CHOOSE else moon_choice_for([0] * n, s, rules.target or 0) for s in range(n)]
        self.moon_adds = np.array([c == MoonChoice.ADD for c in choices])
        self._rows = np.arange(B, dtype=np.int64) * n
        self._seats = np.arange(n, dtype=np.int64)
        self._next = (self._seats + 1) % n
        self.steps_max = n * rules.pass_count + self.tricks_total * n
        self._rng = np.random.default_rng()
        self._dealt = False
        self._alloc()

    # -- state ---------------------------------------------------------------
    def _alloc(self) -> None:
        B, n = self.batch, self.players
        self.dealt = np.zeros((B, n), dtype=U64)  #: the deal, before passing
        self.dealt_hi = np.zeros((B, n), dtype=U64)  #: the cards dealt twice (two decks)
        self.hands = np.zeros((B, n), dtype=U64)  #: the cards each seat holds (at least once)
        self.hands_hi = np.zeros((B, n), dtype=U64)  #: the cards each seat holds twice (two decks)
        self.picks = np.zeros((B, n), dtype=U64)  #: the cards each seat has picked to pass (then: passed)
        self.picks_hi = np.zeros((B, n), dtype=U64)  #: ... picked twice
        self.received = np.zeros((B, n), dtype=U64)  #: the cards passed to each seat (after the exchange)
        self.received_hi = np.zeros((B, n), dtype=U64)  #: ... received twice
        self.played = np.zeros((B, n), dtype=U64)  #: the cards each seat has played this hand
        self.played_hi = np.zeros((B, n), dtype=U64)  #: ... played twice
        self.kitty = np.zeros(B, dtype=U64)  #: the kitty (two decks), at least once
        self.kitty_hi = np.zeros(B, dtype=U64)  #: ... twice
        self.kitty_points = np.zeros(B, dtype=np.int64)
        self.kitty_jd = np.zeros(B, dtype=np.int64)
        self.kitty_taker = np.full(B, -1, dtype=np.int64)  #: the seat that took the kitty with the first won trick, or -1
        self.pile_points = np.zeros(B, dtype=np.int64)  #: the points of the set-aside tricks waiting to be taken
        self.pile_jd = np.zeros(B, dtype=np.int64)
        self.pile = np.zeros(B, dtype=bool)  #: whether set-aside cards are waiting
        self.last_winner = np.full(B, -1, dtype=np.int64)  #: the latest trick's winner, or -1
        self.jd_taken = np.zeros((B, n), dtype=np.int64)  #: jacks of diamonds each seat has taken
        self.taken = np.zeros((B, n), dtype=U64)  #: the cards each seat has won in tricks (one deck only)
        self.points_taken = np.zeros((B, n), dtype=np.int64)  #: points taken in tricks (before the moon)
        self.voids = np.zeros((B, n), dtype=np.int64)  #: suits each seat has shown it lacks (bit s = suit s)
        self.trick = np.full((B, n), -1, dtype=np.int64)  #: the card each seat played to the current trick, or -1
        self.points = np.zeros((B, n), dtype=np.int64)  #: the hand's points, once done (after the moon)
        self.number = np.ones(B, dtype=np.int64)  #: the hand number (1..len(pass cycle)): its pass direction
        self.dealer = np.zeros(B, dtype=np.int64)  #: the dealer ((number - 1) % players unless set_deals says otherwise)
        self.phase = np.full(B, DONE, dtype=np.int64)  #: PASS, PLAY or DONE
        self.to_act = np.zeros(B, dtype=np.int64)  #: the acting seat
        self.leader = np.zeros(B, dtype=np.int64)  #: the seat that led the current trick
        self.led_suit = np.zeros(B, dtype=np.int64)
        self.trick_len = np.zeros(B, dtype=np.int64)
        self.tricks_done = np.zeros(B, dtype=np.int64)
        self.broken = np.zeros(B, dtype=bool)
        self.legal = np.zeros(B, dtype=U64)  #: the acting seat's legal cards (0 when done)
        self.shooter = np.full(B, -1, dtype=np.int64)  #: the seat that shot the moon, or -1
        self.trick_winner = np.full(B, -1, dtype=np.int64)  #: the winner of a trick the last step ended, -2 if set aside, else -1
        self.history = np.zeros((B, self.steps_max), dtype=np.int8)  #: every action, in order (picks, then plays)
        self.steps = np.zeros(B, dtype=np.int64)  #: actions taken in the hand

    @property
    def done(self) -> NDArray[np.bool_]:
        """Which games have finished their hand."""
        out: NDArray[np.bool_] = self.phase == DONE
        return out

    def directions(self) -> list[str]:
        """Each game's pass direction (``left``, ``right``, ``across`` or ``none``)."""
        return [self.rules.pass_direction(int(k)) for k in self.number]

    # -- dealing -------------------------------------------------------------
    def reset(self, seed: int | None = None) -> None:
        """Deal every game anew; the same ``seed`` gives the same deals, directions and draws."""
        self._rng = np.random.default_rng(seed)
        self._dealt = True
        self._deal(np.arange(self.batch))

    def reset_done(self) -> NDArray[np.int64]:
        """Deal the finished games anew (from the batch's generator); returns their indexes."""
        idx: NDArray[np.int64] = np.flatnonzero(self.phase == DONE)
        if idx.size:
            self._deal(idx)
        return idx

    def _deal(self, idx: NDArray[np.int64]) -> None:
        m, n, k = idx.size, self.players, self.rules.cards_each
        order = np.argsort(self._rng.random((m, self.deck.size)), axis=1)
        shuffled = self.deck[order]
        cards = np.sort(shuffled[:, : n * k].reshape(m, n, k), axis=2)
        hands = np.bitwise_or.reduce(BITS[cards], axis=2)
        self.dealt[idx] = hands
        self.hands[idx] = hands
        if self.two_decks:
            twice = np.where(cards[:, :, 1:] == cards[:, :, :-1], BITS[cards[:, :, 1:]], ZERO)
            self.dealt_hi[idx] = self.hands_hi[idx] = np.bitwise_or.reduce(twice, axis=2)
            kitty = np.sort(shuffled[:, n * k :], axis=1)
            self.kitty[idx] = np.bitwise_or.reduce(BITS[kitty], axis=1)
            self.kitty_hi[idx] = np.bitwise_or.reduce(np.where(kitty[:, 1:] == kitty[:, :-1], BITS[kitty[:, 1:]], ZERO), axis=1)
            self.kitty_points[idx] = POINT[kitty].sum(axis=1)
            self.kitty_jd[idx] = (kitty == JD).sum(axis=1)
        self.number[idx] = self._rng.integers(len(self.cycle), size=m) + 1
        self.dealer[idx] = (self.number[idx] - 1) % n
        self._start(idx)

    def set_deals(
        self,
        deals: Sequence[Sequence[Sequence[int]]],
        numbers: Sequence[int],
        kitties: Sequence[Sequence[int]] = (),
        dealers: Sequence[int] | None = None,
    ) -> None:
        """Deal every game the given cards: ``deals[g][s]`` seat ``s``'s cards in game ``g``, hand number ``numbers[g]``.

        ``kitties[g]``: game ``g``'s kitty (two decks; leave it out with one);
        ``dealers[g]`` its dealer (the seat after the dealer leads with two
        decks), by default the game's first hand's: ``(number - 1) % players``.
        A hand number past the pass cycle is kept as its place in the cycle.
        Each deal is checked as the engine checks one (:func:`hearts.core.deal.check_deal`).

        >>> from hearts.core import Hand, Rules
        >>> from hearts.core.cards import mask_cards
        >>> hand = Hand.from_seed(Rules.standard(4), seed=2, number=2)
        >>> env = VecHearts(Rules.standard(4), batch=1)
        >>> env.set_deals([[hand.hand_cards(s) for s in range(4)]], [2])
        >>> [list(mask_cards(int(m))) == hand.hand_cards(s) for s, m in enumerate(env.hands[0])], env.directions()
        ([True, True, True, True], ['right'])
        """
        if len(deals) != self.batch or len(numbers) != self.batch or (kitties and len(kitties) != self.batch):
            raise VecError(f"give one deal and one hand number for each of the {self.batch} games")
        dealt: list[tuple[list[int], int]] = []  # every game is checked before any is dealt: a bad one changes nothing
        # a deal repeated as the same objects (a world for each card) is checked and masked once; the memo holds
        # the objects, so their ids cannot be reused by others while it lives
        checked: dict[tuple[int, int], tuple[object, object]] = {}
        masks: dict[int, tuple[object, list[tuple[int, int]]]] = {}
        for g, deal in enumerate(deals):
            given = kitties[g] if kitties else None
            kitty = list(given) if given is not None else []
            key = (id(deal), id(given))
            if key not in checked:
                try:
                    check_deal(self.rules, deal, kitty)
                except HeartsError as err:
                    raise VecError(f"game {g}: {err}") from None
                checked[key] = (deal, given)
            if int(numbers[g]) < 1:
                raise VecError(f"game {g}: the hand number must be 1 or more, not {numbers[g]}")
            dealer = (int(numbers[g]) - 1) % self.players if dealers is None else int(dealers[g])
            if not 0 <= dealer < self.players:
                raise VecError(f"game {g}: the dealer must be a seat from 0 to {self.players - 1}, not {dealer}")
            dealt.append((kitty, dealer))
        for g, (deal, (kitty, dealer)) in enumerate(zip(deals, dealt, strict=True)):
            if id(deal) not in masks:
                masks[id(deal)] = (deal, [card_masks(cards) for cards in deal])
            for s, (lo, hi) in enumerate(masks[id(deal)][1]):
                self.dealt[g, s] = self.hands[g, s] = U64(lo)
                self.dealt_hi[g, s] = self.hands_hi[g, s] = U64(hi)
            lo, hi = card_masks(kitty)
            self.kitty[g], self.kitty_hi[g] = U64(lo), U64(hi)
            self.kitty_points[g] = sum(int(POINT[c]) for c in kitty)
            self.kitty_jd[g] = sum(1 for c in kitty if c == JD)
            self.number[g] = (int(numbers[g]) - 1) % len(self.cycle) + 1  # the pass direction is what a hand number tells
            self.dealer[g] = dealer
        self._dealt = True
        self._start(np.arange(self.batch))

    def _start(self, idx: NDArray[np.int64]) -> None:
        """The dealt games ``idx`` (their cards and hand numbers set) start: nothing passed or played yet."""
        for name in (
            "picks",
            "picks_hi",
            "received",
            "received_hi",
            "played",
            "played_hi",
            "taken",
            "points_taken",
            "voids",
            "points",
            "jd_taken",
            "pile_points",
            "pile_jd",
            "pile",
        ):
            getattr(self, name)[idx] = 0
        self.kitty_taker[idx] = -1
        self.last_winner[idx] = -1
        self.trick[idx] = -1
        self.trick_len[idx] = 0
        self.tricks_done[idx] = 0
        self.broken[idx] = False
        self.shooter[idx] = -1
        self.trick_winner[idx] = -1
        self.steps[idx] = 0
        self.history[idx] = 0
        passing = self.offsets[self.number[idx] - 1] != 0
        self.phase[idx] = PASS
        self.to_act[idx] = 0
        self._start_play(idx[~passing])
        self._update_legal()

    def _start_play(self, idx: NDArray[np.int64]) -> None:
        if not idx.size:
            return
        if self.two_decks:  # the seat after the dealer leads
            first = (self.dealer[idx] + 1) % self.players
        else:  # the holder of the lowest club
            first = np.argmax((self.hands[idx] & self.low_club) != ZERO, axis=1)
        self.phase[idx] = PLAY
        self.leader[idx] = first
        self.to_act[idx] = first

    # -- stepping ------------------------------------------------------------
    def _where(self, where: Any) -> NDArray[np.bool_]:
        """The games to step: those not finished, and in ``where`` when it is given (a bool array of shape (batch,))."""
        active: NDArray[np.bool_] = self.phase != DONE
        if where is None:
            return active
        w = np.asarray(where)
        if w.shape != (self.batch,) or w.dtype != np.bool_:
            raise VecError(f"where must be a bool array of shape ({self.batch},), not {w.dtype} {w.shape}")
        out: NDArray[np.bool_] = active & w
        return out

    def illegal(self, actions: NDArray[np.int64], where: Any = None) -> NDArray[np.bool_]:
        """The games (not finished, and in ``where`` when given) whose action is not a legal card for their seat now.

        ``actions``: int64, shape (batch,); an id outside 0-51 is illegal too.
        """
        active = self._where(where)
        ids = np.where(active & (actions >= 0) & (actions <= 51), actions, 0)
        out: NDArray[np.bool_] = active & ((actions < 0) | (actions > 51) | ((self.legal & BITS[ids]) == ZERO))
        return out

    def check_actions(self, actions: Any, where: Any = None) -> NDArray[np.int64]:
        """``actions`` as an int64 array of shape (batch,), each legal for its game (finished games, and those outside ``where``: ignored).

        Raises :class:`VecError` naming the first bad game.
        """
        if not self._dealt:
            raise VecError("call reset() first: no game has been dealt")
        a = np.asarray(actions)
        if a.shape != (self.batch,):
            raise VecError(f"actions must have shape ({self.batch},), one card id per game, not {a.shape}")
        if a.dtype.kind not in "iu":
            raise VecError(f"actions must be integers (card ids 0-51), not {a.dtype}")
        a = a.astype(np.int64)
        active = self._where(where)
        bad = active & ((a < 0) | (a > 51))
        if bad.any():
            g = int(np.flatnonzero(bad)[0])
            raise VecError(f"game {g}: an action is a card id from 0 to 51, not {int(a[g])}")
        a = np.where(active, a, 0)
        bad = self.illegal(a, where)
        if bad.any():
            g = int(np.flatnonzero(bad)[0])
            doing = "pass" if self.phase[g] == PASS else "play"
            raise VecError(
                f"game {g}: seat {int(self.to_act[g])} may not {doing} {card_name(int(a[g]))} now ({int(bad.sum())} games illegal)"
            )
        return a

    def step(self, actions: Any, where: Any = None) -> NDArray[np.float32]:
        """Apply one action per game (only in the games of ``where``, when given); the rewards, shape (batch, players).

        Rewards are nonzero where a hand ended: ``reward="points"``, minus each
        seat's points; ``"payoff"``, the mean of the others' points minus its own.
        """
        a = self.check_actions(actions, where)
        n = self.players
        active = self._where(where)
        P = active & (self.phase == PASS)
        Q = active & (self.phase == PLAY)
        seat = self.to_act
        flat = self._rows + seat
        bit = BITS[a]
        zero = np.zeros_like(bit)
        self.history[np.flatnonzero(active), self.steps[active]] = a[active]
        self.steps += active
        self.trick_winner[:] = -1
        # passing: a pick
        picks = self.picks.reshape(-1)
        pbit = np.where(P, bit, zero)
        picked = picks[flat]
        if self.two_decks:  # a card picked twice goes to the second mask
            picks_hi = self.picks_hi.reshape(-1)
            again = picked & pbit
            picks_hi[flat] |= again
            picked = picked | (pbit & ~again)
            count = popcount(picked) + popcount(picks_hi[flat])
        else:
            picked = picked | pbit
            count = popcount(picked)
        picks[flat] = picked
        full = P & (count == self.rules.pass_count)
        # playing: a card
        qbit = np.where(Q, bit, zero)
        hands = self.hands.reshape(-1)
        played = self.played.reshape(-1)
        if self.two_decks:  # the second copy goes first, and a second play of a card goes to the second mask
            hands_hi = self.hands_hi.reshape(-1)
            from_hi = hands_hi[flat] & qbit
            hands_hi[flat] ^= from_hi
            hands[flat] ^= qbit & ~from_hi
            played_hi = self.played_hi.reshape(-1)
            again = played[flat] & qbit
            played_hi[flat] |= again
            played[flat] |= qbit & ~again
        else:
            hands[flat] ^= qbit
            played[flat] |= qbit
        trick = self.trick.reshape(-1)
        trick[flat] = np.where(Q, a, trick[flat])
        suit = SUIT[a]
        lead = Q & (self.trick_len == 0)
        self.led_suit = np.where(lead, suit, self.led_suit)
        off = Q & ~lead & (suit != self.led_suit)
        voids = self.voids.reshape(-1)
        voids[flat] |= np.where(off, 1 << self.led_suit, 0)
        self.broken |= (qbit & self.breakers) != ZERO
        self.trick_len += Q
        self.to_act = np.where(Q, self._next[seat], np.where(full, seat + 1, seat))
        rewards = np.zeros((self.batch, n), dtype=np.float32)
        ended = np.flatnonzero(Q & (self.trick_len == n))
        if ended.size:
            self._finish_tricks(ended, rewards)
        exchange = np.flatnonzero(full & (seat == n - 1))
        if exchange.size:
            self._exchange(exchange)
        self._update_legal()
        return rewards

    def _exchange(self, idx: NDArray[np.int64]) -> None:
        n = self.players
        picks = self.picks[idx]
        src = (self._seats[None, :] - self.offsets[self.number[idx] - 1][:, None]) % n
        received = np.take_along_axis(picks, src, axis=1)
        self.received[idx] = received
        if self.two_decks:  # counts of 0-2 as (lo, hi): take the passes out, then put what comes in
            picks_hi = self.picks_hi[idx]
            received_hi = np.take_along_axis(picks_hi, src, axis=1)
            self.received_hi[idx] = received_hi
            lo, hi = self.hands[idx], self.hands_hi[idx]
            lo, hi = (hi & ~picks_hi) | (lo & ~picks), hi & ~picks
            self.hands[idx], self.hands_hi[idx] = lo | received, hi | received_hi | (lo & received)
        else:
            self.hands[idx] = (self.hands[idx] ^ picks) | received
        self._start_play(idx)

    def _finish_tricks(self, idx: NDArray[np.int64], rewards: NDArray[np.float32]) -> None:
        if self.two_decks:
            self._finish_tricks_two_decks(idx)
        else:
            n = self.players
            cards = self.trick[idx]
            in_suit = SUIT[cards] == self.led_suit[idx][:, None]
            winner = np.argmax(np.where(in_suit, cards, -1), axis=1)
            won = np.bitwise_or.reduce(BITS[cards], axis=1)
            flat = idx * n + winner
            taken = self.taken.reshape(-1)
            taken[flat] |= won
            points = self.points_taken.reshape(-1)
            points[flat] += POINT[cards].sum(axis=1)
            if self.rules.jack_of_diamonds:
                jd = self.jd_taken.reshape(-1)
                jd[flat] += (cards == JD).sum(axis=1)
            self.trick_winner[idx] = winner
            self.leader[idx] = winner
            self.to_act[idx] = winner
        self.trick[idx] = -1
        self.trick_len[idx] = 0
        self.tricks_done[idx] += 1
        over = idx[self.tricks_done[idx] == self.tricks_total]
        if over.size:
            self._finish_hands(over, rewards)

    def _finish_tricks_two_decks(self, idx: NDArray[np.int64]) -> None:
        """Two decks: identical cards cancel; a trick nothing wins is set aside, its cards waiting for the next trick won."""
        n = self.players
        cards = self.trick[idx]
        dup = (cards[:, :, None] == cards[:, None, :]).sum(axis=2) > 1  # a card played twice cancels
        live = (SUIT[cards] == self.led_suit[idx][:, None]) & ~dup
        none = ~live.any(axis=1)
        if self.rules.two_pairs_void_trick:
            none |= dup.sum(axis=1) >= 4  # two pairs: four cancelled cards
        winner = np.argmax(np.where(live, cards, -1), axis=1)
        gained = POINT[cards].sum(axis=1)
        jd = (cards == JD).sum(axis=1)
        first = self.tricks_done[idx] == 0  # the kitty goes with the first trick's cards
        gained += np.where(first, self.kitty_points[idx], 0)
        jd += np.where(first, self.kitty_jd[idx], 0)
        aside, won = idx[none], ~none
        self.pile_points[aside] += gained[none]
        self.pile_jd[aside] += jd[none]
        self.pile[aside] = True
        self.trick_winner[aside] = -2
        self.to_act[aside] = self.leader[aside]
        g, w = idx[won], winner[won]
        flat = g * n + w
        points = self.points_taken.reshape(-1)
        points[flat] += gained[won] + self.pile_points[g]
        jds = self.jd_taken.reshape(-1)
        jds[flat] += jd[won] + self.pile_jd[g]
        self.pile_points[g] = 0
        self.pile_jd[g] = 0
        self.pile[g] = False
        self.kitty_taker[g] = np.where(self.kitty_taker[g] < 0, w, self.kitty_taker[g])
        self.last_winner[g] = w
        self.trick_winner[g] = w
        self.leader[g] = w
        self.to_act[g] = w

    def _finish_hands(self, idx: NDArray[np.int64], rewards: NDArray[np.float32]) -> None:
        n = self.players
        if self.two_decks and self.rules.last_trick_unwon == "previous_winner":  # the waiting cards go to the latest winner
            g = idx[self.pile[idx] & (self.last_winner[idx] >= 0)]
            flat = g * n + self.last_winner[g]
            points = self.points_taken.reshape(-1)
            points[flat] += self.pile_points[g]
            jds = self.jd_taken.reshape(-1)
            jds[flat] += self.pile_jd[g]
        self.pile[idx] = False  # taken, or unclaimed
        taken = self.points_taken[idx]
        shot = taken == self.rules.moon_points
        moon = shot.any(axis=1)
        shooter = np.where(moon, np.argmax(shot, axis=1), -1)
        adds = self.moon_adds[np.maximum(shooter, 0)]
        added = np.where(shot, 0, MOON_SCORE)
        subtracted = np.where(shot, -MOON_SCORE, 0)
        points = np.where(moon[:, None], np.where(adds[:, None], added, subtracted), taken)
        if self.rules.jack_of_diamonds:
            points = points + JACK_POINTS * self.jd_taken[idx]
        self.points[idx] = points
        self.shooter[idx] = shooter
        self.phase[idx] = DONE
        own = points.astype(np.float32)
        if self.reward_kind == "points":
            rewards[idx] = -own
        else:
            rewards[idx] = (own.sum(axis=1, keepdims=True) - own) / (n - 1) - own

    def _update_legal(self) -> None:
        flat = self._rows + self.to_act
        h = self.hands.reshape(-1)[flat]
        pass_legal = h & ~self.picks.reshape(-1)[flat]
        if self.two_decks:  # a card held twice may be picked twice
            pass_legal |= self.hands_hi.reshape(-1)[flat] & ~self.picks_hi.reshape(-1)[flat]
        follow = h & SUITS[self.led_suit]
        first = self.tricks_done == 0
        no_points = h & U64(~POINT_MASK & ((1 << 64) - 1))
        no_points = np.where(no_points != ZERO, no_points, h)
        no_hearts = h & U64(~HEARTS_MASK & ((1 << 64) - 1))
        no_hearts = np.where(no_hearts != ZERO, no_hearts, h)
        following = np.where(follow != ZERO, follow, np.where(first & self.restrict_first, no_points, h))
        first_lead = no_points if self.two_decks else self.low_club  # two decks: any card but a point card, if it can
        leading = np.where(first, first_lead, np.where(self.broken, h, no_hearts))
        play_legal = np.where(self.trick_len == 0, leading, following)
        zero = np.zeros_like(h)
        self.legal = np.where(self.phase == PASS, pass_legal, np.where(self.phase == PLAY, play_legal, zero))

    # -- helpers -------------------------------------------------------------
    def random_actions(self, rng: np.random.Generator) -> NDArray[np.int64]:
        """A legal card drawn uniformly for each game (0 for a finished one)."""
        return pick_random(self.legal, rng)

    def action_masks(self) -> NDArray[np.int8]:
        """The acting seats' legal cards as int8, shape (batch, 52) (zeros for a finished game)."""
        return unpack(self.legal).astype(np.int8)

    def observe(self, seats: NDArray[np.int64] | None = None, out: NDArray[np.float32] | None = None) -> NDArray[np.float32]:
        """The observation of each game's acting seat (or of ``seats``), shape (batch, size), written into ``out`` when given.

        See :mod:`hearts.vec.observe`.
        """
        from .observe import observe

        return observe(self, self.to_act if seats is None else seats, out)

    def observe_packed(self, seats: NDArray[np.int64] | None = None) -> PackedObservation:
        """:meth:`observe`'s vectors packed (card segments as bitmasks, the numeric tail as floats): faster, a seventh of the bytes.

        See :class:`hearts.vec.observe.PackedObservation`.
        """
        from .observe import observe_packed

        return observe_packed(self, self.to_act if seats is None else seats)
