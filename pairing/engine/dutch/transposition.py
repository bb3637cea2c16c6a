"""The D.1 transposition order without wide weights, when no exchange is needed.

Among the remainder's pairings of best quality (C.5-C.19), B.8 takes the one generated
first: the fewest exchanges between S1R and S2R (D.2), then the first transposition of
S2R (D.1). ``generation.RemainderOrder`` encodes that order as weight fields below the
quality fields, a few thousand bits wide in a bracket of a few hundred players, and a
weighted matching on such numbers is slow. This module finds the same pairing another
way whenever a pairing of best quality needs no exchange at all, which is the usual
case in large brackets:

1. A maximum-quality matching of the bipartite graph S1R x S2R (every pair made of
   an S1R player and an S2R player) says whether the best quality of the whole
   remainder can be reached without an exchange: its duals prove it when no pair of
   the remainder has negative slack under them, else a solve of the whole remainder
   gives the best quality to compare with. If it can, with every
   S1R player paired, the pairings generated first are among those (D.2: no exchange
   comes before any exchange), and they are exactly the maximum-quality matchings of
   the bipartite graph.
2. The bipartite solve also gives optimal duals. By complementary slackness the
   maximum-quality matchings of the bipartite graph are the matchings on its tight
   edges that cover every vertex of positive dual. D.1 transposes S2R in
   lexicographic order, so the first such matching gives S1R's first player the
   lowest S2R opponent it can have, then the second player, and so on: the walk
   below takes S1R's players in order and moves each to its lowest possible opponent
   along an alternating path or cycle of tight edges, which keeps the matching among
   the maximum-quality ones and leaves the players already settled alone.

When the condition of step 1 fails the caller falls back to the wide weights.

A PPB's remainder is paired together with every player below it (A.9), which is not
a bipartite graph; ``first_transposition_beside_rest`` walks it the same way, with
an unweighted search for the players below (its docstring gives the argument).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NamedTuple

from pairing.engine.dutch.generation import RemainderOrder
from pairing.engine.matching import (
    DUTCH_SPARSE_FROM_EDGES,
    augment_from,
    bipartite_matching_with_duals,
    even_reach,
    matching_with_slack,
    max_weight_matching,
    optimal_solution,
    with_slack,
)

# The walk on the face above D.1's field decides at most this many moves by a weighted solve
# of its own (each about as costly as the face's solve); past them the full width decides.
FACE_WALK_SOLVES = 32


class QualitySolve:
    """A maximum-weight matching of one graph's pairs of positive quality, with an optimal
    dual solution (``matching_with_slack``): solved at the first call, then kept. The walks
    and the wide solve of one bracket ask it of the same graph, each more than once: its
    best quality (the value, the same for every optimal matching) and its optimal face.
    Each call gets a slack function of its own, whose memo goes with it."""

    def __init__(self, vertex_count: int, pairs: Iterable[tuple[int, int, int]]) -> None:
        self.vertex_count = vertex_count
        self._pairs = pairs  # read at the first call only
        self._solution: tuple[list[int], list[int], list[int]] | None = None

    def __call__(self) -> tuple[list[int], list[int], Callable[[int, int, int], int]]:
        n = self.vertex_count
        if self._solution is None:
            gaining = [e for e in self._pairs if e[2] > 0]
            self._pairs = ()
            if gaining:
                self._solution = optimal_solution(n, gaining, DUTCH_SPARSE_FROM_EDGES)
            else:  # no pair gains: the empty matching, every dual zero, no blossom
                self._solution = [-1] * n, [0] * (2 * n), [-1] * (2 * n)
        return with_slack(n, self._solution)


def _quality_solve(vertex_count: int, quality: dict[tuple[int, int], int]) -> QualitySolve:
    return QualitySolve(vertex_count, [(i, j, w) for (i, j), w in quality.items()])


def first_transposition(
    vertex_count: int,
    remainder: list[int],
    pairs: int,
    quality: dict[tuple[int, int], int],
    solved: QualitySolve | None = None,
) -> list[int] | None:
    """``mate`` (indices into the bracket's people, -1 when unpaired) of the remainder's
    pairing generated first among those of best quality, or None when reaching the best
    quality needs an exchange, or fewer than *pairs* pairs.

    *remainder* lists the players in BSN order, S1R being its first *pairs*;
    *quality* holds the quality weight of every pair of remainder players that may
    meet, keyed ``(i, j)`` with ``i < j``; *solved*, when given, is its ``QualitySolve``.
    """
    s1 = remainder[:pairs]
    in_s1 = set(s1)
    across = [(i, j, w) for (i, j), w in quality.items() if (i in in_s1) != (j in in_s1)]
    mate, dual = bipartite_matching_with_duals(vertex_count, across, DUTCH_SPARSE_FROM_EDGES)
    best = _value(mate, quality)
    if any(dual[i] + dual[j] < 2 * w for (i, j), w in quality.items()):
        # The bipartite duals do not prove the bipartite optimum the best of the whole
        # remainder (a pair inside S1R or S2R might do better): solve the remainder.
        # When they do (no pair with negative slack, the matching's pairs with none,
        # the players it leaves with a zero dual), no solve is needed.
        best = _value((solved or _quality_solve(vertex_count, quality))()[0], quality)
        if _value(mate, quality) != best:
            return None
    if any(mate[t] == -1 for t in s1):
        return None
    tight = _tight_neighbours(across, dual)
    fixed: set[int] = set()  # settled S1R players and their opponents
    for t in s1:
        _move_to_lowest_opponent(t, tight, mate, dual, fixed)
        fixed |= {t, mate[t]}
    if any(mate[t] == -1 for t in s1) or _value(mate, quality) != best:
        return None  # cannot happen by the argument above; the wide weights decide if it does
    return mate


def first_transposition_beside_rest(
    vertex_count: int,
    remainder: list[int],
    pairs: int,
    quality: dict[tuple[int, int], int],
    completion_part: Callable[[int, int], int],
    bye_eligible: Callable[[int], bool],
    solved: QualitySolve | None = None,
) -> list[int] | None:
    """The same for the remainder of a PPB, paired together with every player below it
    (A.9): *quality* also holds the pairs of a remainder player with a player below and
    of two players below, which carry the completion field only (C.4). None when no
    pairing of best quality pairs S1R with S2R (an exchange is needed): the wide
    weights decide then.

    Every player is paired in a pairing of best quality (C.4 first; the bye, if any, to
    an eligible player), so its completion field is the same for all of them, and they
    differ in the S1R x S2R pairs alone: such a pairing has the best quality exactly
    when its S1R x S2R part is a matching of the bipartite graph of best weight below
    the completion field, and the players it leaves (downfloaters) are paired with the
    players below. The bipartite duals give the first (tight edges; vertices of
    positive dual paired in the bracket); the second is a matching of the general
    graph H of tight S1R x S2R edges, edges from the S2R players of zero dual to the
    players below, and edges among the players below (with a vertex for the bye joined
    to the eligible ones). The pairings of best quality without an exchange are the
    perfect matchings of H, and the walk moves each S1R player in turn to his lowest
    possible opponent: pairing *t* with *u* frees *t*'s old opponent and *u*'s old
    partner, and some perfect matching of H keeps the settled pairs and pairs *t* with
    *u* exactly when an augmenting path joins the two (Berge), which Edmonds' search
    finds.
    """
    s1, s2 = remainder[:pairs], remainder[pairs:]
    in_s1, in_s2 = set(s1), set(s2)
    best_mate = (solved or _quality_solve(vertex_count, quality))()[0]
    best = _value(best_mate, quality)
    below_quality = {(i, j): w - completion_part(i, j) for (i, j), w in quality.items() if i in in_s1 and j in in_s2}
    across = [(i, j, w) for (i, j), w in below_quality.items()]
    bipartite, dual = bipartite_matching_with_duals(vertex_count, across, DUTCH_SPARSE_FROM_EDGES)
    if any(bipartite[t] == -1 for t in s1):
        return None
    # Every perfect matching of H weighs the completion field of a round completed (the
    # most there is, which the best pairing has) plus the bipartite optimum: when that
    # falls short of the best quality, an exchange is needed, and H is not built.
    completed = sum(completion_part(v, u) for v, u in enumerate(best_mate) if v < u)
    if completed + _value(bipartite, below_quality) != best:
        return None
    tight = _tight_neighbours(across, dual)
    bye = vertex_count
    neighbours: list[list[int]] = [[] for _ in range(vertex_count + 1)]
    for t in s1:
        neighbours[t] = tight.get(t, [])
    players: set[int] = set()
    for i, j in quality:
        players |= {i, j}
        if i in in_s1 or j in in_s1 or (i in in_s2 and (j in in_s2 or dual[i])):
            continue  # S1R players are paired in the bracket, and so are S2R players of positive dual
        neighbours[i].append(j)
        neighbours[j].append(i)
    for v in s2:
        neighbours[v] += tight.get(v, [])
    if len(players) % 2:
        for v in players:
            if bye_eligible(v) and v not in in_s1 and not (v in in_s2 and dual[v]):
                neighbours[v].append(bye)
                neighbours[bye].append(v)
        players.add(bye)
    # A perfect matching of H, from the bipartite one: the first pairing to walk from.
    mate = [*bipartite, -1]
    for v in players:
        if mate[v] == -1:
            partner = next((w for w in neighbours[v] if mate[w] == -1), None)
            if partner is not None:
                mate[v], mate[partner] = partner, v
    for v in players:
        if mate[v] == -1 and not augment_from(v, neighbours.__getitem__, mate):
            return None  # the best pairing without exchange does not complete the round
    if sum(quality[v, u] for v, u in enumerate(mate[:vertex_count]) if v < u < vertex_count) != best:
        return None  # the best quality needs an exchange
    fixed: set[int] = set()  # settled S1R players and their opponents
    for t in s1:
        # The S1R x S2R pairs alone, as the bracket's bipartite graph sees them.
        in_bracket = [-1] * vertex_count
        for top in s1:
            in_bracket[top], in_bracket[mate[top]] = mate[top], top
        reach, whole = None, False  # *whole*: the search of *reach* went to its end
        for u in neighbours[t]:
            if u >= mate[t]:
                break
            if u in fixed:
                continue
            if _moved(t, u, tight, in_bracket, dual, fixed) is None:
                continue  # not even the bracket's own pairing allows it
            if reach is None:
                # t's old opponent, freed, must find a new partner along an augmenting
                # path ending at u's old partner: that path and the pair of u with his
                # partner make an even alternating path from the opponent to u, with t
                # left out. One search finds every u so reached, and skips the others;
                # it stops at this first candidate when it reaches him (the move tried
                # first), and only when the move fails is it run to the end.
                reach = _even_reach_beside(t, mate, neighbours, fixed, until=u)
            if not reach[u]:
                continue
            trial = list(mate)
            freed = trial[t], trial[u]
            trial[freed[0]] = trial[freed[1]] = -1
            trial[t], trial[u] = u, t
            if augment_from(freed[0], neighbours.__getitem__, trial, blocked=fixed | {t, u}):
                mate = trial
                break
            if not whole:  # *mate* and *fixed* stay as they were: one whole search serves every later u
                reach, whole = _even_reach_beside(t, mate, neighbours, fixed), True
        fixed |= {t, mate[t]}
    return mate[:vertex_count]


def _even_reach_beside(
    t: int, mate: list[int], neighbours: list[list[int]], fixed: set[int], until: int = -1
) -> list[bool]:
    """``even_reach`` from *t*'s opponent freed, *t* and the *fixed* players left out."""
    probe = list(mate)
    probe[t] = probe[mate[t]] = -1
    reach = even_reach(mate[t], neighbours.__getitem__, probe, blocked=fixed | {t}, until=until)
    if reach is None:  # cannot happen: the matching of H was perfect
        reach = [True] * len(mate)
    return reach


def _tight_neighbours(edges: list[tuple[int, int, int]], dual: list[int]) -> dict[int, list[int]]:
    """Each vertex's neighbours along tight edges (no slack under *dual*), lowest first."""
    tight: dict[int, list[int]] = {}
    for i, j, w in edges:
        if dual[i] + dual[j] == 2 * w:
            tight.setdefault(i, []).append(j)
            tight.setdefault(j, []).append(i)
    for options in tight.values():
        options.sort()
    return tight


def _value(mate: list[int], quality: dict[tuple[int, int], int]) -> int:
    return sum(quality[v, u] for v, u in enumerate(mate) if v < u)


def _move_to_lowest_opponent(
    t: int, tight: dict[int, list[int]], mate: list[int], dual: list[int], fixed: set[int]
) -> None:
    """Give S1R player *t* the lowest S2R opponent he has in any maximum-quality matching
    that keeps the settled pairs (*fixed*), changing *mate* in place.

    Pairing *t* with ``u`` leaves his old opponent and ``u``'s old partner unpaired. A
    matching of maximum quality must cover every vertex of positive dual; each of the
    two that has one is covered again along an alternating path of tight edges, which
    ends at an unpaired vertex or takes the partner away from a vertex of zero dual.
    If some maximum-quality matching pairs *t* with ``u``, the symmetric difference
    with it holds such a path for each, so the search below finds them one after the
    other (bipartite matching theory); if not, ``u`` is not possible for *t*.
    """
    for u in tight.get(t, ()):
        if u >= mate[t]:
            return
        if u in fixed:
            continue
        trial = _moved(t, u, tight, mate, dual, fixed)
        if trial is not None:
            mate[:] = trial
            return


def _moved(
    t: int, u: int, tight: dict[int, list[int]], mate: list[int], dual: list[int], fixed: set[int]
) -> list[int] | None:
    """*mate* with *t* paired to *u* and the two players this frees covered again along
    alternating paths of tight edges where their dual requires it; None if impossible."""
    current = mate[t]
    trial = list(mate)
    holder = trial[u]
    trial[current] = -1
    if holder != -1:
        trial[holder] = -1
    trial[t], trial[u] = u, t
    blocked = fixed | {t, u}
    if all(
        trial[x] != -1 or dual[x] == 0 or _cover(x, tight, trial, dual, blocked) for x in (current, holder) if x != -1
    ):
        return trial
    return None


def _cover(start: int, tight: dict[int, list[int]], mate: list[int], dual: list[int], blocked: set[int]) -> bool:
    """Cover the unpaired *start* along an alternating path of tight edges, changing
    *mate*: a free edge to an unpaired vertex, or to a paired one whose partner either
    has a zero dual (it is left unpaired) or goes on along a free edge, and so on.
    False, *mate* unchanged, when there is none (breadth first, each vertex once)."""
    reached_from: dict[int, int] = {start: -1}  # vertex -> the vertex before it on its path
    queue = [start]
    for x in queue:  # vertices to be paired anew: *start*, then partners taken away
        for y in tight.get(x, ()):
            if y in blocked or y in reached_from or y == mate[x]:
                continue
            reached_from[y] = x
            partner = mate[y]
            if partner == -1 or dual[partner] == 0:
                if partner != -1:
                    mate[partner] = -1
                while True:  # y takes x; x's old partner takes the vertex before x; ...
                    x = reached_from[y]
                    previous_partner = mate[x] if x != start else -1
                    mate[x], mate[y] = y, x
                    if x == start:
                        return True
                    y = previous_partner
            if partner not in reached_from and partner not in blocked:
                reached_from[partner] = y
                queue.append(partner)
    return False


class InViewWalk(NamedTuple):
    """What ``first_generated_in_view`` proved: the whole answer (``mate``), or only the
    MDP-Pairing (*mdp_pairs*, with the number of pairs its remainder holds) when the
    remainder needs the wide weights, or nothing."""

    mate: list[int] | None
    mdp_pairs: list[tuple[int, int]] | None = None
    remainder_pairs: int = 0


def first_generated_in_view(
    vertex_count: int,
    quality: dict[tuple[int, int], int],
    mdp_count: int,
    bracket_end: int,
    solved: QualitySolve | None = None,
) -> InViewWalk:
    """``mate`` of the bracket's pairing generated first (B.8: D.3's MDP-Pairing, then
    D.2-D.1 in its remainder) among those of best quality, when the bracket is paired
    together with players outside it whose pairs weigh more than the completion field:
    its lookahead group (2017 C.7, 2026 C8) or every player left (2026 C4 with C8).
    *quality* holds every pair of the solve (MDPs meet residents and the players below
    only, B.2-B.3); ``people[:mdp_count]`` are the MDPs, ``people[mdp_count:bracket_end]``
    the residents. None when the walk cannot prove its answer: the wide weights decide.

    One solve of the quality weights with its optimal dual solution describes every
    pairing of best quality (``_OptimalFace``); the order D.1-D.3 is then walked on it:
    the MDPs paired in the bracket, the lowest in BSN first (one at a time, as many as
    some pairing of best quality allows); their opponents, MDP by MDP, the lowest each
    can have; then the remainder they leave, S1R player by S1R player, the lowest S2R
    opponent each can have without exchange (D.2 puts every pairing without exchange
    before any pairing with one; when the best quality needs an exchange, the wide
    weights pair the remainder of the MDP-Pairing found).
    """
    face = _OptimalFace(vertex_count, quality, solved=solved)
    if face.mate is None:
        return InViewWalk(None)
    group = face.group
    residents = range(mdp_count, bracket_end)
    for r in residents:
        face.set_group(r, _RESIDENT)
    try:
        for m in range(mdp_count):
            face.set_group(m, _MDP_PAIRED)  # paired in the bracket, if some pairing of best quality allows
            if not face.restrict([m], required=[m]):
                face.set_group(m, _MDP_LIMBO)
                face.restrict([m])
        settled: set[int] = set()
        for m in range(mdp_count):
            if group[m] == _MDP_PAIRED:
                face.walk(m, settled)
                settled |= {m, face.mate[m]}
    except _Undecided:
        return InViewWalk(None)
    mdp_pairs = [(m, face.mate[m]) for m in range(mdp_count) if m in settled]
    remainder = [r for r in residents if r not in settled]
    pairs = sum(1 for r in remainder if r < face.mate[r] < bracket_end)
    try:
        mate = face.first_transposition(remainder, pairs, settled)
    except _Undecided:
        mate = None
    return InViewWalk(mate, mdp_pairs, pairs)


def first_transposition_in_view(
    vertex_count: int,
    remainder: list[int],
    pairs: int,
    quality: dict[tuple[int, int], int],
    solved: QualitySolve | None = None,
) -> list[int] | None:
    """The D.1-D.2 walk of ``first_generated_in_view`` for a remainder alone (its MDP-Pairing
    settled, the pairs it made left out of *quality*), beside the players outside it."""
    face = _OptimalFace(vertex_count, quality, solved=solved)
    if face.mate is None:
        return None
    for r in remainder:
        face.set_group(r, _RESIDENT)
    try:
        return face.first_transposition(remainder, pairs, set())
    except _Undecided:
        return None


def first_transposition_on_face(
    vertex_count: int, edges: list[tuple[int, int, int]], remainder: list[int], order: RemainderOrder
) -> tuple[list[int] | None, list[tuple[int, int, int]]]:
    """The remainder's first transposition (D.1) among its pairings of best quality and
    fewest exchanges (D.2), exchanges or none, as the full-width weights *edges* would
    choose it: ``mate``, or None when the walk cannot prove it; and the edges of the face
    above D.1's field (the pairs tight under an optimal dual solution of the weights
    above it), on which the full-width weights decide in that case.

    *edges* carry the full weights: the quality fields, then D.2's exchange fields
    (*order*, ``generation.RemainderOrder``) on the pairs of two remainder players, then
    D.1's transposition field in the lowest bits. Above that field the
    weights fix the set of tops (the higher-ranked player of each pair of the
    remainder): D.2 (c) and (d) give every S1R player moved out and every S2R player
    moved in a bit of its own, and each field's sum is the same in every pairing of the
    most weight above the transposition field. The field itself gives each top a digit
    of its own, his opponent's rank, the first top's the highest, with room to spare:
    among those pairings, the one of the most weight gives the first top the lowest
    opponent he can have, then the second top, and so on. That is the walk of
    ``_OptimalFace`` on the weights above the field, top by top, each moved to his
    lowest opponent after him in the remainder.
    """
    transposition_width = order.transposition_width
    coarse = {(i, j): w >> transposition_width for i, j, w in edges}
    # The solve's first guess groups pairs by their quality (the fields above D.2's).
    face = _OptimalFace(vertex_count, coarse, guess_shift=order.width - transposition_width)
    if face.mate is None:  # no pair weighs anything above the field: those of zero are tight
        return None, [e for e in edges if coarse[e[0], e[1]] == 0]
    face_edges = _tight_edges(edges, face.tight)
    members = set(remainder)
    mate = face.mate
    tops = [r for r in remainder if r < mate[r] and mate[r] in members]
    face.solves_left = FACE_WALK_SOLVES
    settled: set[int] = set()
    try:
        for t in tops:
            face.walk(t, settled, lambda u, t=t: u > t and u in members)
            settled |= {t, face.mate[t]}
    except _Undecided:
        return None, face_edges
    return face.mate[:vertex_count], face_edges


def _tight_edges(edges: list[tuple[int, int, int]], tight: list[list[int]]) -> list[tuple[int, int, int]]:
    """The *edges* whose pair is among the *tight* neighbours."""
    pairs = {(i, j) for i, near in enumerate(tight) for j in near if i < j}
    return [e for e in edges if (e[0], e[1]) in pairs]


class _Undecided(Exception):
    """The walk cannot prove its answer: the wide weights decide."""


# Who may meet whom on the walk: a player's group says which groups his partner may be in.
_OUTSIDE, _RESIDENT, _MDP_PAIRED, _MDP_LIMBO, _S1R, _S2R = range(6)
_PARTNERS = {
    _OUTSIDE: None,  # anyone
    _RESIDENT: None,
    _MDP_PAIRED: {_RESIDENT, _S1R, _S2R},  # an MDP paired in the bracket (B.3)
    _MDP_LIMBO: {_OUTSIDE},  # an MDP left out of the MDP-Pairing floats (B.3, Limbo)
    _S1R: {_S2R},  # no exchange (D.2): S1R players meet S2R players
    _S2R: {_OUTSIDE, _S1R, _MDP_PAIRED, _RESIDENT},  # never another S2R player
}


class _OptimalFace:
    """The pairings of best quality of one graph, as complementary slackness gives them.

    An optimal dual solution (vertex duals and the duals of odd sets, the blossoms)
    describes every maximum-weight matching: its pairs are tight edges, it covers every
    vertex of positive dual, and it has as many pairs inside each blossom of positive
    dual as the blossom can hold. The walk works in the larger family R of matchings of
    tight edges, within the groups' rules, that cover the vertices of positive dual and
    the players made *required*, and checks each matching it keeps against the best
    quality:

    * a change that no matching of R allows (no augmenting path re-covers the players
      it frees, Berge; the vertices that need no cover may be left over, a pendant
      stand-in each, ``n + v`` for vertex ``v``) is allowed by no pairing of best
      quality;
    * a change it keeps is allowed by one: the matching it leaves has the best quality
      (pairing further along augmenting paths where a blossom is short of pairs).
      When R allows a change but the matching found falls short of the best quality,
      the walk cannot tell whether another would reach it: ``_Undecided``.
    """

    def __init__(
        self,
        vertex_count: int,
        quality: dict[tuple[int, int], int],
        guess_shift: int = 0,
        solved: QualitySolve | None = None,
    ) -> None:
        n = self.n = vertex_count
        self.quality = quality
        self.group = [_OUTSIDE] * n
        self.required = [False] * n
        self._near: dict[int, list[int]] = {}  # each vertex's neighbours on the walk, as the groups stand
        self.mate: list[int] | None = None
        # Moves that R allows but whose matching falls short of the best quality, decided by
        # a weighted solve (``_best_with``) rather than declined: none unless a walk asks.
        self.solves_left = 0
        if not any(w > 0 for w in quality.values()):
            return
        if solved is not None:  # the same solve, kept for *quality*'s pairs
            best_mate, dual, slack = solved()
        else:
            positive = [(i, j, w) for (i, j), w in quality.items() if w > 0]
            best_mate, dual, slack = matching_with_slack(n, positive, DUTCH_SPARSE_FROM_EDGES, guess_shift)
            del positive  # not kept beside the face
        self.best = _value(best_mate, quality)
        self.tight: list[list[int]] = [[] for _ in range(n)]
        for (i, j), w in quality.items():
            if slack(i, j, w) == 0:
                self.tight[i].append(j)
                self.tight[j].append(i)
        for options in self.tight:
            options.sort()
        self.required = [d > 0 for d in dual]
        self.mate = [*best_mate, *([-1] * n)]

    def _allowed(self, v: int, u: int) -> bool:
        partners = _PARTNERS[self.group[v]]
        if partners is not None and self.group[u] not in partners:
            return False
        partners = _PARTNERS[self.group[u]]
        return partners is None or self.group[v] in partners

    def set_group(self, v: int, group: int) -> None:
        self.group[v] = group
        self._near.clear()

    def _around(self, v: int) -> list[int]:
        n = self.n
        if v >= n:
            return [v - n]  # a stand-in meets its own vertex only
        near = self._near.get(v)
        if near is None:
            near = self._near[v] = [u for u in self.tight[v] if self._allowed(v, u)]
            if not self.required[v]:
                near.append(n + v)
        return near

    def _paired_on(self, v: int) -> list[int]:
        return [u for u in self._around(v) if u < self.n]

    def _cover(self, v: int, mate: list[int], blocked: set[int]) -> bool:
        """Pair *v* again along an augmenting path; a player left to his stand-in is left
        unpaired instead."""
        if not augment_from(v, self._around, mate, blocked=blocked):
            return False
        n = self.n
        for d in range(n, 2 * n):
            if mate[d] != -1:
                mate[mate[d]] = mate[d] = -1
        return True

    def _settle(self, mate: list[int], freed: list[int], blocked: set[int]) -> bool:
        """Re-cover the players *freed* that need it; then is *mate* of the best quality?
        False when R allows no such matching; ``_Undecided`` when R does but the
        matching found falls short of the best quality."""
        for x in freed:
            if x != -1 and mate[x] == -1 and self.required[x] and not self._cover(x, mate, blocked):
                return False
        if _value(mate[: self.n], self.quality) != self.best:
            # A blossom short of pairs (the one thing R does not ask) may gain them along
            # augmenting paths of tight edges between two unpaired players.
            for v in range(self.n):
                if mate[v] == -1 and v not in blocked:
                    augment_from(v, self._paired_on, mate, blocked=blocked)
            if _value(mate[: self.n], self.quality) != self.best:
                raise _Undecided
        return True

    def restrict(self, players: list[int], required: list[int] = (), settled: set[int] = frozenset()) -> bool:
        """Apply the groups' rules as they now stand to *players* (and make *required*
        ones need a cover), keeping the *settled* pairs: True, the matching kept, when
        some pairing of best quality still follows them; False, nothing changed, when
        none does."""
        mate = list(self.mate)
        freed = []
        for v in players:
            u = mate[v]
            if u != -1 and not self._allowed(v, u):
                mate[v] = mate[u] = -1
                freed += [v, u]
        saved = [self.required[v] for v in required]
        for v in required:
            self.required[v] = True
        self._near.clear()
        if self._settle(mate, [*freed, *required], set(settled)):
            self.mate = mate
            return True
        for v, was in zip(required, saved, strict=True):
            self.required[v] = was
        self._near.clear()
        return False

    def walk(self, t: int, settled: set[int], may_meet: Callable[[int], bool] | None = None) -> None:
        """Give *t* the lowest partner he has in any pairing of best quality that keeps the
        *settled* pairs (D.1: the first transposition), changing the matching; only the
        partners *may_meet* accepts are tried, when given."""
        mate = self.mate
        for u in self.tight[t]:
            if u >= mate[t]:
                return
            if u in settled or not self._allowed(t, u) or (may_meet is not None and not may_meet(u)):
                continue
            trial = list(mate)
            freed = [trial[t], trial[u]]
            for x in freed:
                if x != -1:
                    trial[x] = -1
            trial[t], trial[u] = u, t
            try:
                kept = self._settle(trial, freed, settled | {t, u})
            except _Undecided:
                if self.solves_left <= 0:
                    raise
                self.solves_left -= 1
                trial = self._best_with(settled, t, u)
                kept = trial is not None
            if kept:
                self.mate = trial
                return

    def _best_with(self, settled: set[int], t: int, u: int) -> list[int] | None:
        """A pairing of best quality that keeps the *settled* pairs and pairs *t* with *u*,
        or None when there is none: decided by a weighted solve of the tight pairs among the
        other players (every pairing of best quality uses tight pairs only), compared with
        the best quality. Only for a walk whose players all meet freely (no groups)."""
        n, mate, quality = self.n, self.mate, self.quality
        fixed = {(min(s, mate[s]), max(s, mate[s])) for s in settled if mate[s] != -1}
        fixed.add((min(t, u), max(t, u)))
        gone = {v for pair in fixed for v in pair}
        edges = [
            (i, j, quality[i, j])
            for i in range(n)
            if i not in gone
            for j in self.tight[i]
            if i < j and j not in gone and quality[i, j] > 0
        ]
        rest = max_weight_matching(n, edges, sparse_from=DUTCH_SPARSE_FROM_EDGES)
        if _value(rest, quality) + sum(quality[pair] for pair in fixed) != self.best:
            return None
        for i, j in fixed:
            rest[i], rest[j] = j, i
        return [*rest, *([-1] * n)]

    def first_transposition(self, remainder: list[int], pairs: int, settled: set[int]) -> list[int] | None:
        """The remainder's first transposition without exchange (D.1, D.2), or None when
        the best quality needs an exchange."""
        s1 = remainder[:pairs]
        for k, r in enumerate(remainder):
            self.set_group(r, _S1R if k < pairs else _S2R)
        if not self.restrict(remainder, required=s1, settled=settled):
            return None
        settled = set(settled)
        for t in s1:
            self.walk(t, settled)
            settled |= {t, self.mate[t]}
        return self.mate[: self.n]
