"""Text shared by the plain mode and the app: the rules summary, the score sheet, card lists, trick marks."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

from hearts.core import Card, Rules, Trick, card_name
from hearts.core.cards import SUIT_OF
from hearts.core.hand import point_cards_taken, winner_so_far
from hearts.core.rules import MOON_SCORE
from hearts.i18n import N_, _, ngettext

SUITS = "CDHS"
SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_NAME = re.compile(r"\b(10|[2-9TJQKA])([CDHS])\b")


def rank_text(c: Card) -> str:
    """A card's rank as people write it: ``"Q"``, ``"10"`` (a ten, which card names write ``T``)."""
    rank = card_name(c)[0]
    return "10" if rank == "T" else rank


def pretty(c: Card) -> str:
    """``"Q♠"``, ``"10♥"``: a card for people."""
    return rank_text(c) + SYMBOLS[card_name(c)[1]]


def plain_card(c: Card) -> str:
    """``"QS"``, ``"10H"``: a card for the plain mode, in letters a screen reader speaks (a ten is "10", as people say it).

    >>> plain_card(8), plain_card(49)
    ('10C', 'QS')
    """
    return rank_text(c) + card_name(c)[1]


def pretty_text(text: str) -> str:
    """A message with its card names (``QS``, ``TH``) written as the hand draws them (``Q♠``, ``10♥``)."""
    return _NAME.sub(lambda m: ("10" if m.group(1) in ("T", "10") else m.group(1)) + SYMBOLS[m.group(2)], text)


def plural(count: int, word: str) -> str:
    """``"1 card"``, ``"2 cards"``, ``"1 point"``: English only (see :func:`n_cards` and :func:`n_points`)."""
    return f"{count} {word}" + ("" if count == 1 else "s")


def n_cards(count: int) -> str:
    """``"1 card"``, ``"3 cards"`` in the language in use."""
    return ngettext("{n} card", "{n} cards", count).format(n=count)


def n_points(count: int) -> str:
    """``"1 point"``, ``"13 points"`` in the language in use."""
    return ngettext("{n} point", "{n} points", count).format(n=count)


#: the passing directions as the status line and the table name them
DIRECTIONS = {"left": N_("pass left"), "right": N_("pass right"), "across": N_("pass across"), "none": N_("no passing")}
#: the suits' names, in suit order (C D H S)
SUIT_NAMES = (N_("clubs"), N_("diamonds"), N_("hearts"), N_("spades"))


def direction_text(direction: str) -> str:
    """``"pass left"`` (or ``"no passing"``) in the language in use."""
    return _(DIRECTIONS[direction]) if direction in DIRECTIONS else direction


