"""``--check``: re-pair every round of a file (or of every file of a folder) and report the differences."""

from __future__ import annotations

import argparse
import dataclasses
import json
from pathlib import Path
from typing import TextIO

from pairing.cli.common import (
    EXIT_DIFFERENCE,
    EXIT_INPUT,
    InputError,
    UsageError,
    load_tournament,
    pair_state,
    resolve_system,
)
from pairing.engine.checker import check_round
from pairing.engine.standings_check import verify_standings
from pairing.engine.state import PairingError, TournamentState
from pairing.engine.trf import TrfError, TrfTournament
from pairing.engine.trf.comments import as_paired, corrected_after_pairing
from pairing.engine.trf.state import cut, pairing_rows, recorded_pairing, state_for_round


def expected_pairings(path: Path, explicit: str | None) -> dict[str, list[list[int]]] | None:
    """Rounds of *path* in an expected-pairings JSON: ``{file name: {round: [[white, black]...]}}``.

    Given with ``--expected``, or found beside the file as ``expected-pairings.json`` (as the
    shared replay tool does). None when there is none or it does not list the file.
    """
    source = Path(explicit) if explicit else path.parent / "expected-pairings.json"
    if not source.exists():
        if explicit:
            raise UsageError(f"{explicit}: no such file")
        return None
    try:
        table = json.loads(source.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError) as exc:
        raise UsageError(f"{source}: not a JSON table of expected pairings ({exc})") from exc
    return table.get(path.name)


def not_in_round(t: TrfTournament, rnd: int) -> frozenset[int]:
    """Players whose line has nothing for round *rnd* (a blank block, or no block at all)."""
    return frozenset(p.start for p in t.players if len(p.rounds) < rnd or p.rounds[rnd - 1].is_blank)


def check_rounds(
    t: TrfTournament,
    args: argparse.Namespace,
    out: TextIO,
    expected: dict[str, list[list[int]]] | None = None,
    prefix: str = "",
    notes: set[str] | None = None,
) -> tuple[int, int]:
    """Re-pair every recorded round from the rounds before it; print each difference.

    The engine's pairing is compared with the round as recorded, or with *expected* for
    the rounds it lists; the recorded pairing is also checked against the basic rules.
    A note on how the edition was chosen goes into *notes*. Returns (rounds that agree,
    rounds checked).
    """
    args = argparse.Namespace(**vars(args))  # the system may come from this file's record 192
    note = resolve_system(args, t)
    if note and notes is not None:
        notes.add(note)
    agree = total = 0
    for rnd in range(1, t.rounds_in_file + 1):
        if args.system == "double_swiss" and rnd % 2 == 0:
            total += 1  # C.04.5 4.4: game 2 of a match repeats game 1 with the colours reversed
            mismatch = second_game_mismatch(t, rnd, args.edition)
            for note in mismatch:
                out.write(f"{prefix}round {rnd}: {note}\n")
            agree += not mismatch
            continue
        recorded = recorded_pairing(t, rnd, args.edition)
        if not recorded.boards and recorded.bye is None:
            continue
        total += 1
        state = state_before(t, rnd)
        broken = [str(v) for v in check_round(state, recorded, args.system, args.edition)]
        for note in broken:
            out.write(f"{prefix}round {rnd}: the recorded pairing breaks {note}\n")
        try:
            produced = pair_state(state, args)
        except PairingError as exc:
            out.write(f"{prefix}round {rnd}: the engine finds no pairing: {exc}\n")
            continue
        if expected and str(rnd) in expected:
            want = {(int(w), int(b)) for w, b in expected[str(rnd)]}
        else:
            want = set(pairing_rows(recorded))
        got = set(pairing_rows(produced))
        if want == got and not broken:
            agree += 1
        elif want != got and (explained := paired_before_correction(t, rnd, args, want)):
            out.write(f"{prefix}round {rnd}: {explained}\n")
            agree += not broken
        elif want != got:
            out.write(
                f"{prefix}round {rnd}: expected but missing {sorted(want - got)}; "
                f"produced instead {sorted(got - want)}\n"
            )
    return agree, total


def second_game_mismatch(t: TrfTournament, rnd: int, edition: str) -> list[str]:
    """How column *rnd* (a Double-Swiss game 2) fails to repeat game 1, the column before,
    with the colours reversed (docs/double-swiss.md, "TRF"): empty when it does."""
    first = {(board.white, board.black) for board in recorded_pairing(t, rnd - 1, edition).boards}
    second = {(board.black, board.white) for board in recorded_pairing(t, rnd, edition).boards}
    if first == second:
        return []
    return [
        f"game 2 does not repeat game 1 with the colours reversed: game 1 has {sorted(first - second)}, "
        f"game 2 (reversed) {sorted(second - first)}"
    ]


