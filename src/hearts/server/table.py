"""A table's truth: rules, a secret seed, the seats and the ordered action log.

The game as an action log (checking an action with the turn's refusal,
applying it, undo, claim, the hint's view) is the session's
(:class:`hearts.session.table.TableSession`, which the terminal app drives
too); a :class:`Table` adds what only the server has: the seats with their
owners and tokens, the start, the fair deals' secret, the statuses.

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
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from hearts.core import Action, Rules
from hearts.core import fair_deal as fd
from hearts.core.deal import random_deal
from hearts.record import Deals, Player, game_record
from hearts.session.table import HandDeal, Refusal, TableSession, stale_refusal

__all__ = ["BOT", "BOT_NAMES", "FINISHED", "HUMAN", "OPEN", "PLAYING", "REMOTE", "WAITING", "Refusal", "Seat", "Table", "token_hash"]

#: kinds of seat (``remote``: a bot of the operator's, connected with a bot token; shown as a bot with ``"remote": true``)
OPEN, HUMAN, BOT, REMOTE = "open", "human", "bot", "remote"
#: the names bots take at the start (skipping any a player has taken)
BOT_NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jun", "Kai", "Lea")
#: table statuses
WAITING, PLAYING, FINISHED = "waiting", "playing", "finished"


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


@dataclass(kw_only=True)
class Table(TableSession):
    """A table: see the module's notes. ``log`` holds the accepted actions, in order (:class:`TableSession`)."""

    id: str
    level: str
    turn_seconds: int
    secret: str
    status: str = WAITING
    seats: list[Seat] = field(default_factory=list)
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
        return cls(rules, id=table_id, level=level, turn_seconds=turn_seconds, secret=secret, seats=seats, created=created, guide=guide)

    # -- derived facts ----------------------------------------------------
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
        twin.sheet = self.sheet.copy()
        twin._seeds = dict(self._seeds)
        return twin

    def seat_of_token(self, token: str) -> int | None:
        digest = token_hash(token)
        for s in self.seats:
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, digest):
                return s.seat
        return None

    # -- actions (the turn's checks are the session's: hearts.session.table) ------------------------------------
    def check(self, entry: dict[str, Any], names: Sequence[str] | None = None) -> Refusal | None:
        """Why the engine would refuse ``entry`` now (None: it may be applied). Changes nothing."""
        if entry["kind"] == "start":
            if self.status != WAITING:
                return Refusal("not_now", "the game has already started")
            clients = entry.get("client_seeds")
            if clients is not None and not (fd.is_client_seed_list(clients) and len(clients) == self.rules.players):
                return Refusal("bad_message", "the start's client seeds are not one valid client seed per seat")
            return None
        if self.status != PLAYING or self.game is None:
            return Refusal("not_now", "the game has not started" if self.status == WAITING else "the game is over")
        return super().check(entry, names)

    def apply(self, entry: dict[str, Any]) -> None:
        """Apply a checked entry and append it (with its ``seq``) to the log."""
        if entry["kind"] != "start":
            super().apply(entry)
            return
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
        self.status = PLAYING
        self.start()
        self.log.append({**entry, "seq": self.seq + 1})

    def hand_over(self) -> None:
        """A hand has ended: the game is finished, or the next hand is dealt at once."""
        assert self.game is not None
        if self.game.game_over:
            self.status = FINISHED
        else:
            super().hand_over()

    def hand_deal(self, number: int) -> HandDeal:
        seed = self.hand_seed(number)
        if self.fair:
            return fd.seed_deal(self.rules, seed)
        return random_deal(self.rules, random.Random(int(seed, 16)))

    def blank(self) -> Table:
        """This table before its start: the same seats (an undo replays the log onto it)."""
        fresh = Table.new(self.id, self.rules, level=self.level, turn_seconds=self.turn_seconds, secret=self.secret, created=self.created)
        fresh.guide = self.guide
        fresh.seats = [copy.copy(s) for s in self.seats]
        fresh.free_chat, fresh.host = self.free_chat, self.host
        return fresh

    @property
    def label(self) -> str:
        return f"table {self.id}"

    # -- the help a player may ask for (the words and the rules: hearts.session) ------------------------------
    def hint_reply(self, seat: int, action: Action) -> dict[str, Any]:
        """The ``hint`` reply's body for ``seat``'s suggested ``action``: ``{"seq": ..., "action": {...}}``."""
        entry = self.entry_for(seat, action, "hint")
        return {"seq": self.seq, "action": {k: entry[k] for k in entry if k not in ("seat", "by")}}

    def bot_seed(self, seat: int, what: str = "") -> int:
        """The seed of a bot's decision for ``seat`` now (``what``: "hint" for a hint): the same table and moment, the
        same decision."""
        return zlib.crc32(f"{self.id}/{self.seq}/{seat}{'/' + what if what else ''}".encode())

    def undo_keep(self, seat: int, seq: int) -> int:
        """How many log entries stay when ``seat``, acting on ``seq``, takes back its last card (raises Refusal)."""
        keep = self.undo_point(seat)
        if keep is None:
            raise Refusal("not_now", "undo takes back your last card of this hand, at a table where all the others are bots")
        if seq != self.seq:
            raise stale_refusal(self.seq, seq)
        return keep

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
        return self.take_back_point(seat)

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
