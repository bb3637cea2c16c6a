"""A result entered at the desk costs a handful of database round trips: under a crowd on
the public pages every round trip waits for the CPU again (bench/result_entry.py)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests import builders
from tourney.models import AuditEntry, Game, Result, RoundStatus
from tourney.services.results import set_result

pytestmark = pytest.mark.django_db


def _statements(captured: CaptureQueriesContext) -> list[str]:
    """The statements sent, transaction control left out (SQLite's BEGIN, the savepoints)."""
    control = ("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE SAVEPOINT", "ROLLBACK")
    return [q["sql"] for q in captured.captured_queries if not q["sql"].startswith(control)]


def _kinds(statements: list[str]) -> list[str]:
    return [s.split(" ", 3)[0] + " " + next(w for w in s.split() if w.startswith('"tourney_')) for s in statements]


def test_a_result_is_one_locking_read_one_update_and_the_audit_entry(django_capture_on_commit_callbacks) -> None:
    t = builders.tournament(players=4)
    rnd = builders.round_with(t, 1, "1-3, 2-4", status=RoundStatus.PUBLISHED)
    game = rnd.games.get(board=1)
    set_result(game_id=rnd.games.get(board=2).pk, result=Result.DRAW)
    with CaptureQueriesContext(connection) as captured, django_capture_on_commit_callbacks(execute=True):
        assert set_result(game_id=game.pk, result=Result.WHITE_WINS)
    statements = _statements(captured)
    assert len(statements) == 3, statements
    assert statements[0].startswith("SELECT") and '"tourney_round"' in statements[0]  # game and round at once
    if connection.features.has_select_for_update:
        assert "FOR UPDATE" in statements[0]
    assert _kinds(statements[1:]) == ['UPDATE "tourney_game"', 'INSERT "tourney_auditentry"']
    assert not any("roundentry" in s for s in statements)
    game.refresh_from_db()
    assert game.result == Result.WHITE_WINS


def test_the_desk_answers_a_result_in_ten_statements(desk, django_capture_on_commit_callbacks) -> None:
    t, client, _user = desk
    rnd = builders.round_with(t, 1, "1-4, 2-5, 3-6", byes="7 pab", status=RoundStatus.PUBLISHED)
    url = f"/t/{t.pk}/rounds/1/result/"
    client.post(url, {"entry": "1 1-0"}, headers={"HX-Request": "true"})  # warms the per-process caches
    with CaptureQueriesContext(connection) as captured, django_capture_on_commit_callbacks(execute=True):
        answer = client.post(url, {"entry": "2 0-1"}, headers={"HX-Request": "true"}).content.decode()
    assert "Board 2: 0-1" in answer and 'id="board-2"' in answer and "1 board to play" in answer
    statements = _statements(captured)
    # The session (in the database alone: a sign-out the cache refused must not leave it
    # valid there), the user, his language, the tournament and his appointment (the role
    # check); the board found and locked; the result; the audit entry; the boards still to play.
    assert len(statements) == 9, statements
    assert Game.objects.get(round=rnd, board=2).result == Result.BLACK_WINS
    assert AuditEntry.objects.filter(action="result").count() == 2
