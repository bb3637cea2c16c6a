"""Public pages under a crowd: requests/s and latency per page, with the desk entering results.

Builds a 2,000-player tournament on PostgreSQL (a fresh database, dropped first: the
default is tourney_bench) with rounds 1..9 closed and round 10 published without results,
collects the static files, serves it with gunicorn under production settings (DEBUG=0,
Redis cache), then drives every public page with wrk (Debian's ``wrk``) at 50 and 200
connections, asking for gzip as browsers do, after a one-second warm-up run per page (each
worker imports the views and compiles the templates at its first request). For each page
it prints requests/s, p50/p95/p99 latency, the error count (socket errors, timeouts,
non-2xx/3xx answers) and the ratio to a trivial page of the same server (/healthz: one
SELECT 1), measured first and again last: the final line gives the ratios to the mean of
its two runs (on a shared machine its rate drifts). Meanwhile an arbiter, logged in, enters round 10's
results on the desk (an HTMX POST per result, every --result-every seconds), through a
second gunicorn as deploy/nginx.conf routes logged-in users (--desk-workers 0: the same
server as the crowd), with the CPU priority docker-compose.yml gives the desk (the crowd's
server runs under ``nice -n 10``, --crowd-nice): their latency is printed at the end. Each result is a change: the
public pages are renewed under load.

With --attackers N (default 8), N more connections attack while each page is measured
(a second wrk): made-up ``sessionid`` and ``desk`` cookies, random query parameters,
random ``HX-Target`` values, zero-padded ids and unknown tournaments, all to the crowd's
server (the proxy sends a made-up desk marker there, as any reader: deploy/nginx.conf), on
the page measured (--attack-every-page: on every page at once, each of which then renders
after every result as the crowd of a real event would make it). The
Redis holding the pages' cache is measured before and after (memory, keys): with
--cache-redis-port it is a redis-server of the bench's own, bounded as docker-compose.yml
bounds it (--cache-maxmemory, allkeys-lru). With --nginx, every request (crowd, attacker,
desk) goes through deploy/nginx.conf run by that nginx binary, its upstreams replaced by
the two gunicorn servers.

Targets: every public page at least half the trivial page's throughput, p99 under 1 s at
200 connections, no error, result entry median under 100 ms during the load, the attacker
running.

    python bench/public_load.py [--players 2000] [--rounds 10] [--duration 5] [--workers 4]
        [--attackers 8] [--cache-redis-port 18290] [--nginx /usr/sbin/nginx]

Run by hand (not by CI): it takes about two minutes with the defaults.
"""

from __future__ import annotations

import argparse
import http.cookiejar
import json
import os
import re
import secrets
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

LUA = """
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests": %d, "seconds": %.3f, "p50": %.1f, "p95": %.1f, "p99": %.1f, "errors": %d}\\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50) / 1e3, latency:percentile(95) / 1e3,
    latency:percentile(99) / 1e3, e.connect + e.read + e.write + e.status + e.timeout))
end
"""


# The attacker: every request made up so that a naive cache would render and keep a page
# for it, or take it for a signed-in user's. PATHS, TOURNAMENT and LAST are filled in.
ATTACK_LUA = (
    """
local paths = {PATHS}
local tournament, last = {TOURNAMENT}, {LAST}
math.randomseed(os.time() + tonumber(tostring({}):sub(8), 16))
local function junk() return string.format("%08x%08x", math.random(0, 0x7fffffff), math.random(0, 0x7fffffff)) end
local function pick() return paths[math.random(#paths)] end
request = function()
  local kind = math.random({KINDS})
  local headers = {["Accept-Encoding"] = "gzip"}
  local path
  if kind == 1 then
    path = pick() .. "?round=" .. math.random(1, 1000000) .. "&format=" .. junk() .. "&" .. junk() .. "=1"
  elseif kind == 2 then
    path = pick()
    headers["HX-Request"] = "true"
    headers["HX-Target"] = junk()
  elseif kind == 3 then
    path = string.format("/t/%0" .. math.random(4, 12) .. "d/rounds/%0" .. math.random(3, 9) .. "d/", tournament, last)
  elseif kind == 4 then
    path = "/t/" .. math.random(100000, 99999999) .. "/standings/"
  else
    path = pick()
    headers["Cookie"] = "sessionid=" .. junk() .. junk() .. "; desk=" .. junk() .. junk()
  end
  return wrk.format("GET", path, headers)
end
"""
    + LUA
)


