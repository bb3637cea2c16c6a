"""TRF records <-> the database's rows: a mapping, it writes nothing.

The text format itself is read and written once, by pairing.engine.trf; this module
maps its records to model field values and unsaved rows (tourney.services.imports
writes them) and the database back to records. Boards of an imported round are
numbered per C.04.2.D.9 (the file does not record them).

:func:`export_text` writes the FIDE rating report: TRF16 (with the XXR/XXC/XXS lines
the pairing engines read) or TRF-2026 (records 142 to 260, and 202 with the
tournament's tie-break list). Results are read as they stand, so a result corrected
after the next round was paired (C.04.2.D.8) is the one reported. The rank column
holds the standings after the last completed round (C.07, the tournament's list).
"""

from __future__ import annotations

import dataclasses
import datetime
import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from typing import Any

from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.db.models import Q
from django.utils.translation import gettext as _

from pairing import adapter
from pairing.engine import editions
from pairing.engine.common.editions import EDITION_2026, edition_in_force
from pairing.engine.lots import initial_colour_by_lot, lot_comment, seed_of_comments
from pairing.engine.standings_check import tiebreak_value_records
from pairing.engine.state import Board, Outcome
from pairing.engine.team import trf as team_trf
from pairing.engine.team.history import RoundKind
from pairing.engine.team.records import ForfeitedMatch, TeamEntry
from pairing.engine.team.standings import ranked_team_text
from pairing.engine.tiebreaks import TieBreakCodeError, edition_for, parse
from pairing.engine.trf import (
    TrfAcceleratedRounds,
    TrfBye,
    TrfPlayer,
    TrfProhibited,
    TrfRound,
    TrfStartingRank,
    TrfTournament,
    parse_trf,
    resolve_xxs,
    write_trf,
)
from pairing.engine.trf.comments import (
    Correction,
    correction_comment,
    organizer_comment,
    paired_comment,
    provisional_comment,
)
from pairing.engine.trf.double_swiss import TYPE_192 as DOUBLE_SWISS_192
from pairing.engine.trf.state import (
    acceleration_of,
    edition_named,
    initial_colour_of,
    next_round,
    with_adjusted_points,
)
from pairing.engine.trf.state import state_for_round as file_state_for_round
from pairing.engine.trf.trf26 import (
    abnormal_line,
    byes_240_from_rounds,
    national_rating_line,
    tiebreak_list,
    virtual_points_250,
)
from tourney.editions import default_edition
from tourney.models import (
    PAIRED_STATUSES,
    PUBLIC_STATUSES,
    AbnormalPoints,
    Acceleration,
    AuditEntry,
    Bye,
    ByeKind,
    Game,
    InitialColour,
    MatchForfeit,
    NationalRating,
    PairingSystem,
    Player,
    ProhibitedPairing,
    Result,
    Round,
    RoundStatus,
    TeamColourPreferences,
    TeamMatch,
    Title,
    Tournament,
    TournamentStatus,
)
from tourney.services import teams as teams_service


class TrfImportError(ValueError):
    """The file parses but the database cannot hold what it records."""


# A bye block ("0000 - X") in the file, as a bye kind and whether it was requested.
_BYE_CODES: dict[str, tuple[ByeKind, bool]] = {
    "U": (ByeKind.PAIRING_ALLOCATED, False),
    "H": (ByeKind.HALF_POINT, True),
    "F": (ByeKind.FULL_POINT, True),
    "Z": (ByeKind.ZERO_POINT, True),
    # Some programs write an unpaired, unexcused absence as "-" and a full point
    # without opponent as "+": kept as assigned (not requested) byes, written back alike.
    "-": (ByeKind.ZERO_POINT, False),
    "+": (ByeKind.FULL_POINT, False),
}
_BYE_WRITTEN = {kind_requested: code for code, kind_requested in _BYE_CODES.items()}

# TRF-2026 record 192 (ETT26): FIDE_<SYSTEM>[_<EDITION>][_BAKU], the systems this program pairs.
# A year this program has no texts of is read as none (the rules in force on the start date).
_TYPE_192 = re.compile(r"^FIDE_(DUTCH|DUBOV|BURSTEIN|LIM)(?:_\d{4})?(?:_BAKU)?$", re.IGNORECASE)

# The columns of record 001 a player's fields come from.
PLAYER_COLUMNS = {"sex": 10, "title": 11, "name": 15, "rating": 49, "federation": 54, "fide_id": 58, "birth_date": 70}
# The record each tournament field comes from (tournament_fields), for a refusal's place.
_FIELD_RECORDS = {
    "name": "012",
    "place": "022",
    "federation": "032",
    "chief_arbiter": "102",
    "deputy_arbiters": "112",
    "time_control": "122",
    "starting_rank_method": "172",
    "time_control_code": "222",
}
# The XXS and record-162 codes each point field is read from (_scoring_fields).
_POINT_CODES = {
    "points_win": ({"WW", "W"}, "W"),
    "points_draw": ({"WD", "D"}, "D"),
    "points_loss": ({"WL"}, "L"),
    "points_pairing_bye": ({"PAB"}, "P"),
    "points_forfeit_win": ({"FW", "W"}, "W"),
    "points_forfeit_loss": ({"FL"}, "A"),
    "points_full_bye": ({"FPB", "W"}, "W"),
    "points_half_bye": ({"HPB", "D"}, "D"),
}


TRF_FORMATS = ("trf16", "trf26")


# ---------------------------------------------------------------- a file as a new tournament


def _tiebreaks(t: TrfTournament) -> list[str]:
    """The tie-break codes of record 212 (or 202), those this program knows as its codes, the
    others as written (the standings page says they are not computed)."""
    listed = tiebreak_list(t)
    codes = []
    for word in listed[1] if listed else ():
        try:
            codes.append(parse(word).code)
        except TieBreakCodeError:
            codes.append(word)
    return codes


