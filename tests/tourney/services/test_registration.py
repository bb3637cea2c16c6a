"""Registration: entries and late entries, pairing numbers in initial order (C.04.2.B),
withdrawals (D.3) and requested byes (D.4); the database and the audit trail after each."""

from __future__ import annotations

import pytest

from tests import builders
from tourney.errors import FullPointByeUnconfirmed, RegistrationRefused, RenumberUnconfirmed
from tourney.models import AuditEntry, Bye, ByeKind, Player, Round, RoundStatus, Tournament
from tourney.services.registration import (
    cancel_bye,
    cancel_withdrawal,
    first_open_round,
    numbers_frozen,
    reassign_pairing_numbers,
    register,
    renumber,
    request_bye,
    requested_byes,
    update_player,
    withdraw,
)

pytestmark = pytest.mark.django_db


def _numbers(t: Tournament) -> dict[str, int]:
    return dict(t.players.values_list("name", "pairing_number"))


def _audited(action: str) -> tuple[object, ...]:
    """Who did the action, to whom, the value before and after, and the rule given."""
    entry = AuditEntry.objects.get(action=action)
    return (entry.user, entry.subject, entry.old_value, entry.new_value, entry.reason)


def _paired_rounds(t: Tournament, last: int) -> None:
    """Rounds 1..last paired and closed, four players: 1-3 and 4-2 draw every round."""
    for number in range(1, last + 1):
        builders.round_with(t, number, "1-3 =, 4-2 =", status=RoundStatus.CLOSED)


@pytest.fixture
def organizer(django_user_model):
    return django_user_model.objects.create_user("organizer")


# ---------------------------------------------------------------- register


def test_it_registers_a_player_and_renumbers_everyone_in_initial_order(organizer) -> None:
    t = builders.tournament(players=3)  # Alice 2500, Bruno 2490, Carla 2480
    player = register(t, {"name": "Zoe", "rating": 2495, "title": "IM", "federation": "ITA"}, user=organizer)
    assert (player.pairing_number, player.entry_round, player.title, player.federation) == (2, 1, "IM", "ITA")
    assert _numbers(t) == {"Alice": 1, "Zoe": 2, "Bruno": 3, "Carla": 4}
    entry = AuditEntry.objects.get(action="register player")
    assert (entry.user, entry.subject, entry.new_value) == (organizer, player, "Zoe (2495) from round 1")
    renumbered = AuditEntry.objects.get(action="renumber players")
    assert (renumbered.old_value, renumbered.new_value) == ("Bruno=2 Carla=3 Zoe=4", "Bruno=3 Carla=4 Zoe=2")
    assert renumbered.user == organizer


def test_the_initial_order_breaks_rating_ties_by_title_then_name() -> None:
    t = builders.tournament(players=0)
    for name, title in (("Bianchi", ""), ("Rossi", "FM"), ("Verdi", "GM"), ("Abate", "")):
        register(t, {"name": name, "rating": 2300, "title": title})
    assert _numbers(t) == {"Verdi": 1, "Rossi": 2, "Abate": 3, "Bianchi": 4}


def test_an_entry_after_round_one_is_paired_is_a_late_entry_from_the_first_open_round() -> None:
    t = builders.tournament(players=4)
    _paired_rounds(t, 1)
    player = register(t, {"name": "Late", "rating": 2000})
    assert (player.entry_round, player.pairing_number) == (2, 5)
    assert AuditEntry.objects.get(action="late entry").new_value == "Late (2000) from round 2"
    assert not AuditEntry.objects.filter(action="register player").exists()


def test_it_refuses_an_entry_in_a_round_already_paired_or_past_the_last() -> None:
    t = builders.tournament(players=4, rounds=3)
    _paired_rounds(t, 1)
    with pytest.raises(RegistrationRefused, match="round 1 is already paired: a new player can enter from round 2"):
        register(t, {"name": "Late", "entry_round": 1})
    with pytest.raises(RegistrationRefused, match="the tournament has only 3 rounds"):
        register(t, {"name": "Later", "entry_round": 4})
    assert t.players.count() == 4
    assert not AuditEntry.objects.exists()


def test_it_refuses_an_entry_the_model_does_not_accept() -> None:
    t = builders.tournament(players=2)
    with pytest.raises(RegistrationRefused, match=r"^FIDE ID: "):  # the form's label, not the field's name
        register(t, {"name": "Nobody", "fide_id": "12ab"})
    assert t.players.count() == 2
    assert not AuditEntry.objects.exists()


