"""The independent pairing checker: each absolute rule of C.04.1 caught, sound pairings passed."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from pairing.engine import pair
from pairing.engine.checker import Violation, check_pairing, check_round, last_round_exemptions, topscorers
from pairing.engine.generator import GeneratorConfig, generate
from pairing.engine.state import Board, Colour, Outcome, Pairing, PairingError, Player, RoundEntry, TournamentState
from pairing.engine.trf import read_trf
from pairing.engine.trf.state import recorded_pairing, state_for_round
from tests.engine.burstein.swiss_builder import GAME_OUTCOMES

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "trf"
RESULTS = {**GAME_OUTCOMES, "--": (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS)}
BYES = {"pab": Outcome.PAIRING_BYE, "full": Outcome.FULL_BYE, "half": Outcome.HALF_BYE, "zero": Outcome.ZERO_BYE}


def tournament(
    players: int,
    *rounds: str,
    absent: tuple[int, ...] = (),
    total: int = 5,
    forbidden: tuple[tuple[int, int], ...] = (),
) -> TournamentState:
    """rounds like '1-2 1-0, 3-4 =, 5 pab': White first; unmentioned players were not paired."""
    history: dict[int, list[RoundEntry]] = {k: [] for k in range(1, players + 1)}
    for index, spec in enumerate(rounds, 1):
        for item in filter(None, (s.strip() for s in spec.split(","))):
            what, _, result = item.partition(" ")
            if "-" in what:
                w, b = (int(x) for x in what.split("-"))
                ow, ob = RESULTS[result]
                history[w].append(RoundEntry(b, Colour.WHITE, ow))
                history[b].append(RoundEntry(w, Colour.BLACK, ob))
            else:
                history[int(what)].append(RoundEntry(None, None, BYES[result]))
        for entries in history.values():
            if len(entries) < index:
                entries.append(RoundEntry(None, None, Outcome.NOT_PAIRED))
    return TournamentState(
        players=tuple(Player(id=k, rating=2500 - k, history=tuple(h)) for k, h in history.items()),
        total_rounds=total,
        round_to_pair=len(rounds) + 1,
        absent=frozenset(absent),
        forbidden=forbidden,
    )


def pairing(spec: str) -> Pairing:
    """'1-2, 3-4, 5' : boards White-Black, a lone number is the PAB."""
    boards, bye = [], None
    for item in filter(None, (s.strip() for s in spec.split(","))):
        if "-" in item:
            w, b = (int(x) for x in item.split("-"))
            boards.append(Board(w, b))
        else:
            bye = int(item)
    return Pairing(tuple(boards), bye)


def rules(violations: list[Violation]) -> list[str]:
    return sorted(v.rule for v in violations)


def test_a_sound_pairing_passes() -> None:
    state = tournament(4, "1-3 1-0, 2-4 =")
    assert check_pairing(state, pairing("4-1, 3-2"), edition="2017") == []


def test_a_rematch_is_caught() -> None:
    state = tournament(4, "1-3 1-0, 2-4 =")
    violations = check_pairing(state, pairing("3-1, 4-2"), edition="2017")
    assert rules(violations) == ["C.04.1.b", "C.04.1.b"]
    assert violations[0].players == (3, 1)


def test_a_forfeited_game_is_no_bar_to_meeting_again() -> None:
    # C.04.2.D.6: the game was not played
    state = tournament(4, "1-3 +-, 2-4 --")
    assert check_pairing(state, pairing("3-1, 4-2"), edition="2017") == []


def test_everyone_present_is_paired_exactly_once() -> None:
    state = tournament(7, "1-4 1-0, 2-5 1-0, 3-6 1-0, 7 pab", absent=(7,))
    assert check_pairing(state, pairing("1-2, 3-5, 4-6"), edition="2017") == []
    assert rules(check_pairing(state, pairing("1-2, 3-1, 4-6"), edition="2017")) == [
        "player",
        "player",
    ]  # 1 twice, 5 missing
    violations = check_pairing(state, pairing("1-2, 3-5, 4-7"), edition="2017")
    assert rules(violations) == ["absent", "player"]
    assert [v.players for v in violations if v.rule == "absent"] == [(7,)]
    assert rules(check_pairing(state, pairing("1-2, 3-5, 4-9"), edition="2017")) == [
        "player",
        "player",
    ]  # 9 unknown, 6 missing
    assert rules(check_pairing(state, pairing("1-1, 2-3, 4-5"), edition="2017")) == ["player", "player", "player"]


def test_a_pab_needs_an_odd_number_of_players() -> None:
    state = tournament(4, "1-3 1-0, 2-4 =")
    assert "C.04.1.c" in rules(check_pairing(state, pairing("4-1, 3"), edition="2017"))
    odd = tournament(5, "1-3 1-0, 2-4 =, 5 pab")
    assert "C.04.1.c" in rules(check_pairing(odd, pairing("4-1, 3-2"), edition="2017"))
    assert check_pairing(odd, pairing("4-1, 5-2, 3"), edition="2017") == []


def test_no_second_pab_and_none_after_a_forfeit_win() -> None:
    state = tournament(5, "1-3 1-0, 2-4 +-, 5 pab")
    assert rules(check_pairing(state, pairing("4-1, 3-2, 5"), edition="2017")) == ["C.04.1.d"]
    assert rules(check_pairing(state, pairing("4-1, 3-5, 2"), edition="2017")) == ["C.04.1.d"]
    assert check_pairing(state, pairing("4-1, 5-2, 3"), edition="2017") == []


def test_a_requested_full_point_bye_does_not_bar_the_pab() -> None:
    state = tournament(5, "1-3 1-0, 2-4 =, 5 full")
    assert check_pairing(state, pairing("4-1, 3-2, 5"), edition="2017") == []


def test_in_2026_a_win_scored_without_playing_bars_the_pab() -> None:
    # C.04.1 (2026) art. 4: a PAB, or a win's points in a round without playing
    state = tournament(5, "1-3 1-0, 2-4 =, 5 full")
    assert check_pairing(state, pairing("4-1, 3-2, 5"), edition="2017") == []
    assert rules(check_pairing(state, pairing("4-1, 3-2, 5"), edition="2026")) == ["C.04.1.d"]
    forfeit = tournament(5, "1-3 1-0, 2-4 +-, 5 half")
    assert rules(check_pairing(forfeit, pairing("4-1, 3-5, 2"), edition="2026")) == ["C.04.1.d"]
    assert check_pairing(forfeit, pairing("4-1, 3-2, 5"), edition="2026") == []  # half a point: no bar


def test_three_of_the_same_colour_in_a_row_is_caught() -> None:
    state = tournament(4, "1-2 =, 3-4 =", "1-3 =, 2-4 =")
    violations = check_pairing(state, pairing("1-4, 3-2"), edition="2017")  # 1: W W W (+3), 4: B B B (-3)
    assert rules(violations) == ["C.04.1.f", "C.04.1.f", "C.04.1.g", "C.04.1.g"]
    assert {v.players for v in violations} == {(1,), (4,)}


def test_a_colour_difference_beyond_two_is_caught() -> None:
    state = tournament(6, "1-2 =, 3-4 =, 5-6 =", "1-3 =, 2-5 =, 4-6 =", "5-1 =, 6-2 =, 3-4 =", "1-4 =, 2-3 =, 6-5 =")
    violations = check_pairing(state, pairing("1-6, 2-4, 3-5"), edition="2017")  # 1: W W B W + W = +3
    assert [v.rule for v in violations if v.players == (1,)] == ["C.04.1.f"]


def test_colours_of_unplayed_games_do_not_count() -> None:
    # 1 had White, then a forfeit win "with White", then White: only two played Whites.
    state = tournament(4, "1-2 =, 3-4 =", "1-3 +-, 4-2 =")
    assert check_pairing(state, pairing("1-4, 2-3"), edition="2017") == []
    state = tournament(4, "1-2 =, 3-4 =", "1-3 =, 4-2 =")
    assert "C.04.1.g" in rules(check_pairing(state, pairing("1-4, 2-3"), edition="2017"))


def test_colour_rules_can_exempt_players_and_be_switched_off() -> None:
    state = tournament(4, "1-2 =, 3-4 =", "1-3 =, 2-4 =")
    assert rules(check_pairing(state, pairing("1-4, 3-2"), colour_exempt={1}, edition="2017")) == [
        "C.04.1.f",
        "C.04.1.g",
    ]
    assert check_pairing(state, pairing("1-4, 3-2"), colours=False, edition="2017") == []


def test_forbidden_pairs_are_caught() -> None:
    state = tournament(4, absent=(), forbidden=((1, 2),))
    assert rules(check_pairing(state, pairing("2-1, 3-4"), edition="2017")) == ["forbidden"]


def test_topscorers_exist_only_in_the_last_round() -> None:
    # C.04.3 A.7: over 50% of the maximum possible score when pairing the final round
    rounds = ("1-2 1-0, 3-4 1-0", "1-3 1-0, 2-4 =")
    assert topscorers(tournament(4, *rounds, total=3)) == frozenset({1})
    assert topscorers(tournament(4, *rounds, total=4)) == frozenset()
    assert last_round_exemptions(tournament(4, *rounds, total=3), "dutch") == frozenset({1})
    assert last_round_exemptions(tournament(4, *rounds, total=3), "dubov") == frozenset()


@pytest.mark.parametrize("name", ["rtg0001.trf", "drv0083.trf"])
def test_last_round_topscorers_may_break_the_colour_rules_in_the_dutch_system(name: str) -> None:
    t = read_trf(FIXTURES / "checker" / name)
    last = t.rounds_in_file
    state = state_for_round(t, last)
    recorded = recorded_pairing(t, last, "2017")
    strict = check_pairing(state, recorded, edition="2017")
    assert strict and {v.rule for v in strict} <= {"C.04.1.f", "C.04.1.g"}
    assert all(set(v.players) <= topscorers(state) for v in strict)
    assert check_pairing(state, recorded, colour_exempt=last_round_exemptions(state, "dutch"), edition="2017") == []
    assert check_round(state, recorded, "dutch", edition="2017") == []
    assert check_round(state, recorded, "dubov", edition="2017") == strict


def test_the_opponent_of_a_last_round_topscorer_may_break_the_colour_rules_in_the_dutch_system() -> None:
    # 2017 C.8/C.9, 2026 C10/C11: "topscorers or topscorers' opponents". Round 9 of 9: the
    # topscorer 4 (+2) and 6 (White in his last two played games) both need Black; E.2 gives
    # it to 4, the wider difference, and 6 plays White a third time in a row.
    t = read_trf(FIXTURES / "checker" / "dutch2026-drv0098.trf")
    state = state_for_round(t, 9)
    recorded = recorded_pairing(t, 9, "2017")
    assert 4 in topscorers(state) and 6 not in topscorers(state)
    assert [v.players for v in check_pairing(state, recorded, colour_exempt=topscorers(state), edition="2017")] == [
        (6,)
    ]
    assert check_round(state, recorded, "dutch", "2026") == []


@pytest.mark.parametrize(
    "path", sorted(FIXTURES.glob("*.trf")) + sorted(FIXTURES.glob("corpus/*/*.trf"))[:20], ids=lambda p: p.name
)
def test_every_recorded_fixture_round_passes(path: Path) -> None:
    t = read_trf(path)
    for rnd in range(1, t.rounds_in_file + 1):
        state = state_for_round(t, rnd)
        assert (
            check_pairing(
                state,
                recorded_pairing(t, rnd, "2017"),
                colour_exempt=last_round_exemptions(state, "dutch"),
                edition="2017",
            )
            == []
        ), (path.name, rnd)


def test_a_violation_reads_as_its_rule_and_message() -> None:
    v = Violation("C.04.1.b", "players 1 and 2 have already played each other", (1, 2))
    assert str(v) == "C.04.1.b: players 1 and 2 have already played each other"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(5, 24), rounds=st.integers(3, 7))
def test_the_dutch_engine_never_breaks_an_absolute_rule(seed: int, players: int, rounds: int) -> None:
    assume(rounds < players)
    config = GeneratorConfig(
        players=players, rounds=rounds, bye_rate=0.05, forfeit_rate=0.08, withdraw_rate=0.03, late_rate=0.1
    )
    try:
        t = generate(config, seed, lambda s: pair(s, "dutch"))
    except PairingError:
        assume(False)  # a tiny field that ran out of pairings: nothing to check
    for rnd in range(1, rounds + 1):
        state = state_for_round(t, rnd)
        # check_round: in the last round a topscorer's opponent may yield too (C.8/C.9); seed
        # 33493 (9 players, 6 rounds) gives one Black a third time on a topscorer's board.
        assert check_round(state, recorded_pairing(t, rnd, "2017"), "dutch", edition="2017") == []


def test_a_topscorers_opponent_may_get_a_third_colour_or_a_difference_of_three_in_the_last_round() -> None:
    # Last round of 3 (total=3): 1 has 2 points, a topscorer (C.04.3 A.7); 4 is not, and had
    # White twice. On 1's board 4 may yield (C.8/C.9: "topscorers or topscorers' opponents").
    state = tournament(4, "4-2 1-0, 1-3 1-0", "4-3 0-1, 2-1 0-1", total=3)
    assert topscorers(state) == frozenset({1})
    recorded = pairing("4-1, 3-2")
    assert rules(check_pairing(state, recorded, edition="2017")) == ["C.04.1.f", "C.04.1.g"]  # 4: +3, WWW
    assert check_round(state, recorded, "dutch", edition="2017") == []
    assert rules(check_round(state, recorded, "dubov", edition="2017")) == ["C.04.1.f", "C.04.1.g"]
    # Two non-topscorers may not do it (C.3), nor anyone before the last round.
    assert rules(
        check_round(
            tournament(6, "4-2 1-0, 1-3 1-0, 5-6 =", "4-3 0-1, 2-1 0-1, 6-5 =", total=3),
            pairing("4-5, 1-6, 3-2"),
            "dutch",
            edition="2017",
        )
    ) == ["C.04.1.f", "C.04.1.g"]
    assert rules(
        check_round(tournament(4, "4-2 1-0, 1-3 1-0", "4-3 0-1, 2-1 0-1", total=4), recorded, "dutch", edition="2017")
    ) == [
        "C.04.1.f",
        "C.04.1.g",
    ]


@pytest.mark.parametrize(
    ("name", "rule"), [("gen-dutch-seed3-opponent-g.trf", "C.04.1.g"), ("gen-dutch-seed39-opponent-f.trf", "C.04.1.f")]
)
def test_check_does_not_cry_wolf_on_a_topscorers_opponent(name: str, rule: str) -> None:
    # Made by python -m pairing --generate (seeds 3 and 39): in the last round a non-topscorer
    # facing a topscorer gets a third colour in a row or a colour difference of 3.
    t = read_trf(FIXTURES / "checker" / name)
    last = t.rounds_in_file
    state = state_for_round(t, last)
    recorded = recorded_pairing(t, last, "2017")
    strict = check_pairing(state, recorded, edition="2017")
    assert [v.rule for v in strict] == [rule]
    (player,) = strict[0].players
    assert player not in topscorers(state)
    assert any({player} < {b.white, b.black} and {b.white, b.black} & topscorers(state) for b in recorded.boards)
    assert check_round(state, recorded, "dutch", edition="2017") == []


def test_lim_lets_every_colour_limit_give_way_in_the_last_round_only() -> None:
    # C.04.4.3 rule 6: in the last round only "not met" remains; before it the limits hold.
    played = ("1-2 1-0, 3-4 1-0", "1-3 =, 2-4 =")
    last = tournament(4, *played, total=3)
    third_white = pairing("1-4, 2-3")  # 1 White a third time, 4 Black a third time
    assert check_round(last, third_white, "lim", edition="2017") == []
    assert set(rules(check_round(last, third_white, "dubov", edition="2017"))) == {"C.04.1.f", "C.04.1.g"}
    not_last = tournament(4, *played, total=4)
    assert set(rules(check_round(not_last, third_white, "lim", edition="2017"))) == {"C.04.1.f", "C.04.1.g"}


def test_a_topscorers_opponent_yielding_in_a_generated_last_round_is_no_violation() -> None:
    config = GeneratorConfig(players=9, rounds=6, bye_rate=0.05, forfeit_rate=0.08, withdraw_rate=0.03, late_rate=0.1)
    t = generate(config, 33493, lambda s: pair(s, "dutch"))
    state = state_for_round(t, 6)
    recorded = recorded_pairing(t, 6, "2017")
    assert rules(
        check_pairing(state, recorded, colour_exempt=last_round_exemptions(state, "dutch"), edition="2017")
    ) == ["C.04.1.g"]
    assert check_round(state, recorded, "dutch", edition="2017") == []
