"""Random team events, paired round by round: material for the differential tests and the
benchmark. Everything random comes from one ``random.Random(seed)``.

Each round: some teams are absent (a zero-point round) or take a requested half-point
bye, the others are paired by *pair* (the engine by default), a few matches are forfeited
by one team, and every board of every other match gets a result drawn from the two teams'
strengths. Board 1 of the team with White plays White, the boards alternating after it
(a WBWB... sequence, TRF-2026 record 352). Match points: 2/1/0 by the game points of the
match; game points in tenths (10/5/0 per board). The PAB is worth a drawn match's points
(art. 1.4); a forfeit win is worth a won match with every board won.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from pairing.engine.state import Colour, PairingError
from pairing.engine.team.history import RoundKind, TeamResult, teams_before
from pairing.engine.team.model import ColourPreferences, PrimaryScore, TeamPairing, TeamRound
from pairing.engine.team.procedure import pair_round

GAME_WIN, GAME_DRAW = 10, 5
MATCH_WIN, MATCH_DRAW, MATCH_LOSS = 2, 1, 0


@dataclass(frozen=True)
class TeamEventConfig:
    teams: int = 10
    boards: int = 4
    rounds: int = 5
    preferences: ColourPreferences = ColourPreferences.TYPE_A
    primary: PrimaryScore = PrimaryScore.MATCH_POINTS
    use_secondary: bool = True
    draw_rate: float = 0.3  # share of board games drawn
    forfeit_rate: float = 0.03  # share of matches one team forfeits
    absent_rate: float = 0.03  # chance a team misses a round (zero points)
    half_bye_rate: float = 0.0  # chance a team takes a requested half-point bye
    full_bye_rate: float = 0.0  # chance a team is given a (FIDE-deprecated) full-point bye
    initial_colour: Colour | None = None  # None: drawn by lot


@dataclass
class PlayedRound:
    number: int
    round: TeamRound  # what the round was paired from
    pairing: TeamPairing
    # per match (white, black): board results seen from the white team, "1" "=" "0";
    # None for a forfeited match, with *forfeit_winner* naming the team that appeared
    boards: dict[tuple[int, int], tuple[str, ...] | None] = field(default_factory=dict)
    forfeit_winner: dict[tuple[int, int], int] = field(default_factory=dict)
    half_byes: frozenset[int] = frozenset()
    full_byes: frozenset[int] = frozenset()
    absent: frozenset[int] = frozenset()


@dataclass
class TeamEvent:
    config: TeamEventConfig
    initial_colour: Colour
    strength: dict[int, float]
    histories: dict[int, list[TeamResult]]
    rounds: list[PlayedRound]
    complete: bool = True  # False when a round could not be paired (art. 3.3.3)


PairTeams = Callable[[TeamRound], TeamPairing]


def team_round(event: TeamEvent, number: int, present: frozenset[int]) -> TeamRound:
    """The round *number* of *event* as it is paired from the rounds before it."""
    config = event.config
    histories = {tpn: results[: number - 1] for tpn, results in event.histories.items()}
    teams = teams_before(histories, config.primary)
    return TeamRound(
        teams=tuple(teams[tpn] for tpn in sorted(present)),
        round_to_pair=number,
        total_rounds=config.rounds,
        preferences=config.preferences,
        primary=config.primary,
        use_secondary=config.use_secondary,
        initial_colour=event.initial_colour,
    )


def generate_team_event(config: TeamEventConfig, seed: int, pair: PairTeams = pair_round) -> TeamEvent:
    rng = random.Random(seed)
    initial = config.initial_colour or rng.choice((Colour.WHITE, Colour.BLACK))
    tpns = range(1, config.teams + 1)
    # TPN order is the competition's (art. 1.1.2); here the stronger teams come first
    strength = {tpn: 1.0 - 0.6 * (tpn - 1) / max(1, config.teams - 1) + rng.uniform(-0.15, 0.15) for tpn in tpns}
    event = TeamEvent(config, initial, strength, {tpn: [] for tpn in tpns}, [])
    for number in range(1, config.rounds + 1):
        absent = frozenset(t for t in tpns if rng.random() < config.absent_rate)
        half = frozenset(t for t in tpns if t not in absent and rng.random() < config.half_bye_rate)
        full = frozenset(t for t in tpns if t not in absent | half and rng.random() < config.full_bye_rate)
        present = frozenset(tpns) - absent - half - full
        round_ = team_round(event, number, present)
        try:
            pairing = pair(round_)
        except PairingError:
            event.complete = False
            break
        played = PlayedRound(number, round_, pairing, half_byes=half, full_byes=full, absent=absent)
        for tpn in absent:
            event.histories[tpn].append(TeamResult(RoundKind.ZERO_BYE))
        for tpn in half:
            event.histories[tpn].append(
                TeamResult(RoundKind.HALF_BYE, match_points=MATCH_DRAW, game_points=GAME_DRAW * config.boards)
            )
        for tpn in full:
            event.histories[tpn].append(
                TeamResult(RoundKind.FULL_BYE, match_points=MATCH_WIN, game_points=GAME_WIN * config.boards)
            )
        if pairing.bye is not None:
            event.histories[pairing.bye].append(
                TeamResult(RoundKind.PAB, match_points=MATCH_DRAW, game_points=GAME_DRAW * config.boards)
            )
        for match in pairing.matches:
            _play(rng, event, played, match.white, match.black)
        event.rounds.append(played)
    return event


def _play(rng: random.Random, event: TeamEvent, played: PlayedRound, white: int, black: int) -> None:
    config = event.config
    key = (white, black)
    if rng.random() < config.forfeit_rate:
        winner = rng.choice(key)
        loser = black if winner == white else white
        played.boards[key] = None
        played.forfeit_winner[key] = winner
        event.histories[winner].append(
            TeamResult(RoundKind.FORFEIT_WIN, loser, None, MATCH_WIN, GAME_WIN * config.boards)
        )
        event.histories[loser].append(TeamResult(RoundKind.FORFEIT_LOSS, winner, None, MATCH_LOSS, 0))
        return
    edge = event.strength[white] - event.strength[black]
    boards = []
    for _ in range(config.boards):
        if rng.random() < config.draw_rate:
            boards.append("=")
        else:
            boards.append("1" if rng.random() < 0.5 + edge / 2 else "0")
    played.boards[key] = tuple(boards)
    points = {"1": GAME_WIN, "=": GAME_DRAW, "0": 0}
    white_gp = sum(points[b] for b in boards)
    black_gp = GAME_WIN * config.boards - white_gp
    white_mp = MATCH_WIN if white_gp > black_gp else MATCH_DRAW if white_gp == black_gp else MATCH_LOSS
    black_mp = MATCH_WIN + MATCH_LOSS - white_mp
    event.histories[white].append(TeamResult(RoundKind.PLAYED, black, Colour.WHITE, white_mp, white_gp))
    event.histories[black].append(TeamResult(RoundKind.PLAYED, white, Colour.BLACK, black_mp, black_gp))
