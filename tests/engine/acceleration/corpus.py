"""The Baku corpus replayed two ways: reading its XXA lines, and with them removed and the
acceleration computed by pairing.engine.acceleration (C.04.5.1).

    python -m tests.engine.acceleration.corpus [FOLDER]     every round of every file, both ways
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

from pairing.engine import PairingOptions, pair
from pairing.engine.acceleration import AccelerationSpec, accelerate
from pairing.engine.trf import TrfTournament, read_trf
from pairing.engine.trf.state import cut, pairing_rows, recorded_pairing, state_for_round

SHARED = Path(__file__).resolve().parents[4] / "shared" / "corpus" / "dutch-2017-baku"
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "trf" / "corpus" / "dutch-2017-baku"
BAKU = PairingOptions(acceleration="baku")


def without_xxa(t: TrfTournament) -> TrfTournament:
    return dataclasses.replace(t, xx_acceleration=())


def computed_points_differ(t: TrfTournament) -> list[str]:
    """Where the Baku points computed from the file without XXA differ from its XXA lines,
    for every player and every round (the state as it stands before each round)."""
    given = without_xxa(t)
    out = []
    for rnd in range(1, t.rounds_in_file + 1):
        want = state_for_round(cut(t, rnd), rnd)
        got = accelerate(state_for_round(cut(given, rnd), rnd), AccelerationSpec("baku"), edition="2017").state
        for p in want.players:
            for r in range(1, (t.total_rounds or t.rounds_in_file) + 1):
                if want.acceleration(p.id, r) != got.acceleration(p.id, r):
                    out.append(f"before round {rnd}: player {p.id} round {r}: XXA {want.acceleration(p.id, r)}")
    return out


def disagreements(path: Path, computed: bool) -> list[str]:
    """Rounds whose Dutch pairing differs from the recorded one (with XXA, or computed)."""
    t = read_trf(path)
    source = without_xxa(t) if computed else t
    out = []
    for rnd in range(1, t.rounds_in_file + 1):
        want = set(pairing_rows(recorded_pairing(t, rnd, "2017")))
        if not want:
            continue
        state = state_for_round(cut(source, rnd), rnd)
        got = set(pairing_rows(pair(state, "dutch", options=BAKU if computed else None)))
        if got != want:
            out.append(f"{path.name} round {rnd}: missing {sorted(want - got)}, extra {sorted(got - want)}")
    return out


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else SHARED
    files = sorted(folder.glob("*.trf"))
    rounds = agree_xxa = agree_computed = 0
    for path in files:
        t = read_trf(path)
        n = sum(1 for r in range(1, t.rounds_in_file + 1) if pairing_rows(recorded_pairing(t, r, "2017")))
        with_xxa, computed = disagreements(path, False), disagreements(path, True)
        rounds += n
        agree_xxa += n - len(with_xxa)
        agree_computed += n - len(computed)
        for line in with_xxa + computed:
            print(line)
    print(
        f"{len(files)} tournaments, {rounds} rounds: {agree_xxa} agree reading XXA, "
        f"{agree_computed} agree with XXA removed and --acceleration baku"
    )
    return 0 if agree_xxa == agree_computed == rounds else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
