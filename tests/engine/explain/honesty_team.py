"""The honesty check of the team explanations (C.04.6, 2026): what an answer claims is
recounted with the literal sieve's criteria (tests/engine/team/sieve.py), which shares no
search with the engine, on the round's own data."""

from __future__ import annotations

from itertools import combinations

from pairing.engine.explain import team_round as R
from pairing.engine.explain import team_why_not as T
from pairing.engine.team.checker import check_team_pairing
from pairing.engine.team.model import TeamPairing, TeamRound
from tests.engine.team.sieve import Sieve, _all_pairings, identifier

BYE_TERMS = (T.PAB_SCORE, T.PAB_MATCHES, T.PAB_TPN)


def bye_key(sieve: Sieve, tpn: int) -> tuple:
    return (sieve.score[tpn], -sieve.team[tpn].played, -tpn)


def sequence(sieve: Sieve, upfloaters) -> list[int]:
    """Art. 3.5.3: a set of upfloaters by descending score, then ascending TPN."""
    return sorted(upfloaters, key=lambda t: (-sieve.score[t], t))


def mates(pairing: TeamPairing) -> dict[int, int]:
    out = {}
    for m in pairing.matches:
        out[m.white], out[m.black] = m.black, m.white
    return out


def completes(sieve: Sieve) -> bool:
    """Can every team be paired ([C1], the forbidden pairs), one team [C2] allows taking the PAB?"""
    everyone = frozenset(sieve.team)
    if len(everyone) % 2 == 0:
        return sieve.legal(everyone)
    return any(not sieve.team[t].pab_barred and sieve.legal(everyone - {t}) for t in everyone)


def verify_why_not(round_: TeamRound, answer: T.TeamWhyNot) -> None:
    """Raise AssertionError when *answer* claims what the round does not show."""
    a, b = answer.a, answer.b
    sieve = Sieve(round_)
    engine = mates(answer.pairing)
    if answer.reason == T.NOT_IN_ROUND:
        assert a == b or a not in sieve.team or b not in sieve.team
        return
    if answer.reason == T.PAIRED:
        assert engine[a] == b
        return
    assert engine.get(a) != b
    if answer.reason == T.MET_BEFORE:
        assert b in sieve.team[a].opponents or a in sieve.team[b].opponents
        return
    if answer.reason == T.FORBIDDEN:
        assert frozenset((a, b)) in {frozenset(p) for p in round_.forbidden}
        return
    if answer.reason == T.NO_COMPLETION:
        assert not completes(Sieve(T.forcing(round_, a, b)))
        return
    assert answer.reason in (T.WORSE, T.EQUAL), answer.reason  # never not_worse
    forced = answer.forced
    assert forced is not None
    assert mates(forced)[a] == b, "the forced pairing holds the pair"
    assert check_team_pairing(round_, forced, prescribed=False) == [], "the forced pairing is legal"
    if answer.bracket == 0:
        assert answer.reason == T.WORSE and answer.term in BYE_TERMS
        assert answer.byes == (answer.pairing.bye, forced.bye)
        mine, theirs = bye_key(sieve, answer.pairing.bye), bye_key(sieve, forced.bye)
        k = BYE_TERMS.index(answer.term)
        assert mine[:k] == theirs[:k] and mine[k] < theirs[k], "the forced PAB comes later by the term named"
        return
    assert answer.pairing.bye == forced.bye
    remaining = frozenset(sieve.team) - {answer.pairing.bye}
    levels = sorted(set(sieve.score.values()), reverse=True)
    forced_mates = mates(forced)
    for number, (mine, theirs) in enumerate(zip(answer.pairing.brackets, forced.brackets, strict=False), start=1):
        top = max(sieve.score[t] for t in remaining)
        residents = {t for t in remaining if sieve.score[t] == top}
        for members, its in ((mine, engine), (theirs, forced_mates)):
            assert residents <= set(members) <= remaining
            assert all(its[t] in members for t in members), "a bracket is closed under its pairs"
        mine_pairs = {frozenset((t, engine[t])) for t in mine}
        theirs_pairs = {frozenset((t, forced_mates[t])) for t in theirs}
        if set(mine) == set(theirs) and mine_pairs == theirs_pairs:
            remaining -= set(mine)
            continue
        assert number == answer.bracket, "the first bracket where the two part"
        assert top == answer.score
        if set(mine) != set(theirs):
            values = []
            for members in (mine, theirs):
                ups = [t for t in members if sieve.score[t] < top]
                rest = remaining - set(members)
                values.append(
                    (len(ups), sorted(sieve.score[t] for t in ups), sieve.c6(top, rest, levels), sieve.c7(ups))
                )
            (c4, c5, c6, c7), (f4, f5, f6, f7) = values
            # each value as "smaller is better"
            x, y = (c4, [-s for s in c5], not c6, c7), (f4, [-s for s in f5], not f6, f7)
            if answer.reason == T.EQUAL:
                assert answer.term == T.ORDER_UPFLOATERS and x == y

                ups_mine = [t for t in mine if sieve.score[t] < top]
                ups_theirs = [t for t in theirs if sieve.score[t] < top]
                assert sequence(sieve, ups_mine) < sequence(sieve, ups_theirs), "the engine's set comes first (3.5.4)"
                return
            k = T.UPFLOATER_TERMS.index(answer.term)
            assert x[:k] == y[:k] and x[k] < y[k], f"{answer.term} is the first criterion the forced set worsens"
            return
        engine_pairs = [tuple(sorted(p)) for p in mine_pairs]
        forced_pairs = [tuple(sorted(p)) for p in theirs_pairs]
        x = (*sieve.colour_criteria(engine_pairs), sieve.c10(engine_pairs, top))
        y = (*sieve.colour_criteria(forced_pairs), sieve.c10(forced_pairs, top))
        if answer.reason == T.EQUAL:
            assert answer.term == T.ORDER_PAIRS and x == y
            assert identifier(engine_pairs) < identifier(forced_pairs), "the engine's pairing comes first (3.6.2)"
            return
        k = T.PAIR_TERMS.index(answer.term)
        assert x[:k] == y[:k] and x[k] < y[k], f"{answer.term} is the first criterion the forced pairs worsen"
        if answer.term in ("C8", "C9"):  # the pairs named do break it: both want the same colour
            for p, q in answer.culprits:
                assert (p, q) in forced_pairs
                assert sieve.colour_criteria([(p, q)])[k] > 0
        return
    raise AssertionError("the two pairings never part")


