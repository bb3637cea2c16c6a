"""The public page cache under abuse and under faults (tourney/caching/): a made-up cookie
gets the cached copy, made-up URLs keep nothing, a cache that fails costs a render, never
an error, and the printed pairing sheet names the configured site."""

from __future__ import annotations

import time

import pytest
from django.core.cache import cache
from django.core.cache.backends.locmem import LocMemCache
from django.test import Client
from django.urls import reverse

from tests import builders
from tests.tourney.test_caching import _event
from tests.web.test_healthz import _closed_port_redis
from tests.web.test_http_caching import PUBLIC, _url
from tourney import caching
from tourney.caching import guard, pages, readers
from tourney.models import Game, Result, RoundStatus, Tournament
from tourney.roles import appoint

pytestmark = pytest.mark.django_db


@pytest.fixture
def event() -> Tournament:
    return _event()


@pytest.fixture(autouse=True)
def _cache_trusted_again(monkeypatch):
    """A test that breaks the cache leaves this process's memory of it behind."""
    for name in ("_cache_down_until", "_last_cache_warning"):
        monkeypatch.setattr(guard, name, 0.0)
    monkeypatch.setattr(caching, "_pending_bumps", {}, raising=False)


def _rendered(response) -> bool:
    """The request went down to the view (URL dispatch), not answered from a copy in hand."""
    return response.wsgi_request.resolver_match is not None


# ---------------------------------------------------------------- made-up cookies


@pytest.mark.parametrize(
    "cookies",
    [
        {"sessionid": "x"},
        {"sessionid": "x", "desk": "y"},
        {"sessionid": "x", "desk": "expired marker"},
        {"sessionid": "0" * 32, "desk": "marker of another session"},
        {"messages": "a made-up message"},
    ],
)
def test_made_up_cookies_get_the_cached_copy_without_a_render(event, cookies) -> None:
    url = _url("standings", event)
    first = Client().get(url)
    forger = Client()
    for name, value in cookies.items():
        if value == "marker of another session":
            value = readers.desk_marker("1" * 32)
        elif value == "expired marker":
            value = readers.desk_marker("x", int(time.time()) - 1)
        forger.cookies[name] = value
    response = forger.get(url)
    assert response.status_code == 200 and not _rendered(response)
    assert response["ETag"] == first["ETag"] and "public" in response["Cache-Control"]


def test_a_made_up_session_on_a_page_not_in_hand_is_rendered_as_the_shared_copy(event) -> None:
    forger = Client()
    forger.cookies["sessionid"] = "x"
    forger.cookies["desk"] = readers.desk_marker("x")  # matches its cookie, but no such session
    response = forger.get(_url("crosstable", event))
    assert response.status_code == 200 and "public" in response["Cache-Control"]
    assert _rendered(Client().get(_url("crosstable", event))) is False  # kept for every reader


def test_a_signed_in_arbiter_still_gets_his_private_pages(event, django_user_model) -> None:
    user = django_user_model.objects.create_user("arb", password="a-long-password-2026")
    appoint(event, user, "arbiter")
    url = _url("round_detail", event, number=2)
    Client().get(url)  # the public copy in hand
    arbiter = Client()
    signed_in = arbiter.post(reverse("login"), {"username": "arb", "password": "a-long-password-2026"})
    assert signed_in.status_code == 302
    marker = signed_in.cookies["desk"]
    assert readers.desk_marker_valid(marker.value, arbiter.cookies["sessionid"].value) and marker["httponly"]
    own = arbiter.get(url)
    assert _rendered(own) and "private" in own["Cache-Control"] and "no-store" in own["Cache-Control"]
    assert 'name="csrfmiddlewaretoken"' in own.content.decode()  # his desk, with its forms
    signed_out = arbiter.post(reverse("logout"))
    assert signed_out.cookies["desk"].value == "" and signed_out.cookies["desk"]["max-age"] == 0


# ---------------------------------------------------------------- made-up URLs


