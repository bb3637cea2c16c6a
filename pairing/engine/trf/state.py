"""From a TRF tournament to what an engine pairs, and back to recorded pairings.

The one adapter between the TRF records (:mod:`pairing.engine.trf.records`) and
:mod:`pairing.engine.state`. Scores always come from the round blocks, never from the points column (81-84),
which the engines that write TRF fill in differently for requested byes.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable
from itertools import combinations

from pairing.engine.boards import board_order
from pairing.engine.common.editions import edition_in_force
from pairing.engine.state import (
    Board,
    Colour,
    Outcome,
    Pairing,
    PairingError,
    Player,
    RoundEntry,
    ScoreAdjustment,
    Scoring,
    TournamentState,
)
from pairing.engine.trf.comments import provisional_ratings
from pairing.engine.trf.records import TrfAbnormalPoints, TrfPlayer, TrfRound, TrfTournament, resolve_xxs
from pairing.engine.trf.trf26 import virtual_points_250

_OUTCOME = {
    "1": Outcome.WIN,
    "=": Outcome.DRAW,
    "0": Outcome.LOSS,
    "+": Outcome.FORFEIT_WIN,
    "-": Outcome.FORFEIT_LOSS,
    "W": Outcome.UNRATED_WIN,
    "D": Outcome.UNRATED_DRAW,
    "L": Outcome.UNRATED_LOSS,
}
_BYE_OUTCOME = {
    "U": Outcome.PAIRING_BYE,
    "F": Outcome.FULL_BYE,
    "H": Outcome.HALF_BYE,
    "Z": Outcome.ZERO_BYE,
    "+": Outcome.FORFEIT_WIN,
    "-": Outcome.NOT_PAIRED,
    " ": Outcome.NOT_PAIRED,
}


def round_entry(block: TrfRound | None, player: int = 0, rnd: int = 0) -> RoundEntry:
    """One TRF round block as the engines see it (C.04.2.D.5/D.6 live in Outcome)."""
    if block is None or block.is_blank:
        return RoundEntry(None, None, Outcome.NOT_PAIRED)
    if block.opponent is None:
        # A forfeit win without an opponent (TRF-2026 team note) still bars a PAB (C.04.1.d).
        return RoundEntry(None, None, _BYE_OUTCOME[block.result])
    if block.result not in _OUTCOME:
        raise PairingError(f"round {rnd}: the game of player {player} against {block.opponent} has no result yet")
    colour = Colour(block.colour) if block.colour in "wb" else None
    return RoundEntry(block.opponent, colour, _OUTCOME[block.result])


def next_round(t: TrfTournament) -> int:
    """The first round with no game and no pairing-allocated bye recorded.

    A round whose only blocks are announced absences (``0000 - H/Z/F``) has not been
    paired yet: that is how a file cut before round r looks.
    """
    last = 0
    for p in t.players:
        for k, block in enumerate(p.rounds, 1):
            if block.opponent is not None or block.result == "U":
                last = max(last, k)
    return last + 1


def scoring_of(t: TrfTournament) -> Scoring:
    """Record 162 (TRF-2026), then bbpPairings' BB* lines, then XXS overrides.

    Default 1 / 0.5 / 0, PAB as a win (C.04.1.c).
    """
    s = Scoring()
    for code, value in t.scoring_162:
        if code == "W":
            s = dataclasses.replace(s, win=value, forfeit_win=value, full_bye=value)
            if not any(c == "P" for c, _ in t.scoring_162):
                s = dataclasses.replace(s, pairing_bye=value)  # P defaults to W
        elif code == "D":
            s = dataclasses.replace(s, draw=value, half_bye=value)
        elif code == "L":
            s = dataclasses.replace(s, loss=value)
        elif code == "A":
            s = dataclasses.replace(s, zero_bye=value, forfeit_loss=value, absent=value)
        elif code == "P":
            s = dataclasses.replace(s, pairing_bye=value)
    for code, value in t.bb_scoring:  # bbpPairings TRF(bx)
        if code == "BBW":
            s = dataclasses.replace(s, win=value, forfeit_win=value, full_bye=value)
            if not any(c == "BBU" for c, _ in t.bb_scoring) and not any(c == "P" for c, _ in t.scoring_162):
                s = dataclasses.replace(s, pairing_bye=value)
        elif code == "BBD":
            s = dataclasses.replace(s, draw=value, half_bye=value)
        elif code == "BBL":
            s = dataclasses.replace(s, loss=value)
        elif code == "BBZ":
            s = dataclasses.replace(s, zero_bye=value)
        elif code == "BBF":
            s = dataclasses.replace(s, forfeit_loss=value)
        elif code == "BBU":
            s = dataclasses.replace(s, pairing_bye=value)
    s = _abnormal_defaults(t, s)
    if t.xx_scoring:
        v = resolve_xxs(t.xx_scoring)
        # Scoring has one value per result; XXS's per-colour values use White's.
        s = dataclasses.replace(
            s,
            win=v["WW"],
            draw=v["WD"],
            loss=v["WL"],
            zero_bye=v["ZPB"],
            half_bye=v["HPB"],
            full_bye=v["FPB"],
            pairing_bye=v["PAB"],
            forfeit_win=v["FW"],
            forfeit_loss=v["FL"],
        )
    return s


# Record 299's assignment types, as the Scoring field a type with neither round nor
# player redefines for the whole event.
_ABNORMAL_DEFAULT_FIELD = {
    "W": "win",
    "D": "draw",
    "L": "loss",
    "F": "full_bye",
    "H": "half_bye",
    "Z": "zero_bye",
    "+": "forfeit_win",
    "-": "forfeit_loss",
}

# The last round a record 299 may name; 999 means "the final standings only".
STANDINGS_ONLY_ROUND = 999


def _abnormal_defaults(t: TrfTournament, s: Scoring) -> Scoring:
    """Record 299 with a type but no round and no player: that result's value for everyone."""
    for a in t.abnormal_299:
        if a.kind in _ABNORMAL_DEFAULT_FIELD and not a.round and not a.players and a.points is not None:
            s = dataclasses.replace(s, **{_ABNORMAL_DEFAULT_FIELD[a.kind]: a.points})
    return s


