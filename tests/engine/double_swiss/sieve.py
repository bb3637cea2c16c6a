"""C.04.5 (2026) Article 3 read literally, by listing: the test oracle of the fast engine.

Every set of upfloaters and every pairing of a bracket is listed and sieved by the
criteria in the text's order; nothing is clever, so only small fields (a dozen players)
are within reach. It reads the history through the engine's match view
(:func:`pairing.engine.double_swiss.matches.contenders`), which has its own tests: the
sieve checks the procedure and the colours, with the readings of docs/double-swiss.md.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from pairing.engine.common.players import forbidden_pairs
from pairing.engine.double_swiss.matches import Contender, contenders, match_to_pair, total_matches
from pairing.engine.state import Board, Colour, Pairing, PairingError, TournamentState


def sieve_round(state: TournamentState) -> Pairing:
    players = contenders(state)
    forbidden = forbidden_pairs(state)
    last = match_to_pair(state) >= total_matches(state)

    def legal(a: Contender, b: Contender) -> bool:  # [C1] (and the arbiter's forbidden pairs)
        return b.id not in a.met and a.id not in b.met and frozenset((a.id, b.id)) not in forbidden

    def pairings(group: list[Contender]) -> Iterator[list[tuple[Contender, Contender]]]:
        if not group:
            yield []
            return
        first, rest = group[0], group[1:]
        for k, other in enumerate(rest):
            if legal(first, other):
                for tail in pairings(rest[:k] + rest[k + 1 :]):
                    yield [(first, other), *tail]

    def pairable(group: list[Contender]) -> bool:
        return len(group) % 2 == 0 and next(pairings(group), None) is not None

    unpaired = list(players)
    bye = None
    if len(unpaired) % 2:  # 3.4
        order = sorted((p for p in unpaired if not p.pab_barred), key=lambda p: (p.score, -p.matches_played, -p.number))
        for p in order:
            if pairable([q for q in unpaired if q is not p]):
                bye = p
                break
        if bye is None:
            raise PairingError("no PAB")
        unpaired.remove(bye)
    if not pairable(unpaired):
        raise PairingError("[C3]")
    boards: list[Board] = []
    while unpaired:
        top_score = max(p.score for p in unpaired)
        top = [p for p in unpaired if p.score == top_score]
        below = [p for p in unpaired if p.score < top_score]
        following_score = max((p.score for p in below), default=None)
        following = [p for p in below if p.score == following_score]
        valid = []
        for size in range(len(below) + 1):
            for chosen in combinations(below, size):
                bracket = top + list(chosen)
                rest = [p for p in unpaired if p not in bracket]
                if pairable(bracket) and pairable(rest):
                    valid.append(chosen)
        fewest = min(len(s) for s in valid)  # [C4]
        valid = [s for s in valid if len(s) == fewest]
        best_profile = max(sorted(p.score for p in s) for s in valid)  # [C5]
        valid = [s for s in valid if sorted(p.score for p in s) == best_profile]

        def c6(chosen: tuple[Contender, ...], following=following, unpaired=unpaired, top=top) -> int:
            left = [p for p in following if p not in chosen]
            if not left:
                return 0
            rest = [p for p in unpaired if p not in top and p not in chosen]
            others = [p for p in rest if p not in left]
            for extra in combinations(others, len(left) % 2):
                bracket = left + list(extra)
                if pairable(bracket) and pairable([p for p in rest if p not in bracket]):
                    return 0
            return 1

        def c7(chosen: tuple[Contender, ...]) -> int:
            return 0 if last else sum(1 for p in chosen if p.floated)

        def order(chosen: tuple[Contender, ...]) -> list[int]:  # 3.5.3, 3.5.4
            return [p.number for p in sorted(chosen, key=lambda p: (-p.score, p.number))]

        upfloaters = min(valid, key=lambda s: (c6(s), c7(s), order(s)))
        bracket = top + list(upfloaters)

        def c8(pairing: list[tuple[Contender, Contender]], upfloaters=upfloaters, top=top) -> int:
            if last:
                return 0
            count = 0
            for a, b in pairing:
                for up, other in ((a, b), (b, a)):
                    if up in upfloaters and other in top and other.floated:
                        count += 1
            return count

        def identifier(pairing: list[tuple[Contender, Contender]]) -> list[int]:  # 3.6.2
            ordered = sorted((min(a.number, b.number), max(a.number, b.number)) for a, b in pairing)
            return [t for t, _ in ordered] + [b for _, b in ordered]

        chosen_pairing = min(pairings(bracket), key=lambda pg: (c8(pg), identifier(pg)))  # 3.6.4
        boards += [_colours(a, b, state.initial_colour) for a, b in chosen_pairing]
        unpaired = [p for p in unpaired if p not in bracket]
    return Pairing(tuple(boards), bye=None if bye is None else bye.id)


def _colours(a: Contender, b: Contender, initial: Colour) -> Board:
    """Article 4, step by step."""
    hrp, other = (a, b) if (-a.score, a.number) < (-b.score, b.number) else (b, a)  # 4.2
    whites_h = hrp.colours.count(Colour.WHITE)
    whites_o = other.colours.count(Colour.WHITE)
    if not hrp.colours and not other.colours:  # 4.3.1
        hrp_white = (hrp.number % 2 == 1) == (initial is Colour.WHITE)
    elif whites_h != whites_o:  # 4.3.2
        hrp_white = whites_h < whites_o
    else:
        hrp_white = None
        for back in range(1, min(len(hrp.colours), len(other.colours)) + 1):  # 4.3.3
            if hrp.colours[-back] != other.colours[-back]:
                hrp_white = hrp.colours[-back] is Colour.BLACK
                break
        if hrp_white is None and hrp.colours:  # 4.3.4
            hrp_white = hrp.colours[-1] is Colour.BLACK
        elif hrp_white is None:  # 4.3.5
            hrp_white = other.colours[-1] is Colour.WHITE
    return Board(hrp.id, other.id) if hrp_white else Board(other.id, hrp.id)
