"""The learned model without NumPy: the same files, the same forward pass, in plain Python (e.g. under Pyodide).

:class:`PureModel` reads a ``hearts-net/1`` file (:meth:`NetModel.save
<hearts.net.model.NetModel.save>`'s ``.npz``: a zip of ``.npy`` arrays
stored as float16 and a ``meta`` JSON string) with :mod:`zipfile` and
:mod:`struct`, and runs the trunk and the heads on one view at a time. It
exploits the input's sparsity: the first layer sums the weight rows of the
few nonzero inputs (:func:`hearts.observe.sparse_encode`). Its values are
the NumPy model's up to rounding (Python floats here, float32 there), so the
``net`` bot chooses the same cards with either (:mod:`hearts.net.backend`
picks this one where NumPy does not import).

>>> from hearts.core import Hand, Rules
>>> rules = Rules.standard(4)
>>> model = load_shipped(rules)
>>> view = Hand.from_seed(rules, seed=1).view(0)
>>> len(model.view_pass(view, [], view.hand)), len(model.features(view, [0, 1]))
(13, 2)
"""

from __future__ import annotations

import ast
import io
import json
import math
import struct
import zipfile
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from operator import mul
from pathlib import Path
from typing import Any

from hearts.core import Card, Rules, SeatView
from hearts.core.kernel import MOON_SCORE, QUEEN_POINTS, card_points
from hearts.observe.layout import dense, segment_slices, sparse_encode

from .meta import ModelError, check_fits, check_loaded, first_best, load_shipped_with

__all__ = ["Array", "PureModel", "card_features", "load_shipped", "read_npz"]


def _dot_fallback(a: Iterable[float], b: Iterable[float]) -> float:
    total: float = sum(map(mul, a, b))
    return total


#: the dot product of two vectors: ``math.sumprod`` (Python 3.12+, in C), else a sum of products
_dot: Callable[[Iterable[float], Iterable[float]], float] = getattr(math, "sumprod", _dot_fallback)
#: whether a dense layer is faster as one dot product per output (with ``math.sumprod``) than as a sum of rows
BY_COLUMNS = hasattr(math, "sumprod")

#: ``.npy`` element types that can be read, as :mod:`struct` codes
_CODES = {"<f2": "e", "<f4": "f", "<f8": "d"}

#: points of each card (hearts 1, the queen of spades 13), from the rules kernel
_POINTS = [float(card_points(c)) for c in range(52)]


@dataclass(frozen=True)
class Array:
    """One array of a model file: its ``shape`` and its values in row-major order."""

    shape: tuple[int, ...]
    data: list[float]

    def rows(self) -> list[list[float]]:
        """A 2-D array as a list of rows."""
        _, width = self.shape
        return [self.data[i : i + width] for i in range(0, len(self.data), width)]

    def columns(self) -> list[list[float]]:
        """A 2-D array as a list of columns."""
        return [list(col) for col in zip(*self.rows(), strict=True)]

    def scalar(self) -> float:
        """A 0-D array's value."""
        (value,) = self.data
        return value


