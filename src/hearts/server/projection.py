"""The state message: one table as one seat (or a spectator) may see it.

Cards reach a client only through :func:`state_message`, and it reads only
:meth:`hearts.core.Game.view` for the receiving seat, the finished hands
(their points, and seeds revealed once each hand is over) and the public
table facts. Two flags say what the seat may ask for: ``can_undo`` (from the
log) and ``can_claim`` (:mod:`hearts.core.claim`, which also looks at the
other hands, but only to say whether the seat's cards are sure to win). A pass is never shown to anyone but its seat. A seat taken
during a hand (``joining``: a bot finishes that hand for it) gets the public
view of the hand, as a spectator does, until the next hand.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any

from hearts.core import Rules, Trick, card_name
from hearts.core import claim as claim_rules
from hearts.core.hand import Hand, winner_so_far
from hearts.core.rules import MOON_SCORE
from hearts.session.guide import guide_note

from .protocol import reply
from .table import BOT, FINISHED, OPEN, REMOTE, Table

SUITS = "CDHS"


def names(cards: Any) -> list[str]:
    return [card_name(c) for c in cards]


def trick_json(t: Trick) -> dict[str, Any]:
    return {"leader": t.leader, "cards": names(t.cards), "winner": t.winner, "points": t.points, "cancelled": cancelled(t.cards)}


def cancelled(cards: Any) -> list[int]:
    """The positions of the cards that cancel (Cancellation Hearts: a card played twice in one trick)."""
    _, dup = winner_so_far(list(cards))
    return [i for i, c in enumerate(cards) if dup >> c & 1]


def current_trick_json(hand: Hand, leader: int, cards: Any) -> dict[str, Any]:
    """The trick in progress: its cards, the position of the card winning it now (None: none) and the cancelled ones."""
    best, _ = winner_so_far(list(cards), two_pairs_void=hand.rules.two_pairs_void_trick)
    return {"leader": leader, "cards": names(cards), "winning": best, "cancelled": cancelled(cards)}


def seats_json(table: Table, connected: set[int], away: set[int]) -> list[dict[str, Any]]:
    """Each seat's public facts; a remote bot's seat is a ``bot`` with ``"remote": true``."""
    return [
        {
            "seat": s.seat,
            "name": s.name,
            "kind": BOT if s.kind == REMOTE else s.kind,
            "remote": s.kind == REMOTE,
            "connected": s.seat in connected,
            "away": s.seat in away,
            # may a newcomer take it (an open seat, or a bot's that no person has held: the rule of Table.seat_for)
            "joinable": table.status != FINISHED and ((s.kind == OPEN and s.player is None) or (s.kind == BOT and not s.ever_human)),
            # an open seat kept for the player who held it in the last game (playing again), until the start
            "kept": s.kind == OPEN and s.player is not None,
        }
        for s in table.seats
    ]


def table_json(table: Table, connected: set[int] = frozenset(), away: set[int] = frozenset()) -> dict[str, Any]:  # type: ignore[assignment]
    """The public facts of a table (no token, no secret, no card)."""
    rules = table.rules.to_dict()
    return {
        "id": table.id,
        "status": table.status,
        "variant": table.rules.variant,
        "players": table.rules.players,
        "target": table.rules.target,
        "rules": rules,
        "level": table.level,
        "turn_seconds": table.turn_seconds,
        "seats": seats_json(table, connected, away),
        "created": table.created,
        "deals": table.deals_json(),
        "facts": rules_facts(table.rules),
        # the table of the next game, once a player at this finished one asked to play again (None before)
        "again": table.again,
        "guide": table.guide,
    }


def pass_source(seat: int | None, target: int | None, n: int) -> int | None:
    """The seat that passes to ``seat``: as far on the other side as ``target`` is on this one."""
    return None if seat is None or target is None else (2 * seat - target) % n


def rules_facts(rules: Rules) -> dict[str, Any]:
    """What follows from the rules and the number of players (for the rules page): the cards removed, the kitty, the passes."""
    return {
        "removed_cards": rules.removed_cards,
        "kitty_size": rules.kitty_size,
        "lowest_club": card_name(rules.lowest_club),
        "pass_cycle": list(rules.pass_cycle),
        "moon_score": MOON_SCORE,
    }


def refusals(hand: Hand, seat: int | None, held: Iterable[int], legal: Iterable[int]) -> dict[str, dict[str, Any]]:
    """For the seat to move in play: each card it holds but may not play, with the rule that refuses it (the core's)."""
    if seat is None or hand.phase != "play" or hand.to_move != seat:
        return {}
    out = {}
    for card in sorted(set(held) - set(legal)):
        refusal = hand.play_refusal(card, seat)
        if refusal is not None:
            out[card_name(card)] = refusal.to_dict()
    return out


def hand_json(table: Table, hand: Hand, seat: int | None, scores: list[int]) -> dict[str, Any]:
    """The current hand as ``seat`` sees it (from ``Hand.view`` only)."""
    view = hand.view(seat, scores=scores)
    done = view.phase == "done"
    seed = table.hand_seed(view.hand_number)
    return {
        "number": view.hand_number,
        "dealer": view.dealer,
        "pass_direction": view.pass_direction,
        "phase": str(view.phase),
        "cards": names(sorted(view.hand)),
        "legal": names(sorted(set(view.legal))) if seat is not None else [],
        # why each other card of the seat's hand may not be played now (its turn in play only): the rule's code
        "why": refusals(hand, seat, view.hand, view.legal),
        "hand_sizes": list(view.hand_sizes),
        "passed": names(view.passed) if view.passed is not None else None,
        "received": names(view.received) if view.received is not None else None,
        "passes_chosen": list(view.passes_chosen),
        # who this seat passes to and receives from in this hand (null: a spectator, or no passing)
        "pass_to": view.pass_target,
        "pass_from": pass_source(view.seat, view.pass_target, table.rules.players),
        "trick": current_trick_json(hand, view.trick_leader, view.trick) if view.trick_leader is not None else None,
        "tricks": [trick_json(t) for t in view.tricks],
        "hearts_broken": view.hearts_broken,
        "voids": [[SUITS[s] for s in range(4) if v >> s & 1] for v in view.voids],
        "points_taken": list(view.points_taken),
        "kitty_size": view.kitty_size,
        "kitty": names(view.kitty) if view.kitty is not None else None,
        "kitty_taker": view.kitty_taker,
        "set_aside": names(view.set_aside),
        "shooter": view.shooter,
        "moon_choice": view.moon_choice,
        "points": list(view.points) if view.points is not None else None,
        "seed_hash": table.seed_hash(seed),
        "seed": seed if done else None,
        # what this seat may ask for now (False for a spectator)
        "can_claim": seat is not None and claim_rules.can_claim(hand, seat),
        "can_undo": seat is not None and table.undo_point(seat) is not None,
        # a guided table: the coach's note for this seat now (hearts.session.guide), else null
        "guide": guide_note(view) if table.guide else None,
    }


def done_hands_json(table: Table) -> list[dict[str, Any]]:
    """Every finished hand's public summary, oldest first (seeds revealed)."""
    game = table.game
    if game is None:
        return []
    out = []
    running = [0] * table.rules.players
    for hand in game.hands:
        if hand.points is None:
            break
        running = [a + b for a, b in zip(running, hand.points, strict=True)]
        seed = table.hand_seed(hand.number)
        out.append(
            {
                "number": hand.number,
                "points": list(hand.points),
                "scores": running,
                "shooter": hand.shooter,
                "moon_choice": hand.moon_choice,
                "seed": seed,
                "seed_hash": table.seed_hash(seed),
                "last_trick": trick_json(hand.tricks[-1]) if hand.tricks else None,
            }
        )
    return out


def public_action(entry: dict[str, Any] | None, seat: int | None) -> dict[str, Any] | None:
    """The last action as ``seat`` may see it: a pass's cards only for its own seat."""
    if entry is None:
        return None
    out = {k: entry[k] for k in ("seq", "seat", "kind", "by")}
    if entry["kind"] == "play":
        out["card"] = entry["card"]
    elif entry["kind"] == "moon":
        out["choice"] = entry["choice"]
    elif entry["kind"] == "pass" and seat == entry["seat"]:
        out["cards"] = list(entry["cards"])
    return out


def state_messages(
    table: Table,
    seats: Iterable[int | None],
    *,
    connected: set[int] = frozenset(),  # type: ignore[assignment]
    away: set[int] = frozenset(),  # type: ignore[assignment]
    deadline: float | None = None,
    joining: set[int] = frozenset(),  # type: ignore[assignment]
    review: dict[str, Any] | None = None,
) -> dict[int | None, dict[str, Any]]:
    """The ``state`` message for each of ``seats`` (None: a spectator); the public parts are built once.

    A seat in ``joining`` sees the hand as a spectator does (``you`` then says ``"joining": true``).
    ``review``: the score-sheet pause after a hand (``until`` in ms, the seats ``ready``), or None.
    """
    game = table.game
    scores = list(game.scores) if game is not None else [0] * table.rules.players
    hand = game.hand if game is not None else None
    to_act = table.seats_to_act()
    public = {
        "seq": table.seq,
        "table": table_json(table, connected, away),
        "scores": scores,
        "game_over": bool(game is not None and game.game_over),
        "winners": list(game.winners) if game is not None else [],
        "turn": {
            "seats": to_act,
            "deadline": int(deadline * 1000) if deadline is not None and to_act else None,
            "now": int(time.time() * 1000),
            "review": review,
        },
        "hands": done_hands_json(table),
    }
    last = table.log[-1] if table.log else None
    out = {}
    for seat in seats:
        you: dict[str, Any] | None = None
        view = seat
        if seat is not None:
            you = {"seat": seat, "name": table.seats[seat].name}
            if seat in joining:
                you["joining"] = True
                view = None
        out[seat] = reply(
            "state",
            **public,
            you=you,
            last_action=public_action(last, view),
            hand=hand_json(table, hand, view, scores) if hand is not None else None,
        )
    return out


def state_message(
    table: Table,
    seat: int | None,
    *,
    connected: set[int] = frozenset(),  # type: ignore[assignment]
    away: set[int] = frozenset(),  # type: ignore[assignment]
    deadline: float | None = None,
    joining: set[int] = frozenset(),  # type: ignore[assignment]
    review: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The ``state`` message for ``seat`` (None: a spectator)."""
    return state_messages(table, [seat], connected=connected, away=away, deadline=deadline, joining=joining, review=review)[seat]
