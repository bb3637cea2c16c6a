"""The honesty check of a Dubov or Burstein "why not" answer (as :mod:`.honesty` for the
Dutch one): what the answer claims is verified on the pairings themselves."""

from __future__ import annotations

from pairing.engine import pair
from pairing.engine.burstein.corrected import entrants as burstein_2026_entrants
from pairing.engine.checker import check_pairing
from pairing.engine.common.colours import colour_state
from pairing.engine.dubov.players import entrants as dubov_entrants
from pairing.engine.explain import common as c
from pairing.engine.explain.burstein_quality import Burstein2017Rules, Burstein2026Rules
from pairing.engine.explain.dubov_quality import DubovRules
from pairing.engine.explain.dutch_quality import partners_of
from pairing.engine.explain.dutch_why_not import forcing
from pairing.engine.state import PairingError, TournamentState
from tests.engine.explain import honesty


def rules_for(state: TournamentState, system: str, edition: str) -> c.SystemRules:
    if system == "dubov":
        return DubovRules(state, edition)
    return Burstein2017Rules(state) if edition == "2017" else Burstein2026Rules(state)


def verify(state: TournamentState, answer: c.WhyNot) -> None:
    """Raise AssertionError when *answer* claims what the pairings do not show."""
    system, edition, a, b = answer.system, answer.edition, answer.a, answer.b
    if answer.dutch is not None:  # a Burstein 2026 seeding round: the Dutch system's answer
        assert answer.reason == c.SEEDING and state.round_to_pair <= min(state.total_rounds // 2, 4)
        honesty.verify(state, answer.dutch, edition)
        return
    engine = partners_of(answer.pairing)
    if answer.reason == c.PAIRED:
        assert engine[a] == b
        return
    assert engine.get(a) != b
    if answer.reason == c.NOT_IN_ROUND:
        assert a == b or not {a, b} <= {p.id for p in state.to_pair}
        return
    if answer.reason == c.MET_BEFORE:
        entry = state.by_id[a].history[answer.round_met - 1]
        assert entry.played and entry.opponent == b
        return
    if answer.reason == c.FORBIDDEN:
        assert frozenset((a, b)) in {frozenset(p) for p in state.forbidden}
        return
    if answer.reason == c.SAME_ABSOLUTE_COLOUR:
        players = dubov_entrants(state, edition) if system == "dubov" else burstein_2026_entrants(state)
        by_id = {p.id: p for p in players}
        assert by_id[a].absolute and by_id[b].absolute and by_id[a].colour is by_id[b].colour is answer.colour
        return
    if answer.reason == c.COLOUR_LIMIT:
        limits = colour_state(state.by_id[a]).forced, colour_state(state.by_id[b]).forced
        assert limits[0] is limits[1] is answer.colour is not None
        return
    if answer.reason == c.NO_COMPLETION:
        try:
            pair(forcing(state, a, b), system, edition)
        except PairingError:
            return
        raise AssertionError("the forced round pairs")
    forced = answer.forced
    assert forced is not None
    mate = partners_of(forced)
    assert mate[a] == b, "the forced pairing holds the pair"
    assert check_pairing(state, forced, colours=False, edition=edition) == [], "the forced pairing is legal"
    rules = rules_for(state, system, edition)
    if answer.byes is not None:
        order = rules.bye_order()
        assert answer.byes == (answer.pairing.bye, forced.bye)
        if answer.reason == c.PAB_ORDER:
            assert order.index(forced.bye) > order.index(answer.pairing.bye), "the forced PAB comes later"
        else:
            assert answer.reason == c.NOT_WORSE
        return
    assert answer.pairing.bye == forced.bye
    for mine, theirs in zip(rules.groups(engine), rules.groups(mate), strict=False):
        if mine.choice(engine) == theirs.choice(mate):
            assert answer.difference is None or mine.number < answer.difference.group.number
            continue
        assert answer.difference is not None and mine.number == answer.difference.group.number
        values, others = rules.values(mine, engine), rules.values(theirs, mate)
        if answer.reason == c.EQUAL:
            assert values == others
            return
        terms = list(rules.terms)
        named = terms.index(answer.term)
        assert all(values[t] == others[t] for t in terms[:named]), "no criterion before it differs"
        assert values[answer.term] != others[answer.term]
        if answer.reason == c.WORSE:
            assert c.better(rules, answer.term, values[answer.term], others[answer.term]), "worse when forced"
            assert rules.articles[answer.term] == answer.rule
            for x, y in answer.culprits:  # forced pairs of the group, not the engine's, that break it
                assert (x, y) in theirs.pairs_in(mate) and (x, y) not in mine.pairs_in(engine)
                assert rules.fails(answer.term, x, y)
        else:
            assert answer.reason == c.NOT_WORSE
        return
    raise AssertionError("no group differs")
