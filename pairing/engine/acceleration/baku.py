"""Baku Acceleration, C.04.5.1 (FIDE Handbook, "Baku Acceleration").

- Rule 1: the method as presented applies to tournaments of nine rounds or more with the
  standard scoring (1, 1/2, 0); outside that it is still applied, with a warning.
- Rule 2: before round 1 the properly sorted list is split: GA holds the first half
  rounded up to an even number, 2 * ceil(N / 4) players; GB the others.
- Rule 3: late entries go into the list by C.04.2.B/C and the last GA player stays the
  one of the previous round (so GA may become odd): GA is everybody ranked at or above him.
- Rule 4: GA players get 1 virtual point before rounds 1-3 and 0.5 before rounds 4-5;
  nobody gets any after the fifth round.
- Rule 5: pairing score = standings points + virtual points (the engines add them).

N is the whole initial list, the players absent from round 1 included: that is how the
FIDE-endorsed engine's Baku corpus (60 tournaments paired with C.04.5.1) reads "the list of players
to be paired", and what rule 3 needs (a list that does not change with the round's absences).
"""

from __future__ import annotations

from pairing.engine.acceleration.roster import round_one_list
from pairing.engine.state import TournamentState

# Rule 4, in tenths of a point: the text gives points (1 and 0.5), not a share of a win.
VIRTUAL_POINTS_BY_ROUND = {1: 10, 2: 10, 3: 10, 4: 5, 5: 5}
MINIMUM_ROUNDS = 9  # rule 1


def group_a_size(players: int) -> int:
    """Rule 2: 2 * Q, Q = players / 4 rounded up (161 players: 82)."""
    return 2 * -(-players // 4)


def group_a(state: TournamentState) -> frozenset[int]:
    """GA: the first 2 * ceil(N / 4) of the initial list, then late entries above its last player."""
    initial = round_one_list(state)
    size = group_a_size(len(initial))
    if not size:
        return frozenset()
    last = initial[size - 1].id
    order = [p.id for p in state.players]  # the pairing list with the late entries in place (rule 3)
    return frozenset(order[: order.index(last) + 1])


def baku_virtual_points(state: TournamentState) -> tuple[dict[int, tuple[int, ...]], tuple[str, ...]]:
    """Virtual points of every player for rounds 1..total_rounds, and the rule-1 warnings."""
    members = group_a(state)
    rounds = range(1, state.total_rounds + 1)
    ga_points = tuple(VIRTUAL_POINTS_BY_ROUND.get(r, 0) for r in rounds)
    none = tuple(0 for _ in rounds)
    table = {p.id: ga_points if p.id in members else none for p in state.players}
    warnings = []
    if state.total_rounds < MINIMUM_ROUNDS:
        warnings.append(
            f"C.04.5.1 rule 1: the Baku acceleration is presented for tournaments of {MINIMUM_ROUNDS} rounds "
            f"or more; this one has {state.total_rounds}"
        )
    if not state.scoring.is_standard:
        warnings.append(
            "C.04.5.1 rule 1: the Baku acceleration is presented for the standard scoring (1, 1/2, 0); "
            "the virtual points stay 1 and 0.5 points as rule 4 gives them"
        )
    return table, tuple(warnings)
