"""``python -m pairing``: the command-line pairing tool (see :mod:`pairing.cli`)."""

import sys

from pairing.cli import main

if __name__ == "__main__":
    sys.exit(main())
