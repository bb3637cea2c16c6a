"""A data repair in the Django admin is written to the audit trail."""

from __future__ import annotations

import pytest

from tests import builders
from tourney.models import AuditEntry, Result

pytestmark = pytest.mark.django_db


def test_changing_a_result_in_the_admin_is_audited(admin_client, admin_user) -> None:
    t = builders.tournament(players=2)
    game = builders.round_with(t, 1, "1-2 1-0").games.get()
    form = {
        "round": game.round_id,
        "board": 1,
        "white": game.white_id,
        "black": game.black_id,
        "result": Result.DRAW,
        "unrated": "",
        "result_entered_by": "",
        "result_entered_at_0": "",
        "result_entered_at_1": "",
    }
    response = admin_client.post(f"/admin/tourney/game/{game.pk}/change/", form)
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
