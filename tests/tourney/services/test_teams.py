"""Team events: registration and rosters, the CSV import, lineups, pairing a team round
(C.04.6) into matches and board games, match and board forfeits, the scores."""

from __future__ import annotations

import pytest

from pairing import adapter
from pairing.job import pair_round
from tests.team_builders import team_event
from tourney.models import AuditEntry, Game, Lineup, MatchForfeit, Result, RoundStatus, Team, TeamMatch
from tourney.services import teams
from tourney.services.results import enter_board_result
from tourney.services.rounds import publish_pairing, round_for

pytestmark = pytest.mark.django_db


def _play(rnd, results: str = "1-0") -> None:
    for game in rnd.games.order_by("board"):
        enter_board_result(tournament_id=rnd.tournament_id, round_number=rnd.number, board=game.board, result=results)


def test_teams_take_start_numbers_by_the_average_rating_of_their_first_boards() -> None:
    t = team_event(teams=3)
    # Registered strongest first; a weaker first board but a stronger average moves up.
    strong = teams.register_team(
        tournament_id=t.pk,
        name="Zeta",
        members=[teams.MemberData("Z1", rating=2300), *(teams.MemberData(f"Z{b}", rating=2500) for b in (2, 3, 4))],
    )
    assert strong.start_number == 1
    assert list(t.teams.values_list("name", flat=True)) == ["Zeta", "Aosta", "Bari", "Como"]
    # Players numbered team after team, board after board.
    assert list(strong.members.values_list("player__pairing_number", flat=True)) == [1, 2, 3, 4]
    assert t.teams.get(name="Aosta").members.first().player.pairing_number == 5
    assert AuditEntry.objects.filter(action="register team").count() == 4


def test_a_second_team_with_the_same_name_is_refused_in_italian() -> None:
    t = team_event(teams=1)
    with pytest.raises(teams.TeamRefused) as error:
        teams.register_team(tournament_id=t.pk, name="Aosta", members=[teams.MemberData("X")])
    assert error.value.code == "teams.name_taken"
    from django.utils import translation

    with translation.override("it"):
        assert "Aosta" in str(error.value) and "squadra" in str(error.value)


CSV = """team;board;name;fide_id;rating;federation
Rovigo;1;Rossi, Mario;12345678;2200;ITA
Rovigo;2;Bianchi, Luca;;2100;ITA
Padova;2;Verdi, Anna;;1900;ITA
Padova;1;Neri, Paolo;;2000;ITA
"""


def test_the_roster_file_registers_every_team_in_board_order() -> None:
    t = team_event(teams=0, boards=2)
    made = teams.import_rosters(tournament_id=t.pk, text=CSV)
    assert [m.name for m in made] == ["Rovigo", "Padova"]
    padova = t.teams.get(name="Padova")
    assert [m.player.name for m in teams.roster(padova)] == ["Neri, Paolo", "Verdi, Anna"]
    assert t.teams.get(name="Rovigo").members.first().player.fide_id == "12345678"


@pytest.mark.parametrize(
    ("line", "code", "where"),
    [
        ("Padova;x;Neri;;2000;ITA", "teams.line_problem", "line 2, column 2"),
        ("Padova;1;Neri;;lots;ITA", "teams.line_problem", "line 2, column 5"),
        ("Padova;1;Neri;;2000;ITALY", "teams.line_problem", "line 2, column 6"),
        ("Padova;1", "teams.line_short", "line 2"),
    ],
)
def test_a_bad_roster_line_names_its_line_and_column(line: str, code: str, where: str) -> None:
    t = team_event(teams=0, boards=2)
    with pytest.raises(teams.TeamRefused) as error:
        teams.import_rosters(tournament_id=t.pk, text="team;board;name\n" + line + "\n")
    assert error.value.code == code
    assert where in str(error.value)
    assert not t.teams.exists()


