"""Large-scale acceptance runs: N random tournaments, both ways, between this project and a witness.

FIDE accepts a pairing program after such a run (C.04.A: a random tournament generator makes
the tournaments, the free pairings checker re-pairs every round). Both directions:

* **ours**: the project generates each tournament (``pairing.engine.generator``, paired round by
  round in-process, results from FIDE's expected-score table); the witness re-pairs every round
  from the file cut before it; the project's checker also verifies the standings (points, ranks
  and the tie-break values of the file's list, ``pairing.engine.standings_check``);
* **theirs**: the same generator has the witness pair every round (from the file as it stands);
  the project re-pairs every round (in-process, or ``--ours "python -m pairing"``) and checks the
  witness's pairing against the absolute rules (``pairing.engine.checker``).

Witnesses (tools/witnesses.py): ``gacrux`` (Dutch 2026, both ways), ``caissify`` (Dutch 2026,
its checker: ours only, small fields), ``py4swiss`` (Dutch, Dubov, Burstein: both ways),
``engine`` (``--engine "CMD"``: any command with ``CMD --<system> INPUT -p OUTPUT``, both ways)
and ``self`` (the project's own engine through its checker: every system, Lim included).

Each differing round is saved as a TRF cut before the round, with both answers and the kind in
``###`` comment lines, under ``--out``; the kinds are those adjudicated in
tests/engine/*/test_witnesses*.py and test_edition_2026.py (a kind not adjudicated, or a
standings disagreement, makes the exit status 1).

    python tools/acceptance.py --system dutch --witness gacrux --tournaments 100 -j 1
    python tools/acceptance.py --system dubov --witness py4swiss --tournaments 5000 --seed 1 -j 1
    python tools/acceptance.py --system lim --witness engine --engine "python -m pairing" --small
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import multiprocessing
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from witnesses import Rows, caissify_rounds, engine_checks, engine_rows, gacrux_rows, py4swiss_rows

from pairing.engine import SYSTEMS, pair
from pairing.engine.checker import check_round
from pairing.engine.common.editions import EDITION_2026, KNOWN_EDITIONS
from pairing.engine.generator import GeneratorConfig, generate, with_standings
from pairing.engine.standings_check import verify_standings
from pairing.engine.state import Board, Pairing, PairingError
from pairing.engine.tiebreaks import PRESETS
from pairing.engine.trf import TrfTournament, write_trf
from pairing.engine.trf.state import cut, pairing_rows, recorded_pairing, state_for_round
from pairing.engine.trf.trf26 import TIEBREAK_VALUES_TAG, tiebreak_list

WITNESSES = ("gacrux", "caissify", "py4swiss", "engine", "self")
BOTH_WAYS = ("gacrux", "py4swiss", "engine", "self")
DEFAULT_WITNESS = {"dutch": "gacrux", "dubov": "py4swiss", "burstein": "py4swiss", "lim": "self"}
GENERATION_ATTEMPTS = 5  # a small field may run out of pairings (C.04.3 A.9): the seed is drawn again

# Kinds of every system (the system's own kinds come from its classifier, below).
NO_PAIRING = "witness gives no pairing"
WITNESS_BREAKS = "the witness's pairing breaks an absolute rule (C.04.1)"
OUR_NO_PAIRING = "the project finds no pairing"
SAME_PAIRS_COLOURS = "same pairs and PAB, colours differ"
OTHER_PAB = "different PAB"
OTHER_PAIRS = "different pairs, same PAB"


@dataclass(frozen=True)
class Settings:
    system: str
    edition: str
    witness: str
    engine: str = ""
    ours: str = ""
    max_players: int = 60
    max_rounds: int = 11
    unplayed: int = 1
    unrated_rate: float = 0.0
    directions: tuple[str, ...] = ("ours", "theirs")
    out: str = ""
    gacrux_standings: bool = False
    engine_check: bool = False  # the engine command's own checker (-c) first, rounds one by one only if it objects


@dataclass
class Difference:
    seed: int
    direction: str
    round: int
    kind: str
    adjudicated: bool
    detail: str


@dataclass
class Outcome:
    seed: int
    tournaments: collections.Counter = field(default_factory=collections.Counter)  # by direction
    rounds: collections.Counter = field(default_factory=collections.Counter)
    skipped: collections.Counter = field(default_factory=collections.Counter)
    differences: list[Difference] = field(default_factory=list)
    standings_checked: int = 0
    standings_wrong: list[str] = field(default_factory=list)


def tournament_config(seed: int, s: Settings) -> GeneratorConfig:
    """The tournament of *seed*: 7 to 60 players, 5 to 11 rounds (fewer with --small or the
    maxima given; never more than half the players and one), a draw
    rate of 10, 30 or 50%, forfeits, requested byes, withdrawals and late entries (*unplayed*
    multiplies their rates), one of C.07's preset tie-break lists, the start date that names
    the C.07 edition matching the pairing edition."""
    rng = random.Random(seed)
    players = rng.randint(7, max(s.max_players, 7))
    return GeneratorConfig(
        players=players,
        rounds=min(rng.randint(min(5, s.max_rounds), s.max_rounds), players // 2 + 1),
        draw_rate=rng.choice([0.1, 0.3, 0.5]),
        forfeit_rate=0.03 * s.unplayed,
        bye_rate=0.04 * s.unplayed,
        withdraw_rate=0.02 * s.unplayed,
        late_rate=0.06 * s.unplayed,
        unrated_rate=s.unrated_rate,
        expectation="fide",
        tiebreaks=PRESETS[rng.choice(sorted(PRESETS))],
        start_date="2026/03/02" if s.edition == EDITION_2026 else "2025/06/02",
        tournament_type=f"FIDE_{s.system.upper()}_{s.edition}",
        name=f"Acceptance {s.system} {s.edition} seed {seed}",
    )


# ---------------------------------------------------------------- the two sides


def ours_rows(s: Settings, before: TrfTournament, rnd: int) -> Rows:
    """The project's pairing of round *rnd* from the file cut before it; empty if it finds none."""
    if s.ours:
        return engine_rows(s.ours + f" --edition {s.edition}", s.system, write_trf(before, trf26=True))
    try:
        return set(pairing_rows(pair(state_for_round(before, rnd), s.system, s.edition)))
    except PairingError:
        return set()


