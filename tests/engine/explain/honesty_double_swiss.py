"""Every Double-Swiss "why not" answer verified on the pairings themselves (C.04.5 2026).

- an absolute answer is indeed broken: the checker's own recount of the matches played
  (:mod:`pairing.engine.double_swiss.checks`) has them met, the arbiter forbade the pair,
  or a brute-force search finds no complete legal pairing holding the pair (at most one
  player [C2] allows taking the PAB);
- otherwise the forced pairing holds the pair, breaks no absolute criterion (the checker),
  and is the engine's own pairing of the forced state;
- ``pab_order``: the forced PAB receiver comes later in 3.4's order, by the criterion named;
- ``worse`` / ``order``: the brackets above the one named decide the same in both
  procedures, every criterion before the one named is equal there, and the one named is
  worse in the forced pairing (or its set or identifier comes later in the order).
"""

from __future__ import annotations

from pairing.engine import pair
from pairing.engine.common.bitset_matching import bits
from pairing.engine.double_swiss import checks
from pairing.engine.explain import double_swiss_why_not as W
from pairing.engine.explain import dutch_why_not as w
from pairing.engine.explain.double_swiss_round import Replay, bye_key, profile_of, replay, set_key
from pairing.engine.explain.dutch_quality import partners_of
from pairing.engine.state import Pairing, TournamentState

ORDER_OF_TERMS = (W.UPFLOATERS, W.SCORES, W.FOLLOWING, W.FLOATED_AGAIN, W.SET_ORDER)
PAIR_TERMS = (W.RESIDENTS, W.PAIR_ORDER)


def completes_with(state: TournamentState, a: int, b: int) -> bool:
    """Brute force: is there a pairing of the match holding a-b that breaks no absolute
    criterion (the checker's recount: [C1], [C2], everyone once)?"""
    met = checks._met(state)
    barred = {p.id for p in state.to_pair if checks._pab_barred(state, p.id)}
    forbidden = {frozenset(p) for p in state.forbidden}
    if frozenset((a, b)) in met or frozenset((a, b)) in forbidden:
        return False
    players = [p.id for p in state.to_pair if p.id not in (a, b)]

    def legal(x: int, y: int) -> bool:
        pair_ = frozenset((x, y))
        return pair_ not in met and pair_ not in forbidden

    def search(left: list[int], bye_free: bool) -> bool:
        if not left:
            return True
        first, rest = left[0], left[1:]
        if bye_free and first not in barred and search(rest, False):
            return True
        return any(legal(first, y) and search([z for z in rest if z != y], bye_free) for y in rest)

    return search(players, len(players) % 2 == 1)


def decisions(run: Replay) -> list[tuple[frozenset[int], frozenset[frozenset[int]]]]:
    ids = run.field.players
    return [
        (
            frozenset(ids[k].id for k in bits(s.upfloaters)),
            frozenset(frozenset((ids[x].id, ids[y].id)) for x, y in s.pairs),
        )
        for s in run.steps
    ]


def values(engine: Replay, forced: Replay, step: int, remaining: int) -> dict[str, tuple[tuple, tuple]]:
    """Every criterion of the bracket *step* in both procedures (engine, forced)."""
    mine, theirs = engine.steps[step], forced.steps[step]
    out: dict[str, tuple[tuple, tuple]] = {
        W.UPFLOATERS: ((mine.upfloaters.bit_count(),), (theirs.upfloaters.bit_count(),)),
        W.SCORES: (profile_of(engine.field, mine.upfloaters), profile_of(forced.field, theirs.upfloaters)),
    }
    key = set_key(engine.field, remaining, mine.top, mine.upfloaters)
    forced_key = set_key(forced.field, remaining, theirs.top, theirs.upfloaters)
    out[W.FOLLOWING] = ((key[0],), (forced_key[0],))
    floated = engine.field.floated
    out[W.FLOATED_AGAIN] = (
        (bin(mine.upfloaters & floated).count("1"),),
        (bin(theirs.upfloaters & floated).count("1"),),
    )
    out[W.SET_ORDER] = (
        tuple(engine.field.players[k].number for k in bits(mine.upfloaters)),
        tuple(forced.field.players[k].number for k in bits(theirs.upfloaters)),
    )
    out[W.RESIDENTS] = ((W.c8_count(engine, mine),), (W.c8_count(forced, theirs),))
    out[W.PAIR_ORDER] = (W.identifier(engine, mine), W.identifier(forced, theirs))
    return out


def verify(state: TournamentState, pairing: Pairing, answer: W.DoubleSwissWhyNot) -> None:
    a, b = answer.a, answer.b
    reason = answer.reason
    present = {p.id for p in state.to_pair}
    if reason == w.NOT_IN_ROUND:
        assert a not in present or b not in present
        return
    if reason == w.PAIRED:
        assert partners_of(pairing).get(a) == b
        return
    assert partners_of(pairing).get(a) != b
    if reason == w.MET_BEFORE:
        assert frozenset((a, b)) in checks._met(state)
        return
    if reason == w.FORBIDDEN:
        assert frozenset((a, b)) in {frozenset(p) for p in state.forbidden}
        return
    if reason == w.NO_COMPLETION:
        assert not completes_with(state, a, b)
        return
    forced = answer.forced
    assert forced is not None
    assert partners_of(forced).get(a) == b
    squeezed = w.forcing(state, a, b)
    assert checks.match_violations(state, forced) == []
    assert partners_of(forced) == partners_of(pair(squeezed, "double_swiss", "2026"))
    assert reason != w.NOT_WORSE, "the explanation found no criterion the forced pairing does worse"
    engine, forced_run = replay(state, reasons=False), replay(squeezed, reasons=False)
    if reason == W.PAB_ORDER:
        players = engine.field.players
        mine, theirs = bye_key(players[engine.bye]), bye_key(players[forced_run.bye])
        assert theirs > mine
        index = ("3.4.2", "3.4.3", "3.4.4").index(answer.bye_decider)
        assert mine[:index] == theirs[:index] and mine[index] < theirs[index]
        return
    assert engine.bye == forced_run.bye
    difference = answer.difference
    assert difference is not None
    step = difference.bracket - 1
    assert decisions(engine)[:step] == decisions(forced_run)[:step]
    assert decisions(engine)[step] != decisions(forced_run)[step]
    remaining = (1 << len(engine.field.players)) - 1
    if engine.bye is not None:
        remaining &= ~(1 << engine.bye)
    for s in engine.steps[:step]:
        remaining &= ~(s.top | s.upfloaters)
    table = values(engine, forced_run, step, remaining)
    same_set = engine.steps[step].upfloaters == forced_run.steps[step].upfloaters
    terms = PAIR_TERMS if same_set else ORDER_OF_TERMS
    assert difference.term in terms
    for term in terms[: terms.index(difference.term)]:
        assert table[term][0] == table[term][1], term
    mine_value, forced_value = table[difference.term]
    if difference.term == W.SCORES:
        assert forced_value < mine_value  # ascending, the higher first
    else:
        assert forced_value > mine_value
    assert (reason == W.ORDER) == (difference.term in (W.SET_ORDER, W.PAIR_ORDER))
