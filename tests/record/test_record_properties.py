"""Round trips and robustness: any game written as a record replays to the
same result; no input, however broken, gives anything but ok / error / RecordError."""

from __future__ import annotations

import json
import random
from typing import Any

from driver import play_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearts.core import Game, Rules, card_name, names
from hearts.record import RecordError, dumps_record, game_record, loads_record, replay, replay_game
from hearts.record.replay_cli import run_replay

VARIANTS = [("standard", n) for n in range(3, 8)] + [("omnibus", n) for n in range(3, 8)] + [("cancellation", n) for n in range(6, 12)]


def expected_output(game: Game) -> dict[str, Any]:
    """The records.md output built straight from the engine's own game."""
    hands = []
    total = [0] * game.rules.players
    for h in game.hands:
        if h.points is not None:
            total = [a + b for a, b in zip(total, h.points, strict=True)]
        d: dict[str, Any] = {
            "dealer": h.dealer,
            "pass": h.pass_direction,
            "tricks": [
                {"leader": t.leader, "cards": [card_name(c) for c in t.cards], "winner": t.winner, "points": t.points} for t in h.tricks
            ],
            "taken": [names(t) for t in h.taken],
            "points": h.points,
            "moon": {"seat": h.shooter, "choice": h.moon_choice} if h.done and h.shooter is not None else None,
            "scores": total,
        }
        hands.append(d)
    return {"hands": hands, "scores": game.scores, "game_over": game.game_over, "winners": game.winners}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(VARIANTS),
    seed=st.integers(0, 2**32),
    target=st.integers(20, 80),
    cut=st.one_of(st.none(), st.integers(0, 400)),
    moon=st.sampled_from(["choose", "add", "subtract"]),
    first_dealer=st.integers(0, 10),
)
def test_random_game_round_trips(variant: tuple[str, int], seed: int, target: int, cut: int | None, moon: str, first_dealer: int) -> None:
    name, n = variant
    rules = Rules(variant=name, players=n, target=target, moon=moon)
    count = [0]

    def stop(g: Game) -> bool:
        count[0] += 1
        return cut is not None and count[0] > cut

    game = play_game(rules, seed, first_dealer=first_dealer % n, dup_bias=seed % 2 == 0, stop=stop)
    rec = loads_record(dumps_record(game_record(game)))
    out = replay(rec)
    assert out["ok"] is True
    exp = expected_output(game)
    for got, want in zip(out["hands"], exp["hands"], strict=True):
        got = {k: v for k, v in got.items() if k not in ("phase", "current_trick")}
        assert got == want
    assert (out["scores"], out["game_over"], out["winners"]) == (exp["scores"], exp["game_over"], exp["winners"])
    again = replay_game(rec)
    assert game_record(again) == game_record(game)
    traced = replay(rec, trace=True)
    for h in traced["hands"]:
        for t in h["tricks"]:
            assert len(t["legal"]) == n and all(c in lg for c, lg in zip(t["cards"], t["legal"], strict=True))


def _valid_record() -> dict[str, Any]:
    return game_record(play_game(Rules.cancellation(6, target=40), 3, max_hands=2))


BASE = _valid_record()
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**30), 10**30)
    | st.floats(allow_nan=False)
    | st.text(max_size=5)
    | st.sampled_from(["2C", "QS", "10h", "add", "standard", "hearts-record/1"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def _paths(v: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(v, dict):
        for k, x in v.items():
            out += _paths(x, prefix + (k,))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            out += _paths(x, prefix + (i,))
    return out


PATHS = _paths(BASE)[1:]


def check_total(data: Any) -> None:
    try:
        out = replay(data) if isinstance(data, dict) else replay(loads_record(json.dumps(data)))
    except RecordError:
        return
    assert out["ok"] in (True, False)
    if not out["ok"]:
        assert set(out["error"]) == {"hand", "phase", "index", "seat", "card", "reason"}
        assert out["error"]["phase"] in ("deal", "pass", "play", "moon")


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_mutated_records_never_crash(data: st.DataObject) -> None:
    rec = json.loads(json.dumps(BASE))
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(PATHS))
        value = data.draw(json_values)
        node = rec
        try:
            for k in path[:-1]:
                node = node[k]
            node[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            pass
    check_total(rec)


@settings(max_examples=200, deadline=None)
@given(json_values)
def test_any_json_never_crashes(value: Any) -> None:
    check_total(value)
    check_total({"format": "hearts-record/1", "rules": {"variant": "standard", "players": 4}, "hands": value})


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_never_crash(blob: bytes) -> None:
    try:
        loads_record(blob)
    except RecordError:
        pass


def test_cli_on_random_garbage(tmp_path: Any, capsys: Any) -> None:
    rng = random.Random(5)
    text = dumps_record(BASE)
    for i in range(60):
        chars = list(text)
        for _ in range(rng.randint(1, 5)):
            chars[rng.randrange(len(chars))] = rng.choice('"[]{},:0123456789abcQS- \n')
        p = tmp_path / f"g{i}.json"
        p.write_text("".join(chars))
        status = run_replay(str(p), as_json=True, trace=True)
        out, err = capsys.readouterr()
        assert status in (0, 1, 2)
        if status == 2:
            assert out == "" and err.count("\n") == 1
        else:
            assert json.loads(out)["ok"] is (status == 0)
