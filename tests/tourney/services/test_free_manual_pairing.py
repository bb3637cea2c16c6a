"""Free manual pairing of a draft: choose an opponent, swap colours, take a player out,
put one in, give the PAB by hand; each change checked (pairing.engine.checker), kept
with its warnings and audited with a reason; pairing again gives the engine's pairing."""

from __future__ import annotations

import pytest

from pairing.job import pair_round
from tests import builders
from tourney.errors import PairingRefused
from tourney.models import AuditEntry, Bye, ByeKind, RoundStatus
from tourney.services.checkin import ABSENCE
from tourney.services.manual_changes import choose_opponent, give_pab, put_in, swap_colours, take_out

pytestmark = pytest.mark.django_db


def _boards(rnd) -> list[tuple[int, int]]:
    return [(g.white.pairing_number, g.black.pairing_number) for g in rnd.games.select_related("white", "black")]


def _pab(rnd) -> int | None:
    bye = rnd.byes.filter(kind=ByeKind.PAIRING_ALLOCATED).first()
    return bye.player.pairing_number if bye else None


@pytest.fixture
def user(django_user_model):
    return django_user_model.objects.create_user("arb")


def _second_round(players: int = 5):
    """Round 1 played 1-3 1-0, 4-2 = (5 had the PAB); round 2 as drafted by hand."""
    t = builders.tournament(players=players)
    byes = "5 pab" if players == 5 else ""
    builders.round_with(t, 1, "1-3 1-0, 4-2 =", byes=byes, status=RoundStatus.CLOSED)
    return t


def test_choosing_an_opponent_pairs_the_two_former_opponents_together(user) -> None:
    t = _second_round(players=6)
    builders.player(t, 5), builders.player(t, 6)
    rnd = builders.round_with(t, 2, "1-2, 3-4, 5-6", status=RoundStatus.PAIRED)
    choose_opponent(round_id=rnd.pk, player=1, opponent=4, user=user, reason="team-mates")
    pairs = {frozenset(b) for b in _boards(rnd)}
    assert pairs == {frozenset((1, 4)), frozenset((3, 2)), frozenset((5, 6))}
    assert (1, 4) in _boards(rnd)  # player 1 keeps White
    entry = AuditEntry.objects.get(action="change pairing")
    assert entry.user == user and entry.reason.startswith(
        f"opponent chosen: 1. {builders.player(t, 1).name} plays 4. {builders.player(t, 4).name}; team-mates"
    )
    assert entry.old_value == "1-2 3-4 5-6"


def test_choosing_a_rematch_is_kept_with_the_checkers_warning(user) -> None:
    t = _second_round(players=6)
    rnd = builders.round_with(t, 2, "1-2, 3-4, 5-6", status=RoundStatus.PAIRED)
    choose_opponent(round_id=rnd.pk, player=1, opponent=3, user=user)
    rnd.refresh_from_db()
    assert (
        "C.04.1.b" in rnd.pairing_warnings and "players 1 and 3 have already played each other" in rnd.pairing_warnings
    )
    assert "C.04.1.b" in AuditEntry.objects.get(action="change pairing").reason


def test_the_pab_holder_chooses_an_opponent_and_hands_the_pab_over(user) -> None:
    t = _second_round()
    rnd = builders.round_with(t, 2, "1-2, 3-4", byes="5 pab", status=RoundStatus.PAIRED)
    choose_opponent(round_id=rnd.pk, player=5, opponent=1, user=user)
    assert _pab(rnd) == 2 and {frozenset(b) for b in _boards(rnd)} == {frozenset((5, 1)), frozenset((3, 4))}


def test_a_board_swaps_colours_in_one_click(user) -> None:
    t = _second_round()
    rnd = builders.round_with(t, 2, "1-2, 3-4", byes="5 pab", status=RoundStatus.PAIRED)
    rnd.engine_pairing = "1-2 3-4 bye 5"  # what the engine gave
    rnd.save(update_fields=["engine_pairing"])
    swap_colours(round_id=rnd.pk, board=2, user=user)
    rnd.refresh_from_db()
    assert (4, 3) in _boards(rnd)
    reason = AuditEntry.objects.get(action="change pairing").reason
    assert reason.startswith(f"colours swapped on board 2: 4. {builders.player(t, 4).name} has White")
    # Colours are part of the engine's pairing: a swap carries the same note as another opponent.
    assert "manual change: this is not the pairing" in reason and "manual change" in rnd.pairing_warnings
    with pytest.raises(PairingRefused, match="has no board 9"):
        swap_colours(round_id=rnd.pk, board=9, user=user)


