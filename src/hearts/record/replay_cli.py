"""``hearts replay FILE|-|--example NAME [--json] [--trace]``: exit 0 legal, 1 illegal, 2 not a record.

Errors go to standard error as one line; with ``--json`` an illegal record
prints its error object on standard output, and a file that is not a record
prints nothing there. The input file is only ever read.
"""

from __future__ import annotations

import json
import sys

from . import examples
from .errors import RecordError
from .format import read_record
from .replay import replay
from .report import text_report


def run_replay(file: str | None, *, as_json: bool, trace: bool, example: str | None = None) -> int:
    """Replay ``file`` (``-``: standard input) or a shipped ``example``, print the result, return the exit status."""
    if (file is None) == (example is None):
        print("hearts replay: give one record: FILE (- for standard input) or --example NAME", file=sys.stderr)
        return 2
    try:
        if example is not None:
            file = str(examples.path(example))
    except RecordError as e:
        print(f"hearts replay: {e}", file=sys.stderr)
        return 2
    assert file is not None
    name = "<stdin>" if file == "-" else (f"example {example}" if example else file)
    try:
        rec = read_record(file)
        out = replay(rec, trace=trace)
    except RecordError as e:
        print(f"hearts replay: {name}: {e}", file=sys.stderr)
        return 2
    except RecursionError:
        print(f"hearts replay: {name}: not a record: nested too deeply", file=sys.stderr)
        return 2
    if as_json:
        print(json.dumps(out))
    if not out["ok"]:
        err = out["error"]
        from .errors import ReplayError

        print(f"hearts replay: {name}: illegal record: {ReplayError(**err)}", file=sys.stderr)
        return 1
    if not as_json:
        sys.stdout.write(text_report(rec, out))
    return 0
