"""Engine command for ../shared/tools/check_pairings.py: ``run_engine.py --burstein IN -p OUT``.

Pairs the round after the last one in the file (announced absences H/Z/F of that round
read as absences) and writes the pairs in the usual convention: number of pairs, then
"white black" per line, the pairing-allocated bye as "id 0".
Options: --burstein | --lim, --acceleration burstein, --maxi (Lim 3.2/3.8/5.7).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from pairing.engine import PairingOptions, pair
from pairing.engine.state import TournamentState
from pairing.engine.trf import read_trf
from pairing.engine.trf.state import state_for_round


def load_state(path: str) -> TournamentState:
    return state_for_round(read_trf(path))


def main() -> int:
    ap = argparse.ArgumentParser()
    system = ap.add_mutually_exclusive_group(required=True)
    system.add_argument("--burstein", action="store_const", const="burstein", dest="system")
    system.add_argument("--lim", action="store_const", const="lim", dest="system")
    ap.add_argument("--acceleration", default="none")
    ap.add_argument("--maxi", action="store_true")
    ap.add_argument("input")
    ap.add_argument("-p", dest="output", required=True)
    a = ap.parse_args()
    state = load_state(a.input)
    result = pair(state, a.system, options=PairingOptions(acceleration=a.acceleration, lim_maxi=a.maxi))
    lines = [f"{b.white} {b.black}" for b in result.boards]
    if result.bye is not None:
        lines.append(f"{result.bye} 0")
    Path(a.output).write_text("\n".join([str(len(lines)), *lines]) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
