"""The witnesses: other programs' pairings of a round, as white-black rows (the PAB as ``(id, 0)``).

One adapter for each program, shared by the comparison tools, the differential tests and
tools/acceptance.py:

* :func:`gacrux_rows`: gacrux, the FIDE technical commission's checker (Dutch 2026), in-process;
* :func:`caissify_rounds`: caissify-pairings' Free Pairings Checker (Dutch 2026), every round of a file;
* :func:`py4swiss_rows`: py4swiss (Dutch, and Dubov and Burstein of the 2026 texts);
* :func:`engine_rows`: any engine command with the endorsed engines' convention
  ``ENGINE --<system> INPUT -p OUTPUT`` (bbpPairings, JaVaFo, ``python -m pairing``...).
"""

from __future__ import annotations

import contextlib
import io
import json
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pairing.engine.trf import TrfTournament, write_trf

Rows = set[tuple[int, int]]


def gacrux_rows(trf_text: str) -> set[tuple[int, int]]:
    """gacrux's Dutch pairing of the round a TRF text stops before, as white-black rows
    (the PAB as ``(id, 0)``); empty if gacrux pairs nothing. Run in-process (its command
    line's main, with its arguments), which is ten times faster than a subprocess."""
    from gacrux.pairingchecker import pairingchecker

    with tempfile.TemporaryDirectory() as folder:
        source, target = Path(folder, "round.trf"), Path(folder, "out.json")
        source.write_text(trf_text)
        argv = sys.argv
        sys.argv = ["pairingchecker", "-p", "-m", "dutch", "-i", str(source), "-o", str(target), "-F", "JSON"]
        try:
            with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):
                pairingchecker().common_main()
        finally:
            sys.argv = argv
        if not target.exists():
            return set()
        result = json.loads(target.read_text()).get("pairingResult") or {}
    return {(int(w), int(b)) for w, b in result.get("pairs") or []}


def caissify_rounds(tournament: TrfTournament) -> dict[int, set[tuple[int, int]]]:
    """caissify-pairings' Dutch pairing of every round of *tournament*, each from the
    rounds before it (its Free Pairings Checker, ``fpc.check_trf``), as white-black rows
    with the PAB as ``(id, 0)``; a round it could not pair maps to an empty set. The
    requested byes it re-attaches to its rows are left out, as in ours."""
    from caissify_pairings.fpc import check_trf

    report = check_trf(write_trf(tournament))
    out = {}
    for entry in report["rounds"]:
        rnd = entry["round"]
        absent = {
            p.start for p in tournament.players if len(p.rounds) >= rnd and p.rounds[rnd - 1].is_announced_absence
        }
        out[rnd] = {
            (p["white"], p.get("black") or 0)
            for p in entry.get("engine_pairings") or []
            if p.get("black") is not None or p["white"] not in absent
        }
    return out


def py4swiss_rows(trf_text: str, system: str = "dutch") -> set[tuple[int, int]]:
    """py4swiss's pairing of the round a TRF text stops before, as white-black rows
    (the PAB as ``(id, 0)``); *system* is ``dutch``, ``dubov`` or ``burstein``. Empty when
    py4swiss finds no pairing ("Round can not be paired")."""
    from py4swiss import engines
    from py4swiss.engines.common.exceptions import PairingError as NoPairing
    from py4swiss.trf import TrfParser

    engine = {"dutch": engines.DutchEngine, "dubov": engines.DubovEngine, "burstein": engines.BursteinEngine}[system]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder, "round.trf")
        path.write_text(trf_text)
        trf = TrfParser.parse(path)
        try:
            return {(p.white, p.black) for p in engine.generate_pairings(trf)}
        except NoPairing:
            return set()


def engine_rows(command: str, system: str, trf_text: str, timeout: float = 600) -> Rows:
    """The pairing of the round a TRF text stops before by an engine command that follows
    ``ENGINE --<system> INPUT -p OUTPUT``: OUTPUT has the number of pairs, then one
    ``white black`` line per board, the PAB as ``N 0``. Empty when the engine pairs nothing
    (a non-zero exit, or no output)."""
    with tempfile.TemporaryDirectory() as folder:
        source, target = Path(folder, "round.trf"), Path(folder, "out.txt")
        source.write_text(trf_text)
        done = subprocess.run(
            [*shlex.split(command), f"--{system}", str(source), "-p", str(target)],
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        if done.returncode != 0 or not target.exists():
            return set()
        lines = target.read_text().split("\n")
    out = set()
    for line in lines[1:]:
        words = line.split()
        if len(words) >= 2:
            out.add((int(words[0]), int(words[1])))
    return out


def engine_checks(command: str, system: str, trf_text: str, timeout: float = 1200) -> bool:
    """True when ``ENGINE --<system> -c INPUT`` (the endorsed engines' checker) exits 0: it
    re-paired every round of the file as recorded."""
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder, "tournament.trf")
        source.write_text(trf_text)
        done = subprocess.run(
            [*shlex.split(command), f"--{system}", "-c", str(source)], capture_output=True, text=True, timeout=timeout
        )
    return done.returncode == 0