class Layer:
    """An affine layer ``x @ w + b`` for one input vector ``x``.

    The weights are kept as rows: :meth:`sparse` and, by default, :meth:`__call__` add up the rows of ``x``'s
    nonzero entries (each scaled by its value), so the zeros a ReLU leaves cost nothing. ``by_columns`` also keeps
    the columns and makes :meth:`__call__` one dot product per output instead (faster with ``math.sumprod``).

    >>> layer = Layer(Array((2, 3), [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]), [0.5, 0.5, 0.5])
    >>> layer([0.0, 2.0]), layer.sparse([1], [2.0])
    ([8.5, 10.5, 12.5], [8.5, 10.5, 12.5])
    >>> Layer(layer.weights, layer.bias, by_columns=True)([0.0, 2.0])
    [8.5, 10.5, 12.5]
    """

    def __init__(self, weights: Array, bias: list[float], by_columns: bool = BY_COLUMNS) -> None:
        self.weights, self.bias = weights, bias
        self.rows = weights.rows()
        self.columns = weights.columns() if by_columns else None

    def sparse(self, index: Iterable[int], value: Iterable[float]) -> list[float]:
        """The output for the input whose nonzero entries are at ``index`` with ``value`` (an index may repeat)."""
        rows = self.rows
        chosen = [rows[i] if v == 1.0 else [v * w for w in rows[i]] for i, v in zip(index, value, strict=True)]
        return list(map(sum, zip(self.bias, *chosen, strict=True)))

    def __call__(self, x: Sequence[float]) -> list[float]:
        """The output for the input ``x``."""
        if self.columns is not None:
            return [b + _dot(x, col) for b, col in zip(self.bias, self.columns, strict=True)]
        rows = self.rows
        chosen = [row if v == 1.0 else [v * w for w in row] for v, row in zip(x, rows, strict=True) if v]
        return list(map(sum, zip(self.bias, *chosen, strict=True)))


def _read_npy(raw: bytes) -> Array | str:
    """One ``.npy`` file: a float array, or the text of a 0-D unicode array (the ``meta`` string)."""
    if raw[:6] != b"\x93NUMPY":
        raise ValueError("not a .npy array")
    if raw[6] == 1:
        (length,), start = struct.unpack_from("<H", raw, 8), 10
    else:
        (length,), start = struct.unpack_from("<I", raw, 8), 12
    header = ast.literal_eval(raw[start : start + length].decode("latin-1"))
    descr, shape = header["descr"], tuple(int(n) for n in header["shape"])
    body = start + length
    if header["fortran_order"] and len(shape) > 2:
        raise ValueError("a Fortran-ordered array of more than 2 dimensions")
    if descr.startswith("<U") and shape == ():
        return raw[body : body + 4 * int(descr[2:])].decode("utf-32-le").rstrip("\x00")
    if descr not in _CODES:
        raise ValueError(f"an array of {descr!r}")
    count = math.prod(shape)
    data = list(struct.unpack_from(f"<{count}{_CODES[descr]}", raw, body))
    if header["fortran_order"] and len(shape) == 2:  # column after column: made row-major
        height = shape[0]
        data = [x for row in zip(*(data[i : i + height] for i in range(0, count, height)), strict=True) for x in row]
    return Array(shape, data)


def read_npz(source: str | Path | bytes) -> tuple[dict[str, Array], dict[str, Any]]:
    """The arrays and the metadata of a ``hearts-net/1`` file (a path, or its bytes); a bad file raises :class:`ModelError`."""
    where = "<bytes>" if isinstance(source, bytes) else str(source)
    try:
        with zipfile.ZipFile(io.BytesIO(source) if isinstance(source, bytes) else source) as archive:
            read = {name.removesuffix(".npy"): _read_npy(archive.read(name)) for name in archive.namelist()}
        text = read.pop("meta")
        if not isinstance(text, str):
            raise ValueError("its meta is not a string")
        meta = json.loads(text)
        arrays = {k: v for k, v in read.items() if isinstance(v, Array)}
    except (OSError, KeyError, ValueError, SyntaxError, struct.error, zipfile.BadZipFile) as err:
        raise ModelError(f"cannot read the model file {where!r}: {err}") from None
    check_loaded(meta, set(arrays), where)
    return arrays, meta


def _relu(xs: Iterable[float]) -> list[float]:
    return [x if x > 0.0 else 0.0 for x in xs]


def _sigmoid(x: float) -> float:
    if x >= 0.0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


