"""The turn timer's deadline, the score-sheet pause, hint, claim and undo over real websockets (docs/protocol.md)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from hearts.core import Rules, parse_card
from hearts.core import claim as claim_rules
from hearts.core.hand import Hand, winner_so_far
from hearts.server.projection import current_trick_json, trick_json

from .conftest import InProcessServer, Player
from .wsconn import Conn

State = dict[str, Any]


def solo(server: InProcessServer, **options: Any) -> tuple[str, Conn]:
    """Ann alone with three bots, the game started."""
    t = server.table(**options)
    ann = Conn(server.ws, t["table"], t["token"])
    ann.next("welcome")
    ann.next("state")
    assert ann.act({"type": "start"})["type"] == "ok"
    return t["table"], ann


def ask_hint(conn: Conn) -> dict[str, Any]:
    """Send a hint request; the answer (``hint`` or ``error``)."""
    conn.send({"type": "hint", "id": "h"})
    while True:
        reply = conn.recv()
        if reply["type"] in ("hint", "error") and reply.get("id") == "h":
            return reply


def mine(st: State) -> bool:
    return bool(st["you"] and st["you"]["seat"] in st["turn"]["seats"] and not st["game_over"])


def step(ann: Conn, st: State, high: bool = False) -> None:
    """Ann's simplest move: the first cards, the first (``high``: the last) legal card, add the moon."""
    phase = st["hand"]["phase"]
    if phase == "pass":
        msg: dict[str, Any] = {"type": "pass", "cards": st["hand"]["cards"][:3]}
    elif phase == "play":
        msg = {"type": "play", "card": st["hand"]["legal"][-1 if high else 0]}
    else:
        msg = {"type": "moon", "choice": "add"}
    reply = act_resending(ann, msg)
    assert reply["type"] == "ok" or reply["code"] == "stale", reply


def act_resending(ann: Conn, msg: dict[str, Any]) -> dict[str, Any]:
    """``ann.act(msg)``, sent again while the server drops it as over the rate limit (a long game can outrun it)."""
    reply = ann.act(msg)
    for _ in range(20):
        if reply.get("code") != "rate_limited":
            break
        time.sleep(0.5)
        reply = ann.act(msg)
    return reply


def drive(ann: Conn, until: Callable[[State], bool], *, act: bool = True, limit: int = 600) -> State:
    """Sync until ``until`` holds, Ann moving whenever it is her turn (bounded)."""
    for _ in range(limit):
        st = ann.sync()
        if until(st):
            return st
        if act and mine(st) and st["turn"].get("review") is None:
            step(ann, st)
        time.sleep(0.1)  # each round is up to three messages: stay under the rate limit
    raise AssertionError("the table did not get there")


def test_the_turn_after_a_bots_card_carries_its_own_deadline(server: InProcessServer) -> None:
    server.hub.review = 0
    _, ann = solo(server, turn_seconds=60)
    st = drive(
        ann,
        lambda s: (
            mine(s) and s["hand"]["phase"] == "play" and (s["last_action"] or {}).get("by") == "bot" and s["last_action"]["kind"] == "play"
        ),
    )
    deadline, now = st["turn"]["deadline"], st["turn"]["now"]
    assert deadline is not None, "no countdown on a human's turn after a bot's card"
    assert 55_000 <= deadline - now <= 60_000


def test_a_bots_turn_has_no_deadline(server: InProcessServer) -> None:
    server.hub.review = 0
    server.hub.bot_delay = 0.3  # the bots' turns last long enough to be seen
    _, ann = solo(server, turn_seconds=60)
    st = drive(ann, lambda s: s["hand"] is not None and s["hand"]["phase"] == "play" and not mine(s))
    assert st["turn"]["deadline"] is None


def test_no_timer_and_no_bot_while_the_score_sheet_is_read(server: InProcessServer) -> None:
    server.hub.review = 600  # long: only the player's "ready" ends it here
    table, ann = solo(server, turn_seconds=60)
    st = drive(ann, lambda s: len(s["hands"]) == 1)
    assert st["hand"]["number"] == 2 and st["hand"]["phase"] == "pass"
    review = st["turn"]["review"]
    assert review is not None and review["ready"] == [] and review["until"] > st["turn"]["now"]
    assert st["turn"]["deadline"] is None
    live = server.hub.tables[table]
    sheet = live.table.sheet
    assert live.turns.deadline is None and live.turns.pace.next_due(sheet) == sheet.until  # only the pause's end is timed
    assert live.turns.bot_seat() is None  # the bots wait too
    assert ann.sync()["hand"]["passes_chosen"] == [False, False, False, False]
    assert ann.act({"type": "ready"})["type"] == "ok"
    st = ann.sync()
    assert st["turn"]["review"] is None
    assert st["turn"]["deadline"] is not None and st["turn"]["deadline"] - st["turn"]["now"] >= 55_000
    drive(ann, lambda s: s["hand"]["passes_chosen"][1:] == [True, True, True], act=False)