def witness_rows(s: Settings, before: TrfTournament, rnd: int) -> Rows:
    """The witness's pairing of round *rnd* from the file cut before it; empty if it finds none."""
    if s.witness == "gacrux":
        return gacrux_rows(write_trf(before, trf26=True))  # gacrux reads the initial colour from 152
    if s.witness == "py4swiss":
        return py4swiss_rows(write_trf(before), s.system)
    if s.witness == "engine":
        return engine_rows(s.engine, s.system, write_trf(before, trf26=True))
    if s.witness == "self":
        return ours_rows(dataclasses.replace(s, ours=""), before, rnd)
    raise ValueError(f"{s.witness} pairs whole files only")


def as_pairing(rows: Rows, t: TrfTournament, rnd: int) -> Pairing:
    """A witness's rows as the generator's Pairing, refused (PairingError) when they pair a
    player absent from the round or leave one out: such a round cannot go into the file."""
    if not rows:
        raise PairingError(f"round {rnd}: the witness gives no pairing")
    state = state_for_round(t, rnd)
    bye = next((w for w, b in rows if b == 0), None)
    boards = tuple(Board(w, b) for w, b in rows if b)
    paired = [p for b in boards for p in (b.white, b.black)] + ([bye] if bye else [])
    if sorted(paired) != sorted(p.id for p in state.to_pair):
        raise PairingError(f"round {rnd}: the witness's pairing does not pair exactly the players present")
    return Pairing(boards, bye)


# ---------------------------------------------------------------- classification


def classify(s: Settings, t: TrfTournament, rnd: int, ours: Rows, theirs: Rows) -> tuple[str, bool]:
    """The kind of a differing round and whether it is adjudicated (a named test rules on it)."""
    if not theirs:
        return NO_PAIRING, False
    if not ours:
        return OUR_NO_PAIRING, False
    if s.system == "dutch" and s.edition == EDITION_2026 and s.witness in ("gacrux", "caissify"):
        import compare_dutch_2026 as dutch

        kind = dutch.classify(t, rnd, ours, theirs)
        return kind, kind in dutch.ADJUDICATED
    if s.witness == "py4swiss" and s.system in ("dubov", "burstein"):
        state = state_for_round(cut(t, rnd), rnd)
        if s.system == "dubov":
            from tests.engine.dubov.py4swiss_categories import OTHER, categorise

            kind = categorise(state, ours, theirs, s.edition)
        else:
            from tests.engine.burstein.py4swiss_categories import OTHER, categorise

            written = {p.start: p.points for p in cut(t, rnd).players if p.points is not None}
            kind = categorise(state, ours, theirs, s.edition, written)
        return kind, kind != OTHER
    return generic_kind(ours, theirs), False


