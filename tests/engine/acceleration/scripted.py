"""Tournament states written as one result script per player, for the acceleration tables.

The acceleration layer reads only who was where and how many points each player had, so a
script gives each player's rounds as one character each:

    1 = 0     a game won, drawn, lost          + -   a forfeit win, a forfeit loss
    U         the pairing-allocated bye        H F Z a requested half-, full-, zero-point bye
    .         not registered yet (a late entry, C.04.2.C): not in the state before he enters
    _         nothing recorded (not paired: withdrawn)

Opponents are not modelled (every game's opponent is player 0).
"""

from __future__ import annotations

from pairing.engine.state import Outcome, Player, RoundEntry, Scoring, TournamentState

_OUTCOMES = {
    "1": Outcome.WIN,
    "=": Outcome.DRAW,
    "0": Outcome.LOSS,
    "+": Outcome.FORFEIT_WIN,
    "-": Outcome.FORFEIT_LOSS,
    "U": Outcome.PAIRING_BYE,
    "H": Outcome.HALF_BYE,
    "F": Outcome.FULL_BYE,
    "Z": Outcome.ZERO_BYE,
    ".": Outcome.NOT_PAIRED,
    "_": Outcome.NOT_PAIRED,
}
_GAMES = frozenset("1=0+-")
_ABSENT = frozenset("HFZ_")


def entry(char: str) -> RoundEntry:
    outcome = _OUTCOMES[char]
    return RoundEntry(0 if char in _GAMES else None, None, outcome)


def registered(script: str, round_number: int) -> bool:
    """Is the player in the list when *round_number* is paired?"""
    return script[:round_number].strip(".") != ""


def scripted_state(
    players: list[tuple[int, int, str]], round_to_pair: int, scoring: Scoring | None = None
) -> TournamentState:
    """The state for pairing *round_to_pair*; *players* are (id, rating, script) in initial order."""
    total = len(players[0][2])
    listed = [(pid, rating, script) for pid, rating, script in players if registered(script, round_to_pair)]
    return TournamentState(
        players=tuple(
            Player(id=pid, rating=rating, history=tuple(entry(c) for c in script[: round_to_pair - 1]))
            for pid, rating, script in listed
        ),
        total_rounds=total,
        round_to_pair=round_to_pair,
        absent=frozenset(pid for pid, _, script in listed if script[round_to_pair - 1] in _ABSENT),
        scoring=scoring or Scoring(),
    )


def points(text: str) -> tuple[int, ...]:
    """'1 1 1 .5 .5 0' -> tenths (10, 10, 10, 5, 5, 0)."""
    return tuple(round(float(v) * 10) for v in text.split())
