"""The model cards' tables of the per-shape learned players, rendered from their results JSON.

Each table shape's figures are written twice: in its results entry's README
and in ``docs/learning.md``. Both are rendered from the same JSON here, so a
retrained model cannot leave one of them stale::

    python benchmarks/model_cards.py            # print every table
    python benchmarks/model_cards.py --check    # exit 1 if a README or learning.md lacks a row (the docs tests run this)

A shape's row reads its entry's ``model-NAME.json`` (the shipped manifest:
rows and held-out figures) and the arena JSON ``NAME-net-vs-heuristic.json``,
``NAME-shooter-vs-net.json`` and, where the card has those columns,
``NAME-net-vs-hard.json`` (a dash where it is missing) and ``NAME-shooter-vs-heuristic.json``.

>>> label("standard-5"), label("omnibus-4"), label("cancellation-10")
('5', '4, Omnibus', '10, Cancellation')
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
DOCS = ROOT / "docs" / "learning.md"


@dataclass(frozen=True)
class Card:
    """One table of shapes: its results entry, its models and which optional columns it has."""

    entry: str
    models: tuple[str, ...]
    hard: bool
    shooter_heuristic: bool


CARDS = (
    Card(
        "2026-12-07-net-table-shapes",
        ("standard-3", "standard-5", "standard-6", "standard-7", "omnibus-4"),
        hard=True,
        shooter_heuristic=False,
    ),
    Card(
        "2026-12-07-net-more-shapes",
        (
            "cancellation-6",
            "cancellation-7",
            "cancellation-9",
            "cancellation-10",
            "cancellation-11",
            "omnibus-3",
            "omnibus-5",
            "omnibus-6",
            "omnibus-7",
        ),
        hard=True,
        shooter_heuristic=True,
    ),
)


def label(model: str) -> str:
    """The table's first column for a model: its players, and the variant unless it is standard Hearts."""
    variant, _, players = model.rpartition("-")
    return players if variant == "standard" else f"{players}, {variant.capitalize()}"


def _load(entry: Path, name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((entry / name).read_text())
    return data


def _bot(arena: dict[str, Any], prefix: str) -> dict[str, Any]:
    return next(b for b in arena["bots"] if b["name"].startswith(prefix))


def _payoff(arena: dict[str, Any], bold: bool = False) -> str:
    net = _bot(arena, "net")
    text = f"{net['payoff']:+.2f} ± {net['payoff_se']:.2f}".replace("-", "−")
    return (f"**{text}**" if bold else text) + f" ({arena['deals']})"


def _moons(arena: dict[str, Any]) -> str:
    shooter = _bot(arena, "shooter")
    shot, hands = shooter["moons_shot"], shooter["hands_played"]
    return f"{shot} of {hands:,} ({100 * shot / hands:.1f} %)"


def header(card: Card) -> list[str]:
    """The table's header and rule lines."""
    cols = ["players", "rows", "agreement", "regret", "payoff against `heuristic` (deals)"]
    if card.hard:
        cols.append("payoff against `hard` (deals)")
    if card.shooter_heuristic:
        cols += ["`shooter`'s moons against `net`", "against `heuristic`"]
    else:
        cols.append("`shooter`'s moons")
    return ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]


def row(card: Card, model: str) -> str:
    """One shape's row of ``card``'s table, from its entry's JSON."""
    entry = RESULTS / card.entry
    report = _load(entry, f"model-{model}.json")["report"]
    held = report["held_out"]
    cells = [
        label(model),
        f"{report['data']['rows']:,}",
        f"{held['held_agreement']:.3f}",
        f"{held['held_regret']:.3f} ± {held['held_regret_se']:.3f}",
        _payoff(_load(entry, f"{model}-net-vs-heuristic.json"), bold=True),
    ]
    if card.hard:  # a dash where a shape was not measured against hard
        hard = entry / f"{model}-net-vs-hard.json"
        cells.append(_payoff(_load(entry, hard.name)) if hard.exists() else "—")
    cells.append(_moons(_load(entry, f"{model}-shooter-vs-net.json")))
    if card.shooter_heuristic:
        cells.append(_moons(_load(entry, f"{model}-shooter-vs-heuristic.json")))
    return "| " + " | ".join(cells) + " |"


def rows(card: Card) -> list[str]:
    """Every model's row of ``card``'s table."""
    return [row(card, model) for model in card.models]


def missing(card: Card) -> list[str]:
    """``where: row`` for each rendered row that the entry's README or ``docs/learning.md`` does not hold verbatim."""
    out, rendered = [], rows(card)
    for path in (RESULTS / card.entry / "README.md", DOCS):
        lines = set(path.read_text().splitlines())
        out += [f"{path.relative_to(ROOT)}: {line}" for line in rendered if line not in lines]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a README or docs/learning.md lacks a rendered row")
    args = parser.parse_args(argv)
    if args.check:
        stale = [line for card in CARDS for line in missing(card)]
        for line in stale:
            print("missing or stale:", line)
        return 1 if stale else 0
    for card in CARDS:
        print(f"{card.entry}:", *header(card), *rows(card), "", sep="\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
