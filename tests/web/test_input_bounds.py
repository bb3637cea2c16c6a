"""Bad input is refused with what was wrong and where, never a 500: numbers beyond their
bounds, federations FIDE does not have, ratings outside FIDE's range, invisible characters
in names, records naming players a file does not have, pairing systems this program lacks;
through the forms, CSV and TRF files and query parameters alike."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from tests import builders
from tourney.forms import TournamentForm
from tourney.models import Player, Tournament
from tourney.roles import appoint

pytestmark = pytest.mark.django_db

SEED = Path(__file__).resolve().parents[1] / "fixtures" / "trf" / "dutch-seed-example.trf"
FORTY_DIGITS = "9" * 40
RLO = "\u202e"  # RIGHT-TO-LEFT OVERRIDE: "Carla\u202eoG" shows as "CarlaGo"
ZWSP = "\u200b"  # ZERO WIDTH SPACE: "Al\u200bice" looks like "Alice"


def _seed_lines() -> list[str]:
    return SEED.read_text().splitlines()


@pytest.fixture(autouse=True)
def _import_jobs_run_at_once(eager_celery, monkeypatch) -> None:
    """The import job runs in the upload's request, as in eager mode (`make run`): these
    tests' data is never committed, so the job is not left for after the commit."""
    from tourney.services import import_jobs

    monkeypatch.setattr(import_jobs.transaction, "on_commit", lambda run, *args, **kwargs: run())


def _import(client: Client, lines: list[str], **data: str) -> str:
    """The refusal: the form again, or the import job's page the upload leads to."""
    upload = SimpleUploadedFile("t.trf", ("\n".join(lines) + "\n").encode())
    response = client.post("/import/", {"file": upload, **data})
    if response.status_code == 302:
        response = client.get(response["Location"])
    assert response.status_code == 200, response.status_code
    assert not Tournament.objects.exists()
    return response.content.decode().replace("&#x27;", "'")


def _with_record(record: str) -> list[str]:
    """The seed file with *record* at line 12, after its header records, in place of its own
    record of that kind (XXR, 062...)."""
    lines = [line for line in _seed_lines() if line[:3] != record[:3]]
    return [*lines[:11], record, *lines[11:]]


def _player_field(lines: list[str], start: int, column: int, text: str) -> list[str]:
    """Player *start*'s record with *text* written from *column* (1-based) over what was there."""
    out = []
    for line in lines:
        if line.startswith("001") and int(line[4:8]) == start:
            line = line[: column - 1] + text + line[column - 1 + len(text) :]
        out.append(line)
    return out


def _player_line(start: int) -> int:
    return next(k for k, line in enumerate(_seed_lines(), 1) if line.startswith("001") and int(line[4:8]) == start)


# ---------------------------------------------------------------- numbers in a TRF


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        (f"142 {FORTY_DIGITS}", "line 12, column 5: number of rounds in record 142"),
        ("142 32768", "line 12, column 5: number of rounds in record 142 32768 is out of range: 1 to 999"),
        (f"062 {FORTY_DIGITS}", "line 12, column 5: count in record 062"),
        (f"XXS W={FORTY_DIGITS}", "line 12, column 7: XXS value"),
    ],
)
def test_a_number_a_trf_cannot_hold_is_refused_with_its_line_and_column(organizer, record, expected) -> None:
    page = _import(organizer, _with_record(record))
    assert expected in page


def test_a_round_count_beyond_the_forms_99_is_refused_where_the_file_declares_it(organizer) -> None:
    page = _import(organizer, _with_record("XXR 100"))
    assert "line 12, column 5: Ensure this value is less than or equal to 99." in page


def test_a_point_value_the_settings_cannot_hold_is_refused_where_the_file_gives_it(organizer) -> None:
    page = _import(organizer, _with_record("XXS W=10.0 FL=-1.0"))
    assert "line 12, column 7: Ensure this value is less than or equal to 99." in page  # tenths: 9.9 points
    assert "line 12, column 15: Ensure this value is greater than or equal to 0." in page