def _date(text: str) -> datetime.date | None:
    for fmt in ("%Y/%m/%d", "%Y-%m-%d", "%d.%m.%Y", "%d/%m/%Y", "%Y.%m.%d"):
        try:
            return datetime.datetime.strptime(text.strip(), fmt).date()
        except ValueError:
            continue
    return None


def _scoring_fields(t: TrfTournament) -> dict[str, int]:
    xxs = resolve_xxs(t.xx_scoring)
    fields = {
        "points_win": xxs["WW"],
        "points_draw": xxs["WD"],
        "points_loss": xxs["WL"],
        "points_pairing_bye": xxs["PAB"],
        "points_forfeit_win": xxs["FW"],
        "points_forfeit_loss": xxs["FL"],
        "points_full_bye": xxs["FPB"],
        "points_half_bye": xxs["HPB"],
    }
    if not t.xx_scoring:  # TRF-2026 record 162 when there is no XXS
        by_code = dict(t.scoring_162)
        for code, names in (
            ("W", ("points_win", "points_forfeit_win", "points_full_bye")),
            ("D", ("points_draw", "points_half_bye")),
            ("L", ("points_loss",)),
            ("A", ("points_forfeit_loss",)),
            ("P", ("points_pairing_bye",)),
        ):
            if code in by_code:
                fields.update(dict.fromkeys(names, by_code[code]))
    return fields


def _system(t: TrfTournament, system: str | None) -> tuple[str, str, str]:
    """The pairing system, the rules edition and the acceleration of the file's tournament.

    Record 192 (ETT26) names the system; its edition is the year it names
    (``FIDE_DUTCH_2017``, ``FIDE_DUTCH_2026``), else the one in force on the start date
    (``FIDE_DUTCH``: from 1 February 2026 the 2026 texts); a ``_BAKU`` code sets the Baku
    acceleration unless records 250 give the points. A file without 192 is dated the
    same way; undated, it gets the rules in force today where the system has them."""
    if t.type_192.strip().upper() == DOUBLE_SWISS_192 and system in (None, PairingSystem.DOUBLE_SWISS):
        # Two columns a match (docs/double-swiss.md, "TRF"); the system has the 2026 text only.
        return PairingSystem.DOUBLE_SWISS, EDITION_2026, Acceleration.NONE
    match = _TYPE_192.match(t.type_192.strip())
    if t.type_192.strip() and not match and not system:
        raise TrfImportError(
            _(
                "%(where)s: record 192 names %(code)s; this program pairs FIDE_DUTCH, FIDE_DUBOV, "
                "FIDE_BURSTEIN and FIDE_LIM, each with _2017 or _2026 and _BAKU if need be"
            )
            % {"where": place(t, "192"), "code": t.type_192.strip()}
        )
    chosen = system or (match.group(1).lower() if match else PairingSystem.DUTCH)
    edition = edition_named(t) if match else None
    if edition is None:
        start = _date(t.start_date)
        edition = edition_in_force(start.isoformat()) if start else default_edition(chosen)
    if edition not in editions(chosen):
        edition = default_edition(chosen)
    acceleration = Acceleration.BAKU if acceleration_of(t) == "baku" else Acceleration.NONE
    return chosen, edition, acceleration


def place(t: TrfTournament, key: str, column: int | None = None) -> str:
    """Where the file has record *key* (TrfTournament.positions): "line 12, column 49"
    (*column*: that column of the record's line), else the record's name."""
    position = t.positions.get(key)
    if position is None:
        return _("record %s") % key.split()[0]
    return _("line %(line)d, column %(column)d") % {"line": position[0], "column": column or position[1]}


def tournament_problems(t: TrfTournament, fields: dict[str, Any]) -> list[str]:
    """What the tournament of :func:`tournament_fields` cannot hold (a round count above 99,
    a point value outside 0 to 9.9, an unknown federation, text too long or with an invisible
    character), each with the line and column it comes from."""
    try:
        Tournament(**fields).full_clean(validate_unique=False, validate_constraints=False)
    except ValidationError as error:
        return [
            f"{_field_place(t, name) if _from_file(t, fields, name) else name}: {' '.join(messages)}"
            for name, messages in error.message_dict.items()
        ]
    return []


def _from_file(t: TrfTournament, fields: dict[str, Any], name: str) -> bool:
    """The value is the file's, not one the importer gave instead (a name, a round count)."""
    if name == "name":
        return fields["name"] == t.name.strip()
    if name == "rounds":
        return t.total_rounds is not None or t.rounds_in_file == fields["rounds"]
    return True


def _field_place(t: TrfTournament, name: str) -> str:
    if name == "rounds":
        declared = "XXR" if "XXR" in t.positions else "142"
        return place(t, declared) if declared in t.positions else _("the round blocks")
    if name in _POINT_CODES:
        xxs, code_162 = _POINT_CODES[name]
        for k in reversed(range(len(t.xx_scoring))):
            if t.xx_scoring[k][0] in xxs:
                return place(t, f"XXS {k}")
        for k in reversed(range(len(t.scoring_162))):
            if t.scoring_162[k][0] == code_162:
                return place(t, f"162 {k}")
    return place(t, _FIELD_RECORDS[name]) if name in _FIELD_RECORDS else name


def player_line(t: TrfTournament, start: int) -> str:
    """The line of player *start*'s 001 record: "line 12"."""
    position = t.positions.get(f"001 {start}")
    return _("line %d") % position[0] if position else _("player %d") % start


# register_many's column of each field of a TRF player: "49 (rating)"
PLAYER_COLUMN_NAMES = {name: f"{column} ({name})" for name, column in PLAYER_COLUMNS.items()}


def player_place(t: TrfTournament, start: int, field: str) -> str:
    """Where the file has *field* of player *start*: "line 12, column 49 (rating)"."""
    column = PLAYER_COLUMNS.get(field)
    return f"{place(t, f'001 {start}', column)} ({field})"


