"""Rights come from appointments only: the one group names the organizers-at-large, who
may create tournaments; an appointment gives rights on its tournament and nothing more."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps as global_apps
from django.contrib.auth.models import Group, Permission

from tests import builders
from tourney import roles
from tourney.models import Appointment
from tourney.roles import ORGANIZERS, appoint, can_create_tournament, can_direct, ensure_role_groups

pytestmark = pytest.mark.django_db


def _codenames(name: str) -> set[str]:
    return set(Group.objects.get(name=name).permissions.values_list("codename", flat=True))


def test_organizers_at_large_may_create_tournaments_and_nothing_more() -> None:
    assert _codenames(ORGANIZERS) == {"add_tournament"}
    assert not Group.objects.exclude(name=ORGANIZERS).exists()


def test_ensuring_the_group_twice_changes_nothing() -> None:
    before = _codenames(ORGANIZERS)
    ensure_role_groups()
    assert _codenames(ORGANIZERS) == before and Group.objects.filter(name=ORGANIZERS).count() == 1


def test_an_appointment_adds_no_group(django_user_model) -> None:
    t = builders.tournament(players=2)
    user = django_user_model.objects.create_user("deputy")
    appoint(t, user, "organizer")
    appoint(t, user, "arbiter")
    assert not user.groups.exists()


def test_a_dismissed_arbiter_keeps_no_right(django_user_model) -> None:
    t = builders.tournament(players=2)
    user = django_user_model.objects.create_user("deputy")
    appointment = appoint(t, user, "arbiter")
    user = django_user_model.objects.get(pk=user.pk)  # a fresh permission cache, as in a new request
    assert can_direct(user, t)
    appointment.delete()
    user = django_user_model.objects.get(pk=user.pk)
    assert not can_direct(user, t) and not user.get_all_permissions()


def test_a_one_off_organizer_cannot_create_tournaments(django_user_model) -> None:
    t = builders.tournament(players=2)
    user = django_user_model.objects.create_user("guest")
    appointment = appoint(t, user, "organizer")
    assert not can_create_tournament(django_user_model.objects.get(pk=user.pk))
    appointment.delete()
    assert not can_create_tournament(django_user_model.objects.get(pk=user.pk))


def test_a_member_of_organizers_creates_tournaments(django_user_model) -> None:
    user = django_user_model.objects.create_user("org")
    user.groups.add(Group.objects.get(name=ORGANIZERS))
    assert can_create_tournament(django_user_model.objects.get(pk=user.pk))


# ---------------------------------------------------------------- the data migration


def _migrate_back_what_appointments_gave() -> None:
    migration = importlib.import_module("tourney.migrations.0006_editions_rights_audit_rounds_trf2026_progress")
    migration.take_back_appointment_rights(global_apps, None)


def test_the_migration_takes_back_the_groups_appointments_gave(django_user_model) -> None:
    organizers = Group.objects.get(name=ORGANIZERS)
    arbiters = Group.objects.create(name="Arbiters")
    arbiters.permissions.add(*Permission.objects.filter(codename__in=["change_game", "view_round"]))
    organizers.permissions.add(*Permission.objects.filter(codename__in=["change_tournament", "add_player"]))
    chief = django_user_model.objects.create_user("chief")  # named by a superuser, then created his own
    guest = django_user_model.objects.create_user("guest")  # one-off organizer of the chief's tournament
    named = django_user_model.objects.create_user("named")  # named by a superuser, never appointed
    deputy = django_user_model.objects.create_user("deputy")  # an arbiter
    organizers.user_set.add(chief, guest, named)
    arbiters.user_set.add(deputy)
    t = builders.tournament(players=2)
    Appointment.objects.create(tournament=t, user=chief, role="organizer", appointed_by=chief)
    Appointment.objects.create(tournament=t, user=guest, role="organizer", appointed_by=chief)
    later = builders.tournament(players=2, name="Later Open")
    Appointment.objects.create(tournament=later, user=chief, role="organizer", appointed_by=guest)
    Appointment.objects.create(tournament=t, user=deputy, role="arbiter", appointed_by=chief)

    _migrate_back_what_appointments_gave()

    assert set(organizers.user_set.values_list("username", flat=True)) == {"chief", "named"}
    assert _codenames(ORGANIZERS) == {"add_tournament"}
    assert not Group.objects.filter(name="Arbiters").exists() and not deputy.groups.exists()
    assert Appointment.objects.count() == 4  # the appointments themselves stay
    assert roles.can_manage(guest, t) and roles.can_direct(deputy, t)
