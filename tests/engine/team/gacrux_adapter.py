"""Drive gacrux's C.04.6 engine (pairing_fideteam, the FIDE technical commission's checker)
on a generated team event: the event is handed to it as the Chess-JSON tournament it reads
(competitors with their players, games board by board, matches), so no file format is
needed. Test-only: gacrux is a test dependency."""

from __future__ import annotations

import copy
import decimal

from pairing.engine.state import Colour
from pairing.engine.team.generator import TeamEvent
from pairing.engine.team.model import ColourPreferences, PrimaryScore

WIN, DRAW, LOSS = decimal.Decimal("1.0"), decimal.Decimal("0.5"), decimal.Decimal("0.0")
GAMESCORE = {"W": WIN, "D": DRAW, "L": LOSS, "F": "W", "H": "D", "Z": LOSS, "P": "W", "A": "D", "U": "Z"}
MATCHSCORE = {
    "W": decimal.Decimal("2.0"),
    "D": decimal.Decimal("1.0"),
    "L": decimal.Decimal("0.0"),
    "F": "W",
    "H": "D",
    "Z": decimal.Decimal("0.0"),
    "P": "D",  # art. 1.4: a drawn match's points
    "A": "D",
    "U": "Z",
    "FG": "W*",
    "HG": "D*",
    "ZG": "Z*",
    "PG": "D*",
}
REVERSE = {"W": "L", "D": "D", "L": "W"}
BOARD = {"1": "W", "=": "D", "0": "L"}


def pairing_system(event: TeamEvent) -> list[str]:
    config = event.config
    tokens = ["fideteam"]
    if config.preferences is ColourPreferences.TYPE_B:
        tokens.append("typeb")
    elif config.preferences is ColourPreferences.NONE:
        tokens.append("nocolor")
    primary, secondary = ("mp", "gp") if config.primary is PrimaryScore.MATCH_POINTS else ("gp", "mp")
    tokens.append(f"{primary}+{secondary}" if config.use_secondary else primary)
    return tokens


def tournament(event: TeamEvent, number: int) -> dict:
    """The Chess-JSON tournament of *event* before round *number*, that round's teams present."""
    config = event.config
    boards = config.boards
    present = {t.tpn for t in event.rounds[number - 1].round.teams}
    competitors = [
        {
            "cid": tpn,
            "rank": tpn,
            "teamId": tpn,
            "present": tpn in present,
            "rating": {"list": "Test", "rating": 2400 - 10 * tpn},
            "random": tpn,
            "cplayers": [
                {"cid": 100 * tpn + b, "teamId": tpn, "rating": {"list": "Test", "rating": 2400 - 10 * tpn - b}}
                for b in range(1, boards + 1)
            ],
        }
        for tpn in range(1, config.teams + 1)
    ]
    games: list[dict] = []
    matches: list[dict] = []
    for played in event.rounds[: number - 1]:
        rnd = played.number
        for (white, black), results in played.boards.items():
            if results is None:
                winner = played.forfeit_winner[(white, black)]
                loser = black if winner == white else white
                matches.append(_match(matches, rnd, (winner, "W"), (loser, "Z"), False, []))
                continue
            ids = []
            gp = decimal.Decimal(0)
            for board, result in enumerate(results, start=1):
                letter = BOARD[result]
                gp += GAMESCORE[letter]
                first, second = (white, black) if board % 2 == 1 else (black, white)
                fres, sres = (letter, REVERSE[letter]) if board % 2 == 1 else (REVERSE[letter], letter)
                games.append(
                    {
                        "id": len(games) + 1,
                        "round": rnd,
                        "board": board,
                        "white": {"cid": 100 * first + board, "result": fres},
                        "black": {"cid": 100 * second + board, "result": sres},
                        "played": True,
                        "rated": True,
                    }
                )
                ids.append(len(games))
            other = boards * WIN - gp
            wres = "W" if gp > other else "D" if gp == other else "L"
            matches.append(_match(matches, rnd, (white, wres), (black, REVERSE[wres]), True, ids))
        if played.pairing.bye is not None:
            matches.append(_match(matches, rnd, (played.pairing.bye, "P"), None, True, []))
        for tpn in sorted(played.half_byes):
            matches.append(_match(matches, rnd, (tpn, "D"), None, False, []))
        for tpn in sorted(played.full_byes):
            matches.append(_match(matches, rnd, (tpn, "W"), None, False, []))
    system = pairing_system(event)
    return {
        "tournamentNo": 1,
        "tournamentType": "Team-Swiss",
        "numRounds": config.rounds,
        "currentRound": number - 1,
        "teamTournament": True,
        "teamSize": boards,
        "topColor": "w" if event.initial_colour is Colour.WHITE else "b",
        "topColorExplicit": True,
        "pairingSystem": system,
        "rankOrder": ["PTS"],
        "scoreSystem": {
            "game": dict(GAMESCORE),
            "match": dict(MATCHSCORE),
            "primary": "match" if config.primary is PrimaryScore.MATCH_POINTS else "game",
        },
        "competitors": competitors,
        "gameList": games,
        "matchList": matches,
    }


def _match(matches, rnd, white, black, played, games) -> dict:
    return {
        "id": 1000 + len(matches),
        "round": rnd,
        "white": {"cid": white[0], "result": white[1]},
        "black": None if black is None else {"cid": black[0], "result": black[1]},
        "played": played,
        "games": games,
    }


def gacrux_pairing(event: TeamEvent, number: int):
    """gacrux's pairing of round *number*: (sorted (white, black) matches, bye), or None
    when it finds no legal pairing."""
    from gacrux.gacruxexeptions import GacruxNoLegalPairing
    from gacrux.pairingfideteam import pairing_fideteam

    engine = pairing_fideteam(copy.deepcopy(tournament(event, number)), number, {"experimental": [], "verbose": 0})
    try:
        brackets = engine.compute_pairing(False)
    except GacruxNoLegalPairing:
        return None
    pairs = [(p["w"], p["b"]) for bracket in brackets for p in bracket["pairs"]]
    bye = next((w for w, b in pairs if b == 0), None)
    return sorted((w, b) for w, b in pairs if b != 0 and w != 0), bye


def our_pairing(event: TeamEvent, number: int):
    pairing = event.rounds[number - 1].pairing
    return sorted((m.white, m.black) for m in pairing.matches), pairing.bye
