"""Verify any pairing against the absolute rules, independently of the engine that made it.

Nothing here shares code with the engines beyond the tournament state itself: the
checker recounts colours from the histories, so that an engine bug cannot hide
behind a helper both use. It checks the basic rules of C.04.1 that hold for every
Swiss system:

- every player to be paired is paired exactly once or gets the PAB, nobody absent
  is paired, nobody plays himself;
- C.04.1.b: no two players meet twice (only games played over the board count:
  a forfeit is no game, C.04.2.D.6);
- C.04.1.c: a PAB only when the number of players to be paired is odd (and then one);
- C.04.1.d: no PAB for a player who had a PAB or a forfeit win (2026 edition, art. 4:
  or who scored a win's points in a round without playing, a full-point bye say);
- C.04.1.f: colour difference between -2 and +2 after the round;
- C.04.1.g: never the same colour three times in a row;
  (f and g count played games only, C.04.2.D.5; each system may exempt players in
  the last round: pass them as *colour_exempt*, see :func:`colour_exemptions`)
- pairs the arbiter forbade (TRF ``XXP``, TRF-2026 ``260``).

The Double-Swiss system (C.04.5) pairs matches of two games, with absolute criteria of
its own and no colour limits: :func:`check_round` hands it to
:mod:`pairing.engine.double_swiss.checks`, which recounts them from the game columns.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from pairing.engine.common.editions import EDITION_2017
from pairing.engine.state import Colour, Outcome, Pairing, TournamentState


@dataclass(frozen=True)
class Violation:
    rule: str  # e.g. "C.04.1.b"
    message: str
    players: tuple[int, ...]

    def __str__(self) -> str:
        return f"{self.rule}: {self.message}"


def topscorers(state: TournamentState) -> frozenset[int]:
    """C.04.3 A.7: in the final round, players with over 50% of the maximum possible score."""
    if not state.is_last_round:
        return frozenset()
    maximum = (state.round_to_pair - 1) * state.scoring.win
    return frozenset(p.id for p in state.players if 2 * state.score(p.id) > maximum)


def last_round_exemptions(state: TournamentState, system: str) -> frozenset[int]:
    """The topscorers a system lets break C.04.1.f/g in the last round, whoever they meet.

    Dutch: topscorers (C.04.3 A.7, C.3). Lim: everybody (C.04.4.3 rule 6: in the last round
    the colour limits give way for every pair). The other systems make no such exception.
    """
    if system == "dutch":
        return topscorers(state)
    if system == "lim" and state.is_last_round:
        return frozenset(p.id for p in state.players)
    return frozenset()


def colour_exemptions(state: TournamentState, pairing: Pairing, system: str) -> frozenset[int]:
    """Players of *pairing* a system lets break C.04.1.f/g: in the Dutch last round the
    topscorers and their opponents. C.3 forbids only two non-topscorers with the same
    absolute preference to meet; C.8 and C.9 then minimise the "topscorers or topscorers'
    opponents" who get a colour difference beyond 2 or a colour three times in a row, so
    on a topscorer's board either player may be the one who yields."""
    exempt = set(last_round_exemptions(state, system))
    for board in pairing.boards:
        if board.white in exempt or board.black in exempt:
            exempt |= {board.white, board.black}
    return frozenset(exempt)


def _colours_played(state: TournamentState, player: int) -> list[Colour]:
    # Recounted here on purpose (see the module docstring): played games only, C.04.2.D.5.
    return [
        e.colour
        for e in state.by_id[player].history
        if e.opponent is not None and e.colour is not None and e.outcome in _PLAYED
    ]


_PLAYED = frozenset(
    {Outcome.WIN, Outcome.DRAW, Outcome.LOSS, Outcome.UNRATED_WIN, Outcome.UNRATED_DRAW, Outcome.UNRATED_LOSS}
)


def _colour_violations(state: TournamentState, player: int, colour: Colour) -> list[Violation]:
    sequence = [*_colours_played(state, player), colour]
    out = []
    difference = sum(1 if c is Colour.WHITE else -1 for c in sequence)
    if abs(difference) > 2:
        out.append(
            Violation(
                "C.04.1.f",
                f"player {player} would have a colour difference of {difference:+d} with {colour.name.lower()}",
                (player,),
            )
        )
    if len(sequence) >= 3 and sequence[-1] == sequence[-2] == sequence[-3]:
        out.append(
            Violation("C.04.1.g", f"player {player} would have {colour.name.lower()} three times in a row", (player,))
        )
    return out


