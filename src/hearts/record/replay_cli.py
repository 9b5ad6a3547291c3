"""``hearts replay FILE|- [--json] [--trace]``: exit 0 legal, 1 illegal, 2 not a record.

Errors go to standard error as one line; with ``--json`` an illegal record
prints its error object on standard output, and a file that is not a record
prints nothing there. The input file is only ever read.
"""

from __future__ import annotations

import json
import sys

from .errors import RecordError
from .format import read_record
from .replay import replay
from .report import text_report


def run_replay(file: str, *, as_json: bool, trace: bool) -> int:
    """Replay ``file`` (``-``: standard input), print the result, return the exit status."""
    name = "<stdin>" if file == "-" else file
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
