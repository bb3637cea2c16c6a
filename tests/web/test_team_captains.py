"""A team's captain: invited by the arbiter from the team's page, he hands in his own
team's lineup until the lineup deadline and nothing else; the public round page shows a
match's boards once both lineups are in or the deadline has passed; in English and Italian."""

from __future__ import annotations

import datetime
from html import unescape

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone

from pairing.job import pair_round
from tests.team_builders import team_event
from tourney.models import Appointment, AuditEntry, Lineup, Result, Tournament
from tourney.roles import appoint
from tourney.services import teams
from tourney.services.rounds import publish_pairing, round_for

pytestmark = pytest.mark.django_db


def _schedule(hours_from_now: float) -> list[str]:
    start = timezone.now().astimezone(datetime.UTC) + datetime.timedelta(hours=hours_from_now)
    return [start.strftime("%Y-%m-%dT%H:%M")]


def _published(hours_from_now: float = 24) -> Tournament:
    t = team_event(teams=2, members=5, rounds=3, round_schedule=_schedule(hours_from_now), time_zone="UTC")
    publish_pairing(round_id=pair_round(round_id=round_for(t, 1).pk).pk)
    return t


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def arbiter(django_user_model):
    return django_user_model.objects.create_user("chief")


def _captain_of(t: Tournament, name: str, arbiter) -> tuple[Client, object]:
    appoint(t, arbiter, "arbiter")
    team = t.teams.get(name=name)
    answer = _client(arbiter).post(
        f"/t/{t.pk}/teams/{team.pk}/captain/", {"name": f"Captain {name}", "email": f"{name.lower()}@example.org"}
    )
    assert answer.status_code == 302
    appointment = Appointment.objects.get(role="captain", team=team)
    return _client(appointment.user), team


def test_the_arbiter_invites_a_captain_with_a_set_password_link(arbiter) -> None:
    t = _published()
    appoint(t, arbiter, "arbiter")
    desk = _client(arbiter)
    team = t.teams.get(name="Aosta")
    answer = desk.post(
        f"/t/{t.pk}/teams/{team.pk}/captain/", {"name": "Anna Capo", "email": "anna@example.org"}, follow=True
    )
    page = unescape(answer.content.decode())
    assert "Anna Capo is invited as captain of Aosta" in page and "/accounts/set-password/" in page
    appointment = Appointment.objects.get(user__email="anna@example.org")
    assert (appointment.role, appointment.team) == ("captain", team)
    assert "anna@example.org" in desk.get(f"/t/{t.pk}/teams/{team.pk}/roster/").content.decode()
    assert AuditEntry.objects.filter(action="invite user", new_value__contains="(Aosta)").exists()
    # The appointments page gives no captain's role without a team.
    assert 'value="captain"' not in desk.get(f"/t/{t.pk}/appointments/").content.decode()


def test_a_captain_hands_in_his_lineup_and_the_boards_are_seated_again(arbiter) -> None:
    t = _published()
    captain, team = _captain_of(t, "Aosta", arbiter)
    roster = teams.roster(team)
    page = captain.get(f"/t/{t.pk}/rounds/1/lineups/{team.pk}/").content.decode()
    assert "Hand in the lineup" in page and "No lineup handed in yet" in page and "Opponent: Bari" in page
    data = {f"board-{k}": roster[b].pk for k, b in enumerate((0, 1, 2, 4), start=1)}
    page = unescape(captain.post(f"/t/{t.pk}/rounds/1/lineups/{team.pk}/", data).content.decode())
    assert "Saved." in page and "Your lineup is handed in." in page
    seated = {p for g in t.round_set.get(number=1).games.all() for p in (g.white_id, g.black_id)}
    assert roster[4].player_id in seated and roster[3].player_id not in seated


def test_a_captain_reaches_his_own_teams_lineup_only_and_nothing_of_the_desk(arbiter) -> None:
    t = _published()
    captain, team = _captain_of(t, "Aosta", arbiter)
    bari = t.teams.get(name="Bari")
    other = {f"board-{k}": m.pk for k, m in enumerate(teams.roster(bari)[:4], start=1)}
    assert captain.get(f"/t/{t.pk}/rounds/1/lineups/{bari.pk}/").status_code == 403
    assert captain.post(f"/t/{t.pk}/rounds/1/lineups/{bari.pk}/", other).status_code == 403
    assert captain.post(f"/t/{t.pk}/rounds/1/lineups/", {"team": bari.pk, **other}).status_code == 403
    assert captain.get(f"/t/{t.pk}/rounds/1/lineups/").status_code == 403
    assert captain.post(f"/t/{t.pk}/rounds/1/result/", {"entry": "1.1 1-0"}).status_code == 403
    assert captain.get(f"/t/{t.pk}/teams/{team.pk}/roster/").status_code == 403
    assert (
        captain.post(f"/t/{t.pk}/teams/{team.pk}/captain/", {"name": "X", "email": "x@example.org"}).status_code == 403
    )
    assert not Lineup.objects.filter(team=bari).exists()
    assert not t.round_set.get(number=1).games.exclude(result=Result.PENDING).exists()
    assert Client().get(f"/t/{t.pk}/rounds/1/lineups/{team.pk}/").status_code == 302  # to the login page


