"""The action machine behind the OpenSpiel game: the engine's hand and game, one integer action at a time.

OpenSpiel plays a game as a sequence of integer actions, chance outcomes
among them; the engine (:class:`~hearts.core.Hand`, :class:`~hearts.core.Game`)
decides every rule. This module only turns the integers into engine calls:

- **chance, the hand number** (one hand with ``hand_number=0`` and passing):
  outcome ``k`` is hand ``k + 1`` of the pass cycle, uniformly;
- **chance, the deal**: one card per chance node; the ``i``-th card dealt
  goes to seat ``i % players`` until every seat has its share, then the
  kitty's cards; the outcome is the card id (0-51, both copies of a
  Cancellation card are one outcome, twice as likely while both are left);
- **passing**: ``pass_count`` single-card actions per seat, seat 0 first;
  a seat's pass reaches the engine when it has picked all its cards;
- **play**: the card id; **the moon** (rules ``moon="choose"``): action
  :data:`MOON_ADD` or :data:`MOON_SUBTRACT` by the shooter.

Standard library only; :mod:`hearts.openspiel.game` wraps it for pyspiel.

>>> from hearts.openspiel.params import DEFAULTS, read_params
>>> table = Table(read_params({**DEFAULTS, "hand_number": 4}))   # hand 4: no passing
>>> while table.chance():
...     table.apply(table.chance_outcomes()[0][0])
>>> table.current_player(), [card_name(c) for c in table.legal_actions()]
(0, ['2C'])
"""

from __future__ import annotations

import random
from typing import Any

from hearts.core import Card, Game, Hand, IllegalAction, card_name

from .params import Settings

#: the shooter adds 26 to every other seat
MOON_ADD = 52
#: the shooter takes 26 off its own score
MOON_SUBTRACT = 53
#: player actions: the 52 card ids and the two moon choices
NUM_ACTIONS = 54
MOON_CHOICES = {MOON_ADD: "add", MOON_SUBTRACT: "subtract"}
MOON_ACTION = {"add": MOON_ADD, "subtract": MOON_SUBTRACT}
#: a player id of OpenSpiel's: the chance player, and the terminal state
CHANCE, TERMINAL = -1, -4


