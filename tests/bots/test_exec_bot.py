"""exec: bots: a program speaking hearts-bot/1 plays as the same bot in-process, sees only its seat, and its faults are survived."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest

from hearts.bots import Bot, BotSpecError, make_bot
from hearts.bots.exec_bot import ExecBot
from hearts.core import Hand, Rules, card_name
from hearts.sim.arena import run_arena

PROGRAMS = Path(__file__).parent / "programs"
PY = shlex.quote(sys.executable)


def served(spec: str) -> str:
    """The exec: spec of an in-process bot served over the protocol."""
    return f"exec:{PY} -m hearts.bots.serve {spec}"


def faulty(mode: str, at: int = 1, log: Path | None = None) -> str:
    return f"exec:{PY} {PROGRAMS / 'faulty.py'} {mode} {at}" + (f" {log}" if log else "")


def play_side_by_side(rules: Rules, spec: str, seed: int, hands: int) -> int:
    """Play ``hands`` hands with the served bot and the in-process bot deciding every seat; assert each decision agrees."""
    decisions = 0
    for h in range(hands):
        hand = Hand.from_seed(rules, seed + h, number=h + 1)
        remote: list[Bot] = [make_bot(served(spec), seed=100 * h + s) for s in range(rules.players)]
        local = [make_bot(spec, seed=100 * h + s) for s in range(rules.players)]
        try:
            while hand.phase != "done":
                for seat in hand.seats_to_act():
                    view = hand.view(seat)
                    action = remote[seat].act(view)
                    assert action == local[seat].act(view), (h, seat, view.phase, len(view.tricks))
                    hand.apply(action)
                    decisions += 1
        finally:
            for bot in remote:
                assert bot.faults() == ()
                bot.close()
    return decisions


@pytest.mark.parametrize(
    ("rules", "spec", "hands"),
    [(Rules.standard(4), "heuristic", 2), (Rules.standard(4), "random", 2), (Rules.cancellation(8), "random", 1)],
    ids=["heuristic-standard4", "random-standard4", "random-cancellation8"],
)
def test_a_bot_through_the_protocol_makes_exactly_the_same_moves(rules: Rules, spec: str, hands: int) -> None:
    assert play_side_by_side(rules, spec, seed=11, hands=hands) >= hands * rules.cards_each * rules.players


def test_an_arena_match_through_the_protocol_gives_the_same_numbers() -> None:
    rules = Rules.standard(4, target=40)
    remote = run_arena([served("heuristic"), "random"], rules, games=1, seed=5)
    local = run_arena(["heuristic", "random"], rules, games=1, seed=5)
    assert remote.deals == local.deals and remote.faults == []
    assert [b.to_json() | {"name": ""} for b in remote.bots] == [b.to_json() | {"name": ""} for b in local.bots]


def test_the_bot_never_sees_another_seats_cards(tmp_path: Path) -> None:
    """Every request's cards are the seat's own, its passes, or cards played (checked against the true hands)."""
    for rules, seed in [(Rules.standard(4), 3), (Rules.standard(5), 4)]:
        log = tmp_path / f"{rules.players}.jsonl"
        spy = make_bot(faulty("none", 0, log), seed=1)
        others = [make_bot("random", seed=s) for s in range(rules.players)]
        hand = Hand.from_seed(rules, seed, number=1)
        leaks = []
        while hand.phase != "done":
            for seat in hand.seats_to_act():
                if seat != 0:
                    hand.apply(others[seat].act(hand.view(seat)))
                    continue
                passed = set(hand.passes[0] or ())
                hidden = {card_name(c) for s in range(1, rules.players) for c in hand.hand_cards(s)} - {card_name(c) for c in passed}
                hand.apply(spy.act(hand.view(0)))
                sent = json.loads(log.read_text().splitlines()[-1])
                assert sent["type"] == "decide"
                seen = set(json.dumps(sent).replace('"', " ").split()) - {"decide"}
                leaks += sorted(seen & hidden)
        spy.close()
        assert spy.faults() == () and leaks == []
        starts = [json.loads(line) for line in log.read_text().splitlines() if json.loads(line)["type"] == "start"]
        assert starts and starts[0]["seconds"] == spy.time_limit  # the bot is told its time a decision


@pytest.mark.parametrize(
    ("mode", "at", "kind", "words"),
    [
        ("slow", 3, "timeout", "no reply within 0.5 s"),
        ("crash", 2, "crash", "exited with status 3; its stderr ends: Traceback: something broke"),
        ("exit", 5, "crash", "exited with status 0"),
        ("garbage", 4, "malformed", "not a JSON line"),
        ("wrongid", 1, "malformed", "id is 2, not 1"),
        ("illegal", 1, "illegal", "which it does not hold"),
        ("illegal", 3, "illegal", "which is not legal"),
        ("flood", 2, "malformed", "more than 8192 bytes"),
    ],
)
def test_a_faulty_bot_is_replaced_and_the_fault_recorded(mode: str, at: int, kind: str, words: str) -> None:
    spec = faulty(mode, at)
    result = run_arena([spec, "random"], Rules.standard(4), hands=1, seed=2, time_limit=0.5)
    assert result.hands_played == 4  # every rotation finished, with the fallback playing on
    faults = result.to_json()["faults"]
    assert len(faults) == 8  # the bot holds two seats in each of four rotations: one fault each
    first = faults[0]
    assert first["kind"] == kind and first["decision"] == at and first["bot"] == spec
    assert words in first["message"] and f"decision {at} (hand 1, " in first["message"] and "'random' plays on" in first["message"]
    assert first["message"].startswith(f"bot {spec!r} in seat {first['seat']}")


def test_a_silent_bot_is_a_clear_error_before_play() -> None:
    bot = make_bot(faulty("silent"), time_limit=0.2)
    assert isinstance(bot, ExecBot)
    import hearts.bots.exec_bot as exec_bot

    old, exec_bot.START_LIMIT = exec_bot.START_LIMIT, 0.5
    try:
        with pytest.raises(BotSpecError, match="sent no hello within 0.5 s"):
            run_arena([faulty("silent"), "random"], Rules.standard(4), hands=1, time_limit=0.2)
    finally:
        exec_bot.START_LIMIT = old


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (faulty("badhello"), "speaks protocol 'hearts-bot/9'"),
        (faulty("nohello"), "bad hello: not a JSON line"),
        (faulty("only-cancellation"), "does not play standard Hearts with 4 players"),
        ("exec:", "give a command after 'exec:'"),
        ("exec:  ", "give a command after 'exec:'"),
        ("exec:./no/such/bot --level 3", "is not an executable file"),
        ("exec:no-such-bot-program", "command 'no-such-bot-program' not found"),
        ("exec:python3 'unclosed", "cannot split the command"),
        (f"exec:{PROGRAMS / 'faulty.py'}", "is not an executable file"),
    ],
)
def test_bad_exec_bots_are_clear_errors_before_play(spec: str, message: str) -> None:
    with pytest.raises(BotSpecError, match=message):
        run_arena([spec, "random"], Rules.standard(4), hands=1)


def test_the_time_limit_is_checked() -> None:
    from hearts.sim.arena import ArenaError

    for bad in (0, -1, 5000, True):
        with pytest.raises(ArenaError, match="time limit"):
            run_arena(["random"], Rules.standard(4), hands=1, time_limit=bad)


def test_a_program_that_fails_to_start_or_greet_during_play_is_a_fault(tmp_path: Path) -> None:
    """Faults that the arena's check before play usually catches are survived too when they happen later."""
    script = tmp_path / "gone.sh"
    script.write_text("#!/bin/sh\nexit 0\n")
    script.chmod(0o755)
    gone = make_bot(f"exec:{script}", seed=4)
    script.unlink()
    rude = make_bot(faulty("badhello"), seed=4)
    view = Hand.from_seed(Rules.standard(4), 2).view(1)
    for bot, kind, words in [(gone, "start", "cannot start"), (rude, "handshake", "bad hello")]:
        action = bot.act(view)
        assert action == make_bot("random", seed=4).act(view)  # the fallback, seeded alike
        [fault] = bot.faults()
        assert (fault.kind, fault.seat, fault.hand, fault.phase, fault.decision) == (kind, 1, 1, "pass", 1) and words in fault.message
        bot.close()
