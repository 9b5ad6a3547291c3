"""Two bots measured in separate ``hearts arena --json`` runs on the same deals, compared deal by deal.

Each side is ``FILE.json:BOT``: a run's JSON and the spec of one bot in it
(as the run's ``bots`` list names it). Both runs must have dealt the same
cards: the same seed, table, mode and number of deals. The paired
difference cancels each deal's luck, so its error is smaller than the two
runs' errors combined::

    hearts arena --bots net:file=new.npz,hard --variant cancellation --players 8 --hands 48 --json > new.json
    hearts arena --bots net:file=old.npz,hard --variant cancellation --players 8 --hands 48 --json > old.json
    python benchmarks/paired.py new.json:net:file=new.npz old.json:net:file=old.npz

prints each side's payoff ± its standard error and the paired difference
± its standard error (``--json``: one object).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from hearts.sim.arena_stats import paired_difference

#: the keys that must agree for two runs to have dealt the same cards
SAME = ("seed", "mode", "deals", "games", "variant", "players", "rules")


def side(text: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """(the run's JSON, the bot's entry) of ``FILE.json:BOT``."""
    path, sep, bot = text.partition(".json:")
    if not sep or not bot:
        raise SystemExit(f"paired.py: give FILE.json:BOT, not {text!r}")
    run = json.loads(Path(path + ".json").read_text(encoding="utf-8"))
    for entry in run["bots"]:
        if entry["name"] == bot:
            if "per_deal_payoff" not in entry:
                raise SystemExit(f"paired.py: {path}.json has no per-deal results (an older arena): rerun it")
            return run, entry
    raise SystemExit(f"paired.py: no bot {bot!r} in {path}.json (it has {', '.join(b['name'] for b in run['bots'])})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("a", help="FILE.json:BOT")
    parser.add_argument("b", help="FILE.json:BOT")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    (run_a, bot_a), (run_b, bot_b) = side(args.a), side(args.b)
    differ = [k for k in SAME if run_a.get(k) != run_b.get(k)]
    if differ:
        raise SystemExit(f"paired.py: the runs dealt different cards ({', '.join(differ)} differ)")
    diff, se = paired_difference(bot_a["per_deal_payoff"], bot_b["per_deal_payoff"])
    out = {
        "deals": run_a["deals"],
        "a": {"bot": bot_a["name"], "lineup": run_a["lineup"], "payoff": bot_a["payoff"], "payoff_se": bot_a["payoff_se"]},
        "b": {"bot": bot_b["name"], "lineup": run_b["lineup"], "payoff": bot_b["payoff"], "payoff_se": bot_b["payoff_se"]},
        "difference": diff,
        "difference_se": se,
    }
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    for key in ("a", "b"):
        s = out[key]
        print(f"{key}: {s['bot']} in {' / '.join(dict.fromkeys(s['lineup']))}: payoff {s['payoff']:+.3f} ± {s['payoff_se'] or 0:.3f}")
    print(f"a - b over {out['deals']} deals, paired: {diff:+.3f} ± {se or 0:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
