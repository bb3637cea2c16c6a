"""The honesty check of a "why not" answer, shared by the property test and the benchmark
sanity run: what the answer claims is verified on the pairings themselves."""

from __future__ import annotations

from pairing.engine import pair
from pairing.engine.checker import check_pairing
from pairing.engine.dutch.criteria import restricted_by_c3
from pairing.engine.explain import dutch_why_not as w
from pairing.engine.explain.dutch_quality import brackets, pair_terms, partners_of, term_values
from pairing.engine.state import PairingError, TournamentState


def verify(state: TournamentState, answer: w.WhyNot, edition: str) -> None:
    """Raise AssertionError when *answer* claims what the pairings do not show."""
    a, b = answer.a, answer.b
    engine = partners_of(answer.pairing)
    if answer.reason == w.PAIRED:
        assert engine[a] == b
        return
    assert engine.get(a) != b
    forbidden = frozenset(frozenset(p) for p in state.forbidden)
    pairer = w.pairer_for(state, edition, forbidden)
    by_id = {p.id: p for p in pairer.players}
    if answer.reason == w.MET_BEFORE:
        assert b in by_id[a].opponents and state.by_id[a].history[answer.round_met - 1].opponent == b
        return
    if answer.reason == w.FORBIDDEN:
        assert frozenset((a, b)) in forbidden
        return
    if answer.reason == w.SAME_ABSOLUTE_COLOUR:
        pa, pb = by_id[a], by_id[b]
        assert restricted_by_c3(pa) and restricted_by_c3(pb) and pa.preference.colour == pb.preference.colour
        return
    if answer.reason == w.NO_COMPLETION:
        try:
            pair(w.forcing(state, a, b), "dutch", edition)
        except PairingError:
            return
        raise AssertionError("the forced round pairs")
    assert answer.reason not in w.ABSOLUTE
    forced = answer.forced
    assert forced is not None
    mate = partners_of(forced)
    assert mate[a] == b, "the forced pairing holds the pair"
    assert check_pairing(state, forced, colours=False, edition=edition) == [], "the forced pairing is legal"
    if answer.reason == w.PAB_SCORE:
        assert by_id[forced.bye].score > by_id[answer.pairing.bye].score
        return
    difference = answer.difference
    for bracket in brackets(pairer, engine):
        if bracket.number < difference.bracket.number:
            assert bracket.choice(engine) == bracket.choice(mate), "the brackets above decide the same"
            continue
        assert bracket.choice(engine) != bracket.choice(mate)
        mine, theirs = term_values(pairer, bracket, engine), term_values(pairer, bracket, mate)
        if answer.reason == w.EQUAL:
            assert mine == theirs
            return
        terms = list(mine)
        named = terms.index(answer.term)
        assert all(mine[t] == theirs[t] for t in terms[:named]), "no criterion before it differs"
        assert mine[answer.term] != theirs[answer.term]
        if answer.reason == w.WORSE:
            assert mine[answer.term] > theirs[answer.term], "the named criterion is worse in the forced pairing"
            assert dict(pairer.edition.criteria)[answer.term] == answer.rule
            for x, y in answer.culprits:  # forced pairs of the bracket, not the engine's, that break it
                assert (x, y) in bracket.pairs_in(mate) and (x, y) not in bracket.pairs_in(engine)
                assert pair_terms(pairer, bracket, x, y)[answer.term] == 0
        return
    raise AssertionError("no bracket differs")
