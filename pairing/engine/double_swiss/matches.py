"""The Double-Swiss history read match by match (C.04.5 2026, Preface and Article 1).

A Double-Swiss round is a match of two games. The state keeps one column per game, as
the TRF does (docs/double-swiss.md, "TRF"): match *k* is columns ``2k-1`` (game 1) and
``2k`` (game 2), the colours of game 2 the reverse of game 1. ``round_to_pair`` is the
game-1 column of the match to pair, an odd number.

What the text reads from a match, and where:

- a match is forfeited only if a player forfeited both games (Preface); otherwise it
  counts as played, a single forfeited game included, and the two have met ([C1]);
- a player had a colour in a match, the one scheduled for game 1, when at least one game
  of it was played over the board (1.6; unplayed matches left out, C.04.2 2026 3.4);
- a floater is a player paired against a different score (1.5), read on the pairing
  scores before the match (reading R5 of docs/double-swiss.md);
- [C2]: a player who had the PAB, won a match by forfeit or had a full-point bye may not
  get the PAB.
"""

from __future__ import annotations

from dataclasses import dataclass

from pairing.engine.state import Colour, Outcome, PairingError, RoundEntry, TournamentState

_NO_GAME = RoundEntry(None, None, Outcome.NOT_PAIRED)


@dataclass(frozen=True)
class Contender:
    """A player to pair this round, as the Double-Swiss procedure sees him."""

    id: int
    number: int  # TPN (1.1)
    score: int  # pairing score in tenths: the game points plus any acceleration
    met: frozenset[int]  # opponents of matches not forfeited ([C1])
    colours: tuple[Colour, ...]  # game-1 colour of each match with a game played, oldest first (1.6)
    matches_played: int  # matches not forfeited, byes excluded (3.4.3)
    pab_barred: bool  # [C2]
    floated: bool  # a floater in the previous round (1.5; [C7], [C8])

    @property
    def whites(self) -> int:
        """Matches in which he had White (1.6): the count 4.3.2 compares."""
        return sum(1 for c in self.colours if c is Colour.WHITE)


def match_to_pair(state: TournamentState) -> int:
    """The number of the match *state* pairs: its game-1 column is ``round_to_pair``."""
    if state.round_to_pair % 2 == 0:
        raise PairingError(
            f"a Double-Swiss match starts in an odd column (game 1); column {state.round_to_pair} is a game 2"
        )
    return (state.round_to_pair + 1) // 2


def total_matches(state: TournamentState) -> int:
    return (state.total_rounds + 1) // 2


def games(state: TournamentState, player: int, match: int) -> tuple[RoundEntry, RoundEntry]:
    """The two columns of *match* for *player* (an empty column when the history stops short)."""
    history = state.by_id[player].history
    first, second = 2 * match - 2, 2 * match - 1
    return (
        history[first] if first < len(history) else _NO_GAME,
        history[second] if second < len(history) else _NO_GAME,
    )


def opponent_in(state: TournamentState, player: int, match: int) -> int | None:
    one, two = games(state, player, match)
    return one.opponent if one.opponent is not None else two.opponent


def forfeited(state: TournamentState, player: int, match: int) -> bool:
    """Preface: a match ends by forfeit only if at least one player forfeited both games."""
    opponent = opponent_in(state, player, match)
    if opponent is None:
        return False
    mine = games(state, player, match)
    theirs = games(state, opponent, match) if opponent in state.by_id else mine
    lost_both = all(e.outcome is Outcome.FORFEIT_LOSS for e in mine)
    they_lost_both = all(e.outcome is Outcome.FORFEIT_LOSS for e in theirs) or all(
        e.outcome is Outcome.FORFEIT_WIN for e in mine
    )
    return lost_both or they_lost_both


def met_in(state: TournamentState, player: int, match: int) -> int | None:
    """The opponent *player* met in *match* ([C1]), None for a bye or a forfeited match."""
    opponent = opponent_in(state, player, match)
    if opponent is None or forfeited(state, player, match):
        return None
    return opponent


def colour_in(state: TournamentState, player: int, match: int) -> Colour | None:
    """1.6: the game-1 colour, when at least one game of the match was played."""
    one, two = games(state, player, match)
    if not (one.played or two.played):
        return None
    if one.colour is not None:
        return one.colour
    return two.colour.opposite if two.colour is not None else None


def pairing_score_before(state: TournamentState, player: int, match: int) -> int:
    column = 2 * match - 1
    return state.score_before(player, column) + state.acceleration(player, column)


def floated_in(state: TournamentState, player: int, match: int) -> bool:
    """1.5: paired in *match* against a player of a different (pairing) score; a PAB or a
    forfeited match is no float (reading R5)."""
    opponent = met_in(state, player, match)
    if opponent is None or opponent not in state.by_id:
        return False
    return pairing_score_before(state, player, match) != pairing_score_before(state, opponent, match)


def pab_barred(state: TournamentState, player: int, before: int) -> bool:
    """[C2]: had the PAB, won a match by forfeit, or had a full-point bye, before match *before*."""
    for match in range(1, before):
        one, two = games(state, player, match)
        outcomes = (one.outcome, two.outcome)
        if Outcome.PAIRING_BYE in outcomes or Outcome.FULL_BYE in outcomes:
            return True
        if outcomes == (Outcome.FORFEIT_WIN, Outcome.FORFEIT_WIN):
            return True
    return False


def contenders(state: TournamentState) -> list[Contender]:
    """The players to pair in the match *state* pairs, in pairing order (1.2: score, then TPN)."""
    match = match_to_pair(state)
    numbers = state.pairing_numbers
    out = []
    for player in state.to_pair:
        pid = player.id
        earlier = range(1, match)
        out.append(
            Contender(
                id=pid,
                number=numbers[pid],
                score=state.pairing_score(pid),
                met=frozenset(m for k in earlier if (m := met_in(state, pid, k)) is not None),
                colours=tuple(c for k in earlier if (c := colour_in(state, pid, k)) is not None),
                matches_played=sum(1 for k in earlier if met_in(state, pid, k) is not None),
                pab_barred=pab_barred(state, pid, match),
                floated=match > 1 and floated_in(state, pid, match - 1),
            )
        )
    out.sort(key=lambda c: (-c.score, c.number))
    return out