def generic_kind(ours: Rows, theirs: Rows) -> str:
    if {w for w, b in ours if b == 0} != {w for w, b in theirs if b == 0}:
        return OTHER_PAB
    if {frozenset(r) for r in ours} != {frozenset(r) for r in theirs}:
        return OTHER_PAIRS
    return SAME_PAIRS_COLOURS


# ---------------------------------------------------------------- one tournament


def generated(s: Settings, seed: int, pair_file: Callable | None = None) -> TrfTournament | None:
    """The tournament of *seed*, or None when every attempt ran out of pairings."""
    config = tournament_config(seed, s)
    for attempt in range(GENERATION_ATTEMPTS):
        try:
            return generate(
                config,
                seed + 1_000_003 * attempt,
                lambda state: pair(state, s.system, s.edition),
                pair_file=pair_file,
            )
        except PairingError:
            continue
    return None


def save(
    s: Settings, t: TrfTournament, rnd: int, direction: str, seed: int, ours: Rows, theirs: Rows, kind: str
) -> None:
    if not s.out:
        return
    folder = Path(s.out)
    folder.mkdir(parents=True, exist_ok=True)
    before = cut(t, rnd)
    comments = (
        f"### acceptance: {s.system} {s.edition}, witness {s.witness}, direction {direction}, seed {seed}, round {rnd}",
        f"### kind: {kind}",
        f"### project: {' '.join(f'{w}-{b}' for w, b in sorted(ours))}",
        f"### witness: {' '.join(f'{w}-{b}' for w, b in sorted(theirs))}",
    )
    kept = tuple(r for r in before.other_records if not r.startswith(TIEBREAK_VALUES_TAG))  # the final values
    before = dataclasses.replace(before, other_records=(*kept, *comments))
    name = f"{s.system}-{s.edition}-{s.witness}-{direction}-seed{seed}-round{rnd}.trf"
    (folder / name).write_text(write_trf(before, trf26=True), encoding="utf-8")
    # The whole tournament beside it, to replay the round in context.
    (folder / name.replace(f"-round{rnd}.trf", "-tournament.trf")).write_text(write_trf(t, trf26=True))


def gacrux_standings(t: TrfTournament, edition: str) -> list[str]:
    """Where gacrux's tie-break checker (the rule set of *edition*) disagrees with the values of
    the tournament's list as the project computes them, player by player."""
    from compare_gacrux import gacrux_run as theirs
    from compare_gacrux import ours, same

    listed = tiebreak_list(t)
    codes = listed[1] if listed else ()
    mine, other = ours(t, codes, edition), theirs(write_trf(t), codes, edition)
    out = []
    for pid in sorted(mine):
        for k, code in enumerate(codes):
            if not same(mine[pid][1][k], other[pid][1][k]):
                out.append(f"gacrux: player {pid} {code}: gacrux {other[pid][1][k]}, computed {mine[pid][1][k]}")
    return out


def run_ours(s: Settings, seed: int, result: Outcome) -> None:
    """The project generates; the witness re-pairs every round; the standings are verified."""
    t = generated(s, seed)
    if t is None:
        result.skipped["ours: the project ran out of pairings"] += 1
        return
    checked = verify_standings(t)
    result.standings_checked += 1
    result.standings_wrong += [f"seed {seed}: {d}" for d in checked.disagreements]
    if s.gacrux_standings:
        result.standings_wrong += [f"seed {seed}: {d}" for d in gacrux_standings(t, checked.edition)]
    result.tournaments["ours"] += 1
    rounds = t.rounds_in_file
    if s.witness == "engine" and s.engine_check and engine_checks(s.engine, s.system, write_trf(t, trf26=True)):
        result.rounds["ours"] += rounds  # its checker re-paired every round as recorded
        return
    theirs_by_round = caissify_rounds(t) if s.witness == "caissify" else None
    for rnd in range(1, rounds + 1):
        recorded = set(pairing_rows(recorded_pairing(t, rnd, s.edition)))
        theirs = theirs_by_round.get(rnd, set()) if theirs_by_round is not None else witness_rows(s, cut(t, rnd), rnd)
        result.rounds["ours"] += 1
        if recorded != theirs:
            kind, adjudicated = classify(s, t, rnd, recorded, theirs)
            detail = f"project-only {sorted(recorded - theirs)} witness-only {sorted(theirs - recorded)}"
            result.differences.append(Difference(seed, "ours", rnd, kind, adjudicated, detail))
            save(s, t, rnd, "ours", seed, recorded, theirs, kind)


