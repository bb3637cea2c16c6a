from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.contrib.auth.models import Group
from django.core.management import call_command
from django.test import Client

from tests import builders
from tourney.models import Tournament
from tourney.roles import ORGANIZERS, appoint, ensure_role_groups

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "trf"


@pytest.fixture
def arbiter(django_user_model):
    """A user with no right yet: appoint him to a tournament (rights come from appointments)."""
    return django_user_model.objects.create_user("arbiter", password="not-used")


@pytest.fixture
def organizer(django_user_model) -> Client:
    """An organizer-at-large (the Organizers group: he may create tournaments and import
    rating lists), logged in."""
    ensure_role_groups()
    user = django_user_model.objects.create_user("org")
    user.groups.add(Group.objects.get(name=ORGANIZERS))
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def seed(django_db_setup) -> Tournament:
    """The Dutch seed example (tests/fixtures/trf), with the tie-breaks BH/C1 BH SB DE."""
    call_command("import_trf", str(FIXTURES / "dutch-seed-example.trf"), stdout=io.StringIO())
    t = Tournament.objects.latest("pk")
    t.tiebreaks = ["BH/C1", "BH", "SB", "DE"]
    t.save(update_fields=["tiebreaks"])
    return t


@pytest.fixture
def desk(django_user_model):
    """A 7-player tournament, its arbiter logged in."""
    t = builders.tournament(players=7, rounds=3)
    user = django_user_model.objects.create_user("arb")
    appoint(t, user, "arbiter")
    client = Client()
    client.force_login(user)
    return t, client, user


@pytest.fixture
def own_tournament(django_user_model) -> tuple[Tournament, Client]:
    """A tournament without players, its organizer logged in."""
    t = builders.tournament(players=0)
    user = django_user_model.objects.create_user("own-organizer")
    appoint(t, user, "organizer")
    client = Client()
    client.force_login(user)
    return t, client
