"""The arena: bots measured against each other with duplicate deals and seat rotation.

Every deal is played once for each of the ``n`` rotations of the line-up:
rotation ``r`` seats ``lineup[(seat - r) % n]`` at ``seat``, so every bot
plays every seat's cards of every deal. Two modes:

- ``hands=K``: ``K`` deals, each one hand. Deal ``i`` is the ``hearts-deal/1``
  deal of the seed SHA-256 of the text ``f"{seed}:{i}"``
  (:func:`~hearts.core.fair_deal.seed_from_text`), so any program can deal
  the same cards; it has hand number ``i % cycle + 1`` (so
  every pass direction occurs, ``cycle`` being 4 in 4-player standard Hearts
  and 2 otherwise) and dealer ``i % n``. The scores the bots see are all 0.
- ``games=G``: ``G`` games to the target score, each played once per
  rotation. Hand ``h`` of game ``g`` is dealt from the seed of the text
  ``f"{seed}:{g}:{h}"`` in the same way, in every rotation (a rotation's game
  may last more or fewer hands than another's); the bots see the real scores.

Bots are made fresh for each (deal or game, rotation, seat), seeded from the
arena seed and those three numbers, so the results do not depend on
``jobs``: the deals are shared among ``jobs`` worker processes (or the
workers of a Ray cluster, ``ray=ADDRESS``: :mod:`hearts.sim.ray_backend`)
and merged in deal order. The statistics are described in :mod:`hearts.sim.arena_stats`.

Counts in :meth:`ArenaResult.to_json`: ``hands`` is the number of hands
played at the table in all (every deal or game times every rotation: ``K * n``
in hands mode); ``deals`` the number of distinct deals (``K``; in games mode
the longest rotation's hand count summed over games); ``games`` is ``G``
(null in hands mode). A bot's ``hands_played`` counts its seat-hands (one
per seat it holds). Standard errors are over deals in hands mode and over
games in games mode. ``faults`` lists the decisions a bot failed (an
``exec:`` bot that timed out, crashed or replied badly; a fallback bot made
them): each with ``deal`` (the game, in games mode), ``rotation``, ``seat``,
``bot``, ``hand``, ``phase``, ``decision``, ``kind`` and ``message``.

>>> from hearts.core import Rules
>>> result = run_arena(["random", "random:seed=5"], Rules.standard(3), hands=2, seed=7)
>>> result.hands_played, result.distinct_deals, [b.name for b in result.bots]
(6, 2, ['random', 'random:seed=5'])
>>> result.bots[0].seats, result.bots[0].hands_played
(2, 12)
"""

from __future__ import annotations

import contextlib
import functools
import os
import random
import signal
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from hearts.bots import Bot, make_bot
from hearts.core import Game, Hand, HeartsError, Rules, SeatView
from hearts.core.actions import Action
from hearts.core.cards import Card
from hearts.core.fair_deal import seed_deal, seed_from_text

from .arena_stats import BotStats, DealOutcome, HandOutcome, Table, bot_stats, moon_runs

#: ``factory(spec, seed=...)`` makes a bot; :func:`hearts.bots.make_bot` by default
BotFactory = Callable[..., Bot]
#: ``progress(done, total)``: called as deals (or games) finish
Progress = Callable[[int, int], None]

#: a game still running after this many hands is stopped with an error (bots that never end it)
MAX_HANDS_PER_GAME = 1000
MAX_JOBS = 256


class ArenaError(HeartsError, ValueError):
    """Bad arena settings: no bots, too many bots, a bad count of hands, games or jobs."""


class BotFailure(HeartsError):
    """A bot broke the rules during play (or its games never ended)."""


