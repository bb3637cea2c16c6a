"""The Burstein system of 2026 (C.04.4.2 effective from 1 February 2026, "corrected").

What changed from the seed edition, rule by rule (the seed edition is in
``burstein/__init__.py`` with ``ordering``, ``bye``, ``combinations``, ``score_groups``):

- 1.6 seeding rounds: the first min(rounds // 2, 4) rounds are paired by the FIDE
  (Dutch) system (:func:`pairing.engine.pair` sends them there); the seed text paired every round by Burstein.
- 1.5 colour preferences: absolute, strong, mild as in the Dutch system; a player with
  no game has none (common.colours); the seed text had a due colour and hard limits.
- 1.7, 1.8 ranking: Buchholz, then Sonneborn-Berger, then the pairing number
  (``opposition``); the seed text ranked by Sonneborn-Berger, Buchholz, Median, rating.
- 3.1 the PAB, chosen before pairing (:func:`choose_bye`): [C2] (C.04.1 art. 4: no PAB
  and no win's points without playing, so a full-point bye bars it, common.general_rules), the
  rest can all be paired, lowest score, most games played, lowest 1.8 ranking; the seed
  text's rule 4 took the lowest Sonneborn-Berger.
- 2, 3.2, 4 brackets with incoming and outgoing floaters, criteria [C1]-[C8] and the
  order of pairings by BSN (``brackets``); the seed text paired score groups by the
  printed combination tables of 6.2/6.4 with one floater each.
- 5.2 colours (:func:`white_and_black`): as in Dubov, both preferences, the stronger,
  alternation to the latest differing round, the higher-ranked player's preference;
  two players with no game by the higher-ranked player's pairing number.
"""

from __future__ import annotations

from dataclasses import dataclass

from pairing.engine.burstein.brackets import pair_brackets
from pairing.engine.burstein.opposition import Index, indices
from pairing.engine.common.colours import ColourPreference, Strength, colour_preference, latest_difference
from pairing.engine.common.editions import EDITION_2026
from pairing.engine.common.pairability import can_all_pair
from pairing.engine.common.players import Entrant, forbidden_pairs
from pairing.engine.options import PairingOptions
from pairing.engine.state import Board, Colour, Pairing, PairingError, TournamentState


@dataclass(frozen=True)
class BursteinEntrant(Entrant):
    """An entrant with the facts of the 2026 text."""

    index: Index  # 1.8
    preference: ColourPreference  # 1.5
    games: int  # games played over the board (3.1.4)
    sequence: tuple[Colour, ...]  # colours of the games played (5.2.4)

    @property
    def rank(self) -> Index:
        return self.index

    @property
    def colour(self) -> Colour | None:
        return self.preference.colour

    @property
    def absolute(self) -> bool:
        return self.preference.strength is Strength.ABSOLUTE


