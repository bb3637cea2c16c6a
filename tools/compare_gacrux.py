"""Our C.07 tie-breaks against gacrux, the FIDE technical commission's tie-break checker.

gacrux is a test-only witness (requirements-dev.txt). Every tie-break gacrux knows and
we compute is compared on every player, for the seed vectors and for freshly generated
tournaments (pairing.engine.generator, with byes, forfeits, withdrawals and late
entries), in both C.07 editions (2024 text; 2026 amendment of 16.4). Ranks are
compared for the preset lists, where direct encounter takes part.

    python tools/compare_gacrux.py --tournaments 200 --seed 1
    python tools/compare_gacrux.py --tournaments 50 --base-seed 20240801 --every-round  # the test's set
"""

from __future__ import annotations

import argparse
import collections
import copy
import sys
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pairing.engine import pair
from pairing.engine.generator import GeneratorConfig, generate
from pairing.engine.standings_check import printed_agrees
from pairing.engine.state import PairingError
from pairing.engine.tiebreaks import PRESETS, standings
from pairing.engine.trf import TrfTournament, parse_trf, write_trf
from pairing.engine.trf.state import next_round, state_for_round

VALUE_CODES = (
    "BH", "BH/C1", "BH/C2", "BH/M1", "BH/M2",
    "BH/P", "BH/C1/P", "FB", "FB/C1", "FB/M1", "FB/P", "AOB", "AOB/F",
    "SB", "SB/C1", "SB/M1", "SB/P", "KS", "KS/L+1", "KS/L-1",
    "ARO", "ARO/C1", "ARO/M1", "TPR", "PTP", "APRO", "APPO", "RTNG",
    "TPR/U1400", "PTP/U1400", "APRO/U1400", "APPO/U1400", "RTNG/U1400",
    "WIN", "WON", "BPG", "BWG", "REP", "STD", "TPN",
    "PS", "PS/C1",
)  # fmt: skip
# C.07 8.2 states no rounding for AOB; gacrux rounds it (2 decimals up to 8 rounds, 3 up to
# 26...): a value agrees when ours rounds to gacrux's at gacrux's precision.
ROUNDED_BY_GACRUX = frozenset({"AOB", "AOB/F"})
RANK_LISTS = {
    "PTS DE": ("DE",),
    "PTS EDE": ("EDE",),
    "PTS DE/P": ("DE/P",),
    "2026 codes": ("KS", "STD", "AOB", "PTP", "DE", "FB", "TPN"),  # FB last: see compare()
    "ratings": ("APRO/U1400", "APPO/U1400", "RTNG/U1400", "TPN/R"),
    **{f"preset {name}": codes for name, codes in PRESETS.items()},
}
GACRUX_VERSION = {"2024": "V1", "2026": "V2"}  # gacrux's rule sets: 1 = 2024-08-01, 2 = 2026-03-01


def generator_config(k: int) -> GeneratorConfig:
    """Small fields with many unplayed rounds: article 16 is where the rules differ most.
    Every third tournament has unrated players (the ``/U`` rating, C.07 10), every fifth
    scores 3-1-0 (STD 7.7 and Koya 9.2 read the scoring)."""
    return GeneratorConfig(
        unrated_rate=0.1 if k % 3 == 1 else 0.0,
        scoring=(("W", 30), ("D", 10)) if k % 5 == 2 else (),
        players=12 + (k * 7) % 19,
        rounds=5 + k % 4,
        draw_rate=0.3,
        forfeit_rate=0.08,
        bye_rate=0.08,
        withdraw_rate=0.04,
        late_rate=0.1,
        name=f"gacrux comparison {k}",
    )


def generated(seed: int, k: int) -> TrfTournament:
    """Tournament *k* of a run; a field that runs out of pairings (C.04.3 A.9) is drawn again."""
    for attempt in range(10):
        try:
            return generate(generator_config(k), seed + 1_000_000 * attempt, lambda state: pair(state, "dutch"))
        except PairingError:
            continue
    raise PairingError(f"tournament {k} (seed {seed}) could not be generated")


def gacrux_tournament(trf_text: str) -> dict:
    """The file as gacrux reads it (its chess-JSON tournament)."""
    from gacrux.trf2json import trf2json

    chessfile = trf2json()
    chessfile.parse_file(trf_text, 0)
    if chessfile.chessjson["status"]["code"] > 400:
        raise ValueError(f"gacrux refused the file: {chessfile.chessjson['status']}")
    return chessfile.get_tournament(1)


def gacrux_run(
    source: str | dict, codes: tuple[str, ...], edition: str, after: int | None = None
) -> dict[int, tuple[int, list[object]]]:
    """gacrux's (rank, values) per start number for ``PTS`` then *codes*, after round *after*
    (default: every round); *source* is a TRF text or a tournament gacrux_tournament read."""
    from gacrux.tiebreak import tiebreak

    tournament = copy.deepcopy(source) if isinstance(source, dict) else gacrux_tournament(source)
    version = GACRUX_VERSION[edition]
    params = {
        "tiebreak": ["PTS", *(f"{c}/{version}" for c in codes)],
        "check": False,
        "current_round": after or -1,
        "swiss": True,
        "pre_determined": False,
        "unrated": None,
    }
    checker = tiebreak(tournament, after or -1, params)
    result = checker.compute_tiebreaks(tournament, params)
    return {c["cid"]: (c["rank"], c["tiebreakScore"][1:]) for c in result["competitors"]}


