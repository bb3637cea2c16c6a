"""Team events: the lineups of a paired or published round, until the lineup deadline
(the round's scheduled start less the tournament's minutes), the arbiter's change after
it with a reason, and none once a result of the match is entered."""

from __future__ import annotations

import datetime
import zoneinfo

import pytest
from django.utils import translation

from pairing.job import pair_round
from tests.team_builders import team_event
from tourney.models import AuditEntry, Result
from tourney.services import teams
from tourney.services.results import enter_board_result
from tourney.services.rounds import publish_pairing, round_for

pytestmark = pytest.mark.django_db

ROME = zoneinfo.ZoneInfo("Europe/Rome")
# Round 1 starts at 15:00 in Rome; the lineups are due an hour before.
START = datetime.datetime(2026, 7, 1, 15, 0, tzinfo=ROME)
BEFORE = START - datetime.timedelta(minutes=90)
AFTER = START - datetime.timedelta(minutes=30)


def _published_event():
    t = team_event(teams=2, members=5, round_schedule=["2026-07-01T15:00"], time_zone="Europe/Rome")
    rnd = pair_round(round_id=round_for(t, 1).pk)
    publish_pairing(round_id=rnd.pk)
    team = t.teams.get(name="Aosta")
    return t, rnd, team, teams.roster(team), rnd.team_matches.get()


def _seated(match) -> list[tuple[int, int, int]]:
    return [(g.board, g.white_id, g.black_id) for g in teams.board_games(match)]


def test_the_deadline_is_the_tournaments_minutes_before_the_scheduled_start() -> None:
    t, _rnd, _team, _roster, _match = _published_event()
    assert teams.lineup_deadline(t, 1) == START - datetime.timedelta(minutes=60)
    t.lineup_deadline_minutes = 120
    assert teams.lineup_deadline(t, 1) == START - datetime.timedelta(minutes=120)
    assert teams.lineup_deadline(t, 2) is None  # no scheduled start: no deadline
    assert not teams.deadline_passed(t, 2)


def test_a_lineup_on_a_published_round_reseats_the_teams_players_and_keeps_the_colours() -> None:
    _t, rnd, team, roster, match = _published_event()
    before = _seated(match)
    home = match.home_id == team.pk
    teams.set_lineup(round_id=rnd.pk, team_id=team.pk, member_ids=[m.pk for m in roster[1:]], now=BEFORE)
    after = _seated(match)
    assert [b for b, _w, _b in after] == [b for b, _w, _b in before]
    for k, ((_b, white, black), (_b2, old_white, old_black)) in enumerate(zip(after, before, strict=True), start=1):
        ours_white = teams.home_has_white(k) == home
        ours = white if ours_white else black
        theirs, old_theirs = (black, old_black) if ours_white else (white, old_white)
        assert ours == roster[k].player_id  # board k: the roster's board k+1
        assert theirs == old_theirs  # the opponent's boards and colours stay
    assert AuditEntry.objects.filter(action="set lineup").exists()


def test_after_the_deadline_a_lineup_is_refused_naming_the_deadline_in_english_and_italian() -> None:
    _t, rnd, team, roster, match = _published_event()
    before = _seated(match)
    with pytest.raises(teams.TeamRefused) as error:
        teams.set_lineup(round_id=rnd.pk, team_id=team.pk, member_ids=[m.pk for m in roster[1:]], now=AFTER)
    assert error.value.code == "teams.lineup_deadline_passed"
    assert "2026-07-01 14:00" in str(error.value)
    with translation.override("it"):
        assert "2026-07-01 14:00" in str(error.value) and "formazioni" in str(error.value)
    assert _seated(match) == before


def test_the_arbiter_changes_a_lineup_after_the_deadline_with_a_reason_audited() -> None:
    _t, rnd, team, roster, match = _published_event()
    teams.set_lineup(
        round_id=rnd.pk,
        team_id=team.pk,
        member_ids=[m.pk for m in roster[1:]],
        now=AFTER,
        override_reason="board 1 ill, doctor's note",
    )
    seated = {p for _b, w, bl in _seated(match) for p in (w, bl)}
    assert roster[0].player_id not in seated and roster[4].player_id in seated
    entry = AuditEntry.objects.get(action="set lineup after the deadline")
    assert "doctor's note" in entry.new_value


def test_no_lineup_changes_once_a_result_of_the_match_is_entered_not_even_the_arbiters() -> None:
    t, rnd, team, roster, match = _published_event()
    board = teams.board_games(match)[2].board
    enter_board_result(tournament_id=t.pk, round_number=1, board=board, result=Result.DRAW)
    for reason in ("", "late arrival"):
        with pytest.raises(teams.TeamRefused) as error:
            teams.set_lineup(
                round_id=rnd.pk,
                team_id=team.pk,
                member_ids=[m.pk for m in roster[1:]],
                now=BEFORE,
                override_reason=reason,
            )
        assert error.value.code == "teams.lineup_match_started"


def test_without_a_schedule_a_lineup_changes_until_the_first_result() -> None:
    t = team_event(teams=2, members=5)
    rnd = pair_round(round_id=round_for(t, 1).pk)
    publish_pairing(round_id=rnd.pk)
    team = t.teams.get(name="Bari")
    roster = teams.roster(team)
    teams.set_lineup(round_id=rnd.pk, team_id=team.pk, member_ids=[m.pk for m in roster[1:]])
    assert teams.lineups_visible(rnd, rnd.team_matches.get())


def test_the_boards_are_private_until_both_lineups_are_in_or_the_deadline_passes() -> None:
    _t, rnd, team, roster, match = _published_event()
    other = match.away if match.home_id == team.pk else match.home
    assert not teams.lineups_visible(rnd, match, now=BEFORE)
    assert teams.lineups_visible(rnd, match, now=AFTER)
    teams.set_lineup(round_id=rnd.pk, team_id=team.pk, member_ids=[m.pk for m in roster[:4]], now=BEFORE)
    assert not teams.lineups_visible(rnd, match, now=BEFORE)
    teams.set_lineup(round_id=rnd.pk, team_id=other.pk, member_ids=[m.pk for m in teams.roster(other)[:4]], now=BEFORE)
    assert teams.lineups_visible(rnd, match, now=BEFORE)