def test_a_lineup_keeps_the_roster_order_and_has_one_player_per_board() -> None:
    t = team_event(teams=2, members=6)
    rnd = round_for(t, 1)
    aosta = t.teams.get(name="Aosta")
    m = teams.roster(aosta)
    lineup = teams.set_lineup(round_id=rnd.pk, team_id=aosta.pk, member_ids=[m[0].pk, m[2].pk, m[3].pk, m[5].pk])
    assert [b.member.board for b in lineup.boards.all()] == [1, 3, 4, 6]
    for ids, code in (
        ([m[2].pk, m[0].pk, m[3].pk, m[5].pk], "teams.lineup_order"),
        ([m[0].pk, m[2].pk, m[3].pk], "teams.lineup_size"),
        ([m[0].pk, m[0].pk, m[3].pk, m[5].pk], "teams.lineup_twice"),
        ([m[0].pk, m[2].pk, m[3].pk, teams.roster(t.teams.get(name="Bari"))[5].pk], "teams.lineup_not_member"),
    ):
        with pytest.raises(teams.TeamRefused) as error:
            teams.set_lineup(round_id=rnd.pk, team_id=aosta.pk, member_ids=ids)
        assert error.value.code == code
    assert [x.board for x in teams.lineup_of(rnd, aosta)] == [1, 3, 4, 6]
    # Without a lineup: the roster's first boards.
    assert [x.board for x in teams.lineup_of(rnd, t.teams.get(name="Bari"))] == [1, 2, 3, 4]


def test_a_team_round_is_paired_into_matches_with_alternating_board_colours() -> None:
    t = team_event(teams=5, members=5)
    rnd = round_for(t, 1)
    aosta = t.teams.get(name="Aosta")
    m = teams.roster(aosta)
    teams.set_lineup(round_id=rnd.pk, team_id=aosta.pk, member_ids=[m[0].pk, m[1].pk, m[2].pk, m[4].pk])
    rnd = pair_round(round_id=rnd.pk)
    assert rnd.status == RoundStatus.PAIRED, rnd.pairing_error
    matches = list(rnd.team_matches.order_by("table"))
    assert len(matches) == 3 and matches[-1].is_bye and matches[-1].home.name == "Enna"  # 5 teams: the PAB
    assert rnd.engine_pairing == "1-3 4-2 bye 5"  # C.04.6 4.3.1: TPN 1 White on board 1 with initial White
    first = matches[0]
    games = teams.board_games(first)
    assert [g.board for g in games] == [1, 2, 3, 4]
    assert [g.white.team_member.team_id for g in games] == [first.home_id, first.away_id] * 2
    aosta_players = {g.white.name for g in games} | {g.black.name for g in games}
    assert "Aosta 5" in aosta_players and "Aosta 4" not in aosta_players  # the lineup
    assert Game.objects.filter(round=rnd, match__isnull=False).count() == 8


def test_results_make_the_match_score_and_the_next_round_reads_them() -> None:
    t = team_event(teams=4)
    rnd = pair_round(round_id=round_for(t, 1).pk)
    publish_pairing(round_id=rnd.pk)
    _play(rnd, "1-0")  # White wins on every board: 2-2 in every match
    first = rnd.team_matches.get(table=1)
    score = teams.match_score(first, t)
    assert (score.home_game_points, score.away_game_points, score.home_match_points) == (20, 20, 1)
    # A board forfeit counts as a win on that board; the match is still played.
    enter_board_result(tournament_id=t.pk, round_number=1, board=2, result=Result.BLACK_WINS_FORFEIT, confirmed=True)
    score = teams.match_score(first, t)
    assert (score.home_game_points, score.away_game_points, score.home_match_points, score.away_match_points) == (
        30,
        10,
        2,
        0,
    )
    history = adapter.team_results(t, 2)
    assert history[1][0].match_points == 2 and history[1][0].game_points == 30
    rnd2 = pair_round(round_id=round_for(t, 2).pk)
    assert rnd2.status == RoundStatus.PAIRED, rnd2.pairing_error


def test_a_match_forfeited_as_a_whole_scores_every_board_and_counts_as_no_meeting() -> None:
    t = team_event(teams=4)
    rnd = pair_round(round_id=round_for(t, 1).pk)
    publish_pairing(round_id=rnd.pk)
    match = rnd.team_matches.get(table=1)
    teams.forfeit_match(match_id=match.pk, forfeit=MatchForfeit.HOME)
    results = [g.result for g in teams.board_games(match)]
    assert results == [Result.WHITE_WINS_FORFEIT, Result.BLACK_WINS_FORFEIT] * 2
    score = teams.match_score(match, t)
    assert (score.home_match_points, score.home_game_points) == (2, 40)
    for game in rnd.games.filter(result=Result.PENDING):
        enter_board_result(tournament_id=t.pk, round_number=1, board=game.board, result=Result.DRAW)
    history = adapter.team_results(t, 2)
    assert history[match.home.start_number][0].kind.value == "forfeit_win"
    assert AuditEntry.objects.filter(action="forfeit match").exists()