def by_suit(cards: Iterable[Card]) -> list[list[Card]]:
    """Cards split by suit (C D H S), each sorted by rank."""
    out: list[list[Card]] = [[], [], [], []]
    for c in sorted(cards):
        out[c // 13].append(c)
    return out


def pass_cycle_text(rules: Rules) -> str:
    """The passing cycle in one sentence, e.g. "... to the left in hand 1, to the right in hand 2; then the cycle repeats."."""
    cycle = rules.pass_cycle
    if cycle == ("none",):
        return _("There is no passing in this game.")
    words = {
        "left": N_("to the left in hand {number}"),
        "right": N_("to the right in hand {number}"),
        "across": N_("across in hand {number}"),
        "none": N_("no passing in hand {number}"),
    }
    steps = ", ".join(_(words[d]).format(number=i + 1) for i, d in enumerate(cycle))
    return _("Each player passes {cards} before a hand: {steps}; then the cycle repeats.").format(
        cards=n_cards(rules.pass_count), steps=steps
    )


def trick_marks(rules: Rules, cards: Sequence[Card]) -> tuple[set[int], int | None]:
    """For a trick so far: the places of cancelled cards (both copies of a card, two decks only) and of the card now winning.

    The winner is the highest card of the suit led that has not cancelled; None when every such card has
    cancelled (or, under ``two_pairs_void_trick``, two pairs have), so the trick would be set aside.
    """
    best, dup = winner_so_far(cards, two_pairs_void=bool(rules.two_pairs_void_trick))
    return {i for i, c in enumerate(cards) if dup >> c & 1}, best


def trick_history(rules: Rules, names: Sequence[str], tricks: Sequence[object], human: int, card: Callable[[Card], str] = pretty) -> str:
    """The hand's tricks so far, one line each: the cards in the order played (the leader's first, ✗ on cancelled ones) and who took it."""
    if not tricks:
        return _("No trick has been played yet in this hand.")
    lines = []
    for number, t in enumerate(tricks, 1):
        leader, cards, winner, points = t.leader, t.cards, t.winner, t.points  # type: ignore[attr-defined]
        cancelled, _best = trick_marks(rules, cards)
        plays = ", ".join(f"{names[(leader + i) % rules.players]} {card(c)}{' ✗' if i in cancelled else ''}" for i, c in enumerate(cards))
        if winner is None:
            who = _("set aside, for the winner of the next trick")
        elif winner == human:
            who = _("you take it")
        else:
            who = _("{name} takes it").format(name=names[winner])
        lines.append(_("Trick {number} done: {who}, {points}.").format(number=number, who=who, points=n_points(points)) + "\n    " + plays)
    return "\n".join(lines)


def hand_tally(
    rules: Rules, names: Sequence[str], tricks: Sequence[Trick], plays: Iterable[Card], card: Callable[[Card], str] = pretty
) -> str:
    """Every card played this hand, by suit, and the point cards each player has taken so far.

    The cards of a set-aside trick count for the winner of the next trick that is won; the kitty stays hidden.

    >>> from hearts.core import Hand
    >>> hand = Hand.from_seed(Rules.standard(4), seed=1, number=4)
    >>> print(hand_tally(hand.rules, ["You", "Ada", "Bo", "Cy"], [], []))
    Cards played:
      clubs: none
      diamonds: none
      hearts: none
      spades: none
    Point cards taken:
      You: none
      Ada: none
      Bo: none
      Cy: none
    """
    played = sorted(plays)
    lines = [_("Cards played") + ":"]
    lines += [f"  {_(SUIT_NAMES[suit])}: " + (" ".join(card(c) for c in played if SUIT_OF[c] == suit) or _("none")) for suit in range(4)]
    taken = point_cards_taken(rules, tricks)
    lines.append(_("Point cards taken") + ":")
    lines += [f"  {name}: " + (" ".join(card(c) for c in sorted(cards)) or _("none")) for name, cards in zip(names, taken, strict=True)]
    return "\n".join(lines)


def rules_text(rules: Rules) -> str:
    """The rules of the variant being played, in a few short paragraphs."""
    n = rules.players
    title = (
        _("Cancellation Hearts ({variant}) for {n} players, to {target} points.")
        if rules.is_cancellation
        else _("Hearts ({variant}) for {n} players, to {target} points.")
    )
    lines = [title.format(variant=rules.variant, n=n, target=rules.target), ""]
    if rules.is_cancellation:
        lines.append(_("Two decks are shuffled together. When both copies of a card fall in one trick they cancel: neither can win it."))
        lines.append(_("A trick whose winning cards all cancel is set aside and goes to the winner of the next trick."))
    if rules.kitty_size:
        lines.append(
            ngettext(
                "{n} card forms a kitty that goes to the winner of the first trick.",
                "{n} cards form a kitty that goes to the winner of the first trick.",
                rules.kitty_size,
            ).format(n=rules.kitty_size)
        )
    if rules.removed_cards:
        lines.append(_("Removed from the deck: {cards}.").format(cards=", ".join(pretty_text(c) for c in rules.removed_cards)))
    lines += [
        pass_cycle_text(rules),
        _("The holder of the lowest club ({card}) leads it to the first trick.").format(card=pretty(rules.lowest_club))
        if not rules.is_cancellation
        else _("Any card but a heart or Q♠ may lead the first trick."),
        _("You must follow suit if you can; otherwise play any card. The highest card of the suit led wins the trick and leads next."),
        _("Hearts may not be led until a heart or Q♠ has been played (hearts are broken), unless you hold nothing else.")
        if rules.queen_breaks_hearts
        else _("Hearts may not be led until a heart has been played (hearts are broken), unless you hold nothing else."),
        _("Each heart taken costs 1 point and Q♠ 13.") + (" " + _("J♦ takes 10 points off.") if rules.jack_of_diamonds else ""),
        _("Taking every point shoots the moon: the shooter chooses {score} to each other player or {score} off their own score.").format(
            score=MOON_SCORE
        )
        if rules.moon == "choose"
        else _("Taking every point shoots the moon: moon rule {rule}.").format(rule=rules.moon),
        _("The game ends when someone reaches the target; the lowest score wins."),
    ]
    return "\n".join(lines)


def score_sheet(names: Sequence[str], hand_points: list[list[int]], scores: Sequence[int], order: Sequence[int] | None = None) -> str:
    """A score sheet: one line per hand, then the totals; columns in ``order`` (default seat order)."""
    seats = list(order) if order is not None else list(range(len(names)))
    width = max(4, *(len(names[s]) for s in seats))
    hand, tot = _("hand"), _("tot.")
    first = max(4, len(hand), len(tot))
    head = f"{hand:<{first}} " + " ".join(f"{names[s]:>{width}}" for s in seats)
    rows = [f"{i + 1:>{first}} " + " ".join(f"{pts[s]:>{width}}" for s in seats) for i, pts in enumerate(hand_points)]
    total = f"{tot:<{first}} " + " ".join(f"{scores[s]:>{width}}" for s in seats)
    return "\n".join([head, *rows, total])


BLOCKS = " ▁▂▃▄▅▆▇█"


def score_chart(names: Sequence[str], hand_points: list[list[int]], order: Sequence[int], target: int) -> str:
    """Each player's score after every hand as a row of bars (a full bar is the target; below 0 is blank)."""
    if not hand_points:
        return ""
    width = max(len(names[s]) for s in order)
    lines = [_("Scores hand by hand (a full bar is the target, {target}):").format(target=target)]
    for seat in order:
        total, bars = 0, []
        for pts in hand_points:
            total += pts[seat]
            bars.append(BLOCKS[max(0, min(8, round(8 * total / target)))])
        lines.append(f"{names[seat]:>{width}} {''.join(bars)} {total}")
    return "\n".join(lines)