def test_after_the_deadline_the_captain_is_refused_and_the_arbiter_gives_a_reason(arbiter) -> None:
    t = _published(hours_from_now=0.5)  # the lineups were due half an hour ago
    captain, team = _captain_of(t, "Aosta", arbiter)
    roster = teams.roster(team)
    data = {f"board-{k}": roster[b].pk for k, b in enumerate((0, 1, 2, 4), start=1)}
    page = unescape(captain.post(f"/t/{t.pk}/rounds/1/lineups/{team.pk}/", data).content.decode())
    assert "the lineups of round 1 were due by" in page and not Lineup.objects.exists()
    assert "Hand in the lineup" not in page
    italian = _client(Appointment.objects.get(role="captain").user)
    italian.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    page = unescape(italian.post(f"/t/{t.pk}/rounds/1/lineups/{team.pk}/", data).content.decode())
    assert "le formazioni del turno 1 andavano consegnate entro" in page
    assert "Formazione del turno 1".lower() in page.lower()
    desk = _client(arbiter)
    assert "Reason for the change after the deadline" in desk.get(f"/t/{t.pk}/rounds/1/lineups/").content.decode()
    answer = unescape(
        desk.post(f"/t/{t.pk}/rounds/1/lineups/", {"team": team.pk, **data}, follow=True).content.decode()
    )
    assert "were due by" in answer and not Lineup.objects.exists()
    desk.post(f"/t/{t.pk}/rounds/1/lineups/", {"team": team.pk, "override_reason": "traffic jam", **data})
    assert Lineup.objects.filter(team=team).exists()
    assert AuditEntry.objects.get(action="set lineup after the deadline").new_value.endswith("(traffic jam)")


def test_the_public_see_the_boards_once_both_lineups_are_in(arbiter, django_capture_on_commit_callbacks) -> None:
    t = _published()
    captain, team = _captain_of(t, "Aosta", arbiter)
    bari = t.teams.get(name="Bari")
    names = [m.player.name for m in teams.roster(team)[:4]]
    public = Client()
    page = public.get(f"/t/{t.pk}/rounds/1/matches/").content.decode()
    assert "The boards are shown once both lineups are in" in page and names[0] not in page
    assert names[0] in _client(arbiter).get(f"/t/{t.pk}/rounds/1/matches/").content.decode()
    italian = Client()
    italian.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    assert "Le scacchiere sono mostrate" in italian.get(f"/t/{t.pk}/rounds/1/matches/").content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        captain.post(
            f"/t/{t.pk}/rounds/1/lineups/{team.pk}/",
            {f"board-{k}": m.pk for k, m in enumerate(teams.roster(team)[:4], start=1)},
        )
    page = public.get(f"/t/{t.pk}/rounds/1/matches/").content.decode()
    assert names[0] not in page  # one lineup in: the opponent's captain still sees nothing
    with django_capture_on_commit_callbacks(execute=True):
        teams.set_lineup(
            round_id=t.round_set.get(number=1).pk,
            team_id=bari.pk,
            member_ids=[m.pk for m in teams.roster(bari)[:4]],
        )
    page = public.get(f"/t/{t.pk}/rounds/1/matches/").content.decode()
    assert names[0] in page and "The boards are shown once" not in page


def test_without_a_schedule_the_boards_are_public_at_once(arbiter) -> None:
    t = team_event(teams=2, members=4)
    publish_pairing(round_id=pair_round(round_id=round_for(t, 1).pk).pk)
    page = Client().get(f"/t/{t.pk}/rounds/1/matches/").content.decode()
    assert "Aosta 1" in page and "The boards are shown once" not in page


