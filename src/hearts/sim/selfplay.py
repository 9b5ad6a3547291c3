"""Self-play decision data: bots play seeded deals and every card decision becomes a row.

Deal ``i`` (hands mode) is the arena's deal ``i`` (:func:`~hearts.sim.arena.hand_deal`:
hand number ``i % cycle + 1``, dealer ``i % n``, scores 0); in games mode game
``g`` is the arena's game ``g`` (hand ``h`` dealt by
:func:`~hearts.sim.arena.game_deal`). Seat ``s`` of deal (or game) ``i`` is
played by ``lineup[(s - i) % n]``, seeded with ``derived_seed(seed,
"selfplay", i, s)``, so every bot plays every seat and the rows depend only
on the seed, whatever the workers.

A row is one card decision of one seat (:data:`COLUMNS`): a pass is
``pass_count`` single-card picks, as in the learning environment (the
observation shows the picks so far); a play is one row; the moon choice is
not a card and makes no row. The observation and mask are
:func:`hearts.rl.encode` and :func:`hearts.rl.action_mask` of the seat's
view, so a policy trained on them plays in :mod:`hearts.rl`. NumPy (the
``rl`` extra) is imported only when deals are played; writing Parquet is
:mod:`hearts.sim.selfplay_io`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from hearts.bots import Bot
from hearts.core import Card, Game, Hand, HeartsError, PassCards, PlayCard, Rules, SeatView

from .arena import MAX_HANDS_PER_GAME, BotFactory, BotFailure, derived_seed, game_deal, hand_deal, pass_cycle

if TYPE_CHECKING:
    import numpy as np

#: the columns of a row: (name, description); ``observation`` and ``mask`` are fixed-size lists
COLUMNS: tuple[tuple[str, str], ...] = (
    ("deal", "deal index (hands mode) or game index (games mode), from 0"),
    ("hand", "hand of the game, from 0 (always 0 in hands mode)"),
    ("seat", "the deciding seat"),
    ("bot", "the spec of the bot in that seat"),
    ("step", "decision number within the hand, over all seats, from 0"),
    ("phase", "'pass' (one pick of a pass) or 'play'"),
    ("observation", "float32 x size: hearts.rl.encode(view, picks so far) of the seat's view"),
    ("mask", "int8 x 52: hearts.rl.action_mask, the cards the seat may choose"),
    ("action", "the card id (0-51) the bot chose"),
    (
        "values",
        "float32 x 52 or null: the bot's own value of each card it weighed (Bot.decision_values; NaN for the others); "
        "on a pass pick, each card's best value among the passes it weighed that hold the picks so far and that card "
        "(Bot.pass_values, see pick_values)",
    ),
    ("hand_points", "points the seat scored in the hand (after the moon)"),
    ("hand_return", "the hand's payoff to the seat: the other seats' mean points minus its own"),
    ("game_points", "the seat's final score (hands mode: the hand's points)"),
    ("game_return", "the other seats' mean final score minus the seat's own (hands mode: hand_return)"),
)


class _Rows:
    """Columns under construction, for one task's deals."""

    def __init__(self) -> None:
        self.ints: dict[str, list[int]] = {k: [] for k in ("deal", "hand", "seat", "step", "action", "hand_points", "game_points")}
        self.floats: dict[str, list[float]] = {"hand_return": [], "game_return": []}
        self.bot: list[str] = []
        self.phase: list[str] = []
        self.obs: list[np.ndarray] = []
        self.mask: list[np.ndarray] = []
        self.values: list[list[float] | None] = []

    def __len__(self) -> int:
        return len(self.bot)

    def add(
        self,
        deal: int,
        hand: int,
        seat: int,
        bot: str,
        step: int,
        phase: str,
        obs: np.ndarray,
        mask: np.ndarray,
        action: int,
        values: dict[int, float] | None,
    ) -> None:
        for key, v in (("deal", deal), ("hand", hand), ("seat", seat), ("step", step), ("action", action)):
            self.ints[key].append(v)
        self.bot.append(bot)
        self.phase.append(phase)
        self.obs.append(obs)
        self.mask.append(mask)
        if values is None:
            self.values.append(None)
        else:
            row = [math.nan] * 52
            for card, value in values.items():
                row[card] = value
            self.values.append(row)

    def returns(self, start: int, points: Sequence[int], kind: str) -> None:
        """Fill the ``kind`` ("hand" or "game") points and return of rows ``start:`` from each seat's points."""
        n = len(points)
        seats = self.ints["seat"][start:]
        self.ints[f"{kind}_points"].extend(points[s] for s in seats)
        total = sum(points)
        self.floats[f"{kind}_return"].extend((total - points[s]) / (n - 1) - points[s] for s in seats)

    def arrays(self, size: int) -> dict[str, Any]:
        """The columns as NumPy arrays (``values`` as a float array and a null mask)."""
        import numpy as np

        dtypes = {
            "deal": np.int32,
            "hand": np.int16,
            "seat": np.int8,
            "step": np.int16,
            "action": np.int8,
            "hand_points": np.int16,
            "game_points": np.int16,
        }
        out: dict[str, Any] = {k: np.array(v, dtype=dtypes[k]) for k, v in self.ints.items()}
        out.update({k: np.array(v, dtype=np.float32) for k, v in self.floats.items()})
        out["bot"] = list(self.bot)
        out["phase"] = list(self.phase)
        out["observation"] = np.stack(self.obs) if self.obs else np.zeros((0, size), dtype=np.float32)
        out["mask"] = np.stack(self.mask) if self.mask else np.zeros((0, 52), dtype=np.int8)
        out["values"] = np.array([v if v is not None else [math.nan] * 52 for v in self.values], dtype=np.float32).reshape(-1, 52)
        out["values_null"] = np.array([v is None for v in self.values], dtype=bool)
        return out


