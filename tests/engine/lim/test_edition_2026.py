"""The Lim system's 2026 edition (C.04.4.3 applied from 1 February 2026) against the seed
edition, article by article, each change worked by hand.

The 2026 text keeps the procedure and renumbers it (2.3 a-d -> 2.3.1-2.3.4, the bullets
of 2.6 -> 2.6.1/2.6.2, 3.2's paragraphs -> 3.2.1-3.2.4, 3.9's lists -> 3.9.1/3.9.2, 3.10's
bullets -> 3.10.1/3.10.2, 4.1 a/b -> 4.1.1/4.1.2, 4.4 a/b -> 4.4.1/4.4.2, 5.1 a/b ->
5.1.1/5.1.2); it now rests on the 2026 basic rules. The one change of substance for the
pairing is 1.1's reference: "Article 3 of the Basic Rules" (the PAB), with article 4 (who
may not receive it) instead of C.04.1.d. docs/lim.md has the table.
"""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.engine import PairingOptions, editions, pair
from pairing.engine.generator import GeneratorConfig, generate
from pairing.engine.lim.players import LimRound
from pairing.engine.state import Outcome, Pairing, PairingError, TournamentState
from tests.engine.burstein.properties import run_generated_tournament
from tests.engine.burstein.swiss_builder import Tournament


def boards(state: TournamentState, edition: str, options: PairingOptions | None = None) -> list[str]:
    result = pair(state, "lim", edition, options)
    out = [f"{b.white}-{b.black}" for b in result.boards]
    if result.bye is not None:
        out.append(f"bye {result.bye}")
    return out


def full_bye_in_the_lowest_group() -> TournamentState:
    """Round 3 of 5. 5 asked for a full-point bye in round 1 and lost in round 2; 4 had the
    PAB in round 2. Scores: 1 and 4 have 1.5; 2, 3 and 5 have 1 (the median: 2 rounds played)."""
    t = Tournament(ratings=[2400, 2300, 2200, 2100, 2000])
    t.round("1-3 =", "2-4 =", "5 F")
    t.round("1-5 1-0", "3-2 =", "4 bye")
    return t.state(total_rounds=5)


def test_lim_knows_both_editions() -> None:
    assert editions("lim") == ("2017", "2026")


def test_1_1_a_full_point_bye_bars_the_pab_in_2026_only() -> None:
    # 1.1: the PAB goes to the lowest ranked player of the lowest score group, {2, 3, 5}:
    # No.5.
    # 2017 (C.04.1.d: "a pairing-allocated bye or a forfeit win"): 5 may take it. Then the
    # median group {2, 3} cannot be paired (they met in round 2); as many floaters came
    # from above as from below (none), so 2.6 cracks the pairing above, 1 v 4, and both
    # join the median as down-floaters. 1 (White twice: must have Black) is paired first
    # (3.6) with the highest player due the alternate colour (3.8): 2 (B last, due White):
    # 2-1. Then 4 (due White) v 3 (due Black): 4-3.
    # 2026 (C.04.1 art. 4: no PAB for one who "already scored in one single round, without
    # playing, as many points as rewarded for a win"): 5 is barred, the next one up, 3,
    # takes it. Above the median 4 (due White after the PAB and a Black) v 1 (due Black):
    # 4-1. The median group {2, 5}: both due White; 5 has one Black more than White, 2 is
    # level, so 5 gets the equalising White (5.6, 5.4): 5-2.
    state = full_bye_in_the_lowest_group()
    assert boards(state, "2017") == ["2-1", "4-3", "bye 5"]
    assert boards(state, "2026") == ["4-1", "5-2", "bye 3"]
    assert LimRound(state, edition="2017").entrant[5].bye_eligible
    assert not LimRound(state, edition="2026").entrant[5].bye_eligible


