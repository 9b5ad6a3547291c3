"""One decision's worlds, run by the kernel: the view packed once, worlds dealt and played in chunks.

Plain Python (not a kernel module). :class:`KernelWorlds` lays a seat's view
out as :func:`hearts.bots.kernel.worlds.search_worlds` reads it (the public
state, the sampler's bookkeeping, the evidence of the plays and the pass,
the candidate cards) and runs chunks of worlds with the compiled kernels or
the interpreted ones (:mod:`hearts.bots.kernel.runtime`): the results are the same.

>>> from hearts.core import Hand, Rules
>>> from hearts.bots.kernel.runtime import kernels
>>> hand = Hand.from_seed(Rules.standard(4), seed=3, number=4)
>>> hand.play(hand.legal_cards()[0])
>>> view = hand.view(hand.to_move)
>>> ns, array = kernels(start=False)
>>> out = KernelWorlds(view, 7, "payoff", None, 1.0, 1.0, 1, view.legal).run(0, 3, ns, array)
>>> len(out.values), len(out.values[0]) == len(view.legal), out.weights
(3, True, [1.0, 1.0, 1.0])
"""

from __future__ import annotations

import types
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from hearts.core import Card, SeatView
from hearts.core.worlds import WorldMaker

from ..inference import PassEvidence, PlayEvidence
from ..sampler import WorldSampler
from . import worlds as kw
from .pack import pack_world
from .pack_sampler import pack_sampler
from .playout import S_KITTY_JACKS, S_KITTY_MASK, S_KITTY_POINTS, S_KITTY_SIZE
from .rng import rng_seed
from .runtime import give_up
from .sampler import sample_world


class Chunk(NamedTuple):
    """A chunk of worlds' results, world by world (see :func:`hearts.bots.kernel.worlds.search_worlds`)."""

    values: list[list[float]]
    weights: list[float]
    shoot_values: list[float]
    shoot_moons: list[bool]
    preferred: list[Card]


