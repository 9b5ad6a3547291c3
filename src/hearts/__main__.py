"""``python -m hearts`` runs the ``hearts`` command."""

import sys

from .cli import main

sys.exit(main())
