"""Random tournaments, paired round by round by an engine: material for differential tests.

Everything random comes from one ``random.Random(seed)``, so a seed and a configuration
give the same tournament every time (with the same engine). Each round goes like an
arbiter's: announced absences first (late entries not yet arrived, withdrawn players,
requested half-, zero- and full-point byes), then the engine pairs the others from the
file as it stands, then results are drawn from the ratings, with forfeits and double
forfeits. The expected score is FIDE's table (rating regulations 8.1.2,
:mod:`pairing.engine.expected_score`) with ``expectation="fide"``, the one the command line
and the acceptance runs use; the logistic curve stays the library's default so that the
seeded tournaments of earlier tests stay what they were. Forfeits, requested byes, late
entries and withdrawals come by rate, or by count over the whole tournament; unrated
players play at a strength drawn like a rating but have none in the file.

A scoring (XXS items, written as record 162 in TRF-2026) and a tie-break list (records
202 and 212, with the values as a ``###TBV`` comment table, TRF-2026 having no field for
them) may be given; the rank column is the standings by that list.

With an acceleration (:mod:`pairing.engine.acceleration`), each round's state gets its
virtual points before it is paired, and the points each round was paired with are written
as ``XXA`` lines, so that the file pairs from its TRF alone.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from pairing.engine.acceleration import AccelerationSpec, accelerate
from pairing.engine.expected_score import expected_score as fide_expected_score
from pairing.engine.standings_check import format_value
from pairing.engine.state import Colour, Outcome, Pairing, PairingError, Player, RoundEntry, TournamentState
from pairing.engine.tiebreaks import TieBreakCodeError, edition_for, parse, standings
from pairing.engine.trf import TrfPlayer, TrfRound, TrfTournament
from pairing.engine.trf.records import XXS_SHORTCUTS, resolve_xxs
from pairing.engine.trf.state import round_entry, scoring_of, state_for_round
from pairing.engine.trf.trf26 import tiebreak_value_lines

PairFunction = Callable[[TournamentState], Pairing]
# Another program's pairing of round r from the file as it stands (rounds 1..r-1 and round r's
# announced absences): how a tournament is generated with an engine this project does not run.
FilePairFunction = Callable[[TrfTournament, int], Pairing]
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
    expectation: str = "logistic"  # "fide": the rating regulations' table 8.1.2
    unrated_rate: float = 0.0  # share of players without a rating
    # Counts over the whole tournament, instead of the rates, when given.
    forfeit_count: int | None = None
    bye_count: int | None = None
    withdraw_count: int | None = None
    late_count: int | None = None
    bye_kinds: tuple[float, float, float] = (0.6, 0.3, 0.1)  # weights of H, Z and F requested byes
    scoring: tuple[tuple[str, int], ...] = ()  # XXS items in tenths: ("W", 30), ("D", 10)...
    tiebreaks: tuple[str, ...] = ()  # C.07 codes, written to records 202 and 212 with their values
    start_date: str = ""  # record 042 (YYYY/MM/DD): it names the C.07 edition of the values
    tournament_type: str = ""  # record 192 (ETT26), e.g. FIDE_DUTCH_2026

    def __post_init__(self) -> None:
        for rate in ("draw_rate", "forfeit_rate", "bye_rate", "withdraw_rate", "late_rate", "unrated_rate"):
            value = getattr(self, rate)
            if not 0.0 <= value <= 1.0:
                raise ValueError(f"{rate.replace('_', '-')} must be between 0 and 1, not {value}")
        for count in ("forfeit_count", "bye_count", "withdraw_count", "late_count"):
            value = getattr(self, count)
            if value is not None and value < 0:
                raise ValueError(f"{count.replace('_', '-')} must not be negative, not {value}")
        if self.expectation not in ("logistic", "fide"):
            raise ValueError(f"expectation must be 'logistic' or 'fide', not {self.expectation!r}")
        if len(self.bye_kinds) != 3 or min(self.bye_kinds) < 0 or sum(self.bye_kinds) <= 0:
            raise ValueError("bye kinds are three weights (H, Z, F), not all zero")
        known = set(resolve_xxs(()))
        for code, _points in self.scoring:
            if not set(XXS_SHORTCUTS.get(code, (code,))) <= known:
                raise ValueError(f"unknown scoring code {code!r}: expected W, D or one of {', '.join(sorted(known))}")
        for code in self.tiebreaks:
            try:
                parse(code)
            except TieBreakCodeError as exc:
                raise ValueError(str(exc)) from exc
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


def outcome_chances(expected: Fraction, draw_rate: float) -> tuple[float, float]:
    """(win, draw) chances whose expected score is *expected* with *draw_rate* draws: a win
    is *expected* less half the draws; where that is below nothing, fewer draws (all of the
    expectation), and the same for the loss."""
    e = float(expected)
    draw = min(draw_rate, 2 * e, 2 * (1 - e))
    return e - draw / 2, draw


def random_forfeit(rng: random.Random) -> tuple[str, str]:
    """A forfeit: a tenth of them double (neither appeared), the rest either way."""
    kind = rng.random()
    if kind < 0.1:
        return "-", "-"
    return ("+", "-") if kind < 0.55 else ("-", "+")


def random_result(
    rng: random.Random,
    white_rating: int,
    black_rating: int,
    draw_rate: float,
    forfeit_rate: float,
    expectation: str = "logistic",
) -> tuple[str, str]:
    """Result codes for White and Black: a forfeit, a draw, or a win by the expectation
    (``fide``: the expected score of table 8.1.2 kept, draws included)."""
    roll = rng.random()
    if roll < forfeit_rate:
        return random_forfeit(rng)
    if expectation == "fide":
        win, draw = outcome_chances(fide_expected_score(white_rating, black_rating), draw_rate)
        u = rng.random()
        return ("1", "0") if u < win else ("=", "=") if u < win + draw else ("0", "1")
    if rng.random() < draw_rate:
        return "=", "="
    white_wins = rng.random() < expected_score(white_rating, black_rating)
    return ("1", "0") if white_wins else ("0", "1")


def _bye_kind(rng: random.Random, weights: tuple[float, float, float]) -> str:
    kind = rng.random() * sum(weights)
    return "H" if kind < weights[0] else "Z" if kind < weights[0] + weights[1] else "F"


def random_absences(
    rng: random.Random, present: list[int], bye_rate: float, kinds: tuple[float, float, float] = (0.6, 0.3, 0.1)
) -> dict[int, str]:
    """Requested byes for a round: by default H most often, then Z, then F."""
    out = {}
    for pid in present:
        if rng.random() < bye_rate:
            out[pid] = _bye_kind(rng, kinds)
    return out


def spread(rng: random.Random, count: int, rounds: range) -> dict[int, int]:
    """*count* events spread at random over *rounds*: how many fall in each."""
    out: dict[int, int] = {}
    for _ in range(count):
        rnd = rng.choice(rounds)
        out[rnd] = out.get(rnd, 0) + 1
    return out


def random_players(rng: random.Random, config: GeneratorConfig) -> list[TrfPlayer]:
    """Players in initial order: rating descending (C.04.2.B), start numbers 1..n."""
    ratings = sorted((rng.randint(config.rating_low, config.rating_high) for _ in range(config.players)), reverse=True)
    return [
        TrfPlayer(start=k, name=f"Player {k:04d}", sex=rng.choice("mw"), rating=r) for k, r in enumerate(ratings, 1)
    ]


def unrated_players(
    rng: random.Random, players: list[TrfPlayer], rate: float
) -> tuple[list[TrfPlayer], frozenset[int]]:
    """Some players are unrated: they come last in the initial order (C.04.2.B), start
    numbers 1..n again, and their drawn rating stays only as the strength their games are
    drawn with (the caller blanks it in the file). Returns the players and the unrated ids."""
    if rate <= 0:
        return players, frozenset()
    unrated = {p.start for p in players if rng.random() < rate}
    order = [p for p in players if p.start not in unrated] + [p for p in players if p.start in unrated]
    renumbered = [dataclasses.replace(p, start=k, name=f"Player {k:04d}") for k, p in enumerate(order, 1)]
    return renumbered, frozenset(k for k, p in enumerate(order, 1) if p.start in unrated)


def entry_rounds(rng: random.Random, config: GeneratorConfig) -> dict[int, int]:
    """The round each player enters: 1 for most, a later round for late entries."""
    entries = {}
    if config.late_count is not None:
        late_players = set(rng.sample(range(3, config.players + 1), min(config.late_count, max(config.players - 2, 0))))
        for k in range(1, config.players + 1):
            late = config.rounds > 1 and k in late_players
            entries[k] = rng.randint(2, min(config.rounds, 3)) if late else 1
        return entries
    for k in range(1, config.players + 1):
        late = config.rounds > 1 and rng.random() < config.late_rate
        entries[k] = rng.randint(2, min(config.rounds, 3)) if late else 1
    for k in sorted(entries, key=lambda k: entries[k])[:2]:
        entries[k] = 1  # somebody must play round 1
    return entries


def with_standings(t: TrfTournament, codes: tuple[str, ...] = (), edition: str | None = None) -> TrfTournament:
    """Points and ranks of the file: points from the blocks, ranks by the standings (points,
    then *codes*: C.07), players sharing a place ranked by starting rank (C.07 2.1 leaves the
    order of a tie to the regulations). With *codes*, records 202 and 212 and the ``###TBV``
    comment table of the values (points first) are added."""
    scoring = scoring_of(t)
    points = {p.start: sum(scoring.points(round_entry(b).outcome) for b in p.rounds) for p in t.players}
    edition = edition or edition_for(t.start_date.replace("/", "-"))
    table = standings(state_for_round(t, t.rounds_in_file + 1), codes, edition)
    rank = {row.player_id: k for k, row in enumerate(table.rows, 1)}
    players = tuple(dataclasses.replace(p, points=points[p.start], rank=rank[p.start]) for p in t.players)
    t = dataclasses.replace(t, players=players)
    if not codes:
        return t
    rows = [(row.player_id, (format_value(row.points), *(format_value(v) for v in row.values))) for row in table.rows]
    written = tuple(parse(c).code for c in codes)
    lines = (f"202 {' '.join(written)}", f"212 PTS {' '.join(written)}", *tiebreak_value_lines(("PTS", *written), rows))
    return dataclasses.replace(t, other_records=(*t.other_records, *lines))


def generate(
    config: GeneratorConfig,
    seed: int,
    pair: PairFunction,
    acceleration: AccelerationSpec | None = None,
    pair_file: FilePairFunction | None = None,
    edition: str | None = None,
) -> TrfTournament:
    """A complete tournament of *config.rounds* rounds, each paired by *pair*.

    With *acceleration*, *pair* receives each round's state with its virtual points already
    in it (so it should not apply the acceleration again), and the file gets ``XXA`` lines;
    the points are those of the *edition* of the rules, which must then be named (method
    ``baku`` is C.04.5.1 in 2017 and C.04.7 in 2026).
    With *pair_file*, each round is paired by it instead, from the file as it stands (an
    external engine); the acceleration, if any, is in the file's ``XXA`` lines up to the round.
    """
    if acceleration is not None and acceleration.method != "none" and edition is None:
        raise ValueError("an accelerated tournament needs the edition of the rules its virtual points follow")
    rng = random.Random(seed)
    colour = config.initial_colour or rng.choice("wb")
    players, unrated = unrated_players(rng, random_players(rng, config), config.unrated_rate)
    entry = entry_rounds(rng, config)
    withdrawn_after: dict[int, int] = {}
    blocks: dict[int, list[TrfRound]] = {p.start: [] for p in players}
    strength = {p.start: p.rating or 0 for p in players}
    players = [dataclasses.replace(p, rating=None) if p.start in unrated else p for p in players]
    virtual: dict[int, list[int]] = {p.start: [0] * config.rounds for p in players}
    byes_in = spread(rng, config.bye_count, range(1, config.rounds + 1)) if config.bye_count is not None else {}
    forfeits_in = spread(rng, config.forfeit_count, range(1, config.rounds + 1)) if config.forfeit_count else {}
    withdrawals_after = (
        spread(rng, config.withdraw_count, range(1, max(config.rounds, 2))) if config.withdraw_count else {}
    )
    forfeit_rate = 0.0 if config.forfeit_count is not None else config.forfeit_rate

    def tournament() -> TrfTournament:
        return TrfTournament(
            players=tuple(dataclasses.replace(p, rounds=tuple(blocks[p.start])) for p in players),
            name=config.name or f"Generated tournament (seed {seed})",
            start_date=config.start_date,
            player_count=len(players),
            rated_count=len(players) - len(unrated) if unrated else None,
            xx_rounds=config.rounds,
            xx_config=("white1" if colour == "w" else "black1",),
            xx_acceleration=tuple((pid, tuple(v)) for pid, v in sorted(virtual.items()) if any(v)),
            xx_scoring=config.scoring,
            type_192=config.tournament_type,
        )

    for rnd in range(1, config.rounds + 1):
        pairing = None
        for attempt in range(1, ROUND_ATTEMPTS + 1):
            away = {pid: "Z" for pid in blocks if entry[pid] > rnd or pid in withdrawn_after}
            present = [pid for pid in blocks if pid not in away]
            if config.bye_count is not None:
                chosen = rng.sample(present, min(byes_in.get(rnd, 0), max(len(present) - 2, 0)))
                requested = {pid: _bye_kind(rng, config.bye_kinds) for pid in chosen}
            else:
                requested = random_absences(rng, present, config.bye_rate, config.bye_kinds)
            if len(present) - len(requested) >= 2:
                away.update(requested)
            for pid, kind in away.items():
                blocks[pid].append(TrfRound(None, "-", kind))
            state = state_for_round(tournament(), rnd)
            if len(state.to_pair) < 2:
                raise PairingError(f"round {rnd}: fewer than two players to pair")
            if acceleration is not None and acceleration.method != "none":
                state = accelerate(state, acceleration, edition).state  # type: ignore[arg-type]
                for pid in virtual:
                    virtual[pid][rnd - 1] = state.acceleration(pid, rnd)
            try:
                pairing = pair_file(tournament(), rnd) if pair_file is not None else pair(state)
                break
            except PairingError:
                # A small field can run out of pairings (C.04.3 A.9 leaves it to the arbiter);
                # draw the requested byes again, then give up.
                for pid in away:
                    blocks[pid].pop()
                if attempt == ROUND_ATTEMPTS:
                    raise
        assert pairing is not None
        forfeited = (
            set(rng.sample(range(len(pairing.boards)), min(forfeits_in[rnd], len(pairing.boards))))
            if rnd in forfeits_in
            else set()
        )
        for k, board in enumerate(pairing.boards):
            w, b = board.white, board.black
            if k in forfeited:
                rw, rb = random_forfeit(rng)
            else:
                rw, rb = random_result(
                    rng, strength[w], strength[b], config.draw_rate, forfeit_rate, config.expectation
                )
            blocks[w].append(TrfRound(b, "w", rw))
            blocks[b].append(TrfRound(w, "b", rb))
        if pairing.bye is not None:
            blocks[pairing.bye].append(TrfRound(None, "-", "U"))
        # Withdrawals after this round, never leaving fewer than two players.
        active = sum(1 for pid in blocks if pid not in withdrawn_after and entry[pid] <= rnd + 1)
        if config.withdraw_count is not None:
            candidates = [pid for pid in blocks if pid not in withdrawn_after and entry[pid] <= rnd]
            leaving = rng.sample(candidates, min(withdrawals_after.get(rnd, 0), len(candidates), max(active - 2, 0)))
            for pid in leaving if rnd < config.rounds else ():
                withdrawn_after[pid] = rnd
            continue
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
    return with_standings(tournament(), config.tiebreaks)


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
