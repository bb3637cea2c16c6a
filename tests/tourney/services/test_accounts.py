"""Invitations: the account, the appointment, the one-time link, the audit trail."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps as global_apps
from django.contrib.auth.tokens import default_token_generator
from django.core import mail

from tests import builders
from tourney.errors import SetupRefused
from tourney.models import AuditEntry, Invitation
from tourney.roles import appoint
from tourney.services.accounts import invite, links_user_may_give, new_link, set_password_path

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer(django_user_model):
    return django_user_model.objects.create_user("org")


def test_an_invited_person_is_appointed_without_a_password_and_gets_a_one_time_link(organizer) -> None:
    t = builders.tournament(players=2)
    invitation = invite(
        tournament_id=t.pk, name=" Luca  Verdi ", email="LUCA@example.org", role="organizer", user=organizer
    )
    person = invitation.user
    assert (person.username, person.email, person.get_full_name()) == (
        "luca@example.org",
        "luca@example.org",
        "Luca Verdi",
    )
    assert not person.has_usable_password() and not invitation.emailed
    assert t.appointments.get(user=person).appointed_by == organizer
    token = invitation.path.rstrip("/").rsplit("/", 1)[1]
    assert default_token_generator.check_token(person, token)
    person.set_password("chosen-password-123")
    person.save()
    assert not default_token_generator.check_token(person, token)  # used once, dead
    assert AuditEntry.objects.get().action == "invite user"


def test_it_mails_the_link_when_the_site_sends_mail(organizer, settings) -> None:
    settings.INVITATIONS_BY_EMAIL = True
    t = builders.tournament(players=2)
    invitation = invite(
        tournament_id=t.pk,
        name="Luca Verdi",
        email="luca@example.org",
        role="arbiter",
        user=organizer,
        site="https://x.org",
    )
    assert invitation.emailed and mail.outbox[0].to == ["luca@example.org"]
    assert (
        f"https://x.org{invitation.path}" in mail.outbox[0].body and "org invites you as Arbiter" in mail.outbox[0].body
    )


@pytest.mark.parametrize(
    ("name", "email", "role", "message"),
    [
        ("", "a@example.org", "arbiter", "give the person's name"),
        ("A B", "nope", "arbiter", "nope is not an e-mail address"),
        ("A B", "a@example.org", "king", "no role king"),
        ("A B", "taken@example.org", "arbiter", "already has an account"),
    ],
)
def test_it_refuses_a_bad_invitation(organizer, django_user_model, name, email, role, message) -> None:
    django_user_model.objects.create_user("someone", email="taken@example.org")
    t = builders.tournament(players=2)
    with pytest.raises(SetupRefused, match=message):
        invite(tournament_id=t.pk, name=name, email=email, role=role, user=organizer)
    assert not AuditEntry.objects.exists()


def test_a_new_link_only_for_an_invited_person_still_without_a_password(organizer, django_user_model) -> None:
    t = builders.tournament(players=2)
    appoint(t, organizer, "organizer")
    person = invite(
        tournament_id=t.pk, name="Luca Verdi", email="luca@example.org", role="arbiter", user=organizer
    ).user
    assert new_link(tournament_id=t.pk, invited_id=person.pk, user=organizer).startswith("/accounts/set-password/")
    stranger = django_user_model.objects.create_user("stranger")
    with pytest.raises(SetupRefused):
        new_link(tournament_id=t.pk, invited_id=stranger.pk, user=organizer)
    person.set_password("chosen-password-123")
    person.save()
    with pytest.raises(SetupRefused):
        new_link(tournament_id=t.pk, invited_id=person.pk, user=organizer)
    assert set_password_path(person).startswith("/accounts/set-password/")


def test_only_the_inviter_on_his_tournament_or_a_superuser_gives_a_new_link(organizer, django_user_model) -> None:
    first, other = builders.tournament(players=2), builders.tournament(players=2)
    appoint(first, organizer, "organizer")
    person = invite(
        tournament_id=first.pk, name="Luca Verdi", email="luca@example.org", role="arbiter", user=organizer
    ).user
    invitation = Invitation.objects.get(user=person)
    assert (invitation.tournament, invitation.invited_by) == (first, organizer)
    rival = django_user_model.objects.create_user("rival")
    appoint(other, rival, "organizer")
    appoint(other, person, "arbiter", by=rival)
    appoint(first, rival, "organizer")  # even an organizer of the person's own tournament
    for tournament in (other, first):
        with pytest.raises(SetupRefused, match="only by the organizer who invited the person here"):
            new_link(tournament_id=tournament.pk, invited_id=person.pk, user=rival)
        assert person.pk not in links_user_may_give(rival, tournament)
    appoint(other, organizer, "organizer")  # the inviter, on another tournament's page
    with pytest.raises(SetupRefused):
        new_link(tournament_id=other.pk, invited_id=person.pk, user=organizer)
    assert links_user_may_give(organizer, first) == {person.pk}
    assert new_link(tournament_id=first.pk, invited_id=person.pk, user=organizer).startswith("/accounts/set-password/")
    root = django_user_model.objects.create_superuser("root")
    assert new_link(tournament_id=other.pk, invited_id=person.pk, user=root).startswith("/accounts/set-password/")
    given = AuditEntry.objects.filter(action="new invitation link").order_by("id")
    assert [(e.user, e.tournament) for e in given] == [(organizer, first), (root, other)]
    first.appointments.filter(user=organizer).delete()  # an inviter no longer its organizer
    with pytest.raises(SetupRefused):
        new_link(tournament_id=first.pk, invited_id=person.pk, user=organizer)


def test_the_migration_records_the_inviters_of_earlier_invitations(organizer, django_user_model) -> None:
    t = builders.tournament(players=2)
    kept = invite(tournament_id=t.pk, name="Luca Verdi", email="luca@example.org", role="arbiter", user=organizer).user
    dismissed = invite(tournament_id=t.pk, name="Ada Neri", email="ada@example.org", role="arbiter", user=organizer)
    dismissed = dismissed.user
    Invitation.objects.all().delete()  # as before the table existed
    rival = django_user_model.objects.create_user("rival")
    appoint(builders.tournament(players=2), kept, "arbiter", by=rival)  # not an invitation: no entry
    t.appointments.filter(user=dismissed).delete()

    migration = importlib.import_module("tourney.migrations.0011_invitation_records_the_inviter")
    migration.record_earlier_invitations(global_apps, None)

    assert [(i.user, i.tournament, i.invited_by) for i in Invitation.objects.all()] == [(kept, t, organizer)]
