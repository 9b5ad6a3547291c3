"""What one seat observes, as OpenSpiel's strings and tensors (a ``make_py_observer`` observer).

Everything here is read from the engine's :class:`~hearts.core.SeatView`
of the seat (which holds only what the seat may know) plus the seat's own
deal and picks; never from another seat's cards. Seats in the tensors are
*relative*: block ``k`` of a per-seat segment is the seat ``k`` places to
the observer's left (block 0: the observer).

- **Observation** (``perfect_recall=False``, the default): the current
  hand as the seat sees it now (the segments of :func:`segments`).
- **Information state** (``perfect_recall=True``): the same, plus the
  seat's dealt cards, its picks in order, every card played in order, the
  moon choice and the kitty once shown. The string holds every hand of a
  game; the tensor holds the current hand, the earlier ones only through
  the scores.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from hearts.core import Card, Hand, card_name, names

from .params import Settings
from .table import Table

PHASES = ("deal", "pass", "play", "moon", "done")
DIRECTIONS = ("left", "right", "across", "none")
#: bound of the scaled numbers (points, scores, hand sizes)
LIMIT = 4.0


def segments(settings: Settings, perfect_recall: bool) -> list[tuple[str, tuple[int, ...]]]:
    """The tensor's segments, in order, as (name, shape).

    Observation: ``hand`` (52 card counts, the cards dealt so far while
    dealing), ``picked`` (52: the cards picked to pass, then the pass),
    ``received`` (52), ``played_by_seat`` (players x 52), ``trick_by_seat``
    (players x 52), ``trick_leader`` (players), ``to_act`` (players),
    ``picks_made`` (players, / pass_count), ``voids`` (players x 4),
    ``points_taken`` (players, / the moon total), ``scores`` (players, /
    the target), ``hand_sizes`` (players, / cards each), ``phase`` (5: deal,
    pass, play, moon, done), ``pass_direction`` (4), ``hearts_broken`` (1).
    Information state, after those: ``dealt`` (52), ``pick_order``
    (pass_count x 52), ``play_order`` (cards played in a hand x 52),
    ``moon_choice`` (2: add, subtract), ``kitty`` (52, once shown).
    """
    rules = settings.rules
    n = rules.players
    out: list[tuple[str, tuple[int, ...]]] = [
        ("hand", (52,)),
        ("picked", (52,)),
        ("received", (52,)),
        ("played_by_seat", (n, 52)),
        ("trick_by_seat", (n, 52)),
        ("trick_leader", (n,)),
        ("to_act", (n,)),
        ("picks_made", (n,)),
        ("voids", (n, 4)),
        ("points_taken", (n,)),
        ("scores", (n,)),
        ("hand_sizes", (n,)),
        ("phase", (len(PHASES),)),
        ("pass_direction", (len(DIRECTIONS),)),
        ("hearts_broken", (1,)),
    ]
    if perfect_recall:
        plays = n * rules.cards_each
        out += [
            ("dealt", (52,)),
            ("pick_order", (max(1, rules.pass_count), 52)),
            ("play_order", (plays, 52)),
            ("moon_choice", (2,)),
            ("kitty", (52,)),
        ]
    return out


def _clip(x: float) -> float:
    return -LIMIT if x < -LIMIT else LIMIT if x > LIMIT else x


class HeartsObserver:
    """OpenSpiel's Python observer protocol: ``tensor``, ``dict``, ``set_from(state, player)``, ``string_from(state, player)``.

    Only a single seat's private information is supported (OpenSpiel's
    default and information-state observation types).
    """

    def __init__(self, settings: Settings, perfect_recall: bool, params: dict[str, Any] | None = None) -> None:
        if params:
            raise ValueError(f"python_hearts observers take no parameters, not {sorted(params)}")
        self.settings = settings
        self.perfect_recall = perfect_recall
        shapes = segments(settings, perfect_recall)
        self.tensor = np.zeros(sum(int(np.prod(s)) for _, s in shapes), np.float32)
        self.dict: dict[str, np.ndarray] = {}
        start = 0
        for name, shape in shapes:
            size = int(np.prod(shape))
            self.dict[name] = self.tensor[start : start + size].reshape(shape)
            start += size

    # -- tensor --------------------------------------------------------------
    def set_from(self, state: Any, player: int) -> None:
        """Fill :attr:`tensor` with ``state`` as ``player`` sees it."""
        self.tensor.fill(0.0)
        table: Table = state.table
        rules = self.settings.rules
        n = rules.players
        d = self.dict
        k = rules.pass_count or 1
        hand = table.hand
        seat_scores = table.scores()
        for s in range(n):
            d["scores"][(s - player) % n] = _clip(seat_scores[s] / (rules.target or 100))
        if table.number == 0 or hand is None:  # dealing
            d["phase"][0] = 1.0
            for c in table.dealt[player]:
                d["hand"][c] += 1.0
                if self.perfect_recall:
                    d["dealt"][c] += 1.0
            for s in range(n):
                d["hand_sizes"][(s - player) % n] = _clip(len(table.dealt[s]) / rules.cards_each)
            if table.number:
                d["pass_direction"][DIRECTIONS.index(rules.pass_direction(table.number))] = 1.0
            return
        view = hand.view(player)

        def rel(s: int) -> int:
            return (s - player) % n

        for c in view.hand:
            d["hand"][c] += 1.0
        picks = table.picks_of(len(table.hands()) - 1)
        for c in view.passed if view.passed is not None else picks[player]:
            d["picked"][c] += 1.0
        for c in view.received or ():
            d["received"][c] += 1.0
        for s, cards in enumerate(view.played_by_seat()):
            for c in cards:
                d["played_by_seat"][rel(s), c] += 1.0
        if view.trick_leader is not None:
            for i, c in enumerate(view.trick):
                d["trick_by_seat"][rel((view.trick_leader + i) % n), c] += 1.0
            d["trick_leader"][rel(view.trick_leader)] = 1.0
        if not table.over and view.seats_to_act:
            d["to_act"][rel(state.current_player())] = 1.0
        for s in range(n):
            r = rel(s)
            d["picks_made"][r] = len(picks[s]) / k
            for suit in range(4):
                if view.voids[s] >> suit & 1:
                    d["voids"][r, suit] = 1.0
            d["points_taken"][r] = _clip(view.points_taken[s] / rules.moon_points)
            d["hand_sizes"][r] = _clip(view.hand_sizes[s] / rules.cards_each)
        d["phase"][PHASES.index(view.phase)] = 1.0
        d["pass_direction"][DIRECTIONS.index(view.pass_direction)] = 1.0
        d["hearts_broken"][0] = float(view.hearts_broken)
        if self.perfect_recall:
            for c in hand.deal[player]:
                d["dealt"][c] += 1.0
            for i, c in enumerate(picks[player]):
                d["pick_order"][i, c] = 1.0
            for i, c in enumerate(view.played_cards()):
                d["play_order"][i, c] = 1.0
            if view.moon_choice is not None:
                d["moon_choice"][("add", "subtract").index(view.moon_choice)] = 1.0
            for c in view.kitty or ():
                d["kitty"][c] += 1.0

    # -- string --------------------------------------------------------------
    def string_from(self, state: Any, player: int) -> str:
        """``state`` as ``player`` sees it, as text (the information state's holds the whole episode)."""
        table: Table = state.table
        lines = [f"seat {player}"]
        if self.perfect_recall:
            for i, hand in enumerate(table.hands()):
                lines.append(_hand_text(hand, player, table.picks_of(i)))
        elif table.hand is not None:
            lines.append(_now_text(table, player))
        if table.hand is None and not table.over:
            number = f"hand {table.number}" if table.number else "hand ?"
            lines.append(f"{number} dealing: own {' '.join(names(table.dealt[player]))}; {sum(map(len, table.dealt))} dealt")
        if table.game is not None:
            lines.append("scores " + " ".join(map(str, table.scores())))
        return "\n".join(lines)


def _cards(cards: Any) -> str:
    return " ".join(card_name(c) for c in cards) or "-"


def _hand_text(hand: Hand, player: int, picks: list[list[Card]]) -> str:
    """One hand as ``player`` knows it, with every event it saw, in order."""
    view = hand.view(player)
    parts = [f"hand {view.hand_number} dealer {view.dealer} {view.pass_direction}: dealt {' '.join(names(hand.deal[player]))}"]
    if view.pass_direction != "none":
        parts.append(f"picked {_cards(picks[player])} ({sum(map(len, picks))} picks made)")
        if view.received is not None:
            parts.append(f"received {_cards(view.received)}")
    tricks = [_cards(t.cards) for t in view.tricks]
    if view.trick:
        tricks.append(_cards(view.trick))
    if tricks:
        parts.append("plays " + " | ".join(tricks))
    if view.moon_choice is not None:
        parts.append(f"moon {view.shooter} {view.moon_choice}")
    if view.kitty:
        parts.append(f"kitty {_cards(view.kitty)}")
    if view.points is not None:
        parts.append("points " + " ".join(map(str, view.points)))
    return "; ".join(parts)


def _now_text(table: Table, player: int) -> str:
    """The current hand as ``player`` sees it now (no history beyond what the view holds)."""
    hand = table.hand
    assert hand is not None
    view = hand.view(player)
    picks = sorted(table.picks[player]) if view.phase == "pass" else view.passed or ()
    parts = [
        f"hand {view.hand_number} {view.pass_direction} {view.phase}, to act {' '.join(map(str, view.seats_to_act)) or '-'}",
        f"hand {_cards(view.hand)}",
        f"picked {_cards(picks)} ({sum(map(len, table.picks))} picks made)",
        f"received {_cards(view.received or ())}",
        "played " + " / ".join(_cards(p) for p in view.played_by_seat()),
        f"trick {view.trick_leader if view.trick_leader is not None else '-'}: {_cards(view.trick)}",
        "voids " + " ".join(str(v) for v in view.voids),
        "points " + " ".join(map(str, view.points if view.points is not None else view.points_taken)),
    ]
    if view.kitty:
        parts.append(f"kitty {_cards(view.kitty)}")
    return "; ".join(parts)


__all__ = ["HeartsObserver", "segments"]
