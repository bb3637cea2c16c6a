"""The 2026 general handling rules let a published pairing change on five grounds: an
accidental rematch, the competition's rules, two unpaired players agreeing to play, a late
entry fitted in with the least change, an emergency on the top boards of the last round.
The 2017 texts (C.04.2.D.10) keep the first only."""

from __future__ import annotations

import pytest

from tests import builders
from tourney.errors import PairingRefused
from tourney.models import AuditEntry, RoundStatus
from tourney.services import registration
from tourney.services.manual_changes import (
    exchange_players,
    pair_unpaired,
    published_grounds,
    seat_late_entry,
)

pytestmark = pytest.mark.django_db


def _boards(rnd) -> list[tuple[int, int, int]]:
    return [
        (g.board, g.white.pairing_number, g.black.pairing_number)
        for g in rnd.games.select_related("white", "black").order_by("board")
    ]


def test_the_2017_texts_know_one_ground_the_2026_rules_five() -> None:
    assert published_grounds(builders.tournament(players=2)) == ("rematch",)
    grounds = published_grounds(builders.tournament(players=2, rules_edition="2026"))
    assert grounds == ("rematch", "regulations", "agreement", "late entry", "emergency")


def test_under_the_2017_texts_no_other_ground_opens_a_published_pairing() -> None:
    t = builders.tournament(players=4)
    rnd = builders.round_with(t, 1, "1-3, 4-2", status=RoundStatus.PUBLISHED)
    with pytest.raises(PairingRefused, match=r"C\.04\.2\.D\.10"):
        exchange_players(round_id=rnd.pk, first=1, second=4, ground="regulations", reason="same club")
    with pytest.raises(PairingRefused, match=r"C\.04\.2\.D\.10"):
        pair_unpaired(round_id=rnd.pk, first=1, second=2)


def test_the_competition_s_rules_allow_an_exchange_with_the_rule_named() -> None:
    t = builders.tournament(players=4, rules_edition="2026")
    rnd = builders.round_with(t, 1, "1-3, 4-2", status=RoundStatus.PUBLISHED)
    with pytest.raises(PairingRefused, match="name the rule"):
        exchange_players(round_id=rnd.pk, first=3, second=2, ground="regulations")
    exchange_players(round_id=rnd.pk, first=3, second=2, ground="regulations", reason="siblings do not meet (rule 7)")
    assert _boards(rnd) == [(1, 1, 2), (2, 4, 3)]  # the board numbers stay
    entry = AuditEntry.objects.get(action="change pairing")
    assert "competition's rules" in entry.reason and "siblings" in entry.reason


def test_a_rematch_is_still_a_ground_in_2026_and_only_when_there_is_one() -> None:
    t = builders.tournament(players=4, rules_edition="2026")
    rnd = builders.round_with(t, 1, "1-3, 4-2", status=RoundStatus.PUBLISHED)
    with pytest.raises(PairingRefused, match="no rematch"):
        exchange_players(round_id=rnd.pk, first=3, second=2)


def test_two_unpaired_players_who_agree_get_a_new_board_at_the_end() -> None:
    t = builders.tournament(players=7, rules_edition="2026")
    # Players 3 and 6 were marked absent; 3 arrives after all, and he and the PAB's holder agree to play.
    rnd = builders.round_with(t, 1, "1-4, 5-2", byes="7 pab, 3 zero, 6 zero", status=RoundStatus.PUBLISHED)
    with pytest.raises(PairingRefused, match="not an unpaired player"):
        pair_unpaired(round_id=rnd.pk, first=7, second=1)
    pair_unpaired(round_id=rnd.pk, first=7, second=3, reason="both here")
    boards = _boards(rnd)
    assert boards[:2] == [(1, 1, 4), (2, 5, 2)] and boards[2][0] == 3 and set(boards[2][1:]) == {3, 7}
    assert list(rnd.byes.values_list("player__pairing_number", flat=True)) == [6]
    assert AuditEntry.objects.filter(action="cancel bye").count() == 2
    assert "agree to play" in AuditEntry.objects.get(action="change pairing").reason


def test_a_late_entry_plays_the_pab_holder_and_nothing_else_moves() -> None:
    t = builders.tournament(players=5, rules_edition="2026")
    rnd = builders.round_with(t, 1, "1-3, 4-2", byes="5 pab", status=RoundStatus.PUBLISHED)
    late = registration.register(t, {"name": "Zeno", "rating": 1500})
    seat_late_entry(round_id=rnd.pk, player=late.pairing_number, reason="arrived at the start")
    boards = _boards(rnd)
    assert boards[:2] == [(1, 1, 3), (2, 4, 2)]
    assert boards[2][0] == 3 and set(boards[2][1:]) == {5, late.pairing_number}
    assert not rnd.byes.exists()
    late.refresh_from_db()
    assert late.entry_round == 1
    with pytest.raises(PairingRefused, match="not a late entry"):
        seat_late_entry(round_id=rnd.pk, player=1)


def test_a_late_entry_without_a_pab_holder_enters_next_round() -> None:
    t = builders.tournament(players=4, rules_edition="2026")
    rnd = builders.round_with(t, 1, "1-3, 4-2", status=RoundStatus.PUBLISHED)
    late = registration.register(t, {"name": "Zeno", "rating": 1500})
    with pytest.raises(PairingRefused, match="enters in round 2"):
        seat_late_entry(round_id=rnd.pk, player=late.pairing_number)


def test_an_emergency_is_for_the_top_boards_of_the_last_round_only() -> None:
    t = builders.tournament(players=8, rounds=3, rules_edition="2026")
    builders.round_with(t, 1, "1-5 1-0, 6-2 0-1, 3-7 1-0, 8-4 1-0", status=RoundStatus.CLOSED)
    builders.round_with(t, 2, "1-2 1-0, 3-8 1-0, 5-6 1-0, 7-4 1-0", status=RoundStatus.CLOSED)
    # After round 2: 1 and 3 on two points, 2, 8, 5, 7 on one (a win reaches the leaders),
    # 6 and 4 on none: their board is not a top board.
    last = builders.round_with(t, 3, "1-3, 2-8, 5-7, 6-4", status=RoundStatus.PUBLISHED)
    with pytest.raises(PairingRefused, match="top boards"):
        exchange_players(round_id=last.pk, first=6, second=4, ground="emergency", reason="illness")
    exchange_players(round_id=last.pk, first=3, second=8, ground="emergency", reason="illness on board 1")
    assert _boards(last)[:2] == [(1, 1, 8), (2, 2, 3)]
    early = builders.tournament(players=4, rules_edition="2026")
    first = builders.round_with(early, 1, "1-3, 4-2", status=RoundStatus.PUBLISHED)
    with pytest.raises(PairingRefused, match="last round"):
        exchange_players(round_id=first.pk, first=1, second=4, ground="emergency", reason="x")
