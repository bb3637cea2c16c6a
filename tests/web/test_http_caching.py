"""HTTP caching of the public pages (ETag, Last-Modified, 304, Cache-Control public with a
short max-age) and of everything else (private, no-store)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests import builders
from tourney.caching.checks import LIVE_POLL_SECONDS
from tourney.models import Result, RoundStatus, Tournament
from tourney.roles import appoint
from tourney.services import results

pytestmark = pytest.mark.django_db


@pytest.fixture
def event() -> Tournament:
    t = builders.tournament(players=5, rounds=3)
    builders.round_with(t, 1, "1-3 1-0, 4-2 =", "5 pab", status=RoundStatus.CLOSED)
    builders.round_with(t, 2, "1-2 *, 5-4 *", "3 pab", status=RoundStatus.PUBLISHED)
    return t


PUBLIC = [
    ("tournament_detail", {}),
    ("round_detail", {"number": 2}),
    ("round_standings", {"number": 2}),
    ("standings", {}),
    ("crosstable", {}),
    ("print_pairing", {"number": 2}),
    ("print_results", {"number": 1}),
    ("print_standings", {}),
    ("export_csv", {}),
    ("export_trf", {}),
]


def _url(name: str, t: Tournament, **kwargs: int) -> str:
    return reverse(name, kwargs={"tournament_id": t.pk, **kwargs})


@pytest.mark.parametrize(("name", "kwargs"), PUBLIC)
def test_a_public_page_carries_validators_and_a_short_public_max_age(event, name, kwargs) -> None:
    response = Client().get(_url(name, event, **kwargs))
    assert response.status_code == 200
    assert re.fullmatch(r'"[0-9a-f]{32}"', response["ETag"])
    assert response.has_header("Last-Modified")
    assert set(response["Cache-Control"].split(", ")) == {"public", "max-age=2"}
    assert "Cookie" in response["Vary"] and "Accept-Language" in response["Vary"]
    assert not response.cookies  # no CSRF cookie: the same bytes for every reader


@pytest.mark.parametrize(("name", "kwargs"), PUBLIC)
def test_a_public_page_unchanged_is_answered_304_without_the_database(
    event, name, kwargs, django_assert_num_queries
) -> None:
    url = _url(name, event, **kwargs)
    etag = Client().get(url)["ETag"]
    with django_assert_num_queries(0):
        response = Client().get(url, headers={"If-None-Match": etag})
    assert response.status_code == 304
    assert response["ETag"] == etag and "public" in response["Cache-Control"]


def test_if_modified_since_is_answered_304_too(event) -> None:
    url = _url("standings", event)
    first = Client().get(url)
    assert Client().get(url, headers={"If-Modified-Since": first["Last-Modified"]}).status_code == 304


def test_a_result_gives_the_round_page_a_new_etag_and_a_full_answer(event, django_capture_on_commit_callbacks) -> None:
    url = _url("round_detail", event, number=2)
    etag = Client().get(url)["ETag"]
    with django_capture_on_commit_callbacks(execute=True):
        results.set_result(game_id=event.round_set.get(number=2).games.get(board=1).pk, result=Result.WHITE_WINS)
    response = Client().get(url, headers={"If-None-Match": etag})
    assert response.status_code == 200 and response["ETag"] != etag
    assert "1-0" in response.content.decode()


def test_a_public_page_has_no_csrf_token_in_it(event) -> None:
    page = Client().get(_url("round_detail", event, number=2)).content.decode()
    assert 'hx-headers=\'{"X-CSRFToken": ""}\'' in page
    assert 'name="csrfmiddlewaretoken"' not in page


def test_a_reader_switches_language_without_a_token(event) -> None:
    url = _url("standings", event)
    reader = Client(enforce_csrf_checks=True)
    english = reader.get(url)
    assert reader.post(reverse("set_language"), {"language": "it", "next": url}).status_code == 302
    italian = reader.get(url)
    assert italian["ETag"] != english["ETag"]  # one version per language
    assert 'lang="it"' in italian.content.decode()


def test_the_live_round_page_polls_with_its_etag_and_gets_304_while_nothing_changes(event) -> None:
    url = _url("round_detail", event, number=2)
    page = Client().get(url)
    etag = page["ETag"]
    assert f'hx-trigger="every {LIVE_POLL_SECONDS}s"' in page.content.decode()
    sent = re.search(r"hx-headers='\{\"If-None-Match\": \"([^']*)\"\}'", page.content.decode())
    assert sent is not None and sent.group(1).encode().decode("unicode_escape") == etag
    poll = Client().get(url, headers={"HX-Request": "true", "HX-Target": "pairing", "If-None-Match": etag})
    assert poll.status_code == 304


def test_the_live_standings_poll_with_their_etag(event) -> None:
    url = _url("round_standings", event, number=2)
    page = Client().get(url)
    content = page.content.decode()
    assert f'hx-trigger="every {LIVE_POLL_SECONDS}s"' in content and "If-None-Match" in content
    poll = Client().get(url, headers={"HX-Request": "true", "If-None-Match": page["ETag"]})
    assert poll.status_code == 304


def test_the_htmx_part_and_the_whole_page_are_kept_apart(event) -> None:
    url = _url("round_detail", event, number=2)
    whole = Client().get(url).content.decode()
    part = Client().get(url, headers={"HX-Request": "true", "HX-Target": "pairing"}).content.decode()
    assert "<html" in whole and "<html" not in part
    assert "<html" in Client().get(url).content.decode()


@pytest.fixture
def arbiter_client(event, django_user_model) -> Client:
    user = django_user_model.objects.create_user("arb")
    appoint(event, user, "arbiter")
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize(("name", "kwargs"), PUBLIC)
def test_a_logged_in_user_gets_public_pages_private_and_unstored(event, arbiter_client, name, kwargs) -> None:
    response = arbiter_client.get(_url(name, event, **kwargs))
    assert response.status_code == 200
    assert {"private", "no-store"} <= set(response["Cache-Control"].split(", "))
    assert not response.has_header("ETag")


@pytest.mark.parametrize(
    ("name", "kwargs"),
    [("registration", {}), ("audit", {}), ("round_status", {"number": 2}), ("tournament_settings", {})],
)
def test_the_desk_and_the_organizer_pages_are_never_stored(event, arbiter_client, name, kwargs) -> None:
    response = arbiter_client.get(_url(name, event, **kwargs))
    assert "no-store" in response["Cache-Control"] and "private" in response["Cache-Control"]


def test_a_result_posted_at_the_desk_is_never_stored(event, arbiter_client) -> None:
    response = arbiter_client.post(
        _url("round_result", event, number=2), {"board": 1, "result": Result.DRAW}, headers={"HX-Request": "true"}
    )
    assert "no-store" in response["Cache-Control"]


def test_a_browser_that_takes_gzip_gets_the_page_compressed_once(event) -> None:
    import gzip

    url = _url("crosstable", event)
    plain = Client().get(url)
    zipped = Client().get(url, headers={"Accept-Encoding": "gzip, deflate, br"})
    assert zipped["Content-Encoding"] == "gzip" and "Accept-Encoding" in zipped["Vary"]
    assert gzip.decompress(zipped.content) == plain.content
    assert zipped["ETag"] == f"W/{plain['ETag']}"
    again = Client().get(url, headers={"Accept-Encoding": "gzip", "If-None-Match": zipped["ETag"]})
    assert again.status_code == 304


def test_a_parameter_no_page_reads_is_redirected_away(event) -> None:
    url = _url("standings", event)
    kept = Client().get(url, {"round": 1})
    assert "public" in kept["Cache-Control"] and kept.has_header("ETag")
    made_up = Client().get(url, {"utm_source": "x" * 40})
    assert made_up.status_code == 301 and made_up["Location"] == url
    assert "no-cache" in made_up["Cache-Control"] and "public" not in made_up["Cache-Control"]
