"""Players from the FIDE rating list: registered by FIDE ID, a CSV of FIDE IDs completed,
its differences chosen, the ratings brought up to the list before round 1."""

from __future__ import annotations

from datetime import date

import pytest

from tests import builders
from tourney.errors import ListDifferencesUnresolved, RegistrationRefused
from tourney.models import AuditEntry, Player, RatingListEntry, Round, RoundStatus
from tourney.services import rating_list
from tourney.services.imports import import_csv

pytestmark = pytest.mark.django_db

SEPTEMBER = date(2026, 9, 1)


def listed(fide_id: int, name: str, standard: int | None, **fields: object) -> RatingListEntry:
    values = {"federation": "ITA", "sex": "M", "birth_year": 1990, "standard_month": SEPTEMBER}
    values.update(fields)
    return RatingListEntry.objects.create(
        fide_id=fide_id, name=name, name_key=name.lower(), standard_rating=standard, **values
    )


@pytest.fixture
def the_list() -> None:
    listed(1001, "Rossi, Anna", 2105, sex="F", title="WFM", birth_year=2001, rapid_rating=2050, rapid_month=SEPTEMBER)
    listed(1002, "Bianchi, Bruno", 1850, federation="SUI")
    listed(1003, "Verdi, Carla", None, sex="F")


def test_a_player_is_registered_by_fide_id_with_the_lists_fields(the_list) -> None:
    t = builders.tournament(players=0)
    anna = rating_list.register_from_list(t, "1001")
    assert (anna.name, anna.title, anna.rating, anna.federation, anna.sex, anna.birth_date, anna.fide_id) == (
        "Rossi, Anna", "WFM", 2105, "ITA", "w", "2001", "1001",
    )  # fmt: skip
    assert AuditEntry.objects.filter(action="register player", tournament=t).exists()


def test_the_rating_is_the_tournaments_rate(the_list) -> None:
    t = builders.tournament(players=0, rate="rapid")
    assert rating_list.register_from_list(t, "1001").rating == 2050
    assert rating_list.register_from_list(t, "1002").rating == 0  # not rated in rapid


def test_an_unlisted_id_or_a_second_entry_is_refused(the_list) -> None:
    t = builders.tournament(players=0)
    with pytest.raises(RegistrationRefused, match="9999 is not in the rating list"):
        rating_list.register_from_list(t, "9999")
    rating_list.register_from_list(t, "1002")
    with pytest.raises(RegistrationRefused, match="already registered"):
        rating_list.register_from_list(t, "1002")


def test_a_csv_of_fide_ids_is_completed_from_the_list(the_list) -> None:
    t = builders.tournament(players=0)
    import_csv(t, "fide_id\n1001\n1002\n1003\n")
    players = {p.fide_id: p for p in Player.objects.filter(tournament=t)}
    assert (players["1001"].name, players["1001"].rating, players["1001"].title) == ("Rossi, Anna", 2105, "WFM")
    assert (players["1002"].federation, players["1003"].rating) == ("SUI", 0)


def test_an_unlisted_id_without_a_name_is_named_with_its_line(the_list) -> None:
    t = builders.tournament(players=0)
    with pytest.raises(RegistrationRefused, match="line 3, column fide_id: FIDE ID 4242 is not in the rating list"):
        import_csv(t, "fide_id\n1001\n4242\n")
    assert not t.players.exists()


def test_differences_are_shown_before_anything_is_written(the_list) -> None:
    t = builders.tournament(players=0)
    text = "name;fide_id;rating;federation\nRossi, Anna;1001;2000;ITA\nBruno Bianchi;1002;;ITA\n"
    with pytest.raises(ListDifferencesUnresolved) as raised:
        import_csv(t, text)
    found = {(d.where, d.field, d.in_file, d.in_list) for d in raised.value.differences}
    assert found == {
        ("line 2", "rating", "2000", "2105"),
        ("line 3", "name", "Bruno Bianchi", "Bianchi, Bruno"),
        ("line 3", "federation", "ITA", "SUI"),
    }
    assert not t.players.exists()
    # The arbiter keeps the file's rating and name, and the list's federation.
    import_csv(t, text, choices={"1001:rating": "file", "1002:name": "file", "1002:federation": "list"})
    anna, bruno = t.players.get(fide_id="1001"), t.players.get(fide_id="1002")
    assert (anna.rating, bruno.name, bruno.federation, bruno.rating) == (2000, "Bruno Bianchi", "SUI", 1850)


def test_ratings_are_updated_from_the_list_after_a_preview(the_list) -> None:
    t = builders.tournament(players=0)
    for fide_id in ("1001", "1002"):
        rating_list.register_from_list(t, fide_id)
    RatingListEntry.objects.filter(fide_id=1002).update(standard_rating=2200, standard_month=date(2026, 10, 1))
    changes = rating_list.rating_changes(t)
    assert [(c.player.fide_id, c.old, c.new) for c in changes] == [("1002", 1850, 2200)]
    assert "October 2026" in changes[0].source
    assert rating_list.update_ratings(t, [c.token for c in changes]) == 1
    bruno = t.players.get(fide_id="1002")
    assert (bruno.rating, bruno.pairing_number) == (2200, 1)  # renumbered in the initial order
    entry = AuditEntry.objects.get(action="update rating from list")
    assert (entry.old_value, entry.new_value) == ("1850", "2200") and "October 2026" in entry.reason


def test_a_preview_no_longer_true_is_refused(the_list) -> None:
    t = builders.tournament(players=0)
    rating_list.register_from_list(t, "1002")
    RatingListEntry.objects.filter(fide_id=1002).update(standard_rating=2200)
    token = rating_list.rating_changes(t)[0].token
    RatingListEntry.objects.filter(fide_id=1002).update(standard_rating=2210)
    with pytest.raises(RegistrationRefused, match="changed since the preview"):
        rating_list.update_ratings(t, [token])
    assert t.players.get().rating == 1850


def test_the_update_is_refused_once_round_1_is_paired(the_list) -> None:
    t = builders.tournament(players=0)
    rating_list.register_from_list(t, "1002")
    RatingListEntry.objects.filter(fide_id=1002).update(standard_rating=2200)
    token = rating_list.rating_changes(t)[0].token
    Round.objects.create(tournament=t, number=1, status=RoundStatus.PAIRED)
    assert "Round 1 is paired" in str(rating_list.rating_update_blocker(t))
    with pytest.raises(RegistrationRefused, match="Round 1 is paired"):
        rating_list.update_ratings(t, [token])
    assert t.players.get().rating == 1850