@pytest.mark.parametrize(
    ("outcome", "barred_2017", "barred_2026"),
    [
        (Outcome.PAIRING_BYE, True, True),  # both: a PAB already received
        (Outcome.FORFEIT_WIN, True, True),  # both: the opponent did not appear
        (Outcome.FULL_BYE, False, True),  # 2026 only: a win's points without playing
        (Outcome.HALF_BYE, False, False),  # neither: less than a win
        (Outcome.ZERO_BYE, False, False),
        (Outcome.FORFEIT_LOSS, False, False),
    ],
)
def test_1_1_who_may_receive_the_pab_in_each_edition(outcome: Outcome, barred_2017: bool, barred_2026: bool) -> None:
    t = Tournament(ratings=[2400, 2300, 2200, 2100, 2000])
    games = {
        Outcome.PAIRING_BYE: ("1-2 1-0", "3-4 1-0", "5 bye"),
        Outcome.FORFEIT_WIN: ("1-2 1-0", "3-5 -+", "4 H"),
        Outcome.FULL_BYE: ("1-2 1-0", "3-4 1-0", "5 F"),
        Outcome.HALF_BYE: ("1-2 1-0", "3-4 1-0", "5 H"),
        Outcome.ZERO_BYE: ("1-2 1-0", "3-4 1-0", "5 Z"),
        Outcome.FORFEIT_LOSS: ("1-2 1-0", "3-5 +-", "4 H"),
    }[outcome]
    state = t.round(*games).state(total_rounds=5)
    assert state.by_id[5].history[0].outcome is outcome
    assert LimRound(state, edition="2017").entrant[5].bye_eligible is not barred_2017
    assert LimRound(state, edition="2026").entrant[5].bye_eligible is not barred_2026


def test_1_1_when_every_player_is_barred_the_refusal_cites_the_editions_rule() -> None:
    # Three players, each with a win's points without playing behind him: 1 a forfeit win
    # and a full-point bye, 2 a forfeit win, 3 a full-point bye (forfeits are no games: the
    # three may still meet).
    t = Tournament(ratings=[2400, 2300, 2200])
    t.round("1-2 +-", "3 F")
    t.round("1 F", "2-3 +-")
    state = t.state(total_rounds=5)
    with pytest.raises(PairingError, match=r"C\.04\.1 art\. 4"):
        pair(state, "lim", "2026")
    # 1 and 2 won by forfeit (barred in both); 3's full-point bye does not bar him in 2017.
    assert pair(state, "lim", "2017").bye == 3


def test_2_3_4_and_3_10_the_parity_floater_is_chosen_alike() -> None:
    # 3.10 now refers to 2.3.4 (was 2.3.d): a player who floated the round before does not
    # float again for parity. The seed scenario (test_lim_scenarios) pairs alike in 2026:
    # 2 floats from {1, 2, 3}; 5 floats up from {5, 6, 8}.
    t = Tournament(ratings=[2400 - 50 * k for k in range(8)])
    t.round("1-5 1-0", "6-2 0-1", "3-7 1-0", "8-4 0-1")
    t.round("6-1 0-1", "2-4 1-0", "5-3 0-1", "7-8 1-0")
    assert boards(t.state(total_rounds=5), "2026") == ["1-3", "7-2", "4-5", "8-6"]


def test_2_6_1_and_2_6_2_a_blocked_median_group_cracks_the_pairing_above_alike() -> None:
    # 2.6.2 (the second bullet of 2.6): as many floaters from above as from below, so the
    # next pairing of the higher group is cracked: the seed scenario, the same in 2026.
    t = Tournament(ratings=[2400 - 50 * k for k in range(8)])
    t.round("1-5 1-0", "2-6 1-0", "3-7 =", "4-8 =")
    state = t.state(total_rounds=5, forbidden=[(3, 4), (3, 8)])
    assert boards(state, "2026") == boards(state, "2017") == ["8-1", "3-2", "7-4", "6-5"]