def test_a_player_taken_out_is_absent_and_his_opponent_plays_the_pab_holder(user) -> None:
    t = _second_round()
    rnd = builders.round_with(t, 2, "1-2, 3-4", byes="5 pab", status=RoundStatus.PAIRED)
    take_out(round_id=rnd.pk, player=4, user=user, reason="did not show up")
    assert _pab(rnd) is None and {frozenset(b) for b in _boards(rnd)} == {frozenset((1, 2)), frozenset((3, 5))}
    absence = Bye.objects.get(player__pairing_number=4)
    assert (absence.kind, absence.requested) == (ByeKind.ZERO_POINT, False)
    assert list(AuditEntry.objects.order_by("id").values_list("action", flat=True)) == ["mark absent", "change pairing"]


def test_a_player_taken_out_of_an_even_field_leaves_the_pab_to_his_opponent(user) -> None:
    t = _second_round(players=4)
    rnd = builders.round_with(t, 2, "1-2, 3-4", status=RoundStatus.PAIRED)
    take_out(round_id=rnd.pk, player=1, user=user)
    assert _pab(rnd) == 2 and _boards(rnd) == [(3, 4)]
    rnd.refresh_from_db()
    assert "neither paired nor given the bye" not in rnd.pairing_warnings  # no one is left unpaired


def test_a_player_put_in_plays_the_pab_holder_or_takes_the_pab(user) -> None:
    t = _second_round(players=6)
    rnd = builders.round_with(t, 2, "1-2, 3-4", byes="5 pab, 6 zero", status=RoundStatus.PAIRED)
    put_in(round_id=rnd.pk, player=6, user=user, reason="arrived late")
    assert _pab(rnd) is None and (5, 6) in _boards(rnd)
    assert not Bye.objects.filter(round=rnd).exists()
    with pytest.raises(PairingRefused, match="player 6 is already in this pairing"):
        put_in(round_id=rnd.pk, player=6, user=user)


def test_the_pab_is_given_by_hand(user) -> None:
    t = _second_round()
    rnd = builders.round_with(t, 2, "1-2, 3-4", byes="5 pab", status=RoundStatus.PAIRED)
    give_pab(round_id=rnd.pk, player=5, user=user)  # he has it: nothing changes
    assert not AuditEntry.objects.exists()
    give_pab(round_id=rnd.pk, player=3, user=user, reason="his request")
    assert _pab(rnd) == 3 and {frozenset(b) for b in _boards(rnd)} == {frozenset((1, 2)), frozenset((5, 4))}
    # 5 had the PAB in round 1: the checker names the rule (C.04.1.d).
    give_pab(round_id=rnd.pk, player=5, user=user)
    rnd.refresh_from_db()
    assert "C.04.1.d: player 5 already had a PAB or a forfeit win and cannot get the PAB" in rnd.pairing_warnings


def test_an_even_field_has_no_pab_to_give(user) -> None:
    t = _second_round(players=4)
    rnd = builders.round_with(t, 2, "1-2, 3-4", status=RoundStatus.PAIRED)
    with pytest.raises(PairingRefused, match="an even number of players has no PAB"):
        give_pab(round_id=rnd.pk, player=1, user=user)


def test_only_a_draft_changes_freely(user) -> None:
    t = _second_round()
    rnd = builders.round_with(t, 2, "1-2, 3-4", byes="5 pab", status=RoundStatus.PUBLISHED)
    for change in (
        lambda: choose_opponent(round_id=rnd.pk, player=1, opponent=4, user=user),
        lambda: swap_colours(round_id=rnd.pk, board=1, user=user),
        lambda: take_out(round_id=rnd.pk, player=1, user=user),
        lambda: give_pab(round_id=rnd.pk, player=1, user=user),
    ):
        with pytest.raises(PairingRefused, match="only a draft pairing"):
            change()
    assert not AuditEntry.objects.exists()


def test_pairing_again_gives_the_engines_pairing_back(user) -> None:
    t = builders.tournament(players=7)
    rnd = t.round_set.create(number=1)
    pair_round(round_id=rnd.pk)
    rnd.refresh_from_db()
    engine = (_boards(rnd), _pab(rnd))
    swap_colours(round_id=rnd.pk, board=1, user=user)
    choose_opponent(round_id=rnd.pk, player=1, opponent=2, user=user)
    give_pab(round_id=rnd.pk, player=1, user=user)
    rnd.refresh_from_db()
    assert (_boards(rnd), _pab(rnd)) != engine and "manual change" in rnd.pairing_warnings
    pair_round(round_id=rnd.pk)
    rnd.refresh_from_db()
    assert (_boards(rnd), _pab(rnd)) == engine and rnd.pairing_warnings == ""


def test_a_player_taken_out_stays_absent_when_the_round_is_paired_again(user) -> None:
    t = builders.tournament(players=7)
    rnd = t.round_set.create(number=1)
    pair_round(round_id=rnd.pk)
    take_out(round_id=rnd.pk, player=3, user=user)
    pair_round(round_id=rnd.pk)
    rnd.refresh_from_db()
    assert 3 not in {n for b in _boards(rnd) for n in b} and _pab(rnd) is None
    # The same absence as the check-in desk records (services.checkin.ABSENCE).
    assert rnd.byes.get(player__pairing_number=3).kind == ABSENCE