def _entry_round(p: TrfPlayer) -> int:
    """Rounds with a blank block before the first non-blank one: the player came later."""
    for k, block in enumerate(p.rounds, start=1):
        if not block.is_blank and not (block.opponent is None and block.result == " "):
            return k
    return 1


def tournament_fields(
    t: TrfTournament, *, system: str | None = None, name: str | None = None, edition: str | None = None
) -> dict[str, Any]:
    """The Tournament field values of the file's tournament. *edition* is the rules edition
    for a file whose record 192 names none (TRF16 cannot); refused when the system lacks it."""
    pairing_system, named, acceleration = _system(t, system)
    if edition and not edition_named(t):
        if edition not in editions(pairing_system):
            raise TrfImportError(
                _("the %(system)s system has no %(edition)s edition in this program")
                % {"system": pairing_system, "edition": edition}
            )
        named = edition
    edition = named
    # A Double-Swiss file has two columns a round (a match): the tournament counts matches.
    columns = 2 if pairing_system == PairingSystem.DOUBLE_SWISS else 1
    played = (t.rounds_in_file + columns - 1) // columns
    declared = t.total_rounds // columns if t.total_rounds is not None else None
    colour = InitialColour.UNDRAWN
    if t.initial_colour or played:
        # Stated (XXC / record 152), or told by the first round's colours (TRF-2026 allows
        # omitting 152 then): never drawn again for a tournament that has started.
        colour = adapter.INITIAL_COLOUR_OF[initial_colour_of(t)]
    return {
        "name": name or t.name.strip() or "Imported tournament",
        "place": t.city.strip(),
        "federation": t.federation.strip()[:3],
        "start_date": _date(t.start_date),
        "end_date": _date(t.end_date),
        "chief_arbiter": t.chief_arbiter.strip(),
        "deputy_arbiters": "; ".join(d.strip() for d in t.deputy_arbiters),
        "time_control": t.time_control.strip(),
        "rounds": max(declared or played, played, 1),
        "pairing_system": pairing_system,
        "rules_edition": edition,
        "acceleration": acceleration,
        # Records 250 replace any acceleration method (TRF-2026): kept as the file gives them.
        "accelerated_rounds": [
            [a.game_points, a.first_round, a.last_round, a.first_player, a.last_player] for a in t.accelerations_250
        ],
        "starting_rank_method": f"{t.starting_rank_172.federation} {t.starting_rank_172.method}"
        if t.starting_rank_172
        else "",
        "time_control_code": t.time_control_222,
        "initial_colour": colour,
        "initial_colour_from_file": bool(colour),
        # A seed this program recorded (its comment record) is kept when it gives the file's colour.
        "lot_seed": _lot_seed(t, colour),
        "tiebreaks": _tiebreaks(t),
        "status": TournamentStatus.FINISHED
        if played and played == declared
        else TournamentStatus.RUNNING
        if played
        else TournamentStatus.REGISTRATION,
        **_scoring_fields(t),
    }


def _lot_seed(t: TrfTournament, colour: str) -> str:
    seed = seed_of_comments(t.other_records)
    if seed is None or not colour:
        return ""
    drawn = adapter.INITIAL_COLOUR_OF[initial_colour_by_lot(seed)]
    return seed if drawn == colour else ""


def player_rows(t: TrfTournament, tournament: Tournament) -> dict[int, Player]:
    """The file's players as unsaved Player rows of *tournament*, by start number."""
    return {
        p.start: Player(tournament=tournament, pairing_number=p.start, entry_round=_entry_round(p), **_player_data(p))
        for p in t.players
    }


