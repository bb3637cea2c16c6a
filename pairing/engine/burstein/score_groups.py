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

from collections.abc import Sequence
from itertools import groupby

from pairing.engine.burstein.combinations import Combination, GroupSearch
from pairing.engine.burstein.players import RoundData
from pairing.engine.lim.matching import can_all_pair
from pairing.engine.state import PairingError


class ScoreGroupPairer:
    def __init__(self, data: RoundData) -> None:
        self.data = data
        self._completion: dict[frozenset[int], bool] = {}
        # (group in 3.2 order, floater from above, chosen combination, next SG), for
        # explaining a pairing
        self.trace: list[tuple[list[int], int | None, Combination, list[int]]] = []

    def completable(self, players: Sequence[int]) -> bool:
        """Can these players all be paired among themselves (3.1, 5.2, 5.3)?"""
        key = frozenset(players)
        if key not in self._completion:
            ordered = sorted(players, key=self.data.rank_key)
            self._completion[key] = can_all_pair(ordered, self.data.compatible)
        return self._completion[key]

    def pair(self, players: Sequence[int]) -> list[tuple[int, int]]:
        data = self.data
        ordered = sorted(players, key=data.rank_key)
        groups = [list(g) for _, g in groupby(ordered, key=lambda p: data.score[p])]
        pairs: list[tuple[int, int]] = []
        carried: int | None = None  # the floater from the group above (6.3)
        index = 0
        while index < len(groups):
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
            return self.completable([*below, pid])

        if len(members) % 2 == 0 and not self.completable(below):
            return None  # 6.6: no combination of this SG leaves a round that can be paired
        due = {pid: data.colour[pid].due for pid in order}
        return GroupSearch(order, data.compatible, due, may_float).best()
