"""``search``: determinized Monte Carlo search (perfect-information Monte Carlo).

To play a card the bot deals the hidden cards into *worlds* that agree with
its view (:mod:`hearts.bots.sampler`), and in every world plays each legal
card then plays the hand out with a rollout policy (the heuristic's
:func:`~hearts.bots.heuristic_rollout.rollout_card` by default). A card's value
is its mean *payoff* over the worlds: the mean of the other seats' points for
the hand minus its own, from the engine's end-of-hand points (so a moon counts
as in the rules; the payoff is the same whichever way the shooter chooses).
When the hand can end the game, a world in which it ends is valued by the
game's result instead (:class:`~hearts.bots.playout.Evaluator`). All cards
are tried in the same worlds, so their differences carry little noise.
Touching cards (:mod:`hearts.bots.touching`) are worth the same, so only the
lowest of each group is tried and the group takes its value. The best mean
wins; ties go to the rollout policy's own choice in the first world (any
card of its group stands for it), then to the lowest card. A seat's worlds
can be weighted by how well they explain the plays (``miss``, or only the
discards that kept the queen, ``queen_miss``, and the point tricks taken
that could have been ducked, ``duck_miss``) and the pass (``pass_miss``) it
has seen (:mod:`hearts.bots.inference`).

In the rollouts a seat holding every point so far, 16 or more, keeps going
for the moon, and the others defend against a seat holding every point from
8 points (:mod:`hearts.bots.heuristic_rollout`), so the search sees a moon
coming. At the table, a seat holding every point, 5 or more, gets no point
card that it could win, and when it is winning the trick the search beats
it if it can (:func:`~hearts.bots.heuristic_play.defended`).

**The shoot line** (one-deck games): while no other seat has a point, the
search also tries, in the same worlds, the heuristic's shooting card followed
by a shooting continuation. It is chosen only behind a *double bar*: its mean
beats every card's, and it took the moon in a strict majority of the worlds
(:func:`double_bar`). A chosen shot is *latched*: the bot then plays the
shooting line without searching until another seat takes a point (with
``aim=1`` it searches the shot's cards instead: each legal card played out
with this seat going on for the moon, the shooting line's own card kept
unless another beats it by ``gate``; with ``recheck=M`` every decision of a
latched shot is searched as before the shot, line included, and the shot
is dropped once a card's mean beats the line's by ``M``).

**Passing**: with ``pass=K`` the pass is searched too
(:func:`~hearts.bots.search_pass.search_pass`: a budget of ``K`` sampled
deals a candidate, raced so that the leading candidates get more);
otherwise it is the heuristic's. The moon choice goes by the score sheet
(:func:`~hearts.bots.base.best_moon_choice`).

Settings (``search:key=value:...``):

- ``ms``: time budget per decision in milliseconds (default 700);
- ``sims``: a fixed number of simulations (one playout of one card in one
  world); with a seed the decision is then deterministic, whatever ``jobs``;
  with ``ms`` too, the search stops at whichever comes first;
- ``worlds``: the most worlds per decision (default: no limit);
- ``jobs``: processes, 1 or 2 (default 1); worlds are split by index and the
  results merged in index order;
- ``rollout``: ``heuristic`` (default) or ``duck`` (a tiny duck-or-dump policy);
- ``eval``: ``payoff`` (default), ``points`` (minimise own points) or
  ``hand`` (the hand's payoff even when the game can end);
- ``moon``: 1 (default) tries the shoot line, 0 never;
- ``pass``: the pass search's budget in sampled deals a candidate (default 0:
  the heuristic's pass);
- ``pass_ms``: time budget of the pass search (default: ``ms``);
- ``pass_pool``: the pass search's triples come from the pass count plus
  this many of the most sheddable cards (default 3);
- ``pass_alone``: 1 sends the Q♠ without hearts (while the hand has other
  cards to send with her; the shooter's pass excepted): a pass of the queen
  with the top hearts is how most moons against us start (default 0);
- ``pass_top``: 1 passes as if the top heart (jack or higher, with three
  hearts or more) were any high heart, where the heuristic's pass keeps it
  back as a moon stopper: the heuristic's pass that other passes must beat,
  the pass search's pool, and the passes expected of the other seats (in
  the pass search's deals and in ``pass_miss``) all shed it by its rank;
  2 does the same only when the second heart is a jack or higher too, and
  keeps that one back instead (default 0: the top heart kept back);
- ``pass_gate``: standard errors by which a searched pass must beat the
  heuristic's pass, paired over the sampled deals, to replace it (default
  1.5; see :func:`~hearts.bots.search_pass.search_pass`);
- ``pass_guard``: the pass search keeps the Q♠ only with at least this many
  spades below her; with fewer, every pass it tries but the shooter's holds
  her (default 0: any pass may keep her);
- ``miss``: the weight of a world per play seen that the rollout policy would
  not have made in it (default 1: every world counts the same; see
  :mod:`hearts.bots.inference`);
- ``pass_miss``: the weight of a world per card passed to this seat that the
  heuristic's pass from the passer's hand in that world would not have
  passed (default 1: off; see :func:`~hearts.bots.inference.pass_plausibility`);
- ``run_on``: in the rollouts this seat, holding every point so far, keeps
  going for the moon from this many points of 26 (default 16, as every
  other seat);
- ``touch``: 1 (default) weighs one card of each group of touching cards
  (:mod:`hearts.bots.touching`: they are worth the same), so every card
  left gets more worlds of a ``sims`` budget; 0 weighs every legal card;
- ``race``: 0 (default) tries every card in every world; above 0, the cards
  race (:func:`race_worlds`, one job): a card that trails the leader by this
  many standard errors, paired over the worlds so far, is dropped, and the
  ``sims`` it would have used go to more worlds for the cards left;
- ``suspect``: 1 treats a seat that led the Q♠ while the A♠ or K♠ was out
  as a shooter, for as long as it holds every point
  (:func:`~hearts.bots.inference.moon_suspects`): the live defence stands
  against it from its first point or none (it does not get the queen's
  trick from a seat that can take it), and the rollouts play it as a
  shooter (default 0);
- ``queen_miss``: the weight of a world per discard seen, while the Q♠ was
  out, by the seat that holds her in that world: it could have dumped her
  and did not (default 1: off; see :class:`~hearts.bots.inference.QueenEvidence`);
- ``duck_miss``: the weight of a world per trick with points seen taken over
  the winning card by a seat that holds a lower card of the suit in that
  world: it could have ducked and did not (default 1: off; see
  :class:`~hearts.bots.inference.DuckEvidence`);
- ``stopper``: when the lowest heart keeps a higher one home to stop a
  moon (:func:`~hearts.bots.heuristic_play.stopper_card`: under a heart
  led by the seat that holds every point, or void with only point cards
  to give a runner), it is played unless the searched card beats it by
  this much payoff or more (default 0: off);
- ``boss``: when void in the led suit, our top heart is the highest
  heart still out and a discard could hand it to a seat going for the
  moon (:func:`~hearts.bots.heuristic_play.boss_heart`: no point taken
  yet, or the seat holding every point wins the trick or has yet to play),
  the best other card (one without points, or a lower heart) is played
  instead unless dumping the top heart beats it by this much payoff or
  more (default 0: off);
- ``boss_over``: with ``boss``, the top heart may have up to this many
  hearts out above it, while we hold a lower heart to play under each (a
  K♥ with a low heart behind the A♥ out; default 0);
- ``live``: the live defence stands against a seat holding every point from
  this many points of 26 (default 5);
- ``live_margin``: above 0, the cards that the live defence rules out are
  searched too, and one is played only when it beats the defence's best
  card by this much payoff or more (default 0: they are not tried);
- ``gate``: standard errors by which the best card must beat the rollout
  policy's own card, paired over the worlds, to be played instead (default 0:
  the best mean always wins);
- ``bar``: the share of the worlds (by weight) that the shoot line must
  take the moon in, more than this, to be chosen (default 0.5: a strict
  majority);
- ``recheck``: above 0, a latched shot is searched again at every play
  (the cards and the shoot line, in the same worlds) and dropped, the best
  card played instead, once that card's mean beats the line's by this much
  payoff or more; it takes the place of ``aim`` (default 0: a latched
  shot is played to the end);
- ``aim``: 1 searches a latched shot's plays: every legal card is played
  out with this seat going on for the moon, and the shooting line's card
  stands unless another beats it by ``gate`` (default 0: the shooting line
  is played without searching);
- ``seed``.

>>> from hearts.core import Hand, Rules
>>> bot = make({"sims": "40", "seed": "1"}, None)
>>> hand = Hand.from_seed(Rules.standard(4), seed=3, number=4)
>>> hand.play(hand.legal_cards()[0])
>>> bot.play_card(hand.view(hand.to_move)) in hand.legal_cards()
True
>>> make({"jobs": "3"}, None)
Traceback (most recent call last):
...
hearts.bots.registry.BotSpecError: jobs must be between 1 and 2 in bot spec 'search', not 3
"""

