"""Pairing a whole round bracket by bracket (C.04.3 A.9, B): 2017 with PPB and CLB,
2026 with the completion criterion C4 and C5 in every bracket that needs them."""

from __future__ import annotations

import dataclasses

from pairing.engine.dutch.criteria import restricted_by_c3
from pairing.engine.dutch.editions import DutchEdition
from pairing.engine.dutch.generation import MdpOrder, RemainderOrder
from pairing.engine.dutch.players import DutchEntrant
from pairing.engine.dutch.shortcut import first_candidate, is_perfect, lookahead_ideal
from pairing.engine.dutch.transposition import (
    InViewWalk,
    QualitySolve,
    first_generated_in_view,
    first_transposition,
    first_transposition_beside_rest,
    first_transposition_in_view,
    first_transposition_on_face,
)
from pairing.engine.dutch.weights import BracketWeights
from pairing.engine.matching import (
    DUTCH_SPARSE_FROM_EDGES,
    has_perfect_matching,
    matching_with_slack,
    max_weight_matching,
    maximum_matching_size,
)
from pairing.engine.options import PairingOptions, report_progress
from pairing.engine.state import PairingError


class RoundPairer:
    def __init__(
        self,
        players: list[DutchEntrant],
        forbidden: frozenset[frozenset[int]],
        played_rounds: int,
        last_round: bool,
        edition: DutchEdition,
    ) -> None:
        self.players = players
        self.forbidden = forbidden
        self.played_rounds = played_rounds
        self.last_round = last_round
        self.edition = edition
        self._bye_score: int | None = None
        self._lookahead_mate: list[int] | None = None  # the last solve's mate, lookahead pairs included
        self.blocked = _blocked_pairs(players, forbidden)
        self.bye_score: int | None = None
        if edition.lowest_pab_score and len(players) % 2:
            self.bye_score = self._lowest_pab_score()
            if self.bye_score is not None:
                # C5: only the eligible players of that score may receive the PAB.
                self.players = players = [
                    dataclasses.replace(p, bye_eligible=p.bye_eligible and p.score <= self.bye_score) for p in players
                ]

    def can_meet(self, a: DutchEntrant, b: DutchEntrant) -> bool:
        blocked = self.blocked[a.id]
        return b.id not in blocked.own and (b.id not in blocked.group or b.id == a.id)

    def _lowest_pab_score(self) -> int | None:
        """C5 (2026): the lowest score the PAB receiver can have while every other player is
        paired (C4); None when no eligible player can take it (C2)."""
        for score in sorted({p.score for p in self.players if p.bye_eligible}):
            if self.completable(self.players, score):
                return score
        return None

    def decides_bye(self, bracket: list[DutchEntrant], below: list[DutchEntrant]) -> int | None:
        """2026 C9: the PAB receiver's score when this bracket decides the PAB, else None.

        The PAB is decided in the last bracket, or in an odd bracket that can pair among
        itself all its players but one PAB-eligible player (C2, C5) while the players
        *below* it pair fully among themselves: the one left over is then the PAB
        receiver. A bracket that floats more than one player down, or whose MDPs need
        partners below, does not decide it, and C9 does not rank there (gacrux's reading,
        docs/dutch.md)."""
        if self.bye_score is None:
            return None
        if not below:
            return self.bye_score
        if len(bracket) % 2 == 0 or len(below) % 2 or not any(p.bye_eligible for p in bracket):
            return None  # the quick refusals before the two matchings
        if self.completable(bracket, self.bye_score) and self._pairs_fully(below):
            return self.bye_score
        return None

    def completable(self, remaining: list[DutchEntrant], pab_score: int | None = None) -> bool:
        """A.9 (2026: C4): can these players all be paired, one of them (if odd) taking the
        PAB (C2), with a score of at most *pab_score* when given (C5)?"""
        if self._greedy_completion(remaining, pab_score):
            return True
        n = len(remaining)
        neighbours: list[list[int]] = [[] for _ in range(n + n % 2)]
        for i in range(n):
            for j in range(i + 1, n):
                if self.can_meet(remaining[i], remaining[j]):
                    neighbours[i].append(j)
                    neighbours[j].append(i)
            if n % 2 and _may_take_bye(remaining[i], pab_score):
                neighbours[i].append(n)
                neighbours[n].append(i)
        return has_perfect_matching(len(neighbours), neighbours)

    def _greedy_completion(self, remaining: list[DutchEntrant], pab_score: int | None = None) -> bool:
        """A quick sufficient test: pair the most constrained players first."""
        order = sorted(remaining, key=lambda p: -len(self.blocked[p.id]))
        if len(order) % 2:
            eligible = [p for p in reversed(order) if _may_take_bye(p, pab_score)]
            if not eligible:
                return False
            order.remove(eligible[0])
        free = {p.id: p for p in order}
        for player in order:
            if free.pop(player.id, None) is None:
                continue
            blocked = self.blocked[player.id]
            own, group = blocked.own, blocked.group  # *player* is no longer free
            partner = next((q for q in free if q not in own and q not in group), None)
            if partner is None:
                return False
            del free[partner]
        return True

    def pair(self) -> tuple[list[tuple[DutchEntrant, DutchEntrant]], DutchEntrant | None]:
        players = self.players
        if not self.completable(players):
            raise PairingError(
                "no pairing of this round satisfies the absolute criteria C.1-C.3 with at most "
                "one eligible player receiving the pairing-allocated bye (C.04.3 A.9: the arbiter "
                "decides)"
            )
        if not self.edition.collapsed_last_bracket:
            return self._pair_with_completion()
        pairs: list[tuple[DutchEntrant, DutchEntrant]] = []
        total = len(players)
        position = self._group_end(0)
        current = players[:position]
        mdp_count = 0
        special = position == total
        collapse = self.edition.collapsed_last_bracket
        while len(current) > 1 or position < total:
            group_start = position
            position = total if special else self._group_end(position)
            lookahead = players[group_start:position]
            bracket_end = len(current)
            people = current + lookahead
            self.report(group_start)  # progress only: no effect on the pairing
            self._bye_score = self.decides_bye(current, players[group_start:]) if current else None
            found = self._pair_bracket(people, mdp_count, bracket_end, special, final=position == total)
            if not special:
                paired = {p.id for pair in found for p in pair}
                rest = [p for p in people if p.id not in paired] + players[position:]
                if not self.completable(rest):
                    # 2017 A.9: this bracket is the PPB; re-pair it with every player left
                    # (C.4), the rest becoming the collapsed last bracket. 2026 C4, C5: re-pair
                    # it with every player left in view, who are then paired as usual.
                    position = group_start
                    special = True
                    continue
            if special and not collapse and position == total and group_start < total:
                position = self._group_end(group_start)
                lookahead = players[group_start:position]
                people = current + lookahead
            pairs += found
            special = position == total
            paired = {p.id for pair in found for p in pair}
            floaters = [p for p in people[:bracket_end] if p.id not in paired]
            mdp_count = len(floaters)
            current = floaters + lookahead
        bye = current[0] if current else None
        return pairs, bye

    # ------------------------------------------------------------ progress (no effect on pairings)
    options: PairingOptions | None = None  # its progress callback only

    def report(self, group_start: int) -> None:
        """Tell the options' progress callback which scoregroup the bracket being paired
        reaches, of how many."""
        scores = [p.score for p in self.players]
        report_progress(self.options, max(1, len(set(scores[:group_start]))), len(set(scores)))

    def _pair_with_completion(self) -> tuple[list[tuple[DutchEntrant, DutchEntrant]], DutchEntrant | None]:
        """2026: every bracket is paired with every player left in view, the completion
        criterion C4 (with C2 and C5) first, the next scoregroup as its lookahead (C8); the
        next bracket is then its downfloaters and the next scoregroup, to the last one."""
        players = self.players
        total = len(players)
        pairs: list[tuple[DutchEntrant, DutchEntrant]] = []
        position = self._group_end(0)
        current = players[:position]
        mdp_count = 0
        while len(current) > 1 or position < total:
            group_start = position
            position = self._group_end(position) if position < total else total
            rest = players[group_start:]
            people = current + rest
            bracket_end = len(current)
            self.report(group_start)  # progress only: no effect on the pairing
            next_end = bracket_end + position - group_start
            self._bye_score = self.decides_bye(current, rest)
            found = self._pair_bracket_in_view(people, mdp_count, bracket_end, next_end)
            pairs += found
            paired = {p.id for pair in found for p in pair}
            floaters = [p for p in current if p.id not in paired]
            mdp_count = len(floaters)
            current = floaters + players[group_start:position]
        bye = current[0] if current else None
        return pairs, bye

    def _pair_bracket_in_view(
        self, people: list[DutchEntrant], mdp_count: int, bracket_end: int, next_end: int
    ) -> list[tuple[DutchEntrant, DutchEntrant]]:
        final = bracket_end == len(people)
        if final or self._bye_score is None:
            # Quick answers first: the best pairing of the bracket and the next scoregroup
            # alone is the best with every player in view when the round completes around
            # it without costing the next bracket a pair (C4 over C8).
            candidate = first_candidate(people, mdp_count, bracket_end)
            if candidate and is_perfect(
                people[:next_end],
                mdp_count,
                bracket_end,
                final,
                next_end == len(people),
                self.last_round,
                self.can_meet,
                *candidate,
                bye_score=self._bye_score,
            ):
                found, quick_mate = candidate[0], None
            else:
                if not final and next_end > bracket_end:
                    # Quicker still, the bracket alone (C8 set aside): when its downfloaters
                    # and the next scoregroup pair fully, the round completing around them,
                    # its C8 fields are the most any pairing can have (every player of the
                    # bracket paired, in it or below), so nothing in view does better.
                    alone = self._optimise(
                        people[:bracket_end],
                        mdp_count,
                        bracket_end,
                        False,
                        False,
                        people[next_end - 1].score,
                        lookahead=False,
                    )
                    if self._completes_around(people, bracket_end, next_end, alone):
                        return [(people[i], people[j]) for i, j in alone]
                found = self._optimise(
                    people[:next_end],
                    mdp_count,
                    bracket_end,
                    final,
                    next_end == len(people),
                    people[next_end - 1].score,
                    True,
                )
                quick_mate = self._lookahead_mate
            if (
                final
                or self._completes_around(people, bracket_end, next_end, found)
                or self._completes_beside(people, next_end, quick_mate)
            ):
                return [(people[i], people[j]) for i, j in found]
        found = self._optimise(
            people, mdp_count, bracket_end, True, final, people[next_end - 1].score, lookahead=True, next_end=next_end
        )
        return [(people[i], people[j]) for i, j in found]

    def _completes_around(
        self, people: list[DutchEntrant], bracket_end: int, next_end: int, found: list[tuple[int, int]]
    ) -> bool:
        """Do the downfloaters of *found* and the next scoregroup pair fully among
        themselves (one of the scoregroup left over when they are odd), the players
        below completing the round with him? Then no pairing of the bracket has a better
        lookahead (C8) under the completion criterion (C4) than it had without it."""
        paired = {v for pair in found for v in pair}
        group = [people[v] for v in range(bracket_end) if v not in paired] + people[bracket_end:next_end]
        beyond = people[next_end:]
        if len(group) % 2 == 0:
            return self._pairs_fully(group) and self.completable(beyond)
        floaters = len(group) - (next_end - bracket_end)
        if not (self._pairs_but_one(group, floaters) and self._completes_with_one(group[floaters:], beyond)):
            return False  # no player of the next scoregroup can be the one left over
        return any(
            self._pairs_fully(group[:k] + group[k + 1 :]) and self.completable([group[k], *beyond])
            for k in range(len(group) - 1, floaters - 1, -1)
        )

    def _completes_beside(self, people: list[DutchEntrant], next_end: int, mate: list[int] | None) -> bool:
        """Does the round complete around the quick answer as it stands, its lookahead pairs
        (the pairs the quick solve made below the bracket, in the next scoregroup) kept?

        The quick solve is the same problem as the one with every player in view, less the
        completion criterion (C4): the same fields, on the pairs within the bracket and the
        next scoregroup, which are the only pairs they weigh. Its answer, lookahead pairs
        included, is therefore at least as good below C4 as any pairing of the full problem;
        when the players it leaves unpaired (and every player below) complete the round,
        it meets C4 too and is a best pairing of the full problem, and the first generated
        (B.8) among them, since the generation order weighs the bracket's pairs alone and
        the quick solve took the first among a larger set. Unlike ``_completes_around``
        this does not ask the lookahead to be perfect."""
        if mate is None:
            return False
        left = [people[v] for v in range(next_end) if mate[v] == -1] + people[next_end:]
        return self.completable(left)

    def _pairs_but_one(self, group: list[DutchEntrant], first: int) -> bool:
        """Does the odd *group* pair fully with one of ``group[first:]`` left over? One
        matching decides it: a stand-in joined to those players takes the one left over."""
        n = len(group)
        neighbours: list[list[int]] = [[] for _ in range(n + 1)]
        for i in range(n):
            for j in range(i + 1, n):
                if self.can_meet(group[i], group[j]):
                    neighbours[i].append(j)
                    neighbours[j].append(i)
        for i in range(first, n):
            neighbours[i].append(n)
            neighbours[n].append(i)
        return has_perfect_matching(n + 1, neighbours)

    def _completes_with_one(self, candidates: list[DutchEntrant], beyond: list[DutchEntrant]) -> bool:
        """Could *beyond* complete the round with some one of *candidates* joining it? A
        stand-in for them, meeting whom any of them may meet, must at least fit: when
        it does not, none of them does. One of them completing the round by a greedy
        pairing answers yes at once: the stand-in may meet whom he meets."""
        if candidates and self._greedy_completion([candidates[-1], *beyond]):
            return True
        n = len(beyond)
        size = n + 1
        neighbours: list[list[int]] = [[] for _ in range(size + size % 2)]

        def join(a: int, b: int) -> None:
            neighbours[a].append(b)
            neighbours[b].append(a)

        for i in range(n):
            for j in range(i + 1, n):
                if self.can_meet(beyond[i], beyond[j]):
                    join(i, j)
            if any(self.can_meet(k, beyond[i]) for k in candidates):
                join(i, n)
        if size % 2:
            for i in range(n):
                if beyond[i].bye_eligible:
                    join(i, size)
            if any(k.bye_eligible for k in candidates):
                join(n, size)
        return has_perfect_matching(len(neighbours), neighbours)

    def _pairs_fully(self, group: list[DutchEntrant]) -> bool:
        return len(group) % 2 == 0 and self.completable(group)

    def _group_end(self, start: int) -> int:
        score = self.players[start].score
        end = start
        while end < len(self.players) and self.players[end].score == score:
            end += 1
        return end

    def _pair_bracket(
        self, people: list[DutchEntrant], mdp_count: int, bracket_end: int, special: bool, final: bool
    ) -> list[tuple[DutchEntrant, DutchEntrant]]:
        candidate = first_candidate(people, mdp_count, bracket_end)
        if candidate and is_perfect(
            people,
            mdp_count,
            bracket_end,
            special,
            final,
            self.last_round,
            self.can_meet,
            *candidate,
            bye_score=self._bye_score,
        ):
            return [(people[i], people[j]) for i, j in candidate[0]]
        if not special and len(people) > bracket_end:
            # C.7 only ranks the downfloaters by what the next scoregroup can make of them:
            # when the best pairing of the bracket alone leaves downfloaters that the next
            # scoregroup pairs as fully as any could, it is the best pairing with C.7 too.
            alone = self._optimise(
                people[:bracket_end], mdp_count, bracket_end, special, final, people[-1].score, lookahead=False
            )
            paired = {v for pair in alone for v in pair}
            floaters = [i for i in range(bracket_end) if i not in paired]
            lookahead = list(range(bracket_end, len(people)))
            if lookahead_ideal(people, floaters, lookahead, final, self.can_meet):
                return [(people[i], people[j]) for i, j in alone]
        pairs = self._optimise(people, mdp_count, bracket_end, special, final, people[-1].score, lookahead=True)
        return [(people[i], people[j]) for i, j in pairs]

    def _optimise(
        self,
        people: list[DutchEntrant],
        mdp_count: int,
        bracket_end: int,
        special: bool,
        final: bool,
        min_score: int,
        lookahead: bool,
        next_end: int | None = None,
    ) -> list[tuple[int, int]]:
        """The best candidate by C.4-C.19 (2026: C4-C21), the first generated among equals (B.8)."""
        quality = BracketWeights(
            people,
            bracket_end,
            special,
            final,
            self.played_rounds,
            min_score,
            lookahead,
            self.edition,
            self._bye_score,
            next_end,
        )
        n = len(people)
        base: dict[tuple[int, int], int] = {}
        ids = [p.id for p in people]
        weight = quality.weight
        for i in range(n):
            cannot_meet = self.blocked[ids[i]]
            own, group = cannot_meet.own, cannot_meet.group  # j > i: another player
            # MDPs are paired with residents only (B.2, B.3)
            for j in range(max(i + 1, mdp_count), n):
                if ids[j] not in own and ids[j] not in group:
                    base[i, j] = weight(i, j)
        residents = list(range(mdp_count, bracket_end))
        graphs = _QualityGraphs(n, base, mdp_count, bracket_end)
        walk = InViewWalk(None)
        if n > bracket_end and not (special and self.edition.collapsed_last_bracket):
            # Beside the lookahead group (C.7, C8) or every player left in view (2026 C4):
            # one solve of the quality weights, the generation order walked on its duals.
            walk = first_generated_in_view(n, base, mdp_count, bracket_end, graphs.solve(set(), mdp_pairs=True))
            if walk.mate is not None:
                self._lookahead_mate = walk.mate
                return [(i, walk.mate[i]) for i in range(bracket_end) if i < walk.mate[i] < bracket_end]
        if walk.mdp_pairs is not None:
            # The walk settled the MDP-Pairing; its remainder needs an exchange.
            fixed = walk.mdp_pairs
            excluded = {v for pair in fixed for v in pair}
            remainder = [r for r in residents if r not in excluded]
            mate = self._solve(
                people, base, quality, mdp_count, bracket_end, excluded, remainder, walk.remainder_pairs, False, graphs
            )
            return self._answer(mate, fixed, remainder, n, bracket_end)
        # The MDP-Pairing (B.3, D.3) is settled by the quality criteria and the MDP order
        # alone, the remainder's order (D.1-D.2) only breaking ties below them: with MDPs, a
        # first solve without the remainder's order fields (narrow weights, quick) fixes
        # the MDP-Pairing, and a second pairs the remainder it leaves (B.7). Without MDPs,
        # the remainder is the whole bracket, with as many pairs as it can hold.
        if mdp_count:
            guessed, guessed_pairs = [], 0
        else:
            guessed = residents
            guessed_pairs = len(guessed) // 2
            if special:
                guessed_pairs = _pairs_in_best(graphs, residents, bracket_end)
            else:
                neighbours: list[list[int]] = [[] for _ in range(bracket_end)]
                for i, j in base:
                    if j < bracket_end:
                        neighbours[i].append(j)
                        neighbours[j].append(i)
                guessed_pairs = min(guessed_pairs, maximum_matching_size(len(neighbours), neighbours))
        mate = self._solve(
            people, base, quality, mdp_count, bracket_end, set(), guessed, guessed_pairs, mdp_count > 0, graphs
        )
        fixed = [(m, mate[m]) for m in range(mdp_count) if mdp_count <= mate[m] < bracket_end]
        excluded = {v for pair in fixed for v in pair}
        remainder = [r for r in residents if r not in excluded]
        remainder_pairs = sum(1 for r in remainder if r < mate[r] < bracket_end)
        if remainder != guessed or remainder_pairs != guessed_pairs:
            mate = self._solve(
                people, base, quality, mdp_count, bracket_end, excluded, remainder, remainder_pairs, False, graphs
            )
        return self._answer(mate, fixed, remainder, n, bracket_end)

    def _answer(
        self, mate: list[int], fixed: list[tuple[int, int]], remainder: list[int], n: int, bracket_end: int
    ) -> list[tuple[int, int]]:
        """The bracket's pairs: the MDP-Pairing *fixed*, then the remainder's in *mate*
        (kept whole, lookahead pairs included, for ``_completes_beside``)."""
        if len(mate) == n:
            mate = list(mate)
            for m, r in fixed:  # the MDP-Pairing, left out of the second solve
                mate[m], mate[r] = r, m
            self._lookahead_mate = mate
        else:
            self._lookahead_mate = None
        return fixed + [(r, mate[r]) for r in remainder if r < mate[r] < bracket_end]

    def _solve(
        self,
        people,
        base,
        weights,
        mdp_count,
        bracket_end,
        excluded,
        remainder,
        remainder_pairs,
        mdp_order: bool,
        graphs: _QualityGraphs,
    ) -> list[int]:
        # The graph of this solve: without the players *excluded*, and without the MDPs'
        # pairs into the bracket unless the MDP-Pairing is made here (B.3, Limbo).
        solved = graphs.solve(excluded, mdp_pairs=mdp_order)
        if not mdp_order and remainder_pairs:
            # The edges the wide solve below keeps: MDPs left out of the MDP-Pairing have
            # none into the bracket (they are in the Limbo).
            if excluded or mdp_count:
                inside = {
                    (i, j): q
                    for (i, j), q in base.items()
                    if i not in excluded and j not in excluded and not (i < mdp_count and j < bracket_end)
                }
            else:
                inside = base  # every pair is kept
            members = set(remainder)
            # Without players below, the pairs kept are those of the residents left.
            residents_left = len(people) == bracket_end and members == set(range(mdp_count, bracket_end)) - excluded
            if residents_left or all(i in members and j in members for i, j in inside):
                mate = first_transposition(len(people), remainder, remainder_pairs, inside, solved)
                if mate is not None:
                    return mate
            elif weights.special and self.edition.collapsed_last_bracket:
                # A PPB (A.9): the remainder is paired together with every player below it
                # (elsewhere ``first_generated_in_view`` has had its say).
                if all(i in members or i >= bracket_end for i, _ in inside):
                    mate = first_transposition_beside_rest(
                        len(people),
                        remainder,
                        remainder_pairs,
                        inside,
                        weights.completion_part,
                        lambda v: people[v].bye_eligible,
                        solved,
                    )
                else:  # MDPs in the Limbo meet the players below too
                    mate = first_transposition_in_view(len(people), remainder, remainder_pairs, inside, solved)
                if mate is not None:
                    return mate
        order = RemainderOrder(len(remainder), remainder_pairs)
        position = {r: k for k, r in enumerate(remainder)}
        mdps = MdpOrder(mdp_count, bracket_end) if mdp_order else None
        shift = order.width + (mdps.width if mdps else 0)
        pairs = (
            (i, j, w)
            for (i, j), w in base.items()
            if i not in excluded and j not in excluded and (mdps is not None or not (i < mdp_count and j < bracket_end))
        )
        if remainder_pairs or mdps is not None:
            # Some generation order field lies below the quality fields (D.1-D.3): a
            # pairing of the most weight is among those of best quality.
            pairs = list(pairs)
            if len(pairs) >= DUTCH_SPARSE_FROM_EDGES:
                pairs = _optimal_face(len(people), pairs, solved=solved)
        shifted: dict[int, int] = {}  # one number per quality weight, shared by its pairs
        edges = []
        for i, j, w in pairs:
            if i < mdp_count and j < bracket_end:  # MDPs left out of the MDP-Pairing are in the Limbo
                w = (w << shift) + (mdps.weight(i, j - mdp_count) << order.width)
            elif i in position and j in position:
                w = (w << shift) + order.weight(position[i], position[j])
            else:
                w = shifted.setdefault(w, w << shift)
            edges.append((i, j, w))
        if remainder_pairs and len(edges) >= DUTCH_SPARSE_FROM_EDGES:
            # D.1's transposition field lies below every other; the pairs that a pairing
            # best above it may use come from a narrower solve, whose duals the first
            # transposition is walked on. The matching walked is one of the most weight
            # at full width, pairs below the bracket included (they carry no field below
            # the quality fields), as ``_completes_beside`` asks of any answer it reads.
            if mdps is None:
                mate, edges = first_transposition_on_face(len(people), edges, remainder, order)
                if mate is not None:
                    return mate
            else:
                edges = _optimal_face(
                    len(people), edges, order.transposition_width, guess_shift=order.width - order.transposition_width
                )
        return max_weight_matching(len(people), edges, sparse_from=DUTCH_SPARSE_FROM_EDGES)