def test_it_refuses_an_entry_or_a_change_while_a_round_is_being_paired() -> None:
    t = builders.tournament(players=4)
    Round.objects.create(tournament=t, number=1, status=RoundStatus.PAIRING)
    with pytest.raises(RegistrationRefused, match="a round is being paired right now"):
        register(t, {"name": "Zoe", "rating": 2600})
    with pytest.raises(RegistrationRefused, match="a round is being paired right now"):
        update_player(builders.player(t, 4), {"rating": 2600})
    assert t.players.count() == 4
    assert builders.player(t, 4).rating == 2470
    assert _numbers(t) == {"Alice": 1, "Bruno": 2, "Carla": 3, "Davide": 4}
    assert not AuditEntry.objects.exists()


# ---------------------------------------------------------------- update_player and renumber


def test_a_corrected_rating_is_audited_and_moves_the_player_in_the_initial_order(organizer) -> None:
    t = builders.tournament(players=3)
    carla = builders.player(t, 3)
    update_player(carla, {"rating": 2600, "federation": "ESP"}, user=organizer)
    carla.refresh_from_db()
    assert (carla.rating, carla.federation, carla.pairing_number) == (2600, "ESP", 1)
    entry = AuditEntry.objects.get(action="change player")
    assert (entry.user, entry.subject) == (organizer, carla)
    assert (entry.old_value, entry.new_value) == ("federation=, rating=2480", "federation=ESP, rating=2600")
    assert _numbers(t) == {"Carla": 1, "Alice": 2, "Bruno": 3}


def test_an_update_that_changes_nothing_is_not_audited() -> None:
    t = builders.tournament(players=3)
    update_player(builders.player(t, 2), {"name": "Bruno", "rating": 2490})
    assert not AuditEntry.objects.exists()


def test_it_refuses_a_correction_the_model_does_not_accept() -> None:
    t = builders.tournament(players=2)
    with pytest.raises(RegistrationRefused, match=r"^FIDE ID: "):  # the form's label, not the field's name
        update_player(builders.player(t, 2), {"fide_id": "x1"})
    assert builders.player(t, 2).fide_id == ""
    assert not AuditEntry.objects.exists()


def test_numbers_follow_the_initial_order_while_round_four_is_not_paired() -> None:
    t = builders.tournament(players=4, rounds=7)
    _paired_rounds(t, 3)
    assert not numbers_frozen(t)
    register(t, {"name": "Strong", "rating": 2700})
    assert _numbers(t)["Strong"] == 1
    assert AuditEntry.objects.filter(action="renumber players").count() == 1


def test_numbers_are_frozen_once_round_four_is_paired() -> None:
    t = builders.tournament(players=4, rounds=7)
    _paired_rounds(t, 3)
    builders.round_with(t, 4, "1-3, 4-2", status=RoundStatus.PAIRED)
    assert numbers_frozen(t)
    strong = register(t, {"name": "Strong", "rating": 2700})
    assert (strong.pairing_number, strong.entry_round) == (5, 5)
    assert _numbers(t) == {"Alice": 1, "Bruno": 2, "Carla": 3, "Davide": 4, "Strong": 5}
    assert not renumber(t)
    assert not AuditEntry.objects.filter(action="renumber players").exists()


def test_renumber_in_initial_order_changes_nothing_and_writes_nothing() -> None:
    t = builders.tournament(players=4)
    assert not renumber(t)
    assert not AuditEntry.objects.exists()


# ---------------------------------------------------------------- withdrawals


def test_a_withdrawal_takes_effect_from_the_first_open_round_and_is_audited(organizer) -> None:
    t = builders.tournament(players=4)
    _paired_rounds(t, 2)
    assert first_open_round(t) == 3
    davide = withdraw(builders.player(t, 4), user=organizer)
    assert davide.withdrawal_round == 3
    assert builders.player(t, 4).withdrawal_round == 3
    assert _audited("withdraw") == (organizer, davide, "", "3", "C.04.2.D.3")


def test_it_refuses_a_withdrawal_from_a_round_already_paired_or_before_the_entry() -> None:
    t = builders.tournament(players=4)
    _paired_rounds(t, 2)
    with pytest.raises(
        RegistrationRefused, match="round 2 is already paired: the withdrawal can take effect from round 3"
    ):
        withdraw(builders.player(t, 4), 2)
    late = builders.player(t, 3)
    Player.objects.filter(pk=late.pk).update(entry_round=4)
    with pytest.raises(RegistrationRefused, match="the player enters in round 4: delete the entry instead"):
        withdraw(late, 4)
    assert not t.players.filter(withdrawal_round__isnull=False).exists()
    assert not AuditEntry.objects.exists()


def test_a_withdrawal_is_cancelled_while_no_later_round_is_paired(organizer) -> None:
    t = builders.tournament(players=4)
    _paired_rounds(t, 1)
    davide = withdraw(builders.player(t, 4), 3)
    back = cancel_withdrawal(davide, user=organizer)
    assert back.withdrawal_round is None
    assert builders.player(t, 4).withdrawal_round is None
    entry = AuditEntry.objects.get(action="cancel withdrawal")
    assert (entry.user, entry.subject, entry.old_value) == (organizer, back, "3")


