"""Hooks the tests plug into tourney.services.pairing via settings.PAIRING_ENGINE_HOOK.

``stall`` holds a worker in the middle of a pairing (inside the locked transaction,
just before the engine runs) so that a test can kill it there, deterministically:
it writes the worker's pid to $PAIRING_HOOK_MARKER, then waits.
"""

from __future__ import annotations

import os
import time
from pathlib import Path


def stall(rnd: object) -> None:
    Path(os.environ["PAIRING_HOOK_MARKER"]).write_text(str(os.getpid()))
    time.sleep(float(os.environ.get("PAIRING_HOOK_SECONDS", "120")))
