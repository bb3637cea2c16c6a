"""The check-in desk, the players' QR codes and a player's own check-in page."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests import builders
from tourney.models import AuditEntry, Bye, CheckIn, Player, RoundStatus
from tourney.services.checkin import check_in, checkin_token, mark_absent

pytestmark = pytest.mark.django_db


def test_the_desk_lists_the_round_and_marks_a_player_absent_in_one_click(desk) -> None:
    t, client, user = desk
    page = client.get(f"/t/{t.pk}/rounds/1/checkin/").content.decode()
    assert page.count('<tr id="checkin-') == 7 and "0 present, 0 to confirm, 0 absent" in page
    player = builders.player(t, 3)
    answer = client.post(f"/t/{t.pk}/rounds/1/checkin/{player.pk}/absent/", headers={"HX-Request": "true"})
    html = answer.content.decode()
    assert '<section id="roster">' in html and "<html" not in html  # the list alone, swapped in place
    assert f"{player.name} is absent: not paired, zero points." in html
    assert Bye.objects.get(player=player).created_by == user
    answer = client.post(f"/t/{t.pk}/rounds/1/checkin/{player.pk}/present/")
    assert answer.status_code == 302 and answer.url == f"/t/{t.pk}/rounds/1/checkin/"
    assert not Bye.objects.exists() and CheckIn.objects.get().confirmed


def test_the_round_page_leads_to_the_check_in_before_the_pairing(desk) -> None:
    t, client, user = desk
    assert f'href="/t/{t.pk}/rounds/1/checkin/"' in client.get(f"/t/{t.pk}/rounds/1/").content.decode()
    mark_absent(builders.player(t, 2), 1, user=user)
    check_in(builders.player(t, 3), 1, user=user)
    page = client.get(f"/t/{t.pk}/rounds/1/").content.decode()
    assert '<span class="status" id="checkin-summary">1 present, 0 to confirm, 1 absent</span>' in page
    assert "checkin" not in Client().get(f"/t/{t.pk}/rounds/1/").content.decode()


def test_the_desk_refuses_a_paired_round_and_says_so(desk) -> None:
    t, client, _user = desk
    builders.round_with(t, 1, "1-4, 2-5, 3-6", byes="7 pab", status=RoundStatus.PAIRED)
    page = client.get(f"/t/{t.pk}/rounds/1/checkin/").content.decode()
    assert "Round 1 is already paired" in page and "/absent/" not in page
    answer = client.post(
        f"/t/{t.pk}/rounds/1/checkin/{builders.player(t, 1).pk}/absent/", headers={"HX-Request": "true"}
    )
    assert "round 1 is already paired" in answer.content.decode()
    assert not AuditEntry.objects.exists()


def test_a_player_checks_in_on_his_own_page_and_the_desk_confirms(desk) -> None:
    t, client, _user = desk
    player = builders.player(t, 5)
    codes = client.get(f"/t/{t.pk}/checkin/codes/").content.decode()
    url = f"/checkin/{checkin_token(player)}/"
    assert url in codes and "<svg" in codes
    phone = Client()
    page = phone.get(url).content.decode()
    assert player.name in page and "Round 1 is not paired yet" in page
    assert phone.post(url).status_code == 302
    assert "an arbiter will confirm it" in phone.get(url).content.decode()
    desk_page = client.get(f"/t/{t.pk}/rounds/1/checkin/").content.decode()
    assert "checked in by the player: to confirm" in desk_page
    client.post(f"/t/{t.pk}/rounds/1/checkin/{player.pk}/confirm/")
    assert "an arbiter has confirmed it" in phone.get(url).content.decode()


def test_a_forged_check_in_link_is_refused() -> None:
    t = builders.tournament(players=2)
    token = checkin_token(builders.player(t, 1))
    assert Client().get(f"/checkin/{token[:-1]}x/").status_code == 403
    assert Client().post(f"/checkin/{token[:-1]}x/").status_code == 403
    assert not CheckIn.objects.exists()


def test_the_players_check_in_page_is_in_italian() -> None:
    t = builders.tournament(players=2)
    phone = Client()
    phone.cookies["django_language"] = "it"
    page = phone.get(f"/checkin/{checkin_token(builders.player(t, 1))}/").content.decode()
    assert "Sei qui per giocarlo?" in page and re.search(r">\s*Sono presente\s*<", page)


def test_the_desks_list_costs_the_same_queries_for_any_number_of_players(desk) -> None:
    t, client, _user = desk
    client.get(f"/t/{t.pk}/rounds/1/checkin/")  # the session and the language are read once
    with CaptureQueriesContext(connection) as seven:
        client.get(f"/t/{t.pk}/rounds/1/checkin/")
    for k in range(40):
        Player.objects.create(tournament=t, pairing_number=100 + k, name=f"Extra {k}")
    with CaptureQueriesContext(connection) as forty_seven:
        page = client.get(f"/t/{t.pk}/rounds/1/checkin/").content.decode()
    assert page.count('<tr id="checkin-') == 47
    assert len(forty_seven) == len(seven)


def test_the_desk_marks_a_player_present_by_his_pairing_number(desk) -> None:
    t, client, user = desk
    page = client.get(f"/t/{t.pk}/rounds/1/checkin/").content.decode()
    assert 'name="pairing_number"' in page and "data-filter-rows" in page
    player = builders.player(t, 5)
    html = client.post(
        f"/t/{t.pk}/rounds/1/checkin/number/", {"pairing_number": "5"}, headers={"HX-Request": "true"}
    ).content.decode()
    assert f"5 {player.name} is present." in html and "<html" not in html
    assert CheckIn.objects.get().player == player and CheckIn.objects.get().confirmed_by == user
    # The same number again changes nothing twice.
    client.post(f"/t/{t.pk}/rounds/1/checkin/number/", {"pairing_number": "#5"}, headers={"HX-Request": "true"})
    assert CheckIn.objects.count() == 1 and AuditEntry.objects.filter(action="check in").count() == 2
    html = client.post(
        f"/t/{t.pk}/rounds/1/checkin/number/", {"pairing_number": "99"}, headers={"HX-Request": "true"}
    ).content.decode()
    assert "no player has the pairing number 99" in html
    html = client.post(
        f"/t/{t.pk}/rounds/1/checkin/number/", {"pairing_number": "abc"}, headers={"HX-Request": "true"}
    ).content.decode()
    assert "Type a pairing number" in html and CheckIn.objects.count() == 1


def test_everyone_not_yet_marked_is_present_after_a_confirmation(desk) -> None:
    t, client, user = desk
    mark_absent(builders.player(t, 2), 1, user=user)
    check_in(builders.player(t, 3), 1, by_player=True)
    url = f"/t/{t.pk}/rounds/1/checkin/everyone/"
    question = client.post(url).content.decode()
    assert "Mark the 5 players not yet marked present for round 1?" in question
    assert not CheckIn.objects.filter(confirmed_at__isnull=False).exists()
    answer = client.post(url, {"confirmed": "1"})
    assert answer.status_code == 302 and answer.url == f"/t/{t.pk}/rounds/1/checkin/"
    assert "5 players marked present." in client.get(answer.url).content.decode()
    present = CheckIn.objects.filter(confirmed_at__isnull=False).values_list("player__pairing_number", flat=True)
    assert sorted(present) == [1, 4, 5, 6, 7]
    assert not CheckIn.objects.get(player__pairing_number=3).confirmed  # his own check-in waits
    assert Bye.objects.get().player.pairing_number == 2  # the absence stands
    client.post(url, {"confirmed": "1"})
    assert CheckIn.objects.count() == 6


def test_the_printed_check_in_sheet_says_unmarked_players_are_paired(desk) -> None:
    t, client, _user = desk
    sheet = client.get(f"/t/{t.pk}/print/checkin/")
    assert "is paired as usual" in sheet.content.decode()
