"""Dependencies point one way (design notes): core <- record <- bots <- sim; core <- observe <- vec <- net, rl;
bots <- session <- tui, server; nothing imports cli.

The core is standard library only; third-party modules are imported only in
their own subpackage (and lazily, for optional extras). An import that
:data:`LAZY` lists is allowed only inside a function.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "hearts"

#: which of our subpackages each subpackage may import
ALLOWED = {
    "core": set(),
    "jit": set(),  # compiles kernel modules handed to it; knows none of ours
    "record": {"core"},
    "bots": {"core", "jit"},
    "observe": {"core"},  # the observation, below everything that reads it
    "vec": {"core", "record", "observe"},
    "vecjax": {"core", "observe", "vec"},  # vec: the NumPy engine it is checked against, and its games loaded
    "net": {"core", "bots", "observe", "vec"},  # vec: net-rollout plays its worlds out over the batched engine
    "rl": {"core", "bots", "observe", "vec", "net"},
    "sim": {"core", "bots", "observe", "rl", "openspiel", "vec", "frontend"},
    "learn": {"core", "bots", "observe", "sim", "net"},
    "session": {"core", "record", "bots"},  # a game in progress at a table, below the apps that drive it
    "baselines": {"core", "bots", "rl", "sim"},  # rl: the environment and the policy file; sim: the arena that measures it
    "tui": {"core", "record", "bots", "i18n", "frontend", "session"},
    "i18n": set(),
    "server": {"core", "record", "bots", "i18n", "session"},
    # the page's table: the server's standard-library modules, in Pyodide; net: medium's models fetched (its meta)
    "web": {"core", "record", "bots", "server", "session", "net"},
    "openspiel": {"core", "bots"},
    "ladder": {"core", "bots", "sim", "frontend"},
    "frontend": {"core"},  # the options every command-line front end of a table shares
}

#: imports of ALLOWED that only a function may make: an optional extra, or a part only one feature needs
LAZY = {
    "bots": {"jit"},  # the compiled search, where the compiler is installed
    "baselines": {"rl"},  # the environment, built when training starts
    "rl": {"net"},  # the shipped model as the vector environment's opponents ("net")
    "sim": {"observe", "rl", "openspiel", "vec"},  # the self-play datasets (NumPy) and the benchmark
}

#: third-party modules of optional extras, and the subpackages that may import them at module level
EXTRAS: dict[str, tuple[str, ...]] = {
    "numpy": ("observe", "rl", "openspiel", "net", "learn", "vec", "vecjax", "baselines"),
    "pettingzoo": ("rl",),
    "gymnasium": ("rl", "baselines"),
    "textual": ("tui",),
    "starlette": ("server",),
    "uvicorn": ("server",),
    "sqlalchemy": ("server",),
    "websockets": ("server",),
    "psycopg": (),
    "playwright": (),
    "pyspiel": ("openspiel",),
    "open_spiel": ("openspiel",),
    "ray": (),
    "pyarrow": (),
    "torch": (),
    "stable_baselines3": (),
    "sb3_contrib": (),
    "openskill": (),
    "jax": ("vecjax",),
    "pgx": ("vecjax",),
    "numba": ("jit",),
    "llvmlite": ("jit",),
}

#: optional libraries that exactly one module may import (lazily)
OWNERS = {
    "ray": ("sim/ray_backend.py",),
    "pyarrow": ("sim/selfplay_io.py",),
    "torch": ("learn/train.py", "baselines/ppo.py"),
    "stable_baselines3": ("baselines/ppo.py",),
    "sb3_contrib": ("baselines/ppo.py",),
    "openskill": ("ladder/rating.py",),
    "pgx": ("vecjax/pgx_env.py",),
}


def imports_of(path: Path) -> list[tuple[str, int]]:
    """(absolute module name, level) of each import in a file, relative ones resolved within hearts."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = path.relative_to(SRC.parent).with_suffix("").parts[:-1]
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                name = ".".join(base + ((node.module,) if node.module else ()))
            else:
                name = node.module or ""
            out.append((name, node.lineno))
    return out


