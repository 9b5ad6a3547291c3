#!/usr/bin/env python3
"""A minimal hearts-bot/1 bot: it plays its lowest legal card and passes its highest.

Standard library only, and nothing from the hearts package: this is what a
bot in any language does (docs/write-a-bot.md). Try it:

    hearts arena --bots 'exec:python3 examples/bots/lowest.py',medium --hands 20
"""

import json
import sys

RANKS = "23456789TJQKA"


def rank(card: str) -> int:
    """0 for a two, 12 for an ace ("QS" -> 10)."""
    return RANKS.index(card[0])


def decide(view: dict) -> dict:
    """The reply's fields for one decision (its id is added by the caller)."""
    if view["phase"] == "pass":
        highest = sorted(view["hand"], key=rank, reverse=True)
        return {"cards": highest[: view["rules"]["pass_count"]]}
    if view["phase"] == "play":
        return {"card": min(view["legal"], key=rank)}
    return {"choice": "subtract"}  # the moon: take 26 off our own score


def main() -> None:
    hello = {
        "type": "hello",
        "protocol": "hearts-bot/1",
        "name": "lowest (Python)",
        "variants": ["standard", "omnibus", "cancellation"],
        "players": list(range(3, 12)),
    }
    print(json.dumps(hello), flush=True)
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "decide":
            reply = {"type": "action", "id": message["id"], **decide(message["view"])}
            print(json.dumps(reply), flush=True)
        elif message["type"] == "end":
            break
        # "start" and any message type this bot does not know: nothing to do


if __name__ == "__main__":
    main()
