""" "Why not team X against team Y?" on a team event's round page (in a match's "why this
pairing?") and on the team card (pairing/team_explanations.py, tourney/views/team_why.py):
answered at once when an absolute criterion answers, else by the "why not" job on the worker
with the players' cache, pending marker and share of the public; in English and Italian."""

from __future__ import annotations

import itertools
from html import unescape

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from pairing import explanations, team_explanations
from pairing.job import pair_round
from pairing.services import ask_team_why_not
from pairing.tasks import why_not_task
from tests.team_builders import play_team_event, team_event
from tourney.models import Round, RoundStatus, Tournament
from tourney.roles import appoint
from tourney.services.rounds import publish_pairing, round_for

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def _event(published: bool = True) -> tuple[Tournament, Round]:
    """Six teams, round 1 played, round 2 paired by the engine (and published)."""
    t = team_event(teams=6, members=4, rounds=4)
    play_team_event(t, 1)
    rnd = pair_round(round_id=round_for(t, 2).pk)
    assert rnd.status == RoundStatus.PAIRED, rnd.pairing_error
    if published:
        rnd = publish_pairing(round_id=rnd.pk)
    return t, rnd


def _needs_pairing(rnd: Round) -> tuple[int, int]:
    """Two teams of the round whose "why not" needs the round paired again."""
    ex = team_explanations.team_explainable(rnd)
    for a, b in itertools.combinations(sorted(t.tpn for t in ex.team_round.teams), 2):
        if ex.at_once(a, b) is None:
            return a, b
    raise AssertionError("every pair is answered at once")


def _met(t: Tournament) -> tuple[int, int]:
    match = Round.objects.get(tournament=t, number=1).team_matches.exclude(away=None).select_related("home", "away")[0]
    return match.home.start_number, match.away.start_number


def _why_not(client: Client, rnd: Round, a: int, b: int, **extra: str):
    url = reverse("team_why_not", args=[rnd.tournament_id, rnd.number])
    return client.get(url, {"a": a, "b": b, **extra}, **HTMX)


def _queue(monkeypatch) -> list[tuple]:
    queued: list[tuple] = []
    monkeypatch.setattr(why_not_task, "apply_async", lambda args, **kw: queued.append(args))
    return queued


def test_a_match_explained_asks_why_not_another_team_and_two_teams_that_met_are_answered_at_once(
    monkeypatch,
) -> None:
    t, rnd = _event()
    queued = _queue(monkeypatch)
    match = rnd.team_matches.exclude(away=None).select_related("home", "away").first()
    part = Client().get(reverse("team_match_why", args=[t.pk, 2, match.pk])).content.decode()
    assert reverse("team_why_not", args=[t.pk, 2]) in part and 'name="a"' in part and 'name="b"' in part
    a, b = _met(t)
    text = unescape(_why_not(Client(), rnd, a, b).content.decode())
    assert f"Teams {a} and {b} met in round 1: two teams shall not meet twice (C1, 2.1.1)" in text, text
    assert queued == []  # no pairing needed
    page = Client().get(reverse("team_why_not", args=[t.pk, 2]), {"a": a, "b": b})  # without HTMX: a page
    assert page.status_code == 200 and "Back to the round" in page.content.decode()


def test_a_question_that_needs_the_round_paired_again_is_a_polled_job(monkeypatch) -> None:
    _t, rnd = _event()
    queued = _queue(monkeypatch)
    a, b = _needs_pairing(rnd)
    first = _why_not(Client(), rnd, a, b).content.decode()
    assert 'hx-trigger="every 1s"' in first and "polling=1" in first
    again = _why_not(Client(), rnd, b, a, polling="1")  # the same pair, either way round
    assert again.status_code == 200 and len(queued) == 1  # one job per question
    assert queued[0][-1] == team_explanations.KIND
    assert why_not_task.run(*queued[0]) == explanations.DONE
    done = _why_not(Client(), rnd, a, b, polling="1")
    assert done.status_code == 286  # the poll ends
    text = unescape(done.content.decode())
    assert "The best pairing of the round holding this pair:" in text and 'class="chosen"' in text
    assert f"With {a}-{b} paired, the pairing first differs at" in text, text
    assert len(queued) == 1


def test_the_answer_is_worked_out_by_the_task_and_kept_per_round_and_pair(eager_celery) -> None:
    _t, rnd = _event()
    a, b = _needs_pairing(rnd)
    text = _why_not(Client(), rnd, a, b).content.decode()
    assert 'class="forced"' in text and 'class="chosen"' in text, text
    ex = team_explanations.team_explainable(rnd)
    assert ask_team_why_not(ex, a, b, public=True).state == explanations.DONE


def test_the_public_cannot_send_the_worker_more_than_its_share(settings, monkeypatch, django_user_model) -> None:
    settings.WHY_NOT_JOBS_PER_MINUTE = 0
    t, rnd = _event()
    queued = _queue(monkeypatch)
    a, b = _needs_pairing(rnd)
    assert "ask again in a minute" in _why_not(Client(), rnd, a, b).content.decode()
    assert queued == []
    user = django_user_model.objects.create_user("arb")
    appoint(t, user, "arbiter")
    arbiter = Client()
    arbiter.force_login(user)
    _why_not(arbiter, rnd, a, b)  # the arbiter is not counted
    assert len(queued) == 1


def test_a_draft_is_asked_about_by_its_arbiters_only_and_a_stale_job_forgets_the_question(
    monkeypatch, django_user_model
) -> None:
    t, rnd = _event(published=False)
    queued = _queue(monkeypatch)
    a, b = _needs_pairing(rnd)
    assert _why_not(Client(), rnd, a, b).status_code == 404
    user = django_user_model.objects.create_user("arb")
    appoint(t, user, "arbiter")
    arbiter = Client()
    arbiter.force_login(user)
    assert "every 1s" in _why_not(arbiter, rnd, a, b).content.decode()
    Round.objects.filter(pk=rnd.pk).update(engine_pairing="1-2")  # the round is another pairing now
    assert why_not_task.run(*queued[0]) == explanations.FAILED_JOB
    assert explanations.held(queued[0][0]) is None


def test_the_team_card_asks_about_the_latest_published_round_in_italian(eager_celery) -> None:
    t, rnd = _event()
    team = t.teams.get(start_number=_met(t)[0])
    card = Client().get(reverse("team_card", args=[t.pk, team.pk])).content.decode()
    assert reverse("team_card_why_not", args=[t.pk, team.pk]) in card
    italian = Client()
    italian.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    form = unescape(italian.get(reverse("team_card_why_not", args=[t.pk, team.pk])).content.decode())
    assert "Perché non un altro avversario nel turno 2?" in form
    assert f'<input type="hidden" name="a" value="{team.start_number}">' in form
    a, b = _met(t)
    text = unescape(_why_not(italian, rnd, a, b).content.decode())
    assert f"Le squadre {a} e {b} si sono incontrate al turno 1" in text, text
    a, b = _needs_pairing(rnd)
    text = unescape(_why_not(italian, rnd, a, b).content.decode())
    assert "Il miglior abbinamento del turno che contiene questa coppia:" in text, text


def test_a_round_changed_by_hand_is_not_explained() -> None:
    t, rnd = _event()
    Round.objects.filter(pk=rnd.pk).update(engine_pairing="1-2 3-4 5-6")
    a, b = _met(t)
    text = unescape(_why_not(Client(), rnd, a, b).content.decode())
    assert "This pairing was changed by hand" in text
