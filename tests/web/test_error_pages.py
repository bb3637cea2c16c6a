"""The 403 and 404 pages are the site's own, in English and in Italian."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client

from tests import builders

pytestmark = pytest.mark.django_db


def _get(client: Client, url: str, language: str):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client.get(url)


def test_a_missing_page_is_the_sites_own_in_both_languages(client) -> None:
    english = _get(client, "/t/999999/", "en")
    assert english.status_code == 404
    page = english.content.decode()
    assert "Page not found" in page and 'class="brand"' in page and "css/site.css" in page
    italian = _get(client, "/t/999999/", "it").content.decode()
    assert "Pagina non trovata" in italian and "Tutti i tornei" in italian and '<html lang="it">' in italian


def test_an_unpublished_round_print_is_the_sites_404(client) -> None:
    t = builders.tournament(players=2, rounds=1)
    builders.round_with(t, 1, "1-2 *", status="paired")
    response = _get(client, f"/t/{t.pk}/rounds/1/print/pairing/", "it")
    assert response.status_code == 404 and "non è ancora pubblicata" in response.content.decode()


def test_a_refusal_is_the_sites_own_403_in_both_languages(django_user_model) -> None:
    t = builders.tournament(players=2)
    client = Client()
    client.force_login(django_user_model.objects.create_user("stranger"))
    english = _get(client, f"/t/{t.pk}/registration/", "en")
    assert english.status_code == 403 and "Not allowed" in english.content.decode()
    assert "You have no appointment on this tournament" in english.content.decode()
    italian = _get(client, f"/t/{t.pk}/registration/", "it")
    assert italian.status_code == 403 and "Non consentito" in italian.content.decode()


def test_an_anonymous_post_is_told_to_log_in(client) -> None:
    t = builders.tournament(players=2)
    response = client.post(f"/t/{t.pk}/registration/add/", {"name": "X"})
    assert response.status_code == 403 and "log in first" in response.content.decode()


def test_an_expired_form_says_so_in_italian() -> None:
    t = builders.tournament(players=2)
    client = Client(enforce_csrf_checks=True)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    response = client.post(f"/t/{t.pk}/registration/add/", {"name": "X"})
    assert response.status_code == 403 and "Modulo scaduto" in response.content.decode()


def test_a_server_error_is_the_sites_own_page_in_italian(monkeypatch) -> None:
    from tourney.views import public

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(public.Tournament.objects, "annotate", broken)
    client = Client(raise_request_exception=False)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    response = client.get("/")
    assert response.status_code == 500 and "Errore del server" in response.content.decode()
    assert "boom" not in response.content.decode()