def state_before(t: TrfTournament, rnd: int) -> TournamentState:
    """The state round *rnd* was paired from, as the file records the rounds before it."""
    # XXZ names the absentees of the round after the file, not of a recorded round.
    state = state_for_round(dataclasses.replace(cut(t, rnd), xx_absent=()), rnd)
    # A player with no block in a round the file records took no part in it, however the
    # program that wrote the file says so: a blank block (TRF16), "0000 - Z" or "0000 - -".
    return dataclasses.replace(state, absent=state.absent | not_in_round(t, rnd))


def paired_before_correction(t: TrfTournament, rnd: int, args: argparse.Namespace, want: set[tuple[int, int]]) -> str:
    """Why round *rnd* differs, when it does only because a result of an earlier round was
    corrected after *rnd* was paired (C.04.2.D.8: the pairing stands): the engine, given the
    results as they were then (the file's correction comment records), pairs it as recorded.
    '' when there is no such correction or the engine still differs."""
    undone = corrected_after_pairing(t, rnd)
    if not undone:
        return ""
    try:
        produced = pair_state(state_before(as_paired(t, undone), rnd), args)
    except PairingError:
        return ""
    if set(pairing_rows(produced)) != want:
        return ""
    return (
        "paired before the correction of "
        + "; ".join(c.describe() for c in undone)
        + ": with the results it was paired on, the engine agrees"
    )


def check_standings(
    t: TrfTournament, args: argparse.Namespace, out: TextIO, prefix: str = "", notes: set[str] | None = None
) -> int:
    """Verify the file's points, ranks and written tie-break values (C.07); print each
    disagreement as ``standings: player N CODE: ...``. Returns the number of disagreements."""
    if getattr(args, "no_standings", False):
        return 0
    result = verify_standings(t, getattr(args, "tiebreak_edition", None))
    for disagreement in result.disagreements:
        out.write(f"{prefix}standings: {disagreement}\n")
    if notes is not None:
        notes.update(f"{prefix}standings: {note}" for note in result.notes)
    return len(result.disagreements)


def check_tournament(
    t: TrfTournament,
    args: argparse.Namespace,
    out: TextIO,
    err: TextIO,
    expected: dict[str, list[list[int]]] | None = None,
) -> int:
    notes: set[str] = set()
    agree, total = check_rounds(t, args, out, expected, notes=notes)
    wrong = check_standings(t, args, out, notes=notes)
    _write_notes(notes, err)
    if wrong:
        out.write(f"standings: {wrong} disagreements\n")
    out.write(f"agree {agree} of {total} rounds\n")
    return 0 if agree == total and not wrong else EXIT_DIFFERENCE


def run_check(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """--check on one file, or on every ``*.trf`` of a folder (like the shared replay tool)."""
    source = Path(args.input)
    if not source.is_dir():
        expected = expected_pairings(source, args.expected)
        if expected:
            out.write(f"comparing with the expected pairings of {args.expected or 'expected-pairings.json'}\n")
        return check_tournament(load_tournament(args, pairing=False), args, out, err, expected)
    files = sorted(source.glob("*.trf"))
    agree = total = wrong = 0
    malformed = False
    notes: set[str] = set()
    for path in files:
        try:
            t = load_tournament(args, str(path), pairing=False)
        except TrfError as exc:
            err.write(f"{path}:{exc.line}:{exc.column}: {exc.message}\n")
            malformed = True
            continue
        except (InputError, UsageError, OSError) as exc:
            err.write(f"{path}: {exc}\n")
            malformed = True
            continue
        a, n = check_rounds(t, args, out, expected_pairings(path, args.expected), f"{path.name} ", notes)
        agree, total = agree + a, total + n
        wrong += check_standings(t, args, out, f"{path.name} ", notes)
    _write_notes(notes, err)
    if wrong:
        out.write(f"standings: {wrong} disagreements\n")
    out.write(f"agree {agree} of {total} rounds ({len(files)} tournaments)\n")
    if malformed:
        return EXIT_INPUT
    return 0 if agree == total and total and not wrong else EXIT_DIFFERENCE


def _write_notes(notes: set[str], err: TextIO) -> None:
    for note in sorted(notes):
        err.write(f"note: {note}\n")
