"""The FIDE rating report from the tournament's settings: record 132 with the round dates,
the header records 012-122 (arbiters with their FIDE IDs, one 112 per deputy) and 222, and
the comment records with which ``python -m pairing --check`` and ``--aro`` reproduce the
web's figures: provisional ratings, and a correction made after a later round was paired."""

from __future__ import annotations

import datetime
import io
import re
from pathlib import Path

import pytest

from pairing.cli import main
from pairing.cli.check import check_rounds, check_standings
from pairing.cli.parser import build_parser
from pairing.engine.standings_check import verify_standings
from pairing.engine.trf import parse_trf
from pairing.job import pair_round
from tests import builders
from tests.tourney.test_export_replays import play
from tourney.models import Player, Result, Round, Tournament
from tourney.presentation import points
from tourney.services.results import set_result
from tourney.services.rounds import publish_pairing
from tourney.trf_io import export_text

pytestmark = pytest.mark.django_db


def _official(t: Tournament) -> Tournament:
    t.place = "Torino"
    t.federation = "ITA"
    t.start_date = datetime.date(2026, 5, 1)
    t.end_date = datetime.date(2026, 5, 3)
    t.chief_arbiter = "Rossi, Mario"
    t.chief_arbiter_fide_id = "812345"
    t.deputy_arbiters = "Bianchi, Anna; Verdi, Luca"
    t.deputy_arbiter_fide_ids = "823456; 834567"
    t.organizer = "Circolo Scacchi Torino"
    t.organizer_fide_id = ""
    t.time_control = "90 min + 30 s"
    t.time_control_code = "5400+30"
    t.round_schedule = ["2026-05-01T15:00", "2026-05-01T20:00", "2026-05-02T23:30"]
    t.time_zone = "Europe/Rome"
    t.save()
    return t


@pytest.mark.parametrize("fmt", ["trf16", "trf26"])
def test_the_report_writes_the_header_records_and_the_round_dates(fmt: str) -> None:
    t = _official(builders.tournament(players=4, rounds=3))
    text = export_text(t, fmt)
    lines = text.splitlines()
    assert "012 Test Open" in lines
    assert "022 Torino" in lines and "032 ITA" in lines
    assert "042 2026/05/01" in lines and "052 2026/05/03" in lines
    assert "062 4" in lines and "072 4" in lines
    assert "092 Individual: Swiss-System" in lines
    assert "102 Rossi, Mario (812345)" in lines
    assert [line for line in lines if line.startswith("112")] == [
        "112 Bianchi, Anna (823456)",
        "112 Verdi, Luca (834567)",
    ]
    assert "122 90 min + 30 s" in lines
    assert ("222 5400+30" in lines) == (fmt == "trf26")
    assert "### organizer Circolo Scacchi Torino" in lines
    # TRF16 and TRF-2026 record 132: YY/MM/DD at columns 92-99, 102-109, ... in the event's zone.
    (dates,) = [line for line in lines if line.startswith("132")]
    assert dates[91:99] == "26/05/01" and dates[101:109] == "26/05/01" and dates[111:119] == "26/05/02"
    # Read back by our own reader.
    read = parse_trf(text)
    assert read.round_dates == ("26/05/01", "26/05/01", "26/05/02")
    assert read.chief_arbiter == "Rossi, Mario (812345)"
    assert read.deputy_arbiters == ("Bianchi, Anna (823456)", "Verdi, Luca (834567)")
    assert (read.city, read.federation, read.time_control) == ("Torino", "ITA", "90 min + 30 s")


def test_a_round_without_a_date_is_blank_in_record_132() -> None:
    t = _official(builders.tournament(players=4, rounds=3))
    t.round_schedule = ["2026-05-01T15:00", "", "2026-05-02T10:00"]
    t.save()
    assert parse_trf(export_text(t, "trf26")).round_dates == ("26/05/01", "", "26/05/02")


def _check(text: str, system: str = "dutch") -> tuple[int, int, str]:
    args = build_parser().parse_args([f"--{system}", "--check", "-"])
    out = io.StringIO()
    agree, total = check_rounds(parse_trf(text), args, out)
    return agree, total, out.getvalue()