def adjustments_of(t: TrfTournament, scoring: Scoring) -> tuple[ScoreAdjustment, ...]:
    """The file's record 299 adjustments (score_adjustments) for its players' blocks."""
    blocks = {p.start: p.rounds for p in t.players}

    def game_points(pid: int, rnd: int) -> int | None:
        rounds = blocks.get(pid, ())
        block = rounds[rnd - 1] if rnd <= len(rounds) else None
        if block is None or (block.opponent is not None and block.result not in _OUTCOME):
            return None  # no player, or a game without a result yet
        return scoring.points(round_entry(block).outcome)

    return score_adjustments(t.abnormal_299, game_points)


def with_adjusted_points(t: TrfTournament) -> TrfTournament:
    """*t* with record 299's points in the 001 points column: those of the rounds in the
    file, and those for the final standings once every round is there."""
    if not t.abnormal_299:
        return t
    rounds = max((len(p.rounds) for p in t.players), default=0)
    complete = bool(t.total_rounds) and rounds >= t.total_rounds
    extra: dict[int, int] = {}
    for a in adjustments_of(t, scoring_of(t)):
        if (a.pairing and a.after_round <= rounds) or (not a.pairing and complete):
            extra[a.player] = extra.get(a.player, 0) + a.points
    players = tuple(dataclasses.replace(p, points=(p.points or 0) + extra.get(p.start, 0)) for p in t.players)
    return dataclasses.replace(t, players=players)