@pytest.mark.parametrize(
    ("asked", "canonical"),
    [
        ("/t/{0:04d}/rounds/002/", "/t/{0}/rounds/2/"),
        ("/t/{0}/standings/?round=01", "/t/{0}/standings/?round=1"),
        ("/t/{0}/standings/?round=1&x=2", "/t/{0}/standings/?round=1"),
        ("/t/{0}/standings/?round=zz", "/t/{0}/standings/"),
        ("/t/{0}/rounds/2/?round=1", "/t/{0}/rounds/2/"),
        ("/t/{0}/export/trf/?format=TRF16", "/t/{0}/export/trf/?format=trf16"),
        ("/t/{0}/standings/?round=9", "/t/{0}/standings/"),  # the event has 3 rounds
    ],
)
def test_a_page_asked_by_another_url_is_redirected_to_its_own(event, asked, canonical) -> None:
    response = Client().get(asked.format(event.pk))
    assert response.status_code == 301 and response["Location"] == canonical.format(event.pk)
    assert "public" not in response["Cache-Control"]


def _page_keys(t: Tournament) -> int:
    from django.conf import settings

    prefix = f"pub:{settings.PUBLIC_CACHE_RELEASE}:p:{t.pk}:"
    return len(cache.keys(prefix + "*")) if hasattr(cache, "keys") else len(_locmem_keys(prefix))


def _locmem_keys(prefix: str) -> list[str]:
    return [k for k in getattr(cache, "_cache", {}) if prefix in k]


def test_made_up_htmx_targets_share_one_copy(event) -> None:
    url = _url("tournament_detail", event)
    Client().get(url, headers={"HX-Request": "true", "HX-Target": "players"})
    for n in range(5):
        response = Client().get(url, headers={"HX-Request": "true", "HX-Target": f"made-up-{n}"})
        assert response.status_code == 200
    assert not _rendered(Client().get(url, headers={"HX-Request": "true", "HX-Target": "made-up-9"}))


def test_a_page_whose_view_ignores_htmx_has_one_copy_for_both(event) -> None:
    url = _url("crosstable", event)
    whole = Client().get(url)
    part = Client().get(url, headers={"HX-Request": "true", "HX-Target": "standings"})
    assert not _rendered(part) and part.content == whole.content


def test_an_unknown_tournament_or_round_keeps_nothing(event, settings) -> None:
    assert Client().get(_url("standings", event)).status_code == 200
    before = _version_keys()
    assert before  # the event's own versions
    assert Client().get("/t/987654/standings/").status_code == 404
    assert Client().get(f"/t/{event.pk}/rounds/57/").status_code == 404
    assert _version_keys() == before


def _version_keys() -> set[str]:
    from django.conf import settings

    pattern = f"pub:{settings.PUBLIC_CACHE_RELEASE}:v:"
    if hasattr(cache, "_cache") and hasattr(cache._cache, "get_client"):
        client = cache._cache.get_client(None)
        return {k.decode() for k in client.keys(f"*{pattern}*")}
    return {k for k in getattr(cache, "_cache", {}) if pattern in k}


def test_a_new_version_of_a_page_replaces_the_old_one_in_the_cache(event, django_capture_on_commit_callbacks):
    from tourney.services import results

    url = _url("standings", event)
    first = Client().get(url)
    pointer = f"{caching.key_prefix()}:l:{event.pk}:"  # this test's (another's may have the same pk)
    key = pages._known_latest[next(k for k in pages._known_latest if k.startswith(pointer))]["key"]
    assert cache.get(key) is not None
    with django_capture_on_commit_callbacks(execute=True):
        results.set_result(game_id=event.round_set.get(number=2).games.get(board=1).pk, result=Result.WHITE_WINS)
    assert Client().get(url)["ETag"] != first["ETag"]
    assert cache.get(key) is None


# ---------------------------------------------------------------- a cache that fails


class WriteRefusingCache(LocMemCache):
    """A cache that reads but refuses every write, as Redis does under min-replicas-to-write
    with no replica (NOREPLICAS) or as a read-only replica."""

    def _refuse(self, *args, **kwargs):
        raise RuntimeError("NOREPLICAS Not enough good replicas to write.")

    add = set = set_many = delete = delete_many = incr = touch = _refuse


CLOSED = "closed port"
REFUSING = "refusing writes"


@pytest.fixture(params=[CLOSED, REFUSING])
def failing_cache(request, settings):
    if request.param == CLOSED:
        settings.CACHES = {"default": _closed_port_redis()}
    else:
        settings.CACHES = {"default": {"BACKEND": f"{__name__}.WriteRefusingCache", "LOCATION": "refusing"}}
    return request.param


PAGES = [("tournament_list", None), *PUBLIC]


