"""Replay a record with every check, producing the records.md output object.

The engine does the checking (``Game(..., auto_deal=False)``,
``start_hand``, ``pass_cards``, ``play``, ``choose_moon``); this module
walks the record, locates each problem (hand, phase, index, seat, card) and
raises :class:`~hearts.record.errors.ReplayError` for it.

>>> from hearts.core import Game, Rules
>>> g = Game(Rules.standard(4, target=30), seed=3)
>>> from hearts.record.format import game_record, to_record
>>> out = replay(to_record(game_record(g)))
>>> out["ok"], out["hands"][0]["pass"], out["hands"][0]["points"]
(True, 'left', None)
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from hearts.core import CardError, DealError, Game, Hand, IllegalAction, card_name, names, parse_card
from hearts.core.cards import Card
from hearts.core.fair_deal import SCHEME, commitment, hand_seed, seed_deal

from .errors import RecordError, ReplayError
from .format import HandRecord, Record, to_record


def replay(record: Record | dict[str, Any], *, trace: bool = False) -> dict[str, Any]:
    """The replay output: ``{"ok": true, "hands": ..., ...}`` or ``{"ok": false, "error": ...}``.

    A dict is first checked with :func:`~hearts.record.format.to_record`
    (a bad structure raises :class:`RecordError`).
    """
    rec = to_record(record) if isinstance(record, dict) else record
    r = _Replayer(rec, trace)
    try:
        r.run()
    except ReplayError as e:
        return {"ok": False, "error": e.to_dict()}
    game = r.game
    out: dict[str, Any] = {
        "ok": True,
        "hands": r.out,
        "scores": list(game.scores),
        "game_over": game.game_over,
        "winners": sorted(game.winners),
    }
    if rec.deals is not None or any(h.seed is not None for h in rec.hands):
        out["deals"] = deals_summary(rec)
    return out


def deals_summary(rec: Record) -> dict[str, Any]:
    """What a successful replay proved about the deals (only for a record with seeds or a ``deals`` block).

    ``seeded`` hands were each checked to be the deal of their seed; ``verified`` is true when
    every hand was; ``server_seed`` is ``"verified"`` when the commitment and every hand's seed
    were checked against the revealed server seed, ``"not revealed"`` when the block has none yet,
    and null without a ``deals`` block.
    """
    seeded = sum(h.seed is not None for h in rec.hands)
    server = None if rec.deals is None else "not revealed" if rec.deals.server_seed is None else "verified"
    return {
        "scheme": SCHEME,
        "hands": len(rec.hands),
        "seeded": seeded,
        "verified": seeded == len(rec.hands),
        "commitment": rec.deals.commitment if rec.deals is not None else None,
        "server_seed": server,
    }


def replay_game(record: Record | dict[str, Any]) -> Game:
    """The game a record describes, ready to go on (raises ReplayError if illegal)."""
    rec = to_record(record) if isinstance(record, dict) else record
    r = _Replayer(rec, False)
    r.run()
    return r.game


class _Replayer:
    """Walks a record through a :class:`Game`, collecting the output hands."""

    def __init__(self, rec: Record, trace: bool) -> None:
        self.rec = rec
        self.trace = trace
        self.rules = rec.rules
        try:
            self.game = Game(rec.rules, first_dealer=rec.first_dealer, auto_deal=False)
        except DealError as e:  # first_dealer is checked by format; kept for safety
            raise RecordError(str(e)) from None
        self.out: list[dict[str, Any]] = []

    def run(self) -> None:
        deals = self.rec.deals
        if deals is not None and deals.server_seed is not None and commitment(deals.server_seed) != deals.commitment:
            why = f"the server seed does not match the commitment: its SHA-256 is {commitment(deals.server_seed)}"
            raise ReplayError(None, "deal", None, None, None, why)
        hands = self.rec.hands
        for i, h in enumerate(hands):
            last = i == len(hands) - 1
            if self.game.game_over:
                raise ReplayError(i, "deal", None, None, None, "the game is over: no hand may follow the one that ended it")
            hand = self._deal(i, h)
            self._passes(i, h, hand, last)
            legal = self._plays(i, h, hand)
            self._moon(i, h, hand)
            if not hand.done and not last:
                self._unfinished(i, h, hand)
            self.out.append(self._output(hand, legal))

    # -- phases ------------------------------------------------------
    def _parse(self, text: str, hand: int, phase: str, index: int | None, seat: int | None) -> Card:
        try:
            return parse_card(text)
        except CardError as e:
            raise ReplayError(hand, phase, index, seat, None, str(e)) from None

    def _deal(self, i: int, h: HandRecord) -> Hand:
        rules, n = self.rules, self.rules.players
        if len(h.deal) != n:
            k = len(h.deal)
            if k < n:
                raise ReplayError(i, "deal", k, k, None, f"the deal needs one list per seat: seat {k} has none")
            raise ReplayError(i, "deal", n, None, None, f"the deal has {len(h.deal)} lists for {n} players")
        expected = Counter(rules.deck)
        counts: Counter[Card] = Counter()
        lists: list[list[Card]] = []
        for s, texts in enumerate([*h.deal, h.kitty]):
            seat = s if s < n else None
            cards = [self._parse(t, i, "deal", s, seat) for t in texts]
            size = rules.cards_each if s < n else rules.kitty_size
            if len(cards) != size:
                what = f"seat {s} must be dealt" if s < n else "the kitty must hold"
                raise ReplayError(i, "deal", s, seat, None, f"{what} {size} cards, not {len(cards)}")
            for c in cards:
                counts[c] += 1
                if counts[c] > expected[c]:
                    name = card_name(c)
                    if not expected[c]:
                        why = f"{name} is not in the deck of {rules.variant} Hearts for {n} players"
                    else:
                        why = f"{name} is dealt twice" if expected[c] == 1 else f"{name} is dealt more than twice"
                    raise ReplayError(i, "deal", s, seat, name, why)
            lists.append(cards)
        self._check_seed(i, h, lists)
        try:
            return self.game.start_hand(lists[:n], lists[n])
        except (DealError, IllegalAction) as e:  # not expected after the checks above
            raise ReplayError(i, "deal", None, None, None, str(e)) from None

    def _check_seed(self, i: int, h: HandRecord, lists: list[list[Card]]) -> None:
        """With a revealed server seed, the hand's seed must be the derived one; a seed must give this deal."""
        deals = self.rec.deals
        if deals is not None and deals.server_seed is not None:
            if h.seed is None:
                raise ReplayError(i, "deal", None, None, None, "no seed: with the server seed revealed, every hand must carry its seed")
            derived = hand_seed(deals.server_seed, i + 1, deals.client_seeds)
            if h.seed != derived:
                why = f"the seed is not the one derived from the server seed and client seeds for hand {i + 1} ({derived})"
                raise ReplayError(i, "deal", None, None, None, why)
        if h.seed is None:
            return
        hands, kitty = seed_deal(self.rules, h.seed)
        n = self.rules.players
        for s, (want, got) in enumerate(zip([*hands, kitty], lists, strict=True)):
            if sorted(got) != want:
                extra = Counter(got) - Counter(want)
                card = card_name(min(extra))
                who = f"seat {s}" if s < n else "the kitty"
                why = f"not the deal of this hand's seed: it deals {who} {' '.join(names(want))}"
                raise ReplayError(i, "deal", s, s if s < n else None, card, why)

    def _passes(self, i: int, h: HandRecord, hand: Hand, last: bool) -> None:
        n, direction = self.rules.players, hand.pass_direction
        if direction == "none":
            if h.passes is not None:
                why = "no passing in this game" if self.rules.pass_count == 0 else "no passing on this hand"
                raise ReplayError(i, "pass", 0, None, None, f"{why}: 'passes' must be absent or null")
            return
        if h.passes is None:
            if h.plays or not last:
                raise ReplayError(i, "pass", 0, 0, None, f"this hand passes {direction} but the record gives no passes")
            return
        if len(h.passes) < n:
            k = len(h.passes)
            raise ReplayError(i, "pass", k, k, None, f"passes need one list per seat: seat {k} has none")
        if len(h.passes) > n:
            raise ReplayError(i, "pass", n, None, None, f"{len(h.passes)} pass lists for {n} players")
        for s, texts in enumerate(h.passes):
            cards = [self._parse(t, i, "pass", s, s) for t in texts]
            try:
                self.game.pass_cards(s, cards)
            except IllegalAction as e:
                raise ReplayError(i, "pass", s, s, e.card, e.reason) from None

    def _plays(self, i: int, h: HandRecord, hand: Hand) -> list[list[str]]:
        legal: list[list[str]] = []
        for k, text in enumerate(h.plays):
            if hand.phase != "play":
                name = _name_or_none(text)
                raise ReplayError(i, "play", k, None, name, "the hand is over: every card has been played")
            c = self._parse(text, i, "play", k, hand.to_move)
            if self.trace:
                legal.append(names(hand.legal_cards()))
            try:
                self.game.play(c)
            except IllegalAction as e:
                raise ReplayError(i, "play", k, e.seat, e.card, e.reason) from None
        return legal

    def _moon(self, i: int, h: HandRecord, hand: Hand) -> None:
        if h.moon is None:
            return
        if hand.phase == "moon":
            shooter = hand.shooter
            assert shooter is not None
            try:
                self.game.choose_moon(shooter, h.moon)
            except IllegalAction as e:
                raise ReplayError(i, "moon", 0, shooter, None, e.reason) from None
        elif hand.phase == "done" and hand.shooter is not None:
            why = f"the rules fix the moon choice ({self.rules.moon}): 'moon' must not be given"
            raise ReplayError(i, "moon", 0, hand.shooter, None, why)
        elif hand.phase == "done":
            raise ReplayError(i, "moon", 0, None, None, "nobody shot the moon in this hand: 'moon' must not be given")
        else:
            raise ReplayError(i, "moon", 0, None, None, "the hand is not finished: there is no moon choice yet")

    def _unfinished(self, i: int, h: HandRecord, hand: Hand) -> None:
        if hand.phase == "moon":
            why = f"seat {hand.shooter} shot the moon: the record must give the choice ('add' or 'subtract')"
            raise ReplayError(i, "moon", 0, hand.shooter, None, why)
        missing = self.rules.cards_each * self.rules.players - len(hand.plays)
        why = f"the hand is unfinished ({missing} card{'s' if missing > 1 else ''} still to play) but another hand follows"
        raise ReplayError(i, "play", len(h.plays), hand.to_move, None, why)

    # -- output ------------------------------------------------------
    def _output(self, hand: Hand, legal: list[list[str]]) -> dict[str, Any]:
        n = self.rules.players
        tricks = []
        for j, t in enumerate(hand.tricks):
            d: dict[str, Any] = {
                "leader": t.leader,
                "cards": [card_name(c) for c in t.cards],
                "winner": t.winner,
                "points": t.points,
            }
            if self.trace:
                d["legal"] = legal[j * n : (j + 1) * n]
            tricks.append(d)
        moon = None
        if hand.done and hand.shooter is not None:
            moon = {"seat": hand.shooter, "choice": hand.moon_choice}
        out: dict[str, Any] = {
            "dealer": hand.dealer,
            "pass": hand.pass_direction,
            "tricks": tricks,
            "taken": [names(t) for t in hand.taken],
            "points": list(hand.points) if hand.points is not None else None,
            "moon": moon,
            "scores": list(self.game.scores),
        }
        if not hand.done:
            out["phase"] = hand.phase
            current = None
            if hand.phase == "play" and hand.trick:
                current = {"leader": hand.leader, "cards": [card_name(c) for c in hand.trick]}
                if self.trace:
                    current["legal"] = legal[len(hand.tricks) * n :]
            out["current_trick"] = current
        return out


def _name_or_none(text: str) -> str | None:
    try:
        return card_name(parse_card(text))
    except CardError:
        return None