def run_theirs(s: Settings, seed: int, result: Outcome) -> None:
    """The witness pairs every round of the generated tournament; the project re-pairs each
    and checks the witness's against the absolute rules."""
    # The file as it stands gets its points and ranks (py4swiss refuses a player without a rank).
    t = generated(
        s, seed, pair_file=lambda tt, rnd: as_pairing(witness_rows(s, with_standings(cut(tt, rnd)), rnd), tt, rnd)
    )
    if t is None:
        result.skipped["theirs: the witness ran out of pairings or paired the wrong players"] += 1
        return
    result.tournaments["theirs"] += 1
    for rnd in range(1, t.rounds_in_file + 1):
        recorded_pairing_ = recorded_pairing(t, rnd, s.edition)
        recorded = set(pairing_rows(recorded_pairing_))
        before = cut(t, rnd)
        mine = ours_rows(s, before, rnd)
        result.rounds["theirs"] += 1
        broken = check_round(state_for_round(before, rnd), recorded_pairing_, s.system, s.edition)
        if mine == recorded and not broken:
            continue
        # A rule the witness breaks may be a reading adjudicated already (py4swiss's PAB after a
        # requested full-point bye, C.04.1 art. 4 of 2026): the classifier names it.
        kind, adjudicated = classify(s, t, rnd, mine, recorded)
        detail = f"project-only {sorted(mine - recorded)} witness-only {sorted(recorded - mine)}"
        if broken:
            detail += "; the witness's pairing breaks " + "; ".join(str(v) for v in broken)
            if not adjudicated:
                kind = WITNESS_BREAKS
        result.differences.append(Difference(seed, "theirs", rnd, kind, adjudicated, detail))
        save(s, t, rnd, "theirs", seed, mine, recorded, kind)


_SETTINGS: Settings | None = None


def _init(settings: Settings) -> None:
    global _SETTINGS
    _SETTINGS = settings


def run_seed(seed: int) -> Outcome:
    assert _SETTINGS is not None
    result = Outcome(seed)
    if "ours" in _SETTINGS.directions:
        run_ours(_SETTINGS, seed, result)
    if "theirs" in _SETTINGS.directions and _SETTINGS.witness in BOTH_WAYS:
        run_theirs(_SETTINGS, seed, result)
    return result


def run(settings: Settings, seeds: range, jobs: int = 1) -> list[Outcome]:
    """Every seed's outcome, in seed order; *jobs* worker processes."""
    if jobs <= 1:
        _init(settings)
        return [run_seed(seed) for seed in seeds]
    with multiprocessing.Pool(jobs, initializer=_init, initargs=(settings,)) as pool:
        return sorted(pool.imap_unordered(run_seed, seeds), key=lambda o: o.seed)


