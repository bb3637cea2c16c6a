"""The comment records of the web export (pairing.engine.trf.comments): written, read back
through the TRF reader, and used by the engine's TRF state (provisional ratings) and by
--check (the results a round was paired on)."""

from __future__ import annotations

from pairing.engine.trf import parse_trf, write_trf
from pairing.engine.trf.comments import (
    Correction,
    as_paired,
    corrected_after_pairing,
    correction_comment,
    corrections,
    organizer_comment,
    paired_comment,
    paired_times,
    provisional_comment,
    provisional_ratings,
)
from pairing.engine.trf.records import TrfPlayer, TrfRound, TrfTournament
from pairing.engine.trf.state import state_for_round

CORRECTION = Correction(1, 2, 3, 4, "10", "01", "2026-05-01T18:03:00.000000Z")


def _file(*records: str) -> TrfTournament:
    players = (
        TrfPlayer(1, "Alpha", rating=2000, rounds=(TrfRound(2, "w", "1"),)),
        TrfPlayer(2, "Beta", rounds=(TrfRound(1, "b", "0"),)),
        # Board 2 as corrected: Black won (it was recorded 1-0 first).
        TrfPlayer(3, "Gamma", rating=1800, rounds=(TrfRound(4, "w", "0"),)),
        TrfPlayer(4, "Delta", rating=1700, rounds=(TrfRound(3, "b", "1"),)),
    )
    return TrfTournament(players=players, xx_rounds=3, other_records=records)


def test_the_comment_records_survive_the_reader_and_the_writer() -> None:
    records = (
        provisional_comment(2, 1900),
        paired_comment(2, "2026-05-01T17:00:00.000000Z"),
        correction_comment(CORRECTION),
        organizer_comment("Circolo", "812345"),
    )
    read = parse_trf(write_trf(_file(*records)))
    assert read.other_records == records
    assert provisional_ratings(read.other_records) == {2: 1900}
    assert paired_times(read.other_records) == {2: "2026-05-01T17:00:00.000000Z"}
    assert corrections(read.other_records) == [CORRECTION]
    assert records[3] == "### organizer Circolo (812345)"


def test_the_state_gives_an_unrated_player_his_provisional_rating() -> None:
    state = state_for_round(_file(provisional_comment(2, 1900)), 2)
    assert state.by_id[2].rating == 1900 and state.by_id[1].rating == 2000
    assert state_for_round(_file(), 2).by_id[2].rating == 0


def test_a_correction_after_the_pairing_is_undone_for_that_round_only() -> None:
    t = _file(paired_comment(2, "2026-05-01T17:00:00.000000Z"), correction_comment(CORRECTION))
    assert corrected_after_pairing(t, 2) == [CORRECTION]
    undone = as_paired(t, [CORRECTION])
    assert [p.rounds[0].result for p in undone.players] == ["1", "0", "1", "0"]
    # Round 2 paired after the correction: nothing to undo; no pairing time: nothing known.
    later = _file(paired_comment(2, "2026-05-01T19:00:00.000000Z"), correction_comment(CORRECTION))
    assert corrected_after_pairing(later, 2) == []
    assert corrected_after_pairing(_file(correction_comment(CORRECTION)), 2) == []


def test_a_correction_describes_itself_with_the_results_as_the_arbiter_writes_them() -> None:
    assert CORRECTION.describe() == "round 1 board 2 (3-4: 1-0 became 0-1 at 2026-05-01T18:03:00.000000Z)"
    forfeit = Correction(1, 1, 1, 2, "=" + "=", "+-", "t")
    assert forfeit.describe() == "round 1 board 1 (1-2: ½-½ became +/- at t)"
