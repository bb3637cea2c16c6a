"""The TRF-2026 records: read, written, and derived from their TRF16 counterparts."""

from __future__ import annotations

from pairing.engine.trf import (
    TrfAbnormalPoints,
    TrfAcceleratedRounds,
    TrfBye,
    TrfProhibited,
    TrfStartingRank,
    TrfTournament,
    parse_trf,
    read_trf,
    write_trf,
)
from pairing.engine.trf.state import forbidden_of, state_for_round, virtual_points_of
from tests.engine.trf.lines import SEED, player_record, trf_error


def test_trf26_output_is_stable_once_written() -> None:
    once = write_trf(read_trf(SEED), trf26=True)
    assert write_trf(parse_trf(once), trf26=True) == once


def test_it_reads_the_trf2026_records() -> None:
    text = (
        "\n".join(
            [
                "012 TRF-2026 tournament",
                "142 9",
                "152 B",
                "162  W 3.0    D 1.0    L 0.0    P 1.0",
                "192 FIDE_DUTCH_2025_BAKU",
                player_record(1),
                player_record(2),
                player_record(3),
                "240 H 003    1    2",
                "240 Z 004    3",
                "250       1.0 001 003    1    2",
                "260 001 002    1    3",
                "### RR1 RRL PPP1",
                "DAT 0001 EMAIL someone@example.org",
            ]
        )
        + "\n"
    )
    t = parse_trf(text)
    assert (t.rounds_142, t.total_rounds) == (9, 9)
    assert (t.initial_colour_152, t.initial_colour) == ("B", "b")
    assert t.scoring_162 == (("W", 30), ("D", 10), ("L", 0), ("P", 10))
    assert t.type_192 == "FIDE_DUTCH_2025_BAKU"
    assert t.byes_240 == (TrfBye("H", 3, (1, 2)), TrfBye("Z", 4, (3,)))
    assert t.accelerations_250 == (TrfAcceleratedRounds(10, 1, 3, 1, 2),)
    assert t.prohibited_260 == (TrfProhibited(1, 2, (1, 3)),)
    assert t.other_records == ("### RR1 RRL PPP1", "DAT 0001 EMAIL someone@example.org")
    assert parse_trf(write_trf(t)) == t


def test_trf26_output_adds_the_2026_records_from_their_trf16_counterparts() -> None:
    t = parse_trf(
        "\n".join(
            [
                player_record(1, "  0000 - H     2 w 1"),
                player_record(2, "  0000 - Z     1 b 0"),
                player_record(3, "  0000 - F  0000 - U"),
                "XXR 5",
                "XXC black1",
                "XXS W=3 D=1",
                "XXA    1  1.0  1.0",
                "XXA    2  1.0  1.0",
                "XXP 2 3",
            ]
        )
        + "\n"
    )
    again = parse_trf(write_trf(t, trf26=True))
    assert again.rounds_142 == 5 and again.initial_colour_152 == "B"
    assert dict(again.scoring_162) == {"W": 30, "D": 10, "P": 10}  # XXS's PAB stays 1.0
    assert again.byes_240 == (TrfBye("F", 1, (3,)), TrfBye("H", 1, (1,)), TrfBye("Z", 1, (2,)))
    assert again.accelerations_250 == (TrfAcceleratedRounds(10, 1, 2, 1, 2),)
    assert again.prohibited_260 == (TrfProhibited(1, 5, (2, 3)),)
    assert again.xx_rounds == 5  # the TRF16 lines stay
    assert "XXR" not in write_trf(TrfTournament(players=t.players, rounds_142=5))


SPEC_EXAMPLE = SEED.parent / "trf26" / "spec-example.trf"


def test_the_spec_example_round_trips_exactly() -> None:
    """Every TRF-2026 record of an individual Swiss, laid out as the specification's
    examples: read, written, read again gives the same records, and writing is stable."""
    t = read_trf(SPEC_EXAMPLE)
    text = write_trf(t)
    assert parse_trf(text) == t
    assert write_trf(parse_trf(text)) == text
    assert write_trf(parse_trf(write_trf(t, trf26=True)), trf26=True) == write_trf(t, trf26=True)


def test_the_spec_example_reads_records_172_to_299_and_the_national_ratings() -> None:
    t = read_trf(SPEC_EXAMPLE)
    assert t.starting_rank_172 == TrfStartingRank("ITA", "FIDON")
    assert t.pairing_controller_182 == "Rossi, Anna"
    assert t.type_192 == "FIDE_DUTCH_2026"
    assert t.time_control_222 == "40/6000+30:900+30"
    assert t.accelerations_250 == (TrfAcceleratedRounds(10, 1, 2, 1, 3), TrfAcceleratedRounds(5, 3, 3, 1, 3))
    assert t.prohibited_260 == (TrfProhibited(1, 5, (1, 2)), TrfProhibited(3, 5, (4, 5, 6)))
    assert t.abnormal_299 == (TrfAbnormalPoints("-", -10, 2, (5,)), TrfAbnormalPoints(" ", 5, 0, (3,)))
    assert [(r.federation, r.start, r.rating, r.origin, r.number) for r in t.national_ratings] == [
        ("ITA", 1, 2290, "TOS", "123456"),
        ("ITA", 6, 1750, "LOM", "654321"),
    ]
    assert "202 BH:C1 BH SB" in t.other_records  # the tie-break list, read by tourney.trf_io


def test_records_250_are_virtual_points_per_player_and_round_as_xxa_gives_them() -> None:
    t = read_trf(SPEC_EXAMPLE)
    assert virtual_points_of(t) == ((1, (10, 10, 5)), (2, (10, 10, 5)), (3, (10, 10, 5)))
    state = state_for_round(t, 3)
    assert (state.acceleration(1, 1), state.acceleration(3, 3), state.acceleration(4, 1)) == (10, 5, 0)


def test_records_260_forbid_their_pairs_in_their_rounds_only() -> None:
    t = read_trf(SPEC_EXAMPLE)
    assert forbidden_of(t, 2) == ((1, 2),)
    assert forbidden_of(t, 3) == ((1, 2), (4, 5), (4, 6), (5, 6))


def test_a_bad_starting_rank_method_or_abnormal_type_names_its_column() -> None:
    assert (trf_error("172 ITA BEST\n").line, trf_error("172 ITA BEST\n").column) == (1, 9)
    assert trf_error("299 Q        -1.0  002    5\n").column == 5
