"""The public cache (tourney/caching.py): a change renews exactly the pages it affects, of its
own tournament only, once committed; a draft never reaches a cache a reader can hit."""

from __future__ import annotations

import time

import pytest
from django.core.cache import cache
from django.db import transaction
from django.test import Client
from django.urls import reverse

from tests import builders
from tourney import caching
from tourney.models import Result, RoundStatus, Tournament
from tourney.roles import appoint
from tourney.services import registration, results, rounds, setup

pytestmark = pytest.mark.django_db


def _pages(t: Tournament) -> dict[str, str]:
    """Every public page of *t* a reader can open, by name."""
    player = builders.player(t, 1)
    tid = {"tournament_id": t.pk}
    return {
        "tournament": reverse("tournament_detail", kwargs=tid),
        "round 1": reverse("round_detail", kwargs={**tid, "number": 1}),
        "round 2": reverse("round_detail", kwargs={**tid, "number": 2}),
        "round 3": reverse("round_detail", kwargs={**tid, "number": 3}),
        "points after 1": reverse("round_standings", kwargs={**tid, "number": 1}),
        "points after 2": reverse("round_standings", kwargs={**tid, "number": 2}),
        "standings": reverse("standings", kwargs=tid),
        "crosstable": reverse("crosstable", kwargs=tid),
        "player card": reverse("player_card", kwargs={**tid, "player_id": player.pk}),
        "results sheet 1": reverse("print_results", kwargs={**tid, "number": 1}),
        "pairing sheet 2": reverse("print_pairing", kwargs={**tid, "number": 2}),
        "standings sheet": reverse("print_standings", kwargs=tid),
        "csv": reverse("export_csv", kwargs=tid),
        "trf": reverse("export_trf", kwargs=tid),
    }


def _etags(t: Tournament) -> dict[str, str]:
    reader = Client()
    etags = {}
    for name, url in _pages(t).items():
        response = reader.get(url)
        assert response.status_code == 200, (name, response.status_code)
        etags[name] = response["ETag"]
    return etags


def _changed(t: Tournament, before: dict[str, str]) -> set[str]:
    after = _etags(t)
    return {name for name in before if before[name] != after[name]}


def _event(name: str = "Open A") -> Tournament:
    """Round 1 closed, round 2 published and under way, round 3 not paired."""
    t = builders.tournament(players=5, rounds=3, name=name)
    builders.round_with(t, 1, "1-3 1-0, 4-2 =", "5 pab", status=RoundStatus.CLOSED)
    builders.round_with(t, 2, "1-2 *, 5-4 *", "3 pab", status=RoundStatus.PUBLISHED)
    return t


ROUND_2_ONLY = {"round 1", "round 3", "results sheet 1"}  # the pages a round-2 change leaves alone


def _all(t: Tournament) -> set[str]:
    return set(_pages(t))


def test_a_result_renews_its_round_and_the_pages_of_results_only(django_capture_on_commit_callbacks) -> None:
    t = _event()
    before = _etags(t)
    game = t.round_set.get(number=2).games.get(board=1)
    with django_capture_on_commit_callbacks(execute=True):
        results.set_result(game_id=game.pk, result=Result.WHITE_WINS)
    # The tournament page lists the rounds' statuses and boards: a result leaves it alone.
    assert _changed(t, before) == _all(t) - ROUND_2_ONLY - {"tournament"}


def test_publishing_the_results_renews_the_tournament_page_too(django_capture_on_commit_callbacks) -> None:
    t = _event()
    before = _etags(t)
    with django_capture_on_commit_callbacks(execute=True):
        rounds.close_round(round_id=_closed_round_2(t))
    assert _changed(t, before) == _all(t) - ROUND_2_ONLY


def test_a_registration_renews_every_page(django_capture_on_commit_callbacks) -> None:
    t = _event()
    before = _etags(t)
    with django_capture_on_commit_callbacks(execute=True):
        registration.register(t, {"name": "Zoe", "rating": 1500})
    assert _changed(t, before) == _all(t)


def test_a_requested_bye_renews_its_round_and_the_tournament_wide_pages(django_capture_on_commit_callbacks) -> None:
    t = _event()
    before = _etags(t)
    with django_capture_on_commit_callbacks(execute=True):
        registration.request_bye(builders.player(t, 2), 3, "half")
    assert _changed(t, before) == _all(t) - {"round 1", "round 2", "results sheet 1", "tournament"}


def test_a_change_to_one_tournament_leaves_another_alone(django_capture_on_commit_callbacks) -> None:
    a, b = _event("Open A"), _event("Open B")
    before = _etags(b)
    with django_capture_on_commit_callbacks(execute=True):
        setup.set_tiebreaks(tournament_id=a.pk, codes=["BH", "SB"], user=None)
        registration.withdraw(builders.player(a, 4), 3)
        rounds.close_round(round_id=_closed_round_2(a))
    assert _changed(b, before) == set()


def _closed_round_2(t: Tournament) -> int:
    rnd = t.round_set.get(number=2)
    rnd.games.update(result=Result.DRAW)
    return rnd.pk


