"""Login throttling: five failures for one user name from one address lock that pair out,
whatever form of the name is typed, however many attempts arrive at once."""

from __future__ import annotations

import threading
import time
import uuid

import pytest
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import connection
from django.test import Client

from tourney.login_throttle import clear_address, clear_failures, client_address

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


def _full_width(character: str) -> str:
    return chr(ord(character) + 0xFEE0)  # U+FF01-FF5E: the full-width forms of ASCII


def test_look_alike_forms_of_a_locked_user_name_are_locked_too(client, account) -> None:
    name = account.username  # arb-<8 hex digits>
    for _ in range(5):
        _login(client, name, "wrong")
    look_alikes = [
        _full_width(name[0]) + name[1:],  # ａrb-...
        "\U0001d41a" + name[1:],  # 𝐚rb-... (mathematical bold a)
        name[:-1] + _full_width(name[-1]),  # arb-...２
        name.upper(),
        f"  {name} ",
    ]
    for typed in look_alikes:
        response = Client().post("/accounts/login/", {"username": typed, "password": PASSWORD})
        assert response.status_code == 429, typed
        assert "_auth_user_id" not in response.client.session


def test_a_user_name_logs_in_whatever_its_width_or_case(client, account, django_user_model) -> None:
    name = account.username
    for typed in (_full_width(name[0]) + name[1:], name.upper()):
        response = Client().post("/accounts/login/", {"username": typed, "password": PASSWORD})
        assert response.status_code == 302, typed
        assert int(response.client.session["_auth_user_id"]) == account.pk
    # Two accounts of one canonical form: only the exact name logs in, each as itself.
    twin = django_user_model.objects.create_user(name.upper(), password=PASSWORD)
    assert int(_login(Client(), name.upper(), PASSWORD).client.session["_auth_user_id"]) == twin.pk
    assert int(_login(Client(), name, PASSWORD).client.session["_auth_user_id"]) == account.pk
    assert _login(Client(), name.capitalize(), PASSWORD).status_code == 200


def test_a_look_alike_of_a_locked_superuser_does_not_enter_the_admin(django_user_model) -> None:
    name = f"root-{uuid.uuid4().hex[:8]}"
    django_user_model.objects.create_superuser(name, password=PASSWORD)
    for _ in range(5):
        Client().post("/admin/login/", {"username": name, "password": "wrong"})
    intruder = Client()
    response = intruder.post("/admin/login/", {"username": _full_width("r") + name[1:], "password": PASSWORD})
    assert response.status_code == 429 and "Too many failed logins" in response.content.decode()
    assert "_auth_user_id" not in intruder.session
    assert intruder.get("/admin/").status_code == 302  # to the login page
    clear_failures(name, "127.0.0.1")
    clear_address("127.0.0.1")


@pytest.mark.django_db(transaction=True)
def test_attempts_sent_at_once_check_no_more_passwords_than_the_limit(django_user_model, monkeypatch) -> None:
    name = f"arb-{uuid.uuid4().hex[:8]}"
    django_user_model.objects.create_user(name, password=PASSWORD)
    checked, lock = [], threading.Lock()
    check_password = AbstractBaseUser.check_password

    def slow_check(user, raw_password):  # a real hasher's time, so that every attempt overlaps
        with lock:
            checked.append(raw_password)
        time.sleep(0.3)
        return check_password(user, raw_password)

    monkeypatch.setattr(AbstractBaseUser, "check_password", slow_check)
    start, statuses = threading.Barrier(24), []

    def attempt(k: int) -> None:
        try:
            start.wait()
            statuses.append(_login(Client(), name, f"wrong-{k}").status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=attempt, args=(k,)) for k in range(24)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(checked) == 5
    assert sorted(statuses) == [200] * 5 + [429] * 19
    assert _login(Client(), name, PASSWORD).status_code == 429  # and the name stays locked
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


def _behind_tls_proxy_and_nginx(client_ip: str, forged: str = "") -> dict[str, str]:
    """A request as gunicorn gets it in the documented topology: the TLS proxy appends the
    client's address to what the client sent, nginx ($proxy_add_x_forwarded_for) the TLS
    proxy's, and gunicorn sees nginx's."""
    sent = f"{forged}, " if forged else ""
    return {"REMOTE_ADDR": "172.18.0.5", "HTTP_X_FORWARDED_FOR": f"{sent}{client_ip}, 172.18.0.1"}


def test_behind_a_tls_proxy_and_nginx_one_address_locked_out_blocks_no_other(client, account, settings) -> None:
    settings.TRUSTED_PROXY_COUNT = 2
    for k in range(settings.LOGIN_ADDRESS_FAILURE_LIMIT):  # many names, forged first entries
        client.post(
            "/accounts/login/",
            {"username": f"{account.username}-guess-{k}", "password": "Spring2026!"},
            **_behind_tls_proxy_and_nginx("203.0.113.7", forged=f"198.51.100.{k}"),
        )
    fields = {"username": account.username, "password": PASSWORD}
    assert Client().post("/accounts/login/", fields, **_behind_tls_proxy_and_nginx("203.0.113.7")).status_code == 429
    other = Client().post("/accounts/login/", fields, **_behind_tls_proxy_and_nginx("192.0.2.44", forged="203.0.113.7"))
    assert other.status_code == 302
    for k in range(settings.LOGIN_ADDRESS_FAILURE_LIMIT):
        clear_failures(f"{account.username}-guess-{k}", "203.0.113.7")
    clear_failures(account.username, "203.0.113.7")
    clear_address("203.0.113.7")


@pytest.mark.parametrize(
    ("forwarded", "proxies", "counted"),
    [
        ("1.2.3.4, 203.0.113.7, 172.18.0.1", 2, "203.0.113.7"),
        ("203.0.113.7, 172.18.0.1", 2, "203.0.113.7"),
        ("172.18.0.1", 2, "172.18.0.5"),  # passed fewer proxies than trusted: REMOTE_ADDR
        ("1.2.3.4, 203.0.113.7", 1, "203.0.113.7"),
        ("1.2.3.4", 0, "172.18.0.5"),
        ("2001:db8:1:2:aaaa::1, 172.18.0.1", 2, "2001:db8:1:2::/64"),  # one subscriber's /64
        ("::ffff:203.0.113.7, 172.18.0.1", 2, "203.0.113.7"),
    ],
)
def test_the_client_address_is_the_entry_the_outermost_trusted_proxy_appended(
    rf, settings, forwarded, proxies, counted
) -> None:
    settings.TRUSTED_PROXY_COUNT = proxies
    request = rf.post("/accounts/login/", REMOTE_ADDR="172.18.0.5", HTTP_X_FORWARDED_FOR=forwarded)
    assert client_address(request) == counted
