"""The pages of a team event: registration by form and roster file, the roster, the
lineups, pairing and publishing on the round desk, results typed as "12.3 1-0", a match
forfeited, the public round, standings and team card, in English and Italian."""

from __future__ import annotations

from html import unescape

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from tests.team_builders import team_event
from tourney.models import Lineup, MatchForfeit, Result, Round, RoundStatus, TeamMatch, Tournament
from tourney.roles import appoint
from tourney.services import teams

pytestmark = pytest.mark.django_db
CONFIRMED = {"confirmed": "1"}


@pytest.fixture
def team_desk(django_user_model) -> tuple[Tournament, Client]:
    t = team_event(teams=5, members=5, rounds=3)
    user = django_user_model.objects.create_user("captain-arbiter")
    appoint(t, user, "arbiter")
    client = Client()
    client.force_login(user)
    return t, client


def _htmx(client: Client, url: str, data: dict | None = None) -> str:
    return unescape(client.post(url, data or {}, headers={"HX-Request": "true"}).content.decode())


def test_a_team_is_registered_by_the_form_and_by_a_roster_file(team_desk) -> None:
    t, client = team_desk
    page = client.get(f"/t/{t.pk}/teams/").content.decode()
    assert "Register a team" in page and "Aosta" in page
    answer = client.post(
        f"/t/{t.pk}/teams/",
        {"name": "Zena", "federation": "ita", "captain": "Doria", "members": "Z1;;2000;ITA\nZ2\nZ3;;1900\nZ4"},
    )
    assert answer.status_code == 302
    zena = t.teams.get(name="Zena")
    assert (zena.federation, zena.captain, zena.members.count()) == ("ITA", "Doria", 4)
    text = b"team;board;name;fide_id;rating;federation\nRovigo;1;R1;;;ITA\nRovigo;2;R2;x;;ITA\n"
    upload = SimpleUploadedFile("teams.csv", text)
    page = client.post(f"/t/{t.pk}/teams/csv/", {"file": upload}).content.decode()
    assert "line 3, column 4" in unescape(page) and not t.teams.filter(name="Rovigo").exists()
    upload = SimpleUploadedFile("teams.csv", b"Rovigo;1;R1;;;ITA\nRovigo;2;R2;;;ITA\n")
    assert client.post(f"/t/{t.pk}/teams/csv/", {"file": upload}).status_code == 302
    assert t.teams.get(name="Rovigo").members.count() == 2


def test_the_team_pages_are_for_team_events_only(client, team_desk) -> None:
    from tests import builders

    other = builders.tournament(players=2)
    assert client.get(f"/t/{other.pk}/teams/standings/").status_code == 404


