"""Pairing one Lim score group: floaters out (2.3, 3.2-3.5, 3.9, 3.10), floaters in
first (3.6-3.8), then the residents by proposal and exchange (2.4, 2.5, 4.1-4.4, 5.2).

How the open points of the text are decided (each tested in tests/engine/lim/):
- 2.3/4.4: how many players leave the group is fixed first: the group size minus twice
  the largest number of pairs it can make (a, b, c: players with no compatible opponent;
  d: parity; 4.4: a player left without an opponent by every exchange). Who leaves is
  chosen player by player in the order of preference below, each choice kept only if
  the others can still make that many pairs.
- Preference to leave (3.9 first): a resident with a compatible opponent in the adjacent
  group (type d), then one without (c), then a floater who came into this group with (b)
  and without (a) one; then 3.10 (not one who floated last round); then 3.2 (one due the
  colour more players are due, so that the colours even out); then 3.2/3.3 position (the
  lowest numbered when pairing downward, the highest numbered when pairing upward);
  maxi-tournaments (3.2): the choice must be within 100 rating points of that player.
- 3.8: a floater's candidates are the players left in the group from the top (a floater
  that came down) or from the bottom (one that came up); first those due the colour
  alternate to his, then the others. In maxi-tournaments a colour-driven exchange is
  allowed only within 100 points of the plain candidate.
- 3.6/3.7: floaters that came down meet their opponents before those that came up in
  the median group and above, after them below the median.
- 4.x, 5.2: each player in scrutiny order takes the first column of 4.2/4.3 whose pairs
  are compatible and whose remaining players can all still be paired (4.4: "must at the
  same time leave Player #1 with a compatible opponent"); a column where both players
  of the new pair can have their due colour is taken first if there is one (5.2, the
  second scrutiny; 5.7: in maxi-tournaments only within 100 points of the first).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from pairing.engine.lim.exchange import Scrutinised, exchanges
from pairing.engine.lim.players import MAXI_RATING_GAP, LimRound
from pairing.engine.state import Colour

DOWN, UP = "down", "up"


@dataclass(frozen=True)
class Floater:
    player: int
    direction: str  # DOWN: came from a higher group; UP: from a lower one


@dataclass
class GroupResult:
    pairs: list[tuple[int, int]] = field(default_factory=list)  # in the order formed
    floaters: list[int] = field(default_factory=list)
    without_opponent: int = 0  # the first floaters: no compatible opponent in the group (2.3 a-c)
    floaters_first: int = 0  # the first pairs: the floaters that came in (3.6-3.8)


class GroupPairer:
    def __init__(self, data: LimRound) -> None:
        self.data = data

    def pair(
        self,
        residents: Sequence[int],
        incoming: Sequence[Floater],
        direction: str,
        adjacent: Sequence[int],
        below_median: bool,
    ) -> GroupResult:
        data = self.data
        came = {f.player: f.direction for f in incoming}
        members = sorted(list(residents) + list(came), key=data.rank)
        leaving, without_opponent = self._choose_leavers(members, came, direction, adjacent)
        staying = [p for p in members if p not in leaving]
        result = GroupResult(floaters=leaving, without_opponent=without_opponent)
        staying = self._pair_floaters_first(staying, came, below_median, result)
        result.floaters_first = len(result.pairs)
        self._pair_residents(staying, direction, result)
        return result

    # ---------------------------------------------------------------- who leaves
    def _choose_leavers(
        self, members: list[int], came: dict[int, str], direction: str, adjacent: Sequence[int]
    ) -> tuple[list[int], int]:
        """The players who leave the group, those with no compatible opponent in it first
        (2.3 a-c), and how many those are."""
        data = self.data
        # 2.3 a, b, c: players with no compatible opponent in the group leave first.
        leaving = sorted(
            (p for p in members if not any(data.compatible(p, q) for q in members if q != p)), key=data.rank
        )
        staying = [p for p in members if p not in leaving]
        # 2.3 d, 4.4: as many leave as the largest pairing of the others leaves unpaired,
        # each choice kept only if the rest still make that many pairs.
        pairing = data.largest_pairing(staying)
        count = len(staying) - 2 * pairing.size
        chosen: list[int] = []
        while len(chosen) < count:
            taken = set(chosen)
            left = [p for p in staying if p not in taken]
            for candidate in self.leaving_order(left, came, direction, adjacent, leaving + chosen):
                if pairing.remove_keeping_size(data.position[candidate]):
                    chosen.append(candidate)
                    break
            else:
                raise AssertionError("every player left unpaired by a largest pairing may leave")
        return leaving + chosen, len(leaving)

    def leaving_order(
        self, left: list[int], came: dict[int, str], direction: str, adjacent: Sequence[int], others: list[int]
    ) -> list[int]:
        """*left* in the order they are offered to leave the group (*others* already
        leaving): :meth:`leaving_key`, then the maxi-tournament rule of 3.2."""
        data = self.data
        order = sorted(left, key=self.leaving_key(left, came, direction, adjacent, others))
        if data.maxi and order:
            # 3.2 (maxi): the choice must be within 100 points of the player who would
            # float by position alone, else that player floats.
            plain = (
                max(left, key=data.number.__getitem__) if direction != UP else min(left, key=data.number.__getitem__)
            )
            first = order[0]
            if abs(data.rating[first] - data.rating[plain]) > MAXI_RATING_GAP:
                order.remove(plain)
                order.insert(0, plain)
        return order

    def leaving_key(
        self, left: list[int], came: dict[int, str], direction: str, adjacent: Sequence[int], others: list[int]
    ) -> Callable[[int], tuple[int, int, int, int]]:
        """The order of preference to leave the group among *left* (*others* already
        leaving), lower first: (3.9 type, 3.10, 3.2 colour balance, 3.2/3.3 position)."""
        data = self.data
        whites = sum(1 for p in left if data.colour[p].due is Colour.WHITE)
        blacks = sum(1 for p in left if data.colour[p].due is Colour.BLACK)
        surplus = Colour.WHITE if whites > blacks else Colour.BLACK if blacks > whites else None

        position, adjacency = data.position, data.adjacency
        reachable = data.mask(adjacent)
        claimed_by_first = self._claims(others, direction, adjacent)
        ranks = sorted(data.rank(q) for q in others)

        def key(p: int) -> tuple[int, int, int, int]:
            # 3.3/3.4: the opponents in the adjacent group that the floaters ranked above
            # (downward) or below (upward) this player take first.
            rank = data.rank(p)
            ahead = len(ranks) - bisect_right(ranks, rank) if direction == UP else bisect_left(ranks, rank)
            claimed = claimed_by_first[ahead]
            has_opponent = bool(adjacency[position[p]] & reachable & ~claimed)
            kind = (2 if p in came else 0) + (0 if has_opponent else 1)  # 3.9: d, c, b, a
            repeat = 1 if p in data.floated_last_round else 0  # 3.10
            evens = 0 if surplus is None or data.colour[p].due is surplus else 1  # 3.2
            place = -data.number[p] if direction != UP else data.number[p]  # 3.2, 3.3
            return (kind, repeat, evens, place)

        return key

    def _claims(self, others: list[int], direction: str, adjacent: Sequence[int]) -> list[int]:
        """3.3/3.4: the opponents (bits) that the first k of *others* take in the adjacent
        group, for every k: the floaters in rank order (from the top downward, from the
        bottom upward), each the first player there he may meet, in the same order."""
        data = self.data
        upward = direction == UP
        floaters = sorted(others, key=data.rank, reverse=upward)
        looking = sorted(adjacent, key=data.rank, reverse=upward)
        claimed = 0
        out = [claimed]
        for floater in floaters:
            for q in looking:
                if not claimed & data.bit[q] and data.compatible(floater, q):
                    claimed |= data.bit[q]
                    break
            out.append(claimed)
        return out

    # ---------------------------------------------------------------- floaters in
    def _pair_floaters_first(
        self, staying: list[int], came: dict[int, str], below_median: bool, result: GroupResult
    ) -> list[int]:
        data = self.data
        downs = sorted((p for p in staying if came.get(p) == DOWN), key=data.rank)  # 3.6
        ups = sorted((p for p in staying if came.get(p) == UP), key=data.rank, reverse=True)
        order = ups + downs if below_median else downs + ups  # 3.6.3, 3.7.3
        available = list(staying)
        for floater in order:
            if floater not in available:
                continue
            available.remove(floater)
            opponent = self._floater_opponent(floater, available, came[floater])
            available.remove(opponent)
            result.pairs.append((floater, opponent))
        return available

    def _floater_opponent(self, floater: int, available: list[int], came_as: str) -> int:
        data = self.data
        ordered = sorted(available, key=data.rank)
        if came_as == UP:
            ordered.reverse()  # 3.8: upwards, the lowest numbered player first
        due = data.colour[floater].due

        def workable(q: int) -> bool:
            rest = [p for p in available if p != q]
            return data.compatible(floater, q) and data.can_all_pair(rest)

        plain = next((q for q in ordered if workable(q)), None)
        for q in ordered:
            alternate = due is None or data.colour[q].due is not due
            if not alternate or not workable(q):
                continue
            if data.maxi and plain is not None and abs(data.rating[q] - data.rating[plain]) > MAXI_RATING_GAP:
                continue  # 3.8 (maxi)
            return q
        if plain is None:
            raise AssertionError("a group chosen to pair completely left a floater alone")
        return plain

    # ---------------------------------------------------------------- residents
    def _pair_residents(self, players: list[int], direction: str, result: GroupResult) -> None:
        data = self.data
        arrangement = sorted(players, key=data.number.__getitem__)  # 2.4
        if direction == UP:
            arrangement.reverse()  # 4.1b: scrutiny from the lowest numbered player
        settled: list[Scrutinised] = []
        free = list(arrangement)
        while free:
            settled = self._scrutinise(settled, free)
            taken = {p for s in settled for p in (s.player, s.opponent)}
            free = [p for p in arrangement if p not in taken]
        result.pairs.extend((s.player, s.opponent) for s in settled)

    def _scrutinise(self, settled: list[Scrutinised], free: list[int]) -> list[Scrutinised]:
        data = self.data
        player = free[0]
        plain: list[Scrutinised] | None = None
        plain_opponent: int | None = None
        # Every settled pair was compatible when it was taken: only the pairs a column
        # forms anew are looked at. A column keeps settled entries (the same objects) and
        # puts the ones it forms after them, so they are read from the end.
        known = {id(s) for s in settled}
        free_bits, bit = data.mask(free), data.bit
        for now, paired, returned in exchanges(settled, free):
            formed = list(_formed_anew(now, known))
            if not all(data.compatible(s.player, s.opponent) for s in formed):
                continue
            rest = free_bits & ~data.mask(paired)
            if returned is not None:
                rest |= bit[returned]
            if not data.can_all_pair_bits(rest):
                continue
            # This player is in a pair the column forms anew (4.2, 4.3).
            opponent = next(
                s.opponent if s.player == player else s.player for s in formed if player in (s.player, s.opponent)
            )
            if plain is None:
                plain, plain_opponent = now, opponent
            if self._colours_fit(player, opponent):
                if (
                    data.maxi
                    and plain_opponent is not None
                    and abs(data.rating[opponent] - data.rating[plain_opponent]) > MAXI_RATING_GAP
                ):
                    continue  # 5.7
                return now
        if plain is None:
            raise AssertionError("a group chosen to pair completely left a player alone")
        return plain

    def _colours_fit(self, a: int, b: int) -> bool:
        """5.2: both players can have their due (alternating, equalising) colour."""
        da, db = self.data.colour[a].due, self.data.colour[b].due
        return da is None or db is None or da is not db


def _formed_anew(column: list[Scrutinised], known: set[int]) -> Iterator[Scrutinised]:
    """The entries of *column* after the last one it kept from the settled list."""
    for entry in reversed(column):
        if id(entry) in known:
            return
        yield entry