class _QualityGraphs:
    """The quality solves of one bracket's graphs (``QualitySolve``), each run once however
    many walks and solves ask for it. A graph is the bracket's pairs *base* without the
    players excluded (an MDP-Pairing settled) and, unless *mdp_pairs*, without the pairs of
    an MDP with a resident (MDPs left out of the MDP-Pairing are in the Limbo, B.3); its
    pairs are listed in *base*'s order, as each solve listed them itself."""

    def __init__(self, vertex_count: int, base: dict[tuple[int, int], int], mdp_count: int, bracket_end: int) -> None:
        self.vertex_count = vertex_count
        self.base = base
        self.mdp_count = mdp_count
        self.bracket_end = bracket_end
        self._solves: dict[tuple[frozenset[int], bool], QualitySolve] = {}

    def solve(self, excluded: set[int], mdp_pairs: bool) -> QualitySolve:
        mdp_pairs = mdp_pairs or not self.mdp_count  # without MDPs both graphs are one
        gone = frozenset(excluded)
        key = gone, mdp_pairs
        if key not in self._solves:
            mdp_count, bracket_end = self.mdp_count, self.bracket_end
            pairs = (
                (i, j, w)
                for (i, j), w in self.base.items()
                if i not in gone and j not in gone and (mdp_pairs or not (i < mdp_count and j < bracket_end))
            )
            self._solves[key] = QualitySolve(self.vertex_count, pairs)
        return self._solves[key]