def test_a_round_from_lineups_to_standings(team_desk, eager_celery, django_capture_on_commit_callbacks) -> None:
    t, client = team_desk
    aosta = t.teams.get(name="Aosta")
    roster = teams.roster(aosta)
    page = client.get(f"/t/{t.pk}/rounds/1/lineups/").content.decode()
    assert 'id="lineup-' in page
    lineup = {"team": aosta.pk, **{f"board-{k}": roster[b].pk for k, b in enumerate((0, 1, 2, 4), start=1)}}
    answer = _htmx(client, f"/t/{t.pk}/rounds/1/lineups/", lineup)
    assert "Saved." in answer and f'id="lineup-{aosta.pk}"' in answer
    wrong = {**lineup, "board-1": roster[2].pk, "board-3": roster[0].pk}
    assert "the roster's order" in _htmx(client, f"/t/{t.pk}/rounds/1/lineups/", wrong)
    assert Lineup.objects.filter(team=aosta).count() == 1

    with django_capture_on_commit_callbacks(execute=True):
        _htmx(client, f"/t/{t.pk}/rounds/1/pair/")
    rnd = Round.objects.get(tournament=t, number=1)
    assert rnd.status == RoundStatus.PAIRED, rnd.pairing_error
    assert rnd.team_matches.count() == 3 and rnd.games.count() == 8
    draft = client.get(f"/t/{t.pk}/rounds/1/matches/").content.decode()
    assert "Draft: not published yet." in draft and "Aosta 5" in draft
    assert "not published yet" in Client().get(f"/t/{t.pk}/rounds/1/matches/").content.decode()
    desk = client.get(f"/t/{t.pk}/rounds/1/").content.decode()
    assert "Swiss Team Pairing System" in desk and '<small class="match-board">(1.2)</small>' in desk
    assert "hand/colours" not in desk  # a team round is not changed board by board

    with django_capture_on_commit_callbacks(execute=True):  # the public pages' versions change
        _htmx(client, f"/t/{t.pk}/rounds/1/publish/", CONFIRMED)
    answer = _htmx(client, f"/t/{t.pk}/rounds/1/result/", {"entry": "1.2 0-1"})
    assert "Board 2: 0-1 (1.2)" in answer
    # A correction names the board as the arbiter typed it.
    prompt = _htmx(client, f"/t/{t.pk}/rounds/1/result/", {"entry": "1.2 1-0"})
    assert "Board 2 (1.2) has 0-1: correct it to 1-0?" in prompt
    match1 = rnd.team_matches.get(table=1)
    assert teams.board_games(match1)[1].result == Result.BLACK_WINS
    assert "has no match 1 with a board 7" in _htmx(client, f"/t/{t.pk}/rounds/1/result/", {"entry": "1.7 1-0"})
    for game in rnd.games.filter(result=Result.PENDING):
        table, board = divmod(game.board - 1, 4)
        _htmx(client, f"/t/{t.pk}/rounds/1/result/", {"entry": f"{table + 1}.{board + 1} 1-0"})
    match2 = rnd.team_matches.get(table=2)
    client.post(f"/t/{t.pk}/rounds/1/matches/{match2.pk}/forfeit/", {"forfeit": MatchForfeit.AWAY})
    assert {g.result for g in teams.board_games(match2)} == {Result.WHITE_WINS_FORFEIT, Result.BLACK_WINS_FORFEIT}

    public = Client()
    matches = public.get(f"/t/{t.pk}/rounds/1/matches/").content.decode()
    assert "Match 1" in matches and "pairing-allocated bye" in matches
    standings = public.get(f"/t/{t.pk}/teams/standings/").content.decode()
    assert "Team standings after round 1" in standings and "<th>MP</th><th>GP</th>" in standings
    card = public.get(f"/t/{t.pk}/teams/{aosta.pk}/").content.decode()
    assert "Matches" in card and "R1 B" in card
    italian = Client()
    italian.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    assert "Classifica a squadre dopo il turno 1" in italian.get(f"/t/{t.pk}/teams/standings/").content.decode()
    assert "Incontro 1" in italian.get(f"/t/{t.pk}/rounds/1/matches/").content.decode()


def test_the_roster_page_reorders_adds_a_reserve_and_withdraws(team_desk) -> None:
    t, client = team_desk
    team = t.teams.get(name="Bari")
    roster = teams.roster(team)
    order = {"action": "order", **{f"board-{m.pk}": 5 - k for k, m in enumerate(roster)}}
    client.post(f"/t/{t.pk}/teams/{team.pk}/roster/", order)
    assert [m.player.name for m in teams.roster(team)] == [f"Bari {b}" for b in (5, 4, 3, 2, 1)]
    client.post(f"/t/{t.pk}/teams/{team.pk}/roster/", {"action": "add", "name": "Bari 6", "rating": "1500"})
    assert teams.roster(team)[-1].player.name == "Bari 6"
    page = client.get(f"/t/{t.pk}/teams/{team.pk}/roster/").content.decode()
    assert "Delete the team" in page and "Withdraw the team" not in page  # not paired yet: no withdrawal
    client.post(f"/t/{t.pk}/teams/{team.pk}/roster/", {"action": "delete"})
    assert not t.teams.filter(name="Bari").exists() and not t.players.filter(name__startswith="Bari").exists()
    assert list(t.teams.values_list("start_number", flat=True)) == [1, 2, 3, 4]


def test_the_public_cannot_edit_lineups_or_forfeit_matches(client, team_desk) -> None:
    t, _client = team_desk
    assert client.post(f"/t/{t.pk}/rounds/1/lineups/", {}).status_code == 403
    assert client.get(f"/t/{t.pk}/teams/").status_code == 302  # to the login page
    assert not TeamMatch.objects.exists()