def test_a_players_pass_ends_its_review(server: InProcessServer) -> None:
    server.hub.review = 600
    _, ann = solo(server, turn_seconds=60)
    st = drive(ann, lambda s: len(s["hands"]) == 1)
    assert st["turn"]["review"] is not None
    assert ann.act({"type": "pass", "cards": st["hand"]["cards"][:3]})["type"] == "ok"
    st = drive(ann, lambda s: s["hand"]["phase"] == "play" or s["hand"]["passes_chosen"] == [True] * 4, act=False)
    assert st["turn"]["review"] is None


def test_hint_is_a_legal_choice_for_your_seat_only(server: InProcessServer) -> None:
    server.hub.review = 0
    table, ann = solo(server)
    st = ann.sync()
    hint = ask_hint(ann)
    assert hint["type"] == "hint" and hint["seq"] >= st["seq"]  # the bots may have passed meanwhile
    assert hint["action"]["kind"] == "pass" and len(hint["action"]["cards"]) == 3
    assert set(hint["action"]["cards"]) <= set(st["hand"]["cards"])
    step(ann, st)
    st = drive(ann, lambda s: mine(s) and s["hand"]["phase"] == "play", act=False)
    hint = ask_hint(ann)
    assert hint["action"] == {"kind": "play", "card": hint["action"]["card"]} and hint["action"]["card"] in st["hand"]["legal"]
    spectator = Conn(server.ws, table)
    spectator.next("welcome")
    spectator.next("state")
    assert ask_hint(spectator)["code"] == "not_seated"


def test_hint_off_turn_is_refused(server: InProcessServer) -> None:
    server.hub.review = 0
    _, ann = solo(server)
    for _ in range(200):
        st = ann.sync()
        if mine(st):
            step(ann, st)
            continue
        reply = ask_hint(ann)
        if reply["type"] == "error":
            assert reply["code"] == "not_now", reply
            return
        # A bot moved between the sync and the request: the turn came to Ann, so the hint was hers to have.
        assert reply["type"] == "hint" and mine(ann.sync()), reply
    raise AssertionError("the table never waited on another seat")


def test_claim_plays_out_a_settled_hand(server: InProcessServer) -> None:
    server.hub.review = 0
    table, ann = solo(server, target=1000)
    live = server.hub.tables[table]
    refused = claimed = False
    for _ in range(2000):
        st = ann.sync()
        if st["game_over"] or len(st["hands"]) >= 8:
            break
        if not (mine(st) and st["hand"]["phase"] == "play"):
            if mine(st):
                step(ann, st, high=True)
            time.sleep(0.1)
            continue
        hand = live.table.hand
        if claim_rules.can_claim(hand, 0):
            before = len(st["hands"])
            reply = act_resending(ann, {"type": "claim"})
            assert reply["type"] == "ok", reply
            for _ in range(100):  # a moon shot in this hand waits for its shooter's choice (a bot's comes a moment later)
                st = ann.sync()
                if len(st["hands"]) == before + 1 or st["game_over"]:
                    break
                if st["hand"]["phase"] == "moon" and mine(st):  # the claim took every point: we choose
                    assert act_resending(ann, {"type": "moon", "choice": "add"})["type"] == "ok"
                time.sleep(0.05)
            assert len(st["hands"]) == before + 1 or st["game_over"], st["hand"]["phase"]
            done = st["hands"][before]
            assert sum(done["points"]) in (26, 78, -26)
            assert any(e["by"] == "claim" for e in server.store.actions(table))
            claimed = True
            break
        if not refused:
            reply = act_resending(ann, {"type": "claim"})
            assert reply["type"] == "error" and reply["code"] == "not_now"
            assert ann.sync()["seq"] == st["seq"]  # nothing changed
            refused = True
        step(ann, st, high=True)
        time.sleep(0.1)
    assert refused and claimed


