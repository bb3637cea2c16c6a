""" "Why this pairing?" and "why not X?" on the draft, the public round page and the player
card (pairing/explanations.py, tourney/views/why.py)."""

from __future__ import annotations

import itertools

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from pairing import explanations
from pairing.engine import explain
from pairing.job import pair_round
from pairing.services import ask_why_not
from pairing.tasks import why_not_task
from tests import builders
from tourney.caching import BASE, round_part
from tourney.models import Round, RoundStatus, Tournament
from tourney.roles import appoint
from tourney.services.manual_changes import swap_colours
from tourney.services.rounds import publish_pairing
from tourney.views.why import explained_rounds

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def _event(system: str = "dutch", published: bool = True) -> tuple[Tournament, Round]:
    """Ten players, round 1 played, round 2 paired by the engine (and published)."""
    t = builders.tournament(players=10, rounds=5, pairing_system=system)
    builders.round_with(t, 1, "1-6 1-0, 7-2 0-1, 3-8 =, 9-4 0-1, 5-10 1-0", status=RoundStatus.CLOSED)
    rnd = pair_round(round_id=Round.objects.create(tournament=t, number=2).pk)
    if published:
        rnd = publish_pairing(round_id=rnd.pk)
    return t, rnd


def _arbiter(t: Tournament, django_user_model) -> Client:
    user = django_user_model.objects.create_user("arb")
    appoint(t, user, "arbiter")
    client = Client()
    client.force_login(user)
    return client


def _in(client: Client, language: str) -> Client:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


def _needs_pairing(rnd: Round) -> tuple[int, int]:
    """Two players of the round whose "why not" needs the round paired again."""
    ex = explanations.explainable(rnd)
    numbers = sorted(p.pairing_number for p in rnd.tournament.players.all())
    for a, b in itertools.combinations(numbers, 2):
        if explain.answer_at_once(ex.state, a, b, ex.system, ex.edition, ex.options, ex.pairing) is None:
            return a, b
    raise AssertionError("every pair is answered at once")


def _why_not(client: Client, rnd: Round, a: int, b: int, **extra: str):
    url = reverse("why_not", args=[rnd.tournament_id, rnd.number])
    return client.get(url, {"a": a, "b": b, **extra}, **HTMX)


def test_the_public_round_page_explains_every_player_of_a_published_round() -> None:
    t, _rnd = _event()
    page = Client().get(reverse("round_detail", args=[t.pk, 2])).content.decode()
    assert 'id="why-round"' in page and reverse("round_why", args=[t.pk, 2]) in page
    why = Client().get(reverse("round_why", args=[t.pk, 2]))
    assert why.status_code == 200 and "public" in why["Cache-Control"]
    text = why.content.decode()
    for p in t.players.all():
        assert f"{p.pairing_number}. {p.name}</strong>" in text
    assert "1. Alice</strong> (1 point): paired in bracket 1 (1 point)" in text and "(E." in text
    assert 'name="a"' in text and 'name="b"' in text  # "why not" on the public page


def test_the_explanation_of_a_round_is_cached_until_the_round_or_an_earlier_one_changes() -> None:
    assert list(explained_rounds({"number": 3})) == [BASE, round_part(1), round_part(2), round_part(3)]
    t, _rnd = _event()
    url = reverse("round_why", args=[t.pk, 2])
    first = Client().get(url)
    assert Client().get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304


def test_a_draft_is_explained_board_by_board_to_its_arbiters_only(django_user_model) -> None:
    t, rnd = _event(published=False)
    desk = _arbiter(t, django_user_model)
    page = desk.get(reverse("round_detail", args=[t.pk, 2])).content.decode()
    assert page.count('id="why-board-') == 5
    assert reverse("board_why", args=[t.pk, 2, 1]) in page
    board = rnd.games.get(board=1)
    text = desk.get(reverse("board_why", args=[t.pk, 2, 1]), **HTMX).content.decode()
    assert f"{board.white.pairing_number}. {board.white.name}" in text
    assert f"{board.black.pairing_number}. {board.black.name}" in text
    assert text.count("<li>") == 2
    # The public sees no draft, nor its explanations.
    assert Client().get(reverse("board_why", args=[t.pk, 2, 1])).status_code == 404
    assert Client().get(reverse("round_why", args=[t.pk, 2])).status_code == 404


