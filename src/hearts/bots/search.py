"""``search``: determinized Monte Carlo search (perfect-information Monte Carlo).

To play a card the bot deals the hidden cards into *worlds* that agree with
its view (:mod:`hearts.bots.sampler`), and in every world plays each legal
card then plays the hand out with a rollout policy (the heuristic's
:func:`~hearts.bots.heuristic_rollout.rollout_card`). That loop over the
worlds is one kernel (:mod:`hearts.bots.kernel.worlds`), run compiled where
Numba is installed and interpreted otherwise, with the same results
(:mod:`hearts.bots.kernel.runtime`). A card's value
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
can be weighted by how well they explain the plays (``miss``) and the pass
(``pass_miss``) it has seen (:mod:`hearts.bots.inference`).

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
shooting line without searching until another seat takes a point.

**Passing**: with ``pass=K`` the pass is searched too
(:func:`~hearts.bots.search_pass.search_pass`: a budget of ``K`` sampled
deals a candidate, raced so that the leading candidates get more);
otherwise it is the heuristic's. The moon choice goes by the score sheet
(:func:`~hearts.bots.base.best_moon_choice`).

Settings (``search:key=value:...``): one frozen
:class:`~hearts.bots.search_settings.SearchSettings`, whose fields give each
setting's range, default and meaning (the docs' settings table is generated
from them); the levels ``hard`` and ``expert`` are its presets. With
neither ``ms`` nor ``sims`` the budget is :data:`DEFAULT_MS` a decision.

>>> from hearts.core import Hand, Rules
>>> SearchBot(SearchSettings.hard()).settings.sims
1000
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
import math
import random
import time
import weakref
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import NamedTuple

from hearts.core import Card, SeatView
from hearts.core.cards import HEARTS_MASK
from hearts.core.hand import POINT_MASK

from .base import Bot
from .heuristic import out_cards, view_card
from .heuristic_pass import KEEP_NONE, KEEP_SECOND, KEEP_TOP, choose_pass
from .heuristic_play import SHOOT, boss_heart, defended, stopper_card
from .heuristic_rollout import rollout_card
from .kernel.driver import KernelWorlds
from .kernel.rng import fold_seed
from .kernel.runtime import kernels
from .playout import Policy
from .search_pass import beats, search_pass
from .search_settings import DEFAULT_MS as DEFAULT_MS
from .search_settings import SETTINGS as SETTINGS
from .search_settings import SearchSettings
from .touching import touching_groups

#: the heart kept back from a pass (:func:`~hearts.bots.heuristic_pass.shed_order`) for each ``pass_top``
STOPPER_OF_PASS_TOP = (KEEP_TOP, KEEP_NONE, KEEP_SECOND)
#: the shoot line is chosen only if it took the moon in more than this share of the worlds
MOON_BAR = 0.5


#: the rollout policies by name (the search plays the heuristic's)
POLICIES: dict[str, Policy] = {"heuristic": rollout_card}


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


#: worlds a kernel call deals and plays, compiled and interpreted (the deadline is checked between calls)
CHUNK_COMPILED, CHUNK_INTERPRETED = 64, 1


def evaluate_worlds(
    view: SeatView,
    indices: range,
    base_seed: int,
    deadline: float | None,
    rollout: str,
    evaluation: str,
    shoot_card: Card | None = None,
    miss: float = 1.0,
    pass_miss: float = 1.0,
    pass_top: int = 0,
) -> list[WorldResult]:
    """Per world index: the value of each legal card and the policy's own card (see :class:`WorldResult`).

    The worlds are dealt and played by the search kernel
    (:mod:`hearts.bots.kernel.worlds`), compiled where Numba is installed and
    ready, interpreted otherwise, with the same results. With ``shoot_card``,
    also the *shoot line*: that card, then this seat goes for the moon for
    the rest of the hand. With ``miss`` below 1, each world is weighted by
    how well it explains the plays seen (:class:`~hearts.bots.inference.PlayEvidence`);
    with ``pass_miss`` below 1, by how well it explains the cards passed to
    the viewer (:class:`~hearts.bots.inference.PassEvidence`). ``pass_top``:
    the heart the others are expected to keep back from their passes (the
    search's ``pass_top``). Checks ``time.monotonic()`` against ``deadline``
    between chunks of worlds, after the first.
    """
    if rollout not in POLICIES:
        raise ValueError(f"unknown rollout policy {rollout!r}")
    me = view.seat
    assert me is not None
    worlds = KernelWorlds(view, fold_seed(base_seed), evaluation, shoot_card, miss, pass_miss, STOPPER_OF_PASS_TOP[pass_top], view.legal)
    out: list[WorldResult] = []
    ids = list(indices)
    at = 0
    while at < len(ids):
        if deadline is not None and out and time.monotonic() > deadline:
            break
        ns, array = kernels()
        size = CHUNK_COMPILED if array is not list else CHUNK_INTERPRETED
        start, count = ids[at], 1
        while count < size and at + count < len(ids) and ids[at + count] == start + count:
            count += 1  # a run of consecutive worlds goes in one call
        chunk = worlds.run(start, count, ns, array)
        for j in range(count):
            out.append(
                WorldResult(start + j, chunk.values[j], chunk.preferred[j], chunk.shoot_values[j], chunk.shoot_moons[j], chunk.weights[j])
            )
        at += count
    return out


class SearchBot(Bot):
    """Perfect-information Monte Carlo over sampled worlds; see the module docstring for the settings."""

    def __init__(self, settings: SearchSettings | None = None, *, seed: int | None = None, name: str = "search") -> None:
        #: every setting (the default ones without ``settings``); a new decision reads them afresh
        self.settings = settings if settings is not None else SearchSettings()
        self.rng = random.Random(seed)
        self.name = name
        self._pool: Executor | None = None
        #: the hand in which this seat chose to shoot the moon (it then plays the shoot line)
        self._latch: tuple[object, ...] | None = None
        #: worlds and simulations of the last decision (for benchmarks)
        self.last_worlds = 0
        self.last_sims = 0
        self._values: dict[Card, float] | None = None
        self._pass_values: dict[tuple[Card, ...], float] | None = None

    # -- settings that net-rollout (NetRolloutBot) reads as the bot's own, until it reads self.settings --
    @property
    def pass_worlds(self) -> int:
        return self.settings.pass_worlds

    @property
    def evaluation(self) -> str:
        return self.settings.evaluation

    @property
    def miss(self) -> float:
        return self.settings.miss

    @property
    def pass_miss(self) -> float:
        return self.settings.pass_miss

    @property
    def pass_top(self) -> int:
        return self.settings.pass_top

    # -- the three decisions ---------------------------------------------
    def decision_values(self) -> dict[Card, float] | None:
        """Each card's mean payoff over the worlds of the last searched play (None after a pass or a forced card)."""
        return self._values

    def pass_values(self) -> dict[tuple[Card, ...], float] | None:
        """Each candidate pass's mean payoff over the deals it was tried in, in the last pass (None after a play or an unsearched pass)."""
        return self._pass_values

    def pass_cards(self, view: SeatView) -> list[Card]:
        self._values = self._pass_values = None
        base = self.rng.getrandbits(48) << 16
        s = self.settings
        stopper = STOPPER_OF_PASS_TOP[s.pass_top]
        if not s.pass_worlds:
            return choose_pass(view.hand, view.rules, stopper)
        ms = s.pass_ms if s.pass_ms is not None else s.ms
        deadline = None if ms is None else time.monotonic() + ms / 1000
        report: dict[tuple[Card, ...], float] = {}
        cards = search_pass(
            view,
            s.pass_worlds,
            base,
            deadline,
            moon=s.moon,
            guard=s.pass_guard,
            alone=s.pass_alone,
            stopper=stopper,
            report=report,
        )
        self._pass_values = report
        return cards

    def play_card(self, view: SeatView) -> Card:
        self._values = self._pass_values = None
        legal = view.legal
        base = self.rng.getrandbits(48) << 16  # drawn every decision, so later decisions do not depend on timing
        s = self.settings
        me = view.seat
        assert me is not None
        points = view.points_taken
        clean = sum(points) == points[me]  # nobody else has a point: the moon is still open to us
        shoot_card: Card | None = None
        key: tuple[object, ...] | None = None
        if s.moon and clean and view.rules.copies == 1:
            key = (view.hand_number, view.dealer, view.scores)  # this hand
            if self._latch == key:
                self.last_worlds = self.last_sims = 0
                return view_card(view, SHOOT)
            shoot_card = view_card(view, SHOOT)
        else:
            self._latch = None
        stopper: Card | None = None
        boss: Card | None = None  # with ``boss``: the top heart that a discard would hand to a possible shooter
        if view.rules.copies == 1 and view.trick:
            # live moon defence: cards that feed a runner are not even tried
            leader = view.trick_leader if view.trick_leader is not None else me
            allowed = defended(legal, view.trick, leader, view.players, me, points, view.rules.moon_points, at=s.live)
            if len(allowed) < len(legal):
                legal = tuple(allowed)
                view = dataclasses.replace(view, legal=legal)
            if s.stopper > 0:
                stopper = stopper_card(legal, view.trick, leader, view.players, me, points, view.rules.moon_points)
            if s.boss > 0:
                boss = boss_heart(legal, view.trick, leader, view.players, me, points, view.rules.moon_points, out_cards(view), s.boss_over)
        if len(legal) == 1:
            self.last_worlds = self.last_sims = 0
            return legal[0]
        kept = self.candidates(view, legal)
        if len(kept) < len(legal):  # a prior pruned the cards; the defences' own cards stay in
            must = {stopper} if stopper is not None else set()
            legal = tuple(c for c in legal if c in kept or c in must)
            view = dataclasses.replace(view, legal=legal)
        groups = touching_groups(view) if s.touch else [[c] for c in legal]
        group_of = {c: g for g in groups for c in g}
        if len(groups) < len(legal):  # weigh one card of each group of touching cards
            legal = tuple(g[0] for g in groups)
            view = dataclasses.replace(view, legal=legal)
        start = time.monotonic()
        deadline = None if s.ms is None else start + s.ms / 1000
        width = len(legal) + (shoot_card is not None)
        limit = s.worlds if s.worlds is not None else 1 << 30
        if s.sims is not None:
            limit = min(limit, max(1, -(-s.sims // width)))
        results = self._run(view, limit, base, deadline, shoot_card)
        results.sort(key=lambda r: r.world)
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
        values = {c: t / m if m else math.nan for rep, t, m in zip(legal, totals, masses, strict=True) for c in group_of[rep]}
        self._values = values
        # only the cards tried in every world are compared (every card, as the search tries them all)
        finalists = [k for k, v in enumerate(results[-1].values) if v == v]
        best = max(totals[k] for k in finalists)
        if shoot_card is not None and double_bar(results, best):
            self._latch = key
            return shoot_card
        card = self._best(legal, finalists, totals, best, results, group_of)
        if stopper is not None and stopper != card:
            # keep the high hearts home against a possible moon unless the search clearly prefers to dump one
            if values[card] - values[stopper] < s.stopper:
                return stopper
        if card == boss:
            # keep the stopper of any moon home unless the search clearly prefers to dump it
            keep = _keeper(values, boss)
            if keep is not None and values[card] - values[keep] < s.boss:
                return keep
        return card

    def candidates(self, view: SeatView, legal: tuple[Card, ...]) -> Sequence[Card]:
        """The cards worth searching among ``legal`` (all of them here; a prior overrides it to prune)."""
        return legal

    def _best(
        self,
        legal: tuple[Card, ...],
        finalists: list[int],
        totals: list[float],
        best: float,
        results: list[WorldResult],
        group_of: dict[Card, list[Card]],
    ) -> Card:
        """The card of the best mean (ties to the rollout policy's card), the ``gate`` applied."""
        tied = [legal[k] for k in finalists if totals[k] >= best - 1e-9]
        preferred = results[0].preferred
        if preferred not in group_of:  # the policy's card was not even tried (it would feed a runner)
            return tied[0]
        incumbent = group_of[preferred][0]
        if incumbent in tied:
            return preferred
        if self.settings.gate:
            # the rollout policy's own card stands unless the best card beats it clearly (paired over the worlds)
            k, j = legal.index(tied[0]), legal.index(incumbent)
            if not beats([r.values[k] for r in results], [r.values[j] for r in results], self.settings.gate):
                return preferred
        return tied[0]

    def close(self) -> None:
        """Shut the worker processes down (a new pool is made if the bot is used again)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    # -- parallel evaluation ---------------------------------------------
    def _run(self, view: SeatView, limit: int, base: int, deadline: float | None, shoot_card: Card | None) -> list[WorldResult]:
        s = self.settings
        jobs = s.jobs
        args = ("heuristic", s.evaluation, shoot_card, s.miss, s.pass_miss, s.pass_top)
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
            self._pool = ProcessPoolExecutor(max_workers=self.settings.jobs - 1)
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
    """The first of ``cards`` with the highest value (a card valued nan comes last).

    >>> _best_valued({1: float("nan"), 2: 0.5, 3: 0.5}, [1, 2, 3])
    2
    """
    return max(cards, key=lambda c: values[c] if values[c] == values[c] else -math.inf)


def _evaluate_remote(
    view: SeatView,
    indices: range,
    base_seed: int,
    deadline: float | None,
    rollout: str,
    evaluation: str,
    shoot_card: Card | None,
    miss: float,
    pass_miss: float,
    pass_top: int,
) -> list[WorldResult]:
    """:func:`evaluate_worlds` in a worker; an error comes back as a plain RuntimeError (always picklable)."""
    try:
        return evaluate_worlds(view, indices, base_seed, deadline, rollout, evaluation, shoot_card, miss, pass_miss, pass_top)
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
    """``search``: the :class:`~hearts.bots.search_settings.SearchSettings`, and ``seed``."""
    params = dict(params)
    params.pop("seed", None)
    return SearchBot(SearchSettings.from_params(params, "search"), seed=seed)


def settings(params: dict[str, str], spec: str) -> dict[str, SearchSettings]:
    """:class:`SearchBot`'s keyword arguments from a spec's settings, ``{"settings": SearchSettings}``, for a subclass's
    factory that passes its own keywords too (every setting is used up; an unknown one raises)."""
    return {"settings": SearchSettings.from_params(params, spec)}
