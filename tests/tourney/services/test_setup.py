"""The organizer's writes: each one changes the database and leaves one audit entry, or
refuses with SetupRefused and changes nothing."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from pairing import adapter
from pairing.engine.lots import initial_colour_by_lot
from pairing.engine.trf import parse_trf
from tests import builders
from tourney.errors import EditionChangeUnconfirmed, PairingRefused, SetupRefused, TiebreakChangeUnconfirmed
from tourney.models import Appointment, AuditEntry, RoundStatus, Tournament
from tourney.roles import appoint as give_role
from tourney.services import setup
from tourney.trf_io import export_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer(django_user_model):
    return django_user_model.objects.create_user("org")


def _actions(tournament: Tournament) -> list[str]:
    return list(AuditEntry.objects.filter(tournament=tournament).values_list("action", flat=True))


def test_it_creates_a_tournament_whose_creator_is_its_organizer(organizer):
    tournament = setup.create_tournament(tournament=Tournament(name="Spring Open", rounds=7), user=organizer)

    saved = Tournament.objects.get(pk=tournament.pk)
    assert (saved.name, saved.rounds) == ("Spring Open", 7)
    assert Appointment.objects.filter(tournament=saved, user=organizer, role="organizer").exists()
    entry = AuditEntry.objects.get(tournament=saved)
    assert (entry.action, entry.new_value, entry.user) == ("create tournament", "Spring Open", organizer)


def test_it_refuses_to_create_a_tournament_twice(organizer):
    existing = builders.tournament(players=2)
    with pytest.raises(SetupRefused):
        setup.create_tournament(tournament=existing, user=organizer)
    assert not Appointment.objects.filter(tournament=existing).exists()
    assert _actions(existing) == []


def test_it_creates_a_tournament_from_a_trf_file(organizer):
    source = builders.tournament(players=6, name="Autumn Open")
    builders.round_with(source, 1, "1-4 1-0, 2-5 =, 3-6 0-1", status=RoundStatus.CLOSED)

    imported = setup.create_tournament_from_trf(trf=parse_trf(export_text(source)), user=organizer)

    assert imported.pk != source.pk
    assert imported.name == "Autumn Open"
    assert imported.players.count() == 6
    assert imported.round_set.get(number=1).games.count() == 3
    assert Appointment.objects.filter(tournament=imported, user=organizer, role="organizer").exists()
    entry = AuditEntry.objects.get(tournament=imported)
    assert (entry.action, entry.new_value, entry.user) == ("import TRF", "Autumn Open", organizer)


def test_it_saves_the_changed_settings_and_audits_old_and_new(organizer):
    tournament = builders.tournament(players=4, rounds=5, place="Rome")

    changed = setup.update_settings(
        tournament_id=tournament.pk, values={"place": "Milan", "rounds": 7, "name": "Test Open"}, user=organizer
    )

    assert changed == ["place", "rounds"]
    tournament.refresh_from_db()
    assert (tournament.place, tournament.rounds, tournament.name) == ("Milan", 7, "Test Open")
    entry = AuditEntry.objects.get(tournament=tournament)
    assert entry.action == "change settings"
    assert (entry.old_value, entry.new_value) == ("place=Rome; rounds=5", "place=Milan; rounds=7")
    assert entry.user == organizer


def test_it_audits_nothing_when_no_setting_changed(organizer):
    tournament = builders.tournament(players=4, place="Rome")

    assert setup.update_settings(tournament_id=tournament.pk, values={"place": "Rome"}, user=organizer) == []
    assert _actions(tournament) == []


def test_it_refuses_to_change_the_pairing_system_once_round_one_is_paired(organizer):
    tournament = builders.tournament(players=4, pairing_system="dutch")
    builders.round_with(tournament, 1, "1-3, 2-4")

    with pytest.raises(SetupRefused, match="pairing_system"):
        setup.update_settings(tournament_id=tournament.pk, values={"pairing_system": "dubov"}, user=organizer)

    tournament.refresh_from_db()
    assert tournament.pairing_system == "dutch"
    assert _actions(tournament) == []


def test_it_refuses_fewer_rounds_than_those_already_paired(organizer):
    tournament = builders.tournament(players=4, rounds=5)
    builders.round_with(tournament, 1, "1-3 1-0, 2-4 =", status=RoundStatus.CLOSED)
    builders.round_with(tournament, 2, "1-2, 3-4")

    with pytest.raises(SetupRefused, match="round 2 is already paired"):
        setup.update_settings(tournament_id=tournament.pk, values={"rounds": 1}, user=organizer)

    tournament.refresh_from_db()
    assert tournament.rounds == 5
    assert _actions(tournament) == []


def test_it_sets_the_tiebreak_list_and_audits_it(organizer):
    tournament = builders.tournament(players=4, tiebreaks=["BH"])

    assert setup.set_tiebreaks(tournament_id=tournament.pk, codes=["BH/C1", "SB"], user=organizer)

    tournament.refresh_from_db()
    assert tournament.tiebreaks == ["BH/C1", "SB"]
    entry = AuditEntry.objects.get(tournament=tournament)
    assert (entry.action, entry.old_value, entry.new_value, entry.user) == (
        "change tie-breaks",
        "BH",
        "BH/C1 SB",
        organizer,
    )


def test_it_leaves_an_unchanged_tiebreak_list_alone(organizer):
    tournament = builders.tournament(players=4, tiebreaks=["BH", "SB"])

    assert not setup.set_tiebreaks(tournament_id=tournament.pk, codes=["BH", "SB"], user=organizer)
    assert _actions(tournament) == []


def test_it_refuses_an_unknown_tiebreak_code(organizer):
    tournament = builders.tournament(players=4, tiebreaks=["BH"])

    with pytest.raises(SetupRefused, match="XYZ"):
        setup.set_tiebreaks(tournament_id=tournament.pk, codes=["XYZ"], user=organizer)

    tournament.refresh_from_db()
    assert tournament.tiebreaks == ["BH"]
    assert _actions(tournament) == []


def test_it_appoints_an_arbiter_and_audits_it(organizer, django_user_model):
    tournament = builders.tournament(players=4)
    arbiter = django_user_model.objects.create_user("arb")

    appointment = setup.appoint(tournament_id=tournament.pk, appointee=arbiter, role="arbiter", user=organizer)

    assert Appointment.objects.get(tournament=tournament, user=arbiter).role == "arbiter"
    assert appointment.appointed_by == organizer
    entry = AuditEntry.objects.get(tournament=tournament)
    assert (entry.action, entry.new_value, entry.object_id) == ("appoint", "arb arbiter", str(appointment.pk))


def test_it_refuses_an_unknown_role(organizer, django_user_model):
    tournament = builders.tournament(players=4)
    someone = django_user_model.objects.create_user("someone")

    with pytest.raises(SetupRefused):
        setup.appoint(tournament_id=tournament.pk, appointee=someone, role="captain", user=organizer)

    assert not Appointment.objects.filter(tournament=tournament).exists()
    assert _actions(tournament) == []


def test_it_dismisses_an_arbiter_and_audits_it(organizer, django_user_model):
    tournament = builders.tournament(players=4)
    arbiter = django_user_model.objects.create_user("arb")
    appointment = give_role(tournament, arbiter, "arbiter")
    described = str(appointment)

    setup.dismiss(tournament_id=tournament.pk, appointment_id=appointment.pk, user=organizer)

    assert not Appointment.objects.filter(pk=appointment.pk).exists()
    entry = AuditEntry.objects.get(tournament=tournament)
    assert (entry.action, entry.old_value, entry.user) == ("dismiss", described, organizer)


def test_it_refuses_that_an_organizer_dismisses_himself(organizer):
    tournament = builders.tournament(players=4)
    appointment = give_role(tournament, organizer, "organizer")

    with pytest.raises(SetupRefused, match="cannot dismiss himself"):
        setup.dismiss(tournament_id=tournament.pk, appointment_id=appointment.pk, user=organizer)

    assert Appointment.objects.filter(pk=appointment.pk).exists()
    assert _actions(tournament) == []


def test_it_refuses_to_dismiss_an_appointment_of_another_tournament(organizer, django_user_model):
    tournament = builders.tournament(players=4)
    other = builders.tournament(players=4, name="Other Open")
    appointment = give_role(other, django_user_model.objects.create_user("arb"), "arbiter")

    with pytest.raises(SetupRefused):
        setup.dismiss(tournament_id=tournament.pk, appointment_id=appointment.pk, user=organizer)

    assert Appointment.objects.filter(pk=appointment.pk).exists()
    assert _actions(tournament) == _actions(other) == []


def _lim_without_2026(monkeypatch: pytest.MonkeyPatch) -> None:
    """A system the engines know in the seed edition only (every system has both today)."""
    from tourney import editions

    known = editions.editions
    monkeypatch.setattr(editions, "editions", lambda system: ("2017",) if system == "lim" else known(system))


def test_a_new_tournament_gets_the_2026_edition_where_the_system_has_it(organizer, monkeypatch):
    dutch = setup.create_tournament(tournament=Tournament(name="A", rounds=5, rules_edition=""), user=organizer)
    _lim_without_2026(monkeypatch)
    lim = setup.create_tournament(
        tournament=Tournament(name="B", rounds=5, pairing_system="lim", rules_edition=""), user=organizer
    )
    assert (dutch.rules_edition, lim.rules_edition) == ("2026", "2017")


def test_it_refuses_an_edition_the_engines_do_not_have_for_the_system(organizer, monkeypatch):
    _lim_without_2026(monkeypatch)
    with pytest.raises(SetupRefused, match="The Lim system has no 2026 edition in this program yet"):
        setup.create_tournament(
            tournament=Tournament(name="B", rounds=5, pairing_system="lim", rules_edition="2026"), user=organizer
        )
    t = builders.tournament(players=4, rules_edition="2026")
    with pytest.raises(SetupRefused):
        setup.update_settings(tournament_id=t.pk, values={"pairing_system": "lim"}, user=organizer)


def test_the_edition_changes_freely_before_round_one_is_paired(organizer):
    t = builders.tournament(players=4)
    assert setup.update_settings(tournament_id=t.pk, values={"rules_edition": "2026"}, user=organizer) == [
        "rules_edition"
    ]
    assert "change rules edition" not in _actions(t)


def test_changing_the_edition_after_round_one_needs_a_confirmation_and_is_audited(organizer):
    t = builders.tournament(players=4)
    builders.round_with(t, 1, "1-3 1-0, 2-4 =", status=RoundStatus.CLOSED)
    with pytest.raises(EditionChangeUnconfirmed) as refused:
        setup.update_settings(tournament_id=t.pk, values={"rules_edition": "2026"}, user=organizer)
    assert refused.value.paired_round == 1
    t.refresh_from_db()
    assert t.rules_edition == "2017" and _actions(t) == []

    setup.update_settings(tournament_id=t.pk, values={"rules_edition": "2026"}, user=organizer, confirmed=True)
    t.refresh_from_db()
    assert t.rules_edition == "2026"
    entry = AuditEntry.objects.get(tournament=t, action="change rules edition")
    assert (entry.old_value, entry.new_value, entry.reason) == ("2017", "2026", "confirmed after round 1 was paired")


def test_tournaments_created_before_the_setting_are_migrated_to_the_seed_texts():
    import importlib

    from django.apps import apps

    migration = importlib.import_module("tourney.migrations.0006_editions_rights_audit_rounds_trf2026_progress")
    t = builders.tournament(players=2)
    Tournament.objects.filter(pk=t.pk).update(rules_edition="")
    migration.existing_tournaments_were_paired_by_the_seed_texts(apps, None)
    t.refresh_from_db()
    assert t.rules_edition == "2017"


def test_a_prohibited_pairing_keeps_two_players_apart_in_its_rounds_and_is_audited(organizer):
    t = builders.tournament(players=4)
    one, two = builders.player(t, 1), builders.player(t, 2)
    setup.prohibit_pairing(tournament_id=t.pk, player=one, other=two, first_round=1, last_round=3, user=organizer)
    with pytest.raises(SetupRefused, match="already kept apart"):
        setup.prohibit_pairing(
            tournament_id=t.pk, player=two, other=one, first_round=1, last_round=None, user=organizer
        )
    with pytest.raises(SetupRefused):
        setup.prohibit_pairing(tournament_id=t.pk, player=one, other=two, first_round=4, last_round=9, user=organizer)
    assert _actions(t) == ["prohibit pairing"]
    prohibited = t.prohibited_pairings.get()
    assert [prohibited.applies_to(n) for n in (1, 3, 4)] == [True, True, False]


# ---------------------------------------------------------------- the initial colour by lot


def test_the_initial_colour_is_drawn_from_a_recorded_seed_and_audited(organizer):
    t = builders.tournament(players=4, initial_colour="")
    before = timezone.now()

    setup.draw_initial_colour(tournament_id=t.pk, user=organizer)

    t.refresh_from_db()
    assert len(t.lot_seed) == 16 and t.lot_drawn_by == organizer and before <= t.lot_drawn_at <= timezone.now()
    assert t.initial_colour == adapter.INITIAL_COLOUR_OF[initial_colour_by_lot(t.lot_seed)]
    entry = AuditEntry.objects.get(tournament=t, action="draw initial colour")
    assert entry.new_value == f"{t.initial_colour} (seed {t.lot_seed})" and entry.user == organizer
    assert entry.reason == (
        f"drawn by lot before round 1 with seed {t.lot_seed}: "
        "SHA-256 of 'initial-colour:<seed>', first byte even = White for pairing number 1"
    )
    with pytest.raises(PairingRefused, match="already drawn"):
        setup.draw_initial_colour(tournament_id=t.pk, user=organizer)


def test_the_same_seed_draws_the_same_colour(organizer, monkeypatch):
    # Two tournaments drawn with one seed (the seed source replaced) get one colour, that of the lot.
    monkeypatch.setattr(setup, "new_seed", lambda: "9f86d081884c7d65")
    first = builders.tournament(players=4, initial_colour="", name="A")
    second = builders.tournament(players=4, initial_colour="", name="B")
    for t in (first, second):
        setup.draw_initial_colour(tournament_id=t.pk, user=organizer)
        t.refresh_from_db()
    assert first.initial_colour == second.initial_colour == "black"  # sha256 first byte 0x0b, odd


def test_the_trf_carries_the_colour_in_its_record_and_the_seed_in_a_comment(organizer, monkeypatch):
    monkeypatch.setattr(setup, "new_seed", lambda: "0123456789abcdef")
    t = builders.tournament(players=4, initial_colour="")
    setup.draw_initial_colour(tournament_id=t.pk, user=organizer)
    t.refresh_from_db()
    at = t.lot_drawn_at.astimezone(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    comment = (
        "### lot initial-colour seed 0123456789abcdef: W for pairing number 1 "
        f"(SHA-256 of 'initial-colour:<seed>', first byte even = W), drawn {at} by org"
    )
    trf26, trf16 = export_text(t, "trf26").splitlines(), export_text(t, "trf16").splitlines()
    assert "152 W" in trf26 and comment in trf26
    assert "XXC white1" in trf16 and comment in trf16
    # Before a round is published the colour is the arbiter's to announce: not in the public file;
    # once it is, the public file has the seed but no login name.
    assert not any(line.startswith("### lot") for line in export_text(t, "trf26", public=True).splitlines())
    builders.round_with(t, 1, "1-3 1-0, 4-2 =", status=RoundStatus.CLOSED)
    assert comment.removesuffix(" by org") in export_text(t, "trf26", public=True).splitlines()

    imported = setup.create_tournament_from_trf(trf=parse_trf(export_text(t)), user=organizer)
    assert (imported.initial_colour, imported.lot_seed) == ("white", "0123456789abcdef")


def test_an_imported_seed_that_does_not_give_the_file_s_colour_is_not_kept(organizer):
    text = export_text(builders.tournament(players=4, initial_colour="white"))
    forged = text + "### lot initial-colour seed 9f86d081884c7d65: W for pairing number 1\n"  # that seed draws B
    imported = setup.create_tournament_from_trf(trf=parse_trf(forged), user=organizer)
    assert (imported.initial_colour, imported.lot_seed) == ("white", "")


def test_changing_the_tiebreaks_after_round_one_needs_a_confirmation_and_is_audited(organizer):
    t = builders.tournament(players=4, tiebreaks=["BH", "SB"])
    builders.round_with(t, 1, "1-3, 4-2", status=RoundStatus.PAIRED)

    with pytest.raises(TiebreakChangeUnconfirmed, match="Round 1 is already paired: the tie-breaks") as e:
        setup.set_tiebreaks(tournament_id=t.pk, codes=["SB", "BH"], user=organizer)
    assert e.value.paired_round == 1
    t.refresh_from_db()
    assert t.tiebreaks == ["BH", "SB"] and _actions(t) == []

    assert setup.set_tiebreaks(tournament_id=t.pk, codes=["SB", "BH"], user=organizer, confirmed=True)
    t.refresh_from_db()
    assert t.tiebreaks == ["SB", "BH"]
    entry = AuditEntry.objects.get(tournament=t)
    assert (entry.action, entry.old_value, entry.new_value, entry.user, entry.reason) == (
        "change tie-breaks after start",
        "BH SB",
        "SB BH",
        organizer,
        "confirmed after round 1 was paired (C.07 4.1)",
    )
    # The same list again changes nothing and asks nothing.
    assert not setup.set_tiebreaks(tournament_id=t.pk, codes=["SB", "BH"], user=organizer)
