"""The audit page: filtered by action and by round, paginated with the filters kept,
times a reader reads at a glance."""

from __future__ import annotations

import datetime
import importlib

import pytest
from django.apps import apps as global_apps

from tests import builders
from tourney import audit
from tourney.models import AuditEntry, Game, ProhibitedPairing
from tourney.roles import appoint

pytestmark = pytest.mark.django_db


@pytest.fixture
def trail(desk):
    """Rounds 1 and 2 with a few audited changes each."""
    t, client, user = desk
    r1 = builders.round_with(t, 1, "1-4 1-0, 2-5 =, 3-6 0-1", status="closed")
    r2 = builders.round_with(t, 2, "4-1 *, 5-2 *", status="published")
    audit.record(t, r1, action="publish pairing", user=user)
    for game in Game.objects.filter(round=r1):
        audit.record(t, game, action="result", new=game.result, user=user)
    audit.record(t, r2, action="publish pairing", user=user)
    audit.record(t, Game.objects.filter(round=r2).first(), action="result", new="1-0", user=user)
    audit.record(t, builders.player(t, 7), action="withdraw", new=3, user=user)
    return t, client


def _rows(page: str) -> int:
    return page.count('<tr class="action-')


def test_it_filters_by_round(trail) -> None:
    t, client = trail
    page = client.get(f"/t/{t.pk}/audit/?round=1").content.decode()
    assert _rows(page) == 4 and "4 changes" in page
    assert _rows(client.get(f"/t/{t.pk}/audit/?round=2").content.decode()) == 2


def test_it_filters_by_action_and_round_together(trail) -> None:
    t, client = trail
    page = client.get(f"/t/{t.pk}/audit/?round=2&action=result").content.decode()
    assert _rows(page) == 1


def test_the_round_of_a_deleted_game_stays_with_its_entry(trail) -> None:
    t, client = trail
    Game.objects.filter(round__number=2).delete()
    assert _rows(client.get(f"/t/{t.pk}/audit/?round=2&action=result").content.decode()) == 1


def test_pages_keep_the_filters(trail, monkeypatch) -> None:
    from tourney.views import setup

    monkeypatch.setattr(setup, "AUDIT_PAGE_SIZE", 2)
    t, client = trail
    page = client.get(f"/t/{t.pk}/audit/?round=1&action=result").content.decode()
    assert _rows(page) == 2 and "page 1 of 2" in page
    assert 'href="?round=1&amp;action=result&amp;page=2"' in page
    assert _rows(client.get(f"/t/{t.pk}/audit/?round=1&action=result&page=2").content.decode()) == 1


def test_times_are_readable_in_both_languages(trail) -> None:
    t, client = trail
    AuditEntry.objects.update(at=datetime.datetime(2026, 11, 25, 15, 4, 9, tzinfo=datetime.UTC))
    page = client.get(f"/t/{t.pk}/audit/").content.decode()
    assert '<time datetime="2026-11-25T15:04:09+00:00">Wed 25 Nov 2026, 15:04:09</time>' in page
    assert "<th>When (UTC)</th>" in page
    client.cookies["django_language"] = "it"
    assert ">Mer 25 Nov 2026, 15:04:09</time>" in client.get(f"/t/{t.pk}/audit/").content.decode()


def test_the_migration_fills_in_the_round_of_older_entries(trail) -> None:
    AuditEntry.objects.update(round_number=None)
    migration = importlib.import_module("tourney.migrations.0006_editions_rights_audit_rounds_trf2026_progress")
    migration.fill_round_numbers(global_apps, None)
    assert AuditEntry.objects.filter(round_number=1).count() == 4
    assert AuditEntry.objects.filter(round_number=2).count() == 2
    assert AuditEntry.objects.get(action="withdraw").round_number is None


def test_actions_read_in_the_readers_language(trail) -> None:
    t, client = trail
    audit.record(t, Game.objects.first(), action="admin change result", old="1-0", new="0-1")
    page = client.get(f"/t/{t.pk}/audit/").content.decode()
    assert "<td>pairing published</td>" in page and "<td>changed in the admin: result</td>" in page
    assert '<option value="publish pairing">pairing published</option>' in page
    client.cookies["django_language"] = "it"
    page = client.get(f"/t/{t.pk}/audit/").content.decode()
    assert "<td>abbinamento pubblicato</td>" in page and "<td>risultato inserito</td>" in page
    assert "<td>modificato nell&#x27;amministrazione: result</td>" in page
    assert '<option value="withdraw">giocatore ritirato</option>' in page


def _recorded_actions() -> set[str]:
    """The constant actions given to audit.record, directly or through a variable `action`."""
    import ast
    import pathlib

    found = set()
    root = pathlib.Path(audit.__file__).parents[1]
    apps = [*(root / "tourney").rglob("*.py"), *(root / "pairing").glob("*.py")]  # the engine audits nothing
    for path in apps:
        for node in ast.walk(ast.parse(path.read_text())):
            values: list[ast.AST] = []
            if isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) == "record":
                values = [k.value for k in node.keywords if k.arg == "action"]
            elif isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "action" for t in node.targets):
                values = [node.value]
            for value in values:
                options = [value.body, value.orelse] if isinstance(value, ast.IfExp) else [value]
                found |= {o.value for o in options if isinstance(o, ast.Constant) and isinstance(o.value, str)}
    return found


def test_every_action_the_code_records_has_a_label() -> None:
    """A new audit action needs its label in tourney.audit.ACTION_LABELS (and Italian)."""
    from tourney.audit import ACTION_LABELS

    recorded = _recorded_actions()
    assert {"pair round", "late entry", "correct result"} <= recorded  # the walk finds them
    assert recorded - set(ACTION_LABELS) == set(), "add these to tourney.audit.ACTION_LABELS"


def test_times_are_in_the_tournaments_zone_and_a_prohibition_names_its_players(desk) -> None:
    t, client, user = desk
    t.time_zone = "Asia/Kolkata"  # UTC+05:30: a wrong zone shows at a glance
    t.save(update_fields=["time_zone"])
    rnd = builders.round_with(t, 1, "1-4 1-0, 2-5 =, 3-6 0-1", status="closed")
    entry = audit.record(t, rnd, action="close round", user=user)
    AuditEntry.objects.filter(pk=entry.pk).update(at=datetime.datetime(2026, 3, 1, 12, 0, tzinfo=datetime.UTC))
    page = client.get(f"/t/{t.pk}/audit/").content.decode()
    assert "results published" in page and "17:30:00" in page and "12:00:00" not in page
    appoint(t, user, "organizer")
    appointments = client.get(f"/t/{t.pk}/appointments/").content.decode()
    kolkata = datetime.timezone(datetime.timedelta(hours=5, minutes=30))
    appointed = t.appointments.get(user=user, role="organizer").appointed_at.astimezone(kolkata)
    assert appointed.strftime("%Y-%m-%d %H:%M") in appointments
    rule = ProhibitedPairing.objects.create(tournament=t, player=builders.player(t, 2), other=builders.player(t, 5))
    assert str(rule) == f"2. {builders.player(t, 2).name} - 5. {builders.player(t, 5).name}"