@pytest.mark.parametrize(
    ("change", "parts"),
    [
        (lambda t: results.set_result(game_id=_game(t), result=Result.DRAW), {"all", "r2"}),
        (lambda t: rounds.close_round(round_id=_closed_round_2(t)), {"all", "r2", "rounds"}),
        (lambda t: registration.withdraw(builders.player(t, 4), 3), {"all", "base"}),
        (lambda t: registration.update_player(builders.player(t, 4), {"rating": 2000}), {"all", "base"}),
        (lambda t: setup.set_tiebreaks(tournament_id=t.pk, codes=["BH"], user=None), {"all", "base"}),
        (lambda t: setup.update_settings(tournament_id=t.pk, values={"place": "Rome"}, user=None), {"all", "base"}),
        (lambda t: registration.request_bye(builders.player(t, 2), 3, "zero"), {"all", "r3"}),
        (lambda t: registration.register_many(t, [("line 2", {"name": "Zoe", "rating": 1500})]), {"all", "base"}),
        (
            lambda t: rounds.unpublish_pairing(round_id=t.round_set.get(number=2).pk, reason="wrong"),
            {"all", "r2", "rounds"},
        ),
    ],
)
def test_each_service_bumps_what_it_changes(change, parts, django_capture_on_commit_callbacks) -> None:
    t = _event()
    names = ("all", "base", "rounds", "r1", "r2", "r3")
    before = dict(zip(names, caching.versions(t.pk, names), strict=True))
    with django_capture_on_commit_callbacks(execute=True):
        change(t)
    after = dict(zip(names, caching.versions(t.pk, names), strict=True))
    assert {n for n in names if before[n] != after[n]} == parts


def _round_2(t: Tournament) -> int:
    return t.round_set.get(number=2).pk


def _game(t: Tournament) -> int:
    return t.round_set.get(number=2).games.get(board=1).pk


def test_the_version_moves_only_when_the_change_commits() -> None:
    t = _event()
    first = caching.versions(t.pk, ("all", "r2"))
    with transaction.atomic():
        results.set_result(game_id=_game(t), result=Result.DRAW)
        assert caching.versions(t.pk, ("all", "r2")) == first  # not committed: readers keep the old page
    # The test's own transaction is still open: the bump waits for it.
    assert caching.versions(t.pk, ("all", "r2")) == first


def test_a_rolled_back_change_moves_nothing(django_capture_on_commit_callbacks) -> None:
    t = _event()
    first = caching.versions(t.pk, ("all", "r2"))
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(RuntimeError), transaction.atomic():
        results.set_result(game_id=_game(t), result=Result.DRAW)
        raise RuntimeError
    assert caching.versions(t.pk, ("all", "r2")) == first


def test_a_draft_pairing_never_reaches_the_public_cache(django_user_model) -> None:
    t = builders.tournament(players=4, rounds=3)
    builders.round_with(t, 1, "1-3, 4-2", status=RoundStatus.PAIRED)  # the arbiter's draft
    user = django_user_model.objects.create_user("arb")
    appoint(t, user, "arbiter")
    desk = Client()
    desk.force_login(user)
    url = reverse("round_detail", kwargs={"tournament_id": t.pk, "number": 1})
    own = desk.get(url)
    assert "Alice" in own.content.decode()  # the arbiter sees his draft...
    assert "no-store" in own["Cache-Control"] and "private" in own["Cache-Control"]
    assert not own.has_header("ETag")
    reader = Client().get(url)
    assert "Alice" not in reader.content.decode()  # ...the reader never does
    assert "public" in reader["Cache-Control"]
    stored = cache.get(caching.page_version(reader.wsgi_request, t.pk, caching.one_round({"number": 1})).key)
    assert stored is not None and b"Alice" not in stored["content"]


def test_a_logged_in_arbiter_reads_fresh_pages_not_the_public_copy(django_user_model) -> None:
    t = _event()
    url = reverse("round_detail", kwargs={"tournament_id": t.pk, "number": 2})
    assert "Alice" in Client().get(url).content.decode()  # cached for readers
    t.players.filter(pairing_number=1).update(name="Renamed")  # written behind the services' back
    assert "Alice" in Client().get(url).content.decode()  # the readers' copy, until a change
    user = django_user_model.objects.create_user("arb")
    appoint(t, user, "arbiter")
    desk = Client()
    desk.force_login(user)
    assert "Renamed" in desk.get(url).content.decode()


def test_a_lost_version_comes_back_newer_so_no_old_page_is_served(settings, django_capture_on_commit_callbacks) -> None:
    settings.PUBLIC_VERSIONS_LOCAL_SECONDS = 0  # Redis asked every time: its loss is seen at once
    t = _event()
    first = caching.versions(t.pk, ("all",))
    cache.delete_many([f"pub:{_release()}:v:{t.pk}:all"])
    assert int(caching.versions(t.pk, ("all",))[0], 16) > int(first[0], 16)


def _release() -> str:
    from django.conf import settings

    return settings.PUBLIC_CACHE_RELEASE


def test_while_results_come_in_a_page_renews_at_most_every_few_seconds(
    settings, django_capture_on_commit_callbacks, monkeypatch
) -> None:
    settings.PUBLIC_PAGE_REFRESH_SECONDS = 2
    t = _event()
    url = reverse("standings", kwargs={"tournament_id": t.pk})
    first = Client().get(url)
    with django_capture_on_commit_callbacks(execute=True):
        results.set_result(game_id=_game(t), result=Result.DRAW)
    again = Client().get(url)
    assert again["ETag"] == first["ETag"]  # rendered a moment ago: served as it is...
    assert "max-age=0" in again["Cache-Control"]  # ...and nobody downstream keeps it
    assert Client().get(url, headers={"If-None-Match": first["ETag"]}).status_code == 304
    later = time.time() + 3
    monkeypatch.setattr(caching.time, "time", lambda: later)
    assert Client().get(url)["ETag"] != first["ETag"]  # two seconds on: the change is there
