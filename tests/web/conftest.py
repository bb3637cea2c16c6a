from __future__ import annotations

import pytest
from django.contrib.auth.models import Group

from tourney.roles import ARBITERS


@pytest.fixture
def arbiter(django_user_model):
    user = django_user_model.objects.create_user("arbiter", password="not-used")
    user.groups.add(Group.objects.get(name=ARBITERS))
    return user