from __future__ import annotations

import atexit
import dataclasses
import functools
import math
import random
import time
import weakref
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, NamedTuple

from hearts.core import Card, Hand, SeatView
from hearts.core.cards import HEARTS_MASK, QS, SUIT_MASKS
from hearts.core.hand import POINT_MASK, WorldMaker

from .base import Bot
from .fast_playout import fast_playable, fast_playout
from .heuristic import out_cards, view_card
from .heuristic_pass import KEEP_NONE, KEEP_SECOND, KEEP_TOP, choose_pass
from .heuristic_play import LIVE_DEFEND_AT, SHOOT, boss_heart, defended, stopper_card
from .heuristic_rollout import RUN_ON_AT, rollout_card
from .inference import DuckEvidence, PassEvidence, PlayEvidence, QueenEvidence, moon_suspects, plausibility
from .playout import Evaluator, Policy, playout
from .registry import BotSpecError, float_setting, int_setting, reject_unknown
from .sampler import WorldSampler
from .search_pass import GATE as PASS_GATE
from .search_pass import POOL, beats, search_pass
from .touching import touching_groups

DEFAULT_MS = 700
ROLLOUTS = ("heuristic", "duck")
EVALS = ("payoff", "points", "hand")
#: the heart kept back from a pass (:func:`~hearts.bots.heuristic_pass.shed_order`) for each ``pass_top``
STOPPER_OF_PASS_TOP = (KEEP_TOP, KEEP_NONE, KEEP_SECOND)
#: the shoot line is chosen only if it took the moon in more than this share of the worlds (``bar``)
MOON_BAR = 0.5

