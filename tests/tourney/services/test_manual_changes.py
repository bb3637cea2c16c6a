"""Manual changes of a pairing: checked, warned with the rule, recorded; frozen once
published except to repair a rematch (C.04.2.D.10)."""

from __future__ import annotations

import pytest

from pairing.job import pair_round
from tests import builders
from tourney.errors import PairingRefused
from tourney.models import AuditEntry, Game, Result, RoundStatus
from tourney.services.manual_changes import exchange_players

pytestmark = pytest.mark.django_db


def _boards(rnd) -> list[tuple[int, int]]:
    return [(g.white.pairing_number, g.black.pairing_number) for g in rnd.games.select_related("white", "black")]


def test_an_exchange_before_publication_is_kept_with_a_warning_naming_the_rule(django_user_model) -> None:
    user = django_user_model.objects.create_user("arb")
    t = builders.tournament(players=4)
    builders.round_with(t, 1, "1-3 1-0, 4-2 =", status=RoundStatus.CLOSED)
    rnd = builders.round_with(t, 2, "1-2, 3-4", status=RoundStatus.PAIRED)
    # 3 and 2 trade places: 1-3 is a rematch of round 1 (C.04.1.b).
    exchange_players(round_id=rnd.pk, first=2, second=3, user=user, reason="test")
    rnd.refresh_from_db()
    assert sorted(map(sorted, _boards(rnd))) == [[1, 3], [2, 4]]
    assert "C.04.1.b" in rnd.pairing_warnings
    entry = AuditEntry.objects.get(action="change pairing")
    assert entry.user == user and "C.04.1.b" in entry.reason and entry.old_value == "1-2 3-4"


def test_on_one_board_an_exchange_swaps_the_colours() -> None:
    t = builders.tournament(players=4)
    rnd = builders.round_with(t, 1, "1-3, 4-2", status=RoundStatus.PAIRED)
    exchange_players(round_id=rnd.pk, first=1, second=3)
    assert (3, 1) in _boards(rnd)


def test_a_player_and_the_bye_trade_places() -> None:
    t = builders.tournament(players=5)
    rnd = builders.round_with(t, 1, "1-3, 4-2", byes="5 pab", status=RoundStatus.PAIRED)
    exchange_players(round_id=rnd.pk, first=5, second=2)
    assert rnd.byes.get().player.pairing_number == 2 and (4, 5) in _boards(rnd)


def test_a_published_pairing_is_frozen() -> None:
    t = builders.tournament(players=4)
    rnd = builders.round_with(t, 1, "1-3, 4-2", status=RoundStatus.PUBLISHED)
    with pytest.raises(PairingRefused, match=r"C\.04\.2\.D\.10"):
        exchange_players(round_id=rnd.pk, first=1, second=3)
    with pytest.raises(PairingRefused):
        pair_round(round_id=rnd.pk)
    assert _boards(rnd) == [(1, 3), (4, 2)]


def test_a_published_rematch_may_be_repaired_keeping_the_board_numbers() -> None:
    t = builders.tournament(players=6)
    builders.round_with(t, 1, "1-4 1-0, 2-5 =, 3-6 0-1", status=RoundStatus.CLOSED)
    # Published by mistake with 1-4 again on board 2 (C.04.1.b).
    rnd = builders.round_with(t, 2, "6-2, 4-1, 5-3", status=RoundStatus.PUBLISHED)
    Game.objects.filter(round=rnd, board=1).update(result=Result.DRAW)  # board 1 has started and ended
    with pytest.raises(PairingRefused, match="does not repair"):
        exchange_players(round_id=rnd.pk, first=1, second=4)  # colours swapped, still a rematch
    exchange_players(round_id=rnd.pk, first=1, second=3)
    assert _boards(rnd) == [(6, 2), (4, 3), (5, 1)]
    assert Game.objects.get(round=rnd, board=1).result == Result.DRAW
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.PUBLISHED
    # Once repaired there is no rematch left: any further change is refused.
    with pytest.raises(PairingRefused, match=r"C\.04\.2\.D\.10"):
        exchange_players(round_id=rnd.pk, first=4, second=5)


def test_a_rematch_repair_may_not_touch_a_board_with_a_result() -> None:
    t = builders.tournament(players=6)
    builders.round_with(t, 1, "1-4 1-0, 2-5 =, 3-6 0-1", status=RoundStatus.CLOSED)
    rnd = builders.round_with(t, 2, "6-2 1-0, 4-1, 5-3", status=RoundStatus.PUBLISHED)
    with pytest.raises(PairingRefused, match="already has a result"):
        exchange_players(round_id=rnd.pk, first=1, second=2)


@pytest.mark.parametrize(("edition", "warned"), [("2017", False), ("2026", True)])
def test_the_checker_reads_the_basic_rules_of_the_tournaments_edition(edition: str, warned: bool) -> None:
    """C.04.1 (2026) art. 4: a player who scored a win's points without playing (a full-point
    bye) cannot get the PAB; the 2017 text barred only a PAB or a forfeit win."""
    t = builders.tournament(players=5, rules_edition=edition)
    builders.round_with(t, 1, "1-4 1-0, 2-5 =", byes="3 full", status=RoundStatus.CLOSED)
    rnd = builders.round_with(t, 2, "1-2, 3-4", byes="5 pab", status=RoundStatus.PAIRED)
    exchange_players(round_id=rnd.pk, first=5, second=3)  # the PAB goes to 3
    rnd.refresh_from_db()
    assert ("C.04.1.d" in rnd.pairing_warnings) is warned
