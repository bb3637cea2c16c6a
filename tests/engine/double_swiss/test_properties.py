"""Hypothesis: the absolute criteria of C.04.5 (2026) hold in every match of generated
Double-Swiss events, recounted here from the raw game columns (not the engine's view):
[C1] no rematch of a match that was not forfeited, [C2] no second PAB (nor one after a
match won by forfeit or a full-point bye), and the round complete ([C3]: everyone present
paired once, the PAB only when the number is odd; a match is refused only when no legal
pairing exists)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pairing.engine import pair
from pairing.engine.checker import check_round
from pairing.engine.double_swiss.events import EventConfig, play
from pairing.engine.state import Outcome, TournamentState

LOST = Outcome.FORFEIT_LOSS


def _met(state: TournamentState) -> set[frozenset[int]]:
    """Pairs that played a match: paired in it, and neither forfeited both games (Preface)."""
    met = set()
    columns = state.round_to_pair - 1
    for p in state.players:
        for first in range(0, columns, 2):
            one, two = p.history[first], p.history[first + 1]
            opponent = one.opponent if one.opponent is not None else two.opponent
            if opponent is None:
                continue
            theirs = state.by_id[opponent].history
            mine_lost = one.outcome is LOST and two.outcome is LOST
            theirs_lost = theirs[first].outcome is LOST and theirs[first + 1].outcome is LOST
            if not (mine_lost or theirs_lost):
                met.add(frozenset((p.id, opponent)))
    return met


def _barred(state: TournamentState, pid: int) -> bool:
    history = state.by_id[pid].history
    for first in range(0, state.round_to_pair - 1, 2):
        pair_of = (history[first].outcome, history[first + 1].outcome)
        if Outcome.PAIRING_BYE in pair_of or Outcome.FULL_BYE in pair_of:
            return True
        if pair_of == (Outcome.FORFEIT_WIN, Outcome.FORFEIT_WIN):
            return True
    return False


def _some_legal_pairing(ids: list[int], met: set[frozenset[int]]) -> bool:
    if not ids:
        return True
    first, rest = ids[0], ids[1:]
    return any(
        frozenset((first, other)) not in met and _some_legal_pairing(rest[:k] + rest[k + 1 :], met)
        for k, other in enumerate(rest)
    )


events = st.builds(
    EventConfig,
    players=st.integers(1, 13),
    matches=st.integers(1, 7),
    draw_rate=st.sampled_from((0.0, 0.3, 0.6)),
    forfeit_rate=st.sampled_from((0.0, 0.05, 0.3)),
    bye_rate=st.sampled_from((0.0, 0.1, 0.3)),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=events, seed=st.integers(0, 10_000))
def test_absolute_criteria_hold_in_every_match(config: EventConfig, seed: int) -> None:
    for state, pairing in play(config, seed, lambda s: pair(s, "double_swiss")):
        present = [p.id for p in state.to_pair]
        met = _met(state)
        if pairing is None:  # refused: then no legal pairing exists, with any PAB
            if len(present) % 2 == 0:
                assert not _some_legal_pairing(present, met)
            else:
                for bye in present:
                    others = [p for p in present if p != bye]
                    assert _barred(state, bye) or not _some_legal_pairing(others, met)
            continue
        seated = [x for b in pairing.boards for x in (b.white, b.black)] + (
            [pairing.bye] if pairing.bye is not None else []
        )
        assert sorted(seated) == sorted(present)  # complete, everyone once
        assert (pairing.bye is not None) == (len(present) % 2 == 1)
        for b in pairing.boards:
            assert frozenset((b.white, b.black)) not in met  # [C1]
        if pairing.bye is not None:
            assert not _barred(state, pairing.bye)  # [C2]
        assert check_round(state, pairing, "double_swiss", "2026") == []
