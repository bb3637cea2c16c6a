"""Players from a FIDE TRF file into an existing tournament: tourney.trf_io.import_players,
and the registration page's upload that calls it."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from pairing.engine.trf import TrfPlayer, TrfTournament, read_trf, write_trf
from tests import builders
from tourney.errors import RegistrationRefused
from tourney.models import AuditEntry, Player, RoundStatus, Tournament
from tourney.roles import appoint
from tourney.services import registration
from tourney.services.registration import initial_order_key
from tourney.trf_io import TrfImportError, import_players

pytestmark = pytest.mark.django_db
SEED = Path(__file__).resolve().parents[1] / "fixtures" / "trf" / "dutch-seed-example.trf"
OTHER = SEED.with_name("dubov-seed-example.trf")  # placeholder names, none of tests.builders' names


def _empty(rounds: int = 9) -> Tournament:
    return Tournament.objects.create(name="Autumn Open", rounds=rounds)


def _rows(t: Tournament) -> list[tuple[object, ...]]:
    fields = ("pairing_number", "name", "title", "rating", "federation", "fide_id", "sex", "birth_date", "entry_round")
    return list(t.players.order_by("pairing_number").values_list(*fields))


def test_the_players_of_a_file_are_registered_in_initial_order() -> None:
    trf = read_trf(SEED)
    t = _empty()
    created = import_players(t, SEED.read_text())
    assert len(created) == len(trf.players) == t.players.count()
    # Only the players are read: the file's rounds belong to its own tournament.
    assert not t.round_set.exists()
    by_name = {p.name.strip(): p for p in trf.players}
    for player in t.players.all():
        p = by_name[player.name]
        assert (player.rating, player.title, player.fide_id, player.entry_round) == (
            p.rating or 0,
            p.title.strip(),
            p.fide_id.strip(),
            1,
        )
    # C.04.2.B.2: pairing numbers 1..n in the order rating, title, name.
    ordered = sorted(t.players.all(), key=initial_order_key)
    assert [p.pairing_number for p in ordered] == list(range(1, len(ordered) + 1))
    assert AuditEntry.objects.filter(tournament=t, action="register player").count() == len(trf.players)


def test_the_file_adds_to_the_players_already_registered() -> None:
    t = builders.tournament(players=3, rounds=7)
    import_players(t, OTHER.read_text())
    assert t.players.count() == 3 + len(read_trf(OTHER).players)
    ordered = sorted(t.players.all(), key=initial_order_key)
    assert [p.pairing_number for p in ordered] == list(range(1, t.players.count() + 1))


def test_after_round_one_is_paired_the_players_are_late_entries() -> None:
    t = builders.tournament(players=4, rounds=7)
    builders.round_with(t, 1, "1-3 1-0, 2-4 =", status=RoundStatus.CLOSED)
    import_players(t, OTHER.read_text())
    newcomers = t.players.exclude(name__in=builders.NAMES[:4])
    assert {p.entry_round for p in newcomers} == {2}  # C.04.2.C.2: from the first open round
    assert AuditEntry.objects.filter(tournament=t, action="late entry").count() == newcomers.count()


def test_all_players_or_none() -> None:
    t = _empty()
    import_players(t, SEED.read_text())
    before = _rows(t)
    with pytest.raises(TrfImportError, match="is already registered"):
        import_players(t, SEED.read_text())
    assert _rows(t) == before
    trf = read_trf(SEED)
    bad = dataclasses.replace(trf, players=(*trf.players[:-1], dataclasses.replace(trf.players[-1], title="XM")))
    with pytest.raises(TrfImportError, match=r"unknown title XM"):
        import_players(_empty(), write_trf(bad))
    assert Player.objects.filter(tournament__name="Autumn Open").count() == len(before)


def test_titles_and_sexes_as_other_programs_write_them() -> None:
    trf = TrfTournament(
        name="List",
        players=(
            TrfPlayer(start=1, name="Rossi, Mario", sex="m", title="g", rating=2500, federation="ita", fide_id="123"),
            TrfPlayer(start=2, name="Bianchi, Anna", sex="f", title="wf", rating=2100, birth="1990.05.17"),
            TrfPlayer(start=3, name="Verdi, Luca", title="IM", rating=None),
        ),
    )
    t = _empty()
    import_players(t, write_trf(trf))
    assert _rows(t) == [
        (1, "Rossi, Mario", "GM", 2500, "ITA", "123", "m", "", 1),
        (2, "Bianchi, Anna", "WFM", 2100, "", "", "w", "1990/05/17", 1),
        (3, "Verdi, Luca", "IM", 0, "", "", "", "", 1),
    ]


def test_a_csv_file_is_still_a_csv_file() -> None:
    t = _empty()
    assert not registration.looks_like_trf("name;rating\nRossi;2000\n")
    assert [p.name for p in registration.import_file(t, "name;rating\nRossi;2000\n")] == ["Rossi"]


def test_a_malformed_file_names_the_line() -> None:
    t = _empty()
    with pytest.raises(RegistrationRefused, match="line 2"):
        registration.import_file(t, "012 X\n001 oops\n")
    with pytest.raises(RegistrationRefused, match="no player"):
        registration.import_file(t, "012 X\n")
    assert not t.players.exists()


# ---------------------------------------------------------------- the registration page


@pytest.fixture
def desk(django_user_model):
    t = _empty()
    user = django_user_model.objects.create_user("arbiter")
    appoint(t, user, "arbiter")
    client = Client()
    client.force_login(user)
    return client, t


def test_the_registration_page_imports_a_trf(desk) -> None:
    client, t = desk
    page = client.get(f"/t/{t.pk}/registration/").content.decode()
    assert "CSV or TRF file" in page
    upload = SimpleUploadedFile("entries.trf", SEED.read_bytes())
    response = client.post(f"/t/{t.pk}/registration/csv/", {"file": upload}, follow=True)
    n = len(read_trf(SEED).players)
    assert t.players.count() == n
    assert f"{n} players registered from the file." in response.content.decode()
    again = client.post(f"/t/{t.pk}/registration/csv/", {"file": SimpleUploadedFile("entries.trf", SEED.read_bytes())})
    assert "is already registered" in again.content.decode() and t.players.count() == n
