"""The provisional rating on the registration pages, the ARO list and the player card."""

from __future__ import annotations

import pytest
from django.test import Client

from tests import builders
from tourney.models import Player, RoundStatus

pytestmark = pytest.mark.django_db


def test_the_arbiter_gives_an_unrated_player_a_provisional_rating(desk) -> None:
    t, client, _user = desk
    player = builders.player(t, 7)
    player.rating = 0
    player.save()
    form = client.get(f"/t/{t.pk}/registration/{player.pk}/").content.decode()
    assert 'name="provisional_rating"' in form
    data = {"name": player.name, "rating": "0", "provisional_rating": "2600"}
    assert client.post(f"/t/{t.pk}/registration/{player.pk}/", data).status_code == 302
    player = Player.objects.get(pk=player.pk)
    assert (player.rating, player.provisional_rating, player.pairing_number) == (0, 2600, 1)
    page = client.get(f"/t/{t.pk}/registration/").content.decode()
    assert '2600 <abbr class="provisional"' in page


def test_a_provisional_rating_for_a_rated_player_is_refused_on_the_form(desk) -> None:
    t, client, _user = desk
    player = builders.player(t, 1)
    data = {"name": player.name, "rating": "2500", "provisional_rating": "2600"}
    page = client.post(f"/t/{t.pk}/registration/{player.pk}/", data).content.decode()
    assert "only an unrated player takes a provisional rating" in page


def test_the_aro_list_and_the_card_mark_provisional_ratings() -> None:
    t = builders.tournament(players=4, rounds=3)
    unrated = builders.player(t, 4)
    unrated.rating, unrated.provisional_rating = 0, 2000
    unrated.save()
    builders.round_with(t, 1, "1-4 1-0, 2-3 =", status=RoundStatus.CLOSED)
    page = Client().get(f"/t/{t.pk}/rounds/1/standings/").content.decode()
    assert '<td class="aro">2000 <abbr class="provisional"' in page
    assert '2000 <abbr class="provisional" title="provisional rating: not reported to FIDE">P</abbr>' in page
    card = Client().get(f"/t/{t.pk}/players/{builders.player(t, 1).pk}/").content.decode()
    assert '<dd class="aro">2000 <abbr class="provisional"' in card
    italian = Client()
    italian.cookies["django_language"] = "it"
    page = italian.get(f"/t/{t.pk}/rounds/1/standings/").content.decode()
    assert 'title="conta un Elo provvisorio">P</abbr>' in page and "Elo provvisorio: non comunicato" in page
