"""The Burstein system's own acceleration, C.04.4.2 rule 3.3 (FIDE Handbook).

"For accelerating pairing, in the first two rounds, an 'imaginary' point shall be added to
the score of each of the players in the top half of the initial list of participants
(arranged in the order of their R). This imaginary point shall then be deducted before
making the pairings of the third round."

Decisions (the Burstein engine's, kept when the rule moved here; the Burstein witness
corpus, 300 tournaments paired with this acceleration by the Burstein mode of the
FIDE-endorsed engine, agrees with them): the initial list is the list of
effective pairing numbers of the round being paired (C.04.2.B/C: players who have not
arrived have none), and its "top half" is numbers 1 .. n // 2 of its n players, so an odd
list gives the extra player to the bottom half.
"""

from __future__ import annotations

from pairing.engine.acceleration.roster import pairing_numbers_in
from pairing.engine.state import TournamentState

IMAGINARY_POINT = 10  # one point, in tenths
ACCELERATED_ROUNDS = (1, 2)  # deducted before the third round


def top_half(state: TournamentState, round_number: int) -> frozenset[int]:
    """The players who carry the imaginary point in *round_number* (none from round 3 on)."""
    if round_number not in ACCELERATED_ROUNDS:
        return frozenset()
    numbers = pairing_numbers_in(state, round_number)
    half = len(numbers) // 2
    return frozenset(pid for pid, number in numbers.items() if number <= half)


def burstein_virtual_points(state: TournamentState) -> tuple[dict[int, tuple[int, ...]], tuple[str, ...]]:
    """Imaginary points of every player for rounds 1..total_rounds (3.3)."""
    halves = {r: top_half(state, r) for r in range(1, state.total_rounds + 1)}
    table = {
        p.id: tuple(IMAGINARY_POINT if p.id in halves[r] else 0 for r in range(1, state.total_rounds + 1))
        for p in state.players
    }
    return table, ()
