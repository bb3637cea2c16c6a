"""bench/public_compute.py runs on a small tournament (its own throw-away database). It
prints figures and asserts none; bench/public_load.py needs PostgreSQL, Redis and wrk and
is run by hand."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_it_times_every_page_computed_and_served() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "CACHE_URL")}
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "public_compute.py"), "--players", "20", "--rounds", "3"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env=env,
    )
    out = done.stdout
    assert out.startswith("20 players, 3 rounds on sqlite")
    for step in (
        "standings with tie-breaks",
        "crosstable page",
        "crosstable page, cached",
        "rating changes",
        "prize winners, shared",
        "rating report page",
        "prizes page",
    ):
        assert f"  {step} " in out
    renewed = out[out.index("renewed after a result of round 3") :]
    for step in ("round pairing", "points and ARO list", "standings page", "crosstable page", "player card page"):
        assert f"  {step} " in renewed
