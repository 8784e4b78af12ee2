"""``python -m explorer.sim``: see :mod:`explorer.sim.cli`."""

import sys

from explorer.sim.cli import main

if __name__ == "__main__":
    sys.exit(main())
