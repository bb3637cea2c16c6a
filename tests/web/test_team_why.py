"""Why this pairing? on a team event's round page (C.04.6 2026): a <details> per match loads
the lines of its two teams (or of the PAB's team), in English and Italian; a draft's are its
arbiters' only."""

from __future__ import annotations

from html import unescape

import pytest
from django.conf import settings
from django.test import Client

from tests.team_builders import team_event
from tourney.models import Round, RoundStatus
from tourney.roles import appoint

pytestmark = pytest.mark.django_db
CONFIRMED = {"confirmed": "1"}


def test_each_match_explains_its_teams(django_user_model, eager_celery, django_capture_on_commit_callbacks) -> None:
    t = team_event(teams=5, members=4, rounds=3)
    user = django_user_model.objects.create_user("team-arbiter")
    appoint(t, user, "arbiter")
    arbiter = Client()
    arbiter.force_login(user)
    with django_capture_on_commit_callbacks(execute=True):
        arbiter.post(f"/t/{t.pk}/rounds/1/pair/", headers={"HX-Request": "true"})
    rnd = Round.objects.get(tournament=t, number=1)
    assert rnd.status == RoundStatus.PAIRED, rnd.pairing_error
    match = rnd.team_matches.select_related("home", "away").get(table=1)
    url = f"/t/{t.pk}/rounds/1/matches/{match.pk}/why/"
    assert Client().get(url).status_code == 404  # a draft's explanations are its arbiters'
    draft = unescape(arbiter.get(url).content.decode())
    home, away = match.home.start_number, match.away.start_number
    assert f"Team {home} (0 match points): paired in bracket 1 (0 match points); meets {away}" in draft
    assert "on board 1: neither team has played a match" in draft and "(4.3.1; type A preferences, 1.7.1)" in draft

    with django_capture_on_commit_callbacks(execute=True):
        arbiter.post(f"/t/{t.pk}/rounds/1/publish/", CONFIRMED, headers={"HX-Request": "true"})
    page = Client().get(f"/t/{t.pk}/rounds/1/matches/").content.decode()
    assert f'hx-get="{url}"' in page and "Why this pairing?" in page
    bye = rnd.team_matches.select_related("home").get(away=None)
    lines = unescape(Client().get(f"/t/{t.pk}/rounds/1/matches/{bye.pk}/why/").content.decode())
    assert f"Team {bye.home.start_number} (0 match points): receives the pairing-allocated-bye" in lines
    assert "who has a smaller TPN (3.4.4)" in lines
    italian = Client()
    italian.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    text = unescape(italian.get(url).content.decode())
    assert f"Squadra {home} (0 punti match): abbinata nel gruppo 1 (0 punti match)" in text
    assert "Perché questo abbinamento?" in italian.get(f"/t/{t.pk}/rounds/1/matches/").content.decode()
