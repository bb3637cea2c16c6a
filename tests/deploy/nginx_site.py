"""deploy/nginx.conf run by a real nginx for the deploy tests: the compose names (the
web and desk replicas, Docker's resolver, port 80, the cache's folder) replaced by this
test's, the secret the image's template step would put in, one process as the test's
user. Tests that use it are skipped where nginx is not installed (``NGINX`` is None)."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NGINX = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/usr/local/sbin")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def configuration(directory: Path, port: int, *, web: str, desk: str, secret: str) -> str:
    # proxy_pass takes a variable there: a host name would need a resolver, an address does not.
    web, desk = (url.replace("//localhost:", "//127.0.0.1:") for url in (web, desk))
    site = (ROOT / "deploy" / "nginx.conf").read_text()
    site = site.replace("http://web:8000", web).replace("http://desk:8000", desk)
    site = site.replace("listen 80;", f"listen 127.0.0.1:{port};")
    site = site.replace("resolver 127.0.0.11 valid=10s ipv6=off;", "")
    site = site.replace("/var/cache/nginx/tourney", str(directory / "cache"))
    site = site.replace("${DESK_ROUTING_SECRET}", secret)
    temporary = " ".join(
        f"{kind}_temp_path {directory / kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    return (
        # One process, as the test's user (a root master would hand the cache to nobody).
        f"master_process off;\npid {directory / 'nginx.pid'};\nerror_log {directory / 'error.log'};\nevents {{}}\n"
        f"http {{\naccess_log off;\n{temporary}\n{site}\n}}\n"
    )


@contextmanager
def running_nginx(directory: Path, *, web: str, desk: str, secret: str) -> Iterator[int]:
    """The proxy on a free port of 127.0.0.1 (yielded) until the block ends."""
    port = free_port()
    conf = directory / "nginx.conf"
    conf.write_text(configuration(directory, port, web=web, desk=desk, secret=secret))
    command = [NGINX, "-p", str(directory), "-e", str(directory / "error.log"), "-c", str(conf), "-g", "daemon off;"]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        for _ in range(100):
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    break
            if server.poll() is not None:
                raise RuntimeError(server.stderr.read().decode())
            time.sleep(0.05)
        yield port
    finally:
        server.terminate()
        server.wait(timeout=10)