def test_subpackages_import_only_what_the_layering_allows() -> None:
    problems = []
    for sub, allowed in ALLOWED.items():
        for path in (SRC / sub).rglob("*.py"):
            for name, line in imports_of(path):
                top = name.split(".")[0]
                if top == "hearts":
                    parts = name.split(".")
                    target = parts[1] if len(parts) > 1 else ""
                    if target != sub and target not in allowed:
                        problems.append(f"{path.relative_to(SRC)}:{line} imports {name}")
                elif sub == "core" and top not in sys.stdlib_module_names and top != "__future__":
                    problems.append(f"{path.relative_to(SRC)}:{line} imports third-party {name}")
    assert problems == []


def test_the_lazy_imports_are_made_inside_functions() -> None:
    problems = []
    for sub, lazy in LAZY.items():
        assert lazy <= ALLOWED[sub]
        for path in (SRC / sub).rglob("*.py"):
            top_level = {node.lineno for node in ast.parse(path.read_text(encoding="utf-8")).body}
            for name, line in imports_of(path):
                parts = name.split(".")
                if parts[0] == "hearts" and len(parts) > 1 and parts[1] in lazy and line in top_level:
                    problems.append(f"{path.relative_to(SRC)}:{line} imports {name} at module level")
    assert problems == []


def test_every_subpackage_has_its_layer() -> None:
    subpackages = {p.name for p in SRC.iterdir() if (p / "__init__.py").exists()}
    assert subpackages == set(ALLOWED)


def test_one_table_session_below_both_apps() -> None:
    """hearts.session imports neither app, and both apps' game at a table is the session's: the server's table is a
    TableSession, the terminal's session drives a SoloTable (one, not two models of undo, claim, hint and refusals)."""
    assert not ALLOWED["session"] & {"tui", "server", "web", "frontend", "i18n"}
    for path in (SRC / "session").rglob("*.py"):
        for name, line in imports_of(path):
            assert not name.startswith(("hearts.tui", "hearts.server", "hearts.web")), f"{path}:{line} imports {name}"
    assert "hearts.session.table" in {n for n, _ in imports_of(SRC / "server" / "table.py")}
    assert "hearts.session.solo" in {n for n, _ in imports_of(SRC / "tui" / "session.py")}


def test_nothing_imports_the_cli() -> None:
    for path in SRC.rglob("*.py"):
        if path.name in ("cli.py", "__main__.py"):
            continue
        for name, line in imports_of(path):
            assert name != "hearts.cli", f"{path}:{line} imports the CLI"


def test_optional_extras_are_imported_only_where_they_belong() -> None:
    """An extra's module is imported at module level only in its own subpackage (pyspiel only in hearts.openspiel)."""
    for path in SRC.rglob("*.py"):
        sub = path.relative_to(SRC).parts[0]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                for name in names:
                    top = name.split(".")[0]
                    assert top not in EXTRAS or sub in EXTRAS[top], f"{path} imports {name} at module level"


def test_the_rl_subpackage_is_imported_lazily_outside_it() -> None:
    """hearts.rl needs the rl extra: only function-level imports of it outside rl/."""
    for path in SRC.rglob("*.py"):
        if path.relative_to(SRC).parts[0] == "rl":
            continue
        top_level = {node.lineno for node in ast.parse(path.read_text(encoding="utf-8")).body}
        for name, line in imports_of(path):
            if name == "hearts.rl" or name.startswith("hearts.rl."):
                assert line not in top_level, f"{path}:{line} imports {name} at module level"


def test_ray_pyarrow_and_torch_each_have_one_module() -> None:
    """Ray is imported only by sim/ray_backend.py, pyarrow only by sim/selfplay_io.py, PyTorch only by learn/train.py
    and baselines/ppo.py, Stable-Baselines3 and sb3-contrib only by baselines/ppo.py, OpenSkill only by ladder/rating.py."""
    for path in SRC.rglob("*.py"):
        rel = path.relative_to(SRC).as_posix()
        for name, line in imports_of(path):
            top = name.split(".")[0]
            assert top not in OWNERS or rel in OWNERS[top], f"{rel}:{line} imports {name}"


#: the server's table side (the hub, its lobby, the table actors and their parts) and the modules that speak HTTP
TABLE_SIDE = (
    "hub",
    "lobby",
    "live",
    "turns",
    "services",
    "chat",
    "connection",
    "remote",
    "context",
    "cluster",
    "table",
    "projection",
    "store",
)
WEB_SIDE = ("app", "routes", "websocket", "listener", "edge", "cli")


