"""The rule facts live in one place, the rules kernel (``hearts.core.kernel``): a scan of the source shows it.

Three kinds of violation are looked for in every module of ``src/hearts``
but the kernel, with :mod:`ast` (so comments, docstrings and strings never
count):

- a module-level definition of one of the kernel's rule names (``POINT_MASK``,
  ``MOON_SCORE``, ``QS_BIT``, ...; a leading underscore does not hide it) or
  of one of its rule functions (``trick_winner``, ``best_moon``, ...);
  importing them is what the rest of the code should do;
- a point value or moon total written as a number: ``13``, ``26`` or ``10``
  (``-10``) in one expression with a point or moon name (``QS``, ``JD``,
  ``HEARTS``, ``moon``, ``shooter``, ``points``, ``queen``, ``jack``), or given to such a
  name (``MOON = 26``, ``moon: int = 26`` as a default). A 13 among ranks and
  suits (``c // 13``) is not one;
- the legality rule ``held & ~POINT_MASK or held`` (or ``~HEARTS_MASK``):
  which cards may be played when, written again.
"""

from __future__ import annotations

import ast
import re
import textwrap
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "hearts"
KERNEL = "core/kernel.py"

#: the kernel's rule constants and functions, which only the kernel defines
RULE_NAMES = frozenset({"POINT_MASK", "MOON_SCORE", "QUEEN_POINTS", "HEART_POINTS", "JACK_POINTS", "QS_BIT", "JD_BIT"})
RULE_FUNCTIONS = frozenset(
    {"card_points", "mask_points", "legal_mask", "trick_winner", "trick_points", "jacks_in", "moon_shooter", "settle", "best_moon"}
)
#: the numbers of the point values and the moon's total
RULE_NUMBERS = frozenset({10, 13, 26})
#: the values themselves, given to a name (a plain 10 is an index or a count; the J♦'s value is -10)
VALUES = frozenset({13, 26, -10})
#: a name (or attribute) that speaks of points or of the moon: one of its words is one of these
POINTY = re.compile(r"(?:^|_)(?:qs|jd|queen|jacks?|moon|shooter|shot|hearts?|points?)(?:_|$)", re.IGNORECASE)
#: a suit's name or index: ``suit * 13`` is card-id arithmetic
SUITY = re.compile(r"suit|^(?:CLUBS|DIAMONDS|HEARTS|SPADES)$", re.IGNORECASE)
#: the masks whose complement, ``or`` the hand, is the legality rule
LEGALITY_MASKS = frozenset({"POINT_MASK", "HEARTS_MASK"})

#: being moved to the kernel (issue 60): files another change rewrites; this set may only shrink
PENDING: frozenset[str] = frozenset()


def _ident(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _number(node: ast.AST) -> int | None:
    """The value of an int or whole float literal (``-10`` included), else None."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _number(node.operand)
        return None if inner is None else -inner
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
        if float(node.value).is_integer():
            return int(node.value)
    return None


def _rule_number(node: ast.AST) -> bool:
    n = _number(node)
    return n is not None and abs(n) in RULE_NUMBERS


def _pointy(node: ast.AST) -> bool:
    name = _ident(node)
    return name is not None and bool(POINTY.search(name))


def _rank_arithmetic(node: ast.AST) -> bool:
    """``c // 13``, ``c % 13``, ``suit * 13``: 13 as the ranks of a suit, not the queen's points."""
    if not isinstance(node, ast.BinOp) or _number(node.right if _number(node.right) == 13 else node.left) != 13:
        return False
    if isinstance(node.op, (ast.FloorDiv, ast.Mod)):
        return _number(node.right) == 13
    if isinstance(node.op, ast.Mult):
        other = node.left if _number(node.right) == 13 else node.right
        name = _ident(other)
        return _number(other) is not None or (name is not None and bool(SUITY.search(name)))
    return False


def _expression_hit(node: ast.expr) -> bool:
    """Whether an expression has a rule number and a point/moon name among its parts (card-id arithmetic aside)."""
    parts = list(ast.walk(node))
    if any(_rank_arithmetic(p) for p in parts):
        return False
    return any(_rule_number(p) for p in parts) and any(_pointy(p) for p in parts)


def violations(source: str, path: str = "<snippet>") -> list[str]:
    """Every place in ``source`` that writes a rule fact outside the kernel, as ``path:line: what``."""
    tree = ast.parse(source)
    found: list[tuple[int, str]] = []
    for stmt in tree.body:  # module-level definitions
        targets: list[ast.expr] = []
        if isinstance(stmt, ast.Assign):
            targets = [t for target in stmt.targets for t in (target.elts if isinstance(target, ast.Tuple) else [target])]
        elif isinstance(stmt, (ast.AnnAssign, ast.AugAssign)):
            targets = [stmt.target]
        for target in targets:
            name = _ident(target)
            if name is not None and name.lstrip("_") in RULE_NAMES:
                found.append((stmt.lineno, f"defines the kernel's {name.lstrip('_')}"))
        if isinstance(stmt, ast.FunctionDef) and stmt.name.lstrip("_") in RULE_FUNCTIONS:
            found.append((stmt.lineno, f"defines the kernel's function {stmt.name}"))
    for node in ast.walk(tree):
        if isinstance(node, (ast.BinOp, ast.Compare, ast.IfExp)) and _expression_hit(node):
            found.append((node.lineno, "a point value or moon total as a number"))
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)) and _number(node.value or ast.Pass()) in VALUES:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(_pointy(p) for t in targets for p in ast.walk(t)):
                found.append((node.lineno, "a point value or moon total given to a name"))
        elif isinstance(node, ast.keyword) and node.arg and node.value is not None and _rule_number(node.value):
            if POINTY.search(node.arg):
                found.append((node.value.lineno, f"a point value or moon total as {node.arg}="))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            args = node.args
            positional = args.posonlyargs + args.args
            pairs = list(zip(positional[len(positional) - len(args.defaults) :], args.defaults, strict=True)) + [
                (a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d is not None
            ]
            for arg, default in pairs:
                if _rule_number(default) and POINTY.search(arg.arg):
                    found.append((default.lineno, f"a point value or moon total as the default of {arg.arg}"))
        elif isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or):
            first = node.values[0]
            if (
                isinstance(first, ast.BinOp)
                and isinstance(first.op, ast.BitAnd)
                and isinstance(first.right, ast.UnaryOp)
                and isinstance(first.right.op, ast.Invert)
                and _ident(first.right.operand) in LEGALITY_MASKS
            ):
                found.append((node.lineno, "the legality rule (held & ~MASK or held)"))
    return [f"{path}:{line}: {what}" for line, what in sorted(set(found))]


