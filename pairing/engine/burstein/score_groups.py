"""C.04.4.2 rules 6.1-6.6: pairing the score groups from the top down.

Each score group, with the floater dropped into it from the group above (6.3), is put in
3.2 order and paired by the first combination that best satisfies 6.5 (see
:mod:`pairing.engine.burstein.combinations`). A combination is acceptable only if its
floater has an opponent in the next score group and the rest of the round can still be
paired completely (6.6: otherwise the floater goes back and the next combination is
tried). A group with no acceptable combination is merged with the next one and the two
are paired as one score group (6.6, last sentence).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import groupby

from pairing.engine.burstein.combinations import Combination, GroupSearch
from pairing.engine.burstein.players import BursteinRound
from pairing.engine.common.pairability import _augment, can_all_pair, greedy_in_order
from pairing.engine.matching import augment_from
from pairing.engine.options import PairingOptions, report_progress
from pairing.engine.state import PairingError


class ScoreGroupPairer:
    def __init__(self, data: BursteinRound, options: PairingOptions | None = None) -> None:
        self.data = data
        self.options = options  # its progress callback is told (k, n) at each score group
        self._completion: dict[frozenset[int], bool] = {}
        self._base_pairings: dict[frozenset[int], dict[int, int | None]] = {}
        self._base_exposed: dict[frozenset[int], list[int]] = {}  # who each leaves out
        self._base_alone_has_opponent: dict[frozenset[int], bool] = {}
        # (group in 3.2 order, floater from above, chosen combination, next SG), for
        # explaining a pairing
        self.trace: list[tuple[list[int], int | None, Combination, list[int]]] = []

    def completable(self, players: Sequence[int]) -> bool:
        """Can these players all be paired among themselves (3.1, 5.2, 5.3)?"""
        key = frozenset(players)
        if key not in self._completion:
            ordered = sorted(players, key=self.data.rank_key)
            # The cheap certificate first; the opponents of each are listed only when it fails.
            self._completion[key] = (len(ordered) % 2 == 0 and greedy_in_order(ordered, self.data.compatible)) or (
                can_all_pair(ordered, self.data.compatible, known=_OpponentsWithin(self.data, key))
            )
        return self._completion[key]

    def completable_with(self, base: Sequence[int], extra: int) -> bool:
        """Can *base* plus *extra* all be paired? Many floater candidates are tried
        against the same players below, so a largest pairing of those is found once:
        adding one player adds one pair at most, so unless exactly one of *base* is
        left out of it, no candidate completes the round; else *extra* completes it
        when an alternating path joins him to the one left out (tried cheaply first;
        never when that one may meet no one of *base* and not *extra* either), and a
        full check decides the rest."""
        key = frozenset(base)
        if key not in self._base_pairings:
            largest = self._base_pairings[key] = self._largest_pairing(base)
            self._base_exposed[key] = [p for p in base if largest.get(p) is None]
        mate = self._base_pairings[key]
        exposed = self._base_exposed[key]
        if len(exposed) != 1:
            return False
        alone = exposed[0]
        compatible = self.data.compatible
        if compatible(extra, alone):
            return True
        if not self._alone_has_opponent(key, alone):
            return False  # no one of *base* may meet him, nor may *extra*: he stays unpaired
        for p in base:
            partner = mate[p]
            if partner is not None and compatible(extra, p) and compatible(partner, alone):
                return True  # extra - p, partner - alone
        if self._alternating_path(extra, alone, key, mate):
            return True
        return self.completable([*base, extra])

    def _alone_has_opponent(self, key: frozenset[int], alone: int) -> bool:
        """Has the one player a largest pairing of *key* leaves out an opponent in *key*?"""
        if key not in self._base_alone_has_opponent:
            self._base_alone_has_opponent[key] = bool(self.data.opponents_within(alone, key))
        return self._base_alone_has_opponent[key]

    def _largest_pairing(self, base: Sequence[int]) -> dict[int, int | None]:
        """A pairing of *base* with the most pairs (Edmonds' alternating paths, odd
        cycles shrunk), as mates (None: left out)."""
        mate = self._near_pairing(base)
        exposed = [p for p in base if mate[p] is None]
        if len(exposed) <= 1:
            return mate
        within = self.data.opponents_within
        ordered = list(base)
        index = {p: k for k, p in enumerate(ordered)}
        inside = frozenset(base)
        neighbours = _NeighboursWhenAsked(ordered, index, within, inside)
        matched = [-1 if mate[p] is None else index[mate[p]] for p in ordered]
        stuck = 0
        for p in exposed:
            k = index[p]
            # A player with no augmenting path now never gets one later; two such
            # players are out of every largest pairing, and the answer is known.
            if matched[k] == -1 and not augment_from(k, neighbours.__getitem__, matched):
                stuck += 1
                if stuck == 2:
                    break
        return {p: None if matched[k] == -1 else ordered[matched[k]] for k, p in enumerate(ordered)}

    def _near_pairing(self, base: Sequence[int]) -> dict[int, int | None]:
        """A pairing of *base* leaving as few players out as a quick pass can."""
        within = self.data.opponents_within
        inside = frozenset(base)
        ordered = sorted(base, key=self.data.rank_key)
        place = {p: k for k, p in enumerate(ordered)}
        mate: dict[int, int | None] = dict.fromkeys(base)
        unpaired = set(base)
        for p in ordered:
            if mate[p] is None:
                free = within(p, inside) & unpaired
                if free:
                    q = min(free, key=place.__getitem__)
                    mate[p], mate[q] = q, p
                    unpaired -= {p, q}
        exposed = [p for p in ordered if mate[p] is None]
        if len(exposed) > 1:
            # Grow it by alternating paths, so that one player at most is left out when
            # the players can be paired (one pass, kept for every floater tried).
            index = {p: k for k, p in enumerate(ordered)}
            neighbours = _NeighboursWhenAsked(ordered, index, within, inside)
            matched = [-1 if mate[p] is None else index[mate[p]] for p in ordered]
            for p in exposed:
                if matched[index[p]] == -1:
                    _augment(index[p], neighbours, matched)  # type: ignore[arg-type]
            mate = {p: None if matched[k] == -1 else ordered[matched[k]] for k, p in enumerate(ordered)}
        return mate

    def _alternating_path(self, start: int, goal: int, inside: frozenset[int], mate: dict[int, int | None]) -> bool:
        within = self.data.opponents_within
        seen: set[int] = set()
        stack = [start]
        while stack:
            p = stack.pop()
            for q in within(p, inside):
                if q in seen:
                    continue
                seen.add(q)
                if q == goal:
                    return True
                partner = mate[q]
                if partner is not None and partner not in seen:
                    seen.add(partner)
                    stack.append(partner)
        return False

    def pair(self, players: Sequence[int]) -> list[tuple[int, int]]:
        data = self.data
        ordered = sorted(players, key=data.rank_key)
        groups = [list(g) for _, g in groupby(ordered, key=lambda p: data.score[p])]
        pairs: list[tuple[int, int]] = []
        carried: int | None = None  # the floater from the group above (6.3)
        index = 0
        while index < len(groups):
            report_progress(self.options, index + 1, len(groups))
            members = groups[index] + ([carried] if carried is not None else [])
            below = [p for g in groups[index + 1 :] for p in g]
            nxt = groups[index + 1] if index + 1 < len(groups) else []
            combination = self._pair_group(members, carried, below, nxt)
            if combination is None:
                if index + 1 >= len(groups):
                    raise PairingError(
                        "the lowest score groups cannot be paired under C.04.4.2 3.1, 5.2 and 5.3 even merged (6.6)"
                    )
                groups[index + 1] = groups[index] + groups[index + 1]  # 6.6: one SG
                index += 1
                continue
            pairs.extend(combination.pairs)
            self.trace.append((sorted(members, key=data.rank_key_within_group), carried, combination, nxt))
            carried = combination.floater
            index += 1
        if carried is not None:
            raise PairingError("a floater is left over below the lowest score group")
        return pairs

    def _pair_group(
        self, members: list[int], carried: int | None, below: list[int], nxt: list[int]
    ) -> Combination | None:
        data = self.data
        order = sorted(members, key=data.rank_key_within_group)

        def may_float(pid: int) -> bool:
            # 6.3: never a floater from another SG; 6.6: he must have an opponent in the
            # next SG, and the players below must still be able to pair with him.
            if pid == carried or not nxt:
                return False
            if not any(data.compatible(pid, p) for p in nxt):
                return False
            return self.completable_with(below, pid)

        if len(members) % 2 == 0 and not self.completable(below):
            return None  # 6.6: no combination of this SG leaves a round that can be paired
        due = {pid: data.colour[pid].due for pid in order}
        forced = {pid: data.colour[pid].forced for pid in order}
        return GroupSearch(
            order, data.compatible, due, may_float, opponents_within=data.opponents_within, forced=forced
        ).best()


class _OpponentsWithin:
    """Each player's opponents among a set of players, listed when asked (the *known*
    of :func:`can_all_pair`)."""

    def __init__(self, data: BursteinRound, inside: frozenset[int]) -> None:
        self.data, self.inside = data, inside

    def __getitem__(self, pid: int) -> frozenset[int]:
        return self.data.opponents_within(pid, self.inside)


class _NeighboursWhenAsked:
    """The opponents of each player of *ordered* within *inside*, as indices into
    *ordered*, listed the first time a path search asks (it reaches a few players of a
    large set only)."""

    def __init__(
        self,
        ordered: Sequence[int],
        index: dict[int, int],
        within: Callable[[int, frozenset[int]], frozenset[int]],
        inside: frozenset[int],
    ) -> None:
        self.ordered, self.index, self.within, self.inside = ordered, index, within, inside
        self._listed: dict[int, list[int]] = {}

    def __getitem__(self, k: int) -> list[int]:
        listed = self._listed.get(k)
        if listed is None:
            index = self.index
            listed = self._listed[k] = [index[q] for q in self.within(self.ordered[k], self.inside)]
        return listed
