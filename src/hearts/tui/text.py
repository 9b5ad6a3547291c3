"""Text shared by the plain mode and the app: the rules summary, the score sheet, card lists."""

from __future__ import annotations

from collections.abc import Iterable

from hearts.core import Card, Rules, card_name

SUITS = "CDHS"
SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def pretty(c: Card) -> str:
    """``"Q♠"``, ``"10♥"``: a card for people."""
    name = card_name(c)
    rank = "10" if name[0] == "T" else name[0]
    return rank + SYMBOLS[name[1]]


def by_suit(cards: Iterable[Card]) -> list[list[Card]]:
    """Cards split by suit (C D H S), each sorted by rank."""
    out: list[list[Card]] = [[], [], [], []]
    for c in sorted(cards):
        out[c // 13].append(c)
    return out


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
        lines.append(f"{rules.kitty_size} card(s) form a kitty that goes to the winner of the first trick.")
    if rules.removed_cards:
        lines.append("Removed from the deck: " + ", ".join(rules.removed_cards) + ".")
    lines += [
        f"Before each hand every player passes {rules.pass_count} cards (left, right, across, ... then a hand without passing).",
        "The holder of the lowest club leads it to the first trick."
        if not rules.is_cancellation
        else "Any card but a heart or Q♠ may lead the first trick.",
        "You must follow suit if you can; otherwise play any card. The highest card of the suit led wins the trick and leads next.",
        "Hearts may not be led until a heart (or Q♠)"
        + (" " if rules.queen_breaks_hearts else " - here only a heart - ")
        + "has been played, "
        "unless you hold nothing else.",
        "Each heart taken costs 1 point and Q♠ 13." + (" J♦ takes 10 points off." if rules.jack_of_diamonds else ""),
        "Taking every point shoots the moon: "
        + ("the shooter chooses 26 to each other player or 26 off their own score" if rules.moon == "choose" else f"moon rule {rules.moon}")
        + ".",
        "The game ends when someone reaches the target; the lowest score wins.",
    ]
    return "\n".join(lines)


def score_sheet(names: list[str], hand_points: list[list[int]], scores: list[int]) -> str:
    """A score sheet: one line per hand, then the totals."""
    width = max(6, *(len(n) for n in names))
    head = "hand " + " ".join(f"{n:>{width}}" for n in names)
    rows = [f"{i + 1:>4} " + " ".join(f"{p:>{width}}" for p in pts) for i, pts in enumerate(hand_points)]
    total = "tot. " + " ".join(f"{s:>{width}}" for s in scores)
    return "\n".join([head, *rows, total])
