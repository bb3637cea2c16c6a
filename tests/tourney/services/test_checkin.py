"""Check-in before a round is paired: present, absent (a zero-point bye, C.04.2.D.4),
a player's own check-in confirmed by an arbiter; the pairing leaves absentees out."""

from __future__ import annotations

import pytest

from pairing.job import pair_round
from tests import builders
from tourney.errors import RegistrationRefused
from tourney.models import AuditEntry, Bye, ByeKind, CheckIn, RoundStatus
from tourney.services.checkin import (
    Presence,
    check_in,
    checkin_token,
    confirm_check_in,
    mark_absent,
    player_of_token,
    roster,
)
from tourney.services.registration import request_bye

pytestmark = pytest.mark.django_db


@pytest.fixture
def arbiter(django_user_model):
    return django_user_model.objects.create_user("arbiter")


def _presence(t, number: int) -> dict[int, str]:
    return {line.player.pairing_number: line.presence for line in roster(t, number)}


def test_the_desk_marks_players_present_and_absent_and_each_is_audited(arbiter) -> None:
    t = builders.tournament(players=6)
    check_in(builders.player(t, 1), 1, user=arbiter)
    bye = mark_absent(builders.player(t, 2), 1, user=arbiter)
    assert (bye.kind, bye.requested, bye.created_by) == (ByeKind.ZERO_POINT, False, arbiter)
    assert _presence(t, 1) == {1: "present", 2: "absent", 3: "unknown", 4: "unknown", 5: "unknown", 6: "unknown"}
    assert list(AuditEntry.objects.order_by("id").values_list("action", "user", "round_number")) == [
        ("check in", arbiter.pk, 1),
        ("mark absent", arbiter.pk, 1),
    ]


def test_marking_a_player_present_lifts_the_absence_the_desk_recorded(arbiter) -> None:
    t = builders.tournament(players=4)
    mark_absent(builders.player(t, 2), 1, user=arbiter)
    check_in(builders.player(t, 2), 1, user=arbiter)
    assert _presence(t, 1)[2] == Presence.PRESENT
    assert not Bye.objects.exists()
    assert AuditEntry.objects.filter(action="cancel absence").count() == 1
    # And the other way: absent again withdraws the check-in.
    mark_absent(builders.player(t, 2), 1, user=arbiter)
    assert not CheckIn.objects.exists() and _presence(t, 1)[2] == Presence.ABSENT


def test_a_requested_bye_is_the_players_own_and_the_desk_does_not_overwrite_it(arbiter) -> None:
    t = builders.tournament(players=4)
    request_bye(builders.player(t, 3), 1, ByeKind.HALF_POINT)
    assert _presence(t, 1)[3] == Presence.BYE
    with pytest.raises(RegistrationRefused, match="has a requested bye in round 1"):
        mark_absent(builders.player(t, 3), 1, user=arbiter)
    with pytest.raises(RegistrationRefused, match="has a bye in round 1"):
        check_in(builders.player(t, 3), 1, user=arbiter)
    assert Bye.objects.get().kind == ByeKind.HALF_POINT


def test_a_player_checks_himself_in_and_an_arbiter_confirms(arbiter) -> None:
    t = builders.tournament(players=4)
    player = builders.player(t, 4)
    assert player_of_token(checkin_token(player)) == player
    assert player_of_token(checkin_token(player) + "x") is None
    assert player_of_token(f"{builders.player(t, 1).pk}:forged") is None
    checkin = check_in(player, 1, by_player=True)
    assert (checkin.by_player, checkin.confirmed) == (True, False)
    assert _presence(t, 1)[4] == Presence.TO_CONFIRM
    check_in(player, 1, by_player=True)  # twice: nothing more
    confirm_check_in(player, 1, user=arbiter)
    assert _presence(t, 1)[4] == Presence.PRESENT
    actions = list(AuditEntry.objects.order_by("id").values_list("action", "new_value", "user"))
    assert actions == [("check in", "by the player, to be confirmed", None), ("confirm check-in", "", arbiter.pk)]


def test_a_player_cannot_check_in_over_an_absence_the_desk_recorded(arbiter) -> None:
    t = builders.tournament(players=4)
    mark_absent(builders.player(t, 1), 1, user=arbiter)
    with pytest.raises(RegistrationRefused, match="an arbiter cancels it first"):
        check_in(builders.player(t, 1), 1, by_player=True)


def test_confirming_needs_a_check_in(arbiter) -> None:
    t = builders.tournament(players=4)
    with pytest.raises(RegistrationRefused, match="has not checked in for round 1"):
        confirm_check_in(builders.player(t, 1), 1, user=arbiter)


def test_check_in_is_closed_once_the_round_is_paired_and_for_players_out_of_it(arbiter) -> None:
    t = builders.tournament(players=4, rounds=3)
    builders.round_with(t, 1, "1-3, 2-4", status=RoundStatus.PAIRED)
    with pytest.raises(RegistrationRefused, match="round 1 is already paired"):
        mark_absent(builders.player(t, 1), 1, user=arbiter)
    withdrawn = builders.player(t, 2)
    withdrawn.withdrawal_round = 2
    withdrawn.save()
    with pytest.raises(RegistrationRefused, match="does not take part in round 2"):
        check_in(withdrawn, 2, user=arbiter)
    assert 2 not in _presence(t, 2)
    with pytest.raises(RegistrationRefused, match="rounds 1 to 3"):
        check_in(builders.player(t, 1), 4, user=arbiter)
    assert not AuditEntry.objects.exists()


def test_the_pairing_leaves_the_absentees_out_with_zero_points(arbiter) -> None:
    t = builders.tournament(players=6)
    check_in(builders.player(t, 1), 1, user=arbiter)
    mark_absent(builders.player(t, 2), 1, user=arbiter)
    mark_absent(builders.player(t, 5), 1, user=arbiter)
    rnd = t.round_set.get(number=1)
    pair_round(round_id=rnd.pk)
    rnd.refresh_from_db()
    paired = {n for g in rnd.games.all() for n in (g.white.pairing_number, g.black.pairing_number)}
    assert rnd.status == RoundStatus.PAIRED and paired == {1, 3, 4, 6}
    assert sorted(rnd.byes.values_list("player__pairing_number", "kind")) == [(2, "zero"), (5, "zero")]