def test_the_servers_table_side_knows_nothing_of_http() -> None:
    """The live tables are served the same whatever carries their messages: no web framework, none of the HTTP modules."""
    for name in TABLE_SIDE:
        path = SRC / "server" / f"{name}.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = ("hearts.server." if node.level == 1 else "") + (node.module or "")
                names = [base.rstrip("."), *(f"{base}.{a.name}".replace("..", ".") for a in node.names)]
            else:
                continue
            for imported in names:
                assert imported.split(".")[0] not in ("starlette", "uvicorn"), f"server/{name}.py:{node.lineno} imports {imported}"
                assert imported.removeprefix("hearts.server.") not in WEB_SIDE, f"server/{name}.py:{node.lineno} imports {imported}"


#: the server's own modules, bottom layer first: a module imports only modules of the layers below its own (at module
#: level, inside a function, or under ``TYPE_CHECKING`` alike), so its middle reads top-down with no circle in it
SERVER_LAYERS: tuple[tuple[str, ...], ...] = (
    ("seatcache",),  # the kept seat bots of one bot worker
    ("table", "identity", "lease", "presence", "pages", "bot_tokens", "botlink", "botpool"),
    ("protocol", "names", "results"),
    ("projection", "forms", "connection", "client", "limits", "store"),
    ("players", "edge"),
    ("listener", "context"),  # context: what a live table gets from its server
    ("remote",),  # a live table's parts, each seeing its table through a Protocol of its own ...
    ("turns", "services", "chat"),
    ("live",),  # ... the table's actor, and the registry of the live tables
    ("lobby",),
    ("hub",),
    ("cluster",),
    ("routes",),
    ("accounts", "websocket"),
    ("app",),
    ("cli", "supervisor", "players_cli"),  # the command line: see COMMANDS
)
#: the command-line modules, which may also import one another, inside functions only (``hearts serve --workers``
#: builds its workers' command lines from the parser of ``hearts serve``)
COMMANDS = frozenset(SERVER_LAYERS[-1])


def server_imports(path: Path) -> list[tuple[str, int, bool]]:
    """(module of hearts.server, line, made at module level) of each import of one in a server module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = {node.lineno for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom))}
    modules = {p.stem for p in (SRC / "server").glob("*.py")}
    out = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name.removeprefix("hearts.server.") for a in node.names if a.name.startswith("hearts.server.")]
        elif isinstance(node, ast.ImportFrom):
            base = (node.module or "") if node.level == 1 else (node.module or "").removeprefix("hearts.server").lstrip(".")
            if node.level == 1 or (node.module or "").startswith("hearts.server"):
                # "from . import chat" names modules; "from .live import LiveTable" names one
                names = [a.name for a in node.names if a.name in modules] if not base else [base.split(".")[0]]
        out += [(name.split(".")[0], node.lineno, node.lineno in top) for name in names]
    return out


def test_every_server_module_has_its_layer() -> None:
    placed = [m for layer in SERVER_LAYERS for m in layer]
    assert len(placed) == len(set(placed))
    assert set(placed) == {p.stem for p in (SRC / "server").glob("*.py")} - {"__init__"}


def test_the_servers_modules_import_only_downward() -> None:
    """No module of the server imports one of its own layer or above: no back-references, no TYPE_CHECKING circle."""
    rank = {m: i for i, layer in enumerate(SERVER_LAYERS) for m in layer}
    problems = []
    for name, i in rank.items():
        for imported, line, at_top in server_imports(SRC / "server" / f"{name}.py"):
            if imported == name or rank[imported] < i:
                continue
            if name in COMMANDS and imported in COMMANDS and not at_top:
                continue
            problems.append(f"server/{name}.py:{line} imports {imported} (layer {rank[imported]}, its own is {i})")
    assert problems == []


def test_the_layering_test_sees_an_upward_import(tmp_path: Path) -> None:
    """The check itself: an import of a module above, made only for the type checker, is seen."""
    path = tmp_path / "turns.py"
    path.write_text("from typing import TYPE_CHECKING\nfrom . import protocol\nif TYPE_CHECKING:\n    from .live import LiveTable\n")
    assert server_imports(path) == [("protocol", 2, True), ("live", 4, False)]


def test_no_server_module_imports_for_the_type_checker_only() -> None:
    """A server module needs no ``TYPE_CHECKING`` block: what it names, it imports (from below it)."""
    for path in (SRC / "server").glob("*.py"):
        assert "TYPE_CHECKING" not in path.read_text(encoding="utf-8"), f"server/{path.name} imports under TYPE_CHECKING"