def seeding_rounds(total_rounds: int) -> int:
    """1.6.2: half the rounds, rounded down, or four, whichever is lower."""
    return min(total_rounds // 2, 4)


def entrants(state: TournamentState) -> list[BursteinEntrant]:
    index = indices(state)
    out = []
    for p in state.to_pair:
        preference = colour_preference(p)
        out.append(
            BursteinEntrant.of(
                state,
                p,
                EDITION_2026,
                index=index[p.id],
                preference=preference,
                games=sum(1 for e in p.history if e.played),
                sequence=preference.sequence,
            )
        )
    return out


class Compatibility:
    """[C1] no second game, [C3] not the same absolute colour preference, the arbiter's
    forbidden pairs."""

    def __init__(self, state: TournamentState, players: list[BursteinEntrant]) -> None:
        self.by_id = {p.id: p for p in players}
        self.forbidden = forbidden_pairs(state)
        # The same test on whole sets (:meth:`within`): whom each player may never meet,
        # and the players of each absolute colour preference.
        barred = {p.id: {p.id, *p.opponents} for p in players}
        for pair in self.forbidden:
            if len(pair) == 2:
                a, b = tuple(pair)
                if a in barred and b in barred:
                    barred[a].add(b)
                    barred[b].add(a)
        self._blocked = {pid: frozenset(ids) for pid, ids in barred.items()}
        self._absolute: dict[Colour, frozenset[int]] = {
            colour: frozenset(p.id for p in players if p.absolute and p.colour is colour) for colour in Colour
        }
        self._everyone = frozenset(self.by_id)

    def __call__(self, a: int, b: int) -> bool:
        pa, pb = self.by_id[a], self.by_id[b]
        if a == b or b in pa.opponents:
            return False
        if pa.absolute and pb.absolute and pa.colour is pb.colour:
            return False
        return frozenset((a, b)) not in self.forbidden

    def within(self, pid: int, inside: frozenset[int]) -> frozenset[int]:
        """Those of *inside* whom *pid* may meet: :meth:`__call__` on a whole set at once."""
        out = inside - self._blocked[pid]
        p = self.by_id[pid]
        if p.absolute and p.colour is not None:
            out -= self._absolute[p.colour]
        return out

    def barred(self, pid: int) -> tuple[frozenset[int], Colour | None]:
        """Whom *pid* may never meet by name ([C1], the arbiter's; himself too), and the
        colour of his absolute preference ([C3]: never another player of it), or None."""
        p = self.by_id[pid]
        return self._blocked[pid], p.colour if p.absolute else None

    def __getitem__(self, pid: int) -> frozenset[int]:
        """Everyone *pid* may meet (the *known* of :func:`can_all_pair`), listed when asked."""
        return self.within(pid, self._everyone)


def choose_bye(players: list[BursteinEntrant], compatible: Compatibility) -> BursteinEntrant:
    """3.1: the first eligible player, lowest score, most games, lowest ranking, whose
    absence leaves the others pairable."""
    eligible = [p for p in players if p.bye_eligible]  # 3.1.1, [C2]
    for candidate in sorted(eligible, key=lambda p: (p.score, -p.games, p.index)):
        rest = [p.id for p in players if p.id != candidate.id]
        if can_all_pair(rest, compatible, known=compatible):  # 3.1.2, [C4]
            return candidate
    raise PairingError(
        "no eligible player can receive the pairing-allocated bye so that the others can all be paired "
        "(C.04.4.2 of 2026, 3.1: [C1]-[C4])"
    )


def white_and_black(a: BursteinEntrant, b: BursteinEntrant, initial: Colour) -> tuple[int, int]:
    """5.2.1-5.2.5: the pair as (White, Black)."""
    colour_of_a = _colour_of(a, b, initial)
    return (a.id, b.id) if colour_of_a is Colour.WHITE else (b.id, a.id)


def _colour_of(a: BursteinEntrant, b: BursteinEntrant, initial: Colour) -> Colour:
    if not a.games and not b.games:
        # 5.2.1: the higher-ranked (more points, then the lower pairing number) takes the
        # initial colour with an odd pairing number, the other colour with an even one.
        high = min((a, b), key=lambda p: (-p.score, p.number))
        colour = initial if high.number % 2 else initial.opposite
        return colour if high is a else colour.opposite
    pa, pb = a.preference, b.preference
    if pa.colour is not None and pb.colour is not None and pa.colour is not pb.colour:
        return pa.colour  # 5.2.2: both preferences
    if pa.strength != pb.strength:  # 5.2.3: the stronger preference
        if pa.strength > pb.strength:
            assert pa.colour is not None
            return pa.colour
        assert pb.colour is not None
        return pb.colour.opposite
    earlier = latest_difference(a.sequence, b.sequence)
    if earlier is not None:  # 5.2.4: alternate from the latest round where they differed
        return earlier.opposite
    high = a if a.index > b.index else b  # 5.2.5: the higher-ranked player's preference (1.8)
    assert high.colour is not None
    return high.colour if high is a else high.colour.opposite


def pair_round(state: TournamentState, options: PairingOptions | None = None) -> Pairing:
    """A round after the seeding rounds; :func:`pairing.engine.pair` sends those to the
    Dutch system (1.6.1), since no system imports another."""
    if state.round_to_pair <= seeding_rounds(state.total_rounds):
        raise PairingError(f"round {state.round_to_pair} is a seeding round, paired by the FIDE (Dutch) system (1.6.1)")
    players = entrants(state)
    if not players:
        return Pairing(boards=(), bye=None)
    compatible = Compatibility(state, players)
    bye = choose_bye(players, compatible) if len(players) % 2 else None
    rest = [p for p in players if bye is None or p.id != bye.id]
    if bye is None and not can_all_pair([p.id for p in rest], compatible, known=compatible):
        raise PairingError("the players cannot all be paired under C.04.4.2 of 2026 ([C1], [C3], [C4])")
    try:
        pairs = pair_brackets(rest, compatible, options)
    except ValueError as error:  # pragma: no cover - C4 was checked before the brackets
        raise PairingError(str(error)) from None
    by_id = {p.id: p for p in players}
    boards = tuple(Board(*white_and_black(by_id[a], by_id[b], state.initial_colour)) for a, b in pairs)
    return Pairing(boards=boards, bye=bye.id if bye else None)
