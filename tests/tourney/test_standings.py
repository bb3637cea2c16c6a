"""Standings from the adapter's engine state are those of the tournament's TRF records.

The standings read the database through the adapter; exporting the tournament to TRF
records and reading them back with the engines' TRF reader must rank it the same. On
every imported vector and a sample of the corpus, after every completed round, with
every tie-break and both C.07 editions, the two roads agree.
"""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from pairing.engine.tiebreaks import PRESETS, edition_for, parse_list, standings
from pairing.engine.trf import TrfPlayer, TrfRound, TrfTournament, parse_trf, read_trf, write_trf
from pairing.engine.trf import state as trf_state
from tourney.models import Tournament
from tourney.standings import DEFAULT_PRESET, TournamentStandings, completed_rounds, standings_of, tournament_standings
from tourney.trf_io import export_tournament, import_tournament

pytestmark = pytest.mark.django_db
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "trf"
SAMPLE = (
    sorted(FIXTURES.glob("*.trf"))
    + sorted((FIXTURES / "corpus" / "dutch-2017").glob("*.trf"))[:6]
    + sorted((FIXTURES / "corpus" / "dutch-2017-baku").glob("*.trf"))[:2]
)
# Every tie-break, with cuts, medians and a rating for the unrated.
EVERY_TIEBREAK = [
    "BH/C1",
    "BH/M1",
    "BH",
    "SB/C1",
    "SB",
    "ARO/C1",
    "ARO/U1000",
    "TPR",
    "DE",
    "WIN",
    "WON",
    "BPG",
    "BWG",
    "REP",
    "PS/C1",
    "PS",
]
BEFORE_2026 = datetime.date(2025, 6, 1)
FROM_2026 = datetime.date(2026, 6, 1)


def _through_trf(tournament: Tournament, after_round: int) -> TournamentStandings:
    """The TRF road: export to TRF records, read them back with the engines' reader, rank."""
    codes = tournament.tiebreaks or []
    start = tournament.start_date.isoformat() if tournament.start_date else None
    state = trf_state.state_for_round(export_tournament(tournament), after_round + 1)
    table = standings(state, parse_list(codes or PRESETS[DEFAULT_PRESET]), edition_for(start))
    return TournamentStandings(table, after_round, after_round >= tournament.rounds, (), not codes)


@pytest.mark.parametrize("path", SAMPLE, ids=lambda p: f"{p.parent.name}/{p.stem}")
@pytest.mark.parametrize("start", [BEFORE_2026, FROM_2026], ids=["C07-2024", "C07-2026"])
def test_every_round_ranks_as_the_trf_round_trip_did(path: Path, start: datetime.date) -> None:
    tournament = import_tournament(read_trf(path))
    tournament.tiebreaks = EVERY_TIEBREAK
    tournament.start_date = tournament.end_date = start
    tournament.save()
    done = completed_rounds(tournament)
    assert done == read_trf(path).rounds_in_file
    for after in range(done + 1):
        assert standings_of(tournament, after) == _through_trf(tournament, after), after


def test_unassigned_byes_late_entries_and_other_scoring_rank_as_before() -> None:
    """``0000 - -`` and ``0000 - +`` blocks (assigned, not requested, byes), players who
    arrived in round 2, and three points for a win."""
    games = {  # player: (opponent, colour, result) per round; None: not paired
        1: [(4, "w", "1"), (2, "b", "="), (3, "w", "1")],
        2: [(3, "b", "1"), (1, "w", "="), (None, "-", "+")],
        3: [(2, "w", "0"), (4, "b", "1"), (1, "b", "0")],
        4: [(1, "b", "0"), (3, "w", "0"), (None, "-", "-")],
        5: [None, (None, "-", "H"), (6, "w", "1")],
        6: [None, (None, "-", "U"), (5, "b", "0")],
    }
    players = tuple(
        TrfPlayer(
            start=n,
            name=f"Player {n}",
            rating=2400 - 10 * n,
            rounds=tuple(TrfRound(*block) if block else TrfRound(None, " ", " ") for block in blocks),
        )
        for n, blocks in games.items()
    )
    trf = TrfTournament(players=players, xx_rounds=4, xx_scoring=(("W", 30), ("D", 10)))
    tournament = import_tournament(parse_trf(write_trf(trf)))
    tournament.tiebreaks = EVERY_TIEBREAK
    tournament.save()
    assert completed_rounds(tournament) == 3
    for after in range(4):
        assert standings_of(tournament, after) == _through_trf(tournament, after), after


def test_a_tournament_without_a_list_gets_the_default_one() -> None:
    tournament = import_tournament(read_trf(FIXTURES / "dutch-seed-example.trf"))
    table = tournament_standings(tournament)
    assert table.default_list and table.after_round == 6 and table.final
    assert [tb.code for tb in table.standings.tiebreaks] == list(PRESETS[DEFAULT_PRESET])
    assert table == _through_trf(tournament, 6)


def test_unknown_codes_are_named_and_left_out() -> None:
    tournament = import_tournament(read_trf(FIXTURES / "dutch-seed-example.trf"))
    tournament.tiebreaks = ["BH", "XYZ", "SB"]
    tournament.save()
    table = tournament_standings(tournament, after_round=3)
    assert table.ignored_codes == ("XYZ",) and not table.default_list and not table.final
    assert [tb.code for tb in table.standings.tiebreaks] == ["BH", "SB"]
    assert table.after_round == 3 and table.standings.rounds == 3
