"""Prize winners from a final ranking: the general prizes and the categories' (rating
groups, women, age groups, federations), one prize per player, shared or not.

The reading of the usual regulations this implements:

1. The ranking is the final standings: points, then the tie-breaks in their order.
   A category's places are its eligible players in that order.
2. One prize per player, the higher one: the prizes are given from the highest amount
   down (for equal amounts the general list first, then the categories in their order,
   then by place); each goes to the best-ranked eligible player who has no prize yet.
   The choice is made on the nominal amounts, before any sharing.
3. Not shared: each winner receives the prize of his place.
4. Shared (the Hort system): within each list, players tied on points who did not take a
   prize of another list pool the money of the places they occupy; half the pool is shared
   equally among them, and each also receives half the prize of the place his tie-breaks
   give him. A tied player below the last prize place shares too (his own half is zero).
   Amounts are exact fractions; a page rounds them to the cent.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class PrizeList:
    """The general list (*eligible* None: every player) or a category's."""

    key: object
    eligible: frozenset[int] | None
    amounts: tuple[Fraction, ...]  # by place: amounts[0] is the first prize

    def places(self, ranking: tuple[int, ...]) -> tuple[int, ...]:
        return ranking if self.eligible is None else tuple(p for p in ranking if p in self.eligible)


@dataclass(frozen=True)
class Award:
    player: int
    key: object  # the list's
    place: int  # the place of the prize the tie-breaks give him (0: none, he shares a tie)
    nominal: Fraction  # the prize of that place (0: a tied player sharing below the prize places)
    amount: Fraction  # what he receives
    tied_with: int = 1  # players in his sharing group (1: not shared)


def award_prizes(
    ranking: tuple[int, ...], points: dict[int, int], lists: tuple[PrizeList, ...], *, shared: bool
) -> list[Award]:
    """The winners of *lists* (in that order: the general list first) for *ranking*, the
    players in final order, with their *points*."""
    order = sorted(
        ((amount, index, place) for index, lst in enumerate(lists) for place, amount in enumerate(lst.amounts, 1)),
        key=lambda item: (-item[0], item[1], item[2]),
    )
    won: dict[int, tuple[int, int]] = {}  # player -> (list index, prize place)
    for amount, index, prize_place in order:
        if amount <= 0:
            continue
        for player in lists[index].places(ranking):
            if player not in won:
                won[player] = (index, prize_place)
                break
    awards: list[Award] = []
    sharing: set[int] = set()  # tied players without a prize share in one list only
    for index, lst in enumerate(lists):
        placed = lst.places(ranking)
        mine = {player: place for player, (i, place) in won.items() if i == index}
        if not shared:
            awards += [
                Award(p, lst.key, place, lst.amounts[place - 1], lst.amounts[place - 1])
                for p, place in sorted(mine.items(), key=lambda item: item[1])
            ]
            continue
        awards += _hort(lst, placed, mine, points, won, index, sharing)
    return awards


def _hort(
    lst: PrizeList,
    placed: tuple[int, ...],
    mine: dict[int, int],
    points: dict[int, int],
    won: dict[int, tuple[int, int]],
    index: int,
    sharing: set[int],
) -> list[Award]:
    awards = []
    done: set[int] = set()
    for player in [p for p in placed if p in mine]:
        if player in done:
            continue
        score = points[player]
        group = [
            p
            for p in placed
            if points[p] == score and (won.get(p, (index,))[0] == index) and (p in mine or p not in sharing)
        ]
        nominal = {p: _amount(lst, mine[p]) if p in mine else Fraction(0) for p in group}
        pool = sum(nominal.values(), Fraction(0))
        for p in group:
            share = pool / (2 * len(group)) + nominal[p] / 2
            awards.append(Award(p, lst.key, mine.get(p, 0), nominal[p], share, len(group)))
            done.add(p)
            if p not in mine:
                sharing.add(p)
    return awards


def _amount(lst: PrizeList, place: int) -> Fraction:
    return lst.amounts[place - 1] if place <= len(lst.amounts) else Fraction(0)