def pick_values(passes: dict[tuple[Card, ...], float], picked: Sequence[Card]) -> dict[Card, float] | None:
    """Each card's value as the next pick of a pass: the best value of a weighed pass that holds ``picked`` and it.

    Passes are multisets (two decks may pass both copies of a card); None
    when no weighed pass holds ``picked``.

    >>> pick_values({(1, 2, 3): 0.5, (1, 4, 5): 2.0, (6, 7, 8): 9.0}, [1])
    {2: 0.5, 3: 0.5, 4: 2.0, 5: 2.0}
    >>> pick_values({(1, 1, 2): 1.0}, [1]), pick_values({(1, 2, 3): 0.0}, [9])
    ({1: 1.0, 2: 1.0}, None)
    """
    out: dict[Card, float] = {}
    for cards, value in passes.items():
        rest = list(cards)
        try:
            for c in picked:
                rest.remove(c)
        except ValueError:
            continue
        for c in rest:
            if c not in out or value > out[c]:
                out[c] = value
    return dict(sorted(out.items())) or None


def _decide(bot: Bot, view: SeatView, apply: Any, rows: _Rows, where: tuple[int, int], step: int) -> int:
    """Ask ``bot``, record its card decisions, apply the action; returns the next step number."""
    from hearts.observe import action_mask, encode

    seat = view.seat
    assert seat is not None
    action = bot.act(view)
    deal, h = where
    if isinstance(action, PassCards):
        weighed = bot.pass_values()
        for k, card in enumerate(action.cards):
            picked = list(action.cards[:k])
            values = pick_values(weighed, picked) if weighed else None
            rows.add(deal, h, seat, bot.name, step, "pass", encode(view, picked), action_mask(view, picked), card, values)
            step += 1
    elif isinstance(action, PlayCard):
        rows.add(deal, h, seat, bot.name, step, "play", encode(view), action_mask(view), action.card, bot.decision_values())
        step += 1
    try:
        apply(action)
    except HeartsError as err:
        raise BotFailure(f"deal {deal}, hand {h}: bot {bot.name!r} in seat {seat}: {err}") from None
    return step


def _play_one(lineup: Sequence[str], rules: Rules, seed: int, i: int, mode: str, factory: BotFactory, rows: _Rows) -> None:
    n = rules.players
    bots = [factory(lineup[(s - i) % n], seed=derived_seed(seed, "selfplay", i, s)) for s in range(n)]
    first = len(rows)
    if mode == "hands":
        deal, kitty = hand_deal(rules, seed, i)
        hand = Hand(rules, deal, kitty, dealer=i % n, number=i % pass_cycle(rules) + 1)
        zeros = [0] * n
        step = 0
        while hand.phase != "done":
            for seat in hand.seats_to_act():
                step = _decide(bots[seat], hand.view(seat, zeros), hand.apply, rows, (i, 0), step)
        assert hand.points is not None
        rows.returns(first, hand.points, "hand")
        rows.returns(first, hand.points, "game")
        return
    game = Game(rules, auto_deal=False)
    while not game.game_over:
        h = len(game.hands)
        if h >= MAX_HANDS_PER_GAME:
            raise BotFailure(f"game {i}: the game has not ended after {MAX_HANDS_PER_GAME} hands")
        hand = game.start_hand(*game_deal(rules, seed, i, h))
        start, step = len(rows), 0
        while hand.phase != "done":
            for seat in game.seats_to_act():
                step = _decide(bots[seat], game.view(seat), game.apply, rows, (i, h), step)
        assert hand.points is not None
        rows.returns(start, hand.points, "hand")
    rows.returns(first, game.scores, "game")


def play_shard(task: tuple[tuple[str, ...], dict[str, Any], str, int, tuple[int, ...], BotFactory]) -> dict[str, Any]:
    """Worker: the rows of deals (or games) ``indices``, as NumPy columns (see :data:`COLUMNS`)."""
    from hearts.observe import size

    lineup, rules_dict, mode, seed, indices, factory = task
    rules = Rules.from_dict(rules_dict)
    rows = _Rows()
    for i in indices:
        _play_one(lineup, rules, seed, i, mode, factory, rows)
    return rows.arrays(size(rules))