@dataclass(frozen=True)
class ArenaResult:
    """Everything an arena run played, and the statistics per distinct bot spec."""

    lineup: tuple[str, ...]
    rules: Rules
    mode: str  # "hands" or "games"
    seed: int
    deals: tuple[DealOutcome, ...]  # one per deal (hands mode) or game (games mode), in order
    bots: tuple[BotStats, ...]
    seconds: float = field(default=0.0, compare=False)
    jobs: int = field(default=1, compare=False)

    @property
    def hands_played(self) -> int:
        """Hands played at the table, over every deal and rotation."""
        return sum(len(t.hands) for d in self.deals for t in d.tables)

    @property
    def distinct_deals(self) -> int:
        """Distinct deals dealt: ``K`` in hands mode; in games mode the longest rotation's hands, summed over games."""
        return sum(max(len(t.hands) for t in d.tables) for d in self.deals)

    @property
    def games(self) -> int | None:
        """``G`` in games mode, None in hands mode."""
        return len(self.deals) if self.mode == "games" else None

    @property
    def faults(self) -> list[dict[str, Any]]:
        """Every decision a bot failed, in play order, as JSON objects (``deal`` and ``rotation`` added)."""
        return [{"deal": d.index, "rotation": t.rotation, **f.to_json()} for d in self.deals for t in d.tables for f in t.faults]

    def to_json(self, *, timing: bool = True) -> dict[str, Any]:
        """The JSON object; everything but ``timing`` is the same for the same seed (and any ``jobs``)."""
        data: dict[str, Any] = {
            "hands": self.hands_played,
            "deals": self.distinct_deals,
            "games": self.games,
            "mode": self.mode,
            "variant": self.rules.variant,
            "players": self.rules.players,
            "rotations": self.rules.players,
            "lineup": list(self.lineup),
            "seed": self.seed,
            "rules": self.rules.to_dict(),
            "bots": [b.to_json() for b in self.bots],
            "faults": self.faults,
        }
        if timing:
            data["timing"] = {
                "seconds": round(self.seconds, 3),
                "jobs": self.jobs,
                "ms_per_move": {b.name: None if b.ms_per_move is None else round(b.ms_per_move, 4) for b in self.bots},
            }
        return data


# -- set-up --------------------------------------------------------------------
def full_lineup(bots: Sequence[str], players: int) -> list[str]:
    """The bot specs, cycled to fill ``players`` seats.

    >>> full_lineup(["a", "b"], 5)
    ['a', 'b', 'a', 'b', 'a']
    """
    specs = [b.strip() if isinstance(b, str) else b for b in bots]
    if not specs:
        raise ArenaError("give at least one bot, e.g. --bots random,heuristic")
    if any(not isinstance(b, str) or not b for b in specs):
        raise ArenaError(f"a bot spec must be a non-empty name, e.g. random or search:ms=500, not {bots!r}")
    if len(specs) > players:
        raise ArenaError(f"{len(specs)} bots given for {players} seats: give at most {players} (fewer are cycled)")
    return [specs[i % len(specs)] for i in range(players)]


def pass_cycle(rules: Rules) -> int:
    """How many hands the pass directions take to repeat (:attr:`~hearts.core.rules.Rules.pass_cycle`).

    >>> pass_cycle(Rules.standard(4)), pass_cycle(Rules.cancellation(8))
    (4, 2)
    """
    return len(rules.pass_cycle)


def derived_seed(*parts: object) -> int:
    """A 62-bit seed from a key (the same in every process and on every run).

    >>> derived_seed(1, "bot", 0, 0, 2) == derived_seed(1, "bot", 0, 0, 2) != derived_seed(1, "bot", 0, 0, 3)
    True
    """
    return random.Random(":".join(map(str, parts))).getrandbits(62)


def hand_deal(rules: Rules, seed: int, i: int) -> tuple[list[list[Card]], list[Card]]:
    """The cards of deal ``i`` in hands mode: the hearts-deal/1 deal of ``seed_from_text(f"{seed}:{i}")``."""
    return seed_deal(rules, seed_from_text(f"{seed}:{i}"))


def game_deal(rules: Rules, seed: int, g: int, h: int) -> tuple[list[list[Card]], list[Card]]:
    """The cards of hand ``h`` (0-based) of game ``g`` in games mode: the deal of ``seed_from_text(f"{seed}:{g}:{h}")``."""
    return seed_deal(rules, seed_from_text(f"{seed}:{g}:{h}"))


