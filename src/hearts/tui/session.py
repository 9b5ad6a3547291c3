"""A game against bots, without any user interface: the logic behind ``hearts play``.

The game itself -- its action log, bots, undo, claim, hint and the turn's
refusals -- is the session's :class:`hearts.session.solo.SoloTable` (a
:class:`hearts.session.table.TableSession`, the server's table's model too);
this module adds the seats' names, the save file and the player's words.

One human seat (seat 0 by default), bots in the others. The UI asks for the
human's view, sends the human's actions (a refused one raises
:class:`SessionError` with the engine's reason), and steps the bots one
action at a time so that it can pace them. Every action is saved at once
as a hearts-record/1 file.

Determinism: the deals follow ``hearts-deal/1`` (:mod:`hearts.core.fair_deal`).
The game's server seed is SHA-256 of ``seed`` written in decimal, every
client seed is empty, and hand ``h`` is dealt from the seed derived from
them; the record carries each hand's seed, the seats (``players``) and the
``deals`` block with the server seed, so ``hearts replay`` checks every deal
and a resumed game deals on from the same server seed. (A record without a
server seed, from an older version, deals its later hands from a key made
of hand 1's deal and the hand's number, as before.)

Bots: each seat's bot is built once per game (:class:`hearts.session.SeatBots`),
so it keeps its memory from move to move (the search's moon shot it chose)
and an ``exec:`` bot's program starts once per game; they are closed when the
game ends, and by :meth:`Session.close` (the apps call it when they leave a
game). Every decision is reseeded from hand 1's deal, the hand, the action's
index and the seat, so the same moment gets the same decision. A bot's memory
cannot be rewound, so an undo builds the bots again (an ``exec:`` program
starts again); after an undo or a resume the bots choose as before, except
where a decision leant on what a bot remembered from earlier in the game,
and bots with a time budget (``search`` without ``sims``), whose choices
depend on the machine's speed.
"""

from __future__ import annotations

import datetime
import os
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from hearts.bots import make_bot
from hearts.core import Action, Card, ChooseMoon, Game, HeartsError, PassCards, PlayCard, Rules, SeatView, card_name, parse_card
from hearts.core import claim as claim_rules
from hearts.core.fair_deal import commitment, hand_seed, seed_deal, seed_from_text
from hearts.core.rules import MOON_SCORE
from hearts.record import Deals, Player, game_record, read_record, replay_game, save_record
from hearts.record.storage import data_dir
from hearts.session import HINT_SPEC, SeatBots, play_seats
from hearts.session.bots import BotFactory
from hearts.session.solo import SoloTable
from hearts.session.table import Refusal

