"""A data repair in the Django admin is written to the audit trail and reaches the public pages."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests import builders
from tourney.models import AuditEntry, Game, Result, RoundStatus, Tournament

pytestmark = pytest.mark.django_db


def _game_form(game: Game, result: str) -> dict[str, object]:
    return {
        "round": game.round_id,
        "board": 1,
        "white": game.white_id,
        "black": game.black_id,
        "result": result,
        "unrated": "",
        "result_entered_by": "",
        "result_entered_at_0": "",
        "result_entered_at_1": "",
    }


def test_changing_a_result_in_the_admin_is_audited(admin_client, admin_user) -> None:
    t = builders.tournament(players=2)
    game = builders.round_with(t, 1, "1-2 1-0").games.get()
    response = admin_client.post(f"/admin/tourney/game/{game.pk}/change/", _game_form(game, Result.DRAW))
    assert response.status_code == 302, response.content.decode()[:2000]
    game.refresh_from_db()
    assert game.result == Result.DRAW
    entry = AuditEntry.objects.get(action="admin change result")
    assert (entry.user, entry.old_value, entry.new_value, entry.tournament) == (admin_user, "1-0", "1/2-1/2", t)


def test_the_audit_trail_cannot_be_edited_in_the_admin(admin_client) -> None:
    assert admin_client.get("/admin/tourney/auditentry/add/").status_code == 403


def test_a_staff_arbiter_of_one_tournament_cannot_enter_the_admin(client, django_user_model) -> None:
    from django.contrib.auth.models import Permission

    from tourney.roles import appoint

    own = builders.tournament(players=2, name="Own Open")
    other = builders.tournament(players=2, name="Other Open")
    game = builders.round_with(other, 1, "1-2 1-0").games.get()
    user = django_user_model.objects.create_user("staffer", is_staff=True)
    user.user_permissions.add(*Permission.objects.filter(codename__in=["change_game", "view_game"]))
    appoint(own, user, "arbiter")
    client.force_login(user)
    assert client.get("/admin/").status_code == 302  # to the admin's login page
    response = client.post(f"/admin/tourney/game/{game.pk}/change/", {"result": Result.DRAW})
    assert response.status_code == 302 and "/admin/login/" in response.url
    game.refresh_from_db()
    assert game.result == Result.WHITE_WINS and not AuditEntry.objects.exists()
    assert "/admin/" not in client.get("/").content.decode()  # no link to it either


def test_a_superuser_sees_the_admin_link(admin_client) -> None:
    assert 'href="/admin/"' in admin_client.get("/").content.decode()


def _public(t: Tournament, name: str, **kwargs: int):
    return Client().get(reverse(name, kwargs={"tournament_id": t.pk, **kwargs}))


def test_a_result_repaired_in_the_admin_reaches_the_public_pages(
    admin_client, django_capture_on_commit_callbacks
) -> None:
    t = builders.tournament(players=4, rounds=3)
    rnd = builders.round_with(t, 1, "1-3 1-0, 2-4 1-0", status=RoundStatus.CLOSED)
    game = rnd.games.get(board=1)
    before = {name: _public(t, name, **kw) for name, kw in [("round_detail", {"number": 1}), ("standings", {})]}
    assert "1-0" in before["round_detail"].content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post(f"/admin/tourney/game/{game.pk}/change/", _game_form(game, Result.BLACK_WINS))
    assert response.status_code == 302
    after = {name: _public(t, name, **kw) for name, kw in [("round_detail", {"number": 1}), ("standings", {})]}
    for name, page in after.items():
        assert page["ETag"] != before[name]["ETag"], name
        revalidated = Client().get(page.wsgi_request.path, headers={"If-None-Match": before[name]["ETag"]})
        assert revalidated.status_code == 200, name
    assert "0-1" in after["round_detail"].content.decode()


def test_a_player_repaired_in_the_admin_reaches_the_public_pages(
    admin_client, django_capture_on_commit_callbacks
) -> None:
    t = builders.tournament(players=2)
    player = builders.player(t, 1)
    etag = _public(t, "tournament_detail")["ETag"]
    form = {
        "tournament": t.pk,
        "pairing_number": 1,
        "name": "Repaired Name",
        "sex": "",
        "title": "",
        "rating": player.rating,
        "federation": "",
        "fide_id": "",
        "birth_date": "",
        "entry_round": 1,
        "withdrawal_round": "",
        "acceleration_group": "",
        "k_factor": "",
        "rated_games": "",
        "provisional_rating": "",
    }
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post(f"/admin/tourney/player/{player.pk}/change/", form)
    assert response.status_code == 302, response.content.decode()[:3000]
    page = _public(t, "tournament_detail")
    assert page["ETag"] != etag and "Repaired Name" in page.content.decode()


def test_deleting_games_with_the_bulk_action_is_audited_and_reaches_the_public_pages(
    admin_client, django_capture_on_commit_callbacks
) -> None:
    t = builders.tournament(players=4, rounds=3)
    rnd = builders.round_with(t, 1, "1-3 1-0, 2-4 1-0", status=RoundStatus.CLOSED)
    etag = _public(t, "round_detail", number=1)["ETag"]
    games = list(rnd.games.values_list("pk", flat=True))
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post(
            "/admin/tourney/game/", {"action": "delete_selected", "_selected_action": games, "post": "yes"}
        )
    assert response.status_code == 302 and not rnd.games.exists()
    assert AuditEntry.objects.filter(action="admin delete").count() == 2
    assert _public(t, "round_detail", number=1)["ETag"] != etag


def test_a_tournament_deleted_in_the_admin_leaves_the_list_of_tournaments(
    admin_client, django_capture_on_commit_callbacks
) -> None:
    t = builders.tournament(players=2, name="Old Name Open")
    home = Client().get("/")
    assert "Old Name Open" in home.content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        admin_client.post(f"/admin/tourney/tournament/{t.pk}/delete/", {"post": "yes"})
    assert "Old Name Open" not in Client().get("/").content.decode()