def setting_rows(
    t: TrfTournament, tournament: Tournament, players: dict[int, Player]
) -> tuple[list[ProhibitedPairing], list[NationalRating], list[AbnormalPoints]]:
    """Records 260 (each pair of a list), the national rating records and records 299 as
    unsaved rows of *tournament* between its saved *players* (:func:`player_rows`). XXP lists
    are prohibited pairings of every round. Raises TrfImportError for an unknown player."""

    def player(start: int, record: str) -> Player:
        if start not in players:
            raise TrfImportError(
                _("record %(record)s names player %(n)d, who has no 001 record") % {"record": record, "n": start}
            )
        return players[start]

    groups = [(1, None, ids) for ids in t.xx_forbidden]
    # A Double-Swiss file counts columns, two a match (docs/double-swiss.md, "TRF").
    columns = 2 if tournament.two_games else 1
    groups += [
        (-(-p.first_round // columns), -(-p.last_round // columns) if p.last_round else None, p.players)
        for p in t.prohibited_260
    ]
    prohibited = [
        ProhibitedPairing(
            tournament=tournament,
            player=player(a, "260"),
            other=player(b, "260"),
            first_round=first,
            last_round=last,
        )
        for first, last, ids in groups
        for k, a in enumerate(ids)
        for b in ids[k + 1 :]
        if a != b
    ]
    national = [
        NationalRating(
            player=player(r.start, r.federation),
            federation=r.federation,
            rating=r.rating,
            record=national_rating_line(r),
        )
        for r in t.national_ratings
    ]
    abnormal = [AbnormalPoints(tournament=tournament, record=abnormal_line(a)) for a in t.abnormal_299]
    return prohibited, national, abnormal


@dataclasses.dataclass(frozen=True)
class RoundRows:
    """One round of the file as unsaved rows: the Round (its status set), its games, its byes."""

    round: Round
    games: list[Game]
    byes: list[Bye]


def round_rows(t: TrfTournament, tournament: Tournament, players: dict[int, Player]) -> list[RoundRows]:
    """Every round the file records, as unsaved rows of *tournament* between *players*
    (:func:`player_rows`). Boards are numbered in the engine's board order from the state
    before each round (C.04.2.D.9; C.04.7 2026 1.5). Raises TrfImportError for a block the
    database cannot hold."""

    def in_board_order(number: int, pairs: list[Board]) -> tuple[Board, ...]:
        state = file_state_for_round(t, number)
        # The database numbers the players by start number (player_rows), as the engine sees them.
        state = dataclasses.replace(state, players=tuple(sorted(state.players, key=lambda p: p.id)))
        return adapter.in_board_order(tournament, state, pairs)

    def column(number: int) -> dict[int, TrfRound]:
        return {p.start: p.rounds[number - 1] for p in t.players if len(p.rounds) >= number}

    if tournament.two_games:
        return [
            _match_rows(tournament, match, column(2 * match - 1), column(2 * match), players, in_board_order)
            for match in range(1, (t.rounds_in_file + 1) // 2 + 1)
        ]
    return [
        _round_rows(tournament, number, column(number), players, in_board_order)
        for number in range(1, t.rounds_in_file + 1)
    ]


def _match_rows(
    tournament: Tournament,
    match: int,
    first: dict[int, TrfRound],
    second: dict[int, TrfRound],
    players: dict[int, Player],
    in_board_order: Callable[[int, list[Board]], tuple[Board, ...]],
) -> RoundRows:
    """A Double-Swiss match from its two columns (docs/double-swiss.md, "TRF"): the boards and
    byes of game 1's column, each board's game 2 read from the second column, its White the
    game-1 Black. The PAB's game-2 ``H`` and a bye's repeated code belong to the bye."""
    rows = _round_rows(tournament, match, first, players, lambda _n, pairs: in_board_order(2 * match - 1, pairs))
    pending = False
    for game in rows.games:
        w, b = game.white.pairing_number, game.black.pairing_number
        if second.get(b, _BLANK).opponent != w or second.get(w, _BLANK).opponent != b:
            raise TrfImportError(f"match {match}: column {2 * match} does not repeat game 1 between {w} and {b}")
        game.second_result, game.second_unrated = _game_result(2 * match, Board(b, w), second[b], second[w])
        pending = pending or game.result == Result.PENDING or game.second_result == Result.PENDING
    if rows.round.status == RoundStatus.CLOSED and pending:
        rows.round.status = RoundStatus.PUBLISHED
    return rows


def _round_rows(
    tournament: Tournament,
    number: int,
    blocks: dict[int, TrfRound],
    players: dict[int, Player],
    in_board_order: Callable[[int, list[Board]], tuple[Board, ...]],
) -> RoundRows:
    rnd = Round(tournament=tournament, number=number)
    pairs: list[Board] = []
    byes: list[Bye] = []
    for start, block in blocks.items():
        if block.opponent is None:
            if block.result in _BYE_CODES:
                kind, requested = _BYE_CODES[block.result]
                byes.append(Bye(round=rnd, player=players[start], kind=kind, requested=requested))
            elif block.result.strip():
                raise TrfImportError(f"round {number}: player {start} has result {block.result!r} without opponent")
            continue
        if block.colour == "w" or (block.colour not in "wb" and start < block.opponent):
            pairs.append(Board(start, block.opponent))
    games = []
    pending = False
    ordered = in_board_order(number, pairs) if pairs else ()
    for board, pair in enumerate(ordered, start=1):
        white, black = blocks[pair.white], blocks[pair.black]
        result, unrated = _game_result(number, pair, white, black)
        pending = pending or result == Result.PENDING
        games.append(
            Game(
                round=rnd,
                board=board,
                white=players[pair.white],
                black=players[pair.black],
                result=result,
                unrated=unrated,
            )
        )
    if not ordered and not any(b.kind == ByeKind.PAIRING_ALLOCATED for b in byes):
        rnd.status = RoundStatus.DRAFT  # only announced absences: the round is still to be paired
    else:
        rnd.status = RoundStatus.PUBLISHED if pending else RoundStatus.CLOSED
        rnd.rules_edition = tournament.rules_edition  # paired by the edition the file names
    return RoundRows(rnd, games, byes)


def _game_result(number: int, pair: Board, white: TrfRound, black: TrfRound) -> tuple[str, bool]:
    if white.result == " " and black.result == " ":
        return Result.PENDING, False
    try:
        return adapter.result_for(Outcome(white.result), Outcome(black.result))
    except ValueError:
        raise TrfImportError(
            f"round {number}: {pair.white} (White) has {white.result!r} but {pair.black} (Black) has {black.result!r}"
        ) from None


# ---------------------------------------------------------------- players for an existing tournament

# Titles as some programs write them (TRF16's single letters) -> the FIDE codes of C.04.2.B.2.
_TITLE_LETTERS = {"G": "GM", "M": "IM", "WG": "WGM", "F": "FM", "WM": "WIM", "C": "CM", "WF": "WFM", "WC": "WCM"}


def _player_data(p: TrfPlayer) -> dict[str, Any]:
    title = p.title.strip().upper()
    sex = p.sex.strip().lower()
    return {
        "name": p.name.strip(),
        "title": _TITLE_LETTERS.get(title, title),
        "rating": p.rating or 0,
        "federation": p.federation.strip().upper(),
        "fide_id": p.fide_id.strip(),
        "sex": "w" if sex == "f" else sex,
        "birth_date": re.sub(r"[.-]", "/", p.birth.strip()),
    }


def _same_player(data: dict[str, Any]) -> str:
    """A player's identity for duplicates: his FIDE ID, else his name."""
    return f"id {data['fide_id']}" if data["fide_id"] else f"name {str(data['name']).casefold()}"


def players_to_register(
    t: TrfTournament, registered: Iterable[Player]
) -> tuple[list[tuple[int, dict[str, Any]]], list[str]]:
    """The file's players (its 001 records) in start-number order, each with the data the
    registration form would give (titles and sexes as FIDE writes them), and the problems
    found, each naming its player: no name, a title FIDE does not award, already among the
    *registered* players or earlier in the file (same FIDE ID, else same name). Only the
    players are read: their start numbers, points and round blocks belong to the file's own
    tournament. Raises TrfImportError when the file has no player."""
    if not t.players:
        raise TrfImportError(_("the file has no player (001 record)"))
    known = {_same_player({"fide_id": p.fide_id, "name": p.name}) for p in registered}
    rows, problems = [], []
    for p in sorted(t.players, key=lambda p: p.start):
        data = _player_data(p)
        where = {"n": p.start, "name": data["name"]}
        key = _same_player(data)
        if not data["name"]:
            problems.append(f"{player_place(t, p.start, 'name')}: " + _("player %(n)d has no name") % where)
        elif data["title"] not in Title.values:
            problems.append(
                f"{player_place(t, p.start, 'title')}: "
                + _("player %(n)d (%(name)s): unknown title %(title)s") % {**where, "title": data["title"]}
            )
        elif key in known:
            already = _("player %(n)d (%(name)s) is already registered") % where
            problems.append(f"{player_place(t, p.start, 'name')}: {already}")
        else:
            rows.append((p.start, data))
        known.add(key)
    return rows, problems


# ---------------------------------------------------------------- export


def _xxs(tournament: Tournament) -> tuple[tuple[str, int], ...]:
    """XXS items for every value that differs from the defaults (JaVaFo's list)."""
    wanted = {
        "WW": tournament.points_win,
        "BW": tournament.points_win,
        "WD": tournament.points_draw,
        "BD": tournament.points_draw,
        "WL": tournament.points_loss,
        "BL": tournament.points_loss,
        "HPB": tournament.points_half_bye,
        "FPB": tournament.points_full_bye,
        "PAB": tournament.points_pairing_bye,
        "FW": tournament.points_forfeit_win,
        "FL": tournament.points_forfeit_loss,
    }
    defaults = resolve_xxs(())
    return tuple((code, value) for code, value in wanted.items() if defaults[code] != value)


def _bb_scoring(tournament: Tournament) -> tuple[tuple[str, int], ...]:
    """bbpPairings' own scoring lines (win, draw, loss, zero-point bye, forfeit loss, PAB):
    that engine reads them and record 162 but not XXS, and refuses a file whose points
    it cannot explain. Written with XXS whenever the scoring is not the default."""
    if not _xxs(tournament):
        return ()
    return (
        ("BBW", tournament.points_win),
        ("BBD", tournament.points_draw),
        ("BBL", tournament.points_loss),
        ("BBZ", 0),  # C.04.1: a zero-point bye is worth nothing
        ("BBF", tournament.points_forfeit_loss),
        ("BBU", tournament.points_pairing_bye),
    )


def _trf_date(value: datetime.date | None) -> str:
    return value.strftime("%Y/%m/%d") if value else ""


def export_tournament(tournament: Tournament, *, public: bool = False) -> TrfTournament:
    """The tournament as TRF records (rounds with a pairing; results as far as entered).

    *public*: what the public pages show, no more: the games and byes of published rounds,
    the requested byes of the others, and the initial colour once a round is published
    (before that it is the arbiter's to announce)."""
    rounds = list(tournament.round_set.filter(entries__isnull=False).distinct().order_by("number"))
    games = Game.objects.filter(round__in=rounds)
    byes = Bye.objects.filter(round__in=rounds)
    if public:
        games = games.filter(round__status__in=PUBLIC_STATUSES)
        byes = byes.filter(Q(round__status__in=PUBLIC_STATUSES) | Q(requested=True))
        if tournament.is_team_event:
            # A team's lineup stays private until both are in or the deadline has passed
            # (docs/team.md W16): the public file names no board of such a match before.
            matches = TeamMatch.objects.filter(round__in=rounds, round__status__in=PUBLIC_STATUSES)
            hidden = [m.pk for m in matches.select_related("round") if not teams_service.lineups_visible(m.round, m)]
            games = games.exclude(match_id__in=hidden)
        announced = set(byes.values_list("round_id", flat=True))
        rounds = [r for r in rounds if r.status in PUBLIC_STATUSES or r.pk in announced]
    # A Double-Swiss match is two columns, game 1 then game 2 (docs/double-swiss.md, "TRF").
    columns = adapter.games_per_round(tournament)
    blocks: dict[int, dict[int, TrfRound]] = defaultdict(dict)
    for game in games.select_related("round", "white", "black"):
        w, b = game.white.pairing_number, game.black.pairing_number
        played = [(game.round.number, game.result, game.unrated, w, b)]
        if columns == 2:  # C.04.5 4.4: game 2 with the colours reversed
            played = [
                (2 * game.round.number - 1, game.result, game.unrated, w, b),
                (2 * game.round.number, game.second_result, game.second_unrated, b, w),
            ]
        for column, result, unrated, white, black in played:
            if result == Result.PENDING:
                white_code = black_code = " "
            else:
                white_code, black_code = (o.value for o in adapter.GAME_OUTCOMES[(result, unrated)])
            blocks[column][white] = TrfRound(black, "w", white_code)
            blocks[column][black] = TrfRound(white, "b", black_code)
    for bye in byes.select_related("round", "player"):
        kind = ByeKind(bye.kind)
        code = _BYE_WRITTEN.get((kind, bye.requested)) or _BYE_WRITTEN[(kind, not bye.requested)]
        codes = [code]
        if columns == 2:
            # The PAB is a win and a draw (C.04.5 1.4); a requested bye covers the match (Preface).
            codes = [o.value for o in adapter.DOUBLE_SWISS_PAB] if kind == ByeKind.PAIRING_ALLOCATED else [code, code]
        for k, each in enumerate(codes):
            column = columns * (bye.round.number - 1) + 1 + k
            blocks[column][bye.player.pairing_number] = TrfRound(None, "-", each)
    scoring = adapter.scoring_of(tournament)
    numbers = [r.number for r in rounds]
    players = []
    last_column = columns * max(numbers) if numbers else 0
    for p in tournament.players.order_by("pairing_number"):
        row = tuple(_block(blocks[n], p, (n + columns - 1) // columns) for n in range(1, last_column + 1))
        points = sum(scoring.points(Outcome(r.result)) for r in row if r.result.strip())
        players.append(
            TrfPlayer(
                start=p.pairing_number,
                name=p.name,
                sex=p.sex,
                title=p.title,
                rating=p.rating or None,
                federation=p.federation,
                fide_id=p.fide_id,
                birth=p.birth_date,
                points=points,
                rounds=row,
            )
        )
    config = {InitialColour.WHITE: ("white1",), InitialColour.BLACK: ("black1",)}.get(tournament.initial_colour, ())
    if public and not any(r.status in PUBLIC_STATUSES for r in rounds):
        config = ()
    upcoming = next_round(TrfTournament(players=tuple(players)))
    absent: tuple[int, ...] = ()
    if upcoming > last_column and upcoming <= columns * tournament.rounds:
        # The round to pair next, not in the file yet: who will not take part (XXZ, record 240).
        number = (upcoming + columns - 1) // columns
        absent = tuple(p.pairing_number for p in tournament.players.all() if not _takes_part(p, number))
    stored = parse_trf(
        "\n".join(
            [
                *(r.record for r in NationalRating.objects.filter(player__tournament=tournament)),
                *(a.record for a in tournament.abnormal_points.all()),
            ]
        )
        + "\n"
    )
    exported = TrfTournament(
        players=tuple(players),
        name=tournament.name,
        city=tournament.place,
        federation=tournament.federation,
        start_date=_trf_date(tournament.start_date),
        end_date=_trf_date(tournament.end_date),
        player_count=len(players),
        rated_count=sum(1 for p in players if p.rating),
        tournament_type="Individual: Swiss-System",
        chief_arbiter=_with_fide_id(tournament.chief_arbiter, tournament.chief_arbiter_fide_id),
        deputy_arbiters=tuple(_with_fide_id(name, fide_id) for name, fide_id in tournament.deputies),
        time_control=tournament.time_control,
        round_dates=tuple(date for date in round_dates(tournament) for _game in range(columns)),
        xx_rounds=columns * tournament.rounds,
        xx_config=config,
        xx_scoring=_xxs(tournament),
        xx_absent=absent,
        # TRF-2026 record 162, always written so that a reader never has to assume the defaults.
        scoring_162=(
            ("W", tournament.points_win),
            ("D", tournament.points_draw),
            ("L", tournament.points_loss),
            ("A", tournament.points_forfeit_loss),
            ("P", tournament.points_pairing_bye),
        ),
        type_192=type_192(tournament),
        starting_rank_172=_starting_rank(tournament.starting_rank_method),
        time_control_222=tournament.time_control_code,
        accelerations_250=tuple(TrfAcceleratedRounds(*values) for values in tournament.accelerated_rounds),
        prohibited_260=tuple(
            TrfProhibited(
                columns * (p.first_round - 1) + 1,
                columns * (p.last_round or tournament.rounds),
                (p.player.pairing_number, p.other.pairing_number),
            )
            for p in tournament.prohibited_pairings.select_related("player", "other")
        ),
        abnormal_299=stored.abnormal_299,
        national_ratings=stored.national_ratings,
        other_records=(
            *(_lot_records(tournament, public=public) if config else ()),
            *_report_comments(tournament, rounds, games),
        ),
    )
    return with_adjusted_points(exported)


def _with_fide_id(name: str, fide_id: str) -> str:
    """An arbiter as records 102 and 112 name him: "Name (FIDE ID)"."""
    return f"{name} ({fide_id})" if name and fide_id else name


def round_dates(tournament: Tournament) -> tuple[str, ...]:
    """Record 132: each scheduled round's date, YY/MM/DD (TRF16 and TRF-2026), blank when
    the round has no date yet."""
    dates = [
        start.strftime("%y/%m/%d") if (start := tournament.scheduled_start(n)) else ""
        for n in range(1, tournament.rounds + 1)
    ]
    while dates and not dates[-1]:
        dates.pop()
    return tuple(dates)


def _utc(at: datetime.datetime) -> str:
    # To the microsecond: a correction and a pairing a second apart still come in order.
    return at.astimezone(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _report_comments(tournament: Tournament, rounds: list[Round], games: Any) -> list[str]:
    """The comment records (pairing.engine.trf.comments) that let the file alone give the web's
    figures: the organizer, the provisional ratings, and the corrections made after a later
    round was paired with the old result (with those rounds' pairing times)."""
    records = [organizer_comment(tournament.organizer, tournament.organizer_fide_id)] if tournament.organizer else []
    records += [
        provisional_comment(p.pairing_number, p.provisional_rating)
        for p in tournament.players.order_by("pairing_number")
        if p.rating_is_provisional
    ]
    # By column, as the file counts rounds: a Double-Swiss match is paired at its game 1.
    columns = adapter.games_per_round(tournament)
    paired_at = {columns * (r.number - 1) + 1: r.paired_at for r in rounds if r.paired_at}
    late: list[Correction] = []
    rounds_paired_before: set[int] = set()
    for correction in _corrections(tournament, games):
        later = {n for n, at in paired_at.items() if n > correction.round and _utc(at) < correction.at}
        if later:
            late.append(correction)
            rounds_paired_before |= later
    records += [paired_comment(n, _utc(paired_at[n])) for n in sorted(rounds_paired_before)]
    records += [correction_comment(c) for c in late]
    return records


def _corrections(tournament: Tournament, games: Any) -> list[Correction]:
    """The audit trail's result corrections of the exported games, in time order."""
    by_id = {str(g.pk): g for g in games.select_related("round", "white", "black")}
    found = []
    entries = AuditEntry.objects.filter(
        tournament=tournament,
        action="correct result",
        content_type=ContentType.objects.get_for_model(Game),
        object_id__in=list(by_id),
    )
    two = tournament.two_games
    for entry in entries.order_by("at", "id"):
        game = by_id[entry.object_id]
        # A Double-Swiss correction names its game ("game 2: 1-0"): its own column, its own White.
        number, old = _game_named(entry.old_value)
        _number, new = _game_named(entry.new_value)
        column, white, black = game.round.number, game.white.pairing_number, game.black.pairing_number
        unrated = game.unrated
        if two:
            column = 2 * game.round.number - 1 if number == 1 else 2 * game.round.number
            if number == 2:
                white, black, unrated = black, white, game.second_unrated
        try:
            was = "".join(o.value for o in adapter.GAME_OUTCOMES[(old, unrated)])
            now = "".join(o.value for o in adapter.GAME_OUTCOMES[(new, unrated)])
        except KeyError:
            continue  # a result taken back to "not played": no pairing was made on it
        found.append(Correction(column, game.board, white, black, was, now, _utc(entry.at)))
    return found


def _game_named(value: str) -> tuple[int, str]:
    """The game and the result of an audit value: "game 2: 1-0" (a Double-Swiss match) or "1-0"."""
    match = re.fullmatch(r"game ([12]): (.*)", value)
    return (int(match.group(1)), match.group(2)) if match else (1, value)


def _lot_records(tournament: Tournament, *, public: bool) -> tuple[str, ...]:
    """The comment record of the seed the initial colour was drawn with (no TRF field holds it);
    the public file does not name the user (a login name is the site's, not the public's)."""
    if not tournament.lot_seed:
        return ()
    colour = adapter.engine_initial_colour(tournament.initial_colour)
    at = tournament.lot_drawn_at
    by = tournament.lot_drawn_by.get_username() if tournament.lot_drawn_by and not public else ""
    drawn_at = at.astimezone(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ") if at else ""
    return (lot_comment(tournament.lot_seed, colour, drawn_at, by),)


def type_192(tournament: Tournament) -> str:
    """Record 192 (ETT26): FIDE_<SYSTEM>_<EDITION>, with _BAKU for the Baku acceleration."""
    if tournament.pairing_system == PairingSystem.DOUBLE_SWISS:
        return DOUBLE_SWISS_192  # ETT26 names no edition: the system has only the 2026 text
    baku = "_BAKU" if tournament.acceleration == Acceleration.BAKU else ""
    return f"FIDE_{tournament.pairing_system.upper()}_{tournament.rules_edition}{baku}"


def _starting_rank(text: str) -> TrfStartingRank | None:
    federation, _, method = text.partition(" ")
    return TrfStartingRank(federation, method) if method else None


_BLANK = TrfRound(None, " ", " ")
# A round the player takes no part in (not entered yet, withdrawn): a zero-point bye, as the
# endorsed engines write it and read it back as "not paired" (bbpPairings; the shared corpus).
_NOT_TAKING_PART = TrfRound(None, "-", "Z")


def _takes_part(player: Player, number: int) -> bool:
    """Entered by round *number* and not withdrawn before it."""
    withdrawn = player.withdrawal_round is not None and number >= player.withdrawal_round
    return player.entry_round <= number and not withdrawn


def _block(blocks: dict[int, TrfRound], player: Player, number: int) -> TrfRound:
    if player.pairing_number in blocks:
        return blocks[player.pairing_number]
    return _BLANK if _takes_part(player, number) else _NOT_TAKING_PART


def export_text(tournament: Tournament, fmt: str = "trf26", *, public: bool = False) -> str:
    """The FIDE report as text: *fmt* ``trf16`` or ``trf26``, with ranks and points
    (*public*: published rounds only, see :func:`export_tournament`)."""
    from tourney.standings import tournament_standings  # the rank column only: the mapping needs no standings

    if fmt not in TRF_FORMATS:
        raise ValueError(f"unknown TRF format {fmt!r}; expected one of {', '.join(TRF_FORMATS)}")
    if tournament.is_team_event and fmt == "trf26":
        return team_export_text(tournament, public=public)
    t = export_tournament(tournament, public=public)
    table = tournament_standings(tournament)
    if table.after_round:
        rank = {row.player_id: row.rank for row in table.standings.rows}
        t = dataclasses.replace(t, players=tuple(dataclasses.replace(p, rank=rank.get(p.start)) for p in t.players))
    if fmt == "trf16":
        # The FIDE TRF16 records, and the engines' XX lines; no TRF-2026 record. Prohibited
        # pairings of every round are XXP lines there.
        xxp = tuple(p.players for p in t.prohibited_260 if p.first_round == 1 and p.last_round >= tournament.rounds)
        t = dataclasses.replace(
            t,
            scoring_162=(),
            type_192="",
            starting_rank_172=None,
            time_control_222="",
            accelerations_250=(),
            prohibited_260=(),
            abnormal_299=(),
            national_ratings=(),
            xx_forbidden=xxp,
            xx_acceleration=virtual_points_250(t.accelerations_250),
            bb_scoring=_bb_scoring(tournament),
        )
        return write_trf(t, trf26=False)
    if t.xx_absent:
        # TRF-2026 says the round to pair's absences with record 240 (the blocks' byes derived too).
        upcoming = TrfBye("Z", next_round(t), t.xx_absent)
        t = dataclasses.replace(t, byes_240=(*byes_240_from_rounds(t), upcoming))
    codes = [str(c) for c in (tournament.tiebreaks or [])]
    if codes:
        # The list, and the values the standings print, so that --check verifies each (C.07).
        start = tournament.start_date.isoformat() if tournament.start_date else None
        values = tiebreak_value_records(t, tuple(codes), edition_for(start))
        t = dataclasses.replace(t, other_records=(*t.other_records, "202 " + " ".join(codes), *values))
    return write_trf(t, trf26=True)


# ---------------------------------------------------------------- team events (C.04.6)
#
# A team event's file is the players' records as above (001, by start number, board games
# as played) and the team records of TRF-2026 written by the engine's team writer
# (pairing.engine.team.trf): the rows are turned into its plain data (TeamSection) here,
# in one place, so that ``python -m pairing --team FILE --check`` replays what the web did.

_TEAM_BYE_CODES = {ByeKind.HALF_POINT: "H", ByeKind.FULL_POINT: "F", ByeKind.ZERO_POINT: "Z"}
_FORFEIT_KINDS = {MatchForfeit.HOME: "+-", MatchForfeit.AWAY: "-+", MatchForfeit.DOUBLE: "--"}


def team_type_192(tournament: Tournament) -> str:
    """Record 192 of a team event: FIDE_TEAM_TYPEA_MP_GP and its kin (docs/team.md, reading 14);
    the secondary score always decides C.04.6 4.2.2 in the web app."""
    return team_trf.type_code(
        adapter.TEAM_PREFERENCES[TeamColourPreferences(tournament.team_colour_preferences)],
        adapter.team_primary(tournament),
        True,
    )


def team_section(tournament: Tournament, rounds: int, *, public: bool) -> team_trf.TeamSection:
    """The team records of rounds 1..*rounds* as the engine's writer takes them: each team
    (310: its roster in board order, its points), its rounds (802), the PAB of each round
    (320), the matches forfeited as a whole (330), the requested byes and the rounds a team
    took no part in (240). *public*: the published rounds only (pending boards count no
    match points, as on the standings page)."""
    results = adapter.team_results(tournament, rounds + 1, public=public, pending=True)
    matches = TeamMatch.objects.filter(round__tournament=tournament, round__number__lte=rounds)
    matches = matches.filter(round__status__in=PUBLIC_STATUSES if public else PAIRED_STATUSES)
    pab = [0] * rounds
    forfeits = []
    for m in matches.select_related("round", "home", "away").order_by("round__number", "table"):
        if m.away is None:
            pab[m.round.number - 1] = m.home.start_number
        elif m.forfeit:
            kind = _FORFEIT_KINDS[MatchForfeit(m.forfeit)]
            forfeits.append(ForfeitedMatch(kind, m.round.number, m.home.start_number, m.away.start_number))
    requested = {(n, tpn): kind for n, kind, tpn in adapter.requested_team_byes(tournament, rounds + 1, public=public)}
    byes = []
    for number in range(1, rounds + 1):
        for tpn, history in sorted(results.items()):
            kind = requested.get((number, tpn))
            if kind is None and history[number - 1].kind is not RoundKind.ZERO_BYE:
                continue  # a match, the PAB
            byes.append(TrfBye(_TEAM_BYE_CODES[ByeKind(kind)] if kind else "Z", number, (tpn,)))
    entries, summaries = [], []
    for team in tournament.teams.prefetch_related("members__player").order_by("start_number"):
        history = results[team.start_number]
        summary = team_trf.summary_of(team.start_number, "", history, lambda r: 10 * r.match_points)
        summaries.append(summary)
        members = sorted(team.members.all(), key=lambda m: m.board)
        entries.append(
            TeamEntry(
                tpn=team.start_number,
                name=team.name,
                members=tuple(m.player.pairing_number for m in members),
                match_points=summary.match_points,
                game_points=summary.game_points,
            )
        )
    return team_trf.TeamSection(
        boards=tournament.team_boards,
        teams=tuple(entries),
        summaries=tuple(summaries),
        pab_points=(10 * tournament.match_points_draw, tournament.points_draw * tournament.team_boards),
        pab_teams=tuple(pab),
        match_scoring={
            "TW": 10 * tournament.match_points_win,
            "TD": 10 * tournament.match_points_draw,
            "TL": 10 * tournament.match_points_loss,
        },
        forfeits=tuple(forfeits),
        byes=tuple(byes),
    )


def team_export_text(tournament: Tournament, *, public: bool = False) -> str:
    """A team event's TRF-2026 file: the players' records (as :func:`export_tournament`
    writes them, the individual 240/250/260/299 and XX records left out: in a team file
    those records number teams), then the team records of :func:`team_section`, ranked and
    given the ``###TBV`` values of the team standings' tie-breaks (202/212) by the engine
    (``ranked_team_text``), so that ``--check`` recomputes the same ones."""
    t = export_tournament(tournament, public=public)
    rounds = max((len(p.rounds) for p in t.players), default=0)
    seen = bool(t.xx_config)  # the initial colour, once the public may know it
    codes = teams_service.standings_codes(tournament)
    players = dataclasses.replace(
        t,
        tournament_type="Team Swiss System (FIDE C.04.6)",
        xx_rounds=None,
        xx_config=(),
        xx_scoring=(),
        xx_absent=(),
        rounds_142=tournament.rounds,
        initial_colour_152=("W" if tournament.initial_colour == InitialColour.WHITE else "B") if seen else "",
        type_192=team_type_192(tournament),
        accelerations_250=(),
        abnormal_299=(),
        byes_240=(),
        prohibited_260=tuple(
            TrfProhibited(p.first_round, p.last_round or tournament.rounds, (p.team.start_number, p.other.start_number))
            for p in tournament.team_prohibitions.select_related("team", "other")
        ),
        other_records=(*t.other_records, "202 " + ",".join(codes), "212 " + ",".join(("PTS", *codes))),
    )
    head = write_trf(players, trf26=False).rstrip("\n")
    section = team_section(tournament, rounds, public=public)

    def write(ranks: dict[int, int], values: list[str]) -> str:
        lines = [head, *team_trf.section_header_lines(section), *team_trf.section_lines(section, ranks), *values]
        return "\n".join(lines) + "\n"

    if not rounds:
        return write({}, [])
    return ranked_team_text(write, codes)