def test_the_rounds_field_of_the_import_form_stops_at_99(organizer) -> None:
    lines = [line for line in _seed_lines() if not line.startswith(("XXR", "142"))]
    page = _import(organizer, lines, rounds="100")
    assert "Ensure this value is less than or equal to 99." in page


# ---------------------------------------------------------------- records naming players, 192


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        ("250       1.0 001 002    1   99", "line 12, column 28: record 250 names player 99, who has no 001 record"),
        ("299" + " " * 10 + " 1.0  002   99", "line 12, column 24: record 299 names player 99, who has no 001 record"),
        ("299" + " " * 10 + "9999.9  001    1", "line 12, column 18"),
        ("299" + " " * 10 + "-999  001    1", "line 12, column 14: points -999 is out of range: at most 99.9"),
    ],
)
def test_a_record_naming_a_player_not_in_the_file_or_beyond_a_game_is_refused(organizer, record, expected) -> None:
    assert expected in _import(organizer, _with_record(record))


def test_an_unknown_pairing_system_in_record_192_is_refused(organizer) -> None:
    page = _import(organizer, _with_record("192 FIDE_SWISSMASTER_2026"))
    assert "line 12, column 5: record 192 names FIDE_SWISSMASTER_2026" in page


def test_a_known_system_in_record_192_is_read(organizer) -> None:
    upload = SimpleUploadedFile("t.trf", ("\n".join(_with_record("192 FIDE_DUBOV_2017")) + "\n").encode())
    assert organizer.post("/import/", {"file": upload}).status_code == 302
    assert Tournament.objects.get().pairing_system == "dubov"


# ---------------------------------------------------------------- players from a TRF


def test_a_trf_player_with_a_bad_federation_rating_or_name_is_refused_with_line_and_column(organizer) -> None:
    lines = _player_field(_seed_lines(), 2, 54, "<a>")
    lines = _player_field(lines, 3, 49, "4000")
    lines = _player_field(lines, 4, 15, f"Dav{RLO}ide")
    page = _import(organizer, lines)
    assert f"line {_player_line(2)}, column 54 (federation): &lt;A&gt; is not a FIDE federation code" in page
    assert f"line {_player_line(3)}, column 49 (rating): 4000 is not a FIDE rating" in page
    assert f"line {_player_line(4)}, column 15 (name): invisible character U+202E" in page


def test_trf_players_joining_a_tournament_are_refused_with_line_and_column(organizer, django_user_model) -> None:
    t = builders.tournament(players=0)
    appoint(t, django_user_model.objects.get(username="org"), "organizer")
    lines = _player_field(_seed_lines(), 5, 54, "ZZZ")
    lines = _player_field(lines, 6, 15, f"Fran{ZWSP}cesco")
    upload = SimpleUploadedFile("p.trf", ("\n".join(lines) + "\n").encode())
    page = organizer.post(f"/t/{t.pk}/registration/csv/", {"file": upload}).content.decode()
    assert f"line {_player_line(5)} (player 5, Elisa), column 54 (federation): ZZZ is not a FIDE federation" in page
    assert f"line {_player_line(6)} (player 6, Fran{ZWSP}cesco), column 15 (name): invisible character U+200B" in page
    assert not t.players.exists()


# ---------------------------------------------------------------- players from a CSV and the forms


def test_a_csv_row_with_a_bad_federation_rating_or_name_is_refused_with_line_and_column(own_tournament) -> None:
    t, client = own_tournament
    text = f"name,rating,federation\nGood,1500,ITA\nBad Fed,1500,<a>\nToo High,4000,ITA\nMir{RLO}ror,1500,ITA\n"
    page = client.post(f"/t/{t.pk}/registration/csv/", {"file": SimpleUploadedFile("p.csv", text.encode())})
    content = page.content.decode()
    assert "line 3, column federation: &lt;A&gt; is not a FIDE federation code" in content
    assert "line 4, column rating: 4000 is not a FIDE rating" in content
    assert "line 5, column name: invisible character U+202E" in content
    assert not t.players.exists()


