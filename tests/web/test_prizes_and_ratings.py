"""Category standings, prize winners and rating changes on the seed example (final after
six rounds), against amounts and rating changes worked by hand."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse

from tests import builders
from tourney.models import AuditEntry, Player, Tournament
from tourney.roles import appoint
from tourney.services import prizes

pytestmark = pytest.mark.django_db
WOMEN = ("Carla", "Elisa", "Giorgia", "Luisa", "Nancy", "Patrizia")


@pytest.fixture
def prized(seed: Tournament, django_user_model, django_capture_on_commit_callbacks) -> Tournament:
    """The seed with women marked, a U2300 group, a women's category, and prizes:
    general 600/400/200/100, U2300 150, women 120.
    Final standings: 1 Bruno 4½, 2 Alice 4½, 3 Elisa 4½, 4 Giorgia 3½, 5 Davide 3½,
    6 Roberto 3½, 7 Francesco 3, 8 Carla 3, 9 Kevin 3, ..."""
    Player.objects.filter(tournament=seed, name__in=WOMEN).update(sex="w")
    user = django_user_model.objects.create_user("org")
    with django_capture_on_commit_callbacks(execute=True):
        u2300 = prizes.add_category(
            tournament_id=seed.pk, name="U2300", kind="rating", bounds={"rating_max": 2299}, user=user
        )
        women = prizes.add_category(tournament_id=seed.pk, name="Women", kind="women", bounds={}, user=user)
        for place, amount in ((1, 600), (2, 400), (3, 200), (4, 100)):
            prizes.set_prize(tournament_id=seed.pk, category_id=None, place=place, amount=Decimal(amount), user=user)
        prizes.set_prize(tournament_id=seed.pk, category_id=u2300.pk, place=1, amount=Decimal(150), user=user)
        prizes.set_prize(tournament_id=seed.pk, category_id=women.pk, place=1, amount=Decimal(120), user=user)
    return seed


def _cells(html: str, table_id: str) -> list[list[str]]:
    table = re.search(rf'<table[^>]*id="{table_id}".*?</table>', html, re.S).group(0)
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", re.search(r"<tbody>(.*?)</tbody>", table, re.S).group(1), re.S)
    return [[re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)] for r in rows]


def test_a_category_has_its_own_places(client: Client, prized: Tournament) -> None:
    women = prized.categories.get(name="Women")
    html = client.get(reverse("category_standings", args=[prized.pk, women.pk])).content.decode()
    rows = _cells(html, "category-table")
    # place, overall rank, name: Elisa 3rd overall is the women's 1st.
    assert [(r[0], r[1], r[3]) for r in rows] == [
        ("1", "3", "Elisa"),
        ("2", "4", "Giorgia"),
        ("3", "8", "Carla"),
        ("4", "10", "Nancy"),
        ("5", "12", "Luisa"),
        ("6", "14", "Patrizia"),
    ]
    index = client.get(reverse("categories", args=[prized.pk])).content.decode()
    assert [r[2] for r in _cells(index, "categories")] == ["8", "6"]  # U2300 has 8 players, women 6


def test_prizes_not_shared_one_per_player(client: Client, prized: Tournament) -> None:
    # Highest first: 600 Bruno, 400 Alice, 200 Elisa; U2300's 150 to Giorgia (the best of the
    # group, 4th overall: higher than the general 4th prize); women's 120: Elisa and Giorgia
    # have higher prizes, so Carla; the general 100 to the best player left, Davide.
    rows = _cells(client.get(reverse("prizes", args=[prized.pk])).content.decode(), "prize-winners")
    assert [(r[0], r[3], r[6]) for r in rows] == [
        ("General standings", "Bruno", "600.00"),
        ("General standings", "Alice", "400.00"),
        ("General standings", "Elisa", "200.00"),
        ("General standings", "Davide", "100.00"),
        ("U2300", "Giorgia", "150.00"),
        ("Women", "Carla", "120.00"),
    ]


def test_prizes_shared_by_the_hort_system(client: Client, prized: Tournament) -> None:
    prized.prizes_shared = True
    prized.save(update_fields=["prizes_shared"])
    # Bruno, Alice and Elisa tie on 4½ in places 1-3: pool 1200, half (600) shared equally,
    # 200 each, plus half their own prize: Bruno 200 + 300 = 500, Alice 200 + 200 = 400,
    # Elisa 200 + 100 = 300.  On 3½ Davide (4th prize, 100) ties with Giorgia, who took
    # U2300's 150, and Roberto: Davide and Roberto pool 100: 25 each plus half their own:
    # Davide 75, Roberto 25.  Giorgia keeps 150, Carla 120.
    rows = _cells(client.get(reverse("prizes", args=[prized.pk])).content.decode(), "prize-winners")
    paid = {r[3]: r[6].split()[0] for r in rows}
    assert paid == {
        "Bruno": "500.00",
        "Alice": "400.00",
        "Elisa": "300.00",
        "Davide": "75.00",
        "Roberto": "25.00",
        "Giorgia": "150.00",
        "Carla": "120.00",
    }


def test_the_rating_report_agrees_with_the_hand_worked_changes(client: Client, seed: Tournament) -> None:
    rows = {
        r[1]: r for r in _cells(client.get(reverse("rating_report", args=[seed.pk])).content.decode(), "rating-report")
    }
    # Alice 2500, K 10: 8 (2250) won, D 250 PD .81; 5 (2350) lost, D 150 PD .70; 14 (2000)
    # won, D 500 -> 400 PD .92; 3 (2400) won, D 100 PD .64; 2 (2500) drawn, PD .50; 6 (2300)
    # won, D 200 PD .76.  Score 4.5, ΣPD 4.33, K × .17 = +1.7 -> 2502 (2501.7).
    assert rows["Alice"][3:10] == ["2500", "10", "6", "4.5", "4.33", "+1.7", "2502"]
    # Elisa 2350, K 20: 12 (2100) won .81; 1 (2500) won .30; 2 (2500) drawn .30; 4 (2400)
    # drawn .43; 11 (2100) won .81; 7 (2250) drawn .64.  4.5 - 3.29 = 1.21 × 20 = +24.2 -> 2374.
    assert rows["Elisa"][3:10] == ["2350", "20", "6", "4.5", "3.29", "+24.2", "2374"]
    # Francesco 2300, K 20: his forfeit win against 11 is not rated: 5 games; 13 (2050) won
    # .81; 3 (2400) drawn .36; 2 (2500) lost .24; 4 (2400) drawn .36; 1 (2500) lost .24.
    # 2 - 2.01 = -.01 × 20 = -0.2 -> 2300 (2299.8).
    assert rows["Francesco"][3:10] == ["2300", "20", "5", "2", "2.01", "-0.2", "2300"]


def test_the_rating_change_on_the_card_and_the_standings(client: Client, seed: Tournament) -> None:
    elisa = seed.players.get(name="Elisa")
    card = client.get(reverse("player_card", args=[seed.pk, elisa.pk])).content.decode()
    assert re.search(r'class="rating-change">\+24.2 <small>\(K 20, 6 rated games, score 4.5, expected 3.29\)', card)
    html = client.get(reverse("standings", args=[seed.pk])).content.decode()
    changes = {r[2]: r[-1] for r in _cells(html, "standings-table")}
    assert (changes["Elisa"], changes["Alice"], changes["Francesco"]) == ("+24.2", "+1.7", "-0.2")


def test_a_k_from_the_rating_list_is_the_one_used(seed: Tournament, django_user_model) -> None:
    user = django_user_model.objects.create_user("arb")
    appoint(seed, user, "arbiter")
    client = Client()
    client.force_login(user)
    elisa = seed.players.get(name="Elisa")
    url = reverse("rating_record", args=[seed.pk, elisa.pk])
    assert client.post(url, {"k_factor": "40", "rated_games": "12"}).status_code == 302
    rows = {
        r[1]: r for r in _cells(client.get(reverse("rating_report", args=[seed.pk])).content.decode(), "rating-report")
    }
    # K 40 (a junior's, as the list gives it): 1.21 × 40 = +48.4 -> 2398.
    assert rows["Elisa"][4:10] == ["40*", "6", "4.5", "3.29", "+48.4", "2398"]
    assert AuditEntry.objects.filter(tournament=seed, action="change rating record").count() == 1
    assert Client().post(url, {"k_factor": "10"}).status_code in (302, 403)  # not signed in: refused
    elisa.refresh_from_db()
    assert elisa.k_factor == 40


def test_only_an_organizer_sets_the_prizes(seed: Tournament, django_user_model) -> None:
    user = django_user_model.objects.create_user("arb")
    appoint(seed, user, "arbiter")
    client = Client()
    client.force_login(user)
    assert client.get(reverse("prize_settings", args=[seed.pk])).status_code == 403
    appoint(seed, user, "organizer")
    response = client.post(
        reverse("prize_settings", args=[seed.pk]),
        {"action": "add-category", "category-name": "U16", "category-kind": "age", "category-age_max": "16"},
    )
    assert response.status_code == 302 and seed.categories.get().age_max == 16
    response = client.post(
        reverse("prize_settings", args=[seed.pk]), {"action": "set-prize", "prize-place": "1", "prize-amount": "50"}
    )
    assert response.status_code == 302 and seed.prizes.get().amount == Decimal("50.00")


def test_the_public_prize_page_is_renewed_when_a_prize_changes(
    client: Client, prized: Tournament, django_user_model, django_capture_on_commit_callbacks
) -> None:
    url = reverse("prizes", args=[prized.pk])
    first = client.get(url)
    assert "public" in first["Cache-Control"] and "600.00" in first.content.decode()
    user = django_user_model.objects.create_user("org2")
    with django_capture_on_commit_callbacks(execute=True):
        prizes.set_prize(tournament_id=prized.pk, category_id=None, place=1, amount=Decimal(700), user=user)
    again = client.get(url)
    assert again["ETag"] != first["ETag"] and "700.00" in again.content.decode()


def test_no_winners_before_a_round_is_complete(client: Client, django_user_model) -> None:
    t = builders.tournament(players=4, rounds=3)
    user = django_user_model.objects.create_user("org3")
    prizes.set_prize(tournament_id=t.pk, category_id=None, place=1, amount=Decimal(100), user=user)
    html = client.get(reverse("prizes", args=[t.pk])).content.decode()
    assert "No winners yet." in html and 'id="prize-winners"' not in html
    assert 'id="provisional"' in html


def test_the_card_lists_the_rated_games(client: Client, seed: Tournament) -> None:
    francesco = seed.players.get(name="Francesco")
    html = client.get(reverse("player_card", args=[seed.pk, francesco.pk])).content.decode()
    rows = [(r[0], r[2], r[3], r[4], r[5]) for r in _cells(html, "rated-games")]
    # Round 3, his forfeit win against Nancy, is not rated; the differences add up to
    # .19 + .14 - .24 + .14 - .24 = -.01, × K 20 = -0.2 (the report's change).
    assert rows == [
        ("1", "2050", "0.81", "1", "+0.19"),
        ("2", "2400", "0.36", "0.5", "+0.14"),
        ("4", "2500", "0.24", "0", "-0.24"),
        ("5", "2400", "0.36", "0.5", "+0.14"),
        ("6", "2500", "0.24", "0", "-0.24"),
    ]