def adjustments_for(
    records: Iterable[TrfAbnormalPoints], players: Iterable[Player], scoring: Scoring
) -> tuple[ScoreAdjustment, ...]:
    """The record 299 adjustments of *players*, whose histories give the games' points."""
    by_id = {p.id: p for p in players}

    def game_points(pid: int, rnd: int) -> int | None:
        player = by_id.get(pid)
        if player is None or rnd > len(player.history):
            return None
        return scoring.points(player.history[rnd - 1].outcome)

    return score_adjustments(records, game_points)


def score_adjustments(
    records: Iterable[TrfAbnormalPoints], game_points: Callable[[int, int], int | None]
) -> tuple[ScoreAdjustment, ...]:
    """Record 299 with players: the points they gain or lose outside the scoring system.

    A typed record with a round sets the points of that player's game in that round
    (*game_points* gives what the scoring system gives it, None for an unknown player):
    the difference counts from the next round on. A blank type is a penalty or bonus,
    from the round after the one named (000 or blank: from the start; 999: the final
    standings only). This is the reading of the FIDE technical commission's checker
    (gacrux); TRF-2026 marks the record as one pairing uses.
    """
    out: list[ScoreAdjustment] = []
    for a in records:
        if not a.players or a.points is None:
            continue
        rnd = a.round or 0
        for pid in a.players:
            if a.kind.strip():
                given = game_points(pid, rnd) if rnd >= 1 else None
                if given is not None:
                    out.append(ScoreAdjustment(pid, rnd, a.points - given))
            elif rnd >= STANDINGS_ONLY_ROUND:
                out.append(ScoreAdjustment(pid, 0, a.points, pairing=False))
            else:
                out.append(ScoreAdjustment(pid, rnd, a.points))
    return tuple(out)


def virtual_points_of(t: TrfTournament) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """XXA lines, else TRF-2026 records 250 expanded per player and round (C.04.5)."""
    if t.xx_acceleration:
        return tuple(t.xx_acceleration)
    return virtual_points_250(t.accelerations_250)


def forbidden_of(t: TrfTournament, rnd: int) -> tuple[tuple[int, int], ...]:
    """XXP lists and the TRF-2026 records 260 in force in round *rnd*, as pairs."""
    groups = list(t.xx_forbidden)
    groups += [p.players for p in t.prohibited_260 if p.first_round <= rnd <= p.last_round]
    pairs = {tuple(sorted(pair)) for g in groups for pair in combinations(g, 2) if pair[0] != pair[1]}
    return tuple(sorted(pairs))  # type: ignore[arg-type]


def absent_in(t: TrfTournament, rnd: int) -> frozenset[int]:
    """Players not to be paired in *rnd*: announced absences and requested byes
    (``0000 - H/Z/F`` blocks, TRF-2026 records 240), and XXZ for the next round."""
    absent = {p.start for p in t.players if len(p.rounds) >= rnd and p.rounds[rnd - 1].is_announced_absence}
    absent |= {i for b in t.byes_240 if b.round == rnd for i in b.players}
    if rnd == next_round(t):
        absent |= set(t.xx_absent)
    return frozenset(absent)


def initial_order(t: TrfTournament) -> tuple[TrfPlayer, ...]:
    """Start-number order (C.04.2.B), or the file's order with ``XXC rank`` (JaVaFo AUM)."""
    if any(word.lower() == "rank" for word in t.xx_config):
        return t.players
    return tuple(sorted(t.players, key=lambda p: p.start))