def card_features(obs: Sequence[float], rules: Rules, cards: Iterable[Card] = range(52)) -> list[list[float]]:
    """The features (:data:`~hearts.net.meta.FEATURES`) of ``cards`` from one observation vector, as
    :func:`hearts.net.features.card_features` computes them for a batch with NumPy.

    >>> from hearts.core import Hand, Rules
    >>> from hearts.observe import dense, sparse_encode
    >>> rules = Rules.standard(4)
    >>> obs = dense(rules, *sparse_encode(Hand.from_seed(rules, seed=1).view(0)))
    >>> card_features(obs, rules, [0])[0][2]  # lower_out of the 2 of clubs: no lower club exists
    0.0
    """
    sl = segment_slices(rules)
    n = rules.players
    start = sl["hand"].start
    hand = obs[start : start + 52]
    start = sl["played_by_seat"].start
    played = [sum(x) for x in zip(*(obs[start + 52 * s : start + 52 * s + 52] for s in range(n)), strict=True)]
    start = sl["trick_by_seat"].start
    tricks = [obs[start + 52 * s : start + 52 * s + 52] for s in range(n)]
    in_trick = [sum(x) for x in zip(*tricks, strict=True)]
    rest = [max(rules.copies - a - b, 0.0) for a, b in zip(hand, played, strict=True)]  # copies still out
    lower: list[float] = []  # cards of the suit still out below each card
    held, out = [0.0] * 4, [0.0] * 4
    for suit in range(4):
        total = 0.0
        for c in range(13 * suit, 13 * suit + 13):
            lower.append(total)
            total += rest[c]
            held[suit] += hand[c]
        out[suit] = total
    start = sl["voids"].start
    voids = [sum(obs[start + 4 * s + suit] for s in range(1, n)) / max(1, n - 1) for suit in range(4)]
    leaders = obs[sl["trick_leader"]]
    lead_cards = tricks[first_best(leaders)]  # the leader's block: the card led
    by_suit = [sum(lead_cards[13 * s : 13 * s + 13]) for s in range(4)]
    lead_suit = first_best(by_suit)
    led = [0.0] * 4
    led[lead_suit] = 1.0 if sum(by_suit) > 0 else 0.0  # a card has been led (an empty trick has a leader but no suit)
    best = max((r for r in range(13) if in_trick[13 * lead_suit + r] > 0), default=-1)
    size = sum(in_trick)
    leading, last = float(size == 0), float(size == n - 1)
    trick_points = _dot(in_trick, _POINTS) / MOON_SCORE
    rows = []
    for c in cards:
        suit, rank = divmod(c, 13)
        rows.append(
            [
                hand[c],
                rest[c],
                lower[c] / 13.0,
                (out[suit] - lower[c] - rest[c]) / 13.0,
                held[suit] / 13.0,
                out[suit] / 13.0,
                voids[suit],
                leading,
                led[suit],
                led[suit] * float(rank > best),
                last,
                trick_points,
                _POINTS[c] / QUEEN_POINTS,
            ]
        )
    return rows


