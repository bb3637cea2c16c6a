"""Invitations: the account, the appointment, the one-time link, the audit trail."""

from __future__ import annotations

import pytest
from django.contrib.auth.tokens import default_token_generator
from django.core import mail

from tests import builders
from tourney.errors import SetupRefused
from tourney.models import AuditEntry
from tourney.services.accounts import invite, new_link, set_password_path

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
