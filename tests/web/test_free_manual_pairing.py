"""The draft's free changes on the round page: one click swaps a board's colours; forms
choose an opponent, take a player out, put one in, give the PAB; the warnings show."""

from __future__ import annotations

import pytest
from django.test import Client

from tests import builders
from tourney.models import AuditEntry, ByeKind, RoundStatus

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def _boards(rnd) -> list[tuple[int, int]]:
    return [(g.white.pairing_number, g.black.pairing_number) for g in rnd.games.select_related("white", "black")]


@pytest.fixture
def draft(desk):
    t, client, _user = desk
    builders.round_with(t, 1, "1-4 1-0, 2-5 =, 3-6 0-1", byes="7 pab", status=RoundStatus.CLOSED)
    rnd = builders.round_with(t, 2, "1-2, 6-3, 5-4", byes="7 zero", status=RoundStatus.PAIRED)
    return t, client, rnd


def test_the_draft_shows_the_free_changes_and_the_public_does_not_see_them(draft) -> None:
    t, client, rnd = draft
    page = client.get(f"/t/{t.pk}/rounds/2/").content.decode()
    for form in ("hand_opponent", "hand_out", "hand_in"):
        assert f'id="{form}"' in page
    assert 'id="hand_pab"' not in page  # an even draft has no PAB to give
    assert page.count('aria-label="Swap the colours on board') == 3
    assert '<option value="7">7. Giorgia (Zero-point bye)</option>' in page
    assert rnd.status == RoundStatus.PAIRED
    assert "hand/" not in Client().get(f"/t/{t.pk}/rounds/2/").content.decode()


def test_one_click_swaps_a_boards_colours(draft) -> None:
    t, client, rnd = draft
    html = client.post(f"/t/{t.pk}/rounds/2/hand/colours/", {"board": "1"}, headers=HTMX).content.decode()
    assert "Colours swapped on board 1." in html and '<section id="pairing"' in html
    assert (2, 1) in _boards(rnd)


def test_choosing_a_rematch_shows_the_checkers_warning(draft) -> None:
    t, client, _rnd = draft
    data = {"player": "1", "opponent": "4", "reason": "test"}
    html = client.post(f"/t/{t.pk}/rounds/2/hand/opponent/", data, headers=HTMX).content.decode()
    assert "Player 1 now plays player 4." in html
    assert "C.04.1.b: players 1 and 4 have already played each other" in html
    assert "test" in AuditEntry.objects.get(action="change pairing").reason


def test_taking_out_putting_in_and_the_pab(draft) -> None:
    t, client, rnd = draft
    client.post(f"/t/{t.pk}/rounds/2/hand/in/", {"player": "7", "reason": "arrived"}, headers=HTMX)
    assert rnd.byes.get().kind == ByeKind.PAIRING_ALLOCATED
    html = client.post(f"/t/{t.pk}/rounds/2/hand/pab/", {"player": "3"}, headers=HTMX).content.decode()
    assert "Player 3 gets the PAB." in html and rnd.byes.get().player.pairing_number == 3
    html = client.post(f"/t/{t.pk}/rounds/2/hand/out/", {"player": "1"}, headers=HTMX).content.decode()
    assert "Player 1 taken out of the pairing: absent, zero points." in html
    assert sorted(rnd.byes.values_list("player__pairing_number", "kind")) == [(1, "zero")]


def test_a_refused_change_says_why_and_a_published_round_has_no_free_changes(draft) -> None:
    t, client, rnd = draft
    html = client.post(f"/t/{t.pk}/rounds/2/hand/pab/", {"player": "1"}, headers=HTMX).content.decode()
    assert "an even number of players has no PAB" in html
    html = client.post(f"/t/{t.pk}/rounds/2/hand/opponent/", {"player": "x"}, headers=HTMX).content.decode()
    assert "give the pairing numbers" in html
    rnd.status = RoundStatus.PUBLISHED
    rnd.save()
    assert 'id="hand_opponent"' not in client.get(f"/t/{t.pk}/rounds/2/").content.decode()
    html = client.post(f"/t/{t.pk}/rounds/2/hand/colours/", {"board": "1"}, headers=HTMX).content.decode()
    assert "only a draft pairing" in html


def test_the_free_changes_are_in_italian(draft) -> None:
    t, client, _rnd = draft
    client.cookies["django_language"] = "it"
    page = client.get(f"/t/{t.pk}/rounds/2/").content.decode()
    assert "Scegli un avversario" in page and "Togli un giocatore (assente, zero punti)" in page
    assert Client().get(f"/t/{t.pk}/rounds/2/").status_code == 200