class PureModel:
    """A ``hearts-net/1`` model's forward pass on one view, in plain Python (the ``arrays`` as :func:`read_npz` gives them).

    It answers what the ``net`` bot asks (:class:`~hearts.net.backend.ViewModel`): the values and the shoot chance
    of some cards in a play (:meth:`view_play`), and the pass logits of some cards (:meth:`view_pass`).
    """

    def __init__(self, arrays: dict[str, Array], meta: dict[str, Any], by_columns: bool = BY_COLUMNS) -> None:
        self.meta = meta
        self._trunk: list[Layer] = []
        while f"trunk{len(self._trunk)}_w" in arrays:
            i = len(self._trunk)
            self._trunk.append(Layer(arrays[f"trunk{i}_w"], arrays[f"trunk{i}_b"].data, by_columns and i > 0))
        self._ctx = Layer(arrays["play_ctx_w"], arrays["play_b"].data, by_columns)
        self._card = arrays["play_card"].rows()
        self._feat = arrays["play_feat"].rows()
        self._out = (arrays["play_out_w"].data, arrays["play_out_b"].scalar())
        self._pass = (arrays["pass_w"].columns(), arrays["pass_b"].data)
        self._shoot = (arrays["shoot_w"].data, arrays["shoot_b"].scalar()) if "shoot_w" in arrays else None
        scores = segment_slices(self.rules)["scores"]
        self._scores = range(scores.start, scores.stop)

    @classmethod
    def load(cls, source: str | Path | bytes) -> PureModel:
        """Read a model file (a path, or its bytes); a missing or bad file raises :class:`~hearts.net.meta.ModelError`."""
        return cls(*read_npz(source))

    @cached_property
    def rules(self) -> Rules:
        """The rules of the table the model was trained for."""
        return Rules.from_dict(self.meta["rules"])

    @property
    def value_scale(self) -> float:
        """Values are stored divided by this (points of payoff per unit)."""
        return float(self.meta.get("value_scale", 10.0))

    def check_fits(self, rules: Rules) -> None:
        """Raise :class:`~hearts.net.meta.ModelError` unless the model was trained for ``rules``' table shape."""
        check_fits(self.meta, rules)

    def trunk(self, index: Sequence[int], value: Sequence[float]) -> list[float]:
        """The trunk's output for an observation's nonzero entries (:func:`~hearts.observe.sparse_encode`); the game
        scores are not read, as :meth:`NetModel.without_scores <hearts.net.model.NetModel.without_scores>`."""
        scores = self._scores
        first, *rest = self._trunk
        kept = [(i, v) for i, v in zip(index, value, strict=True) if i not in scores]
        h = _relu(first.sparse([i for i, _ in kept], [v for _, v in kept]))
        for layer in rest:
            h = _relu(layer(h))
        return h

    def features(self, view: SeatView, cards: Iterable[Card]) -> list[list[float]]:
        """:func:`card_features` of ``cards`` in ``view``."""
        return card_features(dense(self.rules, *sparse_encode(view)), self.rules, cards)

    def play_values(self, h: Sequence[float], features: Sequence[Sequence[float]], cards: Sequence[Card]) -> list[float]:
        """The value (payoff points) of each of ``cards`` from the trunk's output ``h`` and the cards' ``features``."""
        ctx = self._ctx(h)
        out_w, out_b = self._out
        values = []
        for c, feats in zip(cards, features, strict=True):
            parts = [ctx, self._card[c]]
            parts += [row if x == 1.0 else [x * w for w in row] for x, row in zip(feats, self._feat, strict=True) if x]
            z = _relu(map(sum, zip(*parts, strict=True)))
            values.append((_dot(z, out_w) + out_b) * self.value_scale)
        return values

    def shoot_probability(self, h: Sequence[float]) -> float | None:
        """The chance that the teacher would be shooting the moon, from the trunk's output (None: no shoot head)."""
        if self._shoot is None:
            return None
        w, b = self._shoot
        return _sigmoid(_dot(h, w) + b)

    def view_play(self, view: SeatView, cards: Sequence[Card]) -> tuple[list[float], float | None]:
        """The values of ``cards`` (payoff points) in ``view`` and the shoot chance, from one pass through the trunk."""
        index, value = sparse_encode(view)
        h = self.trunk(index, value)
        features = card_features(dense(self.rules, index, value), self.rules, cards)
        return self.play_values(h, features, cards), self.shoot_probability(h)

    def view_pass(self, view: SeatView, picked: Sequence[Card], cards: Sequence[Card]) -> list[float]:
        """The pass logits of ``cards`` for ``view`` with ``picked`` chosen so far (one trunk pass)."""
        h = self.trunk(*sparse_encode(view, picked))
        columns, bias = self._pass
        return [bias[c] + _dot(h, columns[c]) for c in cards]


def load_shipped(rules: Rules) -> PureModel:
    """The shipped model for ``rules``' table shape, read once per process, or a clear :class:`ModelError`."""
    return load_shipped_with(PureModel.load, rules)