def _barred_from_pab(state: TournamentState, player: int, edition: str) -> bool:
    # Recounted here on purpose (see the module docstring).
    history = state.by_id[player].history
    if edition == EDITION_2017:  # C.04.1.d: a PAB or a forfeit win
        return any(e.outcome in (Outcome.PAIRING_BYE, Outcome.FORFEIT_WIN) for e in history)
    # C.04.1 (2026) art. 4: a PAB, or a win's points scored in a round without playing
    win = state.scoring.win
    return any(
        e.outcome is Outcome.PAIRING_BYE or (e.outcome not in _PLAYED and state.scoring.points(e.outcome) >= win)
        for e in history
    )


def check_pairing(
    state: TournamentState,
    pairing: Pairing,
    *,
    colours: bool = True,
    colour_exempt: Iterable[int] = (),
    edition: str,
) -> list[Violation]:
    """Every rule the pairing of ``state.round_to_pair`` breaks under the *edition* of the
    basic rules; empty when it is sound."""
    out: list[Violation] = []
    known = state.by_id
    exempt = frozenset(colour_exempt)
    seen: Counter[int] = Counter()
    for board in pairing.boards:
        seen.update((board.white, board.black))
    if pairing.bye is not None:
        seen[pairing.bye] += 1

    for pid in sorted(seen):
        if pid not in known:
            out.append(Violation("player", f"player {pid} is not in the tournament", (pid,)))
        elif seen[pid] > 1:
            out.append(Violation("player", f"player {pid} is paired {seen[pid]} times", (pid,)))
        elif pid in state.absent:
            out.append(Violation("absent", f"player {pid} is absent this round but paired", (pid,)))
    present = [p.id for p in state.to_pair]
    for pid in present:
        if pid not in seen:
            out.append(Violation("player", f"player {pid} is neither paired nor given the bye", (pid,)))

    for board in pairing.boards:
        w, b = board.white, board.black
        if w == b:
            out.append(Violation("player", f"player {w} is paired with himself", (w,)))
            continue
        if w not in known or b not in known:
            continue
        if b in {e.opponent for e in known[w].history if e.opponent is not None and e.outcome in _PLAYED}:
            out.append(Violation("C.04.1.b", f"players {w} and {b} have already played each other", (w, b)))
        if tuple(sorted((w, b))) in {tuple(sorted(f)) for f in state.forbidden}:
            out.append(Violation("forbidden", f"players {w} and {b} may not be paired (XXP)", (w, b)))
        if colours:
            for pid, colour in ((w, Colour.WHITE), (b, Colour.BLACK)):
                if pid not in exempt:
                    out += _colour_violations(state, pid, colour)

    bye = pairing.bye
    if bye is not None:
        if len(present) % 2 == 0:
            out.append(
                Violation(
                    "C.04.1.c",
                    f"player {bye} gets the PAB but {len(present)} players are to be paired, an even number",
                    (bye,),
                )
            )
        if bye in known and _barred_from_pab(state, bye, edition):
            out.append(
                Violation(
                    "C.04.1.d",
                    f"player {bye} already had a PAB or a win's points without playing and cannot get the PAB"
                    if edition != EDITION_2017
                    else f"player {bye} already had a PAB or a forfeit win and cannot get the PAB",
                    (bye,),
                )
            )
    elif len(present) % 2 == 1:
        out.append(
            Violation(
                "C.04.1.c", f"{len(present)} players are to be paired, an odd number, but nobody gets the PAB", ()
            )
        )
    return out


def check_round(state: TournamentState, pairing: Pairing, system: str, edition: str) -> list[Violation]:
    """:func:`check_pairing` with *system*'s last-round colour exceptions: the safety net to
    run on any engine's output before it is published.

    Dutch: the colour criteria name "topscorers or topscorers' opponents" (2017 C.8, C.9;
    2026 C10, C11), so the opponent of a topscorer is exempt with him (:func:`colour_exemptions`).
    """
    if system == "double_swiss":
        # C.04.5: matches, not games, are paired; its own absolute criteria, no colour limits.
        from pairing.engine.double_swiss.checks import match_violations

        return [Violation(rule, message, players) for rule, message, players in match_violations(state, pairing)]
    return check_pairing(state, pairing, colour_exempt=colour_exemptions(state, pairing, system), edition=edition)