def test_a_lineup_changed_on_a_draft_seats_the_boards_again_and_is_final_once_a_result_is_in() -> None:
    t = team_event(teams=2, members=5)
    rnd = pair_round(round_id=round_for(t, 1).pk)
    team = t.teams.first()
    roster = teams.roster(team)
    teams.set_lineup(round_id=rnd.pk, team_id=team.pk, member_ids=[m.pk for m in roster[1:]])
    match = rnd.team_matches.get()
    seated = {g.white_id for g in teams.board_games(match)} | {g.black_id for g in teams.board_games(match)}
    assert roster[4].player_id in seated and roster[0].player_id not in seated
    assert [g.board for g in teams.board_games(match)] == [1, 2, 3, 4]
    publish_pairing(round_id=rnd.pk)
    first = match.games.get(board=1)
    enter_board_result(tournament_id=t.pk, round_number=1, board=first.board, result=Result.DRAW)
    with pytest.raises(teams.TeamRefused) as error:
        teams.set_lineup(round_id=rnd.pk, team_id=team.pk, member_ids=[m.pk for m in roster[:4]])
    assert error.value.code == "teams.lineup_match_started"
    assert Lineup.objects.count() == 1


def test_a_withdrawn_team_is_not_paired_and_a_late_team_enters_in_the_next_round() -> None:
    t = team_event(teams=4)
    rnd = pair_round(round_id=round_for(t, 1).pk)
    publish_pairing(round_id=rnd.pk)
    _play(rnd, Result.DRAW)
    late = teams.register_team(tournament_id=t.pk, name="Late", members=[teams.MemberData(f"L{b}") for b in range(4)])
    assert late.entry_round == 2 and late.start_number == 5  # numbers are kept once paired
    teams.withdraw_team(team_id=t.teams.get(name="Dolo").pk)
    rnd2 = pair_round(round_id=round_for(t, 2).pk)
    names = {m.home.name for m in rnd2.team_matches.all()} | {m.away.name for m in rnd2.team_matches.exclude(away=None)}
    assert "Dolo" not in names and "Late" in names
    assert TeamMatch.objects.filter(round=rnd2, away=None).count() == 0  # 4 teams play


def test_the_team_table_ranks_by_match_points() -> None:
    from pairing.engine.tiebreaks.teams import team_standings

    t = team_event(teams=4)
    rnd = pair_round(round_id=round_for(t, 1).pk)
    publish_pairing(round_id=rnd.pk)
    _play(rnd, "1-0")
    # Table 1: the away team wins 3-1.
    enter_board_result(tournament_id=t.pk, round_number=1, board=1, result=Result.BLACK_WINS, confirmed=True)
    table = adapter.team_table(t, 1)
    rows = team_standings(table, ["GP"])
    away = Team.objects.get(pk=rnd.team_matches.get(table=1).away_id).start_number
    assert rows[0].team == away and rows[0].values[0] == 2


def test_the_boards_of_a_team_round_are_not_changed_by_hand() -> None:
    from tourney.errors import PairingRefused
    from tourney.services.manual_changes import exchange_players, swap_colours

    t = team_event(teams=2)
    rnd = pair_round(round_id=round_for(t, 1).pk)
    for change in (
        lambda: exchange_players(round_id=rnd.pk, first=1, second=5),
        lambda: swap_colours(round_id=rnd.pk, board=1),
    ):
        with pytest.raises(PairingRefused) as error:
            change()
        assert error.value.code == "manual_changes.team_event"


def test_a_team_with_fewer_players_than_boards_stops_the_pairing() -> None:
    t = team_event(teams=2, members=4)
    teams.register_team(tournament_id=t.pk, name="Short", members=[teams.MemberData("S1"), teams.MemberData("S2")])
    rnd = pair_round(round_id=round_for(t, 1).pk)
    assert rnd.status == RoundStatus.DRAFT and rnd.pairing_error == "Short has 2 players for 4 boards"