#: default names of the seats, the human first
DEFAULT_NAMES = ("You", "Ada", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jun")
__all__ = ["DEFAULT_NAMES", "HINT_SPEC", "Session", "SessionError", "parse_cards", "play_seats", "seat_bots"]


class SessionError(HeartsError):
    """An action the session refuses, with a message for the player."""


def default_save_path(seed: int) -> Path:
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    return data_dir() / f"game-{stamp}-seed{seed}.json"


def play_server_seed(seed: int) -> str:
    """The hearts-deal/1 server seed of a game started with ``--seed N``: SHA-256 of N in decimal."""
    return seed_from_text(str(seed))


def parse_cards(text: str) -> list[Card]:
    """Cards from text such as ``"qs 10h A♠"`` (commas or spaces between them)."""
    return [parse_card(t) for t in text.replace(",", " ").split()]


class Session:
    """A game with one human seat; see the module's notes on determinism.

    The game, its bots, undo, claim, hint and the refusals are the session's
    (:class:`hearts.session.solo.SoloTable`, the server's table's model too);
    this class adds the names, the save file and the player's words.
    """

    def __init__(
        self,
        game: Game,
        *,
        bots: Sequence[str],
        names: Sequence[str] | None = None,
        human: int = 0,
        save_path: str | os.PathLike[str] | None = None,
        seed: int | None = None,
        deals: Deals | None = None,
        factory: BotFactory = make_bot,
    ) -> None:
        n = game.rules.players
        if not 0 <= human < n:
            raise SessionError(f"the human seat must be from 0 to {n - 1}")
        if len(bots) != n:
            raise SessionError(f"give one bot spec per seat ({n}), not {len(bots)}")
        self.human = human
        self.bots = list(bots)
        self.deals = deals
        server = deals.server_seed if deals is not None else None
        clients = deals.client_seeds if deals is not None else None
        #: the game at the table: its log, its bots (built once; a bad spec raises BotSpecError, a HeartsError, now)
        self.table = SoloTable.of_game(game, self.bots, human=human, server_seed=server, client_seeds=clients, factory=factory)
        self.names = list(names or ()) + [DEFAULT_NAMES[i] if i < len(DEFAULT_NAMES) else f"Seat {i}" for i in range(len(names or ()), n)]
        self.names = self.names[:n]
        self.save_path = Path(save_path) if save_path is not None else None
        self.seed = seed
        #: the last bot action taken by :meth:`step_bot` (its seat and the action), for the interfaces' own words
        self.last_bot: tuple[int, PassCards | PlayCard | ChooseMoon] | None = None
        self.save()

    # -- starting ----------------------------------------------------------
    @classmethod
    def new(
        cls,
        rules: Rules,
        *,
        seed: int | None = None,
        bots: Sequence[str] | str = "medium",
        names: Sequence[str] | None = None,
        human: int = 0,
        save_path: str | os.PathLike[str] | None = None,
        autosave: bool = True,
        factory: BotFactory = make_bot,
    ) -> Session:
        """A new game; ``bots`` is one spec for every opponent or one per opponent (cycled); ``factory`` makes them."""
        if seed is None:
            seed = random.randrange(1, 10**6)
        server = play_server_seed(seed)
        deals = Deals(commitment(server), [""] * rules.players, server)
        game = Game(rules, first_dealer=0, auto_deal=False)
        game.start_hand(*seed_deal(rules, hand_seed(server, 1, deals.client_seeds)))
        if autosave and save_path is None:
            save_path = default_save_path(seed)
        seats = seat_bots(bots, rules.players, human)
        return cls(game, bots=seats, names=names, human=human, save_path=save_path, seed=seed, deals=deals, factory=factory)

    @classmethod
    def resume(
        cls,
        path: str | os.PathLike[str],
        *,
        bots: Sequence[str] | str = "medium",
        names: Sequence[str] | None = None,
        human: int = 0,
        save_path: str | os.PathLike[str] | None = None,
    ) -> Session:
        """Go on with the game saved in ``path`` (saving back to it unless ``save_path`` is given)."""
        record = read_record(os.fspath(path))
        game = replay_game(record)
        if not game.hands:
            raise SessionError(f"{path} holds no hand to go on with")
        deals = record.deals if record.deals is not None and record.deals.server_seed is not None else None
        return cls(
            game,
            bots=seat_bots(bots, game.rules.players, human),
            names=names,
            human=human,
            save_path=save_path if save_path is not None else path,
            deals=deals,
        )

    # -- state -------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The game in progress (the table's)."""
        game = self.table.game
        assert game is not None
        return game

    @property
    def seat_bots(self) -> SeatBots:
        """Each bot seat's bot, built once for the game (again after an undo)."""
        assert self.table.bots is not None
        return self.table.bots

    @property
    def rules(self) -> Rules:
        return self.game.rules

    @property
    def hand(self) -> Any:
        hand = self.game.hand
        assert hand is not None
        return hand

    def view(self) -> SeatView:
        """The human's view of the current hand, with the scores."""
        return self.game.view(self.human)

    @property
    def game_over(self) -> bool:
        return self.game.game_over

    @property
    def phase(self) -> str:
        return str(self.hand.phase)

    def human_to_act(self) -> bool:
        return self.human in self.game.seats_to_act()

    def bot_to_act(self) -> int | None:
        """The next bot seat that must act, or None (the human's turn, or the hand is over)."""
        return self.table.bot_to_act()

    def key(self) -> str:
        """The deal key: hand 1's deal, which seeds every later deal and every bot decision."""
        return self.table.key()

    def next_hand(self) -> None:
        """The score sheet has been read: the next hand is dealt (no-op if none shows)."""
        if self.table.next_hand():
            self.save()

    def hand_seed(self, number: int) -> str | None:
        """The hearts-deal/1 seed of hand ``number`` (None for a game resumed from a record without a server seed)."""
        return self.table.hand_seed(number)

    @property
    def hand_over(self) -> bool:
        """The score sheet shows and the next hand waits for :meth:`next_hand` (or the game is over)."""
        return self.table.sheet.showing or self.game.game_over

    # -- actions -----------------------------------------------------------
    def _act(self, action: PassCards | PlayCard | ChooseMoon, refused: str = "") -> None:
        """Apply the human's ``action``, or raise SessionError with the refusal's words (``refused``: their start)."""
        try:
            self.table.act(self.table.entry_for(self.human, action, "player"), self.names)
        except Refusal as r:
            raise SessionError(f"{refused}: {r.message}" if refused and r.code == "illegal" else r.message) from None
        self.save()

    def play(self, card: Card | str) -> None:
        """The human plays a card (a ``Card`` or text such as ``"qs"``)."""
        c = self._card(card)
        self._act(PlayCard(self.human, c), f"you cannot play {card_name(c)}")

    def pass_cards(self, cards: Sequence[Card | str] | str) -> None:
        """The human passes its cards (``Card`` values or text such as ``"qs ah kh"``)."""
        chosen = parse_cards(cards) if isinstance(cards, str) else [self._card(c) for c in cards]
        self._act(PassCards(self.human, tuple(chosen)), f"you cannot pass {' '.join(card_name(c) for c in chosen) or 'nothing'}")

    def choose_moon(self, choice: str) -> None:
        """The human shot the moon: ``"add"`` 26 to the others or ``"subtract"`` 26 from its own score."""
        choice = {"a": "add", "s": "subtract"}.get(choice.strip().lower(), choice.strip().lower())
        self._act(ChooseMoon(self.human, choice))

    def step_bot(self) -> str | None:
        """One bot action (None when no bot must act); returns a line such as ``"Ada plays QS"``."""
        seat = self.table.act_for_bot()
        if seat is None:
            return None
        action = self.table.last_action()
        self.last_bot = (seat, action)
        self.save()
        name = self.names[seat]
        if isinstance(action, PlayCard):
            return f"{name} plays {card_name(action.card)}"
        if isinstance(action, PassCards):
            return f"{name} has chosen cards to pass"
        return f"{name} chooses to {action.choice} {MOON_SCORE}"

    def run_bots(self) -> list[str]:
        """Every bot action until the human must act or the hand is over."""
        lines = []
        while (line := self.step_bot()) is not None:
            lines.append(line)
        return lines

    # -- help --------------------------------------------------------------
    def hint(self) -> Action:
        """The hint bot's suggestion for the human's current decision (:func:`hearts.session.hint`, as in every app)."""
        try:
            return self.table.hint()
        except Refusal as r:
            raise SessionError(r.message) from None

    def can_undo(self) -> bool:
        return self.table.take_back_point(self.human) is not None

    def undo(self) -> None:
        """Take back the human's last card in the last hand, with every card played after it (the bots built again)."""
        try:
            self.table.undo()
        except Refusal as r:
            raise SessionError(r.message) from None
        self.save()

    def points_left(self) -> bool:
        """Could any card still change the hand's points? (see :mod:`hearts.core.claim`)"""
        return claim_rules.points_left(self.hand)

    def wins_the_rest(self) -> bool:
        """The human leads and surely wins every trick left (see :mod:`hearts.core.claim`)."""
        return claim_rules.wins_the_rest(self.hand, self.human)

    def can_claim(self) -> bool:
        """Claim: in play, on the human's turn, when no points are left or the human surely wins every trick left."""
        return self.table.can_claim(self.human)

    def claim(self) -> None:
        """Play the rest of the hand at once: every seat its lowest legal card (the outcome is settled)."""
        try:
            self.table.claim()
        except Refusal as r:
            raise SessionError(r.message) from None
        self.save()

    # -- saving ------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The game's record, with each hand's seed, the seats and the deals block when the game has them."""
        players = [Player(name, None if s == self.human else self.bots[s]) for s, name in enumerate(self.names)]
        seeds = [self.hand_seed(h.number) for h in self.game.hands]
        return game_record(self.game, seeds=seeds, players=players, deals=self.deals)

    def save(self) -> None:
        """Write the record to the save file (no-op without one); once the game is over, close the bots."""
        if self.save_path is not None:
            self.save_path.parent.mkdir(parents=True, exist_ok=True)
            save_record(self.record(), self.save_path, check=False)
        if self.game.game_over:
            self.close()

    def close(self) -> None:
        """Let the bots release what they hold (an ``exec:`` program): the app leaves this game. Safe to call twice."""
        self.table.close()

    # -- helpers -----------------------------------------------------------
    def _card(self, card: Card | str) -> Card:
        if isinstance(card, int):
            return card
        try:
            return parse_card(card.strip())
        except HeartsError as e:
            raise SessionError(str(e)) from None


def seat_bots(bots: Sequence[str] | str, players: int, human: int) -> list[str]:
    """One spec per seat (the human's is ``"human"``), from one spec or a list cycled over the opponents."""
    specs = [bots] if isinstance(bots, str) else list(bots)
    if not specs or any(not s.strip() for s in specs):
        raise SessionError("empty bot spec: write e.g. --bots easy,medium,hard")
    out: list[str] = []
    i = 0
    for seat in range(players):
        if seat == human:
            out.append("human")
        else:
            out.append(specs[i % len(specs)].strip())
            i += 1
    return out