def test_a_captain_sees_no_draft_pairing_and_no_other_teams_lineup(arbiter) -> None:
    t = team_event(teams=2, members=5, rounds=3, round_schedule=_schedule(24), time_zone="UTC")
    rnd = pair_round(round_id=round_for(t, 1).pk)  # paired, not published
    captain, team = _captain_of(t, "Aosta", arbiter)
    bari = t.teams.get(name="Bari")
    bari_reserve = teams.roster(bari)[4]
    teams.set_lineup(round_id=rnd.pk, team_id=bari.pk, member_ids=[m.pk for m in teams.roster(bari)[1:]])
    matches = captain.get(f"/t/{t.pk}/rounds/1/matches/").content.decode()
    assert "not published yet" in matches and bari_reserve.player.name not in matches
    own = captain.get(f"/t/{t.pk}/rounds/1/lineups/{team.pk}/").content.decode()
    assert "Hand in the lineup" in own and "Bari" not in own  # the opponent is named once published
    assert captain.get(f"/t/{t.pk}/rounds/1/lineups/{bari.pk}/").status_code == 403


def test_the_beat_renews_the_public_page_when_the_deadline_passes(django_capture_on_commit_callbacks) -> None:
    from tourney.tasks import renew_lineup_pages

    t = _published(hours_from_now=24)
    name = teams.roster(t.teams.get(name="Aosta"))[0].player.name
    public = Client()
    assert name not in public.get(f"/t/{t.pk}/rounds/1/matches/").content.decode()
    # The deadline passes (a minute ago, within the beat's window) with nothing written:
    # the copy kept is stale.
    Tournament.objects.filter(pk=t.pk).update(round_schedule=_schedule(59.5 / 60))
    assert name not in public.get(f"/t/{t.pk}/rounds/1/matches/").content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        assert renew_lineup_pages() == [t.round_set.get(number=1).pk]
    assert name in public.get(f"/t/{t.pk}/rounds/1/matches/").content.decode()
    later = timezone.now() + datetime.timedelta(minutes=10)
    assert teams.renew_pages_at_lineup_deadlines(since_seconds=120, now=later) == []  # once, not at every beat


def test_the_individual_round_page_keeps_the_boards_private_too(arbiter) -> None:
    t = _published()
    name = teams.roster(t.teams.get(name="Aosta"))[0].player.name
    assert name not in Client().get(f"/t/{t.pk}/rounds/1/").content.decode()
    appoint(t, arbiter, "arbiter")
    assert name in _client(arbiter).get(f"/t/{t.pk}/rounds/1/").content.decode()
    other = team_event(teams=2, members=4)
    publish_pairing(round_id=pair_round(round_id=round_for(other, 1).pk).pk)
    assert "Aosta 1" in Client().get(f"/t/{other.pk}/rounds/1/").content.decode()  # no deadline: public at once


def test_the_team_card_names_no_player_of_a_round_whose_lineups_are_not_out() -> None:
    t = _published()
    aosta = t.teams.get(name="Aosta")
    card = Client().get(f"/t/{t.pk}/teams/{aosta.pk}/").content.decode()
    assert "Bari" in card and "R1 B1" not in card  # the opponent, not who plays
    other = team_event(teams=2, members=4)  # no schedule: no deadline
    publish_pairing(round_id=pair_round(round_id=round_for(other, 1).pk).pk)
    card = Client().get(f"/t/{other.pk}/teams/{other.teams.get(name='Aosta').pk}/").content.decode()
    assert "R1 B1" in card


def test_a_players_card_names_no_opponent_before_the_lineups_are_out() -> None:
    t = _published()
    aosta_1 = teams.roster(t.teams.get(name="Aosta"))[0].player
    bari_1 = teams.roster(t.teams.get(name="Bari"))[0].player
    card = Client().get(f"/t/{t.pk}/players/{aosta_1.pk}/").content.decode()
    assert aosta_1.name in card and bari_1.name not in card


def test_the_public_printouts_name_the_players_once_the_lineups_are_out(arbiter) -> None:
    t = _published()
    name = teams.roster(t.teams.get(name="Aosta"))[0].player.name
    appoint(t, arbiter, "arbiter")
    for printout in ("print/matches", "print/match-cards"):
        assert name not in Client().get(f"/t/{t.pk}/rounds/1/{printout}/").content.decode()
        assert name in _client(arbiter).get(f"/t/{t.pk}/rounds/1/{printout}/").content.decode()


def test_the_public_trf_file_names_no_board_before_the_lineups_are_out() -> None:
    from tourney.trf_io import export_tournament

    def round_one_opponents(t: Tournament, public: bool) -> set[int | None]:
        return {p.rounds[0].opponent for p in export_tournament(t, public=public).players if p.rounds}

    t = _published()
    assert round_one_opponents(t, public=True) <= {None}
    assert len(round_one_opponents(t, public=False) - {None}) == 8  # two teams of four boards
    other = team_event(teams=2, members=4)  # no schedule: no deadline, the boards public at once
    publish_pairing(round_id=pair_round(round_id=round_for(other, 1).pk).pk)
    assert len(round_one_opponents(other, public=True) - {None}) == 8
