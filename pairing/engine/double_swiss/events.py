"""Random Double-Swiss events, paired match by match: material for the tests and the bench.

Each match is two columns of the state (game 1, then game 2 with the colours reversed).
Results are drawn per game: wins, draws, a single forfeited game (the match still counts
as played, C.04.5 Preface), a player forfeiting both games (the match is forfeited and the
pair may meet again), a game forfeited by both. Requested byes and absences cover whole
matches (Preface: "Byes ... apply only to matches"): ``F F``, ``H H`` or ``Z Z``. The PAB is
``U`` in game 1 and ``H`` in game 2, a win's points and a draw's (1.4; docs/double-swiss.md).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from pairing.engine.state import Colour, Outcome, Pairing, PairingError, Player, RoundEntry, TournamentState

PairMatch = Callable[[TournamentState], Pairing]

PAB_GAMES = (Outcome.PAIRING_BYE, Outcome.HALF_BYE)  # 1.4: a game won and a game drawn


@dataclass(frozen=True)
class EventConfig:
    players: int = 10
    matches: int = 5
    draw_rate: float = 0.3
    forfeit_rate: float = 0.04  # chance a game is forfeited (a third of them by one player in both games)
    bye_rate: float = 0.04  # chance a player sits a match out (F, H or Z in both games)


def initial_state(config: EventConfig, rng: random.Random) -> TournamentState:
    ratings = sorted((rng.randint(1400, 2600) for _ in range(config.players)), reverse=True)
    players = tuple(Player(id=k + 1, name=f"Player {k + 1}", rating=r) for k, r in enumerate(ratings))
    colour = Colour.WHITE if rng.random() < 0.5 else Colour.BLACK
    return TournamentState(players, 2 * config.matches, 1, initial_colour=colour)


def with_absences(
    state: TournamentState, rng: random.Random, rate: float
) -> tuple[TournamentState, dict[int, Outcome]]:
    """This match's requested byes and absences, drawn for each player."""
    byes = {}
    for p in state.players:
        if rng.random() < rate:
            byes[p.id] = rng.choice((Outcome.FULL_BYE, Outcome.HALF_BYE, Outcome.ZERO_BYE))
    return replace(state, absent=frozenset(byes)), byes


def _game(rng: random.Random, config: EventConfig) -> tuple[Outcome, Outcome]:
    """One game from the game-1 White's side and his opponent's."""
    roll = rng.random()
    if roll < config.forfeit_rate:
        kind = rng.random()
        if kind < 0.15:
            return Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS
        return (
            (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS) if kind < 0.6 else (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN)
        )
    roll = rng.random()
    if roll < config.draw_rate:
        return Outcome.DRAW, Outcome.DRAW
    return (Outcome.WIN, Outcome.LOSS) if rng.random() < 0.5 else (Outcome.LOSS, Outcome.WIN)


def match_entries(
    pairing: Pairing, state: TournamentState, byes: dict[int, Outcome], rng: random.Random, config: EventConfig
) -> dict[int, tuple[RoundEntry, RoundEntry]]:
    """Both columns of the match for every player, results drawn."""
    out: dict[int, tuple[RoundEntry, RoundEntry]] = {}
    for board in pairing.boards:
        w, b = board.white, board.black
        if rng.random() < config.forfeit_rate / 3:  # one player forfeits the whole match
            lost, won = (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN)
            first, second = ((lost, won), (lost, won)) if rng.random() < 0.5 else ((won, lost), (won, lost))
        else:
            first, second = _game(rng, config), _game(rng, config)
        out[w] = (RoundEntry(b, Colour.WHITE, first[0]), RoundEntry(b, Colour.BLACK, second[0]))
        out[b] = (RoundEntry(w, Colour.BLACK, first[1]), RoundEntry(w, Colour.WHITE, second[1]))
    if pairing.bye is not None:
        out[pairing.bye] = tuple(RoundEntry(None, None, o) for o in PAB_GAMES)  # type: ignore[assignment]
    for pid in (p.id for p in state.players):
        if pid not in out:
            kind = byes.get(pid, Outcome.ZERO_BYE)
            out[pid] = (RoundEntry(None, None, kind), RoundEntry(None, None, kind))
    return out


def after_match(state: TournamentState, entries: dict[int, tuple[RoundEntry, RoundEntry]]) -> TournamentState:
    players = tuple(replace(p, history=p.history + entries[p.id]) for p in state.players)
    return replace(state, players=players, round_to_pair=state.round_to_pair + 2, absent=frozenset())


def play(config: EventConfig, seed: int, pair: PairMatch) -> list[tuple[TournamentState, Pairing | None]]:
    """Every match of a random event: the state it was paired from and its pairing (None
    when *pair* found the match unpairable; the event then stops)."""
    return event(config, seed, pair)[0]


def event(
    config: EventConfig, seed: int, pair: PairMatch
) -> tuple[list[tuple[TournamentState, Pairing | None]], TournamentState]:
    """:func:`play`, and the state after the last match played, results included."""
    rng = random.Random(seed)
    state = initial_state(config, rng)
    played: list[tuple[TournamentState, Pairing | None]] = []
    for _ in range(config.matches):
        state, byes = with_absences(state, rng, config.bye_rate)
        try:
            pairing = pair(state)
        except PairingError:
            played.append((state, None))
            break
        played.append((state, pairing))
        state = after_match(state, match_entries(pairing, state, byes, rng, config))
    return played, state
