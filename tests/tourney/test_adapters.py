"""pairing.adapter: the histories in the database and the tournament's announced options
reach the engines."""

from __future__ import annotations

import pytest

from pairing import adapter
from pairing.engine.state import Colour, Outcome
from pairing.job import pair_round
from tests import builders
from tourney.models import Round, RoundStatus

pytestmark = pytest.mark.django_db


def test_progressive_limits_and_the_lim_maxi_option_travel_in_the_options() -> None:
    t = builders.tournament(
        players=8, acceleration="progressive", acceleration_group_a_min=2450, acceleration_group_c_below=2420
    )
    options = adapter.options_for(t)
    assert options.acceleration == "progressive"
    assert (options.group_a_min, options.group_c_below) == (2450, 2420)
    lim = builders.tournament(players=4, pairing_system="lim", lim_maxi=True, name="Lim")
    assert adapter.options_for(lim).lim_maxi


def _first_round_paired_with_progressive_limits(group_a_min: int, group_c_below: int) -> Round:
    limits = {"acceleration_group_a_min": group_a_min, "acceleration_group_c_below": group_c_below}
    t = builders.tournament(players=8, rounds=7, acceleration="progressive", **limits)
    rnd = Round.objects.create(tournament=t, number=1)
    pair_round(round_id=rnd.pk)
    rnd.refresh_from_db()
    return rnd


def test_an_accelerated_round_is_paired_and_explained_with_virtual_points() -> None:
    # Progressive method: group A (2450+) gets virtual points in the first rounds.
    rnd = _first_round_paired_with_progressive_limits(group_a_min=2470, group_c_below=2450)
    assert rnd.status == RoundStatus.PAIRED and rnd.games.count() == 4
    state, _warnings = adapter.prepared_state(rnd)
    assert state.pairing_score(1) > state.pairing_score(8)  # group A carries virtual points


def test_limits_the_method_refuses_leave_the_round_in_draft_with_the_reason() -> None:
    rnd = _first_round_paired_with_progressive_limits(group_a_min=2450, group_c_below=2420)
    assert rnd.status == RoundStatus.DRAFT and "group A" in rnd.pairing_error and not rnd.games.exists()


def test_the_adapter_gives_the_engine_histories_from_the_database() -> None:
    t = builders.tournament(players=5)
    builders.round_with(t, 1, "1-3 1-0, 4-2 +-", byes="5 pab")
    state = adapter.state_for_round(Round.objects.create(tournament=t, number=2))
    assert state.by_id[1].history[0].outcome is Outcome.WIN and state.by_id[1].history[0].colour is Colour.WHITE
    assert state.by_id[2].history[0].outcome is Outcome.FORFEIT_LOSS
    assert state.by_id[5].history[0].outcome is Outcome.PAIRING_BYE
    assert state.score(5) == 10 and state.score(4) == 10 and state.score(2) == 0


@pytest.mark.parametrize(("edition", "points"), [("2017", 10), ("2026", 20)])
def test_the_explained_virtual_points_are_those_of_the_tournaments_edition(edition: str, points: int) -> None:
    # Baku with a win worth 2 and a draw 1: C.04.5.1 (2017) gives the 1 point of its rule 4;
    # C.04.7 (2026) gives group A a win's points, 2, before round 1.
    t = builders.tournament(
        players=8,
        rounds=9,
        acceleration="baku",
        rules_edition=edition,
        points_win=20,
        points_draw=10,
        points_pairing_bye=20,
        points_forfeit_win=20,
        points_full_bye=20,
        points_half_bye=10,
    )
    state, _warnings = adapter.prepared_state(Round.objects.create(tournament=t, number=1))
    assert state.acceleration(1, 1) == points
