"""Building the seat's view of a hand (a :class:`~hearts.core.view.SeatView`): what one seat may know, and nothing more."""

from __future__ import annotations

from collections.abc import Sequence

from .deal import is_seat
from .hand import DONE, MOON, PASS, PLAY, Hand
from .view import SeatView


def seat_view(hand: Hand, seat: int | None, scores: Sequence[int] | None = None) -> SeatView:
    """What ``seat`` may know of ``hand`` (``None``: a spectator, who sees only public facts).

    Only the seat's own cards, passes and legal cards; every other seat's
    hidden cards and passes, and the kitty before the hand ends, stay out.

    >>> from hearts.core import Rules
    >>> hand = Hand.from_seed(Rules.standard(4), seed=1)
    >>> view = seat_view(hand, 0)
    >>> view.hand == tuple(hand.hand_cards(0)), seat_view(hand, None).hand
    (True, ())
    """
    if seat is not None and not is_seat(seat, hand.n):
        raise ValueError(f"there is no seat {seat!r}")
    own = seat is not None
    done = hand.phase == DONE
    exchanged = hand.phase != PASS
    set_aside = [c for t in hand._waiting_tricks() for c in t.cards]
    return SeatView(
        seat=seat,
        rules=hand.rules,
        hand_number=hand.number,
        dealer=hand.dealer,
        pass_direction=hand.pass_direction,
        phase=hand.phase,
        seats_to_act=tuple(hand.seats_to_act()),
        hand=tuple(hand.hand_cards(seat)) if own else (),  # type: ignore[arg-type]
        hand_sizes=tuple(hand.hand_size(s) for s in range(hand.n)),
        passed=hand.passes[seat] if own else None,  # type: ignore[index]
        received=hand.received[seat] if own and exchanged else None,  # type: ignore[index]
        passes_chosen=tuple(p is not None for p in hand.passes),
        tricks=tuple(hand.tricks),
        trick_leader=hand.leader if hand.phase == PLAY else None,
        trick=tuple(hand.trick),
        hearts_broken=hand.broken,
        voids=tuple(hand.voids),
        points_taken=tuple(hand.public_points()),
        set_aside=tuple(sorted(set_aside)),
        kitty_size=len(hand.kitty),
        kitty=hand.kitty if done else None,
        kitty_taker=hand.kitty_taker(),
        shooter=hand.shooter if hand.phase in (MOON, DONE) else None,
        moon_choice=hand.moon_choice,
        points=tuple(hand.points) if hand.points is not None else None,
        legal=tuple(hand.legal_cards(seat)) if own else (),
        scores=tuple(scores) if scores is not None else None,
    )
