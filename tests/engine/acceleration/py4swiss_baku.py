"""Dutch with the Baku acceleration against py4swiss, on freshly generated tournaments.

Each tournament is generated (and so paired) by our engine with the Baku acceleration of
C.04.5.1, the virtual points written as ``XXA`` lines; every round is cut from the file and
given to py4swiss, which reads ``XXA``, and the two pairings are compared. The TRF and
py4swiss glue is that of the plain Dutch comparison (tools/compare_py4swiss.py).

Each differing round gets one category:

- ``LATE_ENTRIES`` (the known difference of ../shared/corpus/README.md): py4swiss takes
  the E.5 parity from the final pairing numbers where the reference engine of the corpus
  (and we) use the effective ones of C.04.2.C.3. Checked strictly: the same pairs, the
  same bye, and the boards with swapped colours are exactly those where E.5 decides (no
  played game on either side, so no colour preference: A.6, E.1-E.4 silent) and the
  higher-ranked player's effective and final numbers differ in parity.
- ``PAB_C7``: py4swiss gives the PAB to a player it floated down into the last bracket,
  who has a higher pairing score than ours (the lowest of the round). Checked strictly
  (see :func:`c7_pab`): the brackets above agree, the bracket before the last ties on C.5
  and C.6 with the same MDPs, and our following bracket has as many pairs and a lower PSD,
  which C.7 prefers before any colour or float criterion. The same verdict as the plain
  Dutch comparison's (tests/engine/dutch/test_py4swiss_verdicts.py); every case seen is a
  named test in test_py4swiss_baku_verdicts.py.
- ``OTHER``: anything else, a failure to trace.

    python -m tests.engine.acceleration.py4swiss_baku --tournaments 100 --seed 5000
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tools"))

from compare_py4swiss import LATE_ENTRIES, py4swiss_rows, rows, summarise  # the plain Dutch comparison's glue

from pairing.engine import pair
from pairing.engine.acceleration import AccelerationSpec
from pairing.engine.generator import GeneratorConfig, generate
from pairing.engine.state import PairingError, TournamentState
from pairing.engine.trf import TrfTournament, write_trf
from pairing.engine.trf.state import cut, recorded_pairing, state_for_round

BAKU = AccelerationSpec("baku")
OTHER = "other"
PAB_C7 = (
    "C.7: py4swiss floats into the last bracket a player who takes the PAB there; with the PAB a "
    "downfloater of the last bracket (A.8, A.9), C.7 takes the downfloater that leaves that bracket a lower PSD"
)
ONE_POINT = 10  # scores are in tenths


def config_of(seed: int, players: tuple[int, int] = (10, 40)) -> GeneratorConfig:
    """Open-like fields: 9 to 11 rounds (C.04.5.1 rule 1), late entries, byes, forfeits."""
    rng = random.Random(seed)
    n = rng.randint(*players)
    return GeneratorConfig(
        players=n,
        rounds=min(rng.randint(9, 11), n // 2 + 1),
        draw_rate=rng.choice([0.1, 0.3, 0.5]),
        forfeit_rate=0.03,
        bye_rate=0.04,
        withdraw_rate=0.02,
        late_rate=0.06,
        rating_high=rng.choice([2000, 2300, 2600]),
        rating_low=rng.choice([1000, 1400]),
    )


def tournament_of(seed: int, players: tuple[int, int] = (10, 40)) -> TrfTournament:
    """The generated tournament, every round paired by our Dutch engine with Baku acceleration."""
    return generate(
        config_of(seed, players), seed, lambda state: pair(state, "dutch", "2017"), acceleration=BAKU, edition="2017"
    )


def e5_parity_only(state: TournamentState, ours: set[tuple[int, int]], theirs: set[tuple[int, int]]) -> bool:
    """Do the pairings differ exactly by E.5 taken on final (not effective) pairing numbers?

    Player ids are the final numbers (TRF start numbers); ``state.pairing_numbers`` holds
    the effective ones of C.04.2.C.3.
    """
    if {frozenset(r) for r in ours} != {frozenset(r) for r in theirs}:
        return False
    numbers = state.pairing_numbers
    by_id = state.by_id
    expected_swaps = set()
    for white, black in ours:
        if black == 0:
            continue
        if by_id[white].colour_sequence() or by_id[black].colour_sequence():
            continue  # someone has a colour preference: E.1-E.4 decide, not E.5
        # A.2: the higher-ranked player (pairing score, then pairing number) decides in E.5;
        # effective and final numbers keep the same order, so the id breaks the tie.
        high = min((white, black), key=lambda p: (-state.pairing_score(p), p))
        if numbers[high] % 2 != high % 2:
            expected_swaps.add((white, black))
    return ours - theirs == expected_swaps


def c7_pab(state: TournamentState, ours: set[tuple[int, int]], theirs: set[tuple[int, int]]) -> bool:
    """Is the difference py4swiss's PAB against C.7, as described in the module docstring?"""
    score = state.pairing_score
    our_bye = next((w for w, b in ours if b == 0), None)
    their_bye = next((w for w, b in theirs if b == 0), None)
    if our_bye is None or their_bye is None or our_bye == their_bye:
        return False
    penultimate = score(their_bye)
    below = {score(p.id) for p in state.to_pair if score(p.id) < penultimate}
    if below != {score(our_bye)}:
        return False  # our PAB must be in the following bracket, the last one
    if any(min(score(x) for x in row if x) > penultimate for row in ours ^ theirs):
        return False  # the brackets above the one before the last must be paired alike

    def sd(a: int, b: int) -> int:
        return abs(score(a) - score(b))

    def outlook(rows: set[tuple[int, int]]) -> tuple:
        """MDPs, pairs and PSD of the bracket before the last; pairs and PSD of the last (A.8)."""
        boards = [(w, b) for w, b in rows if b]
        mdps = frozenset(x for w, b in boards for x, y in ((w, b), (b, w)) if score(x) > penultimate >= score(y))
        members = {p.id for p in state.to_pair if score(p.id) == penultimate} | mdps
        pairs = [(w, b) for w, b in boards if w in members and b in members]
        floaters = members - {x for pair in pairs for x in pair}
        psd = sorted([sd(*pair) for pair in pairs] + [score(f) - (penultimate - ONE_POINT) for f in floaters])
        last = {p.id for p in state.to_pair if score(p.id) < penultimate} | floaters
        lowest = min(score(x) for x in last)
        last_pairs = [(w, b) for w, b in boards if w in last and b in last]
        unpaired = last - {x for pair in last_pairs for x in pair}
        last_psd = sorted([sd(*pair) for pair in last_pairs] + [score(u) - (lowest - ONE_POINT) for u in unpaired])
        return mdps, len(pairs), psd[::-1], len(last_pairs), last_psd[::-1]

    o_mdps, o_pairs, o_psd, o_last_pairs, o_last_psd = outlook(ours)
    t_mdps, t_pairs, t_psd, t_last_pairs, t_last_psd = outlook(theirs)
    return (
        (o_mdps, o_pairs, o_psd) == (t_mdps, t_pairs, t_psd)  # C.5, C.6 tie in the bracket before the last
        and o_last_pairs == t_last_pairs  # C.7 first: as many pairs in the following bracket
        and o_last_psd < t_last_psd  # C.7 then: a lower PSD there (lexicographic, highest SD first)
    )


