"""The docs site builds with ``mkdocs build --strict``, lists every page, and the README stays a short front door."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"


def nav_pages(nav: object) -> list[str]:
    """Every page file named in mkdocs.yml's ``nav`` (nested sections included)."""
    if isinstance(nav, str):
        return [nav]
    if isinstance(nav, list):
        return [page for item in nav for page in nav_pages(item)]
    if isinstance(nav, dict):
        return [page for value in nav.values() for page in nav_pages(value)]
    return []


def test_the_readme_is_at_most_300_lines() -> None:
    assert len(README.read_text(encoding="utf-8").splitlines()) <= 300


def test_the_readmes_links_and_picture_point_at_files_that_exist() -> None:
    text = README.read_text(encoding="utf-8")
    targets = [t.split("#")[0] for t in re.findall(r"\]\(([^)\s]+)\)", text) if not t.startswith(("http", "#"))]
    assert targets, "the README links to its docs"
    assert [t for t in targets if not (ROOT / t).exists()] == []


def test_every_docs_page_is_in_the_sites_navigation() -> None:
    yaml = pytest.importorskip("yaml")
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    pages = nav_pages(config["nav"])
    assert sorted(pages) == sorted(str(p.relative_to(ROOT / "docs")) for p in (ROOT / "docs").glob("*.md"))


def test_the_docs_site_builds_strictly(tmp_path: Path) -> None:
    pytest.importorskip("mkdocs", reason="the docs extra is not installed (pip install -e '.[docs]')")
    pytest.importorskip("material", reason="the docs extra is not installed (pip install -e '.[docs]')")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert (tmp_path / "site" / "index.html").exists()
    api = (tmp_path / "site" / "api" / "index.html").read_text(encoding="utf-8")
    assert "pass_direction" in api  # the reference is generated from the docstrings


def test_the_list_of_results_is_up_to_date() -> None:
    result = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "results_index.py"), "--check"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_every_result_names_its_command_commit_and_machine() -> None:
    result = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "provenance.py"), "--check"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-3000:]


def test_the_generated_tables_of_the_docs_are_up_to_date() -> None:
    result = subprocess.run([sys.executable, str(ROOT / "tools" / "docs_tables.py"), "--check"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_the_model_cards_tables_match_their_results() -> None:
    result = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "model_cards.py"), "--check"], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-3000:]