def _pairs_in_best(graphs: _QualityGraphs, residents: list[int], bracket_end: int) -> int:
    """The pairs among the *residents* of a bracket without MDPs in every pairing of best
    quality: C.5 (2026 C6) is one field of the quality weights, the same sum in all of
    them, so the quality solve the walks use tells how many (the remainder's pairs, B.7)."""
    best = graphs.solve(set(), mdp_pairs=True)()[0]
    return sum(1 for r in residents if r < best[r] < bracket_end)


def _optimal_face(
    vertex_count: int,
    pairs: list[tuple[int, int, int]],
    below: int = 0,
    guess_shift: int = 0,
    solved: QualitySolve | None = None,
) -> list[tuple[int, int, int]]:
    """The pairs that a pairing of the most weight may use, judged on the weights' fields
    above the lowest *below* bits alone: the pairs tight under an optimal dual solution
    of those (complementary slackness). The fields below sum to less than one unit of
    the fields above over any pairing (weights.py, generation.py), so the pairing of the
    most weight is one of the most weight above them, and a solve on these pairs alone
    finds it. Used with the quality weights (the generation order, B.8, D.1-D.3, lies
    below them) and above D.1's transposition field: a narrow solve is quick, a wide one
    on every pair is not. *guess_shift* shapes the sparse first guess only
    (``matching._heaviest_edges``). *solved*, the ``QualitySolve`` of *pairs* when
    nothing lies below, is asked instead of solving again."""
    coarse = [(i, j, w >> below) for i, j, w in pairs] if below else pairs
    if not any(c[2] > 0 for c in coarse):
        return [e for e, c in zip(pairs, coarse, strict=True) if c[2] == 0]
    if solved is not None and not below and not guess_shift:
        _, _, slack = solved()
    else:
        gaining = [e for e in coarse if e[2] > 0]
        _, _, slack = matching_with_slack(vertex_count, gaining, DUTCH_SPARSE_FROM_EDGES, guess_shift)
        del gaining  # not kept beside the face
    return [e for e, c in zip(pairs, coarse, strict=True) if slack(*c) == 0]