def verify_round(round_: TeamRound, explained: R.TeamRoundExplanation) -> None:
    """Raise AssertionError when the round's explanation claims what the round does not show."""
    sieve = Sieve(round_)
    pairing = explained.pairing
    everyone = frozenset(sieve.team)
    bye = explained.bye
    if bye is not None:
        assert bye.team == pairing.bye
        order = sorted(everyone, key=lambda t: bye_key(sieve, t))
        before = order[: order.index(bye.team)]
        assert set(bye.barred) | set(bye.illegal) == set(before)
        assert all(sieve.team[t].pab_barred for t in bye.barred)
        assert all(not sieve.legal(everyone - {t}) for t in bye.illegal)
        after = order[order.index(bye.team) + 1 :]
        if bye.decided_by:
            mine, theirs = bye_key(sieve, bye.team), bye_key(sieve, bye.next)
            k = BYE_TERMS.index(bye.decided_by)
            assert bye.next == after[0] and mine[:k] == theirs[:k] and mine[k] < theirs[k]
        else:
            assert not after
    remaining = everyone - {pairing.bye}
    levels = sorted(set(sieve.score.values()), reverse=True)
    engine = mates(pairing)
    for bracket in explained.brackets:
        top = max(sieve.score[t] for t in remaining)
        assert bracket.score == top
        residents = frozenset(t for t in remaining if sieve.score[t] == top)
        ups = sorted(t for t in bracket.teams if sieve.score[t] < top)
        assert tuple(ups) == tuple(sorted(bracket.upfloaters))
        reason = bracket.upfloat
        if ups:
            assert reason is not None and reason.count == len(ups)
            lower = sorted(t for t in remaining if sieve.score[t] < top)
            # fewer upfloaters (of the bracket's parity) give no legal bracket and rest ([C4] with [C1], [C3])
            for size in range(len(residents) % 2, len(ups), 2):
                for chosen in combinations(lower, size):
                    group = residents | frozenset(chosen)
                    assert not (sieve.legal(group) and sieve.legal(remaining - group)), "fewer upfloaters suffice"
            assert (reason.need == R.ODD) is (len(ups) == len(residents) % 2 == 1)
            legal_sets = [
                s
                for s in combinations(lower, len(ups))
                if sieve.legal(residents | frozenset(s)) and sieve.legal(remaining - residents - frozenset(s))
            ]
            best = max(sorted(sieve.score[t] for t in s) for s in legal_sets)
            assert sorted(sieve.score[t] for t in ups) == best
            assert reason.better_scores_illegal is any(
                sorted(sieve.score[t] for t in s) > best for s in combinations(lower, len(ups))
            ), "higher scores were given up"
            same = [s for s in legal_sets if sorted(sieve.score[t] for t in s) == best]
            earlier = [s for s in same if sequence(sieve, s) < sequence(sieve, ups)]
            rest = remaining - residents

            def c6(s, rest=rest, top=top) -> bool:
                return sieve.c6(top, rest - frozenset(s), levels)

            if reason.chosen_by == R.FIRST:
                assert not earlier
            else:
                assert earlier
                by_c6 = [c6(s) is False and c6(ups) is True for s in earlier]
                expected = R.BY_C6 if all(by_c6) else R.BY_C7 if not any(by_c6) else R.BY_C6_C7
                assert reason.chosen_by == expected
                for s, worse_c6 in zip(earlier, by_c6, strict=True):
                    assert worse_c6 or (c6(s) == c6(ups) and sieve.c7(s) > sieve.c7(ups))
        else:
            assert reason is None
        pairs = [tuple(sorted((t, engine[t]))) for t in bracket.teams if t < engine[t]]
        if len(bracket.teams) <= 10:
            first = min(_all_pairings(tuple(sorted(bracket.teams)), sieve.may_meet), key=identifier)
            if bracket.pairs_by == R.FIRST_LEGAL:
                assert sorted(first) == sorted(pairs)
            else:
                x = (*sieve.colour_criteria(pairs), sieve.c10(pairs, top))
                y = (*sieve.colour_criteria(first), sieve.c10(first, top))
                k = T.PAIR_TERMS.index(bracket.pairs_by)
                assert x[:k] == y[:k] and x[k] < y[k]
        remaining -= set(bracket.teams)
    assert not remaining
    for team in explained.teams:
        if team.opponent is None:
            continue
        match = next(m for m in pairing.matches if team.tpn in (m.white, m.black))
        assert team.colour_rule == match.rule
        assert (team.colour.name == "WHITE") is (match.white == team.tpn)
        way = "up" if sieve.score[team.tpn] < sieve.score[team.opponent] else ""
        way = "down" if sieve.score[team.tpn] > sieve.score[team.opponent] else way
        assert team.float == way
