"""A table's truth: rules, a secret seed, the seats and the ordered action log.

Deals follow ``hearts-deal/1`` (:mod:`hearts.core.fair_deal`): the table's
``secret`` is the server seed S (64 hex characters), whose commitment is
public from the start; the seats' client seeds are fixed by the ``start``
entry of the log (which records them), and hand ``h`` is dealt from
HMAC(S, h, client seeds). A table stored by an older version has a 32-hex
``secret`` and keeps its old deals (``random.Random`` from a per-hand HMAC),
so its stored log still replays.

The engine state is derived by replaying the log, so a table rebuilt from
the database after a crash is exactly the table that was running. This
module does no input/output: :mod:`hearts.server.live` checks an entry with
:meth:`Table.check`, applies it to a :meth:`Table.fork` (the live table is
untouched), stores it, and only then puts the fork in the live table's place
and tells the clients (a failed write leaves the live table as it was).

A seat taken while the game is playing is *joining*: a bot (kind ``bot``)
finishes the current hand for it while its token is already stored, and
:meth:`Table.promote_joining` hands it to its player when the next hand starts.

>>> t = Table.new("t1", Rules.standard(4, target=30), level="medium", turn_seconds=0, secret="00" * 32)
>>> t.seat_for(None) is not None, t.status
(True, 'waiting')
>>> t.check({"kind": "start", "seat": 0}) is None
True
>>> t.apply({"kind": "start", "seat": 0, "by": "player"})
>>> t.status, len(t.game.hands[0].deal[0]), t.log[-1]["client_seeds"]
('playing', 13, ['', '', '', ''])
"""

from __future__ import annotations

import copy
import functools
import hashlib
import hmac
import random
import zlib
from dataclasses import dataclass, field
from typing import Any

from hearts.core import Action, ChooseMoon, Game, PassCards, PlayCard, Rules, SeatView, card_name, parse_card
from hearts.core import claim as claim_rules
from hearts.core import fair_deal as fd
from hearts.core.deal import random_deal
from hearts.core.errors import HeartsError
from hearts.core.hand import Hand
from hearts.record import Deals, Player, game_record
from hearts.session import CLAIM_REFUSAL, NOTHING_TO_DECIDE, claim_play, last_play, not_now

#: kinds of seat (``remote``: a bot of the operator's, connected with a bot token; shown as a bot with ``"remote": true``)
OPEN, HUMAN, BOT, REMOTE = "open", "human", "bot", "remote"
#: the names bots take at the start (skipping any a player has taken)
BOT_NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jun", "Kai", "Lea")
#: table statuses
WAITING, PLAYING, FINISHED = "waiting", "playing", "finished"