class KernelWorlds:
    """The worlds of one decision: ``view``'s hidden cards dealt from ``seed`` (below 2**32), each of ``cards``
    played out, and the shoot line from ``shoot_card`` (None: none).

    ``evaluation``: ``payoff``, ``points`` or ``hand`` (:class:`~hearts.bots.playout.Evaluator`);
    ``miss`` and ``pass_miss``: the evidence's factors per miss (1: off);
    ``stopper``: the heart the others are expected to keep back from their passes.
    Raises ValueError when the view is inconsistent (as :class:`~hearts.bots.sampler.WorldSampler`).
    """

    def __init__(
        self,
        view: SeatView,
        seed: int,
        evaluation: str,
        shoot_card: Card | None,
        miss: float,
        pass_miss: float,
        stopper: int,
        cards: Sequence[Card],
    ) -> None:
        me = view.seat
        assert me is not None
        rules = view.rules
        n = view.players
        self.cards = list(cards)
        maker = WorldMaker(view)
        template = pack_world(maker.template)  # the public state: no hands, the kitty not placed
        st = template.st
        st[S_KITTY_MASK] = st[S_KITTY_POINTS] = st[S_KITTY_JACKS] = st[S_KITTY_SIZE] = 0
        self.public = template
        self.scores = list(view.scores) if view.scores is not None else [0] * n
        sampled = pack_sampler(WorldSampler(view))
        self.sampler = sampled
        plays = PlayEvidence(view, miss)
        passes = PassEvidence(view, pass_miss, stopper=stopper)
        k = [0] * kw.K_SIZE
        k[kw.K_ME] = me
        k[kw.K_SHOOT_CARD] = -1 if shoot_card is None else shoot_card
        k[kw.K_KITTY_SEAT] = -2 if maker.kitty_at is None else maker.kitty_at[0]
        target = rules.target or 0
        k[kw.K_GAME] = int(
            evaluation == "payoff" and view.scores is not None and bool(target) and max(view.scores) + rules.moon_points >= target
        )
        k[kw.K_PAYOFF] = int(evaluation in ("payoff", "hand"))
        k[kw.K_EV_COUNT] = plays.count
        if passes.active:
            deck, _players, _jack, pass_count, stop = passes._facts
            k[kw.K_PASS_ON] = 1
            k[kw.K_PASSER] = passes.passer
            k[kw.K_PASS_KNOWN] = passes.known
            k[kw.K_PASS_GOT] = passes.got
            k[kw.K_PASS_RECEIVED] = passes.received
            k[kw.K_PASS_DECK] = deck
            k[kw.K_PASS_COUNT] = pass_count
            k[kw.K_PASS_STOPPER] = stop
        k[kw.K_JACK_RULE] = int(bool(rules.jack_of_diamonds))
        k[kw.K_POOL_SIZE] = len(sampled.pool)
        k[kw.K_N_CONSTRAINED] = len(sampled.constrained)
        k[kw.K_N_FREE] = len(sampled.free)
        k[kw.K_N_CARDS] = len(self.cards)
        k[kw.K_SEED] = seed & 0xFFFFFFFF
        self.k = k
        self.misses = [float(miss), float(pass_miss)]
        self.evidence = plays
        self._packed: dict[int, tuple[Any, ...]] = {}

    def _inputs(self, ns: types.SimpleNamespace, array: Callable[[Any], Any]) -> tuple[Any, ...]:
        """The kernel's inputs, made once per kind of sequence."""
        key = id(array)
        got = self._packed.get(key)
        if got is None:
            p, s, e = self.public, self.sampler, self.evidence

            def seq(values: list[int]) -> Any:
                return array(values or [0])  # never empty: a compiled kernel types its arrays by their items

            got = self._packed[key] = (
                array(p.rules),
                array(self.k),
                array(self.misses),
                seq(p.trick),
                array(p.st),
                array(p.points),
                array(p.voids),
                array(p.jacks),
                array(self.scores),
                seq(self.cards),
                seq(s.pool),
                array(s.allowed),
                array(s.caps),
                seq(s.constrained),
                seq(s.free),
                array(s.base_lo),
                array(s.base_hi),
                seq(e.fields),
                seq(e.tricks),
                seq(e.points),
                seq(e.voids),
            )
        return got

    def deal(self, i: int) -> tuple[list[list[Card]], list[Card]]:
        """World ``i``'s deal, as the kernel deals it (interpreted): every seat's cards now, and the kitty's."""
        s = self.sampler
        state = [rng_seed(self.k[kw.K_SEED], i)]
        out_lo, out_hi = s.outputs()
        if not sample_world(*s.inputs(), state, *s.scratch(), out_lo, out_hi):
            raise ValueError("no deal agrees with the view")
        return s.unpack(out_lo, out_hi)

    def run(self, start: int, count: int, ns: types.SimpleNamespace, array: Callable[[Any], Any]) -> Chunk:
        """Worlds ``start`` to ``start + count - 1`` with the kernels ``ns`` (:func:`~hearts.bots.kernel.runtime.kernels`)."""
        width = len(self.cards)
        values = array([0.0] * (count * width + 1))
        weights = array([0.0] * (count + 1))
        shoot_values = array([0.0] * (count + 1))
        shoot_moons = array([0] * (count + 1))
        preferred = array([0] * (count + 1))
        try:
            done = ns.search_worlds(*self._inputs(ns, array), start, count, values, weights, shoot_values, shoot_moons, preferred)
        except Exception as err:  # a compiled kernel that fails never fails the move: the interpreted one plays it
            if array is list:
                raise
            return self.run(start, count, *give_up(err))
        if done < 0:
            raise ValueError("no deal agrees with the view")
        return Chunk(
            [[float(values[j * width + c]) for c in range(width)] for j in range(count)],
            [float(weights[j]) for j in range(count)],
            [float(shoot_values[j]) for j in range(count)],
            [bool(shoot_moons[j]) for j in range(count)],
            [int(preferred[j]) for j in range(count)],
        )