def test_a_team_bye_is_requested_and_cancelled_on_the_teams_page(team_desk) -> None:
    t, client = team_desk
    team = t.teams.get(name="Como")
    client.post(f"/t/{t.pk}/teams/byes/", {"team": team.pk, "round": "2", "kind": "full"})
    bye = team.byes.get()
    assert (bye.round.number, bye.kind) == (2, "full")
    page = client.get(f"/t/{t.pk}/teams/").content.decode()
    assert "Como · Full-point bye" in page
    client.post(f"/t/{t.pk}/teams/byes/{bye.pk}/cancel/")
    assert not team.byes.exists()


def test_an_organizer_creates_a_team_event_from_the_settings_form(organizer) -> None:
    settings_form = {
        "name": "Team Cup",
        "rounds": "7",
        "pairing_system": "dutch",
        "acceleration": "none",
        "acceleration_group_a_min": "2000",
        "acceleration_group_c_below": "1600",
        "points_win": "1",
        "points_draw": "0.5",
        "points_loss": "0",
        "points_pairing_bye": "1",
        "points_forfeit_win": "1",
        "points_forfeit_loss": "0",
        "points_full_bye": "1",
        "points_half_bye": "0.5",
        "correction_policy": "deadline",
        "correction_window_minutes": "60",
        "status": "registration",
        "kind": "team",
        "team_boards": "6",
        "team_colour_preferences": "B",
        "team_primary_score": "game",
        "match_points_win": "3",
        "lineup_deadline_minutes": "45",
    }
    assert "Team event (C.04.6)" in organizer.get("/new/").content.decode()
    assert organizer.post("/new/", settings_form).status_code == 302
    t = Tournament.objects.get(name="Team Cup")
    assert (t.kind, t.team_boards, t.team_colour_preferences, t.team_primary_score) == ("team", 6, "B", "game")
    assert (t.match_points_win, t.match_points_draw, t.match_points_loss) == (3, 1, 0)
    assert t.lineup_deadline_minutes == 45
    assert "Lineup deadline (minutes before the round)" in organizer.get(f"/t/{t.pk}/settings/").content.decode()
    assert "Teams" in organizer.get(f"/t/{t.pk}/teams/").content.decode()


def test_the_individual_pages_of_a_team_event_keep_working(team_desk, eager_celery) -> None:
    from pairing.job import pair_round
    from tourney.services.results import enter_board_result
    from tourney.services.rounds import close_round, publish_pairing, round_for

    t, client = team_desk
    rnd = pair_round(round_id=round_for(t, 1).pk)
    publish_pairing(round_id=rnd.pk)
    for game in rnd.games.all():
        enter_board_result(tournament_id=t.pk, round_number=1, board=game.board, result=Result.DRAW)
    close_round(round_id=rnd.pk)
    for url in (
        f"/t/{t.pk}/",
        f"/t/{t.pk}/rounds/1/",
        f"/t/{t.pk}/rounds/1/standings/",
        f"/t/{t.pk}/standings/",
        f"/t/{t.pk}/crosstable/",
        f"/t/{t.pk}/export/trf/",
        f"/t/{t.pk}/rounds/2/lineups/",
    ):
        assert client.get(url).status_code == 200, url
    detail = Client().get(f"/t/{t.pk}/").content.decode()
    assert "Swiss Team Pairing System" in detail and "Matches of 4 boards" in detail and ">Aosta</a>" in detail
    trf = client.get(f"/t/{t.pk}/export/trf/").content.decode()
    assert "Aosta 1" in trf


def test_the_teams_page_has_a_plain_title_and_the_teams_kept_apart_in_its_body(team_desk, django_user_model) -> None:
    t, _client = team_desk
    organizer = django_user_model.objects.create_user("organizer")
    appoint(t, organizer, "organizer")
    client = Client()
    client.force_login(organizer)
    page = unescape(client.get(f"/t/{t.pk}/teams/").content.decode())
    title = page[page.index("<title>") + len("<title>") : page.index("</title>")]
    assert title == f"Teams · {t.name}"
    body = page[page.index("<body") :]
    assert body.count('id="team-byes"') == 1 and body.count('id="team-prohibitions"') == 1
    assert f'action="/t/{t.pk}/teams/prohibited/"' in body
