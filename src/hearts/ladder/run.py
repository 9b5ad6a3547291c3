"""Play the ladder's matches that are not saved yet, with the arena (locally, or on Ray).

>>> import tempfile
>>> from hearts.core import Rules
>>> out = Path(tempfile.mkdtemp())
>>> records = run_ladder(["random", "random:seed=2"], Rules.standard(4), hands=2, seed=1, out=out)
>>> [r.lineup for r in records], len(records[0].deals)
([('random', 'random:seed=2')], 2)
>>> played = []
>>> again = run_ladder(["random", "random:seed=2"], Rules.standard(4), hands=2, seed=1, out=out, progress=lambda *a: played.append(a))
>>> again == records, [p[3] for p in played]
(True, ['saved'])
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from hearts.bots import make_bot
from hearts.core import Rules
from hearts.sim.arena import ArenaResult, run_arena
from hearts.sim.arena_stats import bot_stats

from .schedule import DealScore, LadderError, MatchRecord, load_match, match_key, save_match, schedule

#: ``progress(k, total, lineup, how)``: match ``k`` (from 1) of ``total`` is ``"saved"`` (found on disk) or ``"played"``
LadderProgress = Callable[[int, int, tuple[str, ...], str], None]


def record_of(result: ArenaResult, lineup: tuple[str, ...]) -> MatchRecord:
    """A match's record: per deal, each bot's mean points and payoff a hand (the arena's own statistics of that deal)."""
    deals = []
    for deal in result.deals:
        stats = bot_stats(result.lineup, [deal])
        deals.append({s.name: DealScore(s.points_per_hand, s.payoff) for s in stats})
    faults = dict.fromkeys(lineup, 0)
    for fault in result.faults:
        faults[fault["bot"]] += 1
    return MatchRecord(lineup, tuple(deals), faults, result.to_json(timing=False))


def run_ladder(
    bots: Sequence[str],
    rules: Rules,
    *,
    hands: int,
    seed: int = 1,
    out: Path,
    jobs: int = 1,
    ray: str | None = None,
    time_limit: float | None = None,
    progress: LadderProgress | None = None,
) -> list[MatchRecord]:
    """Every match of the round robin among ``bots``: read from ``out`` when saved, else played and saved at once.

    The matches share the deals (the same ``seed``). ``jobs``, ``ray`` and
    ``time_limit`` are the arena's; with ``ray`` one connection serves every
    match. Bad settings raise before any match is played.
    """
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1:
        raise LadderError(f"hands must be a whole number of at least 1, not {hands!r}")
    tables = schedule(bots, rules.players)
    keys = [match_key(lineup, rules, hands, seed) for lineup in tables]
    saved = [load_match(out, key) for key in keys]  # a damaged file stops the run before anything is played
    if any(record is None for record in saved):
        check_bots(bots, rules, time_limit)
    records: list[MatchRecord] = []
    with _connected(ray, jobs) as address:
        for k, (lineup, key, record) in enumerate(zip(tables, keys, saved, strict=True), 1):
            how = "saved"
            if record is None:
                result = run_arena(list(lineup), rules, hands=hands, seed=seed, jobs=jobs, ray=address, time_limit=time_limit)
                record = record_of(result, lineup)
                save_match(out, key, record)
                how = "played"
            records.append(record)
            if progress:
                progress(k, len(tables), lineup, how)
    return records


def check_bots(bots: Sequence[str], rules: Rules, time_limit: float | None) -> None:
    """Make every bot once (an ``exec:`` bot is started and must offer ``rules``): a bad one fails before the first match."""
    for spec in bots:
        bot = make_bot(spec, seed=0, time_limit=time_limit)
        try:
            bot.check(rules)
        finally:
            bot.close()


@contextlib.contextmanager
def _connected(ray: str | None, jobs: int) -> Iterator[Any]:
    """One Ray connection for all the matches (the arena reuses a connection it finds open)."""
    if ray is None:
        yield None
        return
    from hearts.sim.ray_backend import connected

    with connected(ray, None if jobs == 1 else jobs):
        yield ray