def duck_card(hand: Hand, shoot: int = 0) -> Card:
    """A tiny stand-in rollout policy: duck under the winner, else dump the worst card, lead low.

    >>> from hearts.core import Hand, Rules
    >>> hand = Hand.from_seed(Rules.standard(4), seed=3, number=4)
    >>> while hand.phase == "play":
    ...     hand.play(duck_card(hand))
    >>> sum(hand.points_taken)
    26
    """
    legal = hand.legal_mask()
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    trick = hand.trick
    if trick:
        suit = SUIT_MASKS[trick[0] // 13]
        if legal & suit:
            best = max(c for c in trick if (1 << c) & suit)
            under = legal & ((1 << best) - 1)
            if under:
                return under.bit_length() - 1  # the highest card that ducks
            return legal.bit_length() - 1  # must win: win high
        if legal >> QS & 1:
            return QS
        hearts = legal & HEARTS_MASK
        if hearts:
            return hearts.bit_length() - 1
        return _highest_rank(legal)
    return _lowest_rank(legal)


def _highest_rank(m: int) -> Card:
    return max((c for s in SUIT_MASKS if m & s for c in [(m & s).bit_length() - 1]), key=lambda c: c % 13)


def _lowest_rank(m: int) -> Card:
    return min((c for s in SUIT_MASKS if m & s for c in [((m & s) & -(m & s)).bit_length() - 1]), key=lambda c: c % 13)


POLICIES: dict[str, Policy] = {"heuristic": rollout_card, "duck": duck_card}


class WorldResult(NamedTuple):
    """One world's evaluation: each legal card's value (in ``view.legal`` order), the policy's own card,
    and, with a shoot line, its value and whether it took the moon."""

    world: int
    values: list[float]
    preferred: Card
    shoot_value: float
    shoot_moon: bool
    weight: float = 1.0


def _line_total(results: Sequence[WorldResult]) -> float:
    """The shoot line's weighted total over the worlds (comparable with the cards' totals)."""
    return sum(r.weight * r.shoot_value for r in results)


def double_bar(results: Sequence[WorldResult], best: float, share: float = MOON_BAR) -> bool:
    """Take the shoot line? Only if its total beats ``best`` (the best card's) and it took the moon in more
    than ``share`` of the worlds (by weight; a strict majority by default).

    >>> r = [WorldResult(i, [1.0], 0, 8.0, i < 2) for i in range(3)]
    >>> double_bar(r, 3.0), double_bar(r, 30.0), double_bar(r[:2] + [r[2]._replace(shoot_moon=False)] * 2, 3.0)
    (True, False, False)
    >>> double_bar(r, 3.0, share=0.7)  # the moon in two worlds of three
    False
    """
    moons = sum(r.weight for r in results if r.shoot_moon)
    return _line_total(results) > best and moons > share * sum(r.weight for r in results)


class WorldEvaluator:
    """One decision's worlds: deals world ``i`` and plays each card of ``view.legal`` (or some of them) out in it.

    See :func:`evaluate_worlds` for the arguments; :meth:`evaluate` gives one
    world's :class:`WorldResult`, with ``nan`` for the cards it was not asked
    to try (the race's dropped cards, :func:`race_worlds`).
    """

    def __init__(self, view: SeatView, base_seed: int, rollout: str, evaluation: str, shoot_card: Card | None = None,
                 miss: float = 1.0, pass_miss: float = 1.0, run_on: int = RUN_ON_AT, suspects: int = 0,
                 queen_miss: float = 1.0, duck_miss: float = 1.0, pass_top: int = 0, aim: Card | None = None) -> None:
        policy = POLICIES[rollout]
        me = view.seat
        assert me is not None
        if policy is rollout_card and run_on != RUN_ON_AT:
            policy = functools.partial(rollout_card, root=me, root_run_on=run_on)
        self.view = view
        self.me = me
        self.policy = policy
        self.base_seed = base_seed
        self.shoot_card = shoot_card
        self.miss = miss
        self.sampler = WorldSampler(view)
        self.make_world = WorldMaker(view)
        self.pass_weight = PassEvidence(view, pass_miss, stopper=STOPPER_OF_PASS_TOP[pass_top])
        #: the plays seen as evidence, fused for the heuristic policy (the same weights as :func:`plausibility`)
        self.play_weight = PlayEvidence(view, miss) if rollout == "heuristic" else None
        self.queen_weight = QueenEvidence(view, queen_miss)
        self.duck_weight = DuckEvidence(view, duck_miss)
        self.value = Evaluator(me, view.rules, view.scores, evaluation).value
        #: seats that the rollouts play as shooters (:func:`~hearts.bots.inference.moon_suspects`)
        self.suspects = suspects
        self.run_on = run_on
        #: a latched shot's card: every card is then played out with this seat going for the moon, and this
        #: card is the one to beat (:meth:`SearchBot.play_card` with ``aim``)
        self.aim = aim
        self.card_shooters = suspects | (1 << me) if aim is not None else suspects
        #: the heuristic rollouts run fused (:mod:`hearts.bots.fast_playout`) where it can: the same values
        self.fast = rollout == "heuristic"

    def evaluate(self, i: int, alive: Sequence[bool] | None = None) -> WorldResult:
        """World ``i``: each legal card's value (only those ``alive`` marks, ``nan`` for the rest)."""
        view, policy, value = self.view, self.policy, self.value
        hands, kitty = self.sampler.sample(random.Random(self.base_seed + i))
        world = self.make_world(hands, kitty)
        values: list[float] = []
        fast = self.fast and fast_playable(world)
        for k, c in enumerate(view.legal):
            if alive is not None and not alive[k]:
                values.append(math.nan)
            else:
                values.append(value(*self._play_out(world, c, self.card_shooters, fast)))
        shoot_value, moon = 0.0, False
        if self.shoot_card is not None:
            points, shooter = self._play_out(world, self.shoot_card, 1 << self.me | self.suspects, fast)
            shoot_value = value(points, shooter)
            moon = shooter == self.me
        plays = (self.play_weight(hands) if self.play_weight is not None
                 else plausibility(view, hands, kitty, self.miss, policy))
        weight = (plays * self.pass_weight(hands)
                  * self.queen_weight(hands) * self.duck_weight(hands))
        preferred = self.aim if self.aim is not None else policy(world, 0)
        return WorldResult(i, values, preferred, shoot_value, moon, weight)

    def _play_out(self, world: Hand, card: Card, shoot: int, fast: bool) -> tuple[list[int], int | None]:
        """``card``, then the policy to the end of a copy of ``world``: the final points and the shooter."""
        if fast:
            return fast_playout(world, card, shoot, self.me, self.run_on)
        w = world.clone()
        w.play(card)
        return playout(w, self.policy, shoot), w.shooter


def evaluate_worlds(view: SeatView, indices: range, base_seed: int, deadline: float | None,
                    rollout: str, evaluation: str, shoot_card: Card | None = None, miss: float = 1.0,
                    pass_miss: float = 1.0, run_on: int = RUN_ON_AT, suspects: int = 0,
                    queen_miss: float = 1.0, duck_miss: float = 1.0, pass_top: int = 0,
                    aim: Card | None = None) -> list[WorldResult]:
    """Per world index: the value of each legal card and the policy's own card (see :class:`WorldResult`).

    With ``shoot_card``, also the *shoot line*: that card, then this seat goes
    for the moon for the rest of the hand. With ``miss`` below 1, each world is
    weighted by how well it explains the plays seen (:func:`~hearts.bots.inference.plausibility`); with
    ``pass_miss`` below 1, by how well it explains the cards passed to the viewer
    (:class:`~hearts.bots.inference.PassEvidence`). ``run_on``: in the
    rollouts this seat, holding every point so far, keeps going for the moon
    from this many points of 26 (the others from
    :data:`~hearts.bots.heuristic_rollout.RUN_ON_AT`). ``suspects``: seats
    (bit ``s``) that go for the moon in the rollouts while they hold every
    point (:func:`~hearts.bots.inference.moon_suspects`). ``queen_miss`` below 1 weighs a world by the
    discards seen that its queen holder would have made with her (:class:`~hearts.bots.inference.QueenEvidence`).
    ``pass_top``: the heart the others are expected to keep back from their passes (the search's ``pass_top``).
    ``aim``: a latched shot's card (:class:`WorldEvaluator`).
    Stops after the first world once ``time.monotonic()`` passes ``deadline``.
    """
    worlds = WorldEvaluator(view, base_seed, rollout, evaluation, shoot_card, miss, pass_miss, run_on, suspects,
                            queen_miss, duck_miss, pass_top, aim)
    out: list[WorldResult] = []
    for i in indices:
        if deadline is not None and out and time.monotonic() > deadline:
            break
        out.append(worlds.evaluate(i))
    return out


#: the race tries every card in at least this many worlds before it drops one
RACE_MIN_WORLDS = 12
#: ... and drops a card only when it trails the leader by at least this much payoff, besides ``z`` standard errors
RACE_MARGIN = 0.25


def race_worlds(worlds: WorldEvaluator, sims: int, max_worlds: int, deadline: float | None, z: float) -> list[WorldResult]:
    """Worlds in index order until ``sims`` playouts are spent, dropping cards that clearly trail.

    Every card still in the race is tried in every world so far, so the
    survivors' values stay paired. After :data:`RACE_MIN_WORLDS` worlds, a card
    whose weighted mean trails the leader's by more than ``z`` standard errors
    of their paired difference (and by :data:`RACE_MARGIN`) is dropped: it is
    not tried again and its later values are ``nan``. The budget that a dropped card no longer uses
    goes to more worlds for the cards left, so a close choice gets more of the
    ``sims``. The shoot line, when there is one, is tried in every world.

    >>> from hearts.core import Hand, Rules
    >>> hand = Hand.from_seed(Rules.standard(4), seed=3, number=4)
    >>> hand.play(hand.legal_cards()[0])
    >>> view = hand.view(hand.to_move)
    >>> results = race_worlds(WorldEvaluator(view, 7, "heuristic", "payoff"), 120, 1000, None, 2.0)
    >>> sum(1 for r in results for v in r.values if v == v) <= 120 + len(view.legal)
    True
    """
    k = len(worlds.view.legal)
    alive = [True] * k
    extra = worlds.shoot_card is not None
    # weighted running sums: of the weights and their squares, of each value, and of each pair's products
    sw = sw2 = 0.0
    sv = [0.0] * k
    svv = [[0.0] * k for _ in range(k)]
    out: list[WorldResult] = []
    spent = 0
    i = 0
    while i < max_worlds and (not out or spent < sims):
        if deadline is not None and out and time.monotonic() > deadline:
            break
        r = worlds.evaluate(i, alive)
        out.append(r)
        i += 1
        spent += sum(alive) + extra
        w, vals = r.weight, r.values
        sw += w
        sw2 += w * w
        live = [j for j in range(k) if alive[j]]
        for a in live:
            wa = w * vals[a]
            sv[a] += wa
            row = svv[a]
            for b in live:
                row[b] += wa * vals[b]
        if len(live) < 2 or i < RACE_MIN_WORLDS or sw <= 0:
            continue
        n_eff = sw * sw / sw2
        lead = max(live, key=lambda j: sv[j])
        ml = sv[lead] / sw
        for a in live:
            if a == lead:
                continue
            d = ml - sv[a] / sw  # the weighted mean of (lead - a)
            var = (svv[lead][lead] - 2 * svv[lead][a] + svv[a][a]) / sw - d * d
            if d > RACE_MARGIN and d * d * n_eff > z * z * max(var, 0.0):
                alive[a] = False
    return out


class SearchBot(Bot):
    """Perfect-information Monte Carlo over sampled worlds; see the module docstring for the settings."""

    def __init__(self, *, ms: int | None = DEFAULT_MS, sims: int | None = None, worlds: int | None = None, jobs: int = 1,
                 rollout: str = "heuristic", evaluation: str = "payoff", moon: bool = True, pass_worlds: int = 0,
                 pass_ms: int | None = None, pass_pool: int = POOL, pass_guard: int = 0, gate: float = 0.0,
                 miss: float = 1.0, pass_miss: float = 1.0, run_on: int = RUN_ON_AT, touch: bool = True,
                 race: float = 0.0, pass_alone: bool = False, pass_top: int = 0, suspect: bool = False,
                 queen_miss: float = 1.0, duck_miss: float = 1.0,
                 stopper_margin: float = 0.0, live: int = LIVE_DEFEND_AT, live_margin: float = 0.0,
                 boss_margin: float = 0.0, boss_over: int = 0, aim: bool = False, bar: float = MOON_BAR,
                 recheck: float = 0.0, pass_gate: float = PASS_GATE, seed: int | None = None,
                 name: str = "search") -> None:
        self.ms = ms
        self.sims = sims
        self.worlds = worlds
        self.jobs = jobs
        self.rollout = rollout
        self.evaluation = evaluation
        self.moon = moon
        self.pass_worlds = pass_worlds
        self.pass_ms = pass_ms if pass_ms is not None else ms
        self.pass_pool = pass_pool
        self.pass_guard = pass_guard
        self.gate = gate
        self.miss = miss
        self.touch = touch
        self.race = race
        self.pass_alone = pass_alone
        self.pass_top = pass_top
        self.suspect = suspect
        self.pass_miss = pass_miss
        self.queen_miss = queen_miss
        self.duck_miss = duck_miss
        self.stopper_margin = stopper_margin
        self.boss_margin = boss_margin
        self.boss_over = boss_over
        self.live = live
        self.live_margin = live_margin
        self.aim = aim
        self.bar = bar
        self.recheck = recheck
        self.pass_gate = pass_gate
        self.run_on = run_on
        self.rng = random.Random(seed)
        self.name = name
        self._pool: Executor | None = None
        #: the hand in which this seat chose to shoot the moon (it then plays the shoot line)
        self._latch: tuple[object, ...] | None = None
        #: worlds and simulations of the last decision (for benchmarks)
        self.last_worlds = 0
        self.last_sims = 0
        self._values: dict[Card, float] | None = None

    # -- the three decisions ---------------------------------------------
    def decision_values(self) -> dict[Card, float] | None:
        """Each card's mean payoff over the worlds of the last searched play (None after a pass or a forced card)."""
        return self._values

    def pass_cards(self, view: SeatView) -> list[Card]:
        self._values = None
        base = self.rng.getrandbits(48) << 16
        stopper = STOPPER_OF_PASS_TOP[self.pass_top]
        if not self.pass_worlds:
            return choose_pass(view.hand, view.rules, stopper)
        deadline = None if self.pass_ms is None else time.monotonic() + self.pass_ms / 1000
        return search_pass(view, self.pass_worlds, base, deadline, moon=self.moon, pool=self.pass_pool,
                           guard=self.pass_guard, alone=self.pass_alone, stopper=stopper, gate=self.pass_gate)

    def play_card(self, view: SeatView) -> Card:
        self._values = None
        legal = view.legal
        base = self.rng.getrandbits(48) << 16  # drawn every decision, so later decisions do not depend on timing
        me = view.seat
        assert me is not None
        points = view.points_taken
        clean = sum(points) == points[me]  # nobody else has a point: the moon is still open to us
        shoot_card: Card | None = None
        aim: Card | None = None  # a latched shot's card, with ``aim``: the shot's plays are searched
        if self.moon and clean and view.rules.copies == 1:
            key = (view.hand_number, view.dealer, view.scores)  # this hand
            if self._latch == key and not self.recheck:
                if not self.aim:
                    self.last_worlds = self.last_sims = 0
                    return view_card(view, SHOOT)
                aim = view_card(view, SHOOT)
            else:
                shoot_card = view_card(view, SHOOT)
        else:
            self._latch = None
        # seats taken for shooters: the live defence stands against them, the rollouts play them as shooters
        suspects = moon_suspects(view) & ~(1 << me) if self.suspect else 0
        stopper: Card | None = None
        boss: Card | None = None  # with ``boss``: the top heart that a discard would hand to a possible shooter
        safe: list[Card] | None = None  # with live_margin: the cards the live defence allows
        if view.rules.copies == 1 and view.trick:
            # live moon defence: cards that feed a runner are not even tried (with live_margin, they must win clearly)
            leader = view.trick_leader if view.trick_leader is not None else me
            allowed = defended(legal, view.trick, leader, view.players, me, points, view.rules.moon_points, suspects,
                               self.live)
            if len(allowed) < len(legal):
                if self.live_margin > 0:
                    safe = allowed
                else:
                    legal = tuple(allowed)
                    view = dataclasses.replace(view, legal=legal)
            if self.stopper_margin > 0:
                stopper = stopper_card(legal, view.trick, leader, view.players, me, points, view.rules.moon_points)
            if self.boss_margin > 0:
                boss = boss_heart(legal, view.trick, leader, view.players, me, points, view.rules.moon_points,
                                  out_cards(view), self.boss_over)
        if len(legal) == 1:
            self.last_worlds = self.last_sims = 0
            return legal[0]
        kept = self.candidates(view, legal)
        if len(kept) < len(legal):  # a prior pruned the cards; the defences' own cards stay in
            must = set(safe or ()) | ({stopper} if stopper is not None else set())
            legal = tuple(c for c in legal if c in kept or c in must)
            view = dataclasses.replace(view, legal=legal)
        groups = touching_groups(view) if self.touch else [[c] for c in legal]
        group_of = {c: g for g in groups for c in g}
        if len(groups) < len(legal):  # weigh one card of each group of touching cards
            legal = tuple(g[0] for g in groups)
            view = dataclasses.replace(view, legal=legal)
        start = time.monotonic()
        deadline = None if self.ms is None else start + self.ms / 1000
        width = len(legal) + (shoot_card is not None)
        limit = self.worlds if self.worlds is not None else 1 << 30
        if self.sims is not None:
            limit = min(limit, max(1, -(-self.sims // width)))
        if self.race and self.jobs == 1:
            evaluator = WorldEvaluator(view, base, self.rollout, self.evaluation, shoot_card, self.miss,
                                       self.pass_miss, self.run_on, suspects, self.queen_miss,
                                       self.duck_miss, self.pass_top, aim)
            budget = self.sims if self.sims is not None else 1 << 30
            results = race_worlds(evaluator, budget, self.worlds or 1 << 30, deadline, self.race)
        else:
            results = self._run(view, limit, base, deadline, shoot_card, suspects, aim)
        results.sort(key=lambda r: r.world)
        # a card the race dropped has nan values from then on: its mean is over the worlds it was tried in
        totals = [0.0] * len(legal)
        masses = [0.0] * len(legal)
        tried = 0
        for r in results:
            for k, v in enumerate(r.values):
                if v == v:
                    totals[k] += r.weight * v
                    masses[k] += r.weight
                    tried += 1
        self.last_worlds = len(results)
        self.last_sims = tried + len(results) * (shoot_card is not None)
        values = {c: t / m if m else math.nan
                  for rep, t, m in zip(legal, totals, masses, strict=True) for c in group_of[rep]}
        self._values = values
        # only the cards tried in every world are compared (all of them, without the race): the race only ever
        # drops cards, so they are those the last world tried
        finalists = [k for k, v in enumerate(results[-1].values) if v == v]
        best = max(totals[k] for k in finalists)
        if shoot_card is not None:
            if self._latch == key:  # with recheck: a latched shot goes on unless a card now beats it clearly
                if _line_total(results) > best - self.recheck * sum(r.weight for r in results):
                    return shoot_card
                self._latch = None
            elif double_bar(results, best, self.bar):
                self._latch = key
                return shoot_card
        card = self._best(legal, finalists, totals, best, results, group_of)
        if safe is not None and card not in safe:
            # the live defence's best card stands unless the searched card beats it clearly
            guard = _best_valued(values, safe)
            if values[card] - values[guard] < self.live_margin:
                card = guard
        if stopper is not None and stopper != card:
            # keep the high hearts home against a possible moon unless the search clearly prefers to dump one
            if values[card] - values[stopper] < self.stopper_margin:
                return stopper
        if card == boss:
            # keep the stopper of any moon home unless the search clearly prefers to dump it
            keep = _keeper(values, boss)
            if keep is not None and values[card] - values[keep] < self.boss_margin:
                return keep
        return card

    def candidates(self, view: SeatView, legal: tuple[Card, ...]) -> Sequence[Card]:
        """The cards worth searching among ``legal`` (all of them here; a prior overrides it to prune)."""
        return legal

    def _best(self, legal: tuple[Card, ...], finalists: list[int], totals: list[float], best: float,
              results: list[WorldResult], group_of: dict[Card, list[Card]]) -> Card:
        """The card of the best mean (ties to the rollout policy's card), the ``gate`` applied."""
        tied = [legal[k] for k in finalists if totals[k] >= best - 1e-9]
        preferred = results[0].preferred
        if preferred not in group_of:  # the policy's card was not even tried (it would feed a runner)
            return tied[0]
        incumbent = group_of[preferred][0]
        if incumbent in tied:
            return preferred
        if legal.index(incumbent) not in finalists:  # the race dropped it: it trailed clearly
            return tied[0]
        if self.gate:
            # the rollout policy's own card stands unless the best card beats it clearly (paired over the worlds)
            k, j = legal.index(tied[0]), legal.index(incumbent)
            if not beats([r.values[k] for r in results], [r.values[j] for r in results], self.gate):
                return preferred
        return tied[0]

    def close(self) -> None:
        """Shut the worker processes down (a new pool is made if the bot is used again)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    # -- parallel evaluation ---------------------------------------------
    def _run(self, view: SeatView, limit: int, base: int, deadline: float | None, shoot_card: Card | None,
             suspects: int, aim: Card | None) -> list[WorldResult]:
        jobs = self.jobs
        args = (self.rollout, self.evaluation, shoot_card, self.miss, self.pass_miss, self.run_on, suspects,
                self.queen_miss, self.duck_miss, self.pass_top, aim)
        if jobs == 1:
            return evaluate_worlds(view, range(limit), base, deadline, *args)
        pool = self._executor()
        futures = [pool.submit(_evaluate_remote, view, range(k, limit, jobs), base, deadline, *args) for k in range(1, jobs)]
        results = evaluate_worlds(view, range(0, limit, jobs), base, deadline, *args)
        try:
            for f in futures:
                results.extend(f.result())
        except BrokenProcessPool:
            self._pool = None  # a worker died: the next decision starts a fresh pool
            raise
        return results

    def _executor(self) -> Executor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=self.jobs - 1)
            weakref.finalize(self, _shutdown, self._pool)
            _POOLS.add(self._pool)
        return self._pool


def _keeper(values: dict[Card, float], boss: Card) -> Card | None:
    """The best-valued card to discard instead of the ``boss`` heart: a card without points or a lower heart.

    >>> from hearts.core import parse_card as p, card_name
    >>> card_name(_keeper({p("AH"): 2.0, p("5H"): 1.5, p("QD"): 1.0, p("9S"): 1.2, p("QS"): 3.0}, p("AH")))
    '5H'
    >>> _keeper({p("AH"): 2.0, p("QS"): 3.0}, p("AH")) is None
    True
    """
    pool = [c for c in values if not (1 << c) & POINT_MASK or (1 << c) & HEARTS_MASK and c < boss]
    return _best_valued(values, pool) if pool else None


def _best_valued(values: dict[Card, float], cards: Sequence[Card]) -> Card:
    """The first of ``cards`` with the highest value (a card the race dropped, valued nan, comes last).

    >>> _best_valued({1: float("nan"), 2: 0.5, 3: 0.5}, [1, 2, 3])
    2
    """
    return max(cards, key=lambda c: values[c] if values[c] == values[c] else -math.inf)


def _evaluate_remote(view: SeatView, indices: range, base_seed: int, deadline: float | None,
                     rollout: str, evaluation: str, shoot_card: Card | None, miss: float,
                     pass_miss: float, run_on: int, suspects: int, queen_miss: float,
                     duck_miss: float, pass_top: int, aim: Card | None) -> list[WorldResult]:
    """:func:`evaluate_worlds` in a worker; an error comes back as a plain RuntimeError (always picklable)."""
    try:
        return evaluate_worlds(view, indices, base_seed, deadline, rollout, evaluation, shoot_card, miss, pass_miss, run_on,
                               suspects, queen_miss, duck_miss, pass_top, aim)
    except Exception as err:
        raise RuntimeError(f"search worker failed: {type(err).__name__}: {err}") from None


_POOLS: weakref.WeakSet[Executor] = weakref.WeakSet()


def _shutdown(pool: Executor) -> None:
    pool.shutdown(wait=False, cancel_futures=True)


@atexit.register
def _close_all() -> None:
    for pool in list(_POOLS):
        pool.shutdown(wait=True, cancel_futures=True)


def make(params: dict[str, str], seed: int | None) -> Bot:
    """``search``: settings ``ms``, ``sims``, ``worlds``, ``jobs``, ``rollout``, ``eval``, ``seed`` (see the module)."""
    params = dict(params)
    params.pop("seed", None)
    return SearchBot(**settings(params, "search"), seed=seed)


def settings(params: dict[str, str], spec: str) -> dict[str, Any]:
    """:class:`SearchBot`'s keyword arguments from a spec's settings (every one is used up; an unknown one raises)."""
    sims = int_setting(params, "sims", 1, 10_000_000, 0, spec) or None
    ms: int | None = int_setting(params, "ms", 1, 600_000, 0, spec) or None
    if ms is None and sims is None:
        ms = DEFAULT_MS
    worlds = int_setting(params, "worlds", 1, 10_000_000, 0, spec) or None
    jobs = int_setting(params, "jobs", 1, 2, 1, spec)
    rollout = params.pop("rollout", "heuristic")
    if rollout not in ROLLOUTS:
        raise BotSpecError(f"rollout must be one of {', '.join(ROLLOUTS)} in bot spec {spec!r}, not {rollout!r}")
    evaluation = params.pop("eval", "payoff")
    if evaluation not in EVALS:
        raise BotSpecError(f"eval must be one of {', '.join(EVALS)} in bot spec {spec!r}, not {evaluation!r}")
    moon = bool(int_setting(params, "moon", 0, 1, 1, spec))
    pass_worlds = int_setting(params, "pass", 0, 100_000, 0, spec)
    pass_ms = int_setting(params, "pass_ms", 1, 600_000, 0, spec) or None
    pass_pool = int_setting(params, "pass_pool", 0, 10, POOL, spec)
    pass_guard = int_setting(params, "pass_guard", 0, 12, 0, spec)
    gate = float_setting(params, "gate", 0.0, 10.0, 0.0, spec)
    miss = float_setting(params, "miss", 0.05, 1.0, 1.0, spec)
    pass_miss = float_setting(params, "pass_miss", 0.05, 1.0, 1.0, spec)
    run_on = int_setting(params, "run_on", 1, 26, RUN_ON_AT, spec)
    touch = bool(int_setting(params, "touch", 0, 1, 1, spec))
    race = float_setting(params, "race", 0.0, 10.0, 0.0, spec)
    pass_alone = bool(int_setting(params, "pass_alone", 0, 1, 0, spec))
    pass_top = int_setting(params, "pass_top", 0, 2, 0, spec)
    suspect = bool(int_setting(params, "suspect", 0, 1, 0, spec))
    queen_miss = float_setting(params, "queen_miss", 0.05, 1.0, 1.0, spec)
    duck_miss = float_setting(params, "duck_miss", 0.05, 1.0, 1.0, spec)
    stopper = float_setting(params, "stopper", 0.0, 26.0, 0.0, spec)
    boss = float_setting(params, "boss", 0.0, 26.0, 0.0, spec)
    boss_over = int_setting(params, "boss_over", 0, 12, 0, spec)
    live = int_setting(params, "live", 1, 26, LIVE_DEFEND_AT, spec)
    live_margin = float_setting(params, "live_margin", 0.0, 26.0, 0.0, spec)
    aim = bool(int_setting(params, "aim", 0, 1, 0, spec))
    bar = float_setting(params, "bar", 0.0, 0.99, MOON_BAR, spec)
    recheck = float_setting(params, "recheck", 0.0, 26.0, 0.0, spec)
    pass_gate = float_setting(params, "pass_gate", 0.0, 10.0, PASS_GATE, spec)
    reject_unknown(params, spec)
    return dict(ms=ms, sims=sims, worlds=worlds, jobs=jobs, rollout=rollout, evaluation=evaluation, moon=moon,
                pass_worlds=pass_worlds, pass_ms=pass_ms, pass_pool=pass_pool, pass_guard=pass_guard, gate=gate,
                miss=miss, pass_miss=pass_miss, run_on=run_on, touch=touch, race=race, pass_alone=pass_alone,
                pass_top=pass_top, suspect=suspect, queen_miss=queen_miss, duck_miss=duck_miss, stopper_margin=stopper,
                live=live, live_margin=live_margin, boss_margin=boss, boss_over=boss_over, aim=aim, bar=bar,
                recheck=recheck, pass_gate=pass_gate)
