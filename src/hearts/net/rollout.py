"""``net-rollout``: the search with the net as its rollout policy, every world played out at once over :mod:`hearts.vec`.

(It lives with the learned player's other bots, ``net`` and ``net-search``,
because it stands on the net and on the engine of batches: ``net`` may
import ``vec``, and neither ``vec`` nor ``bots`` may import ``net``.)

The search samples its worlds as ``search`` does (weighted by how well
they explain the plays and the pass seen, with the same moon lines and
defences), keeps the net's ``top`` cards (as ``net-search``), and then
plays every kept card out in every world together: one
:class:`~hearts.vec.VecHearts` game per (world, card), each seat choosing
with the net's forward pass on its own observation
(:meth:`~hearts.net.NetModel.greedy`), one pass for the whole batch a step.
The shoot line is still played out by the heuristic. The net's own card is
the incumbent that the ``gate`` protects. It passes as the net does, or by
the search's race with ``pass=N``. ``sims`` (default 256) counts every
(world, card) rollout; a time budget (``ms``) is not applied within the batch.

With ``depth=d`` (d > 0) the games are not played to the end: each stops
at the bot's d-th next turn and is valued there by the net, from the bot's
own observation in that world (its best legal card's value), so a decision
costs a few forward passes instead of a whole hand's.

A world is loaded into the batch by dealing it as it was before the pass
(the others' passes drawn as the search draws them,
:func:`~hearts.bots.sampler.choose_passes`) and replaying the hand so far,
so every seat's observation holds its own pass.

>>> from hearts.bots import make_bot
>>> from hearts.core import Hand, Rules
>>> hand = Hand.from_seed(Rules.standard(4), seed=3, number=4)
>>> bot = make_bot("net-rollout:sims=32:seed=1")
>>> bot.play_card(hand.view(hand.to_move)) in hand.legal_cards()
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np

from hearts.bots import Bot
from hearts.bots.kernel.driver import KernelWorlds
from hearts.bots.kernel.rng import fold_seed
from hearts.bots.kernel.runtime import kernels
from hearts.bots.playout import Evaluator
from hearts.bots.registry import int_setting
from hearts.bots.sampler import choose_passes
from hearts.bots.search import STOPPER_OF_PASS_TOP, WorldResult, settings
from hearts.core import Card, SeatView
from hearts.core.rules import PASS_OFFSETS
from hearts.observe import encode
from hearts.vec import VecHearts
from hearts.vec.engine import DONE, PASS, PLAY

from .model import NetModel
from .search import DEFAULT_TOP, NetSearchBot, model_setting

#: simulations a decision by default: about 64 worlds for each of the four kept cards
DEFAULT_SIMS = 256


def world_deal(view: SeatView, hands: Sequence[Sequence[Card]], rng: random.Random) -> tuple[list[list[Card]], list[list[Card]]]:
    """A world's deal as it was before the pass, and every seat's pass (the viewer's real one, the others' drawn).

    ``hands``: every seat's cards now (a sampled world). Each seat's deal is
    what it holds now plus what it played, less what it received, plus what
    it passed.
    """
    n = view.players
    played = view.played_by_seat()
    passes = [list(p) for p in choose_passes(view, hands, rng)]
    offset = PASS_OFFSETS[view.pass_direction] if view.pass_direction != "none" else 0
    deal: list[list[Card]] = []
    for s in range(n):
        cards = list(hands[s]) + played[s]
        if offset:
            for c in passes[(s - offset) % n]:  # received from the seat that passed to s
                cards.remove(c)
            cards += passes[s]
        deal.append(sorted(cards))
    return deal, passes


def history(view: SeatView, passes: Sequence[Sequence[Card]]) -> list[Card]:
    """The hand's actions so far in :class:`~hearts.vec.VecHearts` order: each seat's pass picks by seat, then the plays."""
    picks = [c for s in range(view.players) for c in passes[s]] if view.pass_direction != "none" else []
    return picks + [c for t in view.tricks for c in t.cards] + list(view.trick)


#: a world as the batch deals it: the deal before the pass, the kitty, every seat's pass
WorldDeal = tuple[list[list[Card]], list[Card], list[list[Card]]]


def rollout_values(
    model: NetModel, view: SeatView, worlds: Sequence[WorldDeal], cards: Sequence[Card], evaluator: Evaluator, depth: int = 0
) -> np.ndarray:
    """``(worlds, cards)``: each card's value in each world, every game played out by the net at once.

    ``worlds``: (the deal before the pass, the kitty, every seat's pass) per world.
    ``depth`` 0 plays every game to the end of the hand. ``depth`` d > 0 stops
    a game at the viewer's d-th turn after this one (the tricks between
    played by the net in that world) and values it by the net from the
    viewer's own observation there: its best legal card's value. A hand
    that ends sooner is valued by its points. (The net's values are the
    hand's payoff: where the evaluator values the game instead, a hand that
    can end it, every game is played out.)
    """
    w, k = len(worlds), len(cards)
    vec = VecHearts(view.rules, w * k)
    vec.set_deals(
        [deal for deal, _, _ in worlds for _ in range(k)],
        [view.hand_number] * (w * k),
        [kitty for _, kitty, _ in worlds for _ in range(k)] if view.kitty_size else (),
        [view.dealer] * (w * k),
    )
    vec.moon_adds[:] = True  # the shooter adds: the evaluator weighs the other choice, as in every playout
    steps = np.repeat(np.array([history(view, passes) for _, _, passes in worlds], dtype=np.int64).reshape(w, -1), k, axis=0)
    for t in range(steps.shape[1]):
        vec.step(steps[:, t])
    vec.step(np.tile(np.asarray(cards, dtype=np.int64), w))
    me = view.seat
    turns_left = np.full(w * k, depth if depth and not evaluator.game else -1, dtype=np.int64)  # -1: to the end
    live = np.ones(w * k, dtype=bool)
    while True:
        turns_left -= live & (vec.phase == PLAY) & (vec.to_act == me) & (turns_left > 0)  # the viewer's turn again
        live = (vec.phase != DONE) & (turns_left != 0)
        if not live.any():
            break
        vec.step(model.greedy(vec.observe(), vec.action_masks(), vec.phase == PASS), where=live)
    values = np.zeros(w * k, dtype=np.float64)
    done = np.flatnonzero(vec.phase == DONE)
    points, shooters = vec.points[done].tolist(), vec.shooter[done].tolist()
    values[done] = [evaluator.value(p, s if s >= 0 else None) for p, s in zip(points, shooters, strict=True)]
    cut = np.flatnonzero(vec.phase != DONE)
    if cut.size:
        mine = vec.observe(np.full(w * k, me, dtype=np.int64))[cut]
        values[cut] = model.best_values(mine, vec.action_masks()[cut])
    return values.reshape(w, k)


class NetRolloutBot(NetSearchBot):
    """:class:`~hearts.net.search.NetSearchBot` whose worlds are played out by the net, all at once; it passes as the net does
    unless told to search its passes (``pass=N``). ``depth`` > 0 cuts the games off at the bot's ``depth``-th next turn
    and values them by the net (:func:`rollout_values`)."""

    def __init__(self, *, depth: int = 0, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.depth = depth

    def pass_cards(self, view: SeatView) -> list[Card]:
        if self.pass_worlds:
            return super().pass_cards(view)
        self._values = self._pass_values = None
        return self.net.pass_cards(view)

    def _run(self, view: SeatView, limit: int, base: int, deadline: float | None, shoot_card: Card | None) -> list[WorldResult]:
        me = view.seat
        assert me is not None
        model = self.model_for(view.rules)
        legal = list(view.legal)
        worlds = KernelWorlds(
            view, fold_seed(base), self.evaluation, shoot_card, self.miss, self.pass_miss, STOPPER_OF_PASS_TOP[self.pass_top], legal
        )
        ns, array = kernels()
        chunk = worlds.run(0, limit, ns, array)  # the weights and the shoot line (the cards' values are the net's)
        sampled: list[WorldDeal] = []
        meta: list[tuple[float, float, bool]] = []
        for i in range(limit):
            hands, kitty = worlds.deal(i)
            deal, passes = world_deal(view, hands, random.Random(base + i))
            sampled.append((deal, kitty, passes))
            meta.append((chunk.weights[i], chunk.shoot_values[i], chunk.shoot_moons[i]))
        values = rollout_values(model, view, sampled, legal, Evaluator(me, view.rules, view.scores, self.evaluation), self.depth)
        own = model.play_values(encode(view), legal)
        preferred = legal[int(np.argmax(own))]
        return [
            WorldResult(i, values[i].tolist(), preferred, shoot_value, moon, weight) for i, (weight, shoot_value, moon) in enumerate(meta)
        ]


def make(params: dict[str, str], seed: int | None) -> Bot:
    """``net-rollout``: ``top`` (cards kept, default 4), ``file`` (a model), ``sims`` (default 256), ``depth`` (the bot's
    own turns to look ahead before the net values the game; default 0: to the end of the hand), and the search's settings."""
    spec = "net-rollout"
    params = dict(params)
    params.pop("seed", None)
    top = int_setting(params, "top", 1, 52, DEFAULT_TOP, spec)
    depth = int_setting(params, "depth", 0, 52, 0, spec)
    model = model_setting(params)
    params.setdefault("sims", str(DEFAULT_SIMS))
    return NetRolloutBot(top=top, depth=depth, model=model, **settings(params, spec), seed=seed)
