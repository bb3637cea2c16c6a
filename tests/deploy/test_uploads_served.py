"""Uploads against a real gunicorn: an anonymous upload is answered from its headers, before
its body arrives, and nothing is spooled to the server's temporary directory."""

from __future__ import annotations

import os
import re
import socket
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.deploy.django_process import serving

ROOT = Path(__file__).resolve().parents[2]
PORTS = range(18440, 18460)  # this worktree's share of 18400-18499


def _free_port() -> int:
    for port in PORTS:
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    pytest.skip("no free port in 18440-18459")


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[int, Path]]:
    """gunicorn on a port of its own, its temporary directory (TMPDIR) watched."""
    port = _free_port()
    spool = tmp_path / "spool"
    spool.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE")}
    env.update(DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}", TMPDIR=str(spool), DEBUG="1")
    command = [str(Path(sys.executable).with_name("gunicorn")), "tourney.wsgi:application"]
    command += ["--bind", f"127.0.0.1:{port}", "--workers", "1"]
    with serving(command, env=env, health=f"http://127.0.0.1:{port}/healthz", log=tmp_path / "gunicorn.log"):
        yield port, spool


def _csrf_token(port: int) -> str:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/accounts/login/", timeout=10) as page:
        cookie = page.headers["Set-Cookie"]
    match = re.search(r"csrftoken=([^;]+)", cookie)
    assert match is not None
    return match.group(1)


def _start_upload(port: int, token: str, declared: int, sent: int) -> socket.socket:
    """A multipart POST to /import/ declaring *declared* bytes, of which the token's field and
    *sent* bytes of the file are sent; the rest never comes."""
    boundary = "----upload-probe"
    field = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="csrfmiddlewaretoken"\r\n\r\n{token}\r\n'
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="t.trf"\r\n'
        "Content-Type: application/octet-stream\r\n\r\n"
    ).encode()
    head = (
        f"POST /import/ HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nCookie: csrftoken={token}\r\n"
        f"Content-Type: multipart/form-data; boundary={boundary}\r\nContent-Length: {declared}\r\n"
        f"Referer: http://127.0.0.1:{port}/import/\r\n\r\n"
    ).encode()
    connection = socket.create_connection(("127.0.0.1", port), timeout=5)
    connection.sendall(head + field + b"x" * sent)
    return connection


def _status(connection: socket.socket) -> int:
    try:
        answer = connection.recv(4096).decode("latin-1")
    except TimeoutError:
        return 0  # still reading the body
    finally:
        connection.close()
    return int(answer.split()[1])


def test_an_anonymous_upload_is_refused_before_its_body_and_nothing_is_spooled(server) -> None:
    port, spool = server
    token = _csrf_token(port)
    upload = _start_upload(port, token, declared=5 * 1024 * 1024, sent=256 * 1024)
    time.sleep(1)
    spooled = [p.name for p in spool.iterdir()]  # while the request is open
    assert spooled == []
    assert _status(upload) == 403


def test_a_declared_200_mb_upload_is_answered_413_at_once(server) -> None:
    port, spool = server
    upload = _start_upload(port, _csrf_token(port), declared=200 * 1024 * 1024, sent=0)
    assert _status(upload) == 413
    assert list(spool.iterdir()) == []
