"""bench/rating_list_import.py runs on a small list (its own throw-away SQLite database):
a list written in each of FIDE's published forms, imported twice, rows per second printed.
It asserts no speed; the figures are read from its output (docs/benchmarks.md)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_it_imports_the_xml_and_the_txt_list_and_prints_rows_per_second() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "CACHE_URL")}
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "rating_list_import.py"), "--rows", "300"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env=env,
    )
    lines = [line for line in done.stdout.splitlines() if "rows/s" in line]
    assert [line.split(":")[0] for line in lines] == [
        "xml first import",
        "xml second import (in place)",
        "txt first import",
        "txt second import (in place)",
    ]
    assert all(re.search(r": 300 rows in [\d.]+ s, [\d,]+ rows/s", line) for line in lines)