def _modules() -> dict[str, str]:
    return {p.relative_to(SRC).as_posix(): p.read_text(encoding="utf-8") for p in sorted(SRC.rglob("*.py"))}


def test_no_rule_fact_outside_the_kernel() -> None:
    hits = [v for path, text in _modules().items() if path != KERNEL and path not in PENDING for v in violations(text, path)]
    assert hits == [], "rule facts written outside hearts.core.kernel (import them from it):\n" + "\n".join(hits)


def test_pending_files_still_violate() -> None:
    """A pending file that is clean now leaves PENDING (so the set only shrinks); a vanished one too."""
    modules = _modules()
    clean = sorted(path for path in PENDING if path not in modules or not violations(modules[path], path))
    assert clean == [], f"no longer pending: remove {clean} from PENDING"


def test_the_kernel_itself_is_where_the_facts_are() -> None:
    """The scan sees the kernel's own facts, so it is looking at the right things."""
    hits = violations(_modules()[KERNEL], KERNEL)
    assert any("POINT_MASK" in h for h in hits) and any("MOON_SCORE" in h for h in hits)
    assert any("legality rule" in h for h in hits) and any("given to a name" in h for h in hits)


@pytest.mark.parametrize(
    "snippet",
    [
        "POINT_MASK = HEARTS_MASK | 1 << QS",
        "_QS_BIT: int = 1 << QS",
        "MOON_SCORE, OTHER = 26, 1",
        "def trick_winner(cards):\n    return 0",
        "points = (seen & HEARTS_MASK).bit_count() + (13 if seen & _QS_BIT else 0)",
        "shown -= 10 * trick.count(JD)",
        "total = pts + -10 * jacks",
        "def f(scores, moon: int = 26):\n    return moon",
        "scores = [0 if s == shooter else 26 for s in range(n)] if moon_shot else taken",
        "QUEEN = 13",
        "JACK = -10",
        "_POINTS[49] = 13.0",
        "x = (in_trick @ _POINTS / 26.0)",
        "if points_taken[s] == 26:\n    shooter = s",
        "f(h, moon_points=26)",
        "legal = h & ~POINT_MASK or h",
        "legal = (held & ~cards.HEARTS_MASK) or held",
    ],
)
def test_the_scan_catches_a_violation(snippet: str) -> None:
    assert violations(snippet) != []


@pytest.mark.parametrize(
    "snippet",
    [
        "suit = c // 13",
        "rank = c % 13",
        "SUIT_MASKS = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))",
        "HEARTS_MASK = SUIT_MASKS[2]",
        "out[..., 2] = (upto - rest) / 13.0",
        "t = seat * 10 + 26",
        "S_KITTY_JACKS = 10  # a slot index",
        "ranks = [c for c in cards if c // 13 == HEARTS_SUIT]",
        "queen_of_hearts = HEARTS * 13 + 10",
        "from hearts.core.kernel import MOON_SCORE, POINT_MASK",
        "points = mask_points(seen) + JACK_POINTS * jacks",
        "legal = h & ~picked or h",
        "'the moon is worth 26'",
        "def legal_mask(self):\n    return self._legal",  # a method, not the kernel's function
    ],
)
def test_the_scan_leaves_other_numbers_alone(snippet: str) -> None:
    code = "class C:\n" + textwrap.indent(snippet, "    ") if snippet.startswith("def legal_mask(self)") else snippet
    assert violations(code) == []
