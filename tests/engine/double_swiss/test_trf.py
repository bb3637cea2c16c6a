"""Double-Swiss in TRF-2026, two columns per match (pairing.engine.trf.double_swiss):
written, read back unchanged, read into the same state, and replayed by ``--check``."""

from __future__ import annotations

import dataclasses
import random

from pairing.cli import main
from pairing.engine import pair
from pairing.engine.double_swiss.events import EventConfig, after_match, match_entries, play
from pairing.engine.state import Outcome, TournamentState
from pairing.engine.trf import parse_trf, write_trf
from pairing.engine.trf.double_swiss import match_column_errors, tournament_of
from pairing.engine.trf.state import state_for_round, system_of


def _finished_event(seed: int, players: int = 11, matches: int = 5) -> TournamentState:
    config = EventConfig(players=players, matches=matches, forfeit_rate=0.1, bye_rate=0.1)
    rounds = play(config, seed, lambda s: pair(s, "double_swiss"))
    state, pairing = rounds[-1]
    rng = random.Random(seed)
    byes = dict.fromkeys(state.absent, Outcome.ZERO_BYE)
    return after_match(state, match_entries(pairing, state, byes, rng, config))


def test_writes_reads_and_replays() -> None:
    final = _finished_event(5)
    t = tournament_of(final)
    text = write_trf(t, trf26=True)
    back = parse_trf(text)
    assert write_trf(back, trf26=True) == text
    assert system_of(back) == "double_swiss"
    assert match_column_errors(back) == []
    again = state_for_round(back, final.round_to_pair)
    for p, q in zip(final.players, again.players, strict=True):
        assert p.history == q.history
        assert final.score(p.id) == again.score(q.id)


def test_check_replays_every_match(tmp_path, capsys) -> None:
    final = _finished_event(7)
    path = tmp_path / "double.trf"
    path.write_text(write_trf(tournament_of(final), trf26=True))
    status = main(["--check", str(path), "--no-standings"])
    out = capsys.readouterr().out
    assert status == 0, out
    assert "differ" not in out


def test_a_game_two_that_does_not_repeat_game_one_is_reported() -> None:
    final = _finished_event(9)
    t = tournament_of(final)
    first = t.players[0]
    same_colour = dataclasses.replace(first.rounds[1], colour=first.rounds[0].colour)
    broken = dataclasses.replace(first, rounds=(first.rounds[0], same_colour, *first.rounds[2:]))
    t = dataclasses.replace(t, players=(broken, *t.players[1:]))
    assert match_column_errors(t)


def test_generate_writes_a_double_swiss_event_that_check_replays(tmp_path, capsys) -> None:
    path = tmp_path / "generated.trf"
    assert main(["--double-swiss", "--generate", str(path), "--players", "13", "--rounds", "4", "--seed", "2"]) == 0
    t = parse_trf(path.read_text())
    assert system_of(t) == "double_swiss" and t.rounds_in_file == 8 and match_column_errors(t) == []
    assert main(["--check", str(path), "--no-standings"]) == 0
    assert "agree 8 of 8 rounds" in capsys.readouterr().out
