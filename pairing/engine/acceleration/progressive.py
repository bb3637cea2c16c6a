"""The progressive accelerated Swiss ("accelerato decrescente", "accéléré dégressif").

From the rules of the progressive accelerated Swiss as published in Italian, English and
French (the English text normative):

- Groups: players are divided in groups A, B, C by their Elo rating, with limits the
  arbiter decides before round 1 (in general A: rating >= 2000, C: rating < 1600). "Each
  group includes a minimum of 25% and a maximum of 50% of all players": limits that break
  this are refused, with the group, its share and the limits.
- Start: A has 2 fictitious points, B 1, C 0.
- A player of group B or C with at least 1.5 real points gains half a point; with his third
  real point (>= 3) another half point (so B reaches 2). A player of group C with at least
  4.5 real points gains a half point for the third time.
- "When a player achieves N/2 real points (N the number of rounds), their fictitious score is
  brought to 2."
- "Before the penultimate round, all fictitious points are cancelled": rounds N-1 and N are
  paired on real points only.
- Global score GS = real score RS + fictitious score FS: the pairing score.

The fictitious points depend on real points, so they are computed for each round from the
real score before it. The text speaks of a capital that increases; with results that never
take points away it is a function of the real score, and with a negative score (some
non-standard scoring) the capital keeps the highest score reached.
"""

from __future__ import annotations

from pairing.engine.acceleration.roster import real_score_for, round_one_list
from pairing.engine.state import Player, TournamentState

MAXIMUM = 20  # "a fictitious score (FS) between 0 and 2", in tenths
START = {"A": 20, "B": 10, "C": 0}
STEPS_B_AND_C = (15, 30)  # RS >= 1.5, RS >= 3: half a point each
STEP_C_ONLY = 45  # RS >= 4.5, group C: a third half point
HALF_POINT = 5
MINIMUM_SHARE, MAXIMUM_SHARE = 0.25, 0.50


def group_of(rating: int, group_a_min: int, group_c_below: int) -> str:
    """A: rating >= group_a_min; C: rating < group_c_below; B: between (unrated: rating 0, C)."""
    if rating >= group_a_min:
        return "A"
    if rating < group_c_below:
        return "C"
    return "B"


def fictitious_points(group: str, real: int, total_rounds: int, round_number: int) -> int:
    """FS (tenths) of a player of *group* with *real* points (tenths) before *round_number*."""
    if round_number >= total_rounds - 1:
        return 0  # cancelled before the penultimate round
    points = START[group]
    if group in ("B", "C"):
        points += HALF_POINT * sum(1 for step in STEPS_B_AND_C if real >= step)
    if group == "C" and real >= STEP_C_ONLY:
        points += HALF_POINT
    if 2 * real >= 10 * total_rounds:
        points = MAXIMUM  # N/2 real points: brought to 2
    return min(points, MAXIMUM)


def check_groups(players: tuple[Player, ...], group_a_min: int, group_c_below: int) -> str | None:
    """The reason the limits break the 25%-50% rule, or None when every group is within it."""
    if group_a_min <= group_c_below:
        return (
            f"group A's lower limit ({group_a_min}) must be above group C's upper limit ({group_c_below}), "
            "so that group B lies between them"
        )
    total = len(players)
    if not total:
        return None
    bounds = {
        "A": f"rating >= {group_a_min}",
        "B": f"{group_c_below} <= rating < {group_a_min}",
        "C": f"rating < {group_c_below}",
    }
    for group, bound in bounds.items():
        count = sum(1 for p in players if group_of(p.rating, group_a_min, group_c_below) == group)
        if not MINIMUM_SHARE * total <= count <= MAXIMUM_SHARE * total:
            return (
                f"group {group} ({bound}) holds {count} of {total} players ({100 * count / total:.1f}%); "
                f"each group must hold 25% to 50% of the players: choose other limits"
            )
    return None


def progressive_virtual_points(
    state: TournamentState, group_a_min: int, group_c_below: int
) -> tuple[dict[int, tuple[int, ...]], tuple[str, ...]]:
    """Fictitious points of every player for rounds 1..total_rounds, and warnings.

    The 25%-50% shares are those of the initial list (the players split before round 1);
    a late entry joins the group his rating gives with the same limits. Raises ValueError
    with the reason when the limits break the rule.
    """
    reason = check_groups(round_one_list(state), group_a_min, group_c_below)
    if reason:
        raise ValueError(reason)
    rounds = range(1, state.total_rounds + 1)
    table = {}
    for p in state.players:
        group = group_of(p.rating, group_a_min, group_c_below)
        peak = 0
        values = []
        for r in rounds:
            peak = max(peak, real_score_for(state, p.id, r))
            values.append(fictitious_points(group, peak, state.total_rounds, r))
        table[p.id] = tuple(values)
    warnings = ()
    if not state.scoring.is_standard:
        warnings = (
            "progressive acceleration: its thresholds (1.5, 3, 4.5 and N/2 real points) are written for "
            "the standard scoring (1, 1/2, 0); they are applied to this tournament's points as they are",
        )
    return table, warnings
