"""The data model and the constraints the database enforces."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, connection, transaction

from tests import builders
from tourney.models import Bye, ByeKind, Game, Player, Round, RoundEntry, Tournament

pytestmark = pytest.mark.django_db


def _refused(make) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        make()


def test_a_player_cannot_play_two_games_in_one_round() -> None:
    t = builders.tournament(players=4)
    rnd = builders.round_with(t, 1, "1-3, 2-4")
    # Player 1 as Black on a new board: the RoundEntry key refuses it.
    _refused(lambda: Game(round=rnd, board=3, white=builders.player(t, 2), black=builders.player(t, 1)).save())
    assert rnd.games.count() == 2


def test_a_player_cannot_have_a_game_and_a_bye_in_one_round() -> None:
    t = builders.tournament(players=3)
    rnd = builders.round_with(t, 1, "1-2")
    _refused(lambda: Bye(round=rnd, player=builders.player(t, 1), kind=ByeKind.HALF_POINT, requested=True).save())
    assert not rnd.byes.exists()


def test_one_pairing_allocated_bye_per_round() -> None:
    t = builders.tournament(players=4)
    rnd = builders.round_with(t, 1, byes="3 pab")
    _refused(lambda: Bye(round=rnd, player=builders.player(t, 4), kind=ByeKind.PAIRING_ALLOCATED).save())


def test_several_requested_byes_in_one_round_are_fine() -> None:
    t = builders.tournament(players=5)
    rnd = builders.round_with(t, 1, "1-2", byes="3 half, 4 zero, 5 pab")
    assert rnd.byes.count() == 3
    assert RoundEntry.objects.filter(round=rnd).count() == 5


def test_board_numbers_are_unique_in_a_round() -> None:
    t = builders.tournament(players=4)
    rnd = builders.round_with(t, 1, "1-3")
    _refused(lambda: Game(round=rnd, board=1, white=builders.player(t, 2), black=builders.player(t, 4)).save())


def test_a_player_cannot_play_himself() -> None:
    t = builders.tournament(players=2)
    rnd = Round.objects.create(tournament=t, number=1)
    p = builders.player(t, 1)
    _refused(lambda: Game.objects.create(round=rnd, board=1, white=p, black=p))


def test_pairing_numbers_are_unique_in_a_tournament() -> None:
    t = builders.tournament(players=2)
    _refused(lambda: Player.objects.create(tournament=t, pairing_number=2, name="Twin"))


def test_round_numbers_are_unique_in_a_tournament() -> None:
    t = builders.tournament(players=2)
    Round.objects.create(tournament=t, number=1)
    _refused(lambda: Round.objects.create(tournament=t, number=1))


def test_a_pairing_allocated_bye_is_never_requested() -> None:
    t = builders.tournament(players=3)
    rnd = Round.objects.create(tournament=t, number=1)
    pab = Bye(round=rnd, player=builders.player(t, 3), kind=ByeKind.PAIRING_ALLOCATED, requested=True)
    _refused(pab.save)


def test_a_withdrawal_comes_after_entry() -> None:
    t = builders.tournament(players=0)
    _refused(lambda: Player.objects.create(tournament=t, pairing_number=1, name="X", entry_round=3, withdrawal_round=2))


def test_tournament_cannot_end_before_it_starts() -> None:
    import datetime

    _refused(
        lambda: Tournament.objects.create(
            name="Back", rounds=5, start_date=datetime.date(2026, 5, 2), end_date=datetime.date(2026, 5, 1)
        )
    )


def test_changing_a_games_players_moves_its_round_entries() -> None:
    t = builders.tournament(players=4)
    rnd = builders.round_with(t, 1, "1-2")
    game = rnd.games.get()
    game.black = builders.player(t, 3)
    game.save()
    assert set(rnd.entries.values_list("player__pairing_number", flat=True)) == {1, 3}


def test_deleting_a_game_frees_its_players() -> None:
    t = builders.tournament(players=2)
    rnd = builders.round_with(t, 1, "1-2")
    rnd.games.get().delete()
    assert not rnd.entries.exists()
    Bye(round=rnd, player=builders.player(t, 1), kind=ByeKind.PAIRING_ALLOCATED).save()


@pytest.mark.services
def test_the_constraints_hold_on_postgresql() -> None:
    assert connection.vendor == "postgresql"
    test_a_player_cannot_have_a_game_and_a_bye_in_one_round()
    test_one_pairing_allocated_bye_per_round()


def test_deleting_a_tournament_deletes_its_rounds_games_and_byes() -> None:
    t = builders.tournament(players=5)
    builders.round_with(t, 1, "1-3 1-0, 4-2", byes="5 pab")
    t.delete()
    assert not (Tournament.objects.exists() or Game.objects.exists() or Bye.objects.exists())
    assert not RoundEntry.objects.exists()


def test_a_player_with_a_game_cannot_be_deleted() -> None:
    from django.db.models import RestrictedError

    t = builders.tournament(players=2)
    builders.round_with(t, 1, "1-2 1-0")
    with pytest.raises(RestrictedError):
        builders.player(t, 1).delete()


def test_a_tournament_takes_the_sites_time_zone_and_refuses_an_unknown_one(settings) -> None:
    from django.core.exceptions import ValidationError

    from tourney.models import Tournament

    settings.TIME_ZONE = "Europe/Rome"
    t = Tournament(name="Open", rounds=5)
    assert t.time_zone == "Europe/Rome"
    t.time_zone = "Mars/Olympus"
    with pytest.raises(ValidationError, match="Mars/Olympus is not a time zone"):
        t.full_clean()


def test_saving_a_games_result_leaves_its_round_entries_alone(django_assert_num_queries) -> None:
    t = builders.tournament(players=4)
    rnd = builders.round_with(t, 1, "1-2")
    game = rnd.games.get()
    entries = set(rnd.entries.values_list("pk", "player_id", "game_id"))
    game.result = "1-0"
    with django_assert_num_queries(1):  # the UPDATE of the result alone
        game.save(update_fields=["result"])
    assert set(rnd.entries.values_list("pk", "player_id", "game_id")) == entries


@pytest.mark.parametrize("field", ["black", "black_id"])
def test_saving_a_games_players_by_name_moves_its_round_entries(field: str) -> None:
    t = builders.tournament(players=4)
    rnd = builders.round_with(t, 1, "1-2")
    game = rnd.games.get()
    game.black = builders.player(t, 3)
    game.save(update_fields=[field])
    assert set(rnd.entries.values_list("player__pairing_number", flat=True)) == {1, 3}
