"""Where the heuristic's card play loses value, as the search judges it.

Four ``heuristic`` bots pass and play 4-player standard hands; at every play
with a choice, a search bot (the *judge*) values each legal card in the
same sampled worlds, and the heuristic's card is charged its *regret*: the
best card's mean payoff minus its own. The regrets are summed by kind of
decision (lead, follow, discard) and by stage of the hand, with the share
of decisions that lose more than 1.5 payoff. Positions with a runner on the
table (one seat holding every point, at least 2) are counted apart: the
heuristic defends there on purpose, and the judge's rollouts see a moon
only from 16 points.

The heuristic is also the search's rollout policy, so a rule that the judge
calls costly is a candidate fix for both; the judge is not the truth (its
rollouts play the heuristic, and the best of several noisy means is biased
upward, so regrets compare two policies on the same deals and judge, not
in absolute terms), and a fix is kept only when matches say so::

    python benchmarks/decision_regret.py [--hands 40] [--seed 1] [--judge search:sims=1500] [--worst 10]

Prints markdown tables; ``--worst K`` also lists the K costliest positions.
Exit status 0, 2 for a bad option.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from collections import defaultdict
from typing import NamedTuple

from hearts.bots import make_bot
from hearts.bots.heuristic_play import defend_at, runner_of
from hearts.bots.registry import BotSpecError
from hearts.bots.search import SearchBot
from hearts.core import Hand, PlayCard, Rules, SeatView, card_name
from hearts.core.cards import SUIT_OF

#: a decision loses "much" above this payoff
BIG = 1.5
STAGES = ("tricks 1-4", "tricks 5-9", "tricks 10-13")


class Regret(NamedTuple):
    """One judged decision."""

    kind: str  # lead, follow or discard
    stage: str
    runner: bool
    regret: float
    card: str
    best: str
    position: str


def kind_of(view: SeatView, card: int) -> str:
    """``lead``, ``follow`` or ``discard``: the decision ``card`` makes in ``view``.

    >>> hand = Hand.from_seed(Rules.standard(4), seed=3, number=4)
    >>> kind_of(hand.view(hand.to_move), hand.legal_cards()[0])
    'lead'
    """
    if not view.trick:
        return "lead"
    return "follow" if SUIT_OF[card] == SUIT_OF[view.trick[0]] else "discard"


def _stage(view: SeatView) -> str:
    done = len(view.tricks)
    return STAGES[0] if done < 4 else STAGES[1] if done < 9 else STAGES[2]


def judge_hand(seed: int, number: int, judge: SearchBot) -> list[Regret]:
    """Play one hand with four heuristic bots; judge each play that has a choice."""
    rules = Rules.standard(4)
    hand = Hand.from_seed(rules, seed=seed, number=number)
    bots = [make_bot("heuristic", seed=seed * 4 + s) for s in range(4)]
    defend = defend_at(rules.moon_points)  # the heuristic's own runner threshold
    out: list[Regret] = []
    while hand.phase != "done":  # as hearts.bots.play.play_hand, judging the plays on the way
        for seat in hand.seats_to_act():
            view = hand.view(seat)
            action = bots[seat].act(view)
            if isinstance(action, PlayCard) and len(view.legal) > 1:
                out += _judge(view, action.card, judge, defend)
            hand.apply(action)
    return out


def _judge(view: SeatView, card: int, judge: SearchBot, defend: int) -> list[Regret]:
    """The judge's verdict on ``card`` in ``view`` (none when it weighed no choice)."""
    judge.play_card(view)
    values = judge.decision_values()
    if not values or card not in values or any(v != v for v in values.values()):
        return []
    best = max(values, key=lambda c: values[c])
    where = (
        f"trick {' '.join(card_name(c) for c in view.trick) or '-'}; "
        f"hand {' '.join(card_name(c) for c in view.hand)}; points {list(view.points_taken)}"
    )
    runner = runner_of(view.points_taken, defend) >= 0
    return [Regret(kind_of(view, card), _stage(view), runner, values[best] - values[card], card_name(card), card_name(best), where)]


def table(rows: list[Regret], key: str) -> str:
    """A markdown table of the regrets grouped by ``key`` (``kind`` or ``stage``)."""
    groups: dict[str, list[float]] = defaultdict(list)
    for r in rows:
        groups[getattr(r, key)].append(r.regret)
    lines = [f"| {key} | decisions | mean regret | share above {BIG} | total |", "|---|---|---|---|---|"]
    for name, values in sorted(groups.items(), key=lambda kv: -sum(kv[1])):
        big = sum(1 for v in values if v > BIG) / len(values)
        lines.append(f"| {name} | {len(values)} | {sum(values) / len(values):.3f} | {big:.1%} | {sum(values):.1f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=40, help="hands to play (default %(default)s)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and bots (default %(default)s)")
    parser.add_argument("--judge", default="search:sims=1500", help="a search spec (default %(default)s; gate and time cap off)")
    parser.add_argument("--worst", type=int, default=0, help="also list the K costliest positions")
    args = parser.parse_args(argv)
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    if args.worst < 0:
        parser.error("--worst must be 0 or more")
    try:
        judge = make_bot(args.judge, seed=args.seed)
    except BotSpecError as e:
        parser.error(str(e))
    if not isinstance(judge, SearchBot):
        parser.error(f"--judge must be a search spec, not {args.judge!r}")
    judge.settings = dataclasses.replace(judge.settings, gate=0.0, ms=None)
    rows: list[Regret] = []
    for i in range(args.hands):
        rows += judge_hand(args.seed * 100_000 + i, i % 4 + 1, judge)
    hands = args.hands
    calm = [r for r in rows if not r.runner]
    print(
        f"{hands} hands, judge `{args.judge}`: {len(rows)} decisions, regret {sum(r.regret for r in rows) / hands:.2f} "
        f"a hand over all four seats ({len(rows) - len(calm)} decisions with a runner on the table)\n"
    )
    print("Without a runner, by kind of decision:\n")
    print(table(calm, "kind") + "\n")
    print("Without a runner, by stage:\n")
    print(table(calm, "stage") + "\n")
    print("With a runner on the table:\n")
    runner = [r for r in rows if r.runner]
    print(table(runner, "kind") if runner else "(none)")
    if args.worst:
        print(f"\nThe {args.worst} costliest decisions without a runner:\n")
        for r in sorted(calm, key=lambda r: -r.regret)[: args.worst]:
            print(f"- {r.regret:.1f}: {r.kind} {r.card} (judge: {r.best}); {r.position}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