class Table:
    """One episode (a hand or a game) driven by integer actions; every action is kept in :attr:`actions`."""

    __slots__ = (
        "settings",
        "game",
        "hand",
        "number",
        "dealt",
        "kitty",
        "remaining",
        "left",
        "picks",
        "past_picks",
        "actions",
        "hand_start",
        "returns",
        "rewards",
        "over",
        "player",
    )

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        rules = settings.rules
        n = rules.players
        self.game: Game | None = None
        if settings.mode == "game":
            self.game = Game(rules, seed=0, first_dealer=settings.first_dealer, auto_deal=False)
        self.hand: Hand | None = None
        #: the hand number, 0 while it waits for its chance outcome
        self.number = settings.first_number
        self.dealt: list[list[Card]] = [[] for _ in range(n)]
        self.kitty: list[Card] = []
        #: copies of each card still to deal, and their total
        self.remaining = list(settings.deck_counts)
        self.left = len(rules.deck)
        #: the cards each seat has picked so far to pass in this hand, in order
        self.picks: list[list[Card]] = [[] for _ in range(n)]
        #: the picks of the earlier hands of a game
        self.past_picks: list[list[list[Card]]] = []
        self.actions: list[int] = []
        #: where the current hand's deal starts in :attr:`actions`
        self.hand_start = 1 if self.number == 0 else 0
        self.returns = [0.0] * n
        self.rewards = [0.0] * n
        self.over = False
        self.player = CHANCE

    # -- copies ------------------------------------------------------------
    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        t = object.__new__(Table)
        t.settings = self.settings
        t.game = self.game.clone() if self.game is not None else None
        t.hand = (t.game.hand if t.game is not None else self.hand.clone()) if self.hand is not None else None
        t.number = self.number
        t.dealt = [d[:] for d in self.dealt]
        t.kitty = self.kitty[:]
        t.remaining = self.remaining[:]
        t.left = self.left
        t.picks = [p[:] for p in self.picks]
        t.past_picks = self.past_picks[:]
        t.actions = self.actions[:]
        t.hand_start = self.hand_start
        t.returns = self.returns[:]
        t.rewards = self.rewards[:]
        t.over = self.over
        t.player = self.player
        return t

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as the settings and the actions, replayed (and so checked) when loaded."""
        return (replay, (self.settings, self.actions))

    # -- whose turn --------------------------------------------------------
    def chance(self) -> bool:
        """Is this a chance node (the hand number, or a card of the deal)?"""
        return self.player == CHANCE

    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE` or :data:`TERMINAL` (kept up to date by :meth:`apply`)."""
        return self.player

    def _whose_turn(self) -> int:
        if self.over:
            return TERMINAL
        hand = self.hand
        if self.number == 0 or hand is None:
            return CHANCE
        if hand.phase == "pass":
            return min(hand.seats_to_act())
        return hand.to_move

    @property
    def dealing_seat(self) -> int | None:
        """The seat the next dealt card goes to (None: the kitty)."""
        i = sum(len(d) for d in self.dealt)
        n, k = self.settings.rules.players, self.settings.rules.cards_each
        return i % n if i < n * k else None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance outcomes with their probabilities (empty at a player's turn)."""
        if not self.chance():
            return []
        if self.number == 0:
            cycle = self.settings.cycle
            return [(k, 1.0 / cycle) for k in range(cycle)]
        left = self.left
        if self.settings.rules.copies == 1:
            p = 1.0 / left
            return [(c, p) for c, k in enumerate(self.remaining) if k]
        return [(c, k / left) for c, k in enumerate(self.remaining) if k]

    def legal_actions(self) -> list[int]:
        """The acting seat's legal actions, in order (chance outcomes at a chance node)."""
        if self.chance():
            return [a for a, _ in self.chance_outcomes()]
        hand = self.hand
        if self.over or hand is None:
            return []
        if hand.phase == "pass":
            seat = self.player
            picked = self.picks[seat]
            held = hand.hand_cards(seat)
            for c in picked:
                held.remove(c)
            return sorted(set(held))
        if hand.phase == "moon":
            return [MOON_ADD, MOON_SUBTRACT]
        return hand.legal_cards()

    # -- acting -------------------------------------------------------------
    def apply(self, action: int) -> None:
        """Apply one action (a chance outcome at a chance node); an illegal one raises ``IllegalAction``, changing nothing."""
        if self.over:
            raise IllegalAction("done", None, None, "the episode is over")
        if not isinstance(action, int) or isinstance(action, bool):
            raise IllegalAction("deal" if self.chance() else "play", None, None, f"an action is an integer, not {action!r}")
        if self.chance():
            self._chance(action)
        else:
            self._act(action)
        self.actions.append(action)
        self.player = self._whose_turn()

    def _chance(self, action: int) -> None:
        if self.number == 0:
            if not 0 <= action < self.settings.cycle:
                raise IllegalAction("deal", None, None, f"the hand-number outcome is 0 to {self.settings.cycle - 1}, not {action}")
            self.number = action + 1
            return
        if not 0 <= action < 52 or not self.remaining[action]:
            raise IllegalAction("deal", None, None, f"{action} is not a card left to deal")
        seat = self.dealing_seat
        (self.kitty if seat is None else self.dealt[seat]).append(action)
        self.remaining[action] -= 1
        self.left -= 1
        if not self.left:
            self._start_hand()

    def _start_hand(self) -> None:
        s = self.settings
        if self.game is not None:
            self.hand = self.game.start_hand(self.dealt, self.kitty)
        else:
            dealer = (s.first_dealer + self.number - 1) % s.rules.players
            self.hand = Hand(s.rules, self.dealt, self.kitty, dealer=dealer, number=self.number)

    def _act(self, action: int) -> None:
        hand = self.hand
        assert hand is not None
        self.rewards = [0.0] * len(self.rewards)
        seat = self.player
        if hand.phase == "pass":
            if action not in self.legal_actions():
                why = f"does not hold {card_name(action)} to pass" if 0 <= action < 52 else f"{action} is not a card"
                raise IllegalAction("pass", seat, card_name(action) if 0 <= action < 52 else None, why)
            self.picks[seat].append(action)
            if len(self.picks[seat]) == self.settings.rules.pass_count:
                (self.game or hand).pass_cards(seat, self.picks[seat])
            return
        if hand.phase == "moon":
            if action not in MOON_CHOICES:
                raise IllegalAction("moon", seat, None, f"the moon choice is {MOON_ADD} (add) or {MOON_SUBTRACT} (subtract), not {action}")
            (self.game or hand).choose_moon(seat, MOON_CHOICES[action])
        else:
            if not 0 <= action < 52:
                raise IllegalAction("play", seat, None, f"{action} is not a card")
            (self.game or hand).play(action, seat)
        if hand.phase == "done":
            self._hand_done(hand)

    def _hand_done(self, hand: Hand) -> None:
        assert hand.points is not None
        points = hand.points
        n = len(points)
        total = sum(points)
        if self.settings.reward == "points":
            self.rewards = [float(-p) for p in points]
        else:
            self.rewards = [(total - p) / (n - 1) - p for p in points]
        self.returns = [r + g for r, g in zip(self.returns, self.rewards, strict=True)]
        game = self.game
        if game is None or game.game_over or len(game.hands) >= self.settings.max_hands:
            self.over = True
            return
        self.past_picks.append(self.picks)
        self.picks = [[] for _ in range(n)]
        self.hand = None
        self.number = len(game.hands) + 1
        self.dealt = [[] for _ in range(n)]
        self.kitty = []
        self.remaining = list(self.settings.deck_counts)
        self.left = len(self.settings.rules.deck)
        self.hand_start = len(self.actions) + 1  # this action is appended next

    # -- hands of the episode ----------------------------------------------
    def hands(self) -> list[Hand]:
        """Every hand dealt so far in the episode, the current one last."""
        if self.game is not None:
            return list(self.game.hands)
        return [self.hand] if self.hand is not None else []

    def scores(self) -> list[int]:
        """The game's scores before the current hand (zeros in one-hand mode)."""
        if self.game is None:
            return [0] * self.settings.rules.players
        done = self.game.hands if self.hand is None else self.game.hands[:-1]
        scores = [0] * self.settings.rules.players
        for h in done:
            assert h.points is not None
            scores = [a + b for a, b in zip(scores, h.points, strict=True)]
        return scores

    def picks_of(self, index: int) -> list[list[Card]]:
        """The picks (in order) of hand ``index`` of :meth:`hands`."""
        return self.past_picks[index] if index < len(self.past_picks) else self.picks

    def action_name(self, player: int, action: int) -> str:
        """A short name of ``action`` by ``player`` (:data:`CHANCE` for a chance outcome)."""
        if player == CHANCE:
            if self.number == 0:
                return f"Hand {action + 1} ({self.settings.rules.pass_direction(action + 1)})"
            seat = self.dealing_seat
            to = "the kitty" if seat is None else f"seat {seat}"
            return f"Deal {card_name(action)} to {to}" if 0 <= action < 52 else f"Deal {action}"
        if action in MOON_CHOICES:
            return f"Moon {MOON_CHOICES[action]}"
        if 0 <= action < 52:
            hand = self.hand
            doing = "Pass" if hand is not None and hand.phase == "pass" else "Play"
            return f"{doing} {card_name(action)}"
        return f"Action {action}"


def replay(settings: Settings, actions: list[int]) -> Table:
    """A table after ``actions`` from the start (each one checked)."""
    table = Table(settings)
    for a in actions:
        table.apply(a)
    return table


def resample_actions(table: Table, player: int, rng: random.Random) -> list[int]:
    """The actions of a world that ``player`` cannot tell from ``table``'s: the others' hidden cards redrawn.

    Everything ``player`` saw is kept: its own dealt cards (at the same
    deal positions), its own picks in order, the cards it received, every
    card played, the moon choice. The others' current hands and the kitty
    come from the void-aware sampler (:func:`hearts.bots.sampler.sample_hands`),
    and their passes are drawn to agree with what each target now holds
    (:func:`hearts.bots.sampler.choose_passes`). Earlier hands of a
    game are kept as they were: they cannot change the future. On a chance
    node of the deal, the cards dealt so far to the others are redrawn
    uniformly from those ``player`` has not seen.
    """
    from hearts.bots.sampler import choose_passes, sample_hands

    rules = table.settings.rules
    n = rules.players
    prefix = table.actions[: table.hand_start]
    if table.over or table.number == 0:
        return table.actions[:]
    hand = table.hand
    if hand is None:  # dealing: redraw the others' cards dealt so far
        pool = list(rules.deck)
        for c in table.dealt[player]:
            pool.remove(c)
        rng.shuffle(pool)
        deal = table.actions[table.hand_start :]
        return prefix + [c if i % n == player and i < n * rules.cards_each else pool.pop() for i, c in enumerate(deal)]
    view = hand.view(player)
    hands, kitty = sample_hands(view, rng)
    if hand.phase == "pass":
        dealt = hands
        picks = [table.picks[s][:] if s == player else rng.sample(hands[s], len(table.picks[s])) for s in range(n)]
    else:
        passes = [list(p) for p in choose_passes(view, hands, rng)]
        picks = [table.picks[s][:] if s == player else passes[s] for s in range(n)]
        played = view.played_by_seat()
        dealt = []
        for s in range(n):
            held = list(hands[s]) + played[s]
            if view.pass_direction != "none":
                for c in passes[hand.pass_source(s)]:
                    held.remove(c)
                held += passes[s]
            dealt.append(held)
    own = table.actions[table.hand_start : table.hand_start + n * rules.cards_each]
    mine = iter(own[player::n])
    others = [rng.sample(dealt[s], len(dealt[s])) for s in range(n)]
    deal = [next(mine) if i % n == player else others[i % n].pop() for i in range(n * rules.cards_each)]
    deal += rng.sample(kitty, len(kitty))
    actions = prefix + deal
    for s in range(n):
        actions += picks[s]
    return actions + hand.plays
