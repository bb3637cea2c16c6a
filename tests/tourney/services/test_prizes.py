"""Categories, prizes and rating records: each write changes the database and leaves one
audit entry, renews the public pages on commit, or refuses with SetupRefused."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests import builders
from tourney import caching
from tourney.errors import SetupRefused
from tourney.models import AuditEntry, Category, Prize, Tournament
from tourney.services import prizes

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer(django_user_model):
    return django_user_model.objects.create_user("org")


def _actions(tournament: Tournament) -> list[str]:
    return list(AuditEntry.objects.filter(tournament=tournament).order_by("id").values_list("action", flat=True))


def test_categories_and_prizes_are_written_and_audited(organizer, django_capture_on_commit_callbacks) -> None:
    t = builders.tournament(players=4)
    before = caching.versions(t.pk, (caching.BASE,))
    with django_capture_on_commit_callbacks(execute=True):
        u1800 = prizes.add_category(
            tournament_id=t.pk, name="U1800", kind="rating", bounds={"rating_max": 1799, "age_max": 12}, user=organizer
        )
    assert (u1800.rating_max, u1800.age_max) == (1799, None)  # a rating group keeps its own bounds only
    assert caching.versions(t.pk, (caching.BASE,)) != before  # the public pages are renewed
    prizes.add_category(
        tournament_id=t.pk, name="Italy", kind="federation", bounds={"federation": "ita"}, user=organizer
    )
    assert Category.objects.get(name="Italy").federation == "ITA"
    prizes.set_prize(tournament_id=t.pk, category_id=None, place=1, amount=Decimal("500"), user=organizer)
    prizes.set_prize(tournament_id=t.pk, category_id=None, place=1, amount=Decimal("600"), user=organizer)
    prizes.set_prize(tournament_id=t.pk, category_id=u1800.pk, place=1, amount=Decimal("100"), user=organizer)
    assert [(p.category_id, p.place, p.amount) for p in Prize.objects.filter(tournament=t)] == [
        (None, 1, Decimal("600.00")),
        (u1800.pk, 1, Decimal("100.00")),
    ]
    assert prizes.set_prize_sharing(tournament_id=t.pk, shared=True, user=organizer) is True
    assert prizes.set_prize_sharing(tournament_id=t.pk, shared=True, user=organizer) is False
    prizes.remove_category(tournament_id=t.pk, category_id=u1800.pk, user=organizer)
    assert not Prize.objects.filter(category_id=u1800.pk).exists()  # its prizes go with it
    assert _actions(t) == [
        "add category",
        "add category",
        "set prize",
        "set prize",
        "set prize",
        "change prize sharing",
        "remove category",
    ]
    assert AuditEntry.objects.filter(action="set prize").order_by("id")[1].old_value == "- 1: 500.00"


@pytest.mark.parametrize(
    ("name", "kind", "bounds"),
    [
        ("", "women", {}),
        ("Juniors", "age", {}),  # an age group needs its bounds
        ("Band", "rating", {"rating_min": 2000, "rating_max": 1800}),
        ("X", "nonsense", {}),
    ],
)
def test_a_category_without_what_it_needs_is_refused(organizer, name: str, kind: str, bounds: dict) -> None:
    t = builders.tournament(players=2)
    with pytest.raises(SetupRefused):
        prizes.add_category(tournament_id=t.pk, name=name, kind=kind, bounds=bounds, user=organizer)
    assert not Category.objects.exists() and _actions(t) == []


def test_a_repeated_name_and_a_prize_without_money_are_refused(organizer) -> None:
    t = builders.tournament(players=2)
    prizes.add_category(tournament_id=t.pk, name="Women", kind="women", bounds={}, user=organizer)
    with pytest.raises(SetupRefused):
        prizes.add_category(tournament_id=t.pk, name="women", kind="women", bounds={}, user=organizer)
    with pytest.raises(SetupRefused):
        prizes.set_prize(tournament_id=t.pk, category_id=None, place=1, amount=Decimal(0), user=organizer)
    other = builders.tournament(players=2)
    foreign = prizes.add_category(tournament_id=other.pk, name="W", kind="women", bounds={}, user=organizer)
    with pytest.raises(SetupRefused):
        prizes.set_prize(tournament_id=t.pk, category_id=foreign.pk, place=1, amount=Decimal(5), user=organizer)


def test_a_rating_record_is_kept_and_audited(organizer) -> None:
    t = builders.tournament(players=2)
    player = t.players.first()
    assert prizes.set_rating_record(
        tournament_id=t.pk, player_id=player.pk, k_factor=40, rated_games=12, user=organizer
    )
    assert not prizes.set_rating_record(
        tournament_id=t.pk, player_id=player.pk, k_factor=40, rated_games=12, user=organizer
    )
    player.refresh_from_db()
    assert (player.k_factor, player.rated_games) == (40, 12)
    entry = AuditEntry.objects.get(action="change rating record")
    assert (entry.old_value, entry.new_value) == ("K=- games=-", "K=40 games=12")
    with pytest.raises(SetupRefused):
        prizes.set_rating_record(tournament_id=t.pk, player_id=player.pk, k_factor=50, rated_games=None, user=organizer)
