"""The honesty check of a Lim "why not" answer: what it claims is verified on the two
procedures (the engine's and the one with the pair forced), re-run here, and on an
independent count of complete pairings."""

from __future__ import annotations

from functools import cache

from pairing.engine import pair
from pairing.engine.checker import check_pairing, colour_exemptions
from pairing.engine.explain import dutch_why_not as w
from pairing.engine.explain import lim_why_not as L
from pairing.engine.explain.dutch_quality import partners_of
from pairing.engine.explain.lim_round import DECIDERS, MAXI, NO_OPPONENT, RULES, leaving_context, traced
from pairing.engine.lim import pair_round
from pairing.engine.lim.players import LimRound
from pairing.engine.lim.rounds import RoundTrace
from pairing.engine.options import PairingOptions
from pairing.engine.state import PairingError, TournamentState


def complete_pairing_exists(data: LimRound) -> bool:
    """By brute force over 2.1 (small rounds only): the players all paired, at most one
    eligible player left for the PAB."""
    ids = tuple(data.ids)
    n = len(ids)

    @cache
    def pairs_all(mask: int) -> bool:
        if not mask:
            return True
        i = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << i)
        return any(rest >> j & 1 and data.compatible(ids[i], ids[j]) and pairs_all(rest & ~(1 << j)) for j in range(n))

    everyone = (1 << n) - 1
    if n % 2 == 0:
        return pairs_all(everyone)
    return any(data.entrant[ids[k]].bye_eligible and pairs_all(everyone & ~(1 << k)) for k in range(n))


def verify(state: TournamentState, answer: L.LimWhyNot, edition: str, options: PairingOptions | None = None) -> None:
    """Raise AssertionError when *answer* claims what the procedures do not show."""
    options = options or PairingOptions()
    a, b = answer.a, answer.b
    engine = partners_of(answer.pairing)
    rules = RULES[edition]
    if answer.reason == w.PAIRED:
        assert engine[a] == b
        return
    assert engine.get(a) != b
    data = LimRound(state, edition, maxi=options.lim_maxi)
    if answer.reason == w.MET_BEFORE:
        assert b in data.played[a] and state.by_id[a].history[answer.round_met - 1].opponent == b
        return
    if answer.reason == w.FORBIDDEN:
        assert frozenset((a, b)) in {frozenset(p) for p in state.forbidden}
        return
    if answer.reason == w.SAME_ABSOLUTE_COLOUR:
        assert not state.is_last_round
        assert data.colour[a].forced is data.colour[b].forced is answer.colour is not None
        return
    squeezed = w.forcing(state, a, b)
    if answer.reason in (w.NO_COMPLETION, L.NOT_REACHED):
        try:
            pair(squeezed, "lim", edition, options)
        except PairingError:
            exists = complete_pairing_exists(LimRound(squeezed, edition, maxi=options.lim_maxi))
            assert exists is (answer.reason == L.NOT_REACHED)
            return
        raise AssertionError("the forced round pairs")
    assert answer.reason not in L.ABSOLUTE
    forced = answer.forced
    assert forced is not None
    mate = partners_of(forced)
    assert mate[a] == b, "the forced pairing holds the pair"
    exempt = colour_exemptions(state, forced, "lim")
    assert check_pairing(state, forced, colour_exempt=exempt, edition=edition) == [], "the forced pairing is legal"
    if answer.reason in (w.PAB_SCORE, L.PAB_RANK):
        mine, theirs = data.score[answer.pairing.bye], data.score[forced.bye]
        assert answer.bye_scores == (mine, theirs)
        assert theirs > mine if answer.reason == w.PAB_SCORE else theirs == mine
        assert data.rank(forced.bye) < data.rank(answer.pairing.bye), "1.1: the engine's receiver ranks lower"
        return
    _, engine_trace = traced(state, edition, options)
    forced_trace = RoundTrace()
    assert partners_of(pair_round(squeezed, options, edition, forced_trace)) == mate
    assert engine_trace.data is not None
    difference = answer.difference
    assert difference is not None
    steps = list(zip(engine_trace.steps, forced_trace.steps, strict=False))
    for mine, theirs in steps[: difference.step]:
        assert L.signature(mine) == L.signature(theirs), "the groups paired before decide the same"
    mine, theirs = steps[difference.step]
    assert L.signature(mine) != L.signature(theirs)
    assert frozenset(f.player for f in mine.incoming) == frozenset(f.player for f in theirs.incoming)
    out, forced_out = mine.result.floaters, theirs.result.floaters
    if answer.reason == w.WORSE:
        assert len(forced_out) - len(out) == difference.count > 0, "more players leave the group"
        assert difference.term == (L.MEDIAN_BLOCKED if mine.median else L.MORE_FLOATERS)
        assert answer.rule == rules[difference.term]
        return
    assert answer.reason == L.ORDER and len(out) == len(forced_out)
    if difference.term == L.FLOATER_CHOICE:
        floater, instead = difference.floater, difference.instead
        assert floater in out and floater not in forced_out and instead in forced_out and instead not in out
        _verify_choice(mine, engine_trace.data, difference, answer.rule, rules)
        return
    assert set(out) == set(forced_out)
    pair_ = difference.pair
    index = mine.result.pairs.index(pair_)
    forced_pairs = {frozenset(p) for p in theirs.result.pairs}
    assert frozenset(pair_) not in forced_pairs
    assert all(frozenset(p) in forced_pairs for p in mine.result.pairs[:index]), "the pairs formed before agree"
    assert (index < mine.result.floaters_first) is (difference.term == L.FLOATER_OPPONENT)
    assert answer.rule == rules[difference.term]


def _verify_choice(step, data: LimRound, difference: L.LimDifference, rule: str, rules: dict[str, str]) -> None:
    floater, instead = difference.floater, difference.instead
    members = list(step.residents) + [f.player for f in step.incoming]
    if difference.why == NO_OPPONENT:
        assert not any(data.compatible(floater, q) for q in members if q != floater)
        assert rule == rules[NO_OPPONENT]
        return
    index = step.result.floaters.index(floater)
    _, key, left = leaving_context(step, data, index)
    size = data.largest_pairing([q for q in left if q != floater]).size
    assert instead in left
    if difference.why == "pair":
        assert data.largest_pairing([q for q in left if q != instead]).size < size
        return
    assert data.largest_pairing([q for q in left if q != instead]).size == size
    mine, theirs = key(floater), key(instead)
    if difference.why == MAXI:
        assert data.maxi and rule == rules[MAXI]
        return
    first = next(k for k in range(len(mine)) if mine[k] != theirs[k])
    assert mine[first] < theirs[first] and DECIDERS[first] == difference.why