def _correct_until_round_two_changes(t: Tournament) -> None:
    """Round 1 played and closed, round 2 paired; then a round-1 result is corrected (under
    the deadline policy, with a reason) so that the engine would now pair round 2 otherwise."""
    play(t, {}, rounds=1)
    rnd2 = Round.objects.create(tournament=t, number=2)
    pair_round(round_id=rnd2.pk)
    publish_pairing(round_id=rnd2.pk)
    for game in Round.objects.get(tournament=t, number=1).games.order_by("board"):
        flipped = Result.BLACK_WINS if game.result == Result.WHITE_WINS else Result.WHITE_WINS
        set_result(game_id=game.pk, result=flipped, confirmed=True, reason="scoresheets swapped")
        _agree, _total, out = _check(_without_comments(export_text(t, "trf26")))
        if "expected but missing" in out:
            return
    raise AssertionError("no correction changes round 2's pairing")


def _without_comments(text: str) -> str:
    return "".join(line for line in text.splitlines(keepends=True) if not line.startswith("### round"))


def test_check_says_a_round_was_paired_before_the_correction_of_an_earlier_result() -> None:
    t = builders.tournament(players=8, rounds=3)
    _correct_until_round_two_changes(t)
    text = export_text(t, "trf26")
    paired = re.search(r"^### round 2 paired at (\S+)$", text, re.M)
    correction = re.search(
        r"^### correction round 1 board (\d+): (\d+)-(\d+) was (\S\S), now (\S\S), at (\S+)$", text, re.M
    )
    assert paired and correction and correction.group(6) > paired.group(1)
    agree, total, out = _check(text)
    board, white, black = correction.group(1, 2, 3)
    assert f"round 2: paired before the correction of round 1 board {board} ({white}-{black}: " in out
    assert f"at {correction.group(6)})" in out
    assert "expected but missing" not in out
    assert (agree, total) == (2, 2)
    # Without the comment records the same file shows only a bare difference.
    agree, total, out = _check(_without_comments(text))
    assert "expected but missing" in out and "paired before" not in out and agree == 1


def test_a_correction_before_the_next_pairing_writes_no_comment() -> None:
    t = builders.tournament(players=4, rounds=3)
    play(t, {}, rounds=1)
    game = Round.objects.get(tournament=t, number=1).games.first()
    set_result(game_id=game.pk, result=Result.DRAW, confirmed=True, reason="wrong result typed")
    assert "### correction" not in export_text(t, "trf26")


def test_aro_from_the_report_equals_the_web_aro_with_a_provisional_rating(tmp_path: Path) -> None:
    t = builders.tournament(players=8, rounds=3, pairing_system="dubov")
    Player.objects.filter(tournament=t, pairing_number=8).update(rating=0, provisional_rating=1900)
    play(t, {}, rounds=2)
    text = export_text(t, "trf26")
    assert re.search(r"^### provisional rating +8 1900 ", text, re.M)
    assert re.search(r"^001    8 .{39}    ", text, re.M)  # the 001 record keeps the official rating: none
    web = points.public_aros(t, 2)
    assert web[builders.player(t, 8).pairing_number] and any(web.values())

    def cli_aros(file_text: str, name: str = "report.trf") -> dict[int, int]:
        path = tmp_path / name
        path.write_text(file_text, encoding="utf-8")
        out = io.StringIO()
        assert main(["--aro", str(path)], out, io.StringIO()) == 0
        return {int(line.split()[0]): int(line.split()[2]) for line in out.getvalue().splitlines()}

    assert cli_aros(text) == web
    stripped = "".join(line for line in text.splitlines(keepends=True) if not line.startswith("### provisional"))
    assert cli_aros(stripped, "stripped.trf") != web


def test_the_report_carries_every_c07_2026_code_of_the_list_and_check_agrees() -> None:
    # The list with the codes new to the project: records 202/212 and the ###TBV values carry
    # them, and --check recomputes each from the games and finds the printed values.
    t = builders.tournament(players=9, rounds=4, rules_edition="2026", start_date=datetime.date(2026, 4, 1))
    t.tiebreaks = ["FB", "AOB", "KS", "PTP", "APRO", "APPO", "EDE", "STD", "BH/P", "TPN"]
    t.save(update_fields=["tiebreaks"])
    play(t, {})
    text = export_text(t, "trf26")
    assert any(line.startswith("202 ") and "AOB" in line and "APPO" in line for line in text.splitlines())
    parsed = parse_trf(text)
    args = build_parser().parse_args(["--dutch", "--check", "-"])
    out = io.StringIO()
    assert check_standings(parsed, args, out) == 0, out.getvalue()
    checked = verify_standings(parsed)
    assert checked.codes == tuple(t.tiebreaks) and not checked.unknown
    assert checked.values_checked == 9 * (1 + len(t.tiebreaks))  # every player: points and every code