def test_undo_takes_back_your_last_card_at_a_table_of_bots(server: InProcessServer) -> None:
    server.hub.review = 0
    table, ann = solo(server)

    def played_then_my_turn(s: State) -> bool:
        h = s["hand"]
        return mine(s) and h["phase"] == "play" and len(h["cards"]) < 13

    st = drive(ann, played_then_my_turn)
    cards, seq = st["hand"]["cards"], st["seq"]
    reply = ann.act({"type": "undo"})
    assert reply["type"] == "ok", reply
    st = ann.sync()
    assert st["seq"] < seq and len(st["hand"]["cards"]) == len(cards) + 1 and mine(st)
    assert [e["seq"] for e in server.store.actions(table)] == list(range(1, st["seq"] + 1))
    assert server.hub.tables[table].table.seq == st["seq"]


def test_undo_is_refused_with_another_person_at_the_table(server: InProcessServer) -> None:
    t = server.table()
    status, _ = server.post(f"/api/tables/{t['table']}/join", {"name": "Bob"})
    assert status == 200
    ann = Conn(server.ws, t["table"], t["token"])
    ann.next("welcome")
    ann.next("state")
    assert ann.act({"type": "start"})["type"] == "ok"
    ann.sync()
    reply = ann.act({"type": "undo"})
    assert reply["type"] == "error" and reply["code"] == "not_now"


def test_cancelled_pairs_and_the_winning_card_of_a_trick() -> None:
    cards = [parse_card(c) for c in ("5C", "KC", "KC", "9C")]
    assert winner_so_far(cards) == (3, 1 << parse_card("KC"))
    assert winner_so_far(cards[:3])[0] == 0  # the kings cancel: the 5 leads
    rules = Rules.cancellation(8)
    hand = Hand.from_seed(rules, seed=5)
    for seat in range(8):
        if hand.phase == "pass":
            hand.pass_cards(seat, hand.hand_cards(seat)[: rules.pass_count])
    seen_pair = False
    for _ in range(200):
        if hand.phase != "play":
            break
        if hand.trick:
            shown = current_trick_json(hand, hand.leader, hand.trick)
            names = shown["cards"]
            assert shown["cancelled"] == [i for i, c in enumerate(names) if names.count(c) == 2]
            if shown["winning"] is not None:
                assert shown["winning"] not in shown["cancelled"]
            seen_pair = seen_pair or bool(shown["cancelled"])
        hand.play(hand.legal_cards()[-1])
    for t in hand.tricks:
        best, _ = winner_so_far(t.cards, two_pairs_void=rules.two_pairs_void_trick)
        assert t.winner == (None if best is None else (t.leader + best) % 8)
        assert trick_json(t)["cancelled"] == [i for i, c in enumerate(t.cards) if t.cards.count(c) == 2]
    assert seen_pair


def test_one_deck_winner_matches_the_engine() -> None:
    hand = Hand.from_seed(Rules.standard(4), seed=3)
    for seat in range(4):
        hand.pass_cards(seat, hand.hand_cards(seat)[:3])
    while hand.phase == "play":
        hand.play(hand.legal_cards()[0])
    for t in hand.tricks:
        best, dup = winner_so_far(t.cards)
        assert dup == 0 and t.winner == (t.leader + best) % 4  # type: ignore[operator]


def test_stats_across_finished_games(server: InProcessServer) -> None:
    server.hub.review = 0
    ann_http = Player(server.base)
    t = ann_http.table(target=1)  # over after one hand, or a few if the lowest scores tie
    ann = Conn(server.ws, t["table"], t["token"])
    ann.next("welcome")
    ann.next("state")
    assert ann.act({"type": "start"})["type"] == "ok"
    st = drive(ann, lambda s: s["game_over"])
    status, stats = ann_http.get("/api/stats")
    assert status == 200, stats
    hands = st["hands"]
    shot = sum(1 for h in hands if h["shooter"] == 0)
    conceded = sum(1 for h in hands if h["shooter"] not in (None, 0))
    assert stats == {
        "games": 1,
        "wins": int(0 in st["winners"]),
        "hands": len(hands),
        "points": st["scores"][0],
        "moons_shot": shot,
        "moons_conceded": conceded,
        "abandoned": 0,
    }
    # stats go by player, not by name: another browser that types "Ann" has none, and nobody reads Ann's by name
    other = Player(server.base)
    assert other.get("/api/stats")[1]["games"] == 0
    status, err = other.get("/api/stats?name=Ann")
    assert status == 403 and err["error"]["code"] == "private"
    assert ann_http.get("/api/games")[1]["games"][0]["mine"] is True
    assert other.get("/api/games")[1]["games"][0]["mine"] is False