def _check_count(name: str, value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise ArenaError(f"{name} must be a whole number of at least 1, not {value!r}")
    return value


# -- playing one deal or game ----------------------------------------------------
class _Seats:
    """The bots of one table, with the count and time of each seat's decisions."""

    def __init__(self, bots: list[Bot], where: str) -> None:
        self.bots = bots
        self.where = where
        self.decisions = [0] * len(bots)
        self.seconds = [0.0] * len(bots)

    def act(self, seat: int, view: SeatView, apply: Callable[[Action], object]) -> None:
        bot = self.bots[seat]
        start = time.perf_counter()
        action = bot.act(view)
        self.seconds[seat] += time.perf_counter() - start
        self.decisions[seat] += 1
        try:
            apply(action)
        except HeartsError as err:
            raise BotFailure(f"{self.where}: bot {bot.name!r} in seat {seat}: {err}") from None

    def table(self, rotation: int, hands: Sequence[Hand], winners: tuple[int, ...] | None) -> Table:
        outcomes = []
        for hand in hands:
            assert hand.points is not None
            outcomes.append(HandOutcome(tuple(hand.points), hand.shooter, moon_runs(hand)))
        faults = tuple(f for bot in self.bots for f in bot.faults())
        return Table(rotation, tuple(outcomes), winners, tuple(self.decisions), tuple(self.seconds), faults)

    def close(self) -> None:
        """Let every bot release what it holds (an ``exec:`` bot's process)."""
        for bot in self.bots:
            bot.close()


def _make_bots(lineup: Sequence[str], factory: BotFactory, rotation: int, key: tuple[object, ...]) -> list[Bot]:
    n = len(lineup)
    return [factory(lineup[(s - rotation) % n], seed=derived_seed(*key, rotation, s)) for s in range(n)]


def play_hand_deal(lineup: Sequence[str], rules: Rules, seed: int, i: int, factory: BotFactory = make_bot) -> DealOutcome:
    """Deal ``i`` of hands mode, played once per rotation."""
    n = rules.players
    deal, kitty = hand_deal(rules, seed, i)
    zeros = [0] * n
    tables = []
    for r in range(n):
        seats = _Seats(_make_bots(lineup, factory, r, (seed, "hand", i)), f"deal {i}, rotation {r}")
        try:
            hand = Hand(rules, deal, kitty, dealer=i % n, number=i % pass_cycle(rules) + 1)
            while hand.phase != "done":
                for seat in hand.seats_to_act():
                    seats.act(seat, hand.view(seat, zeros), hand.apply)
        finally:
            seats.close()
        tables.append(seats.table(r, [hand], None))
    return DealOutcome(i, tuple(tables))


def play_game_deal(lineup: Sequence[str], rules: Rules, seed: int, g: int, factory: BotFactory = make_bot) -> DealOutcome:
    """Game ``g`` of games mode, played once per rotation (hand ``h`` dealt alike in each)."""
    n = rules.players
    deals: list[tuple[list[list[Card]], list[Card]]] = []
    tables = []
    for r in range(n):
        where = f"game {g}, rotation {r}"
        seats = _Seats(_make_bots(lineup, factory, r, (seed, "game", g)), where)
        game = Game(rules, auto_deal=False)
        try:
            while not game.game_over:
                if game.needs_deal:
                    h = len(game.hands)
                    if h >= MAX_HANDS_PER_GAME:
                        raise BotFailure(f"{where}: the game has not ended after {MAX_HANDS_PER_GAME} hands")
                    if h == len(deals):
                        deals.append(game_deal(rules, seed, g, h))
                    game.start_hand(*deals[h])
                for seat in game.seats_to_act():
                    seats.act(seat, game.view(seat), game.apply)
        finally:
            seats.close()
        tables.append(seats.table(r, game.hands, tuple(game.winners)))
    return DealOutcome(g, tuple(tables))


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which cancels the deals not yet started."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_chunk(task: tuple[tuple[str, ...], dict[str, Any], str, int, tuple[int, ...], BotFactory]) -> list[DealOutcome]:
    """Worker: play the deals (or games) ``indices``."""
    lineup, rules_dict, mode, seed, indices, factory = task
    rules = Rules.from_dict(rules_dict)
    play = play_hand_deal if mode == "hands" else play_game_deal
    return [play(lineup, rules, seed, i, factory) for i in indices]


# -- the arena -------------------------------------------------------------------
def run_arena(
    bots: Sequence[str],
    rules: Rules,
    *,
    hands: int | None = None,
    games: int | None = None,
    seed: int = 1,
    jobs: int = 1,
    progress: Progress | None = None,
    factory: BotFactory = make_bot,
    ray: str | None = None,
    time_limit: float | None = None,
) -> ArenaResult:
    """Play ``hands`` deals or ``games`` games with every rotation of ``bots`` (cycled to fill the seats).

    ``jobs`` worker processes share the deals (1: play in this process);
    the result is the same for any ``jobs``. With ``ray`` (``"local"`` or a
    cluster's address) the deals are played on a Ray cluster instead, with
    the same result; ``jobs`` is then the CPUs of a ``"local"`` cluster
    (1: all of them). ``factory(spec, seed=...)``
    makes each bot (``make_bot``; tests pass their own); ``time_limit`` is
    the seconds an ``exec:`` bot has for each decision. Every distinct bot is
    made and checked once before play (an ``exec:`` bot is started and must
    offer these rules in its hello). Bad settings raise
    :class:`ArenaError` or :class:`~hearts.bots.BotSpecError` before any
    play; a bot that breaks the rules raises :class:`BotFailure`.
    """
    if (hands is None) == (games is None):
        both = hands is not None
        raise ArenaError("give a number of hands or of games, not both" if both else "give a number of hands or of games")
    mode = "hands" if hands is not None else "games"
    count = _check_count(mode, hands if hands is not None else games)
    jobs = _check_count("jobs", jobs)
    if jobs > MAX_JOBS:
        raise ArenaError(f"jobs must be at most {MAX_JOBS}, not {jobs}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ArenaError(f"the seed must be a whole number, not {seed!r}")
    lineup = tuple(full_lineup(bots, rules.players))
    if time_limit is not None:
        if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) or not 0 < time_limit <= 3600:
            raise ArenaError(f"the time limit must be a number of seconds above 0 and at most 3600, not {time_limit!r}")
        factory = functools.partial(factory, time_limit=float(time_limit))
    for spec in dict.fromkeys(lineup):
        bot = factory(spec, seed=0)  # a bad spec fails here, not in a worker
        try:
            bot.check(rules)
        finally:
            bot.close()

    start = time.perf_counter()
    if progress:
        progress(0, count)
    outcomes: list[DealOutcome] = []
    if ray is not None:
        outcomes = _run_ray(lineup, rules, mode, seed, count, jobs, progress, factory, ray)
    elif jobs == 1 or count == 1:
        play = play_hand_deal if mode == "hands" else play_game_deal
        for i in range(count):
            outcomes.append(play(lineup, rules, seed, i, factory))
            if progress:
                progress(i + 1, count)
    else:
        outcomes = _run_parallel(lineup, rules, mode, seed, count, jobs, progress, factory)
    stats = bot_stats(lineup, outcomes)
    return ArenaResult(lineup, rules, mode, seed, tuple(outcomes), tuple(stats), time.perf_counter() - start, jobs)


def _chunks(count: int, jobs: int) -> list[tuple[int, ...]]:
    """The deal indices in tasks of a few deals each: even load and a lively progress bar."""
    size = max(1, min(4, -(-count // (jobs * 8))))
    return [tuple(range(k, min(k + size, count))) for k in range(0, count, size)]


def _run_ray(
    lineup: tuple[str, ...],
    rules: Rules,
    mode: str,
    seed: int,
    count: int,
    jobs: int,
    progress: Progress | None,
    factory: BotFactory,
    address: str,
) -> list[DealOutcome]:
    """Play the deals as tasks on a Ray cluster and merge them in deal order."""
    from .ray_backend import run_tasks

    chunks = _chunks(count, max(jobs, 2))
    finished = 0

    def done(k: int, _: list[DealOutcome]) -> None:
        nonlocal finished
        finished += len(chunks[k])
        if progress:
            progress(finished, count)

    tasks = [(lineup, rules.to_dict(), mode, seed, chunk, factory) for chunk in chunks]
    results = run_tasks(_play_chunk, tasks, address=address, cpus=None if jobs == 1 else jobs, done=done)
    return [outcome for chunk in results for outcome in chunk]


def _run_parallel(
    lineup: tuple[str, ...], rules: Rules, mode: str, seed: int, count: int, jobs: int, progress: Progress | None, factory: BotFactory
) -> list[DealOutcome]:
    """Play the deals in ``jobs`` processes, a few deals per task, and merge them in deal order."""
    chunks = _chunks(count, jobs)
    results: list[list[DealOutcome]] = [[] for _ in chunks]
    done = 0
    executor = ProcessPoolExecutor(max_workers=min(jobs, len(chunks)), initializer=_ignore_interrupts)
    try:
        futures: dict[Future[list[DealOutcome]], int] = {
            executor.submit(_play_chunk, (lineup, rules.to_dict(), mode, seed, chunk, factory)): k for k, chunk in enumerate(chunks)
        }
        for future in as_completed(futures):
            k = futures[future]
            results[k] = future.result()
            done += len(chunks[k])
            if progress:
                progress(done, count)
    except BaseException:  # a bot's error or Ctrl-C: stop our workers now rather than finish their deals
        workers = list(getattr(executor, "_processes", None) or {})
        executor.shutdown(wait=False, cancel_futures=True)
        for pid in workers:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGTERM)
        raise
    executor.shutdown(wait=True)
    return [outcome for chunk in results for outcome in chunk]
