"""Text shared by the plain mode and the app: the rules summary, the score sheet, card lists, trick marks."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from hearts.core import Card, Rules, card_name
from hearts.core.hand import trick_leader
from hearts.core.rules import MOON_SCORE

SUITS = "CDHS"
SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_NAME = re.compile(r"\b(10|[2-9TJQKA])([CDHS])\b")


def pretty(c: Card) -> str:
    """``"Q♠"``, ``"10♥"``: a card for people."""
    name = card_name(c)
    rank = "10" if name[0] == "T" else name[0]
    return rank + SYMBOLS[name[1]]


def pretty_text(text: str) -> str:
    """A message with its card names (``QS``, ``TH``) written as the hand draws them (``Q♠``, ``10♥``)."""
    return _NAME.sub(lambda m: ("10" if m.group(1) in ("T", "10") else m.group(1)) + SYMBOLS[m.group(2)], text)


def plural(count: int, word: str) -> str:
    """``"1 card"``, ``"2 cards"``, ``"1 point"``."""
    return f"{count} {word}" + ("" if count == 1 else "s")


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
        return "There is no passing in this game."
    words = {"left": "to the left", "right": "to the right", "across": "across", "none": "no passing"}
    steps = ", ".join(f"{words[d]} in hand {i + 1}" for i, d in enumerate(cycle))
    return f"Each player passes {plural(rules.pass_count, 'card')} before a hand: {steps}; then the cycle repeats."


def trick_marks(rules: Rules, cards: Sequence[Card]) -> tuple[set[int], int | None]:
    """For a trick so far: the places of cancelled cards (both copies of a card, two decks only) and of the card now winning.

    The winner is the highest card of the suit led that has not cancelled; None when every such card has
    cancelled (or, under ``two_pairs_void_trick``, two pairs have), so the trick would be set aside.
    """
    best, dup = trick_leader(cards, two_pairs_void=bool(rules.two_pairs_void_trick))
    return {i for i, c in enumerate(cards) if dup >> c & 1}, best


def rules_text(rules: Rules) -> str:
    """The rules of the variant being played, in a few short paragraphs."""
    n = rules.players
    lines = [
        f"{'Cancellation Hearts' if rules.is_cancellation else 'Hearts'} ({rules.variant}) for {n} players, to {rules.target} points.",
        "",
    ]
    if rules.is_cancellation:
        lines.append("Two decks are shuffled together. When both copies of a card fall in one trick they cancel: neither can win it.")
        lines.append("A trick whose winning cards all cancel is set aside and goes to the winner of the next trick.")
    if rules.kitty_size:
        verb = "forms" if rules.kitty_size == 1 else "form"
        lines.append(f"{plural(rules.kitty_size, 'card')} {verb} a kitty that goes to the winner of the first trick.")
    if rules.removed_cards:
        lines.append("Removed from the deck: " + ", ".join(pretty_text(c) for c in rules.removed_cards) + ".")
    lines += [
        pass_cycle_text(rules),
        f"The holder of the lowest club ({pretty(rules.lowest_club)}) leads it to the first trick."
        if not rules.is_cancellation
        else "Any card but a heart or Q♠ may lead the first trick.",
        "You must follow suit if you can; otherwise play any card. The highest card of the suit led wins the trick and leads next.",
        "Hearts may not be led until a heart (or Q♠)"
        + (" " if rules.queen_breaks_hearts else " - here only a heart - ")
        + "has been played, "
        "unless you hold nothing else.",
        "Each heart taken costs 1 point and Q♠ 13." + (" J♦ takes 10 points off." if rules.jack_of_diamonds else ""),
        "Taking every point shoots the moon: "
        + (f"the shooter chooses {MOON_SCORE} to each other player or {MOON_SCORE} off their own score"
           if rules.moon == "choose"
           else f"moon rule {rules.moon}")
        + ".",
        "The game ends when someone reaches the target; the lowest score wins.",
    ]
    return "\n".join(lines)


def score_sheet(names: Sequence[str], hand_points: list[list[int]], scores: Sequence[int], order: Sequence[int] | None = None) -> str:
    """A score sheet: one line per hand, then the totals; columns in ``order`` (default seat order)."""
    seats = list(order) if order is not None else list(range(len(names)))
    width = max(4, *(len(names[s]) for s in seats))
    head = "hand " + " ".join(f"{names[s]:>{width}}" for s in seats)
    rows = [f"{i + 1:>4} " + " ".join(f"{pts[s]:>{width}}" for s in seats) for i, pts in enumerate(hand_points)]
    total = "tot. " + " ".join(f"{scores[s]:>{width}}" for s in seats)
    return "\n".join([head, *rows, total])


BLOCKS = " ▁▂▃▄▅▆▇█"


def score_chart(names: Sequence[str], hand_points: list[list[int]], order: Sequence[int], target: int) -> str:
    """Each player's score after every hand as a row of bars (a full bar is the target; below 0 is blank)."""
    if not hand_points:
        return ""
    width = max(len(names[s]) for s in order)
    lines = [f"Scores hand by hand (a full bar is the target, {target}):"]
    for seat in order:
        total, bars = 0, []
        for pts in hand_points:
            total += pts[seat]
            bars.append(BLOCKS[max(0, min(8, round(8 * total / target)))])
        lines.append(f"{names[seat]:>{width}} {''.join(bars)} {total}")
    return "\n".join(lines)