def test_the_draft_says_why_the_pab_went_where_it_went(django_user_model) -> None:
    t = builders.tournament(players=9, rounds=5)
    builders.round_with(t, 1, "1-5 1-0, 6-2 0-1, 3-7 =, 8-4 0-1", byes="9 pab", status=RoundStatus.CLOSED)
    rnd = pair_round(round_id=Round.objects.create(tournament=t, number=2).pk)
    pab = rnd.byes.get(kind="pab").player
    desk = _arbiter(t, django_user_model)
    page = desk.get(reverse("round_detail", args=[t.pk, 2])).content.decode()
    assert 'id="why-pab"' in page
    text = desk.get(reverse("player_why", args=[t.pk, 2, pab.pk]), **HTMX).content.decode()
    assert "receives the pairing-allocated bye" in text and "(A.9, C.2)" in text


def test_the_player_card_explains_his_latest_published_pairing() -> None:
    t, _rnd = _event()
    player = builders.player(t, 3)
    card = Client().get(reverse("player_card", args=[t.pk, player.pk])).content.decode()
    url = reverse("player_why", args=[t.pk, 2, player.pk])
    assert 'id="why-card"' in card and url in card
    text = Client().get(url).content.decode()
    assert text.count("<li>") == 1 and "3. Carla</strong>" in text
    assert '<input type="hidden" name="a" value="3">' in text


def test_italian_readers_read_the_explanations_in_italian() -> None:
    t, rnd = _event()
    reader = _in(Client(), "it")
    page = reader.get(reverse("round_detail", args=[t.pk, 2])).content.decode()
    assert "Perché questo abbinamento?" in page
    text = reader.get(reverse("round_why", args=[t.pk, 2])).content.decode()
    assert "paired in bracket" not in text and "Perché no?" in text
    answer = _why_not(reader, rnd, 1, 6).content.decode()
    assert "si sono incontrati al turno 1" in answer, answer


def test_an_absolute_criterion_is_answered_at_once(monkeypatch) -> None:
    _t, rnd = _event()
    queued = []
    monkeypatch.setattr(why_not_task, "apply_async", lambda *args, **kw: queued.append(args))
    answer = _why_not(Client(), rnd, 1, 6)
    assert "1 and 6 met in round 1: two players shall not meet twice (C.1)." in answer.content.decode()
    assert queued == []


def test_a_question_that_needs_the_round_paired_again_is_a_polled_job(monkeypatch) -> None:
    _t, rnd = _event()
    queued = []
    monkeypatch.setattr(why_not_task, "apply_async", lambda args, **kw: queued.append(args))
    a, b = _needs_pairing(rnd)
    first = _why_not(Client(), rnd, a, b).content.decode()
    assert 'hx-trigger="every 1s"' in first and "polling=1" in first
    again = _why_not(Client(), rnd, b, a, polling="1")  # the same pair, either way round
    assert again.status_code == 200 and len(queued) == 1  # one job per question
    assert explanations.run_job(*queued[0]) == explanations.DONE
    done = _why_not(Client(), rnd, a, b, polling="1")
    assert done.status_code == 286  # the poll ends
    text = done.content.decode()
    assert "The best pairing of the round holding this pair:" in text and 'class="chosen"' in text
    assert len(queued) == 1


def test_the_answer_is_worked_out_by_the_task_and_kept_per_round_and_pair(eager_celery) -> None:
    _t, rnd = _event()
    a, b = _needs_pairing(rnd)
    text = _why_not(Client(), rnd, a, b).content.decode()
    assert 'class="forced"' in text and ("(C." in text or "B.8" in text), text
    ex = explanations.explainable(rnd)
    assert ask_why_not(ex, a, b, public=True).state == explanations.DONE


def test_the_public_cannot_send_the_worker_more_than_its_share(settings, monkeypatch, django_user_model) -> None:
    settings.WHY_NOT_JOBS_PER_MINUTE = 0
    t, rnd = _event()
    queued = []
    monkeypatch.setattr(why_not_task, "apply_async", lambda args, **kw: queued.append(args))
    a, b = _needs_pairing(rnd)
    assert "ask again in a minute" in _why_not(Client(), rnd, a, b).content.decode()
    assert queued == []
    _why_not(_arbiter(t, django_user_model), rnd, a, b)  # the arbiter is not counted
    assert len(queued) == 1


