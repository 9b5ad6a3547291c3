"""Generate the golden records: ``python tests/data/records/make_golden.py``.

Writes ``valid/NAME.json`` + ``valid/NAME.expected.json`` (the exact replay
output; ``NAME.trace.expected.json`` too for traced cases),
``invalid/NAME.json`` + ``invalid/NAME.expected.json`` (the error object,
exit status 1), ``malformed/NAME.*`` (exit status 2) and the examples in
``examples/``. Everything is seeded, so reruns give identical files.

Records with hearts-deal/1 seeds (``deals_*``, ``seeds_only``) are dealt
from seeds derived from fixed server and client seeds, and broken in one
place each for the invalid and malformed cases.

Random games come from the engine via ``driver.py``; special cases use
crafted deals (the moon) or a seed search over games whose driver prefers
to duplicate the card led (set-aside tricks, ties).
"""

from __future__ import annotations

import copy
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from driver import play_game  # noqa: E402

from hearts.core import Game, Rules  # noqa: E402
from hearts.core.fair_deal import commitment, hand_seed, seed_deal  # noqa: E402
from hearts.record import Deals, Player, dumps_record, game_record, replay  # noqa: E402

ROOT = HERE.parents[2]

# -- crafted deals --------------------------------------------------------
#: 4 players: after passing left, seat 0 holds AC and the 12 hearts 3H..AH; seat 1
#: holds 2H and leads 2C. Seat 0 wins trick 1 with AC, then leads hearts (it
#: holds nothing else) and wins every trick: it shoots the moon whatever the others play.
MOON_DEAL = [
    "AC 6H 7H 8H 9H TH JH QH KH AH 2D 3D 4D".split(),
    "2H 2C 3C 4C 5C 5D 6D 7D 8D 9D TD JD 2S".split(),
    "6C 7C 8C 9C QD KD AD 3S 4S 5S 6S 7S 8S".split(),
    "3H 4H 5H TC JC QC KC 9S TS JS QS KS AS".split(),
]
MOON_PASSES = ["2D 3D 4D".split(), "2S 5D 6D".split(), "3S 4S 5S".split(), "3H 4H 5H".split()]
MOON_HAND: tuple[list[list[str]], list[str], list[list[str]] | None] = (MOON_DEAL, [], MOON_PASSES)


def trick_has(game: Game, test: Callable[[Any, Any, int], bool]) -> bool:
    return any(test(h, t, j) for h in game.hands for j, t in enumerate(h.tricks))


def search(make: Callable[[int], Game], want: Callable[[Game], bool], start: int = 0) -> Game:
    for seed in range(start, start + 5000):
        g = make(seed)
        if want(g):
            return g
    raise SystemExit("no seed found")


def scores_after_each(game: Game) -> list[list[int]]:
    total = [0] * game.rules.players
    out = []
    for h in game.hands:
        if h.points is not None:
            total = [a + b for a, b in zip(total, h.points, strict=True)]
            out.append(total)
    return out


def tie_played_on(game: Game) -> bool:
    assert game.rules.target is not None
    hist = scores_after_each(game)
    return game.game_over and any(max(s) >= game.rules.target and s.count(min(s)) > 1 for s in hist[:-1])


