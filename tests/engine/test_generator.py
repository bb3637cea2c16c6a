"""The random tournament generator: its random parts, its determinism, and tournaments the engine reproduces."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pairing.engine import pair
from pairing.engine.acceleration import AccelerationSpec
from pairing.engine.checker import check_pairing, last_round_exemptions
from pairing.engine.generator import (
    GeneratorConfig,
    entry_rounds,
    expected_score,
    generate,
    random_absences,
    random_players,
    random_result,
)
from pairing.engine.state import Board, Pairing, TournamentState
from pairing.engine.trf import parse_trf, write_trf
from pairing.engine.trf.state import cut, pairing_rows, recorded_pairing, state_for_round


def dutch(state: TournamentState) -> Pairing:
    return pair(state, "dutch")


def in_order(state: TournamentState) -> Pairing:
    """A trivial stand-in engine: 1-2, 3-4, ... the last one gets the bye."""
    ids = [p.id for p in state.to_pair]
    bye = ids.pop() if len(ids) % 2 else None
    return Pairing(tuple(Board(a, b) for a, b in zip(ids[0::2], ids[1::2], strict=True)), bye)


def test_expected_score_follows_the_elo_curve() -> None:
    assert expected_score(2000, 2000) == pytest.approx(0.5)
    assert expected_score(2400, 2000) == pytest.approx(0.909, abs=0.001)
    assert expected_score(2000, 2400) == pytest.approx(0.091, abs=0.001)


def test_random_results_respect_the_rates() -> None:
    rng = random.Random(1)
    draws = Counter(random_result(rng, 2000, 2000, 1.0, 0.0) for _ in range(200))
    assert draws == Counter({("=", "="): 200})
    forfeits = Counter(random_result(rng, 2000, 2000, 0.0, 1.0) for _ in range(2000))
    assert set(forfeits) == {("+", "-"), ("-", "+"), ("-", "-")}
    assert 120 < forfeits[("-", "-")] < 280  # about a tenth are double forfeits
    decisive = Counter(random_result(rng, 2400, 2000, 0.0, 0.0) for _ in range(4000))
    assert set(decisive) == {("1", "0"), ("0", "1")}
    assert 0.88 < decisive[("1", "0")] / 4000 < 0.94


def test_random_absences_are_mostly_half_point_byes() -> None:
    rng = random.Random(2)
    kinds = Counter()
    for _ in range(200):
        kinds.update(random_absences(rng, list(range(1, 51)), 0.1).values())
    assert set(kinds) == {"H", "Z", "F"}
    assert kinds["H"] > kinds["Z"] > kinds["F"]
    assert 800 < sum(kinds.values()) < 1200
    assert random_absences(rng, list(range(1, 51)), 0.0) == {}


def test_players_come_in_rating_order_and_someone_plays_round_1() -> None:
    config = GeneratorConfig(players=12, rounds=5, late_rate=1.0)
    rng = random.Random(3)
    players = random_players(rng, config)
    ratings = [p.rating for p in players]
    assert ratings == sorted(ratings, reverse=True) and [p.start for p in players] == list(range(1, 13))
    entries = entry_rounds(rng, config)
    assert sum(1 for r in entries.values() if r == 1) == 2 and max(entries.values()) <= 3


@pytest.mark.parametrize(
    ("field", "value"),
    [("draw_rate", 1.5), ("forfeit_rate", -0.1), ("players", 1), ("rounds", 0), ("initial_colour", "x")],
)
def test_a_bad_configuration_is_refused(field: str, value: object) -> None:
    with pytest.raises(ValueError):
        GeneratorConfig(**{field: value})


def test_the_same_seed_gives_the_same_tournament() -> None:
    config = GeneratorConfig(players=15, rounds=5, bye_rate=0.1, late_rate=0.2, withdraw_rate=0.05)
    assert write_trf(generate(config, 42, in_order)) == write_trf(generate(config, 42, in_order))
    assert write_trf(generate(config, 42, in_order)) != write_trf(generate(config, 43, in_order))


def test_a_generated_tournament_is_a_complete_trf() -> None:
    config = GeneratorConfig(
        players=20, rounds=6, bye_rate=0.08, late_rate=0.15, withdraw_rate=0.05, forfeit_rate=0.1, initial_colour="b"
    )
    t = generate(config, 7, in_order)
    assert len(t.players) == 20 and t.xx_rounds == 6 and t.initial_colour == "b"
    assert parse_trf(write_trf(t)) == t
    assert all(len(p.rounds) == 6 for p in t.players)
    ranks = sorted(p.rank for p in t.players)
    assert ranks == list(range(1, 21))
    state = state_for_round(t)  # after the last round
    assert all(p.points == state.score(p.start) for p in t.players)
    codes = Counter(b.result for p in t.players for b in p.rounds)
    assert codes["Z"] and codes["H"] and (codes["+"] or codes["-"])


def test_late_entries_and_withdrawn_players_are_absent_with_zero_point_byes() -> None:
    config = GeneratorConfig(players=30, rounds=7, late_rate=0.3, withdraw_rate=0.1, bye_rate=0.0)
    t = generate(config, 11, in_order)
    for p in t.players:
        played = [k for k, b in enumerate(p.rounds) if b.opponent is not None or b.result == "U"]
        if not played:
            continue
        first, last = played[0], played[-1]
        assert all(b.result == "Z" for b in p.rounds[:first])  # not arrived yet
        assert all(b.result == "Z" for b in p.rounds[last + 1 :])  # withdrawn
    late = [p for p in t.players if p.rounds[0].result == "Z"]
    gone = [p for p in t.players if p.rounds[-1].result == "Z"]
    assert late and gone


def test_the_dutch_engine_reproduces_every_round_it_generated() -> None:
    config = GeneratorConfig(players=17, rounds=6, bye_rate=0.06, late_rate=0.1, withdraw_rate=0.04, forfeit_rate=0.08)
    for seed in (1, 2, 3):
        t = parse_trf(write_trf(generate(config, seed, dutch)))
        for rnd in range(1, 7):
            state = state_for_round(cut(t, rnd))
            recorded = recorded_pairing(t, rnd, "2017")
            assert sorted(pairing_rows(dutch(state))) == sorted(pairing_rows(recorded))
            assert (
                check_pairing(state, recorded, colour_exempt=last_round_exemptions(state, "dutch"), edition="2017")
                == []
            )


def _fide(seed: int = 4, **settings: object):  # type: ignore[no-untyped-def]
    config = GeneratorConfig(players=20, rounds=6, expectation="fide", **settings)  # type: ignore[arg-type]
    return generate(config, seed, dutch)


def test_results_follow_fides_table_with_the_draw_rate() -> None:
    rng = random.Random(5)
    results = Counter(random_result(rng, 2400, 2000, 0.3, 0.0, "fide") for _ in range(20000))
    score = (results[("1", "0")] + results[("=", "=")] / 2) / 20000
    assert score == pytest.approx(0.92, abs=0.01)  # table 8.1.2: 400 points, 0.92
    assert results[("=", "=")] / 20000 == pytest.approx(0.16, abs=0.01)  # 2 x (1 - 0.92): the draws it allows


def test_counts_give_exactly_that_many_events() -> None:
    t = _fide(forfeit_count=3, bye_count=4, late_count=2, withdraw_count=2, forfeit_rate=0.5, bye_rate=0.5)
    blocks = [b for p in t.players for b in p.rounds]
    forfeited_games = sum(1 for b in blocks if b.opponent is not None and b.result in "+-") // 2
    assert forfeited_games == 3
    late = [p for p in t.players if p.rounds[0].result == "Z" and p.rounds[0].opponent is None]
    assert len(late) == 2
    gone = [p for p in t.players if p.rounds[-1].result == "Z" and any(b.opponent for b in p.rounds)]
    assert len(gone) <= 2
    requested = sum(1 for b in blocks if b.opponent is None and b.result in "HF") + sum(
        1 for p in t.players for k, b in enumerate(p.rounds) if b.result == "Z" and p not in late and p not in gone
    )
    assert requested >= 1


def test_unrated_players_have_no_rating_and_come_last() -> None:
    t = _fide(unrated_rate=0.3)
    ratings = [p.rating for p in sorted(t.players, key=lambda p: p.start)]
    unrated = [k for k, r in enumerate(ratings) if r is None]
    assert unrated and unrated == list(range(len(ratings) - len(unrated), len(ratings)))
    assert t.rated_count == len(ratings) - len(unrated)


def test_scoring_and_tie_break_list_are_written_with_the_values() -> None:
    t = _fide(scoring=(("W", 30), ("D", 10)), tiebreaks=("BH/C1", "SB"), start_date="2026/03/10")
    text = write_trf(t, trf26=True)
    assert "\n162  W 3.0    D 1.0" in text and "\nXXS W=3.0 D=1.0" in text
    assert "\n202 BH/C1 SB\n" in text and "\n212 PTS BH/C1 SB\n" in text
    table = [line for line in text.splitlines() if line.startswith("###TBV")]
    assert table[0].split()[1:] == ["SNO", "PTS", "BH/C1", "SB"] and len(table) == 21
    top = max(t.players, key=lambda p: p.points or 0)
    assert top.rank == 1 and table[1].split()[1] == str(top.start)


def test_the_new_settings_keep_the_file_reproducible_from_its_seed() -> None:
    settings = {"unrated_rate": 0.2, "bye_count": 3, "forfeit_count": 2, "tiebreaks": ("BH",)}
    assert write_trf(_fide(9, **settings)) == write_trf(_fide(9, **settings))
    assert write_trf(_fide(9, **settings)) != write_trf(_fide(10, **settings))


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("expectation", "elo"),
        ("unrated_rate", 2.0),
        ("bye_count", -1),
        ("scoring", (("QQ", 10),)),
        ("tiebreaks", ("XYZ",)),
    ],
)
def test_bad_new_settings_are_refused(field: str, value: object) -> None:
    with pytest.raises(ValueError):
        GeneratorConfig(**{field: value})


def test_an_accelerated_event_needs_the_edition_of_its_virtual_points() -> None:
    with pytest.raises(ValueError, match="edition"):
        generate(GeneratorConfig(players=8, rounds=3), 1, lambda s: pair(s, "dutch", "2026"), AccelerationSpec("baku"))