def test_it_refuses_to_cancel_a_withdrawal_once_a_round_after_it_is_paired() -> None:
    t = builders.tournament(players=4)
    _paired_rounds(t, 1)
    davide = withdraw(builders.player(t, 4), 2)
    builders.round_with(t, 2, "1-3", status=RoundStatus.PAIRED)
    with pytest.raises(RegistrationRefused, match="already paired without the player"):
        cancel_withdrawal(davide)
    assert builders.player(t, 4).withdrawal_round == 2
    assert not AuditEntry.objects.filter(action="cancel withdrawal").exists()


def test_cancelling_a_withdrawal_that_is_not_there_writes_nothing() -> None:
    t = builders.tournament(players=2)
    assert cancel_withdrawal(builders.player(t, 2)).withdrawal_round is None
    assert not AuditEntry.objects.exists()


# ---------------------------------------------------------------- requested byes


def test_a_requested_bye_is_recorded_in_its_draft_round_and_audited(organizer) -> None:
    t = builders.tournament(players=4)
    bye = request_bye(builders.player(t, 2), 3, ByeKind.HALF_POINT, user=organizer)
    rnd = Round.objects.get(tournament=t, number=3)
    assert (rnd.status, bye.round, bye.kind, bye.requested, bye.created_by) == (
        RoundStatus.DRAFT,
        rnd,
        ByeKind.HALF_POINT,
        True,
        organizer,
    )
    assert _audited("request bye") == (organizer, bye, "", "Half-point bye", "C.04.2.D.4")
    assert list(requested_byes(t)) == [bye]


def test_a_second_request_for_the_same_round_changes_the_kind() -> None:
    t = builders.tournament(players=4)
    request_bye(builders.player(t, 2), 3, ByeKind.HALF_POINT)
    bye = request_bye(builders.player(t, 2), 3, ByeKind.ZERO_POINT)
    assert Bye.objects.get().kind == ByeKind.ZERO_POINT == bye.kind
    second = AuditEntry.objects.filter(action="request bye").order_by("pk").last()
    assert (second.old_value, second.new_value) == ("Half-point bye", "Zero-point bye")


@pytest.mark.parametrize(
    ("number", "round_number", "kind", "message"),
    [
        (2, 1, ByeKind.PAIRING_ALLOCATED, "a requested bye is half-point, zero-point or full-point"),
        (2, 6, ByeKind.HALF_POINT, "the tournament has rounds 1 to 5"),
        (4, 2, ByeKind.HALF_POINT, "Davide does not take part in round 2"),
        (2, 1, ByeKind.HALF_POINT, "round 1 is already paired"),
    ],
)
def test_it_refuses_a_bye_the_rules_do_not_allow(number: int, round_number: int, kind: str, message: str) -> None:
    t = builders.tournament(players=4)
    builders.round_with(t, 1, "1-3, 4-2", status=RoundStatus.PAIRED)
    Player.objects.filter(pk=builders.player(t, 4).pk).update(entry_round=3)
    with pytest.raises(RegistrationRefused, match=message):
        request_bye(builders.player(t, number), round_number, kind)
    assert not Bye.objects.exists()
    assert not AuditEntry.objects.exists()


def test_a_requested_bye_is_cancelled_before_its_round_is_paired(organizer) -> None:
    t = builders.tournament(players=4)
    bye = request_bye(builders.player(t, 2), 2, ByeKind.FULL_POINT, confirmed=True)
    cancel_bye(bye, user=organizer)
    assert not Bye.objects.exists()
    entry = AuditEntry.objects.get(action="cancel bye")
    assert (entry.user, entry.old_value, entry.object_id) == (organizer, "Full-point bye", str(bye.pk))


def test_it_refuses_to_cancel_a_bye_of_a_paired_round_or_a_pairing_allocated_bye() -> None:
    t = builders.tournament(players=5)
    rnd = builders.round_with(t, 1, "1-3, 4-2", byes="5 pab", status=RoundStatus.DRAFT)
    with pytest.raises(RegistrationRefused, match="only a requested bye of a round not yet paired"):
        cancel_bye(rnd.byes.get())
    requested = request_bye(builders.player(t, 2), 2, ByeKind.HALF_POINT)
    Round.objects.filter(pk=requested.round_id).update(status=RoundStatus.PAIRED)
    with pytest.raises(RegistrationRefused, match="only a requested bye of a round not yet paired"):
        cancel_bye(requested)
    assert Bye.objects.count() == 2
    assert not AuditEntry.objects.filter(action="cancel bye").exists()