def test_a_requested_bye_leaves_the_team_out_and_scores_the_tournaments_points() -> None:
    from tourney.models import ByeKind

    t = team_event(teams=5)
    enna = t.teams.get(name="Enna")
    bye = teams.request_team_bye(tournament_id=t.pk, team_id=enna.pk, round_number=1, kind=ByeKind.HALF_POINT)
    rnd = pair_round(round_id=round_for(t, 1).pk)
    assert rnd.team_matches.count() == 2 and not rnd.team_matches.filter(away=None).exists()  # four teams paired
    publish_pairing(round_id=rnd.pk)
    _play(rnd, Result.DRAW)
    result = adapter.team_results(t, 2)[enna.start_number][0]
    assert (result.kind.value, result.match_points, result.game_points) == ("half_bye", 1, 20)  # 4 boards x 0.5
    with pytest.raises(teams.TeamRefused) as error:
        teams.cancel_team_bye(bye_id=bye.pk)
    assert error.value.code == "teams.bye_round_paired"
    with pytest.raises(teams.TeamRefused) as error:
        teams.request_team_bye(tournament_id=t.pk, team_id=enna.pk, round_number=2, kind=ByeKind.PAIRING_ALLOCATED)
    assert error.value.code == "teams.bad_bye_kind"
    table = adapter.team_table(t, 1)
    assert table.mp[enna.start_number] == [1] and table.gp[enna.start_number] == [2]


def test_five_rounds_of_nine_teams_pair_as_the_engine_does_from_the_results_entered() -> None:
    """The adapter's history against one kept by the test from the results it types: every
    round's matches are the engine's pairing of that history (and the checker finds nothing)."""
    import random

    from pairing.engine.state import Colour
    from pairing.engine.team import ColourPreferences, TeamRound
    from pairing.engine.team import pair_round as engine_pair
    from pairing.engine.team.history import RoundKind, TeamResult, teams_before

    rng = random.Random(5)
    t = team_event(teams=9, rounds=5, team_colour_preferences="B")
    kept: dict[int, list[TeamResult]] = {tpn: [] for tpn in t.teams.values_list("start_number", flat=True)}
    for number in range(1, 6):
        expected = engine_pair(
            TeamRound(
                teams=tuple(teams_before(kept).values()),
                round_to_pair=number,
                total_rounds=5,
                preferences=ColourPreferences.TYPE_B,
            )
        )
        rnd = pair_round(round_id=round_for(t, number).pk)
        assert rnd.pairing_warnings == ""
        played = rnd.team_matches.exclude(away=None).order_by("table")
        assert [(m.home.start_number, m.away.start_number) for m in played] == [
            (m.white, m.black) for m in expected.matches
        ]
        assert rnd.team_matches.get(away=None).home.start_number == expected.bye
        publish_pairing(round_id=rnd.pk)
        for match in played:
            home_points = 0
            for k, game in enumerate(teams.board_games(match), start=1):
                result = rng.choice([Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW])
                enter_board_result(tournament_id=t.pk, round_number=number, board=game.board, result=result)
                white_points = {Result.WHITE_WINS: 10, Result.BLACK_WINS: 0, Result.DRAW: 5}[result]
                home_points += white_points if k % 2 else 10 - white_points
            away_points = 40 - home_points
            mp = (2, 0) if home_points > away_points else (0, 2) if home_points < away_points else (1, 1)
            h, a = match.home.start_number, match.away.start_number
            kept[h].append(TeamResult(RoundKind.PLAYED, a, Colour.WHITE, mp[0], home_points))
            kept[a].append(TeamResult(RoundKind.PLAYED, h, Colour.BLACK, mp[1], away_points))
        kept[expected.bye].append(TeamResult(RoundKind.PAB, match_points=1, game_points=20))
    assert adapter.team_results(t, 6) == kept


def test_the_team_pairing_reports_its_progress_bracket_by_bracket() -> None:
    t = team_event(teams=6)
    rnd = pair_round(round_id=round_for(t, 1).pk)
    publish_pairing(round_id=rnd.pk)
    for match in rnd.team_matches.order_by("table"):  # three scoregroups after round 1: won, drawn, lost
        for game in teams.board_games(match):
            result = Result.DRAW if match.table == 2 else Result.WHITE_WINS if game.board % 4 != 2 else Result.DRAW
            enter_board_result(tournament_id=t.pk, round_number=1, board=game.board, result=result)
    seen: list[tuple[int, int]] = []
    adapter.pair_team_round(adapter.team_round_for(round_for(t, 2)), lambda k, n: seen.append((k, n)))
    assert seen and seen[-1][0] == seen[-1][1] and all(k <= n for k, n in seen)
    assert [k for k, _n in seen] == list(range(1, len(seen) + 1))


