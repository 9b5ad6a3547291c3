"""Translating between this engine and OpenSpiel's ``hearts`` (4 players).

OpenSpiel's encodings (``open_spiel/games/hearts/hearts.h``):

- a card is ``rank * 4 + suit`` (suits C D H S = 0..3, rank 0 = the two);
  ours is ``suit * 13 + rank``;
- the first chance node picks the pass direction: 0 no pass, 1 left,
  2 across, 3 right; seat ``p`` passes to ``(p + dir) % 4``, so "left" is
  the next seat, as in ours; our hand numbers 1, 2, 3, 4 are left, right,
  across, none;
- deal chance node ``i`` (0..51) gives the chosen card to seat ``i % 4``;
  OpenSpiel has no dealer: the 2C holder leads, as in ours;
- passing is sequential, one card per action, seats 0, 1, 2, 3;
- returns are ``26 - points``; the moon adds 26 to the others and zeroes
  the shooter, i.e. our ``moon="add"``.

OpenSpiel is an optional extra: :func:`load_hearts` imports it lazily; the
rest is plain Python. :func:`openspiel_history` writes a state of ours (a
seat's view plus a sampled world) as OpenSpiel's action history.

>>> from hearts.core import parse_card
>>> to_openspiel(parse_card("QS")), from_openspiel(43) == parse_card("QS")
(43, True)
>>> [OPENSPIEL_PASS_DIR[d] for d in ("left", "right", "across", "none")]
[1, 3, 2, 0]
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from hearts.core import Card, Rules, SeatView
from hearts.core.rules import PASS_OFFSETS

#: OpenSpiel's first chance outcome for each of our pass directions.
OPENSPIEL_PASS_DIR: dict[str, int] = {"none": 0, "left": 1, "across": 2, "right": 3}
#: our pass direction for each OpenSpiel pass-direction outcome.
PASS_DIR_FROM_OPENSPIEL: dict[int, str] = {v: k for k, v in OPENSPIEL_PASS_DIR.items()}
#: our 4-player hand number (1..4) with each OpenSpiel pass direction.
HAND_NUMBER_FOR_OPENSPIEL_DIR: dict[int, int] = {1: 1, 3: 2, 2: 3, 0: 4}

_TO_OS: tuple[int, ...] = tuple((c % 13) * 4 + c // 13 for c in range(52))
_FROM_OS: tuple[int, ...] = tuple((a % 4) * 13 + a // 4 for a in range(52))


def to_openspiel(card: Card) -> int:
    """OpenSpiel's action id of our card."""
    return _TO_OS[card]


def from_openspiel(action: int) -> Card:
    """Our card of an OpenSpiel card action id."""
    return _FROM_OS[action]


def points_from_returns(returns: list[float]) -> list[int]:
    """Hand points from OpenSpiel's default returns (``26 - points``)."""
    return [26 - int(round(r)) for r in returns]


def load_hearts(**params: Any) -> Any:
    """OpenSpiel's ``hearts`` game, or ``None`` when ``pyspiel`` is not installed."""
    try:
        import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except ImportError:
        return None
    return pyspiel.load_game("hearts", params) if params else pyspiel.load_game("hearts")


def random_playout(state: Any, rng: random.Random) -> tuple[int, int]:
    """Play a pyspiel ``state`` to its end at random (chance outcomes and actions alike, uniformly); (decisions, steps).

    The loop the benchmarks drive OpenSpiel's games with: decisions are the
    players' actions, steps every action applied, chance outcomes included.
    """
    decisions = steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
            decisions += 1
        steps += 1
    return decisions, steps


def why_not_openspiel(rules: Rules) -> str | None:
    """Why OpenSpiel's ``hearts`` cannot play ``rules``, or None when it can.

    It plays one hand of 4-player standard Hearts, passing 3 cards (or none),
    the moon adding 26 to the others (our ``moon="add"``, or ``"choose"``
    when the shooter adds), no jack of diamonds; points on the first trick
    and the queen breaking hearts are game options. The target and the tie
    rule concern the game, not the hand.

    >>> why_not_openspiel(Rules.standard(4)) is None
    True
    >>> why_not_openspiel(Rules.standard(5))
    'OpenSpiel plays 4-player standard Hearts, not 5-player standard'
    """
    if rules.variant != "standard" or rules.players != 4:
        return f"OpenSpiel plays 4-player standard Hearts, not {rules.players}-player {rules.variant}"
    if rules.pass_count not in (0, 3):
        return f"OpenSpiel passes 3 cards (or none), not {rules.pass_count}"
    if rules.moon == "subtract":
        return "OpenSpiel's moon adds 26 to the others; it cannot play moon='subtract'"
    if rules.jack_of_diamonds:
        return "OpenSpiel's hearts is played here without the jack of diamonds"
    return None


def openspiel_params(rules: Rules) -> dict[str, bool]:
    """The ``hearts`` game parameters for ``rules`` (see :func:`why_not_openspiel`)."""
    return {"no_pts_on_first_trick": not rules.points_on_first_trick, "qs_breaks_hearts": rules.queen_breaks_hearts}


def played_by_seat(view: SeatView) -> list[list[Card]]:
    """The cards each seat has played so far in the hand, in order (:meth:`SeatView.played_by_seat`)."""
    return view.played_by_seat()


def openspiel_history(view: SeatView, hands: Sequence[Sequence[Card]], passes: Sequence[Sequence[Card]] = (), first: int = 0) -> list[int]:
    """OpenSpiel's actions that lead to ``view``'s state in the world ``hands``.

    In the play phase ``hands`` are the current hands and ``passes`` every
    seat's pass (:func:`choose_passes`); each seat was dealt its hand plus
    its plays, minus what it received, plus what it passed. In the pass
    phase ``hands`` are the dealt hands and ``passes`` is unused. OpenSpiel
    seat ``j`` is our seat ``(first + j) % 4``: pass direction, 52 deal
    outcomes (outcome ``i`` to OpenSpiel seat ``i % 4``), the passes in
    OpenSpiel's seat order, then every card played.

    >>> from hearts.core import Hand, Rules
    >>> hand = Hand.from_seed(Rules.standard(4), seed=1, number=4)  # no passing
    >>> actions = openspiel_history(hand.view(0), [hand.hand_cards(s) for s in range(4)])
    >>> len(actions), actions[0], from_openspiel(actions[1]) == hand.hand_cards(0)[0]
    (53, 0, True)
    """
    n = view.players
    actions = [OPENSPIEL_PASS_DIR[view.pass_direction]]
    if view.phase == "pass" or view.pass_direction == "none":
        passes = [() for _ in range(n)]
    if view.phase == "pass":
        dealt = [sorted(h) for h in hands]
    else:
        played = played_by_seat(view)
        offset = PASS_OFFSETS[view.pass_direction]
        dealt = []
        for s in range(n):
            received = set(passes[(s - offset) % n])
            dealt.append(sorted([c for c in list(hands[s]) + played[s] if c not in received] + list(passes[s])))
    order = [(first + j) % n for j in range(n)]
    for i in range(len(dealt[0]) * n):
        actions.append(to_openspiel(dealt[order[i % n]][i // n]))
    if view.phase != "pass":
        for s in order:
            actions.extend(to_openspiel(c) for c in passes[s])
        actions.extend(to_openspiel(c) for c in view.played_cards())
    return actions