class Refusal(Exception):
    """An action or request refused; ``code`` is one of the protocol's error codes."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass
class Seat:
    """One seat: who holds it, and the hash of its token (the token itself is never stored).

    ``player``: the id of the person who took it (:mod:`hearts.server.identity`); ``name`` is only their label.
    """

    seat: int
    name: str = ""
    kind: str = OPEN
    token_hash: str | None = None
    ever_human: bool = False
    client_seed: str = ""
    player: str | None = None


def token_hash(token: str) -> str:
    """What the database keeps of a token: its SHA-256."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Table:
    """A table: see the module's notes. ``log`` holds the accepted actions, in order."""

    id: str
    rules: Rules
    level: str
    turn_seconds: int
    secret: str
    status: str = WAITING
    seats: list[Seat] = field(default_factory=list)
    log: list[dict[str, Any]] = field(default_factory=list)
    game: Game | None = None
    created: float = 0.0
    #: the client seeds in seat order, fixed when the game starts (None before)
    client_seeds: list[str] | None = None
    #: the table of the next game these players were offered, once one of them asked to play again (None before)
    again: str | None = None
    #: whether the people at the table may chat in free text (quick phrases are always on; :mod:`hearts.server.chat`)
    free_chat: bool = True
    #: the seat its creator took when making it: the one who may turn free chat on or off (None: nobody)
    host: int | None = None
    #: a guided first hand (:mod:`hearts.session.guide`): its person's state carries the coach's note
    guide: bool = False
    _seeds: dict[int, str] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def new(
        cls, table_id: str, rules: Rules, *, level: str, turn_seconds: int, secret: str, created: float = 0.0, guide: bool = False
    ) -> Table:
        seats = [Seat(s) for s in range(rules.players)]
        return cls(table_id, rules, level, turn_seconds, secret, seats=seats, created=created, guide=guide)

    # -- derived facts ----------------------------------------------------
    @property
    def seq(self) -> int:
        """The number of accepted actions (the sequence number of the latest one)."""
        return len(self.log)

    @property
    def hand(self) -> Hand | None:
        return self.game.hand if self.game is not None else None

    def seats_to_act(self) -> list[int]:
        if self.game is None or self.status != PLAYING:
            return []
        return self.game.seats_to_act()

    @property
    def fair(self) -> bool:
        """Does this table deal by hearts-deal/1? (False only for a table stored by an older version.)"""
        return fd.is_seed(self.secret)

    def hand_seed(self, number: int) -> str:
        """The seed (hex) that deals hand ``number``: secret until the hand ends (only once the game has started)."""
        seed = self._seeds.get(number)
        if seed is None:
            if self.fair:
                assert self.client_seeds is not None, "hand seeds exist once the start has fixed the client seeds"
                seed = fd.hand_seed(self.secret, number, self.client_seeds)
            else:
                seed = hmac.new(bytes.fromhex(self.secret), f"hand:{number}".encode(), hashlib.sha256).hexdigest()[:32]
            self._seeds[number] = seed
        return seed

    def deals(self) -> Deals | None:
        """The hearts-deal/1 facts anyone may know now: the commitment, the client seeds once fixed, S once finished."""
        if not self.fair:
            return None
        server = self.secret if self.status == FINISHED else None
        return Deals(fd.commitment(self.secret), list(self.client_seeds or []), server)

    def deals_json(self) -> dict[str, Any] | None:
        """``deals`` as the table's public information shows it (``client_seeds`` null before the start)."""
        deals = self.deals()
        if deals is None:
            return None
        return {**deals.to_dict(), "client_seeds": deals.client_seeds if self.client_seeds is not None else None}

    def record(self) -> dict[str, Any]:
        """The game's hearts-record/1: each finished hand's seed, the seats (a bot plays the table's level) and the deals."""
        assert self.game is not None
        seeds = [self.hand_seed(h.number) if h.done and self.fair else None for h in self.game.hands]
        players = [Player(s.name, None if s.kind == HUMAN else f"remote:{s.name}" if s.kind == REMOTE else self.level) for s in self.seats]
        return game_record(self.game, seeds=seeds, players=players, deals=self.deals())

    @staticmethod
    @functools.lru_cache(maxsize=1024)
    def seed_hash(seed: str) -> str:
        """What is published when a hand starts: the SHA-256 of the seed's hex text."""
        return hashlib.sha256(seed.encode()).hexdigest()

    def seat_for(self, wanted: int | None, player: str | None = None) -> int | None:
        """The seat a newcomer gets: ``wanted`` if it may be taken, else the first that may (None: no seat).

        An open seat kept for a player (:meth:`next_game`) is theirs alone: ``player`` gets it, whatever it asks for.
        """
        if self.status == FINISHED:
            return None
        kept = [s.seat for s in self.seats if s.kind == OPEN and s.player is not None and s.player == player]
        if kept:
            return kept[0]
        free = [s.seat for s in self.seats if (s.kind == OPEN and s.player is None) or (s.kind == BOT and not s.ever_human)]
        if not free:
            return None
        if wanted is None:
            return free[0]
        return wanted if wanted in free else None

    def next_game(self, table_id: str, secret: str, created: float) -> Table:
        """A new table for playing again: these rules, level and timer; each person's seat kept open for them (the
        same seat, their name on it) until the start, when a bot takes it if they did not come.

        >>> old = Table.new("t1", Rules.standard(4), level="easy", turn_seconds=0, secret="11" * 32)
        >>> old.seats[2].kind, old.seats[2].name, old.seats[2].player = HUMAN, "Ann", "pAnn"
        >>> new = old.next_game("t2", "22" * 32, 1.0)
        >>> [(s.kind, s.name, s.player) for s in new.seats][1:3]
        [('open', '', None), ('open', 'Ann', 'pAnn')]
        >>> new.seat_for(2), new.seat_for(None, "pAnn")
        (None, 2)
        """
        new = Table.new(table_id, self.rules, level=self.level, turn_seconds=self.turn_seconds, secret=secret, created=created)
        new.free_chat, new.host = self.free_chat, self.host  # the creator's seat is kept for them too
        for old, seat in zip(self.seats, new.seats, strict=True):
            if old.kind == HUMAN and old.player is not None:
                seat.name, seat.player = old.name, old.player
        return new

    def is_joining(self, seat: int) -> bool:
        """Was ``seat`` taken during the game, with a bot still finishing the current hand for it?"""
        s = self.seats[seat]
        return s.kind == BOT and s.token_hash is not None

    def promote_joining(self) -> list[Seat]:
        """Hand every joining seat to its player (at a new hand); returns the seats changed."""
        changed = [s for s in self.seats if s.kind == BOT and s.token_hash is not None]
        for s in changed:
            s.kind = HUMAN
        return changed

    def fork(self) -> Table:
        """An independent copy to apply an action to before it is stored (cheap: the game is cloned, not deep-copied)."""
        twin = copy.copy(self)
        twin.seats = [copy.copy(s) for s in self.seats]
        twin.log = list(self.log)
        twin.game = self.game.clone() if self.game is not None else None
        twin._seeds = dict(self._seeds)
        return twin

    def seat_of_token(self, token: str) -> int | None:
        digest = token_hash(token)
        for s in self.seats:
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, digest):
                return s.seat
        return None

    # -- actions ------------------------------------------------------------
    def is_stale(self, seat: int, seq: int) -> bool:
        """Was ``seq`` overtaken: ahead of the table, or followed by anything but another seat's pass (or its taking back)?"""
        if seq > self.seq or seq < 0:
            return True
        return any(not (e["kind"] in ("pass", "unpass") and e["seat"] != seat) for e in self.log[seq:])

    def stale(self, seat: int, seq: int) -> Refusal | None:
        """The refusal of an action ``seat`` made on the table at ``seq`` that it has moved past (None: not stale)."""
        if not self.is_stale(seat, seq):
            return None
        return Refusal("stale", f"the table has moved on (it is at action {self.seq}, you acted on {seq}): look again")

    def check(self, entry: dict[str, Any]) -> Refusal | None:
        """Why the engine would refuse ``entry`` now (None: it may be applied). Changes nothing."""
        kind, seat = entry["kind"], entry["seat"]
        if kind == "start":
            if self.status != WAITING:
                return Refusal("not_now", "the game has already started")
            clients = entry.get("client_seeds")
            if clients is not None and not (fd.is_client_seed_list(clients) and len(clients) == self.rules.players):
                return Refusal("bad_message", "the start's client seeds are not one valid client seed per seat")
            return None
        if self.status != PLAYING or self.game is None:
            return Refusal("not_now", "the game has not started" if self.status == WAITING else "the game is over")
        if kind == "unpass":
            hand = self.game.hand
            if hand is None or hand.phase != "pass":
                return Refusal("not_now", "the passing is over: the cards have been exchanged")
            why = hand.why_take_back_illegal(seat)
            return None if why is None else Refusal("not_now", "you have not passed yet" if why == "has not passed" else why)
        try:
            action = self.action(entry)
        except HeartsError as e:
            return Refusal("bad_message", str(e))
        hand = self.game.hand
        assert hand is not None
        if seat not in self.game.seats_to_act() or hand.phase != kind:  # the action kinds are named after their phases
            return Refusal("not_now", not_now(self.game, seat, kind))
        why = hand.why_illegal(action)
        return Refusal("illegal", why) if why is not None else None

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

    def apply(self, entry: dict[str, Any]) -> None:
        """Apply a checked entry and append it (with its ``seq``) to the log."""
        if entry["kind"] == "start":
            names = iter(n for n in BOT_NAMES if n not in {s.name for s in self.seats})
            for s in self.seats:
                if s.kind == OPEN:  # a seat kept for a player who did not come too
                    s.kind, s.name, s.player = BOT, next(names), None
            if self.fair:
                clients = entry.get("client_seeds")
                if clients is None:  # a new start: the humans' seeds now, recorded in the log entry
                    clients = [s.client_seed if s.kind == HUMAN else "" for s in self.seats]
                    entry = {**entry, "client_seeds": clients}
                self.client_seeds = list(clients)
            self.game = Game(self.rules, first_dealer=0, auto_deal=False)
            self.status = PLAYING
            self._deal()
        elif entry["kind"] == "unpass":  # a pass taken back before the exchange: the seat chooses again
            assert self.game is not None and self.game.hand is not None
            self.game.hand.take_back_pass(entry["seat"])
        else:
            assert self.game is not None
            self.game.apply(self.action(entry))
            if self.game.game_over:
                self.status = FINISHED
            elif self.game.needs_deal:
                self._deal()
        self.log.append({**entry, "seq": self.seq + 1})

    def _deal(self) -> None:
        assert self.game is not None
        seed = self.hand_seed(len(self.game.hands) + 1)
        if self.fair:
            self.game.start_hand(*fd.seed_deal(self.rules, seed))
        else:
            self.game.start_hand(*random_deal(self.rules, random.Random(int(seed, 16))))

    def entry_for(self, seat: int, action: PassCards | PlayCard | ChooseMoon, by: str) -> dict[str, Any]:
        """The log entry of an engine action (a bot's, or a player's after parsing)."""
        if isinstance(action, PassCards):
            return {"kind": "pass", "seat": seat, "cards": [card_name(c) for c in action.cards], "by": by}
        if isinstance(action, PlayCard):
            return {"kind": "play", "seat": seat, "card": card_name(action.card), "by": by}
        return {"kind": "moon", "seat": seat, "choice": action.choice, "by": by}

    # -- the help a player may ask for (the words and the rules: hearts.session.turn) ----------------------------
    def hint_view(self, seat: int) -> SeatView:
        """The view a hint for ``seat`` is made from: that seat's own (raises Refusal when it has nothing to decide)."""
        if self.game is None or seat not in self.seats_to_act():
            raise Refusal("not_now", NOTHING_TO_DECIDE)
        return self.game.view(seat)

    def hint_reply(self, seat: int, action: Action) -> dict[str, Any]:
        """The ``hint`` reply's body for ``seat``'s suggested ``action``: ``{"seq": ..., "action": {...}}``."""
        entry = self.entry_for(seat, action, "hint")
        return {"seq": self.seq, "action": {k: entry[k] for k in entry if k not in ("seat", "by")}}

    def bot_seed(self, seat: int, what: str = "") -> int:
        """The seed of a bot's decision for ``seat`` now (``what``: "hint" for a hint): the same table and moment, the
        same decision."""
        return zlib.crc32(f"{self.id}/{self.seq}/{seat}{'/' + what if what else ''}".encode())

    def why_no_claim(self, seat: int, seq: int) -> Refusal | None:
        """Why ``seat`` may not claim the rest of the hand now, acting on ``seq`` (None: it may)."""
        stale = self.stale(seat, seq)
        if stale is not None:
            return stale
        hand = self.hand
        if hand is None or self.status != PLAYING or not claim_rules.can_claim(hand, seat):
            return Refusal("not_now", CLAIM_REFUSAL)
        return None

    def claim_entry(self, number: int) -> dict[str, Any] | None:
        """The next play of a claim of hand ``number``: the seat to move plays its lowest legal card (None: it is over)."""
        hand = self.hand
        if hand is None or hand.number != number or self.status != PLAYING:
            return None
        play = claim_play(hand)
        return None if play is None else self.entry_for(play.seat, play, "claim")

    def undo_keep(self, seat: int, seq: int) -> int:
        """How many log entries stay when ``seat``, acting on ``seq``, takes back its last card (raises Refusal)."""
        keep = self.undo_point(seat)
        if keep is None:
            raise Refusal("not_now", "undo takes back your last card of this hand, at a table where all the others are bots")
        if seq != self.seq:
            raise Refusal("stale", f"the table has moved on (it is at action {self.seq}, you acted on {seq}): look again")
        return keep

    def rebuilt(self, keep: int) -> Table:
        """This table as it was after the first ``keep`` entries of its log (an undo): a new table, replayed."""
        fresh = Table.new(self.id, self.rules, level=self.level, turn_seconds=self.turn_seconds, secret=self.secret, created=self.created)
        fresh.guide = self.guide
        fresh.seats = [copy.copy(s) for s in self.seats]
        fresh.free_chat, fresh.host = self.free_chat, self.host
        fresh.replay(self.log[:keep])
        return fresh

    def undo_point(self, seat: int) -> int | None:
        """How many log entries stay when ``seat`` takes back its last card of this hand (None: no undo now).

        Only in play, at a table where every other seat is a bot (no person, not even one joining), and only
        within the current hand.
        """
        hand = self.hand
        if self.status != PLAYING or hand is None or hand.phase != "play":
            return None
        if any(s.seat != seat and (s.kind != BOT or s.token_hash is not None) for s in self.seats):
            return None
        mine = last_play(hand, seat)  # the hand's plays are the last entries of the log
        return None if mine is None else len(self.log) - len(hand.plays) + mine

    def abandoned(self) -> list[int]:
        """The players' seats a bot was playing for when the game ended: their players had left (and never came back).

        A seat's last own action (a claim's plays aside) tells: ``bot`` is a bot moving for an away player, while a
        player's own move is ``player`` and the turn timer's is ``timer``.
        """
        last: dict[int, str] = {}
        for e in self.log:
            if e["kind"] in ("pass", "play", "moon") and e.get("by") != "claim":
                last[e["seat"]] = e.get("by", "player")
        return [s.seat for s in self.seats if s.kind == HUMAN and last.get(s.seat) == "bot"]

    # -- rebuilding ---------------------------------------------------------
    def replay(self, log: list[dict[str, Any]]) -> None:
        """Apply a stored log in order (the table must be fresh); a bad entry raises ValueError."""
        for i, entry in enumerate(log):
            if entry.get("seq") != i + 1:
                raise ValueError(f"table {self.id}: action {i + 1} is missing from the log")
            body = {k: v for k, v in entry.items() if k != "seq"}
            refusal = self.check(body)
            if refusal is not None:
                raise ValueError(f"table {self.id}: stored action {i + 1} is refused on replay: {refusal.message}")
            self.apply(body)