def test_a_fide_id_may_belong_to_one_player_only() -> None:
    t = builders.tournament(players=2)
    register(t, {"name": "Rossi", "fide_id": "860000"})
    bruno = t.players.get(name="Bruno")
    with pytest.raises(RegistrationRefused, match=r"FIDE ID 860000 is already registered \(Rossi\)"):
        update_player(bruno, {"fide_id": "860000"})
    assert t.players.get(name="Bruno").fide_id == ""


def test_a_file_after_round_four_takes_the_next_numbers_in_file_order() -> None:
    from tourney.services.registration import register_many

    t = builders.tournament(players=4, rounds=7)
    _paired_rounds(t, 4)
    created = register_many(
        t, [("line 2", {"name": "Low", "rating": 1000}), ("line 3", {"name": "High", "rating": 2900})]
    )
    assert [(p.name, p.pairing_number, p.entry_round) for p in created] == [("Low", 5, 5), ("High", 6, 5)]
    assert _numbers(t)["Alice"] == 1 and AuditEntry.objects.get(action="late entries").new_value == (
        "2 players: Low (1000) from round 5; High (2900) from round 5"
    )
    assert not AuditEntry.objects.filter(action="renumber players").exists()


# ---------------------------------------------------------------- warnings the arbiter confirms


def test_reassigning_numbers_after_round_four_needs_a_confirmation_and_is_audited(organizer) -> None:
    t = builders.tournament(players=4, rounds=7)
    _paired_rounds(t, 3)
    builders.round_with(t, 4, "1-3, 4-2", status=RoundStatus.PAIRED)
    strong = register(t, {"name": "Strong", "rating": 2700})  # takes number 5: the numbers are final
    AuditEntry.objects.all().delete()

    with pytest.raises(RenumberUnconfirmed, match=r"Round 4 is paired: pairing numbers are final \(C.04.2.B.3\)") as e:
        reassign_pairing_numbers(t, user=organizer)
    assert e.value.moved == 5
    assert _numbers(t)["Strong"] == 5 and not AuditEntry.objects.exists()

    assert reassign_pairing_numbers(t, user=organizer, confirmed=True) == 5
    assert _numbers(t) == {"Strong": 1, "Alice": 2, "Bruno": 3, "Carla": 4, "Davide": 5}
    assert _audited("renumber players after round 4") == (
        organizer,
        t,
        "Alice=1 Bruno=2 Carla=3 Davide=4 Strong=5",
        "Alice=2 Bruno=3 Carla=4 Davide=5 Strong=1",
        "confirmed after round 4 was paired (C.04.2.B.3); C.04.2.B.3 / C.3: initial order by rating, title, name",
    )
    strong.refresh_from_db()
    assert strong.pairing_number == 1
    assert reassign_pairing_numbers(t, user=organizer) == 0  # in initial order already: nothing asked


def test_reassigning_numbers_before_round_four_asks_nothing() -> None:
    t = builders.tournament(players=4, rounds=7)
    _paired_rounds(t, 3)
    Player.objects.filter(name="Davide").update(rating=2600)  # behind the services: the order changed
    assert reassign_pairing_numbers(t) == 4
    assert _numbers(t) == {"Davide": 1, "Alice": 2, "Bruno": 3, "Carla": 4}
    assert AuditEntry.objects.get().action == "renumber players"


def test_a_full_point_bye_needs_a_confirmation_and_is_audited(organizer) -> None:
    t = builders.tournament(players=4)
    with pytest.raises(
        FullPointByeUnconfirmed,
        match=r"A full-point bye scores 1 for Bruno in round 2 without a game \(a win scores 1\)",
    ):
        request_bye(builders.player(t, 2), 2, ByeKind.FULL_POINT, user=organizer)
    assert not Bye.objects.exists() and not AuditEntry.objects.exists()

    bye = request_bye(builders.player(t, 2), 2, ByeKind.FULL_POINT, user=organizer, confirmed=True)
    assert (bye.kind, bye.requested) == (ByeKind.FULL_POINT, True)
    assert _audited("give full-point bye") == (
        organizer,
        bye,
        "",
        "Full-point bye",
        "C.04.2.D.4; confirmed: a win's points without a game",
    )
    # A half-point bye is no warning.
    request_bye(builders.player(t, 3), 2, ByeKind.HALF_POINT, user=organizer)
    assert AuditEntry.objects.filter(action="request bye").count() == 1


def test_a_refused_full_point_bye_is_refused_before_it_is_asked() -> None:
    t = builders.tournament(players=4)
    with pytest.raises(RegistrationRefused, match="the tournament has rounds 1 to 5") as e:
        request_bye(builders.player(t, 2), 9, ByeKind.FULL_POINT)
    assert not isinstance(e.value, FullPointByeUnconfirmed)