def attack_script(directory: str, paths: list[str], tournament: int, last: int, kinds: range) -> str:
    """The attacker's wrk script: request kinds *kinds* (1-4: parameters, HTMX targets,
    padded ids, unknown tournaments; 5: made-up cookies)."""
    lua = (
        ATTACK_LUA.replace("{PATHS}", "{" + ", ".join(f'"{p}"' for p in paths) + "}")
        .replace("{TOURNAMENT}", str(tournament))
        .replace("{LAST}", str(last))
        .replace("math.random({KINDS})", f"math.random({kinds.start}, {kinds.stop - 1})")
    )
    script = Path(directory) / f"attack-{kinds.start}-{kinds.stop}.lua"
    script.write_text(lua)
    return str(script)


def start_attack(url: str, connections: int, duration: int, script: str) -> subprocess.Popen:
    return subprocess.Popen(
        ["wrk", "-t1", f"-c{connections}", f"-d{duration}s", "--timeout", "10s", "-s", script, url],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )


def attack_result(attack: subprocess.Popen) -> dict[str, float]:
    out, _ = attack.communicate(timeout=120)
    return json.loads(out.strip().splitlines()[-1])


def nginx_config(directory: str, port: int, web: int, desk: int, secret: str) -> str:
    """deploy/nginx.conf as the bench runs it: its upstreams the two gunicorn servers."""
    site = (ROOT / "deploy" / "nginx.conf").read_text()
    site = site.replace("http://desk:8000", f"http://127.0.0.1:{desk}").replace(
        "http://web:8000", f"http://127.0.0.1:{web}"
    )
    site = site.replace("listen 80;", f"listen 127.0.0.1:{port};").replace(
        "/var/cache/nginx/tourney", f"{directory}/cache"
    )
    site = re.sub(r"\n\s*resolver [^;]*;", "", site).replace("${DESK_ROUTING_SECRET}", secret)
    (Path(directory) / "site.conf").write_text(site)
    main = (
        ("user root;" if os.geteuid() == 0 else "")
        + f"""
worker_processes 1;
pid {directory}/nginx.pid;
error_log {directory}/error.log warn;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    client_body_temp_path {directory}/body;
    proxy_temp_path {directory}/proxy;
    include {directory}/site.conf;
}}
"""
    )
    (Path(directory) / "nginx.conf").write_text(main)
    return f"{directory}/nginx.conf"


def redis_figures(url: str) -> tuple[float, int]:
    """(used memory in MiB, keys) of the Redis database at *url*."""
    import redis

    client = redis.Redis.from_url(url)
    try:
        return client.info("memory")["used_memory"] / 2**20, client.dbsize()
    finally:
        client.close()


def production_env(args: argparse.Namespace, static_root: str) -> dict[str, str]:
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "tourney.settings",
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(60),
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DATABASE_URL": args.database_url,
        "REDIS_URL": args.redis_url,
        "CACHE_URL": args.cache_url,
        "SITE_URL": f"http://127.0.0.1:{args.port}",
        "DESK_ROUTING_SECRET": secrets.token_urlsafe(40),
        "SECURE_SSL_REDIRECT": "0",
        "SESSION_COOKIE_SECURE": "0",
        "CSRF_COOKIE_SECURE": "0",
        "SECURE_HSTS_SECONDS": "0",
        "STATIC_ROOT": static_root,
        "LOG_LEVEL": "WARNING",
        "PUBLIC_CACHE_RELEASE": f"bench-{secrets.token_hex(4)}",
    }


def fresh_database(url: str) -> None:
    import psycopg

    parts = urllib.parse.urlsplit(url)
    name = parts.path.lstrip("/")
    admin = urllib.parse.urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')


