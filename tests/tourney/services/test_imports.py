"""The import service: a TRF file as a new tournament, the players of a TRF or CSV file
into an existing one, and the registration page's upload. All or none, the refused line
or player named; the database and the audit asserted after each import."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from pairing.engine.trf import TrfError, TrfPlayer, TrfRound, TrfTournament, parse_trf, read_trf, write_trf
from tests import builders
from tourney.errors import EntriesRefused, RegistrationRefused
from tourney.models import AuditEntry, Bye, Game, Player, Round, RoundStatus, Tournament
from tourney.roles import appoint
from tourney.services.imports import (
    import_csv,
    import_entries,
    import_players,
    import_tournament,
    looks_like_trf,
)
from tourney.services.registration import initial_order_key, register
from tourney.trf_io import TrfImportError

pytestmark = pytest.mark.django_db
SEED = Path(__file__).resolve().parents[2] / "fixtures" / "trf" / "dutch-seed-example.trf"
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
    entry = AuditEntry.objects.get(tournament=t, action="register players")  # one entry sums the file up
    assert entry.new_value.startswith(f"{len(trf.players)} players from a TRF file: ")


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
    entry = AuditEntry.objects.get(tournament=t, action="late entries")
    assert entry.new_value.startswith(f"{newcomers.count()} players from a TRF file: ")


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
    assert not looks_like_trf("name;rating\nRossi;2000\n")
    assert [p.name for p in import_entries(t, "name;rating\nRossi;2000\n")] == ["Rossi"]


def test_a_malformed_file_names_the_line() -> None:
    t = _empty()
    with pytest.raises(RegistrationRefused, match="line 2"):
        import_entries(t, "012 X\n001 oops\n")
    with pytest.raises(RegistrationRefused, match="no player"):
        import_entries(t, "012 X\n")
    assert not t.players.exists()
    assert not AuditEntry.objects.filter(tournament=t).exists()


# ---------------------------------------------------------------- CSV


def test_every_csv_row_is_registered_and_audited() -> None:
    t = _empty()
    text = "name;rating;title;federation;sex;entry_round\nRossi, Mario;2100;fm;ita;M;\nBianchi, Anna;2200;WIM;ITA;W;2\n"
    created = import_csv(t, text)
    assert [p.name for p in created] == ["Rossi, Mario", "Bianchi, Anna"]
    assert _rows(t) == [
        (1, "Bianchi, Anna", "WIM", 2200, "ITA", "", "w", "", 2),
        (2, "Rossi, Mario", "FM", 2100, "ITA", "", "m", "", 1),
    ]
    entry = AuditEntry.objects.get(tournament=t, action="register players")
    assert entry.new_value == (
        "2 players from a CSV file: Rossi, Mario (2100) from round 1; Bianchi, Anna (2200) from round 2"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("name,rating\nVerdi,2000\nNeri,lots\n", "line 3, column rating: 'lots' is not a whole number"),
        ("name,title\nVerdi,GM\n\nNeri,XM\n", "line 4, column title: unknown title 'XM'"),
        ("name,entry_round\nVerdi,1\nNeri,12\n", "line 3, column entry_round: the tournament has only 9 rounds"),
        ("rating\n2000\n", "the first line must name the columns"),
        ("", "the file is empty"),
    ],
)
def test_a_bad_csv_line_is_named_and_nothing_is_written(text: str, message: str) -> None:
    t = builders.tournament(players=2, rounds=9)
    before, audit = _rows(t), AuditEntry.objects.count()
    with pytest.raises(RegistrationRefused, match=message):
        import_entries(t, text)
    assert _rows(t) == before and AuditEntry.objects.count() == audit


# ---------------------------------------------------------------- a whole file as a new tournament


def test_a_file_becomes_a_tournament_with_its_players_and_rounds() -> None:
    trf = read_trf(SEED)
    t = import_tournament(trf, system="dutch", name="Seed")
    assert (t.name, t.pairing_system, t.rounds) == ("Seed", "dutch", 6)
    assert t.players.count() == len(trf.players)
    assert list(t.round_set.values_list("number", "status")) == [(k, RoundStatus.CLOSED) for k in range(1, 7)]
    games = sum(1 for p in trf.players for b in p.rounds if b.opponent is not None) // 2
    byes = sum(1 for p in trf.players for b in p.rounds if b.opponent is None and not b.is_blank)
    assert Game.objects.filter(round__tournament=t).count() == games
    assert Bye.objects.filter(round__tournament=t).count() == byes
    assert not AuditEntry.objects.exists()


def test_a_block_the_database_cannot_hold_is_named_and_nothing_is_written() -> None:
    players = (
        TrfPlayer(start=1, name="A", rounds=(TrfRound(2, "w", "1"), TrfRound(2, "b", "="))),
        TrfPlayer(start=2, name="B", rounds=(TrfRound(1, "b", "0"), TrfRound(1, "w", "0"))),
    )
    trf = parse_trf(write_trf(TrfTournament(name="Broken", players=players, xx_rounds=2)))
    with pytest.raises(TrfImportError, match=r"round 2: 2 \(White\) has '0' but 1 \(Black\) has '='"):
        import_tournament(trf)
    assert not Tournament.objects.exists() and not Player.objects.exists() and not Round.objects.exists()
    assert not AuditEntry.objects.exists()


def test_a_malformed_file_never_reaches_the_database() -> None:
    with pytest.raises(TrfError) as error:
        import_players(_empty(), "012 X\n001 oops\n")
    assert (error.value.line, error.value.column) == (2, 5)
    assert not Player.objects.exists()


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


# ---------------------------------------------------------------- a large file, at once


def _csv(rows: int, *, start_id: int = 100000) -> str:
    lines = ["name;rating;title;federation;fide_id;sex;birth_date"]
    for k in range(rows):
        lines.append(f"Player {k:05d};{1000 + (k * 7919) % 1700};;ITA;{start_id + k};m;1990-01-{1 + k % 28:02d}")
    return "\n".join(lines) + "\n"


def test_a_3000_row_csv_registers_in_a_few_queries(django_assert_max_num_queries) -> None:
    t = builders.tournament(players=4, rounds=9)  # already registered: renumbered once with the newcomers
    with django_assert_max_num_queries(60):
        created = import_csv(t, _csv(3000))
    assert len(created) == 3000 and t.players.count() == 3004
    ordered = sorted(t.players.all(), key=initial_order_key)
    assert [p.pairing_number for p in ordered] == list(range(1, 3005))
    assert AuditEntry.objects.filter(tournament=t, action="register players").count() == 1
    assert AuditEntry.objects.filter(tournament=t, action="renumber players").count() <= 1
    assert t.players.get(name="Player 00000").birth_date == "1990/01/01"  # ISO dates accepted


def test_every_bad_row_is_named_with_its_column_and_nothing_is_written() -> None:
    t = builders.tournament(players=2, rounds=9)
    text = "name,rating,title,fide_id,entry_round\nVerdi,lots,GM,1,\nNeri,2000,XM,2,\nBlu,2000,,3,12\nRosa,1500,,x,\n"
    with pytest.raises(EntriesRefused) as refused:
        import_csv(t, text)
    assert refused.value.problems == [
        "line 2, column rating: 'lots' is not a whole number",
        "line 3, column title: unknown title 'XM'",
        "line 4, column entry_round: the tournament has only 9 rounds",
        "line 5, column fide_id: digits only",
    ]
    assert t.players.count() == 2 and not AuditEntry.objects.filter(tournament=t).exists()


def test_a_fide_id_twice_in_the_file_or_already_registered_is_refused() -> None:
    t = _empty()
    import_csv(t, "name,fide_id\nRossi,111\n")
    with pytest.raises(EntriesRefused) as refused:
        import_csv(t, "name,fide_id\nVerdi,222\nNeri,222\nRossetti,111\n")
    assert refused.value.problems == [
        "line 3, column fide_id: FIDE ID 222 appears twice in the file, also at line 2",
        "line 4, column fide_id: FIDE ID 111 is already registered (Rossi)",
    ]
    with pytest.raises(RegistrationRefused, match=r"FIDE ID 111 is already registered \(Rossi\)"):
        register(t, {"name": "Rossetti", "fide_id": "111"})
    assert list(t.players.values_list("name", flat=True)) == ["Rossi"]


def test_an_upload_over_the_limit_is_refused_with_its_size(desk, settings) -> None:
    client, t = desk
    settings.UPLOAD_MAX_BYTES = 1000
    upload = SimpleUploadedFile("entries.csv", _csv(100).encode())
    page = client.post(f"/t/{t.pk}/registration/csv/", {"file": upload}).content.decode()
    assert "The file is 4.2\xa0KB: the limit is 1000\xa0bytes." in page
    assert not t.players.exists()


def test_the_page_lists_every_bad_row(desk) -> None:
    client, t = desk
    upload = SimpleUploadedFile("entries.csv", b"name,rating\nVerdi,lots\nNeri,many\n")
    page = client.post(f"/t/{t.pk}/registration/csv/", {"file": upload}).content.decode()
    assert "line 2, column rating: &#x27;lots&#x27; is not a whole number" in page
    assert "line 3, column rating: &#x27;many&#x27; is not a whole number" in page


def test_a_csv_cell_with_a_control_character_is_refused() -> None:
    t = _empty()
    with pytest.raises(EntriesRefused) as refused:
        import_csv(t, 'name,federation\n"Rossi\nMario",ITA\nNeri,I\x1bA\n')
    assert refused.value.problems == [
        "line 3, column name: control character U+000A at position 6",
        "line 4, column federation: control character U+001B at position 2",
    ]
    assert not t.players.exists()


def test_every_refused_player_of_a_trf_is_named() -> None:
    t = _empty()
    import_players(t, SEED.read_text())
    trf = read_trf(SEED)
    players = tuple(dataclasses.replace(p, rounds=()) for p in trf.players)
    players += (dataclasses.replace(players[0], start=99, name="Zeta", fide_id="", title="XM"),)
    with pytest.raises(EntriesRefused) as refused:
        import_entries(t, write_trf(dataclasses.replace(trf, players=players, xx_rounds=None)))
    assert len(refused.value.problems) == len(trf.players) + 1  # every one already registered, and Zeta
    assert refused.value.problems[0] == "line 12, column 15 (name): player 1 (Alice) is already registered"
    assert refused.value.problems[-1].endswith(", column 11 (title): player 99 (Zeta): unknown title XM")
    assert t.players.count() == len(trf.players)


def test_a_csv_saved_as_unicode_text_by_a_spreadsheet_is_read(desk) -> None:
    client, t = desk
    text = "name\trating\tbirth_date\r\nRossi, Mario\t2100\t1990-05-17\r\nBianchi, Anna\t2200\t1991\r\n"
    upload = SimpleUploadedFile("entries.txt", b"\xff\xfe" + text.encode("utf-16-le"))
    client.post(f"/t/{t.pk}/registration/csv/", {"file": upload})
    assert _rows(t) == [
        (1, "Bianchi, Anna", "", 2200, "", "", "", "1991", 1),
        (2, "Rossi, Mario", "", 2100, "", "", "", "1990/05/17", 1),
    ]
