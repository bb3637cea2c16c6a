"""The tournament's own TRF export replays: every round the engine paired, exported and re-paired
by ``python -m pairing --check`` from the rounds before it, comes out the same, with late
entries, withdrawals, requested byes and forfeits. Rounds a player took no part in are written
``0000 - Z`` (as the endorsed engines write them), and --check reads that, ``0000 - -`` and
blank blocks alike."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import pytest

from pairing.cli.check import check_rounds
from pairing.cli.parser import build_parser
from pairing.engine.trf import parse_trf, read_trf
from pairing.job import pair_round
from tests import builders
from tourney.models import Result, Round, RoundStatus, Tournament
from tourney.services.imports import import_tournament
from tourney.services.registration import register, request_bye, withdraw
from tourney.services.results import set_result
from tourney.services.rounds import close_round, publish_pairing
from tourney.trf_io import export_text

pytestmark = pytest.mark.django_db
Event = Callable[[Tournament], object]


def _late(name: str, rating: int) -> Event:
    return lambda t: register(t, {"name": name, "rating": rating})


def _withdraw(number: int) -> Event:
    return lambda t: withdraw(builders.player(t, number))


def _bye(number: int, rnd: int, kind: str) -> Event:
    return lambda t: request_bye(builders.player(t, number), rnd, kind, confirmed=True)


def play(t: Tournament, events: dict[int, list[Event]], rounds: int | None = None) -> None:
    """Every round (or the first *rounds*) paired by the engine, published, played (the higher
    rating wins, every third board drawn, every seventh forfeited) and closed; *events* happen
    before round r is paired."""
    for number in range(1, (rounds or t.rounds) + 1):
        for event in events.get(number, []):
            event(t)
        rnd = Round.objects.get_or_create(tournament=t, number=number)[0]
        pair_round(round_id=rnd.pk)
        rnd.refresh_from_db()
        assert rnd.status == RoundStatus.PAIRED, rnd.pairing_error
        publish_pairing(round_id=rnd.pk)
        for game in rnd.games.select_related("white", "black"):
            if game.board % 7 == 0:
                result = Result.WHITE_WINS_FORFEIT
            elif game.board % 3 == 0:
                result = Result.DRAW
            else:
                result = Result.WHITE_WINS if game.white.rating >= game.black.rating else Result.BLACK_WINS
            set_result(game_id=game.pk, result=result)
        close_round(round_id=rnd.pk)


def replay(t: Tournament, fmt: str) -> tuple[int, int, str]:
    # TRF16 cannot say the rules edition (no record 192): the replay names it; TRF-2026 says it.
    edition = ["--edition", t.rules_edition] if fmt == "trf16" else []
    args = build_parser().parse_args([f"--{t.pairing_system}", "--check", "-", *edition])
    out = io.StringIO()
    agree, total = check_rounds(parse_trf(export_text(t, fmt)), args, out)
    return agree, total, out.getvalue()


SCENARIOS = {
    # The arbiter's 24-player Dubov event: two late entries, a withdrawal, requested byes.
    "dubov-late-entries-and-a-withdrawal": (
        "dubov",
        24,
        5,
        {
            2: [_late("Late One", 2300), _late("Late Two", 1900), _bye(3, 2, "half")],
            3: [_withdraw(9), _bye(5, 3, "zero")],
            4: [_bye(12, 4, "full")],
        },
    ),
    "dutch-late-entry-after-round-four-and-withdrawals": (
        "dutch",
        15,
        7,
        {
            2: [_withdraw(14)],
            3: [_bye(2, 3, "half"), _bye(7, 3, "half")],
            5: [_late("Late Three", 2450), _withdraw(4)],
        },
    ),
    "burstein-with-byes": ("burstein", 12, 5, {2: [_bye(1, 2, "half")], 3: [_late("Late Four", 2000)]}),
    "lim-with-a-withdrawal": ("lim", 11, 5, {3: [_withdraw(6)], 4: [_bye(2, 4, "zero")]}),
}


@pytest.mark.parametrize("name", SCENARIOS)
@pytest.mark.parametrize("fmt", ["trf16", "trf26"])
def test_every_round_of_the_export_replays(name: str, fmt: str) -> None:
    system, players, rounds, events = SCENARIOS[name]
    t = builders.tournament(players=players, rounds=rounds, pairing_system=system)
    play(t, events)
    assert replay(t, fmt) == (rounds, rounds, "")


def test_rounds_a_player_took_no_part_in_are_zero_point_byes_in_the_file() -> None:
    t = builders.tournament(players=6, rounds=4)
    play(t, {2: [_late("Late One", 1000), _withdraw(2)]})
    blocks = {p.name: [(b.opponent, b.colour, b.result) for b in p.rounds] for p in parse_trf(export_text(t)).players}
    assert blocks["Late One"][0] == (None, "-", "Z")  # not entered yet in round 1
    assert blocks["Bruno"][1:] == [(None, "-", "Z")] * 3  # withdrawn from round 2


@pytest.mark.parametrize("form", ["        ", "0000 - -", "0000 - Z"])
def test_check_reads_every_form_of_a_round_not_taken_part_in(form: str) -> None:
    t = builders.tournament(players=6, rounds=4)
    play(t, {2: [_late("Late One", 1000), _withdraw(2)]})
    text = export_text(t, "trf16").replace("0000 - Z", form)
    args = build_parser().parse_args(["--dutch", "--check", "-"])
    out = io.StringIO()
    assert check_rounds(parse_trf(text), args, out) == (4, 4) and out.getvalue() == ""


@pytest.mark.parametrize("fmt", ["trf16", "trf26"])
def test_another_program_pairs_the_next_round_of_the_export_as_the_app_does(fmt: str, tmp_path) -> None:
    from pairing.cli import main

    t = builders.tournament(players=10, rounds=5, pairing_system="dutch")
    play(t, {2: [_late("Late One", 2200)]}, rounds=2)
    leaving = withdraw(builders.player(t, 4), 3)
    register(t, {"name": "Later", "rating": 2100, "entry_round": 4})
    path = tmp_path / f"export.{fmt}"
    path.write_text(export_text(t, fmt))
    absent = {t.players.get(pk=leaving.pk).pairing_number, t.players.get(name="Later").pairing_number}
    assert set(parse_trf(path.read_text()).xx_absent) == absent
    out, err = io.StringIO(), io.StringIO()
    assert main([str(path), "-p"], stdout=out, stderr=err) == 0, err.getvalue()
    rnd = Round.objects.create(tournament=t, number=3)
    pair_round(round_id=rnd.pk)
    app = {(g.white.pairing_number, g.black.pairing_number) for g in rnd.games.select_related("white", "black")}
    app |= {(b.player.pairing_number, 0) for b in rnd.byes.select_related("player")}
    lines = out.getvalue().split()
    assert {(int(w), int(b)) for w, b in zip(lines[1::2], lines[2::2], strict=True)} == app


def test_check_ignores_the_absentees_of_the_round_after_the_file() -> None:
    from tests.cli.test_cli import DUTCH

    text = DUTCH.read_text().replace("XXC white1", "XXC white1\nXXZ 3 5")
    args = build_parser().parse_args(["--dutch", "--check", "-"])
    out = io.StringIO()
    assert check_rounds(parse_trf(text), args, out) == (6, 6) and out.getvalue() == ""


CORPUS = sorted((Path(__file__).resolve().parents[1] / "fixtures" / "trf" / "corpus" / "dutch-2017").glob("*.trf"))


@pytest.mark.parametrize("path", CORPUS[:8], ids=lambda p: p.name)
def test_an_imported_corpus_tournament_replays_from_its_export(path: Path) -> None:
    # Paired by an endorsed engine, with late entries, withdrawals, byes and forfeits: imported,
    # exported, and every round re-paired from the export.
    t = import_tournament(read_trf(path), system="dutch", edition="2017")  # the 2017 corpus
    rounds = t.round_set.count()
    assert replay(t, "trf16") == (rounds, rounds, "")
