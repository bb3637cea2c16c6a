"""Readable tournament states for Burstein and Lim tests, a brute-force test that some
pairing exists, and a random tournament simulator for property tests.

    t = Tournament(ratings=[2400, 2300, 2200, 2100])      # ids 1..4, initial order
    t.round("1-3 1-0", "4-2 =")                           # white-black result
    t.round("1-2 0-1", "3 bye", "4 H")                    # PAB; half-point bye
    state = t.state(total_rounds=5)                       # pair round 3

Results: "1-0", "0-1", "=", "+-" / "-+" (forfeits), and for one player "bye" (PAB),
"H", "Z", "F" (requested byes) or "-" (absent).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from pairing.engine.state import Colour, Outcome, Pairing, PairingError, Player, RoundEntry, TournamentState

GAME_OUTCOMES = {  # a result as typed: (White's outcome, Black's)
    "1-0": (Outcome.WIN, Outcome.LOSS),
    "0-1": (Outcome.LOSS, Outcome.WIN),
    "=": (Outcome.DRAW, Outcome.DRAW),
    "+-": (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
    "-+": (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
}
_ALONE = {
    "bye": Outcome.PAIRING_BYE,
    "H": Outcome.HALF_BYE,
    "Z": Outcome.ZERO_BYE,
    "F": Outcome.FULL_BYE,
    "-": Outcome.NOT_PAIRED,
}


@dataclass
class Tournament:
    ratings: list[int]
    initial_colour: Colour = Colour.WHITE
    rounds: list[dict[int, RoundEntry]] = field(default_factory=list)

    @property
    def ids(self) -> list[int]:
        return list(range(1, len(self.ratings) + 1))

    def round(self, *games: str) -> Tournament:
        entries: dict[int, RoundEntry] = {}
        for text in games:
            who, _, result = text.partition(" ")
            if "-" in who:
                white, black = map(int, who.split("-"))
                ow, ob = GAME_OUTCOMES[result]
                entries[white] = RoundEntry(black, Colour.WHITE, ow)
                entries[black] = RoundEntry(white, Colour.BLACK, ob)
            else:
                entries[int(who)] = RoundEntry(None, None, _ALONE[result])
        self.rounds.append(entries)
        return self

    def add_pairing(
        self, pairing: Pairing, results: dict[tuple[int, int], str], absent: Iterable[int] = (), absence: str = "Z"
    ) -> None:
        games = [f"{b.white}-{b.black} {results[(b.white, b.black)]}" for b in pairing.boards]
        if pairing.bye is not None:
            games.append(f"{pairing.bye} bye")
        games += [f"{p} {absence}" for p in absent]
        self.round(*games)

    def state(
        self, total_rounds: int | None = None, absent: Iterable[int] = (), forbidden: Iterable[tuple[int, int]] = ()
    ) -> TournamentState:
        players = []
        for pid, rating in zip(self.ids, self.ratings, strict=True):
            history = tuple(r.get(pid, RoundEntry(None, None, Outcome.NOT_PAIRED)) for r in self.rounds)
            players.append(Player(id=pid, name=f"Player {pid}", rating=rating, history=history))
        rnd = len(self.rounds) + 1
        return TournamentState(
            players=tuple(players),
            total_rounds=total_rounds or rnd,
            round_to_pair=rnd,
            initial_colour=self.initial_colour,
            absent=frozenset(absent),
            forbidden=tuple(forbidden),
        )


# ---------------------------------------------------------------- independent checks
def some_valid_pairing_exists(
    state: TournamentState, compatible: Callable[[int, int], bool], bye_allowed: Callable[[int], bool]
) -> bool:
    """Brute force, for small tournaments: is there any pairing the engine could give?"""
    players = [p.id for p in state.to_pair]

    def pairable(rest: list[int]) -> bool:
        if not rest:
            return True
        first, others = rest[0], rest[1:]
        return any(compatible(first, q) and pairable([p for p in others if p != q]) for q in others)

    if len(players) % 2 == 0:
        return pairable(players)
    return any(bye_allowed(b) and pairable([p for p in players if p != b]) for b in players)


# ---------------------------------------------------------------- random tournaments
def simulate(
    engine: Callable[[TournamentState], Pairing],
    seed: int,
    players: int,
    rounds: int,
    check: Callable[[TournamentState, Pairing], None],
    on_error: Callable[[TournamentState, PairingError], None],
) -> Tournament:
    """Play a random tournament round by round with *engine*, checking every round."""
    rng = random.Random(seed)
    ratings = sorted((rng.randint(1200, 2600) for _ in range(players)), reverse=True)
    t = Tournament(ratings=ratings, initial_colour=rng.choice([Colour.WHITE, Colour.BLACK]))
    withdrawn: set[int] = set()
    for _ in range(rounds):
        if rng.random() < 0.3 and len(withdrawn) < players // 4:
            withdrawn.add(rng.choice(t.ids))
        absent = set(withdrawn)
        for pid in t.ids:
            if rng.random() < 0.05:
                absent.add(pid)
        state = t.state(total_rounds=rounds, absent=absent)
        try:
            pairing = engine(state)
        except PairingError as error:
            on_error(state, error)
            return t
        check(state, pairing)
        results = {}
        for b in pairing.boards:
            roll = rng.random()
            results[(b.white, b.black)] = (
                "+-" if roll < 0.03 else "-+" if roll < 0.05 else "1-0" if roll < 0.45 else "0-1" if roll < 0.8 else "="
            )
        t.add_pairing(pairing, results, absent=sorted(absent), absence=rng.choice(["Z", "H"]))
    return t
