"""Login throttling: five failures for one user name from one address lock that pair out."""

from __future__ import annotations

import uuid

import pytest
from django.test import Client

from tourney.login_throttle import clear_address, clear_failures

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-test-password"


@pytest.fixture(autouse=True)
def fast_hashes(settings) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def account(django_user_model):
    """A user with a name of its own (the count lives in a cache that may outlive the test)."""
    name = f"arb-{uuid.uuid4().hex[:8]}"
    user = django_user_model.objects.create_user(name, password=PASSWORD)
    yield user
    for address in ("127.0.0.1", "10.0.0.9"):
        clear_failures(name, address)
        clear_address(address)


def _login(client: Client, username: str, password: str, address: str = "127.0.0.1"):
    return client.post("/accounts/login/", {"username": username, "password": password}, REMOTE_ADDR=address)


def test_five_failures_lock_the_user_name_out_from_that_address(client, account, settings) -> None:
    settings.LOGIN_FAILURE_LIMIT, settings.LOGIN_LOCKOUT_MINUTES = 5, 15
    for _ in range(5):
        assert _login(client, account.username, "wrong").status_code == 200
    response = _login(client, account.username, PASSWORD)  # the right password, too late
    assert response.status_code == 429
    assert "Too many failed logins for this user name from your address. Try again in 15 minutes." in (
        response.content.decode()
    )
    assert "_auth_user_id" not in client.session


def test_the_lock_is_per_address_and_per_user_name(client, account, django_user_model) -> None:
    for _ in range(5):
        _login(client, account.username, "wrong")
    assert _login(Client(), account.username, PASSWORD, address="10.0.0.9").status_code == 302
    for k in range(6):
        clear_failures(f"{account.username}-guess-{k}", "127.0.0.1")
    other = django_user_model.objects.create_user(f"{account.username}-2", password=PASSWORD)
    assert _login(Client(), other.username, PASSWORD).status_code == 302
    clear_failures(other.username, "127.0.0.1")


def test_a_success_clears_the_count(client, account) -> None:
    for _ in range(4):
        _login(client, account.username, "wrong")
    assert _login(client, account.username, PASSWORD).status_code == 302
    client.logout()
    for _ in range(4):
        _login(client, account.username, "wrong")
    assert _login(client, account.username, PASSWORD).status_code == 302


def test_an_empty_password_does_not_reset_the_count(client, account) -> None:
    for _ in range(4):
        _login(client, account.username, "wrong")
    _login(client, account.username, "")
    _login(client, account.username, "wrong")
    assert _login(client, account.username, PASSWORD).status_code == 429


def test_the_refusal_is_in_italian(client, account) -> None:
    for _ in range(5):
        _login(client, account.username, "wrong")
    client.cookies["django_language"] = "it"
    page = _login(client, account.username, PASSWORD).content.decode()
    assert "Troppi accessi non riusciti" in page


def test_the_admin_login_is_throttled_too(client, django_user_model) -> None:
    name = f"root-{uuid.uuid4().hex[:8]}"
    django_user_model.objects.create_superuser(name, password=PASSWORD)
    for _ in range(5):
        client.post("/admin/login/", {"username": name, "password": "wrong"})
    response = client.post("/admin/login/", {"username": name, "password": PASSWORD})
    assert "_auth_user_id" not in client.session and "Too many failed logins" in response.content.decode()
    clear_failures(name, "127.0.0.1")
    clear_address("127.0.0.1")


def test_one_address_trying_many_user_names_is_locked_out(client, account, settings) -> None:
    settings.LOGIN_ADDRESS_FAILURE_LIMIT = 6
    for k in range(6):
        _login(client, f"{account.username}-guess-{k}", "Spring2026!")  # one failure per name
    response = _login(client, account.username, PASSWORD)
    assert response.status_code == 429
    assert "Too many failed logins from your address. Try again in 15 minutes." in response.content.decode()
    assert _login(Client(), account.username, PASSWORD, address="10.0.0.9").status_code == 302
    for k in range(6):
        clear_failures(f"{account.username}-guess-{k}", "127.0.0.1")


def test_behind_a_proxy_the_client_address_is_the_one_the_proxy_appended(client, account, settings) -> None:
    settings.TRUSTED_PROXY_COUNT = 1
    for _ in range(5):  # the client forges a first entry; the proxy appends the real address
        client.post(
            "/accounts/login/",
            {"username": account.username, "password": "wrong"},
            REMOTE_ADDR="172.18.0.2",
            HTTP_X_FORWARDED_FOR="1.2.3.4, 10.0.0.9",
        )
    other_client = Client()
    response = other_client.post(
        "/accounts/login/",
        {"username": account.username, "password": PASSWORD},
        REMOTE_ADDR="172.18.0.2",
        HTTP_X_FORWARDED_FOR="127.0.0.1",  # another client behind the same proxy
    )
    assert response.status_code == 302
    locked = Client().post(
        "/accounts/login/",
        {"username": account.username, "password": PASSWORD},
        REMOTE_ADDR="172.18.0.2",
        HTTP_X_FORWARDED_FOR="5.6.7.8, 10.0.0.9",
    )
    assert locked.status_code == 429