def test_a_job_for_a_pairing_since_replaced_forgets_the_question(monkeypatch, django_user_model) -> None:
    t, rnd = _event(published=False)
    queued = []
    monkeypatch.setattr(why_not_task, "apply_async", lambda args, **kw: queued.append(args))
    desk = _arbiter(t, django_user_model)
    a, b = _needs_pairing(rnd)
    _why_not(desk, rnd, a, b)
    swap_colours(round_id=rnd.pk, board=1)
    assert explanations.run_job(*queued[0]) == explanations.FAILED_JOB


def test_a_pairing_changed_by_hand_is_not_explained_as_the_engines(django_user_model) -> None:
    t, rnd = _event(published=False)
    swap_colours(round_id=rnd.pk, board=1)
    desk = _arbiter(t, django_user_model)
    text = desk.get(reverse("round_why", args=[t.pk, 2]), **HTMX).content.decode()
    assert "changed by hand" in text and "<li>" not in text
    assert "changed by hand" in _why_not(desk, rnd, 1, 2).content.decode()


def test_an_imported_pairing_is_not_explained_as_the_engines() -> None:
    t = builders.tournament(players=4, rounds=3)
    builders.round_with(t, 1, "1-3 *, 4-2 *", status=RoundStatus.PUBLISHED)
    text = Client().get(reverse("round_why", args=[t.pk, 1])).content.decode()
    assert "not made by this site" in text


def test_a_system_without_an_explainer_says_so(monkeypatch) -> None:
    monkeypatch.setattr(explain, "EXPLAINERS", {"dutch": explain.EXPLAINERS["dutch"]})
    t, _rnd = _event(system="burstein")
    english = Client().get(reverse("round_why", args=[t.pk, 2]))
    assert english.status_code == 200
    assert "Explanations exist for the Dutch (C.04.3) system only so far." in english.content.decode()
    italian = _in(Client(), "it").get(reverse("why_not", args=[t.pk, 2]), {"a": 1, "b": 2}, **HTMX)
    assert italian.status_code == 200 and "Le spiegazioni esistono" in italian.content.decode()


def test_a_dubov_round_is_explained_in_italian_with_its_plurals(eager_celery) -> None:
    """The Dubov explainer's sentences through Django's gettext and ngettext: a score of one
    point and of none, the odd score group of five that takes one upfloater (B.1), and "why
    not" answers that count one player and two."""
    t = builders.tournament(players=10, rounds=5, pairing_system="dubov")
    builders.round_with(t, 1, "1-6 1-0, 7-2 0-1, 3-8 1-0, 9-4 0-1, 5-10 1-0", status=RoundStatus.CLOSED)
    rnd = publish_pairing(round_id=pair_round(round_id=Round.objects.create(tournament=t, number=2).pk).pk)
    reader = _in(Client(), "it")
    text = reader.get(reverse("round_why", args=[t.pk, 2])).content.decode()
    assert "points" not in text and "paired in bracket" not in text
    assert "1. Alice</strong> (1 punto): abbinato nel gruppo 1 (1 punto); incontra 4 (1 punto)" in text
    assert "incontra 6 (0 punti), un upfloater" in text
    assert (
        "6. Francesco</strong> (0 punti): abbinato nel gruppo 1 (1 punto); sale per incontrare 5 (1 punto): i 5 "
        "giocatori di quel gruppo di punteggio possono essere abbinati tra loro tutti tranne uno, quindi serve un "
        "upfloater (A.3, B.1, C.4, C.5)"
    ) in text
    one = _why_not(reader, rnd, 1, 3).content.decode()
    assert "nel gruppo 1 (1 punto), 1 giocatore in più non riceve il colore preferito (C.7)" in one, one
    two = _why_not(reader, rnd, 2, 4).content.decode()
    assert "nel gruppo 1 (1 punto), 2 giocatori in più non ricevono il colore preferito (C.7)" in two, two
