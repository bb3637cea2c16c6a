"""Comment records (``###``) that carry what no TRF field holds, so that the file alone
gives the figures the tournament program showed.

TRF16 and TRF-2026 allow comment lines whose first three characters are ``###``; every
reader keeps or skips them (this one keeps them in ``TrfTournament.other_records``).
This program writes and reads:

    ### provisional rating NNNN RRRR
        player NNNN was unrated and the pairing and the AROs used rating RRRR (Dubov A.1;
        C.04.2.B.2); the 001 record keeps the official rating (blank), the one FIDE rates by.
    ### round R paired at YYYY-MM-DDTHH:MM:SS.ffffffZ
        when round R's pairing was made (UTC).
    ### correction round R board B: W-B was xy, now xy, at YYYY-MM-DDTHH:MM:SS.ffffffZ
        the result of White W against Black B (board B of round R) was corrected at that
        time (UTC); ``xy`` are White's and Black's TRF result codes before and after. A later
        round paired before that time was paired with the old result (C.04.2.D.8).
    ### organizer NAME (FIDE ID)
        the organizer, for whom TRF has no record.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable

from pairing.engine.trf.records import TrfTournament

_PROVISIONAL = re.compile(r"^### provisional rating +(\d{1,4}) +(\d{1,4})\b")
_PAIRED = re.compile(r"^### round (\d{1,3}) paired at (\S+)")
_CORRECTION = re.compile(
    r"^### correction round (\d{1,3}) board (\d{1,4}): (\d{1,4})-(\d{1,4}) was (\S\S), now (\S\S), at (\S+)"
)


@dataclasses.dataclass(frozen=True)
class Correction:
    """A result corrected after it was entered: the codes are White's then Black's."""

    round: int
    board: int
    white: int
    black: int
    was: str
    now: str
    at: str  # ISO 8601 UTC, "2026-05-01T18:03:00.000000Z": compared as text

    def describe(self) -> str:
        """ "round 2 board 3 (5-12: ½-½ became 1-0 at 2026-05-01T18:03:00Z)"."""
        return (
            f"round {self.round} board {self.board} ({self.white}-{self.black}: {_shown(self.was)} became "
            f"{_shown(self.now)} at {self.at})"
        )


_SHOWN = {"1": "1", "0": "0", "=": "½", "W": "1", "D": "½", "L": "0"}


def _shown(codes: str) -> str:
    if "+" in codes or "-" in codes:
        return "/".join(codes)  # forfeits: +/-, -/+, -/-
    return "-".join(_SHOWN.get(c, c) for c in codes)


def provisional_comment(start: int, rating: int) -> str:
    return f"### provisional rating {start:4d} {rating:4d} (used for the pairing and the AROs, not reported to FIDE)"


def paired_comment(rnd: int, at: str) -> str:
    return f"### round {rnd} paired at {at}"


def correction_comment(c: Correction) -> str:
    return f"### correction round {c.round} board {c.board}: {c.white}-{c.black} was {c.was}, now {c.now}, at {c.at}"


def organizer_comment(name: str, fide_id: str) -> str:
    return f"### organizer {name}" + (f" ({fide_id})" if fide_id else "")


def provisional_ratings(records: Iterable[str]) -> dict[int, int]:
    """{start number: provisional rating} of the file's comment records."""
    found = {}
    for record in records:
        if match := _PROVISIONAL.match(record):
            found[int(match.group(1))] = int(match.group(2))
    return found


def paired_times(records: Iterable[str]) -> dict[int, str]:
    """{round: when it was paired} of the file's comment records."""
    return {int(m.group(1)): m.group(2) for record in records if (m := _PAIRED.match(record))}


def corrections(records: Iterable[str]) -> list[Correction]:
    found = []
    for record in records:
        if match := _CORRECTION.match(record):
            r, board, white, black, was, now, at = match.groups()
            found.append(Correction(int(r), int(board), int(white), int(black), was, now, at))
    return found


def corrected_after_pairing(t: TrfTournament, rnd: int) -> list[Correction]:
    """The corrections of rounds before *rnd* made after *rnd* was paired: the earliest of
    each game, whose old result is the one the pairing saw."""
    paired = paired_times(t.other_records).get(rnd)
    if paired is None:
        return []
    earliest: dict[tuple[int, int, int], Correction] = {}
    for c in sorted(corrections(t.other_records), key=lambda c: c.at):
        if c.round < rnd and c.at > paired:
            earliest.setdefault((c.round, c.white, c.black), c)
    return sorted(earliest.values(), key=lambda c: (c.round, c.board))


def as_paired(t: TrfTournament, undone: Iterable[Correction]) -> TrfTournament:
    """*t* with the results the *undone* corrections replaced: the file as a pairing made
    before them saw it."""
    old: dict[tuple[int, int], tuple[int, str]] = {}
    for c in undone:
        old[(c.white, c.round)] = (c.black, c.was[0])
        old[(c.black, c.round)] = (c.white, c.was[1])
    players = []
    for p in t.players:
        rounds = list(p.rounds)
        for (start, rnd), (opponent, code) in old.items():
            if start == p.start and rnd <= len(rounds) and rounds[rnd - 1].opponent == opponent:
                rounds[rnd - 1] = dataclasses.replace(rounds[rnd - 1], result=code)
        players.append(dataclasses.replace(p, rounds=tuple(rounds)))
    return dataclasses.replace(t, players=tuple(players))
