"""The literal sieve of C.04.6 (2026) art. 3: every candidate enumerated, the first best
taken by the criteria in the order the text gives them. Slow on purpose; the oracle the
engine (pairing.engine.team.procedure) must agree with on small events.

Shared with the engine: the data model and art. 1.7 (preferences) and art. 4 (colours),
which are definitions, not searches. Not shared: every search. [C8] and [C9] are counted
here by allocating the colours of each pair by art. 4 and looking at who did not get the
colour he prefers, not by the engine's per-pair shortcut.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from pairing.engine.state import Colour, PairingError
from pairing.engine.team.colours import STRONG, allocate, preference
from pairing.engine.team.model import ColourPreferences, Team, TeamPairing, TeamRound


def identifier(pairing) -> list[int]:
    """Art. 3.6.1-3.6.2: the top members (smaller TPN) ascending, then the bottom member of
    each in that order."""
    ordered = sorted((min(a, b), max(a, b)) for a, b in pairing)
    return [a for a, _ in ordered] + [b for _, b in ordered]


def _all_pairings(teams: tuple[int, ...], may_meet) -> list[list[tuple[int, int]]]:
    """Every legal ([C1]) pairing of *teams* (TPNs), each pair (smaller, larger)."""
    if not teams:
        return [[]]
    first, rest = teams[0], teams[1:]
    out = []
    for k, other in enumerate(rest):
        if may_meet(first, other):
            for tail in _all_pairings(rest[:k] + rest[k + 1 :], may_meet):
                out.append([(first, other), *tail])
    return out


class Sieve:
    def __init__(self, round_: TeamRound) -> None:
        self.round = round_
        self.team = {t.tpn: t for t in round_.teams}
        self.score = {t.tpn: round_.score(t) for t in round_.teams}
        forbidden = {frozenset(p) for p in round_.forbidden}

        def may_meet(a: int, b: int) -> bool:
            return (
                b not in self.team[a].opponents
                and a not in self.team[b].opponents
                and frozenset((a, b)) not in forbidden
            )

        self.may_meet = may_meet
        self.legal = lru_cache(maxsize=None)(self._legal)

    def _legal(self, teams: frozenset[int]) -> bool:
        if len(teams) % 2:
            return False
        if not teams:
            return True
        ordered = sorted(teams)
        first = ordered[0]
        return any(self.may_meet(first, b) and self.legal(teams - {first, b}) for b in ordered[1:])

    def pair(self) -> TeamPairing:
        everyone = frozenset(self.team)
        bye = None
        if len(everyone) % 2:
            # 3.4: among the teams [C2] allows, those leaving a legal pairing (3.4.1), then
            # the lowest score, the most matches played, the largest TPN
            candidates = [t for t in everyone if not self.team[t].pab_barred and self.legal(everyone - {t})]
            if not candidates:
                raise PairingError("no PAB")
            bye = min(candidates, key=lambda t: (self.score[t], -self.team[t].played, -t))
        elif not self.legal(everyone):
            raise PairingError("no pairing")
        levels = sorted(set(self.score.values()), reverse=True)
        remaining = everyone - ({bye} if bye is not None else set())
        pairs = []
        while remaining:
            top = max(self.score[t] for t in remaining)
            residents = frozenset(t for t in remaining if self.score[t] == top)
            upfloaters = self.upfloaters(residents, remaining, levels)
            bracket = residents | upfloaters
            pairs += self.pair_bracket(bracket, top)
            remaining = remaining - bracket
        matches = tuple(allocate(self.team[a], self.team[b], self.round) for a, b in pairs)
        return TeamPairing(matches, bye)

    def upfloaters(self, residents: frozenset[int], remaining: frozenset[int], levels: list) -> frozenset[int]:
        top = self.score[next(iter(residents))]
        potential = sorted(t for t in remaining if self.score[t] < top)  # 3.5.1
        legal_sets = []
        for size in range(len(potential) + 1):
            if (len(residents) + size) % 2:
                continue
            for chosen in combinations(potential, size):
                bracket = residents | frozenset(chosen)
                if self.legal(bracket) and self.legal(remaining - bracket):  # [C1], [C3]
                    legal_sets.append(chosen)
        if not legal_sets:
            raise PairingError("no set of upfloaters")
        fewest = min(len(s) for s in legal_sets)  # [C4]
        legal_sets = [s for s in legal_sets if len(s) == fewest]
        best_scores = max(sorted(self.score[t] for t in s) for s in legal_sets)  # [C5]
        legal_sets = [s for s in legal_sets if sorted(self.score[t] for t in s) == best_scores]

        def sequence(s) -> list[int]:  # 3.5.3
            return sorted(s, key=lambda t: (-self.score[t], t))

        legal_sets.sort(key=sequence)  # 3.5.4

        def key(s) -> tuple[int, int]:
            rest = remaining - residents - frozenset(s)
            return (0 if self.c6(top, rest, levels) else 1, self.c7(s))

        return frozenset(min(legal_sets, key=key))  # 3.5.5: min is the first of the best

    def c6(self, top, rest: frozenset[int], levels: list) -> bool:
        below = levels.index(top) + 1
        if below >= len(levels):
            return True
        following = frozenset(t for t in rest if self.score[t] == levels[below])
        if not following:
            return True
        lower = [t for t in rest if self.score[t] < levels[below]]
        for chosen in combinations(lower, len(following) % 2):
            bracket = following | frozenset(chosen)
            if self.legal(bracket) and self.legal(rest - bracket):
                return True
        return False

    def c7(self, upfloaters) -> int:
        if self.round.round_to_pair > self.round.total_rounds - 2:
            return 0
        return sum(1 for t in upfloaters if self.team[t].floated)

    def pair_bracket(self, bracket: frozenset[int], top) -> list[tuple[int, int]]:
        best = None
        for pairing in _all_pairings(tuple(sorted(bracket)), self.may_meet):
            key = (*self.colour_criteria(pairing), self.c10(pairing, top), identifier(pairing))
            if best is None or key < best[0]:
                best = (key, pairing)
        assert best is not None
        return best[1]

    def colour_criteria(self, pairing) -> tuple[int, int]:
        """[C8] and [C9] counted on the colours art. 4 gives."""
        c8 = c9 = 0
        for a, b in pairing:
            match = allocate(self.team[a], self.team[b], self.round)
            for tpn in (a, b):
                wish = preference(self.team[tpn], self.round)
                if wish.colour is None:
                    continue
                got = Colour.WHITE if match.white == tpn else Colour.BLACK
                if got is not wish.colour:
                    c8 += 1
                    if self.round.preferences is ColourPreferences.TYPE_B and wish.strength == STRONG:
                        c9 += 1
        return c8, c9

    def c10(self, pairing, top) -> int:
        if self.round.round_to_pair > self.round.total_rounds - 2:
            return 0
        count = 0
        for a, b in pairing:
            for x, y in ((a, b), (b, a)):
                if self.score[x] < top and self.team[y].floated:
                    count += 1
        return count


def sieve_pair(round_: TeamRound) -> TeamPairing:
    return Sieve(round_).pair()


def random_round(rng, teams: int, rounds: int) -> TeamRound:
    """A random round from thin air: any scores, colour histories, meetings and floats,
    so that the rare branches (no legal set, [C3] fallbacks, [C6] failures) come up."""
    number = rng.randint(1, rounds)
    played = number - 1
    tpns = list(range(1, teams + 1))
    opponents: dict[int, set[int]] = {t: set() for t in tpns}
    for a, b in combinations(tpns, 2):
        if rng.random() < min(0.9, played / teams):
            opponents[a].add(b)
            opponents[b].add(a)
    out = []
    for t in tpns:
        n = rng.randint(0, played)
        colours = tuple(rng.choice((Colour.WHITE, Colour.BLACK)) for _ in range(n))
        out.append(
            Team(
                tpn=t,
                match_points=rng.randint(0, 2 * played) if played else 0,
                game_points=rng.randint(0, 4 * played),
                colours=colours,
                opponents=frozenset(opponents[t]),
                pab_barred=rng.random() < 0.2,
                floated=rng.random() < 0.3,
            )
        )
    return TeamRound(
        teams=tuple(out),
        round_to_pair=number,
        total_rounds=rounds,
        preferences=rng.choice(list(ColourPreferences)),
        initial_colour=rng.choice((Colour.WHITE, Colour.BLACK)),
        use_secondary=rng.random() < 0.8,
    )