@pytest.mark.parametrize(
    ("field", "value", "error"),
    [
        ("federation", "<a>", "is not a FIDE federation code"),
        ("rating", "4000", "4000 is not a FIDE rating"),
        ("rating", "999", "999 is not a FIDE rating"),
        ("name", f"Eve{RLO}lyn", "invisible character U+202E"),
        ("name", f"Eve{ZWSP}lyn", "invisible character U+200B"),
        ("provisional_rating", "3500", "3500 is not a FIDE rating"),
    ],
)
def test_the_registration_form_refuses_the_field(own_tournament, field, value, error) -> None:
    t, client = own_tournament
    data = {"name": "Evelyn", "rating": "0", "federation": "ITA", field: value}
    page = client.post(f"/t/{t.pk}/registration/add/", data).content.decode()
    assert error in page and not t.players.exists()


def test_the_registration_form_takes_a_federation_in_small_letters(own_tournament) -> None:
    t, client = own_tournament
    client.post(f"/t/{t.pk}/registration/add/", {"name": "Evelyn", "rating": "1400", "federation": "ita"})
    assert Player.objects.get(tournament=t).federation == "ITA"


# ---------------------------------------------------------------- query parameters and other forms


def test_the_audit_trail_with_a_nul_byte_or_odd_digits_in_its_filters_answers(own_tournament) -> None:
    t, client = own_tournament
    for query in ("?action=%00", "?action=register%20player%00", "?round=%C2%B2", f"?round={FORTY_DIGITS}"):
        assert client.get(f"/t/{t.pk}/audit/{query}").status_code == 200, query


def test_rated_games_beyond_any_career_are_refused_with_a_message(django_user_model) -> None:
    t = builders.tournament(players=2)
    arbiter = django_user_model.objects.create_user("arb")
    appoint(t, arbiter, "arbiter")
    client = Client()
    client.force_login(arbiter)
    player = builders.player(t, 1)
    for value in ("99999999999999999999", "100000"):
        response = client.post(
            f"/t/{t.pk}/players/{player.pk}/rating-record/", {"rated_games": value, "k_factor": ""}, follow=True
        )
        assert response.status_code == 200
        assert "at most" in response.content.decode()
    player.refresh_from_db()
    assert player.rated_games is None


def test_a_prohibited_pairing_from_round_40000_is_a_form_error(own_tournament) -> None:
    t, client = own_tournament
    t.players.create(pairing_number=1, name="A")
    t.players.create(pairing_number=2, name="B")
    a, b = t.players.order_by("pairing_number")
    response = client.post(f"/t/{t.pk}/prohibited/", {"player": a.pk, "other": b.pk, "first_round": "40000"})
    assert response.status_code in (200, 302) and not t.prohibited_pairings.exists()


def test_the_settings_form_refuses_a_made_up_host_federation(own_tournament) -> None:
    t, _client = own_tournament
    form = TournamentForm({"federation": "<a>"}, instance=t)
    assert not form.is_valid() and "is not a FIDE federation code" in str(form.errors["federation"])
    ok = TournamentForm({"federation": "ita"}, instance=t)
    ok.is_valid()
    assert "federation" not in ok.errors


def test_a_refused_federation_is_told_in_italian(own_tournament) -> None:
    from django.conf import settings

    t, client = own_tournament
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    page = client.post(f"/t/{t.pk}/registration/add/", {"name": "Eva", "rating": "0", "federation": "XYZ"})
    assert "XYZ non è il codice di una federazione FIDE" in page.content.decode()


def test_a_header_too_long_or_with_an_invisible_character_is_refused_with_its_line(organizer) -> None:
    lines = [f"012 Open{RLO}A" if line.startswith("012") else line for line in _seed_lines()]
    lines = [*lines[:11], "222 " + "9" * 70, *lines[11:]]
    page = _import(organizer, lines)
    assert "line 1, column 5: invisible character U+202E" in page
    assert "line 12, column 5: Ensure this value has at most 60 characters" in page


@pytest.mark.parametrize("code", ["FIDE_DUTCH_2026_SOMETHING", "FIDE_DUTCH2026", "SWISS_DUTCH"])
def test_record_192_must_name_a_system_this_program_pairs(organizer, code) -> None:
    assert f"line 12, column 5: record 192 names {code}" in _import(organizer, _with_record(f"192 {code}"))
