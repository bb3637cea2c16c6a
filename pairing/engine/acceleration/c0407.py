"""The Baku method as C.04.7 (FIDE-approved accelerated systems, applied from 1 February
2026) restates it; the seed edition's text is C.04.5.1 (:mod:`.baku`).

- 1.1: the method applies when a win is worth two draws and a loss nothing (the standard
  1, 1/2, 0, or 2, 1, 0...); outside that premise it is still applied, with a warning.
  The seed text's "nine rounds or more" is gone: the accelerated rounds scale with the
  length of the event.
- 1.2: group A (GA) is the first half of the list rounded up to an even number,
  2 x ceil(N / 4) players; the others are group B (GB). As in the seed text.
- 1.3: late entries go into the list by C.04.2 (2026) article 2, the last GA player stays
  the one of the previous round (GA may become odd). As in the seed text.
- 1.4: the accelerated rounds are the first ceil(R / 2) of the R rounds. In the first half
  of them, rounded up, each GA player gets as many virtual points as a win gives; in the
  others, half that (a draw's). GB players, and everybody after the accelerated rounds,
  get none. (9 rounds: 5 accelerated, 1 point before rounds 1-3 and 0.5 before 4-5, as the
  seed text; 11 rounds: 6 accelerated, 1 point before rounds 1-3 and 0.5 before 4-6.)
- 1.5: pairing score = standings points + virtual points; C.04.7 also makes it the score
  the boards are ordered by (C.04.2 2026 art. 3.6), see :func:`pairing.engine.pair`.

GA, N and the late entries are read exactly as the seed edition's :mod:`.baku` reads them.
"""

from __future__ import annotations

from pairing.engine.acceleration.baku import group_a
from pairing.engine.state import Scoring, TournamentState


def accelerated_rounds(total_rounds: int) -> int:
    """1.4: the first half of the rounds, rounded up."""
    return -(-total_rounds // 2)


def full_point_rounds(total_rounds: int) -> int:
    """1.4: the first half of the accelerated rounds, rounded up, carry a win's points."""
    return -(-accelerated_rounds(total_rounds) // 2)


def premise_holds(scoring: Scoring) -> bool:
    """1.1: a win is worth two draws and a loss nothing."""
    return scoring.win == 2 * scoring.draw and scoring.loss == 0


def virtual_points_by_round(total_rounds: int, scoring: Scoring) -> tuple[int, ...]:
    """What a GA player gets before each round 1..total_rounds (tenths): a win's points,
    then half of them (a draw's, under the premise), then nothing."""
    full, accelerated = full_point_rounds(total_rounds), accelerated_rounds(total_rounds)
    half = scoring.win // 2
    return tuple(scoring.win if r <= full else half if r <= accelerated else 0 for r in range(1, total_rounds + 1))


def c0407_virtual_points(state: TournamentState) -> tuple[dict[int, tuple[int, ...]], tuple[str, ...]]:
    """Virtual points of every player for rounds 1..total_rounds, and the 1.1 warning."""
    members = group_a(state)
    ga_points = virtual_points_by_round(state.total_rounds, state.scoring)
    none = tuple(0 for _ in ga_points)
    table = {p.id: ga_points if p.id in members else none for p in state.players}
    warnings: tuple[str, ...] = ()
    if not premise_holds(state.scoring):
        warnings = (
            "C.04.7 1.1: the Baku method applies when a win is worth two draws and a loss nothing; "
            "this tournament's scoring is not so, and GA gets a win's points, then half of them, all the same",
        )
    return table, warnings