def summary(settings: Settings, outcomes: list[Outcome]) -> tuple[list[str], bool]:
    """The report's lines, and whether everything is explained (no unadjudicated kind, no
    standings disagreement)."""
    lines = []
    ok = True
    for direction in ("ours", "theirs"):
        tournaments = sum(o.tournaments[direction] for o in outcomes)
        if not tournaments:
            continue
        rounds = sum(o.rounds[direction] for o in outcomes)
        kinds = collections.Counter(d.kind for o in outcomes for d in o.differences if d.direction == direction)
        differing = sum(kinds.values())
        label = (
            "the project generates, the witness re-pairs"
            if direction == "ours"
            else "the witness pairs, the project re-pairs"
        )
        lines.append(
            f"{direction} ({label}): {tournaments} tournaments, {rounds} rounds, "
            f"{rounds - differing} agree, {differing} differ"
        )
        for kind, count in kinds.most_common():
            adjudicated = any(d.adjudicated for o in outcomes for d in o.differences if d.kind == kind)
            ok &= adjudicated
            lines.append(f"  {count:6d}  {kind}{'' if adjudicated else '  [not adjudicated]'}")
    skipped = sum((o.skipped for o in outcomes), collections.Counter())
    for reason, count in skipped.items():
        lines.append(f"skipped {count}: {reason}")
    checked = sum(o.standings_checked for o in outcomes)
    wrong = [w for o in outcomes for w in o.standings_wrong]
    if checked:
        by = " and gacrux" if settings.gacrux_standings else ""
        lines.append(f"standings verified by the checker{by}: {checked} tournaments, {len(wrong)} disagreements")
    ok &= not wrong
    return lines, ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    witnessed = [s for s in SYSTEMS if s != "double_swiss"]  # no witness pairs the Double-Swiss
    parser.add_argument("--system", choices=witnessed, default="dutch")
    parser.add_argument("--edition", choices=KNOWN_EDITIONS, default=EDITION_2026)
    parser.add_argument(
        "--witness", choices=WITNESSES, help="default: gacrux (Dutch), py4swiss (Dubov, Burstein), self (Lim)"
    )
    parser.add_argument("--engine", default="", help='with --witness engine: the command, e.g. "bbpPairings.exe"')
    parser.add_argument(
        "--engine-check",
        action="store_true",
        help="with --witness engine: run its checker (CMD --<system> -c FILE) on each tournament first; "
        "the rounds are re-paired one by one only when it exits non-zero",
    )
    parser.add_argument(
        "--ours", default="", help='the project as a command instead of in-process: "python -m pairing"'
    )
    parser.add_argument("--tournaments", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("-j", "--jobs", type=int, default=1)
    parser.add_argument("--small", action="store_true", help="at most 24 players and 7 rounds")
    parser.add_argument("--max-players", type=int, default=60)
    parser.add_argument("--max-rounds", type=int, default=11)
    parser.add_argument("--unplayed", type=int, default=1, help="multiply the rates of unplayed rounds")
    parser.add_argument("--unrated-rate", type=float, default=0.0)
    parser.add_argument("--direction", choices=("both", "ours", "theirs"), default="both")
    parser.add_argument("--out", default="", help="folder for a TRF of each differing round (default: none)")
    parser.add_argument("--quiet", action="store_true", help="print the counts only, not each difference")
    parser.add_argument(
        "--gacrux-standings",
        action="store_true",
        help="also have gacrux's tie-break checker compute every value of each generated tournament's list",
    )
    args = parser.parse_args(argv)
    witness = args.witness or DEFAULT_WITNESS[args.system]
    if witness == "engine" and not args.engine:
        parser.error("--witness engine needs --engine CMD")
    settings = Settings(
        system=args.system,
        edition=args.edition,
        witness=witness,
        engine=args.engine,
        ours=args.ours,
        max_players=24 if args.small or witness == "caissify" else args.max_players,
        max_rounds=7 if args.small or witness == "caissify" else args.max_rounds,
        unplayed=args.unplayed,
        unrated_rate=args.unrated_rate,
        directions=("ours", "theirs") if args.direction == "both" else (args.direction,),
        out=args.out,
        gacrux_standings=args.gacrux_standings,
        engine_check=args.engine_check,
    )
    seeds = range(args.seed, args.seed + args.tournaments)
    started, cpu = time.time(), time.process_time()
    outcomes = run(settings, seeds, args.jobs)
    if not args.quiet:
        for o in outcomes:
            for d in o.differences:
                print(f"seed {d.seed} {d.direction} round {d.round}: {d.kind}: {d.detail}")
            for w in o.standings_wrong:
                print(f"standings {w}")
    lines, ok = summary(settings, outcomes)
    print(
        f"{settings.system} {settings.edition} against {settings.witness}: seeds {seeds.start}..{seeds.stop - 1}, "
        f"{time.time() - started:.0f} s wall, {time.process_time() - cpu:.0f} s CPU in the main process"
    )
    print("\n".join(lines))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
