"""Accounts: an organizer invites a person (one-time set-password link, e-mailed when the
site sends mail), appointments pick from known users, a user changes his own password."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client

from tests import builders
from tourney.models import AuditEntry
from tourney.roles import appoint

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-test-password-42"


@pytest.fixture
def organizer(django_user_model):
    t = builders.tournament(players=4)
    user = django_user_model.objects.create_user("org", password="org-password-1234")
    appoint(t, user, "organizer")
    client = Client()
    client.force_login(user)
    return t, client, user


def _invite(client, t, **data):
    data = {"name": "Maria Rossi", "email": "Maria.Rossi@example.org", "role": "arbiter", **data}
    return client.post(f"/t/{t.pk}/appointments/invite/", {f"invite-{k}": v for k, v in data.items()})


def _link(page: str) -> str:
    return re.search(r'id="invitation-link" value="http://testserver(/accounts/set-password/[^"]+)"', page).group(1)


def test_an_invitation_creates_the_account_appoints_it_and_shows_a_one_time_link(organizer) -> None:
    t, client, user = organizer
    page = _invite(client, t).content.decode()
    invited = get_user_model().objects.get(username="maria.rossi@example.org")
    assert (invited.first_name, invited.last_name, invited.has_usable_password()) == ("Maria", "Rossi", False)
    assert t.appointments.get(user=invited).role == "arbiter"
    assert "This site sends no e-mail: hand the link over yourself." in page and mail.outbox == []
    entry = AuditEntry.objects.get(action="invite user")
    assert (entry.user, entry.new_value) == (user, "Maria Rossi <maria.rossi@example.org> arbiter")

    link = _link(page)
    person = Client()
    form = person.get(link, follow=True)
    assert "Your user name is maria.rossi@example.org." in form.content.decode()
    done = person.post(form.redirect_chain[-1][0], {"new_password1": PASSWORD, "new_password2": PASSWORD})
    assert done.status_code == 302 and done.url == "/accounts/login/"
    assert person.login(username="maria.rossi@example.org", password=PASSWORD)
    # Once used, the link is dead.
    again = Client().get(link, follow=True).content.decode()
    assert "This link has been used already or has expired." in again


def test_the_invitation_is_e_mailed_when_the_site_sends_mail(organizer, settings) -> None:
    settings.INVITATIONS_BY_EMAIL = True
    t, client, _user = organizer
    page = _invite(client, t).content.decode()
    assert "It was also sent by e-mail to maria.rossi@example.org." in page
    (message,) = mail.outbox
    assert message.to == ["maria.rossi@example.org"] and t.name in message.subject
    assert "http://testserver" + _link(page) in message.body


def test_an_invitation_is_refused_for_a_known_address_or_a_bad_one(organizer, django_user_model) -> None:
    t, client, _user = organizer
    django_user_model.objects.create_user("maria.rossi@example.org")
    page = _invite(client, t).content.decode()
    assert "already has an account: appoint him from the list of users" in page
    page = _invite(client, t, email="not-an-address").content.decode()
    assert "Enter a valid email address." in page
    assert not AuditEntry.objects.filter(action="invite user").exists()


def test_a_lost_link_is_replaced_until_the_password_is_chosen(organizer) -> None:
    t, client, _user = organizer
    _invite(client, t)
    appointment = t.appointments.get(user__username="maria.rossi@example.org")
    page = client.post(f"/t/{t.pk}/appointments/{appointment.pk}/link/").content.decode()
    assert "/accounts/set-password/" in _link(page)
    mine = t.appointments.get(user__username="org")
    page = client.post(f"/t/{t.pk}/appointments/{mine.pk}/link/").content.decode()
    assert "a new set-password link is given only by the organizer who invited the person here" in page


def test_an_organizer_who_appoints_someone_elses_invitee_cannot_take_his_account_over(organizer, django_user_model):
    t1, inviter, _user = organizer
    invitation_page = _invite(inviter, t1).content.decode()
    victim = get_user_model().objects.get(username="maria.rossi@example.org")
    # The organizer of another tournament appoints the invited person, who has no password yet.
    t3 = builders.tournament(players=4)
    rival = django_user_model.objects.create_user("rival", password="rival-password-1234")
    appoint(t3, rival, "organizer")
    attacker = Client()
    attacker.force_login(rival)
    appointed = attacker.post(f"/t/{t3.pk}/appointments/", {"username": victim.username, "role": "arbiter"})
    assert appointed.status_code == 302
    page = attacker.get(f"/t/{t3.pk}/appointments/").content.decode()
    appointment = t3.appointments.get(user=victim)
    assert victim.username in page and f"/appointments/{appointment.pk}/link/" not in page  # no button for him
    refused = attacker.post(f"/t/{t3.pk}/appointments/{appointment.pk}/link/").content.decode()
    assert "a new set-password link is given only by the organizer who invited the person here" in refused
    assert "/accounts/set-password/" not in refused
    assert attacker.post(f"/t/{t1.pk}/appointments/{t1.appointments.get(user=victim).pk}/link/").status_code == 403
    assert not AuditEntry.objects.filter(action="new invitation link").exists()
    # The victim's own link still works, and the account is his.
    person = Client()
    form = person.get(_link(invitation_page), follow=True)
    done = person.post(form.redirect_chain[-1][0], {"new_password1": PASSWORD, "new_password2": PASSWORD})
    assert done.status_code == 302 and person.login(username=victim.username, password=PASSWORD)


def test_the_inviter_and_a_superuser_give_a_new_link_and_each_is_audited(organizer, django_user_model) -> None:
    t1, inviter, _user = organizer
    _invite(inviter, t1)
    victim = get_user_model().objects.get(username="maria.rossi@example.org")
    appointment = t1.appointments.get(user=victim)
    assert f"/appointments/{appointment.pk}/link/" in inviter.get(f"/t/{t1.pk}/appointments/").content.decode()
    assert "/accounts/set-password/" in _link(
        inviter.post(f"/t/{t1.pk}/appointments/{appointment.pk}/link/").content.decode()
    )
    admin = Client()
    admin.force_login(django_user_model.objects.create_superuser("root", password="root-password-1234"))
    assert "/accounts/set-password/" in _link(
        admin.post(f"/t/{t1.pk}/appointments/{appointment.pk}/link/").content.decode()
    )
    given = AuditEntry.objects.filter(action="new invitation link").order_by("id")
    assert [(e.user.username, e.tournament, e.new_value) for e in given] == [
        ("org", t1, victim.username),
        ("root", t1, victim.username),
    ]


def test_appointments_pick_from_the_known_users(organizer, django_user_model) -> None:
    t, client, _user = organizer
    django_user_model.objects.create_user("deputy", first_name="Anna", last_name="Bianchi")
    page = client.get(f"/t/{t.pk}/appointments/").content.decode()
    assert '<option value="deputy">Anna Bianchi (deputy)</option>' in page
    response = client.post(f"/t/{t.pk}/appointments/", {"username": "deputy", "role": "arbiter"})
    assert response.status_code == 302 and t.appointments.filter(user__username="deputy").exists()


def test_a_user_changes_his_own_password(organizer) -> None:
    _t, client, user = organizer
    assert 'href="/accounts/password/"' in client.get("/").content.decode()
    data = {"old_password": "org-password-1234", "new_password1": PASSWORD, "new_password2": PASSWORD}
    response = client.post("/accounts/password/", data)
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.check_password(PASSWORD)
    wrong = client.post("/accounts/password/", {**data, "old_password": "wrong"}).content.decode()
    assert "Your old password was entered incorrectly" in wrong
    assert Client().get("/accounts/password/").status_code == 302  # to the login page


def test_the_invitation_pages_are_in_italian(organizer) -> None:
    t, client, _user = organizer
    client.cookies["django_language"] = "it"
    page = _invite(client, t).content.decode()
    assert "funziona una sola volta" in page and "Invita una persona senza account" in page
    person = Client()
    person.cookies["django_language"] = "it"
    assert "Scegli la tua password" in person.get(_link(page), follow=True).content.decode()
