"""Provisional ratings of unrated players: the initial order (C.04.2.B.2) and the AROs
(Dubov A.1) read them, the FIDE report never does; pairing numbers move only while
C.04.2.B.3 lets them."""

from __future__ import annotations

import pytest

from pairing import adapter
from pairing.engine.aro import aros
from tests import builders
from tourney import trf_io
from tourney.errors import EntriesRefused, RegistrationRefused
from tourney.models import AuditEntry, Player, Round, RoundStatus
from tourney.presentation import points
from tourney.services.imports import import_csv
from tourney.services.registration import register, update_player

pytestmark = pytest.mark.django_db


def _numbers(t) -> dict[str, int]:
    return dict(t.players.values_list("name", "pairing_number"))


def test_an_unrated_player_with_a_provisional_rating_takes_his_place_in_the_initial_order() -> None:
    t = builders.tournament(players=0)
    register(t, {"name": "Rated", "rating": 1800})
    register(t, {"name": "Unrated"})
    assert _numbers(t) == {"Rated": 1, "Unrated": 2}
    unrated = update_player(Player.objects.get(name="Unrated"), {"provisional_rating": 1900})
    # C.04.2.B.2: the provisional 1900 ranks above the official 1800; the official stays 0.
    assert _numbers(t) == {"Unrated": 1, "Rated": 2}
    assert (unrated.rating, unrated.provisional_rating, unrated.pairing_rating) == (0, 1900, 1900)
    change = AuditEntry.objects.get(action="change player")
    assert (change.old_value, change.new_value) == ("provisional_rating=None", "provisional_rating=1900")
    assert AuditEntry.objects.filter(action="renumber players").count() == 1


def test_a_provisional_rating_set_after_round_four_is_paired_moves_no_pairing_number() -> None:
    t = builders.tournament(players=4, rounds=7)
    davide = builders.player(t, 4)
    davide.rating = 0
    davide.save()
    for number in range(1, 4):
        builders.round_with(t, number, "1-3 =, 4-2 =", status=RoundStatus.CLOSED)
    builders.round_with(t, 4, "1-3, 4-2", status=RoundStatus.PAIRED)
    update_player(davide, {"provisional_rating": 2600})
    # C.04.2.B.3: numbers are final once round 4 is paired.
    assert _numbers(t) == {"Alice": 1, "Bruno": 2, "Carla": 3, "Davide": 4}
    assert not AuditEntry.objects.filter(action="renumber players").exists()


def test_a_provisional_rating_before_round_four_renumbers_as_a_corrected_rating_would() -> None:
    t = builders.tournament(players=4, rounds=7)
    davide = builders.player(t, 4)
    davide.rating = 0
    davide.save()
    builders.round_with(t, 1, "1-3 =, 4-2 =", status=RoundStatus.CLOSED)
    update_player(davide, {"provisional_rating": 2600})
    assert _numbers(t) == {"Davide": 1, "Alice": 2, "Bruno": 3, "Carla": 4}


def test_a_rated_player_takes_no_provisional_rating() -> None:
    t = builders.tournament(players=2)
    with pytest.raises(RegistrationRefused, match="only an unrated player takes a provisional rating"):
        update_player(builders.player(t, 1), {"provisional_rating": 1500})
    with pytest.raises(RegistrationRefused, match="only an unrated player takes a provisional rating"):
        register(t, {"name": "Both", "rating": 1500, "provisional_rating": 1600})


def test_a_csv_file_may_give_provisional_ratings() -> None:
    t = builders.tournament(players=0)
    import_csv(t, "name,rating,provisional_rating\nRated,1800,\nUnrated,,1900\n")
    assert _numbers(t) == {"Unrated": 1, "Rated": 2}
    with pytest.raises(EntriesRefused, match="is not a whole number"):
        import_csv(t, "name,provisional_rating\nBad,abc\n")


def _with_provisional_opponent():
    """Four players; 4 is unrated with a provisional 2000 and played 1 in round 1."""
    t = builders.tournament(players=4, rounds=3)
    unrated = builders.player(t, 4)
    unrated.rating, unrated.provisional_rating = 0, 2000
    unrated.save()
    builders.round_with(t, 1, "1-4 1-0, 2-3 =", status=RoundStatus.CLOSED)
    return t


def test_the_engine_and_the_aros_use_the_provisional_rating() -> None:
    t = _with_provisional_opponent()
    rnd = Round.objects.create(tournament=t, number=2)
    state = adapter.state_for_round(rnd)
    assert state.by_id[4].rating == 2000
    assert aros(adapter.state_after(t, 1))[1] == 2000  # Dubov A.1, A.6


def test_the_aro_list_marks_the_aros_that_count_a_provisional_rating() -> None:
    t = _with_provisional_opponent()
    rows = {r.player.pairing_number: r for r in points.standings(t, 1)}
    assert (rows[1].aro, rows[1].aro_provisional) == (2000, True)
    assert (rows[2].aro_provisional, rows[3].aro_provisional, rows[4].aro_provisional) == (False, False, False)
    assert points.aro_counts_provisional(t, builders.player(t, 1))


def test_the_fide_report_keeps_the_official_rating() -> None:
    t = _with_provisional_opponent()
    text = trf_io.export_text(t, "trf16")
    line = next(line for line in text.splitlines() if line.startswith("001") and "Davide" in line)
    assert "2000" not in line
    assert line[48:52].strip() in ("", "0")
