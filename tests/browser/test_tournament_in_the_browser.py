"""Acceptance: a 14-player tournament from creation to the end of round 3, in chromium.

The organizer creates it and registers the players (CSV upload and the form), appoints
the arbiter and records a requested bye; the arbiter pairs each round through a real
Celery worker (the page polls), publishes it, types the results on the keyboard
(a forfeit among them), publishes the results; a late entry arrives after round 1, a
player withdraws before round 3; a correction before the deadline is accepted, one
after it is refused and logged. The public, on a phone-sized screen, reads the boards
sorted per C.04.2.D.9, the standings and the AROs.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import Group
from django.utils import timezone

from pairing import adapter
from pairing.engine.aro import aros
from pairing.engine.boards import board_order
from pairing.engine.state import Board
from pairing.tasks import pair_round_task
from tourney.models import AuditEntry, ByeKind, Game, Player, Result, Round, RoundStatus, Tournament
from tourney.roles import ORGANIZERS

pytestmark = [pytest.mark.browser, pytest.mark.services, pytest.mark.django_db(transaction=True)]

PLAYERS = [
    ("Carlsen, Magnus", 2830, "GM", "NOR"),
    ("Caruana, Fabiano", 2800, "GM", "USA"),
    ("Nakamura, Hikaru", 2790, "GM", "USA"),
    ("Giri, Anish", 2760, "GM", "NED"),
    ("Vachier-Lagrave, Maxime", 2750, "GM", "FRA"),
    ("Vitiugov, Nikita", 2700, "GM", "RUS"),
    ("Moroni, Luca", 2550, "IM", "ITA"),
    ("Sonis, Francesco", 2550, "GM", "ITA"),
    ("Brunello, Sabino", 2500, "GM", "ITA"),
    ("Dvirnyy, Daniyl", 2480, "GM", "ITA"),
    ("Vocaturo, Daniele", 2600, "GM", "ITA"),
]
BY_FORM = [("Rossi, Marco", "2100", "FM"), ("Bianchi, Sara", "1950", "")]
RESULTS = ["1-0", "=", "0-1", "1-0", "0-1", "="]


def _login(browser, live_server, username: str):
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", "a-long-test-password")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{live_server.url}/")
    return context, page


def _pair_and_publish(page, url: str, number: int) -> None:
    page.goto(f"{url}/rounds/{number}/")
    page.get_by_role("button", name=f"Pair round {number}").click()
    # The section polls every second until the worker is done, then shows the draft.
    page.locator("#pairing table.pairing").wait_for(timeout=60_000)
    assert "pts · pref · floats" in page.locator("#pairing").inner_text()
    page.get_by_role("button", name="Publish the pairing").click()
    page.get_by_role("button", name="Yes, publish the pairing").click()  # the confirm step
    page.locator("#pairing .status-published").wait_for()


def _type_result(page, board: int, result: str) -> None:
    entry = page.locator("input[name=entry]")
    entry.fill(f"{board} {result}")
    entry.press("Enter")
    page.locator("#entry-feedback", has_text=f"Board {board}:").wait_for()


def _enter_results(page, url: str, rnd: Round, forfeit_on: int | None = None) -> None:
    page.goto(f"{url}/rounds/{rnd.number}/")
    boards = list(rnd.games.order_by("board").values_list("board", flat=True))
    for k, board in enumerate(boards):
        _type_result(page, board, "+-" if board == forfeit_on else RESULTS[k % len(RESULTS)])
    assert page.locator("#progress").inner_text().strip() == "all results in"
    page.get_by_role("button", name="Publish the results").click()
    page.get_by_role("button", name="Yes, publish the results").click()
    page.locator("#pairing .status-closed").wait_for()


def test_a_fourteen_player_tournament_to_the_end_of_round_three(
    browser, live_server, django_user_model, celery_worker_queue, monkeypatch
) -> None:
    send = pair_round_task.apply_async
    monkeypatch.setattr(
        pair_round_task, "apply_async", lambda args, **options: send(args, **{**options, "queue": celery_worker_queue})
    )
    organizer = django_user_model.objects.create_user("organizer", password="a-long-test-password")
    organizer.groups.add(Group.objects.get(name=ORGANIZERS))
    django_user_model.objects.create_user("arbiter", password="a-long-test-password")

    # ---- the organizer sets up the tournament
    org_context, org = _login(browser, live_server, "organizer")
    org.get_by_role("link", name="New tournament").click()
    org.fill("#id_name", "Browser Open")
    org.fill("#id_rounds", "3")
    org.get_by_role("button", name="Create the tournament").click()
    t = Tournament.objects.get(name="Browser Open")
    url = f"{live_server.url}/t/{t.pk}"
    org.wait_for_url(f"{url}/registration/")

    csv = "name,rating,title,federation\n" + "".join(f'"{n}",{r},{ti},{f}\n' for n, r, ti, f in PLAYERS)
    org.set_input_files("input[name=file]", files=[{"name": "p.csv", "mimeType": "text/csv", "buffer": csv.encode()}])
    org.get_by_role("button", name="Upload").click()
    org.locator(".messages", has_text="11 players registered").wait_for()
    for name, rating, title in BY_FORM:
        org.fill("#id_name", name)
        org.fill("#id_rating", rating)
        org.select_option("#id_title", title)
        org.get_by_role("button", name="Register", exact=True).click()
        org.locator(".messages", has_text=f"{name} registered").wait_for()
    # C.04.2.B.2: rating, then title: Sonis (GM) before Moroni (IM) at 2550.
    names = list(t.players.values_list("name", flat=True))
    assert names[6:9] == ["Vocaturo, Daniele", "Sonis, Francesco", "Moroni, Luca"]

    org.goto(f"{url}/appointments/")
    org.select_option("#id_username", "arbiter")  # a known user, picked from the list
    org.select_option("#id_role", "arbiter")
    org.get_by_role("button", name="Appoint").click()
    org.locator(".messages", has_text="arbiter appointed").wait_for()

    # A requested half-point bye for round 2 (C.04.2.D.4).
    giri = Player.objects.get(tournament=t, name="Giri, Anish")
    org.goto(f"{url}/registration/")
    org.select_option("#id_player", str(giri.pk))
    org.fill("#id_round", "2")
    org.select_option("#id_kind", ByeKind.HALF_POINT)
    org.locator("#byes").get_by_role("button", name="Record").click()
    org.locator(".messages", has_text="Half-point bye in round 2").wait_for()

    # ---- the arbiter runs round 1
    arb_context, arb = _login(browser, live_server, "arbiter")
    _pair_and_publish(arb, url, 1)
    round_1 = Round.objects.get(tournament=t, number=1)
    assert round_1.games.count() == 6 and round_1.byes.get().kind == ByeKind.PAIRING_ALLOCATED
    _enter_results(arb, url, round_1, forfeit_on=2)
    assert Game.objects.get(round=round_1, board=2).result == Result.WHITE_WINS_FORFEIT

    # A correction before the deadline (C.04.2.D.8), confirmed with a reason: the next pairing uses it.
    entry = arb.locator("input[name=entry]")
    entry.fill("1 0-1")
    entry.press("Enter")
    arb.locator("#correction-1 input[name=reason]").fill("score sheet signed 0-1")
    arb.get_by_role("button", name="Correct the result").click()
    arb.locator("#entry-feedback", has_text="Board 1:").wait_for()
    assert "Board 1: 0-1" in arb.locator("#entry-feedback").inner_text()
    assert Game.objects.get(round=round_1, board=1).result == Result.BLACK_WINS

    # A late entry (C.04.2.C.2), paired from round 2, numbered in initial order (B.3).
    org.goto(f"{url}/registration/")
    org.fill("#id_name", "Late, Comer")
    org.fill("#id_rating", "2650")
    org.get_by_role("button", name="Register", exact=True).click()
    org.locator(".messages", has_text="Late, Comer registered with pairing number 7").wait_for()
    late = Player.objects.get(name="Late, Comer")
    assert late.entry_round == 2

    # ---- round 2
    _pair_and_publish(arb, url, 2)
    round_2 = Round.objects.get(tournament=t, number=2)
    assert round_2.entries.filter(player=late).exists()
    assert round_2.byes.get(player=giri).kind == ByeKind.HALF_POINT
    _enter_results(arb, url, round_2)

    # A withdrawal before round 3 (C.04.2.D.3).
    rossi = Player.objects.get(tournament=t, name="Rossi, Marco")
    org.goto(f"{url}/registration/{rossi.pk}/")
    org.fill("#id_from_round", "3")
    org.get_by_role("button", name="Withdraw").click()
    org.get_by_role("button", name="Yes, withdraw the player").click()
    org.locator(".messages", has_text="withdrawn from round 3").wait_for()

    # ---- round 3
    _pair_and_publish(arb, url, 3)
    round_3 = Round.objects.get(tournament=t, number=3)
    assert not round_3.entries.filter(player=rossi).exists()
    _enter_results(arb, url, round_3)

    # A correction after the deadline is refused and logged.
    Round.objects.filter(pk=round_2.pk).update(correction_deadline=timezone.now() - timedelta(minutes=1))
    arb.goto(f"{url}/rounds/2/")
    before = Game.objects.get(round=round_2, board=1).result
    entry = arb.locator("input[name=entry]")
    entry.fill("1 --")
    entry.press("Enter")
    arb.locator("#entry-feedback", has_text="Refused").wait_for()
    assert "deadline" in arb.locator("#entry-feedback").inner_text()
    assert Game.objects.get(round=round_2, board=1).result == before
    arb.goto(f"{url}/audit/")
    assert arb.locator("table.audit tr.action-refused-result").count() == 1
    assert arb.locator("table.audit tr.action-correct-result").count() == 1

    # ---- the public, on a phone
    public_context = browser.new_context(viewport={"width": 375, "height": 740})
    public = public_context.new_page()
    public.goto(f"{url}/rounds/3/")
    rows = public.locator("#pairing table.pairing tbody tr")
    assert rows.count() == 6
    # The published boards are in C.04.2.D.9 order: recomputed here from the scores before round 3.
    shown = []
    for k in range(rows.count()):
        cells = rows.nth(k).locator("td")
        shown.append(Board(int(cells.nth(1).inner_text()), int(cells.nth(-1).inner_text())))
    state = adapter.state_after(t, 2)
    assert tuple(shown) == board_order(state, shown, adapter.pairing_edition(t))
    assert [int(rows.nth(k).locator("td").first.inner_text()) for k in range(6)] == [1, 2, 3, 4, 5, 6]
    overflow = public.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the round page is {overflow}px wider than a phone"

    public.goto(f"{url}/rounds/3/standings/")
    assert "Standings and AROs after round 3" in public.locator("h1").inner_text()
    standings = public.locator("table.standings tbody tr")
    assert standings.count() == 14
    final = adapter.state_after(t, 3)
    expected_aro = aros(final)
    carlsen = Player.objects.get(tournament=t, name="Carlsen, Magnus")
    row = public.locator("table.standings tbody tr", has_text="Carlsen, Magnus")
    assert row.locator("td.aro").inner_text() == str(expected_aro[carlsen.pairing_number])
    assert row.locator("td.points").inner_text() != ""

    public.get_by_role("link", name="Carlsen, Magnus").first.click()
    card = public.locator("table.card:not(#rated-games) tbody tr")
    assert card.count() == 3
    assert "ARO" in public.locator("dl.facts").inner_text()

    for context in (org_context, arb_context, public_context):
        context.close()
    assert AuditEntry.objects.filter(tournament=t, action="pair round").count() == 3
    assert Round.objects.filter(tournament=t, status=RoundStatus.CLOSED).count() == 3