def test_3_2_3_and_5_7_maxi_tournaments_alike() -> None:
    t = Tournament(ratings=[2400, 2300, 2250, 2000, 2100, 2050])
    t.round("1-4 1-0", "2-5 =", "3-6 =")
    state = t.state(total_rounds=5)
    assert boards(state, "2026", PairingOptions(lim_maxi=True)) == ["2-1", "5-3", "6-4"]
    assert boards(state, "2026") == ["5-1", "6-2", "4-3"]


def test_6_the_last_round_exception_now_rests_on_basic_rules_5_to_7() -> None:
    # 6 cited C.04.1.c (players with the same score paired); 2026's basic rules 5-7 allow
    # each system its own colour exceptions: Lim's stays the last round. 1 and 2 (White
    # twice) meet; at or above the median the higher ranked gets the alternating colour.
    t = Tournament(ratings=[2400, 2300, 2200, 2100])
    t.round("1-3 1-0", "2-4 1-0")
    t.round("1-4 1-0", "2-3 1-0")
    assert boards(t.state(total_rounds=3), "2026") == ["2-1", "4-3"]
    with pytest.raises(PairingError):
        pair(t.state(total_rounds=5), "lim", "2026")


def test_c04_2_3_4_an_unplayed_round_is_moved_to_the_front_of_the_colour_history() -> None:
    # C.04.2 (2026) 3.4: only played games count; W - W reads - W W, so 1 has had White
    # "in the previous two rounds" (5.3) and must have Black; the seed text counted
    # played games only too (C.04.2.D.5): both editions force 1's Black and pair alike.
    t = Tournament(ratings=[2400, 2300, 2200, 2100])
    t.round("1-3 1-0", "4-2 0-1")
    t.round("1 H", "2-3 =", "4 Z")
    t.round("1-4 1-0", "3-2 =")
    state = t.state(total_rounds=5)
    for edition in ("2017", "2026"):
        assert LimRound(state, edition=edition).colour[1].forced is not None
    assert boards(state, "2026") == boards(state, "2017")


def _differs_only_by_full_byes(state: TournamentState, seed: Pairing, new: Pairing) -> bool:
    """A round paired differently must have had a full-point bye player as the seed PAB."""
    if seed.bye is None:
        return False
    return any(e.outcome is Outcome.FULL_BYE for e in state.by_id[seed.bye].history)


@pytest.mark.parametrize("seed", range(12))
def test_the_editions_pair_every_round_alike_but_for_a_full_point_bye_pab(seed: int) -> None:
    """Generated tournaments (late entries, requested byes H/Z/F, forfeits, withdrawals):
    every round is paired by both editions; they agree unless the seed edition gave the PAB
    to a player who had a full-point bye (the 2026 basic rules' article 4)."""
    config = GeneratorConfig(players=15 + seed % 7, rounds=7, bye_rate=0.08, forfeit_rate=0.04, late_rate=0.05)
    differing: list[int] = []

    def both(state: TournamentState) -> Pairing:
        old = pair(state, "lim", "2017")
        new = pair(state, "lim", "2026")
        if old != new:
            assert _differs_only_by_full_byes(state, old, new), (seed, state.round_to_pair)
            differing.append(state.round_to_pair)
        return new

    with contextlib.suppress(PairingError):
        generate(config, seed, both)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(6, 40))
def test_the_2026_edition_keeps_the_absolute_rules_of_the_2026_basic_rules(seed: int, players: int) -> None:
    """No rematch, the PAB at most once and never after a win's points without playing
    (art. 4: a PAB, a forfeit win, a full-point bye), the colour limits but in the last
    round (rule 6), on generated tournaments with late entries, requested byes, forfeits."""
    run_generated_tournament(
        lambda s: pair(s, "lim", "2026"),
        seed,
        players,
        rounds=min(7, players - 1),
        colour_limits_in_last_round=False,
        barred_bye=frozenset({Outcome.PAIRING_BYE, Outcome.FORFEIT_WIN, Outcome.FULL_BYE}),
    )
