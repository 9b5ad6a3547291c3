"""One person against bots at one table: the game behind ``hearts play``, as a :class:`~hearts.session.table.TableSession`.

The person's seat is ``human``; every other seat's bot is built once for
the game (:class:`~hearts.session.bots.SeatBots`) and each of its decisions
is reseeded from the moment: hand 1's deal (the game's *key*), the hand,
the number of cards played and the seat, so the same moment gets the same
decision. An undo takes back the person's last card of the last hand and
builds the bots again (their memory cannot be rewound). After each hand
the score sheet shows (:attr:`~hearts.session.table.TableSession.sheet`,
the model the server and the page drive too) and the next hand waits for
its deal until the person has read it (:meth:`SoloTable.next_hand`).

Hands are dealt by ``hearts-deal/1`` from ``server_seed`` and the client
seeds; a game given with its hands already dealt (a saved game) keeps those
deals, and one without a server seed (an older version's record) deals its
later hands from its key.

>>> from hearts.core import Game, Rules
>>> from hearts.core.fair_deal import hand_seed, seed_deal
>>> rules, server = Rules.standard(4), "ab" * 32
>>> game = Game(rules, auto_deal=False)
>>> _ = game.start_hand(*seed_deal(rules, hand_seed(server, 1, [""] * 4)))
>>> t = SoloTable.of_game(game, ["human", "random", "random", "random"], server_seed=server)
>>> t.check({"kind": "play", "seat": 0, "card": "2C"}).message
'pass your cards first'
>>> t.act_for_bot(), t.seats_to_act()  # the bots pass while the person chooses
(1, [0, 2, 3])
>>> t.close()
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Mapping, Sequence
from typing import Any

from hearts.bots import make_bot
from hearts.core import Action, ChooseMoon, Game, PassCards, PlayCard, Rules, card_name
from hearts.core.deal import random_deal
from hearts.core.fair_deal import hand_seed, seed_deal

from .bots import BotFactory, SeatBots
from .bots import hint as hint_action
from .table import HandDeal, Refusal, TableSession


def game_log(game: Game, human: int) -> list[dict[str, Any]]:
    """The action log that makes ``game`` again (each hand's passes in seat order, its plays, the moon's choice)."""
    out: list[dict[str, Any]] = []

    def add(entry: dict[str, Any]) -> None:
        out.append({**entry, "by": "player" if entry["seat"] == human else "bot", "seq": len(out) + 1})

    for hand in game.hands:
        for seat, cards in enumerate(hand.passes):
            if cards is not None:
                add({"kind": "pass", "seat": seat, "cards": [card_name(c) for c in cards]})
        seats = [(t.leader + i) % hand.n for t in hand.tricks for i in range(len(t.cards))]
        seats += [(hand.leader + i) % hand.n for i in range(len(hand.trick))]
        for seat, card in zip(seats, hand.plays, strict=True):
            add({"kind": "play", "seat": seat, "card": card_name(card)})
        if hand.moon_choice is not None and hand.shooter is not None:
            add({"kind": "moon", "seat": hand.shooter, "choice": hand.moon_choice})
    return out


class SoloTable(TableSession):
    """A game with one person (seat ``human``) and bots; see the module's notes.

    ``specs``: one bot spec per seat (the person's is not used); ``server_seed`` and ``client_seeds``: the
    hearts-deal/1 seeds (None: an older game's deals, from its key); ``dealt``: hands already dealt, by number.
    """

    deal_at_once = False

    def __init__(
        self,
        rules: Rules,
        specs: Sequence[str],
        *,
        human: int = 0,
        server_seed: str | None = None,
        client_seeds: Sequence[str] | None = None,
        dealt: Mapping[int, HandDeal] | None = None,
        dealer: int = 0,
    ) -> None:
        super().__init__(rules)
        self.specs = list(specs)
        self.human = human
        self.server_seed = server_seed
        self.client_seeds = list(client_seeds) if client_seeds is not None else [""] * rules.players
        self.dealt = dict(dealt or {})
        self.dealer = dealer
        #: each bot seat's bot, built once for the game (:meth:`build_bots`)
        self.bots: SeatBots | None = None
        self._key: str | None = None

    @classmethod
    def of_game(
        cls,
        game: Game,
        specs: Sequence[str],
        *,
        human: int = 0,
        server_seed: str | None = None,
        client_seeds: Sequence[str] | None = None,
        factory: BotFactory = make_bot,
    ) -> SoloTable:
        """The table of a game already begun (its hands keep their deals), its bots built (a bad spec raises here)."""
        dealt = {h.number: (h.deal, h.kitty) for h in game.hands}
        table = cls(
            game.rules, specs, human=human, server_seed=server_seed, client_seeds=client_seeds, dealt=dealt, dealer=game.first_dealer
        )
        table.start()
        table.replay(game_log(game, human))
        table.bots = SeatBots({s: spec for s, spec in enumerate(table.specs) if s != human}, table.key(), factory=factory)
        return table

    # -- what the session asks of a host -------------------------------------------------------------------------
    def hand_deal(self, number: int) -> HandDeal:
        if number in self.dealt:
            return self.dealt[number]
        seed = self.hand_seed(number)
        if seed is not None:
            return seed_deal(self.rules, seed)
        return random_deal(self.rules, random.Random(self.seed("deal", number)))

    def first_dealer(self) -> int:
        return self.dealer

    def blank(self) -> SoloTable:
        fresh = SoloTable(
            self.rules,
            self.specs,
            human=self.human,
            server_seed=self.server_seed,
            client_seeds=self.client_seeds,
            dealt=self.dealt,
            dealer=self.dealer,
        )
        fresh.start()
        return fresh

    def bot_seed(self, seat: int, what: str = "") -> int:
        hand = self.hand
        assert hand is not None
        if what == "hint":
            return self.seed("hint", hand.number, len(hand.plays))
        return self.seed("bot", hand.number, len(hand.plays), seat)

    # -- the deals and the seeds -------------------------------------------------------------------------------
    def hand_seed(self, number: int) -> str | None:
        """The hearts-deal/1 seed of hand ``number`` (None for a game without a server seed)."""
        return None if self.server_seed is None else hand_seed(self.server_seed, number, self.client_seeds)

    def key(self) -> str:
        """The deal key: hand 1's deal, which seeds every bot decision (and an older game's later deals)."""
        if self._key is None:
            first = self.hand_deal(1)[0]
            self._key = ";".join(",".join(card_name(c) for c in sorted(cards)) for cards in first)
        return self._key

    def seed(self, *parts: object) -> int:
        """A seed drawn from the key and ``parts``."""
        return zlib.crc32("/".join([self.key(), *map(str, parts)]).encode())

    # -- the turns ------------------------------------------------------------------------------------------------
    def act(self, entry: dict[str, Any], names: Sequence[str] | None = None) -> None:
        """The person's action (a log entry): applied, or a :class:`Refusal` raised (``names``: for its words)."""
        refusal = self.check(entry, names)
        if refusal is not None:
            raise refusal
        self.apply(entry)

    def bot_to_act(self) -> int | None:
        """The next bot seat that must act, or None (the person's turn, or the hand is over)."""
        return next((s for s in self.seats_to_act() if s != self.human), None)

    def act_for_bot(self) -> int | None:
        """One bot's action, if a bot must act: the seat that acted (its action is the log's last entry)."""
        seat = self.bot_to_act()
        if seat is None:
            return None
        assert self.game is not None and self.bots is not None
        action = self.bots.act(seat, self.game.view(seat), self.bot_seed(seat))
        self.apply(self.entry_for(seat, action, "bot"))
        return seat

    def next_hand(self) -> bool:
        """The person has read the score sheet: the next hand is dealt. False: no sheet showed (nothing changed)."""
        self.read_sheet(self.human)
        return self.settle_sheet(0.0, {self.human})  # no clock: the sheet lasts until it is read

    def last_action(self) -> PassCards | PlayCard | ChooseMoon:
        """The engine action of the log's last entry."""
        return self.action(self.log[-1])

    # -- the help the person may ask for --------------------------------------------------------------------------
    def hint(self) -> Action:
        """The hint bot's suggestion for the person (:func:`hearts.session.bots.hint`, as in every app)."""
        return hint_action(self.hint_view(self.human), self.bot_seed(self.human, "hint"))

    def claim(self) -> None:
        """Play the rest of the hand at once (each seat its lowest legal card), when the person may claim."""
        self.claim_rest(self.human)

    def undo(self) -> None:
        """Take back the person's last card of the last hand, with every card played after it (the bots built again)."""
        keep = self.take_back_point(self.human)
        if keep is None:
            raise Refusal("not_now", "there is no card of yours to take back in this hand")
        fresh = self.rebuilt(keep)
        self.log, self.game, self.sheet = fresh.log, fresh.game, fresh.sheet
        if self.bots is not None:
            self.bots = self.bots.rebuilt()  # what they remember of the cards taken back cannot be rewound

    def close(self) -> None:
        """Let the bots release what they hold (an ``exec:`` program). Safe to call twice."""
        if self.bots is not None:
            self.bots.close()
