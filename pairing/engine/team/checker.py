"""Verify a team pairing: the absolute rules, independently of the engine, then whether it
is the pairing C.04.6 (2026) prescribes.

Absolute, recounted here from the plain data: every team to be paired is paired exactly
once or gets the PAB, no team unknown, none paired with itself; [C1] art. 2.1.1 no two
teams meet twice (played matches only, C.04.2 2026 art. 3.5); pairs the rules forbid; a PAB
only when the number of teams is odd, and never to a team [C2] art. 2.1.2 bars. There is
no colour limit to check: C.04.1 art. 6 and 7 never apply to teams (Preface).

Prescribed: the engine's pairing of the same round, matches and first-board colours; a
difference is reported match by match ("C.04.6 art. 3" for the pairs and the PAB, "C.04.6
art. 4" for a colour).
"""

from __future__ import annotations

from collections import Counter

from pairing.engine.checker import Violation
from pairing.engine.state import PairingError
from pairing.engine.team.model import TeamPairing, TeamRound
from pairing.engine.team.procedure import pair_round


def check_team_pairing(round_: TeamRound, pairing: TeamPairing, *, prescribed: bool = True) -> list[Violation]:
    """Every rule *pairing* breaks; with *prescribed*, also where it differs from the
    pairing the system gives. Empty when it is sound (and the one prescribed)."""
    out: list[Violation] = []
    teams = {t.tpn: t for t in round_.teams}
    seen: Counter[int] = Counter()
    for match in pairing.matches:
        seen.update((match.white, match.black))
    if pairing.bye is not None:
        seen[pairing.bye] += 1
    for tpn in sorted(seen):
        if tpn not in teams:
            out.append(Violation("team", f"team {tpn} is not to be paired this round", (tpn,)))
        elif seen[tpn] > 1:
            out.append(Violation("team", f"team {tpn} is paired {seen[tpn]} times", (tpn,)))
    for tpn in sorted(teams):
        if tpn not in seen:
            out.append(Violation("team", f"team {tpn} is neither paired nor given the PAB", (tpn,)))
    forbidden = {frozenset(p) for p in round_.forbidden}
    for match in pairing.matches:
        w, b = match.white, match.black
        if w == b:
            out.append(Violation("team", f"team {w} is paired with itself", (w,)))
            continue
        if w in teams and b in teams and (b in teams[w].opponents or w in teams[b].opponents):
            out.append(Violation("C.04.6 2.1.1", f"teams {w} and {b} have already played each other", (w, b)))
        if frozenset((w, b)) in forbidden:
            out.append(Violation("forbidden", f"teams {w} and {b} may not be paired", (w, b)))
    if pairing.bye is not None:
        if len(teams) % 2 == 0:
            out.append(Violation("C.04.6 1.4", f"team {pairing.bye} gets the PAB, the teams are even", (pairing.bye,)))
        if pairing.bye in teams and teams[pairing.bye].pab_barred:
            out.append(
                Violation(
                    "C.04.6 2.1.2",
                    f"team {pairing.bye} already had a PAB, a forfeit win or a full-point bye",
                    (pairing.bye,),
                )
            )
    elif len(teams) % 2:
        out.append(Violation("C.04.6 1.4", "the teams are odd but nobody gets the PAB", ()))
    if prescribed and not out:
        out += _against_the_rules(round_, pairing)
    return out


def _against_the_rules(round_: TeamRound, pairing: TeamPairing) -> list[Violation]:
    try:
        expected = pair_round(round_)
    except PairingError as error:
        return [Violation("C.04.6 3.3.3", f"the rules find no round-pairing: {error}", ())]
    out = []
    if expected.bye != pairing.bye:
        out.append(Violation("C.04.6 3.4", f"the PAB goes to team {expected.bye}, not {pairing.bye}", ()))
    given = {frozenset((m.white, m.black)): m for m in pairing.matches}
    for match in expected.matches:
        found = given.get(frozenset((match.white, match.black)))
        if found is None:
            out.append(Violation("C.04.6 3", f"the rules pair {match.white}-{match.black}", (match.white, match.black)))
        elif found.white != match.white:
            out.append(
                Violation(
                    "C.04.6 4",
                    f"team {match.white} has White on board 1 against {match.black} ({match.rule})",
                    (match.white, match.black),
                )
            )
    return out
