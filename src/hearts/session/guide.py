"""The guided first hand: which coach note a seat sees now, from that seat's view alone (standard library only).

A guided game is a normal game against bots, dealt from :data:`GUIDE_SEED`
(``hearts play --guide`` and a guided table of ``hearts serve`` or the
page deal the same first hand), in which the one person is shown short
notes at the key moments of the first hand: the pass, the two of clubs'
lead, following suit, a void, hearts not yet broken, hearts broken, the
queen of spades, a trick won, and then the score (with the moon). The apps
hold the words (each in its own catalog); this module only says which note
applies, so the terminal app, the plain mode, the server and the page all
show the same notes at the same moments.

The moments are the seat's own decisions: the pass, then each card it
plays. :func:`guide_note` replays the seat's decisions of the first hand so
far from its view (its hand now and the cards it played give its hand at
every earlier decision) and gives each decision the first note of
:data:`NOTES` whose moment it is and which no earlier decision showed, so
a note shows once. Between two decisions the last decision's note stays.
The view holds nothing of another seat's cards, so no note can tell one.

>>> from hearts.core import Game, Rules
>>> from hearts.core.fair_deal import seed_deal, seed_from_text, hand_seed
>>> game = Game(Rules.standard(4), first_dealer=0, auto_deal=False)
>>> _ = game.start_hand(*seed_deal(game.rules, hand_seed(seed_from_text(str(GUIDE_SEED)), 1, [""] * 4)))
>>> guide_note(game.view(0))
'pass'
>>> guide_note(game.view(None)) is None  # a spectator has no coach
True
"""

from __future__ import annotations

from collections.abc import Sequence

from hearts.core.cards import HEARTS, SUIT_OF, parse_card
from hearts.core.enums import Phase
from hearts.core.fair_deal import seed_from_text
from hearts.core.view import SeatView

#: the ``--seed`` of a guided game (its hearts-deal/1 server seed is SHA-256 of it in decimal, every client seed empty)
GUIDE_SEED = 15
#: the bots' level at a guided table
GUIDE_LEVEL = "easy"
#: the notes, in the order a decision shows them when more than one is new at it
NOTES = (
    "pass",  # the pass: three cards to the left; give away the dangerous ones
    "lead_two",  # you hold the two of clubs: it leads the first trick
    "first_trick",  # the two of clubs led; follow suit, no points on the first trick
    "follow",  # follow suit when you can; the highest card of the suit led wins
    "void",  # no card of the suit led: play any card, a chance to drop points
    "no_hearts",  # hearts are not broken yet: you may not lead one
    "hearts_broken",  # a heart (or the queen, where she breaks hearts) has been played: hearts may be led
    "queen",  # the queen of spades has been played: 13 points to whoever took it
    "lead",  # you won the last trick, so you lead this one
    "score",  # the first hand is over: the points, the moon, the target
)

QUEEN_OF_SPADES = parse_card("QS")


def guide_server_seed() -> str:
    """The hearts-deal/1 server seed of a guided game (with every client seed empty: the same deal everywhere).

    >>> guide_server_seed()[:12]
    'e629fa6598d7'
    """
    return seed_from_text(str(GUIDE_SEED))


def guide_note(view: SeatView) -> str | None:
    """The id (one of :data:`NOTES`) of the note ``view``'s seat sees now in a guided game, or None.

    Notes come in the first hand and at the start of the second (``score``), for a seat, never a spectator.
    """
    seat = view.seat
    if seat is None or view.hand_number > 2:
        return None
    if view.hand_number == 2:
        played = view.played_by_seat()[seat]
        return "score" if not played and view.phase in (Phase.PASS, Phase.PLAY) else None
    if view.phase == Phase.DONE:
        return "score"
    shown: set[str] = set()
    note: str | None = None
    if view.pass_direction != "none":
        note = "pass"
        shown.add(note)
        if view.phase == Phase.PASS:
            return note
    for moment in _moments(view, seat):
        fresh = next((n for n in moment if n not in shown), None)
        note = fresh
        if fresh is not None:
            shown.add(fresh)
    return note


def _moments(view: SeatView, seat: int) -> list[list[str]]:
    """The notes whose moment each of the seat's plays of the hand is (its play now last, if it is to play)."""
    n = view.players
    tricks: list[tuple[int, Sequence[int]]] = [(t.leader, t.cards) for t in view.tricks]
    if view.trick_leader is not None:
        tricks.append((view.trick_leader, view.trick))
    to_play = view.phase == Phase.PLAY and seat in view.seats_to_act
    plays: list[tuple[int, int, Sequence[int], list[int]]] = []  # trick index, position, cards before, cards of tricks before
    before: list[int] = []
    for i, (leader, cards) in enumerate(tricks):
        pos = (seat - leader) % n
        if pos < len(cards) or (pos == len(cards) and to_play and i == len(tricks) - 1):
            plays.append((i, pos, cards[:pos], list(before)))
        before += cards
    if to_play and view.trick_leader is None:  # the seat leads a trick not started yet
        plays.append((len(tricks), 0, (), list(before)))
    mine = view.played_by_seat()[seat]
    breakers = {QUEEN_OF_SPADES} if view.rules.queen_breaks_hearts else set()
    out = []
    for k, (i, pos, prefix, earlier) in enumerate(plays):
        held = set(view.hand) | set(mine[k:])
        seen = earlier + list(prefix)
        notes = []
        if i == 0:
            notes.append("lead_two" if pos == 0 else "first_trick")
        if pos > 0:
            led = SUIT_OF[prefix[0]]
            notes.append("follow" if any(SUIT_OF[c] == led for c in held) else "void")
        broken = any(SUIT_OF[c] == HEARTS or c in breakers for c in seen)
        if pos == 0 and i > 0 and not broken:
            if any(SUIT_OF[c] == HEARTS for c in held) and any(SUIT_OF[c] != HEARTS for c in held):
                notes.append("no_hearts")
        if broken:
            notes.append("hearts_broken")
        if QUEEN_OF_SPADES in seen:
            notes.append("queen")
        if pos == 0 and i > 0:
            notes.append("lead")
        out.append(sorted(notes, key=NOTES.index))
    return out