def ours(
    t: TrfTournament, codes: tuple[str, ...], edition: str, after: int | None = None
) -> dict[int, tuple[int, list[object]]]:
    state = state_for_round(t, after + 1 if after else next_round(t))
    table = standings(state, codes, edition)
    return {row.player_id: (row.rank, list(row.values)) for row in table.rows}


def gacrux_runs(codes: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The codes in gacrux runs: the Fore Buchholz ones (FB, AOB/F) each alone, the rest in
    one. gacrux's Fore Buchholz leaves its reading of the final round (every player paired
    in it present to the end) in the players' data, and the codes after it in a run read it."""
    fore = [c for c in codes if c.startswith("FB") or c == "AOB/F"]
    return [tuple(c for c in codes if c not in fore), *((c,) for c in fore)]


def same(a: object, b: object, rounded: bool = False) -> bool:
    """Ours *a* and gacrux's *b*; *rounded*: b is a at b's printed precision."""
    if a is None or b is None:
        return a is None and b is None
    if rounded and isinstance(b, Decimal):
        return printed_agrees(str(b), a)  # type: ignore[arg-type]
    if isinstance(b, Decimal):
        b = Fraction(b)
    return Fraction(a) == Fraction(b)  # type: ignore[arg-type]


def compare(t: TrfTournament, edition: str, after: int | None = None) -> tuple[collections.Counter, list[str]]:
    """Per tie-break (and per rank list), the number of players that agree, and the differences,
    in the standings after round *after* (default: the last)."""
    text = gacrux_tournament(write_trf(t))
    agree: collections.Counter = collections.Counter()
    diffs: list[str] = []
    where = f"{t.name} {edition}" + (f" after round {after}" if after else "")
    mine = ours(t, VALUE_CODES, edition, after)
    theirs: dict[str, dict[int, object]] = {}
    for run in gacrux_runs(VALUE_CODES):
        values = gacrux_run(text, run, edition, after)
        for k, code in enumerate(run):
            theirs[code] = {pid: v[1][k] for pid, v in values.items()}
    for k, code in enumerate(VALUE_CODES):
        for pid in sorted(mine):
            if same(mine[pid][1][k], theirs[code][pid], code in ROUNDED_BY_GACRUX):
                agree[code] += 1
            else:
                diffs.append(f"{where} {code} player {pid}: ours {mine[pid][1][k]}, gacrux {theirs[code][pid]}")
    for label, codes in RANK_LISTS.items():
        theirs, mine = gacrux_run(text, codes, edition, after), ours(t, codes, edition, after)
        for pid in sorted(mine):
            if mine[pid][0] == theirs[pid][0] and all(
                same(a, b, code in ROUNDED_BY_GACRUX)
                for a, b, code in zip(mine[pid][1], theirs[pid][1], codes, strict=True)
            ):
                agree[label] += 1
            else:
                diffs.append(f"{where} {label} player {pid}: ours {mine[pid]}, gacrux {theirs[pid]}")
    return agree, diffs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tournaments", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--base-seed",
        type=int,
        help="tournament k is drawn with seed BASE_SEED + k, as the test does (default: SEED * 100000 + k)",
    )
    parser.add_argument("--vectors", type=Path, default=Path(__file__).resolve().parents[1] / "tests/fixtures/trf")
    parser.add_argument("--show", type=int, default=10, help="differences to print")
    parser.add_argument(
        "--every-round", action="store_true", help="also compare the standings after every earlier round"
    )
    args = parser.parse_args(argv)

    files = sorted(args.vectors.glob("*.trf"))
    tournaments = [parse_trf(f.read_text()) for f in files]
    base = args.seed * 100_000 if args.base_seed is None else args.base_seed
    tournaments += [generated(base + k, k) for k in range(args.tournaments)]
    players = sum(len(t.players) for t in tournaments)
    print(f"{len(tournaments)} tournaments ({len(files)} seed vectors), {players} players")
    status = 0
    for edition in ("2024", "2026"):
        total: collections.Counter = collections.Counter()
        diffs: list[str] = []
        compared = 0
        for t in tournaments:
            last = t.rounds_in_file
            for after in (*range(1, last), None) if args.every_round else (None,):
                agree, d = compare(t, edition, after)
                total.update(agree)
                diffs += d
                compared += len(t.players)
        where = "after every round" if args.every_round else "final standings"
        print(f"\nC.07 edition {edition}, {where}: players agreeing with gacrux, per tie-break")
        for code in (*VALUE_CODES, *RANK_LISTS):
            print(f"  {code:24} {total[code]:6d} / {compared}  {100 * total[code] / compared:6.2f}%")
        values = sum(total[code] for code in VALUE_CODES), compared * len(VALUE_CODES)
        ranks = sum(total[label] for label in RANK_LISTS), compared * len(RANK_LISTS)
        print(f"  tie-break values: {values[0]} of {values[1]} agree; ranks: {ranks[0]} of {ranks[1]} agree")
        for line in diffs[: args.show]:
            print("  ", line)
        status |= bool(diffs)
    return status


if __name__ == "__main__":
    raise SystemExit(main())
