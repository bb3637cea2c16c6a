"""The draft explains floats as the tournament's system and edition define them
(tourney/presentation/draft.py), and its legend states that reading."""

from __future__ import annotations

import pytest
from django.test import Client

from tests import builders
from tourney.models import RoundStatus, Tournament
from tourney.presentation import draft
from tourney.roles import appoint

pytestmark = pytest.mark.django_db


def _zero_bye_event(edition: str) -> Tournament:
    """Player 2 took a zero-point bye in round 1; round 2 is a draft."""
    t = builders.tournament(players=5, rounds=3, rules_edition=edition)
    builders.round_with(t, 1, "1-3 1-0, 4-5 1-0", "2 zero", status=RoundStatus.CLOSED)
    builders.round_with(t, 2, "1-4, 3-2", "5 pab")
    return t


def _floats(t: Tournament, number: int) -> dict[int, str | None]:
    return {n: e.floats for n, e in draft.explanations(t.round_set.get(number=number)).items()}


def _page(t: Tournament, django_user_model, number: int) -> str:
    user = django_user_model.objects.create_user(f"arb{t.pk}")
    appoint(t, user, "arbiter")
    client = Client()
    client.force_login(user)
    return client.get(f"/t/{t.pk}/rounds/{number}/").content.decode()


def test_a_zero_point_bye_is_no_downfloat_under_the_2026_dutch_text(django_user_model) -> None:
    # C.04.3 (2026): a zero-point bye, a forfeit loss or an absence is no float.
    t = _zero_bye_event("2026")
    floats = _floats(t, 2)
    assert floats[2] == "·"
    assert floats[1] == "·" and floats[5] == "·"  # equal scores in round 1
    page = _page(t, django_user_model, 2)
    assert "pts · pref · floats" in page and "not for a forfeit loss, a zero-point bye" in page
    assert "a round not played counts as a downfloat" not in page


def test_the_2017_reading_counts_every_unplayed_round_as_a_downfloat(django_user_model) -> None:
    # C.04.3 A.4.b as the reference engines read it (docs/dutch.md).
    t = _zero_bye_event("2017")
    assert _floats(t, 2)[2] == "↓"
    assert "a round not played counts as a downfloat" in _page(t, django_user_model, 2)


def _three_rounds(system: str) -> Tournament:
    """1 and 2 won round 1; in round 2 the leaders met the players on 0 (4 and 3 upfloat,
    1 and 2 downfloat in the Dutch sense); round 3 is a draft."""
    t = builders.tournament(players=4, rounds=4, pairing_system=system)
    builders.round_with(t, 1, "1-3 1-0, 2-4 1-0", status=RoundStatus.CLOSED)
    builders.round_with(t, 2, "4-1 0-1, 3-2 0-1", status=RoundStatus.CLOSED)
    builders.round_with(t, 3, "1-2, 3-4")
    return t


def test_a_dubov_draft_shows_upfloats_only(django_user_model) -> None:
    # C.04.4.1 A.3: the Dubov system has upfloaters, no downfloaters.
    t = _three_rounds("dubov")
    floats = _floats(t, 3)
    assert floats[4] == "·↑" and floats[3] == "·↑"
    assert floats[1] == "··" and floats[2] == "··"  # the Dutch reading would give ·↓
    assert "the Dubov system has no downfloats" in _page(t, django_user_model, 3)


def test_a_dubov_draft_shows_the_aro_each_player_is_paired_by(django_user_model) -> None:
    # C.04.4.1 A.6: player 1 met 3 (2480) and 4 (2470), ARO 2475; 3 met 1 and 2, ARO 2495.
    t = _three_rounds("dubov")
    aros = {n: e.aro for n, e in draft.explanations(t.round_set.get(number=3)).items()}
    assert aros == {1: 2475, 2: 2475, 3: 2495, 4: 2495}
    assert "ARO 2475" in _page(t, django_user_model, 3)
    assert all(e.aro is None for e in draft.explanations(_three_rounds("dutch").round_set.get(number=3)).values())


def test_a_lim_draft_shows_the_float_of_the_previous_round(django_user_model) -> None:
    # C.04.4.3 3.10: whether the player floated last round.
    t = _three_rounds("lim")
    floats = _floats(t, 3)
    assert floats == {1: "↓", 2: "↓", 3: "↑", 4: "↑"}
    assert "C.04.4.3 3.10" in _page(t, django_user_model, 3)


def test_a_burstein_draft_shows_no_float(django_user_model) -> None:
    # C.04.4.2 reads no earlier float.
    t = _three_rounds("burstein")
    assert set(_floats(t, 3).values()) == {None}
    page = _page(t, django_user_model, 3)
    assert "pts · pref" in page and "pts · pref · floats" not in page
    assert "The Burstein system reads no earlier float" in page
