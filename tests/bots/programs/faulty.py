"""A hearts-bot/1 program that misbehaves on purpose: ``faulty.py MODE [AT] [LOG]``.

It plays its first legal card (or passes its first cards) until decision
``AT`` (default 1), where it does what MODE says; ``LOG`` is a file that
gets every line it reads. Standard library only.
"""

import json
import sys
import time


def main() -> None:
    mode = sys.argv[1]
    at = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    log = open(sys.argv[3], "a") if len(sys.argv) > 3 else None  # noqa: SIM115

    if mode == "silent":
        time.sleep(60)
    hello = {
        "type": "hello",
        "protocol": "hearts-bot/1",
        "name": "faulty",
        "variants": ["standard", "cancellation", "omnibus"],
        "players": list(range(3, 12)),
    }
    if mode == "badhello":
        hello["protocol"] = "hearts-bot/9"
    if mode == "only-cancellation":
        hello["variants"] = ["cancellation"]
    if mode == "nohello":
        print("hello there", flush=True)
    else:
        print(json.dumps(hello), flush=True)

    for line in sys.stdin:
        if log:
            log.write(line)
            log.flush()
        message = json.loads(line)
        if message["type"] != "decide":
            continue
        view, number = message["view"], message["id"]
        reply = {"type": "action", "id": number}
        if view["phase"] == "pass":
            reply["cards"] = view["hand"][: view["rules"]["pass_count"]]
        elif view["phase"] == "play":
            reply["card"] = view["legal"][0]
        else:
            reply["choice"] = "add"
        if number == at:
            if mode == "slow":
                time.sleep(30)
            elif mode == "crash":
                print("Traceback: something broke in the bot", file=sys.stderr, flush=True)
                sys.exit(3)
            elif mode == "garbage":
                print("{not json", flush=True)
                continue
            elif mode == "illegal":
                held = set(view["hand"])
                other = next(c for c in (r + s for s in "CDHS" for r in "23456789TJQKA") if c not in held)
                reply.pop("cards", None)
                reply["card"] = other
                reply["cards"] = [other] * view["rules"]["pass_count"]
            elif mode == "wrongid":
                reply["id"] = number + 1
            elif mode == "flood":
                sys.stdout.write("x" * 100_000)
                sys.stdout.flush()
                time.sleep(30)
            elif mode == "exit":
                sys.exit(0)
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