def initial_colour_of(t: TrfTournament) -> Colour:
    """XXC white1/black1, else record 152, else inferred from the first round with colours.

    Record 152 need only be written when the initial colour differs from the colour of
    the highest-ranked player paired in the first round (TRF-2026). In that round the
    players with odd effective pairing numbers in the top half have the initial colour
    (C.04.3 E.5; Dubov and Burstein start the same way), so the first player with a colour
    tells it, inverted when his effective number is even. With no colour yet: White.
    """
    stated = t.initial_colour
    if stated:
        return Colour(stated)
    coloured = [k for p in t.players for k, b in enumerate(p.rounds) if b.opponent is not None and b.colour in "wb"]
    if not coloured:
        return Colour.WHITE
    first = min(coloured)
    number = 0
    for p in initial_order(t):
        if not any(b.opponent is not None or b.result in ("U", "+") for b in p.rounds[: first + 1]):
            continue  # no pairing number yet (C.04.2.C.3)
        block = p.rounds[first]
        if block.opponent is not None and block.colour in "wb":
            colour = Colour(block.colour)
            return colour if number % 2 == 0 else colour.opposite
        number += 1
    return Colour.WHITE


def _player(p: TrfPlayer, rounds: int, provisional: dict[int, int]) -> Player:
    history = tuple(round_entry(p.rounds[k] if k < len(p.rounds) else None, p.start, k + 1) for k in range(rounds))
    return Player(
        id=p.start,
        name=p.name,
        # An unrated player's provisional rating (a comment record) counts wherever a rating
        # does (Dubov A.1, the AROs, C.04.2.B.2), as in the program that wrote the file.
        rating=p.rating or provisional.get(p.start, 0),
        title=p.title,
        federation=p.federation,
        fide_id=p.fide_id,
        sex=p.sex,
        birth=p.birth,
        history=history,
    )


def state_for_round(t: TrfTournament, round_to_pair: int | None = None) -> TournamentState:
    """The state an engine needs to pair *round_to_pair* (default: the next round).

    Rounds 1..r-1 are history; in round r only announced absences count. Players keep
    the initial order of their start numbers (C.04.2.B; the file's order with XXC rank);
    a player with fewer blocks was not paired in the missing rounds.
    """
    rnd = round_to_pair or next_round(t)
    if rnd < 1:
        raise PairingError(f"cannot pair round {rnd}")
    scoring = scoring_of(t)
    provisional = provisional_ratings(t.other_records)
    players = tuple(_player(p, rnd - 1, provisional) for p in initial_order(t))
    return TournamentState(
        players=players,
        total_rounds=t.total_rounds or max(t.rounds_in_file, rnd),
        round_to_pair=rnd,
        initial_colour=initial_colour_of(t),
        absent=absent_in(t, rnd),
        scoring=scoring,
        virtual_points=virtual_points_of(t),
        forbidden=forbidden_of(t, rnd),
        adjustments=adjustments_for(t.abnormal_299, players, scoring),
    )


_SYSTEM_CODES = (
    ("FIDE_DUTCH", "dutch"),
    ("FIDE_DUBOV", "dubov"),
    ("FIDE_BURSTEIN", "burstein"),
    ("FIDE_LIM", "lim"),
    ("FIDE_DOUBLESWISS", "double_swiss"),  # ETT26; a match is two columns, docs/double-swiss.md
)


def system_of(t: TrfTournament) -> str | None:
    """The pairing system named by TRF-2026 record 192 (Tournament-Type Code Table), if any."""
    code = t.type_192.upper()
    for prefix, system in _SYSTEM_CODES:
        if code.startswith(prefix):
            return system
    return None


_TYPE_192 = re.compile(r"^FIDE_[A-Z]+?(?:_(2017|2025|2026))?(?:_BAKU)?$")
# The draft of the code table spelt the 2026 texts' codes with 2025 (FIDE_DUTCH_2025), and
# engines released before the final table write and read that spelling: a reading, not ETT26.
_DRAFT_YEARS = {"2025": "2026"}
_DATE = re.compile(r"^(\d{4})[/.-](\d{2})[/.-](\d{2})$")  # 042: YYYY/MM/DD
_DAY_FIRST = re.compile(r"^(\d{2})[/.-](\d{2})[/.-](\d{4})$")