def test_a_team_is_deleted_before_it_is_paired_and_withdrawn_after() -> None:
    t = team_event(teams=3)
    with pytest.raises(teams.TeamRefused) as error:
        teams.withdraw_team(team_id=t.teams.get(name="Como").pk)
    assert error.value.code == "teams.withdrawal_before_entry"
    rnd = pair_round(round_id=round_for(t, 1).pk)
    paired = rnd.team_matches.first().home
    with pytest.raises(teams.TeamRefused) as error:
        teams.delete_team(team_id=paired.pk)
    assert error.value.code == "teams.team_paired"
    assert teams.withdraw_team(team_id=paired.pk).withdrawal_round == 2


def test_a_fide_id_twice_in_a_roster_is_refused() -> None:
    t = team_event(teams=0)
    roster = [teams.MemberData("A", fide_id="123"), teams.MemberData("B", fide_id="123")]
    with pytest.raises(teams.TeamRefused) as error:
        teams.register_team(tournament_id=t.pk, name="Twins", members=roster)
    assert error.value.code == "teams.fide_id_twice"


def test_teams_kept_apart_are_not_paired_together() -> None:
    t = team_event(teams=4)
    first, second = t.teams.get(start_number=1), t.teams.get(start_number=3)  # round 1 would pair 1-3
    teams.prohibit_teams(tournament_id=t.pk, team_id=first.pk, other_id=second.pk, first_round=1, last_round=1)
    assert teams.prohibited_pairs(t, 1) == ((1, 3),) and teams.prohibited_pairs(t, 2) == ()
    rnd = pair_round(round_id=round_for(t, 1).pk)
    pairs = {frozenset((m.home.start_number, m.away.start_number)) for m in rnd.team_matches.all()}
    assert frozenset((1, 3)) not in pairs and rnd.pairing_warnings == ""
    with pytest.raises(teams.TeamRefused) as error:
        teams.prohibit_teams(tournament_id=t.pk, team_id=first.pk, other_id=first.pk)
    assert error.value.code == "teams.same_team"


def test_a_match_is_forfeited_as_a_whole_only_while_its_results_come_in() -> None:
    from tourney.services.rounds import close_round

    t = team_event(teams=2)
    rnd = pair_round(round_id=round_for(t, 1).pk)
    match = rnd.team_matches.get()
    with pytest.raises(teams.TeamRefused) as error:
        teams.forfeit_match(match_id=match.pk, forfeit=MatchForfeit.HOME)
    assert error.value.code == "teams.match_not_published"
    publish_pairing(round_id=rnd.pk)
    _play(rnd)
    close_round(round_id=rnd.pk)
    with pytest.raises(teams.TeamRefused) as error:
        teams.forfeit_match(match_id=match.pk, forfeit=MatchForfeit.HOME)
    assert error.value.code == "teams.match_closed"


def test_a_team_withdrawn_before_its_requested_bye_scores_nothing_in_that_round() -> None:
    from tourney.models import ByeKind, TeamBye

    t = team_event(teams=5)
    enna = t.teams.get(name="Enna")
    teams.request_team_bye(tournament_id=t.pk, team_id=enna.pk, round_number=3, kind=ByeKind.HALF_POINT)
    for number in (1, 2, 3):
        if number == 2:
            teams.withdraw_team(team_id=enna.pk)  # from round 2, before its bye in round 3
        rnd = pair_round(round_id=round_for(t, number).pk)
        publish_pairing(round_id=rnd.pk)
        _play(rnd, Result.DRAW)
    result = adapter.team_results(t, 4)[enna.start_number][2]
    assert (result.kind.value, result.match_points, result.game_points) == ("zero_bye", 0, 0)
    assert adapter.team_table(t, 3).mp[enna.start_number][2] == 0
    assert not TeamBye.objects.filter(team=enna).exists()
    assert AuditEntry.objects.filter(action="cancel team bye").count() == 1
