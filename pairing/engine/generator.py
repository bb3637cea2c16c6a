"""Random tournaments, paired round by round by an engine: material for differential tests.

Everything random comes from one ``random.Random(seed)``, so a seed and a configuration
give the same tournament every time (with the same engine). Each round goes like an
arbiter's: announced absences first (late entries not yet arrived, withdrawn players,
requested half-, zero- and full-point byes), then the engine pairs the others from the
file as it stands, then results are drawn from the ratings (Elo expectation), with
forfeits and double forfeits at the given rate.

With an acceleration (:mod:`pairing.engine.acceleration`), each round's state gets its
virtual points before it is paired, and the points each round was paired with are written
as ``XXA`` lines, so that the file pairs from its TRF alone.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from dataclasses import dataclass

from pairing.engine.acceleration import AccelerationSpec, accelerate
from pairing.engine.state import Colour, Outcome, Pairing, PairingError, Player, RoundEntry, TournamentState
from pairing.engine.trf import TrfPlayer, TrfRound, TrfTournament
from pairing.engine.trf.state import round_entry, scoring_of, state_for_round

PairFunction = Callable[[TournamentState], Pairing]
ROUND_ATTEMPTS = 5  # draws of the requested byes before an unpairable round is given up


@dataclass(frozen=True)
class GeneratorConfig:
    players: int = 30
    rounds: int = 7
    draw_rate: float = 0.3  # share of games drawn
    forfeit_rate: float = 0.02  # share of games not played (a tenth of them double forfeits)
    bye_rate: float = 0.03  # chance a present player requests a bye for a round (H, Z or F)
    withdraw_rate: float = 0.01  # chance a player withdraws after a round
    late_rate: float = 0.05  # share of players who enter after round 1
    rating_high: int = 2600
    rating_low: int = 1400
    initial_colour: str | None = None  # "w", "b" or None (drawn by lot)
    name: str = ""

    def __post_init__(self) -> None:
        for rate in ("draw_rate", "forfeit_rate", "bye_rate", "withdraw_rate", "late_rate"):
            value = getattr(self, rate)
            if not 0.0 <= value <= 1.0:
                raise ValueError(f"{rate.replace('_', '-')} must be between 0 and 1, not {value}")
        if self.players < 2:
            raise ValueError("a tournament needs at least 2 players")
        if self.rounds < 1:
            raise ValueError("a tournament needs at least 1 round")
        if self.rating_low > self.rating_high:
            raise ValueError("rating-low is above rating-high")
        if self.initial_colour not in (None, "w", "b"):
            raise ValueError("initial colour must be 'w' or 'b'")


def expected_score(rating: int, opponent: int) -> float:
    """The Elo expectation of the player rated *rating* (FIDE B.02 curve, logistic form)."""
    return 1.0 / (1.0 + 10.0 ** ((opponent - rating) / 400.0))


def random_result(
    rng: random.Random, white_rating: int, black_rating: int, draw_rate: float, forfeit_rate: float
) -> tuple[str, str]:
    """Result codes for White and Black: a forfeit, a draw, or a win by Elo odds."""
    roll = rng.random()
    if roll < forfeit_rate:
        kind = rng.random()
        if kind < 0.1:
            return "-", "-"  # double forfeit: neither appeared
        return ("+", "-") if kind < 0.55 else ("-", "+")
    if rng.random() < draw_rate:
        return "=", "="
    white_wins = rng.random() < expected_score(white_rating, black_rating)
    return ("1", "0") if white_wins else ("0", "1")


def random_absences(rng: random.Random, present: list[int], bye_rate: float) -> dict[int, str]:
    """Requested byes for a round: H most often, then Z, then F."""
    out = {}
    for pid in present:
        if rng.random() < bye_rate:
            kind = rng.random()
            out[pid] = "H" if kind < 0.6 else "Z" if kind < 0.9 else "F"
    return out


def random_players(rng: random.Random, config: GeneratorConfig) -> list[TrfPlayer]:
    """Players in initial order: rating descending (C.04.2.B), start numbers 1..n."""
    ratings = sorted((rng.randint(config.rating_low, config.rating_high) for _ in range(config.players)), reverse=True)
    return [
        TrfPlayer(start=k, name=f"Player {k:04d}", sex=rng.choice("mw"), rating=r) for k, r in enumerate(ratings, 1)
    ]


def entry_rounds(rng: random.Random, config: GeneratorConfig) -> dict[int, int]:
    """The round each player enters: 1 for most, a later round for late entries."""
    entries = {}
    for k in range(1, config.players + 1):
        late = config.rounds > 1 and rng.random() < config.late_rate
        entries[k] = rng.randint(2, min(config.rounds, 3)) if late else 1
    for k in sorted(entries, key=lambda k: entries[k])[:2]:
        entries[k] = 1  # somebody must play round 1
    return entries


def _with_points_and_ranks(t: TrfTournament) -> TrfTournament:
    scoring = scoring_of(t)
    points = {p.start: sum(scoring.points(round_entry(b).outcome) for b in p.rounds) for p in t.players}
    order = sorted(t.players, key=lambda p: (-points[p.start], p.start))
    rank = {}
    for k, p in enumerate(order, 1):
        rank[p.start] = k
    players = tuple(dataclasses.replace(p, points=points[p.start], rank=rank[p.start]) for p in t.players)
    return dataclasses.replace(t, players=players)


def generate(
    config: GeneratorConfig, seed: int, pair: PairFunction, acceleration: AccelerationSpec | None = None
) -> TrfTournament:
    """A complete tournament of *config.rounds* rounds, each paired by *pair*.

    With *acceleration*, *pair* receives each round's state with its virtual points already
    in it (so it should not apply the acceleration again), and the file gets ``XXA`` lines.
    """
    rng = random.Random(seed)
    colour = config.initial_colour or rng.choice("wb")
    players = random_players(rng, config)
    entry = entry_rounds(rng, config)
    withdrawn_after: dict[int, int] = {}
    blocks: dict[int, list[TrfRound]] = {p.start: [] for p in players}
    ratings = {p.start: p.rating or 0 for p in players}
    virtual: dict[int, list[int]] = {p.start: [0] * config.rounds for p in players}

    def tournament() -> TrfTournament:
        return TrfTournament(
            players=tuple(dataclasses.replace(p, rounds=tuple(blocks[p.start])) for p in players),
            name=config.name or f"Generated tournament (seed {seed})",
            player_count=len(players),
            xx_rounds=config.rounds,
            xx_config=("white1" if colour == "w" else "black1",),
            xx_acceleration=tuple((pid, tuple(v)) for pid, v in sorted(virtual.items()) if any(v)),
        )

    for rnd in range(1, config.rounds + 1):
        pairing = None
        for attempt in range(1, ROUND_ATTEMPTS + 1):
            away = {pid: "Z" for pid in blocks if entry[pid] > rnd or pid in withdrawn_after}
            present = [pid for pid in blocks if pid not in away]
            requested = random_absences(rng, present, config.bye_rate)
            if len(present) - len(requested) >= 2:
                away.update(requested)
            for pid, kind in away.items():
                blocks[pid].append(TrfRound(None, "-", kind))
            state = state_for_round(tournament(), rnd)
            if len(state.to_pair) < 2:
                raise PairingError(f"round {rnd}: fewer than two players to pair")
            if acceleration is not None and acceleration.method != "none":
                state = accelerate(state, acceleration).state
                for pid in virtual:
                    virtual[pid][rnd - 1] = state.acceleration(pid, rnd)
            try:
                pairing = pair(state)
                break
            except PairingError:
                # A small field can run out of pairings (C.04.3 A.9 leaves it to the arbiter);
                # draw the requested byes again, then give up.
                for pid in away:
                    blocks[pid].pop()
                if attempt == ROUND_ATTEMPTS:
                    raise
        assert pairing is not None
        for board in pairing.boards:
            w, b = board.white, board.black
            rw, rb = random_result(rng, ratings[w], ratings[b], config.draw_rate, config.forfeit_rate)
            blocks[w].append(TrfRound(b, "w", rw))
            blocks[b].append(TrfRound(w, "b", rb))
        if pairing.bye is not None:
            blocks[pairing.bye].append(TrfRound(None, "-", "U"))
        # Withdrawals after this round, never leaving fewer than two players.
        active = sum(1 for pid in blocks if pid not in withdrawn_after and entry[pid] <= rnd + 1)
        for pid in blocks:
            if (
                pid not in withdrawn_after
                and entry[pid] <= rnd
                and rnd < config.rounds
                and rng.random() < config.withdraw_rate
                and active > 2
            ):
                withdrawn_after[pid] = rnd
                active -= 1
    return _with_points_and_ranks(tournament())


def greedy_history(size: int, rounds: int, seed: int) -> TournamentState:
    """The state before round ``rounds + 1`` of a *size*-player tournament whose rounds
    were paired quickly without any engine: each player in score order meets the next
    one he has not met, colours and results at random, 1% absent in the round to pair.
    Not a Swiss pairing, but a realistic late-round state (score groups, colour
    histories, floats) for the speed benchmarks, and one whose low score groups often
    cannot pair among themselves, which makes PPBs (A.9) for the tests."""
    rng = random.Random(seed)
    ratings = sorted((rng.randint(1400, 2700) for _ in range(size)), reverse=True)
    history: dict[int, list[RoundEntry]] = {k + 1: [] for k in range(size)}
    score = {k + 1: 0 for k in range(size)}
    for _ in range(rounds):
        order = sorted(history, key=lambda p: (-score[p], p))
        waiting = list(order)
        while len(waiting) > 1:
            a = waiting.pop(0)
            met = {e.opponent for e in history[a]}
            b = next((x for x in waiting if x not in met), waiting[0])
            waiting.remove(b)
            white, black = (a, b) if rng.random() < 0.5 else (b, a)
            roll = rng.random()
            wr, br = (
                (Outcome.WIN, Outcome.LOSS)
                if roll < 0.4
                else (Outcome.DRAW, Outcome.DRAW)
                if roll < 0.7
                else (Outcome.LOSS, Outcome.WIN)
            )
            history[white].append(RoundEntry(black, Colour.WHITE, wr))
            history[black].append(RoundEntry(white, Colour.BLACK, br))
            score[white] += {Outcome.WIN: 10, Outcome.DRAW: 5}.get(wr, 0)
            score[black] += {Outcome.WIN: 10, Outcome.DRAW: 5}.get(br, 0)
        for p in waiting:
            history[p].append(RoundEntry(None, None, Outcome.PAIRING_BYE))
            score[p] += 10
    players = tuple(Player(id=p, rating=ratings[p - 1], history=tuple(history[p])) for p in history)
    absent = frozenset(rng.sample(sorted(history), max(1, size // 100)))
    return TournamentState(players=players, total_rounds=rounds + 3, round_to_pair=rounds + 1, absent=absent)