def _may_take_bye(player: DutchEntrant, pab_score: int | None) -> bool:
    return player.bye_eligible and (pab_score is None or player.score <= pab_score)


class _Blocked:
    """Whom one player may not meet this round: his own (C.1, forbidden pairs) and, when
    C.3 restricts him, every other player of his colour group (C.3), that group shared
    by its players rather than copied into a set each (thousands of players in a large
    event: the copies took half a gigabyte)."""

    __slots__ = ("group", "own", "player", "size")

    def __init__(self, player: int, own: set[int], group: frozenset[int]) -> None:
        self.player, self.own, self.group = player, own, group
        self.size = len(own - group) + len(group) - (player in group)

    def __contains__(self, other: int) -> bool:
        return other in self.own or (other in self.group and other != self.player)

    def __len__(self) -> int:
        return self.size


def _blocked_pairs(players: list[DutchEntrant], forbidden: frozenset[frozenset[int]]) -> dict[int, _Blocked]:
    """For each player, whom he may not meet this round (C.1, C.3, forbidden pairs)."""
    own: dict[int, set[int]] = {p.id: set() for p in players}
    present = set(own)
    for p in players:
        own[p.id] |= p.opponents & present
    for pair in forbidden:
        a, b = tuple(pair)
        if a in present and b in present:
            own[a].add(b)
            own[b].add(a)
    by_colour: dict[object, set[int]] = {}
    for p in players:
        if restricted_by_c3(p):
            by_colour.setdefault(p.preference.colour, set()).add(p.id)
    group_of: dict[int, frozenset[int]] = {}
    for group in by_colour.values():
        shared = frozenset(group)
        for pid in group:
            group_of[pid] = shared
    return {pid: _Blocked(pid, mine, group_of.get(pid, frozenset())) for pid, mine in own.items()}