def two_pairs_with_live(h: Any, t: Any, j: int) -> bool:
    suit = t.cards[0] // 13
    counts = {c: t.cards.count(c) for c in t.cards}
    pairs = [c for c, k in counts.items() if k == 2]
    live = [c for c, k in counts.items() if k == 1 and c // 13 == suit]
    return len(pairs) >= 2 and bool(live)


def last_set_aside(game: Game) -> bool:
    return any(h.done and h.tricks[-1].winner is None and h.tricks[-2].winner is not None for h in game.hands)


def valid_cases() -> dict[str, tuple[Game, bool]]:
    """name -> (game, also write a traced expected output)."""
    c: dict[str, tuple[Game, bool]] = {}
    c["standard3"] = (play_game(Rules.standard(3, target=50), 3), True)
    c["standard4"] = (play_game(Rules.standard(4), 4), False)
    c["standard5"] = (play_game(Rules.standard(5, target=60), 5, first_dealer=2), False)
    c["standard6"] = (play_game(Rules.standard(6, target=50), 6), False)
    c["standard7"] = (play_game(Rules.standard(7, target=50, queen_breaks_hearts=False), 7, first_dealer=6), False)
    for n in range(6, 12):
        c[f"cancellation{n}"] = (play_game(Rules.cancellation(n, target=60), 100 + n), n == 6)
    c["omnibus4"] = (play_game(Rules.omnibus(4), 41), True)
    c["standard4_nopass"] = (play_game(Rules.standard(4, pass_count=0, target=40), 44), False)
    # the moon (crafted first hand, then one random hand)
    c["moon_choose_add"] = (play_game(Rules.standard(4), 1, first_hand=MOON_HAND, moon="add", max_hands=2), True)
    c["moon_choose_subtract"] = (play_game(Rules.standard(4), 2, first_hand=MOON_HAND, moon="subtract", max_hands=2), False)
    c["moon_rules_add"] = (play_game(Rules.standard(4, moon="add"), 3, first_hand=MOON_HAND, max_hands=2), False)
    c["moon_rules_subtract"] = (play_game(Rules.standard(4, moon="subtract"), 4, first_hand=MOON_HAND, max_hands=1), False)
    c["moon_omnibus"] = (play_game(Rules.omnibus(4), 5, first_hand=MOON_HAND, moon="subtract", max_hands=1), False)
    # Cancellation Hearts: set-aside tricks (seed search, driver biased to duplicate cards)
    c["set_aside"] = (
        search(
            lambda s: play_game(Rules.cancellation(8, target=60), s, dup_bias=True, max_hands=1),
            lambda g: trick_has(g, lambda h, t, j: t.winner is None and 0 < j < len(h.tricks) - 1),
        ),
        True,
    )
    c["set_aside_first_trick_kitty"] = (
        search(
            lambda s: play_game(Rules.cancellation(9, target=60), s, dup_bias=True, max_hands=1),
            lambda g: g.hands[0].tricks[0].winner is None and g.hands[0].tricks[1].winner is not None,
        ),
        False,
    )
    for rule in ("nobody", "previous_winner"):

        def make(seed: int, rule: str = rule) -> Game:
            return play_game(Rules.cancellation(11, target=60, last_trick_unwon=rule), seed, dup_bias=True, max_hands=1)

        c[f"set_aside_last_{rule}"] = (search(make, last_set_aside), False)
    c["two_pairs_void_trick"] = (
        search(
            lambda s: play_game(Rules.cancellation(10, target=60, two_pairs_void_trick=True), s, dup_bias=True, max_hands=1),
            lambda g: trick_has(g, two_pairs_with_live),
        ),
        True,
    )
    # unfinished last hands
    c["unfinished_play"] = (play_game(Rules.standard(4), 7, stop=lambda g: len(g.hands) == 2 and len(g.hands[1].plays) == 22), True)
    c["unfinished_pass"] = (play_game(Rules.standard(5), 8, stop=lambda g: len(g.hands) == 3), False)
    c["unfinished_moon"] = (play_game(Rules.standard(4), 9, first_hand=MOON_HAND, stop=lambda g: g.hands[0].phase == "moon"), False)
    c["unfinished_cancellation"] = (
        play_game(Rules.cancellation(7), 10, stop=lambda g: len(g.hands) == 2 and len(g.hands[1].plays) == 30),
        False,
    )
    c["empty_game"] = (Game(Rules.cancellation(8), auto_deal=False), False)
    # the end of the game and its tie rule
    c["tie_play_on"] = (search(lambda s: play_game(Rules.standard(4, target=30), s), tie_played_on), False)
    c["tie_share"] = (
        search(lambda s: play_game(Rules.standard(4, target=30, ties="share"), s), lambda g: len(g.winners) > 1),
        False,
    )
    return c


# -- records with hearts-deal/1 seeds ------------------------------------------
#: the server seed and client seeds of the scheme's own test vector
SERVER_SEED = "0a2456fb8f8fd3c3c30d9ab871323bad77fb44f05fb7f7b4095ec5e75dbaed7d"
CLIENTS4 = ["alice-7f3a", "", "b0b", ""]


def seeded_record(
    rules: Rules, seed: int, server: str, clients: list[str], *, reveal: bool = True, block: bool = True, **kw: Any
) -> dict[str, Any]:
    """A random game dealt from hearts-deal/1 seeds derived from ``server`` and ``clients``.

    Every finished hand carries its seed (an unfinished one only with ``reveal``); the
    ``deals`` block (with the server seed when ``reveal``) is written when ``block``.
    """
    game = play_game(rules, seed, deal_seed=lambda h: hand_seed(server, h, clients), **kw)
    seeds = [hand_seed(server, h.number, clients) if reveal or h.done else None for h in game.hands]
    players = [Player(f"P{s}", None if clients[s] else "heuristic") for s in range(rules.players)]
    deals = Deals(commitment(server), clients, server if reveal else None) if block else None
    return game_record(game, seeds=seeds, players=players, deals=deals)


def seeded_cases() -> dict[str, dict[str, Any]]:
    """Valid records with seeds: verified, Cancellation's kitty, unrevealed, seeds without a deals block."""
    c: dict[str, dict[str, Any]] = {}
    c["deals_verified"] = seeded_record(Rules.standard(4, target=40), 21, SERVER_SEED, CLIENTS4)
    c["deals_cancellation9"] = seeded_record(Rules.cancellation(9), 22, "11" * 32, ["x"] * 3 + [""] * 6, max_hands=1)
    c["deals_unrevealed"] = seeded_record(
        Rules.standard(3), 23, "22" * 32, ["~ !", "", ""], reveal=False, stop=lambda g: len(g.hands) == 2 and len(g.hands[1].plays) == 5
    )
    c["seeds_only"] = seeded_record(Rules.standard(5, target=40), 24, "33" * 32, [""] * 5, block=False, max_hands=2)
    return c


def _swap_cards(r: dict[str, Any], hand: int, a: int, b: int) -> None:
    """Exchange the first card of list ``a`` and of list ``b`` of a hand's deal (index n: the kitty)."""
    h = r["hands"][hand]
    lists = [*h["deal"], h["kitty"]]
    lists[a][0], lists[b][0] = lists[b][0], lists[a][0]


def seeded_invalid_cases() -> dict[str, dict[str, Any]]:
    """Records whose deals do not check out (exit status 1, phase ``deal``)."""
    base = seeded_cases()["deals_verified"]
    canc = seeded_cases()["deals_cancellation9"]
    c: dict[str, dict[str, Any]] = {}

    def mut(name: str, f: Callable[[dict[str, Any]], Any], rec: dict[str, Any] | None = None) -> None:
        r = copy.deepcopy(base if rec is None else rec)
        f(r)
        c[name] = r

    mut("deals_wrong_deal", lambda r: _swap_cards(r, 1, 0, 2))
    mut("deals_wrong_deal_kitty", lambda r: _swap_cards(r, 0, 9, 3), canc)
    mut("deals_wrong_commitment", lambda r: r["deals"].__setitem__("commitment", commitment("44" * 32)))
    mut("deals_hand_without_seed", lambda r: r["hands"][2].pop("seed"))

    def other_seed(r: dict[str, Any]) -> None:
        hands, kitty = seed_deal(Rules.standard(4, target=40), "55" * 32)
        from hearts.core import names

        r["hands"][0].update(seed="55" * 32, deal=[names(h) for h in hands], kitty=names(kitty))

    mut("deals_seed_not_derived", other_seed)
    return c


# -- invalid records (exit status 1) -----------------------------------------
def _base4() -> dict[str, Any]:
    """A finished 4-player game of several hands (hand 3 has no passing)."""
    return game_record(play_game(Rules.standard(4, target=40), 12))


def _prefix_game(rec: dict[str, Any], hand: int, plays: int) -> Game:
    """Replay ``rec`` up to ``plays`` plays of hand ``hand``; the game in that state."""
    from hearts.record import replay_game

    r = copy.deepcopy(rec)
    r["hands"] = r["hands"][: hand + 1]
    r["hands"][hand]["plays"] = r["hands"][hand]["plays"][:plays]
    r["hands"][hand].pop("moon", None)
    return replay_game(r)


def _find_play(rec: dict[str, Any], first: int, reason_start: str) -> dict[str, Any]:
    """Replace the first play (from hand ``first`` on) where a held card is illegal for ``reason_start``."""
    from hearts.core import card_name

    for hand in range(first, len(rec["hands"])):
        plays = rec["hands"][hand]["plays"]
        for k in range(len(plays)):
            h = _prefix_game(rec, hand, k).hands[hand]
            for c in h.hand_cards(h.to_move):
                why = h.why_play_illegal(c)
                if why and why.startswith(reason_start):
                    out = copy.deepcopy(rec)
                    out["hands"][hand]["plays"][k] = card_name(c)
                    return out
    raise SystemExit(f"no play illegal for {reason_start!r}")


def invalid_cases() -> dict[str, dict[str, Any]]:
    base = _base4()
    c: dict[str, dict[str, Any]] = {}

    def mut(name: str, f: Callable[[dict[str, Any]], Any], rec: dict[str, Any] | None = None) -> None:
        r = copy.deepcopy(base if rec is None else rec)
        f(r)
        c[name] = r

    h0, h1 = 0, 1
    # deal
    mut("deal_card_twice", lambda r: r["hands"][h1]["deal"][2].__setitem__(0, r["hands"][h1]["deal"][0][0]))
    mut("deal_too_few", lambda r: r["hands"][h0]["deal"][2].pop())
    mut("deal_unreadable_card", lambda r: r["hands"][h0]["deal"][3].__setitem__(5, "1X"))
    mut("deal_missing_seat", lambda r: r["hands"][h0]["deal"].pop())
    mut("deal_extra_seat", lambda r: r["hands"][h0]["deal"].append(["2C"]))
    three = game_record(play_game(Rules.standard(3, target=30), 13, max_hands=1))
    mut("deal_not_in_deck", lambda r: r["hands"][0]["deal"][1].__setitem__(0, "2D"), three)
    canc = game_record(play_game(Rules.cancellation(9, target=60), 14, max_hands=1))
    mut("deal_kitty_size", lambda r: r["hands"][0]["kitty"].pop(), canc)
    mut("deal_third_copy", lambda r: r["hands"][0]["kitty"].__setitem__(0, _third_copy(r)), canc)
    # pass
    mut("pass_not_held", lambda r: r["hands"][h0]["passes"][1].__setitem__(0, _not_held(r, 0, 1)))
    mut("pass_wrong_count", lambda r: r["hands"][h1]["passes"][2].pop())
    mut("pass_missing_with_plays", lambda r: r["hands"][h0].__setitem__("passes", None))
    mut("pass_missing_not_last", lambda r: (r["hands"][h0].__setitem__("passes", None), r["hands"][h0].__setitem__("plays", [])))
    mut("pass_on_no_pass_hand", lambda r: r["hands"][3].__setitem__("passes", r["hands"][0]["passes"]))
    mut("pass_empty_on_no_pass_hand", lambda r: r["hands"][3].__setitem__("passes", []))
    mut("pass_lists_missing", lambda r: r["hands"][h0]["passes"].pop())
    mut("pass_lists_extra", lambda r: r["hands"][h0]["passes"].append(["2C", "3C", "4C"]))
    mut("pass_unreadable_card", lambda r: r["hands"][h0]["passes"][2].__setitem__(1, "ZZ"))
    mut("pass_same_card_twice", lambda r: r["hands"][h0]["passes"][0].__setitem__(1, r["hands"][h0]["passes"][0][0]))
    # play
    c["play_must_follow"] = _find_play(base, h0, "must follow suit")
    c["play_hearts_not_broken"] = _find_play(base, h1, "hearts are not broken")
    c["play_first_lead"] = _find_play(base, h0, "must lead 2C")
    seven = game_record(play_game(Rules.standard(7, target=50), 16))
    c["play_points_first_trick"] = _find_play(seven, 0, "no hearts or QS on the first trick")
    c["play_cancellation_first_lead"] = _find_play(canc, 0, "the first lead may not be")
    mut("play_not_held", lambda r: r["hands"][h0]["plays"].__setitem__(5, r["hands"][h0]["plays"][1]))
    mut("play_unreadable_card", lambda r: r["hands"][h1]["plays"].__setitem__(7, "11H"))
    mut("play_after_hand_over", lambda r: r["hands"][h0]["plays"].append("2C"))
    mut("play_unfinished_then_hand", lambda r: r["hands"][h1]["plays"].pop())
    mut("game_over_extra_hand", lambda r: r["hands"].append(r["hands"][0]))
    # moon
    moon = game_record(play_game(Rules.standard(4), 1, first_hand=MOON_HAND, moon="add", max_hands=2))
    mut("moon_missing_not_last", lambda r: r["hands"][0].pop("moon"), moon)
    mut("moon_bad_choice", lambda r: r["hands"][0].__setitem__("moon", "double"), moon)
    mut("moon_without_shooter", lambda r: r["hands"][1].__setitem__("moon", "add"), moon)
    fixed = game_record(play_game(Rules.standard(4, moon="add"), 3, first_hand=MOON_HAND, max_hands=1))
    mut("moon_rules_fix_it", lambda r: r["hands"][0].__setitem__("moon", "subtract"), fixed)
    mut("moon_unfinished_hand", lambda r: r["hands"][0]["plays"].pop(), moon)
    mut(
        "moon_before_passing",
        lambda r: (
            r["hands"][1].__setitem__("passes", None),
            r["hands"][1].__setitem__("plays", []),
            r["hands"][1].__setitem__("moon", "add"),
        ),
        moon,
    )
    return c


def _third_copy(r: dict[str, Any]) -> str:
    for card in r["hands"][0]["deal"][0]:
        if sum(x.count(card) for x in r["hands"][0]["deal"]) == 2:
            return str(card)
    raise SystemExit("no doubled card")


def _not_held(r: dict[str, Any], hand: int, seat: int) -> str:
    held = set(r["hands"][hand]["deal"][seat])
    return next(c for c in r["hands"][hand]["deal"][(seat + 1) % 4] if c not in held)


# -- malformed files (exit status 2) -----------------------------------------
def malformed_cases() -> dict[str, bytes]:
    ok = game_record(play_game(Rules.standard(4, target=30), 15, max_hands=1))

    def j(f: Callable[[dict[str, Any]], Any]) -> bytes:
        r = copy.deepcopy(ok)
        f(r)
        return json.dumps(r).encode()

    c = {
        "not_json.txt": b"this is not JSON\n",
        "empty.json": b"",
        "binary.bin": bytes(range(256)) * 4,
        "truncated.json": dumps_record(ok).encode()[:500],
        "array.json": b'["hearts-record/1"]',
        "number.json": b"12",
        "nan.json": b'{"format": "hearts-record/1", "rules": {"variant": "standard", "players": NaN}}',
        "deep.json": b"[" * 100000 + b"]" * 100000,
        "huge_int.json": b'{"format": "hearts-record/1", "rules": {"variant": "standard", "players": ' + b"9" * 5000 + b"}}",
        "no_format.json": j(lambda r: r.pop("format")),
        "wrong_format.json": j(lambda r: r.__setitem__("format", "hearts-record/2")),
        "format_number.json": j(lambda r: r.__setitem__("format", 1)),
        "no_rules.json": j(lambda r: r.pop("rules")),
        "rules_not_object.json": j(lambda r: r.__setitem__("rules", "standard")),
        "rules_bad_variant.json": j(lambda r: r["rules"].__setitem__("variant", "spades")),
        "rules_players_99.json": j(lambda r: r["rules"].__setitem__("players", 99)),
        "rules_players_string.json": j(lambda r: r["rules"].__setitem__("players", "4")),
        "rules_players_float.json": j(lambda r: r["rules"].__setitem__("players", 4.0)),
        "rules_players_1e400.json": j(lambda r: r["rules"].__setitem__("players", 10**400)),
        "rules_target_huge.json": j(lambda r: r["rules"].__setitem__("target", 10**30)),
        "rules_unknown_option.json": j(lambda r: r["rules"].__setitem__("jokers", True)),
        "rules_bad_moon.json": j(lambda r: r["rules"].__setitem__("moon", ["add"])),
        "first_dealer_range.json": j(lambda r: r.__setitem__("first_dealer", 4)),
        "first_dealer_type.json": j(lambda r: r.__setitem__("first_dealer", "0")),
        "first_dealer_bool.json": j(lambda r: r.__setitem__("first_dealer", True)),
        "hands_not_list.json": j(lambda r: r.__setitem__("hands", {"0": r["hands"][0]})),
        "hand_not_object.json": j(lambda r: r["hands"].__setitem__(0, [])),
        "hand_no_deal.json": j(lambda r: r["hands"][0].pop("deal")),
        "deal_not_lists.json": j(lambda r: r["hands"][0].__setitem__("deal", "2C 3C")),
        "card_as_int.json": j(lambda r: r["hands"][0]["plays"].__setitem__(3, 12)),
        "card_nested.json": j(lambda r: r["hands"][0]["deal"][0].__setitem__(0, ["2C"])),
        "passes_not_lists.json": j(lambda r: r["hands"][0].__setitem__("passes", [1, 2, 3, 4])),
        "moon_number.json": j(lambda r: r["hands"][0].__setitem__("moon", 26)),
        "unknown_key.json": j(lambda r: r.__setitem__("seats", 4)),
        "unknown_hand_key.json": j(lambda r: r["hands"][0].__setitem__("pases", [])),
        "kitty_string.json": j(lambda r: r["hands"][0].__setitem__("kitty", "")),
    }
    seeded = seeded_cases()["deals_verified"]

    def d(f: Callable[[dict[str, Any]], Any]) -> bytes:
        r = copy.deepcopy(seeded)
        f(r)
        return json.dumps(r).encode()

    seed = seeded["hands"][0]["seed"]
    c |= {
        "seed_uppercase.json": d(lambda r: r["hands"][0].__setitem__("seed", seed.upper())),
        "seed_short.json": d(lambda r: r["hands"][0].__setitem__("seed", seed[:-2])),
        "seed_not_hex.json": d(lambda r: r["hands"][0].__setitem__("seed", "z" + seed[1:])),
        "seed_number.json": d(lambda r: r["hands"][0].__setitem__("seed", 7)),
        "deals_not_object.json": d(lambda r: r.__setitem__("deals", "hearts-deal/1")),
        "deals_unknown_scheme.json": d(lambda r: r["deals"].__setitem__("scheme", "hearts-deal/2")),
        "deals_unknown_key.json": d(lambda r: r["deals"].__setitem__("salt", "")),
        "deals_no_commitment.json": d(lambda r: r["deals"].pop("commitment")),
        "deals_server_seed_short.json": d(lambda r: r["deals"].__setitem__("server_seed", "ab")),
        "deals_client_seeds_count.json": d(lambda r: r["deals"]["client_seeds"].pop()),
        "deals_client_seed_too_long.json": d(lambda r: r["deals"]["client_seeds"].__setitem__(0, "x" * 65)),
        "deals_client_seed_not_ascii.json": d(lambda r: r["deals"]["client_seeds"].__setitem__(0, "caf\u00e9")),
        "players_count.json": d(lambda r: r["players"].pop()),
        "players_unknown_key.json": d(lambda r: r["players"][0].__setitem__("elo", 1500)),
        "players_bot_number.json": d(lambda r: r["players"][1].__setitem__("bot", 3)),
        "players_no_name.json": d(lambda r: r["players"][1].pop("name")),
    }
    return c


# -- writing ------------------------------------------------------------------
def write_json(path: Path, data: Any) -> None:
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def main() -> None:
    for sub in ("valid", "invalid", "malformed"):
        d = HERE / sub
        d.mkdir(exist_ok=True)
        for f in d.iterdir():
            f.unlink()
    for name, (game, traced) in valid_cases().items():
        rec = game_record(game)
        (HERE / "valid" / f"{name}.json").write_text(dumps_record(rec), encoding="utf-8")
        out = replay(rec)
        assert out["ok"], (name, out)
        write_json(HERE / "valid" / f"{name}.expected.json", out)
        if traced:
            write_json(HERE / "valid" / f"{name}.trace.expected.json", replay(rec, trace=True))
    for name, rec in seeded_cases().items():
        (HERE / "valid" / f"{name}.json").write_text(dumps_record(rec), encoding="utf-8")
        out = replay(rec)
        assert out["ok"], (name, out)
        write_json(HERE / "valid" / f"{name}.expected.json", out)
    for name, rec in (invalid_cases() | seeded_invalid_cases()).items():
        (HERE / "invalid" / f"{name}.json").write_text(dumps_record(rec), encoding="utf-8")
        out = replay(rec)
        assert not out["ok"], name
        write_json(HERE / "invalid" / f"{name}.expected.json", out)
    for name, data in malformed_cases().items():
        (HERE / "malformed" / name).write_bytes(data)
    examples = ROOT / "examples"
    examples.mkdir(exist_ok=True)
    (examples / "standard4.json").write_text(dumps_record(game_record(play_game(Rules.standard(4), 2024))), encoding="utf-8")
    (examples / "cancellation8.json").write_text(dumps_record(game_record(play_game(Rules.cancellation(8), 2025))), encoding="utf-8")


if __name__ == "__main__":
    main()