def compare(seed: int, players: tuple[int, int] = (10, 40)) -> tuple[int, list[tuple[int, str, str]]]:
    """Rounds compared, and each differing round with its category."""
    try:
        tournament = tournament_of(seed, players)
    except PairingError:
        return 0, []  # the random results made a round unpairable: nothing to compare
    out = []
    for rnd in range(1, tournament.total_rounds + 1):
        ours = rows(recorded_pairing(tournament, rnd, "2017"))
        theirs = py4swiss_rows(write_trf(cut(tournament, rnd)))
        if ours == theirs:
            continue
        state = state_for_round(tournament, rnd)
        if e5_parity_only(state, ours, theirs):
            category = LATE_ENTRIES
        elif c7_pab(state, ours, theirs):
            category = PAB_C7
        else:
            category = OTHER
        out.append((rnd, category, f"ours-only {sorted(ours - theirs)} py4swiss-only {sorted(theirs - ours)}"))
    return tournament.total_rounds, out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tournaments", type=int, default=100)
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--players", type=int, nargs=2, default=(10, 40), metavar=("MIN", "MAX"))
    args = parser.parse_args()
    seeds = range(args.seed, args.seed + args.tournaments)
    return summarise(lambda seed: compare(seed, tuple(args.players)), seeds, OTHER)


if __name__ == "__main__":
    sys.exit(main())
