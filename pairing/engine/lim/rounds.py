"""C.04.4.3 rule 2.2 and 2.6: the order score groups are paired in, and the median.

2.2: from the highest score group down to just above the median score group (half the
rounds played), then from the lowest up to just below it, the median group last,
paired downward. Floaters move the way pairing goes (3.2), so floaters from both sides
end in the median group. Decision: when no player has the median score, the median
group is the empty group at that score and holds only those floaters.
2.6: a median group that cannot be paired takes the next pair of the adjacent group
below (when more floaters came from above than from below) or above (otherwise), both
players joining it as floaters, and is paired again. Decision: "next" is the pair
formed last on that side, the one nearest the median.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import groupby

from pairing.engine.lim.groups import DOWN, UP, Floater, GroupPairer, GroupResult
from pairing.engine.lim.players import LimRound
from pairing.engine.options import PairingOptions, report_progress
from pairing.engine.state import PairingError


@dataclass(frozen=True)
class GroupStep:
    """One score group as the procedure paired it, for the explanations: its residents,
    the floaters that came in (with the adjacent group it looked at, 3.9) and the result.
    A blocked median group (2.6) is one step per attempt, *cracked* the pairs taken
    from its neighbours before that attempt."""

    score: int
    direction: str
    residents: tuple[int, ...]
    incoming: tuple[Floater, ...]
    adjacent: tuple[int, ...]
    below_median: bool
    result: GroupResult
    median: bool = False
    cracked: tuple[tuple[int, int], ...] = ()


@dataclass
class RoundTrace:
    """What :func:`pairing.engine.lim.pair_round` did, for the explanations: the round's
    facts and its groups in 2.2 order."""

    data: LimRound | None = None
    steps: list[GroupStep] = field(default_factory=list)


def pair_score_groups(
    data: LimRound,
    players: Sequence[int],
    options: PairingOptions | None = None,
    trace: list[GroupStep] | None = None,
) -> list[tuple[int, int]]:
    """The pairs of *players* (the PAB receiver left out), score group by score group in
    2.2 order; *options*' progress callback, if any, is told (k, n) as the k-th of the n
    groups starts (the median group last, once however often 2.6 reopens it). *trace*,
    when given, receives each group's :class:`GroupStep` in that order."""
    ordered = sorted(players, key=data.rank)
    groups = [list(g) for _, g in groupby(ordered, key=lambda p: data.score[p])]
    median = data.median_score
    above = [g for g in groups if data.score[g[0]] > median]
    below = [g for g in groups if data.score[g[0]] < median][::-1]  # lowest first
    middle = next((g for g in groups if data.score[g[0]] == median), [])
    pairer = GroupPairer(data)
    total = len(above) + len(below) + 1
    started = 0

    def report() -> None:
        nonlocal started
        started += 1
        report_progress(options, started, total)

    upper_pairs, from_above = _pair_towards_median(pairer, above, DOWN, middle or _last(below), report, trace)
    lower_pairs, from_below = _pair_towards_median(pairer, below, UP, middle or _last(above), report, trace)

    report()
    cracked: list[tuple[int, int]] = []
    while True:
        result = pairer.pair(middle, from_above + from_below, DOWN, (), below_median=False)
        if trace is not None:
            incoming = (*from_above, *from_below)
            trace.append(GroupStep(median, DOWN, tuple(middle), incoming, (), False, result, True, tuple(cracked)))
        if not result.floaters:
            return upper_pairs + lower_pairs + result.pairs
        # 2.6: crack the next pairing of a neighbouring group and try again.
        take_lower = len(from_above) > len(from_below)
        if take_lower and not lower_pairs:
            take_lower = False
        if not take_lower and not upper_pairs:
            take_lower = bool(lower_pairs)
        if take_lower:
            a, b = lower_pairs.pop()
            cracked.append((a, b))
            from_below = [*from_below, Floater(a, UP), Floater(b, UP)]
        elif upper_pairs:
            a, b = upper_pairs.pop()
            cracked.append((a, b))
            from_above = [*from_above, Floater(a, DOWN), Floater(b, DOWN)]
        else:
            raise PairingError(
                "the median score group cannot be paired even with every other pairing cracked (C.04.4.3 2.6)"
            )


def _pair_towards_median(
    pairer: GroupPairer,
    groups: list[list[int]],
    direction: str,
    beyond: list[int],
    report: Callable[[], None],
    trace: list[GroupStep] | None = None,
) -> tuple[list[tuple[int, int]], list[Floater]]:
    """Pair *groups* in order, each group's floaters carried into the next one, the way
    pairing goes (3.2); *beyond* is the group after the last one. Returns the pairs and the
    floaters left for the median group."""
    pairs: list[tuple[int, int]] = []
    carried: list[Floater] = []
    for index, group in enumerate(groups):
        report()
        adjacent = groups[index + 1] if index + 1 < len(groups) else beyond
        result = pairer.pair(group, carried, direction, adjacent, below_median=direction == UP)
        if trace is not None:
            score = pairer.data.score[group[0]]
            trace.append(
                GroupStep(score, direction, tuple(group), tuple(carried), tuple(adjacent), direction == UP, result)
            )
        pairs += result.pairs
        carried = [Floater(p, direction) for p in result.floaters]
    return pairs, carried


def _last(groups: list[list[int]]) -> list[int]:
    return groups[-1] if groups else []