def edition_named(t: TrfTournament) -> str | None:
    """The edition of the rules record 192 names (ETT26): ``FIDE_DUTCH_2017`` and
    ``FIDE_DUTCH_2026`` (with or without ``_BAKU``) name theirs, and the draft's
    ``FIDE_DUTCH_2025`` names 2026's; a code without a year
    (``FIDE_DUTCH``) means the rules in force when the tournament started (record 042).
    None when the file names no edition and gives no start date it can be read from."""
    match = _TYPE_192.match(t.type_192.strip().upper())
    if not match:
        return None
    if match.group(1):
        return _DRAFT_YEARS.get(match.group(1), match.group(1))
    text = t.start_date.strip()
    if date := _DATE.match(text):
        return edition_in_force("-".join(date.groups()))
    if date := _DAY_FIRST.match(text):
        return edition_in_force("-".join(reversed(date.groups())))
    return None


def acceleration_of(t: TrfTournament) -> str | None:
    """``baku`` when record 192 names a _BAKU variant, unless the file gives the points itself.

    TRF-2026: records 250 make any acceleration method of record 192 be disregarded;
    XXA lines play the same part for the TRF16 engines.
    """
    if t.type_192.upper().endswith("_BAKU") and not t.accelerations_250 and not t.xx_acceleration:
        return "baku"
    return None


def recorded_pairing(t: TrfTournament, rnd: int, edition: str) -> Pairing:
    """Round *rnd* as the file records it: its boards (forfeits included) and the PAB.

    A board whose colours are not recorded (``-``) puts the lower start number first.
    Boards are in the board order of the *edition* (:func:`pairing.engine.boards.board_order`)
    with the scores before the round and the virtual points the file gives (XXA, record 250).
    """
    boards: set[Board] = set()
    bye = None
    for p in t.players:
        if len(p.rounds) < rnd:
            continue
        block = p.rounds[rnd - 1]
        if block.opponent is None:
            if block.result == "U":
                bye = p.start
            continue
        if block.colour == "w":
            boards.add(Board(p.start, block.opponent))
        elif block.colour == "b":
            boards.add(Board(block.opponent, p.start))
        else:
            boards.add(Board(min(p.start, block.opponent), max(p.start, block.opponent)))
    return Pairing(boards=board_order(state_for_round(t, rnd), boards, edition), bye=bye)


def pairing_rows(pairing: Pairing) -> list[tuple[int, int]]:
    """White-black rows, the PAB as (id, 0): the engines' output convention."""
    rows = [(b.white, b.black) for b in pairing.boards]
    if pairing.bye is not None:
        rows.append((pairing.bye, 0))
    return rows


def cut(t: TrfTournament, rnd: int) -> TrfTournament:
    """The file as it stood before round *rnd* was paired (tools/check_pairings.py's cut).

    Rounds 1..rnd-1 are kept, and of round *rnd* only the announced absences; the
    points column is recomputed from the kept blocks (a requested bye included);
    round dates stop before *rnd*. Every other record is kept (the rank column too, as the
    shared replay tool writes it: the checker reads ranks of finished files only).
    """
    scoring = scoring_of(t)
    adjusted: dict[int, int] = {}
    for a in adjustments_of(t, scoring):
        if a.pairing and a.after_round < rnd:
            adjusted[a.player] = adjusted.get(a.player, 0) + a.points
    players = []
    for p in t.players:
        kept = list(p.rounds[: rnd - 1])
        if len(p.rounds) >= rnd and p.rounds[rnd - 1].is_announced_absence:
            kept.append(p.rounds[rnd - 1])
        while kept and kept[-1].is_blank:
            kept.pop()
        points = sum(
            scoring.points(round_entry(b).outcome)
            if b.opponent is None
            else scoring.points(_OUTCOME.get(b.result, Outcome.NOT_PAIRED))
            for b in kept
        ) + adjusted.get(p.start, 0)
        players.append(dataclasses.replace(p, rounds=tuple(kept), points=points))
    return dataclasses.replace(t, players=tuple(players), round_dates=t.round_dates[: rnd - 1])
