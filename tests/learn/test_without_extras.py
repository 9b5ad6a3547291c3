"""The command works without the learn extra: its parser builds without NumPy, and hearts train says what is missing."""

from __future__ import annotations

import subprocess
import sys

BLOCK = "import sys; sys.modules['numpy'] = None; sys.modules['torch'] = None; sys.modules['pyarrow'] = None\n"


def _run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", BLOCK + code], capture_output=True, text=True, timeout=60)


def test_the_command_builds_without_numpy() -> None:
    done = _run("from hearts.cli import main; sys.exit(main(['--help']))")
    assert done.returncode == 0 and "train" in done.stdout and "Traceback" not in done.stderr


def test_train_without_the_extra_is_one_clear_line(tmp_path: object) -> None:
    done = _run(f"from hearts.cli import main; sys.exit(main(['train', '--recipe', 'tiny', '--work', {str(tmp_path)!r}]))")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.startswith("hearts train: training needs the learn extra (pip install 'hearts-game[learn]')")