def build(args: argparse.Namespace) -> tuple[int, int, int]:
    """The tournament, its arbiter (bench / bench-password); (tournament, player, round) ids."""
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from bench.big_event import build_event
    from tourney.roles import appoint

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    started = time.perf_counter()
    t = build_event(args.players, args.rounds, total_rounds=args.rounds + 1, last_open=True)
    user = get_user_model().objects.create_user("bench", password="bench-password")
    appoint(t, user, "arbiter")
    print(
        f"{args.players} players, {args.rounds} rounds (the last under way) built in "
        f"{time.perf_counter() - started:.1f} s"
    )
    player = t.players.get(pairing_number=args.players // 2)
    return t.pk, player.pk, t.round_set.get(number=args.rounds).games.count()


class Desk(threading.Thread):
    """The arbiter entering results on the round page while the crowd reads."""

    def __init__(self, base: str, tournament: int, number: int, boards: int, every: float) -> None:
        super().__init__(daemon=True)
        self.base, self.every, self.boards = base, every, boards
        self.url = f"{base}/t/{tournament}/rounds/{number}/result/"
        self.latencies: list[float] = []
        self.failures = 0
        self.stop = threading.Event()
        jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        self.jar = jar

    def cookie(self, name: str) -> str:
        return next(c.value for c in self.jar if c.name == name)

    def login(self) -> None:
        page = self.opener.open(f"{self.base}/accounts/login/").read().decode()
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        data = urllib.parse.urlencode({"username": "bench", "password": "bench-password", "csrfmiddlewaretoken": token})
        self.opener.open(f"{self.base}/accounts/login/", data.encode()).read()
        assert any(c.name == "sessionid" for c in self.jar), "the arbiter could not log in"

    def run(self) -> None:
        board = 0
        while not self.stop.wait(self.every) and board < self.boards:
            board += 1
            body = urllib.parse.urlencode({"entry": f"{board} {'1-0' if board % 3 else '='}"}).encode()
            request = urllib.request.Request(
                self.url, body, headers={"HX-Request": "true", "X-CSRFToken": self.cookie("csrftoken")}
            )
            started = time.perf_counter()
            try:
                with self.opener.open(request, timeout=30) as response:
                    response.read()
                    ok = response.status == 200
            except OSError:
                ok = False
            self.latencies.append((time.perf_counter() - started) * 1000)
            self.failures += not ok


def serve(port: int, workers: int, env: dict[str, str], nice: int = 0) -> subprocess.Popen:
    return subprocess.Popen(
        [*(["nice", "-n", str(nice)] if nice else []), sys.executable, "-m", "gunicorn",
         "tourney.wsgi:application", "--bind", f"127.0.0.1:{port}", "--workers", str(workers),
         "--timeout", "60", "--log-level", "warning"],
        cwd=ROOT,
        env=env,
    )  # fmt: skip


def cpu_seconds(server: subprocess.Popen) -> float:
    """CPU time (user + system) used so far by a gunicorn server's processes (Linux /proc)."""
    pids = [server.pid]
    children = Path(f"/proc/{server.pid}/task/{server.pid}/children")
    if children.exists():
        pids += [int(p) for p in children.read_text().split()]
    ticks = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK")


def wait_for(base: str) -> None:
    for _ in range(100):
        try:
            urllib.request.urlopen(f"{base}/healthz", timeout=2).read()
            return
        except OSError:
            time.sleep(0.2)


def wrk(url: str, connections: int, duration: int, script: str) -> dict[str, float]:
    out = subprocess.run(
        [
            "wrk",
            "-t2",
            f"-c{connections}",
            f"-d{duration}s",
            "--timeout",
            "10s",
            "-H",
            "Accept-Encoding: gzip",
            "-s",
            script,
            url,
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--duration", type=int, default=5, help="seconds per page and connection count")
    parser.add_argument("--connections", default="50,200")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn workers")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument(
        "--desk-workers",
        type=int,
        default=2,
        help="gunicorn workers of a second server for logged-in users, as the proxy routes them (0: none)",
    )
    parser.add_argument("--result-every", type=float, default=1.0, help="seconds between two results at the desk")
    parser.add_argument(
        "--crowd-nice",
        type=int,
        default=10,
        help="niceness of the crowd's server, as docker-compose.yml gives the desk a larger CPU share (0: the same)",
    )
    parser.add_argument("--database-url", default="postgres://postgres@127.0.0.1:5432/tourney_bench")
    parser.add_argument("--redis-url", default=os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/15"))
    parser.add_argument("--attackers", type=int, default=8, help="attacking connections beside the crowd (0: none)")
    parser.add_argument(
        "--cache-redis-port", type=int, default=0, help="run the pages' cache in a redis-server of its own on this port"
    )
    parser.add_argument("--cache-maxmemory", default="256mb", help="that redis-server's maxmemory (allkeys-lru)")
    parser.add_argument(
        "--attack-every-page",
        action="store_true",
        help="the attackers read every page at once (each renders after every change), not the measured one",
    )
    parser.add_argument("--nginx", default="", help="an nginx binary: every request goes through deploy/nginx.conf")
    parser.add_argument("--nginx-port", type=int, default=0, help="nginx's port (default: --port + 2)")
    args = parser.parse_args()
    if args.nginx and not args.desk_workers:
        parser.error("--nginx routes to a desk server: --desk-workers must be at least 1")
    helpers: list[subprocess.Popen] = []
    args.cache_url = args.redis_url
    if args.cache_redis_port:
        helpers.append(
            subprocess.Popen(
                ["redis-server", "--port", str(args.cache_redis_port), "--bind", "127.0.0.1", "--save", "",
                 "--appendonly", "no", "--maxmemory", args.cache_maxmemory, "--maxmemory-policy", "allkeys-lru",
                 "--logfile", str(Path(tempfile.gettempdir()) / f"bench-redis-{args.cache_redis_port}.log")],
                stdout=subprocess.DEVNULL,
            )
        )  # fmt: skip
        args.cache_url = f"redis://127.0.0.1:{args.cache_redis_port}/0"
        time.sleep(0.5)

    static_root = tempfile.mkdtemp(prefix="tourney-static-")
    env = production_env(args, static_root)
    os.environ.update(env)
    fresh_database(args.database_url)
    tournament, player, boards = build(args)

    base = f"http://127.0.0.1:{args.port}"
    servers = [serve(args.port, args.workers, env, args.crowd_nice if args.desk_workers else 0)]
    desk_base = base
    if args.desk_workers:  # as the proxy routes logged-in users (deploy/nginx.conf)
        servers.append(serve(args.port + 1, args.desk_workers, env))
        desk_base = f"http://127.0.0.1:{args.port + 1}"
    if args.nginx:
        nginx_port = args.nginx_port or args.port + 2
        conf = nginx_config(static_root, nginx_port, args.port, args.port + 1, env["DESK_ROUTING_SECRET"])
        subprocess.run([args.nginx, "-t", "-q", "-c", conf], check=True)
        helpers.append(subprocess.Popen([args.nginx, "-c", conf, "-g", "daemon off;"]))
        base = desk_base = f"http://127.0.0.1:{nginx_port}"
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # the finally below stops gunicorn
    script = Path(static_root) / "report.lua"
    script.write_text(LUA)
    try:
        wait_for(base)
        wait_for(desk_base)
        t, last = f"{base}/t/{tournament}", args.rounds
        pages = {
            "trivial (/healthz)": f"{base}/healthz",
            "home (list)": f"{base}/",
            "tournament": f"{t}/",
            "round pairing": f"{t}/rounds/{last}/",
            "points and ARO list": f"{t}/rounds/{last}/standings/",
            "standings, tie-breaks": f"{t}/standings/",
            "crosstable": f"{t}/crosstable/",
            "player card": f"{t}/players/{player}/",
        }
        all_pages = [
            urllib.parse.urlsplit(u).path
            for n, u in pages.items()
            if n.startswith(("home", "tournament", "round", "points", "standings", "crosstable", "player"))
        ]

        def attacks_on(url: str) -> list[tuple[str, int, str]]:
            """The attackers while *url* is measured: on every page (--attack-every-page) or
            on that one (the tournament page while the trivial one is measured)."""
            if not args.attackers:
                return []
            path = urllib.parse.urlsplit(url).path
            paths = all_pages if args.attack_every_page or path not in all_pages else [path]
            half = max(1, args.attackers // 2)
            made_up_urls = attack_script(static_root, paths, tournament, last, range(1, 5))
            made_up_cookies = attack_script(static_root, paths, tournament, last, range(5, 6))
            return [(base, half, made_up_urls), (base, max(1, args.attackers - half), made_up_cookies)]

        cache_before = redis_figures(args.cache_url)
        attacked: list[dict[str, float]] = []
        desk = Desk(desk_base, tournament, last, boards, args.result_every)
        desk.login()
        desk_server = servers[-1] if args.desk_workers else None
        desk_cpu = cpu_seconds(desk_server) if desk_server else 0.0
        desk.start()
        levels = [int(c) for c in args.connections.split(",")]
        print(
            f"gunicorn {args.workers} workers (nice {args.crowd_nice if args.desk_workers else 0}); wrk -t2, "
            f"{args.duration} s per run; a result every {args.result_every} s at the desk meanwhile"
            + (f"; {args.attackers} attacking connections throughout" if args.attackers else "")
            + ("; through nginx (deploy/nginx.conf)" if args.nginx else "")
        )
        print(f"{'page':<24}{'conns':>6}{'req/s':>9}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'errors':>8}{'ratio':>7}")
        trivial: dict[int, float] = {}
        rates: list[tuple[str, int, float]] = []
        measured = list(pages.items())
        # The trivial page again at the end: on a shared machine its rate drifts, and the
        # ratios use the mean of both runs (the last column of the first ones is provisional).
        trivial_page = next(iter(pages))
        measured.append((trivial_page + " again", pages[trivial_page]))
        for name, url in measured:
            try:
                urllib.request.urlopen(url, timeout=60).read()  # computed once
            except OSError as error:
                print(f"{name:<24} no answer within 60 s ({error}): skipped")
                continue
            # Every worker imports the views and compiles the page's templates at its first
            # request: a short run first, so the figures are those of warm workers.
            wrk(url, 16, 1, str(script))
            for c in levels:
                running = [start_attack(target, n, args.duration + 1, lua) for target, n, lua in attacks_on(url)]
                r = wrk(url, c, args.duration, str(script))
                attacked += [attack_result(a) for a in running]
                rate = r["requests"] / r["seconds"]
                trivial.setdefault(c, rate)
                print(f"{name:<24}{c:>6}{rate:>9.0f}{r['p50']:>9.0f}{r['p95']:>9.0f}{r['p99']:>9.0f}"
                      f"{int(r['errors']):>8}{rate / max(trivial[c], 1e-9):>7.2f}")  # fmt: skip
                rates.append((name, c, rate))
        mean = {c: (trivial[c] + rate) / 2 for name, c, rate in rates if name.endswith(" again")}
        print("throughput / the trivial page's (mean of its two runs): " + "; ".join(
            f"{name} {'/'.join(f'{rate / mean[c]:.2f}' for n, c, rate in rates if n == name)}"
            for name in pages if name != trivial_page
        ))  # fmt: skip
        desk.stop.set()
        desk.join(timeout=35)
        if attacked:
            total = sum(a["requests"] for a in attacked)
            seconds = sum(a["seconds"] for a in attacked) / 2
            median = statistics.median(a["p50"] for a in attacked)
            print(f"the attacker: {total} requests ({total / seconds:.0f}/s), median of its runs' p50 {median:.0f} ms")
        cache_after = redis_figures(args.cache_url)
        print(
            f"the pages' cache ({args.cache_url}): {cache_before[0]:.1f} MiB, {cache_before[1]} keys before; "
            f"{cache_after[0]:.1f} MiB, {cache_after[1]} keys after"
        )
        lat = sorted(desk.latencies)
        if lat:
            print(
                f"desk result entry during the load: {len(lat)} results, median {statistics.median(lat):.0f} ms, "
                f"p90 {lat[int(0.9 * (len(lat) - 1))]:.0f} ms, worst {lat[-1]:.0f} ms, {desk.failures} failed"
            )
            if desk_server:
                used = (cpu_seconds(desk_server) - desk_cpu) * 1000 / len(lat)
                print(
                    f"the desk's server used {used:.0f} ms of CPU per result "
                    "(the rest of the wait is the queue for a core)"
                )
    finally:
        for server in servers + helpers:
            server.terminate()
        for server in servers + helpers:
            server.wait(timeout=30)


if __name__ == "__main__":
    main()
