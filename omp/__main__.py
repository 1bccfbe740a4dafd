"""``python -m omp`` runs the command line."""

from __future__ import annotations

import sys

from omp.cli import main

if __name__ == "__main__":
    sys.exit(main())