@pytest.mark.parametrize(("name", "kwargs"), PAGES)
def test_a_failing_cache_renders_every_public_page(event, failing_cache, name, kwargs, caplog) -> None:
    url = reverse(name) if kwargs is None else _url(name, event, **kwargs)
    for _ in range(2):
        response = Client().get(url)
        assert response.status_code == 200, response.status_code
    assert "going on without it" in caplog.text


@pytest.mark.django_db(transaction=True)
def test_a_result_entered_with_a_failing_cache_is_saved_and_answered(failing_cache, django_user_model) -> None:
    t = builders.tournament(players=4, rounds=3)
    builders.round_with(t, 1, "1-2 *, 3-4 *", status=RoundStatus.PUBLISHED)
    user = django_user_model.objects.create_user("arb")
    appoint(t, user, "arbiter")
    arbiter = Client()
    arbiter.force_login(user)  # sessions live in the database: no cache needed
    response = arbiter.post(
        _url("round_result", t, number=1), {"board": 1, "result": Result.WHITE_WINS}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    assert Game.objects.get(round__tournament=t, round__number=1, board=1).result == Result.WHITE_WINS
    assert arbiter.get(_url("round_detail", t, number=1)).status_code == 200
    assert "1-0" in Client().get(_url("round_detail", t, number=1)).content.decode()


def test_with_a_failing_cache_logins_work_and_are_still_counted(failing_cache, django_user_model, settings) -> None:
    """The login throttle counts in this process's memory while the shared cache fails:
    a correct login goes through, and the sixth wrong password is still refused."""
    from tourney import login_throttle

    login_throttle._local_counts.clear()
    django_user_model.objects.create_user("arb", password="right-password-1")
    assert Client().post(reverse("login"), {"username": "arb", "password": "right-password-1"}).status_code == 302
    answers = [
        Client().post(reverse("login"), {"username": "arb", "password": "wrong"}).status_code
        for _ in range(settings.LOGIN_FAILURE_LIMIT + 1)
    ]
    assert answers[:-1] == [200] * settings.LOGIN_FAILURE_LIMIT and answers[-1] == 429
    login_throttle._local_counts.clear()


@pytest.mark.django_db(transaction=True)
def test_a_change_the_cache_refused_reaches_the_readers_once_it_takes_writes_again(settings, monkeypatch) -> None:
    from tourney.services import results

    t = builders.tournament(players=4, rounds=3)
    builders.round_with(t, 1, "1-2 *, 3-4 *", status=RoundStatus.PUBLISHED)
    url = _url("round_detail", t, number=1)
    before = Client().get(url)["ETag"]
    refused = {"on": True}
    set_many = cache.set_many

    def refusing(*args, **kwargs):
        if refused["on"]:
            raise RuntimeError("NOREPLICAS Not enough good replicas to write.")
        return set_many(*args, **kwargs)

    monkeypatch.setattr(cache, "set_many", refusing)
    results.set_result(game_id=Game.objects.get(round__tournament=t, board=1).pk, result=Result.WHITE_WINS)
    refused["on"] = False
    caching._known_versions.clear()  # another process: it knows only what the cache holds
    caching._next_bump_retry = 0.0
    response = Client().get(url)
    assert response["ETag"] != before and "1-0" in response.content.decode()


# ---------------------------------------------------------------- the site's address


def test_the_pairing_sheet_names_the_configured_site(event, settings) -> None:
    settings.SITE_URL = "https://chess.example.org"
    settings.ALLOWED_HOSTS = ["chess.example.org", "evil.example.com"]
    url = _url("print_pairing", event, number=2)
    evil = Client().get(url, HTTP_HOST="evil.example.com:8443").content.decode()
    good = Client().get(url, HTTP_HOST="chess.example.org").content.decode()
    expected = f"https://chess.example.org{_url('round_detail', event, number=2)}"
    assert expected in evil and expected in good and "evil.example.com" not in evil


def test_without_a_site_address_the_pairing_sheet_is_kept_per_host(event, settings) -> None:
    settings.SITE_URL = ""
    settings.ALLOWED_HOSTS = ["a.example.org", "b.example.org"]
    url = _url("print_pairing", event, number=2)
    first = Client().get(url, HTTP_HOST="a.example.org").content.decode()
    second = Client().get(url, HTTP_HOST="b.example.org").content.decode()
    assert "http://a.example.org/" in first and "http://b.example.org/" in second
    assert "a.example.org" not in second
