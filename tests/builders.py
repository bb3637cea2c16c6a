"""Small builders that make test scenarios read like an arbiter's notes."""

from __future__ import annotations

from tourney.models import Bye, ByeKind, Game, Player, Result, Round, RoundStatus, Tournament

NAMES = [
    "Alice",
    "Bruno",
    "Carla",
    "Davide",
    "Elisa",
    "Francesco",
    "Giorgia",
    "Kevin",
    "Luisa",
    "Marco",
    "Nancy",
    "Oscar",
    "Patrizia",
    "Roberto",
    "Sara",
    "Tommaso",
]


def tournament(players: int = 8, rounds: int = 5, **fields: object) -> Tournament:
    """A tournament with *players* players rated 2500, 2490, ... and initial colour White."""
    fields.setdefault("name", "Test Open")
    fields.setdefault("initial_colour", "white")
    # The scenarios and the seed examples were written to the seed texts (2017 edition);
    # a test of the 2026 rules names its edition.
    fields.setdefault("rules_edition", "2017")
    t = Tournament.objects.create(rounds=rounds, **fields)
    for k in range(1, players + 1):
        Player.objects.create(tournament=t, pairing_number=k, name=NAMES[(k - 1) % len(NAMES)], rating=2510 - 10 * k)
    return t


def player(t: Tournament, number: int) -> Player:
    return t.players.get(pairing_number=number)


def round_with(t: Tournament, number: int, games: str = "", byes: str = "", status: str = RoundStatus.PAIRED) -> Round:
    """games: '1-5 1-0, 2-6 =, 3-7 +-'; byes: '8 pab, 4 half'."""
    rnd = Round.objects.create(tournament=t, number=number, status=status)
    results = {
        "1-0": Result.WHITE_WINS,
        "0-1": Result.BLACK_WINS,
        "=": Result.DRAW,
        "+-": Result.WHITE_WINS_FORFEIT,
        "-+": Result.BLACK_WINS_FORFEIT,
        "--": Result.DOUBLE_FORFEIT,
        "*": Result.PENDING,
    }
    for board, spec in enumerate(filter(None, (s.strip() for s in games.split(","))), start=1):
        pair, _, result = spec.partition(" ")
        white, black = (int(x) for x in pair.split("-"))
        Game(
            round=rnd, board=board, white=player(t, white), black=player(t, black), result=results[result or "*"]
        ).save()
    kinds = {
        "pab": ByeKind.PAIRING_ALLOCATED,
        "half": ByeKind.HALF_POINT,
        "zero": ByeKind.ZERO_POINT,
        "full": ByeKind.FULL_POINT,
    }
    for spec in filter(None, (s.strip() for s in byes.split(","))):
        number_, kind = spec.split()
        Bye(round=rnd, player=player(t, int(number_)), kind=kinds[kind], requested=kind != "pab").save()
    return rnd
