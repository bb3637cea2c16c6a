"""A big open in the database, fast: the benchmarks of the public pages build it.

Players rated 1200-2700, rounds paired Swiss-like (score groups, top half against bottom
half, colours alternating, a PAB for an odd player) with random results, written with
bulk inserts (games, byes and the RoundEntry rows Game.save would keep). Not a FIDE
pairing (the engines are benchmarked elsewhere): what the pages compute from does not
depend on it.
"""

from __future__ import annotations

import random

from tourney.models import Bye, ByeKind, Game, Player, Result, Round, RoundEntry, RoundStatus, Tournament

RESULTS = [Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW, Result.WHITE_WINS, Result.BLACK_WINS]
POINTS = {Result.WHITE_WINS: (10, 0), Result.BLACK_WINS: (0, 10), Result.DRAW: (5, 5)}


def build_event(
    players: int, rounds: int, *, total_rounds: int | None = None, last_open: bool = False, seed: int = 7
) -> Tournament:
    """*players* players, rounds 1..*rounds* closed with every result in; with *last_open*
    the last of them is published with no result yet (the desk enters them)."""
    rng = random.Random(seed)
    t = Tournament.objects.create(
        name=f"Bench Open {players}",
        rounds=total_rounds or rounds,
        initial_colour="white",
        tiebreaks=["BH/C1", "BH", "SB", "ARO", "WIN"],
    )
    ratings = sorted((rng.randint(1200, 2700) for _ in range(players)), reverse=True)
    Player.objects.bulk_create(
        Player(tournament=t, pairing_number=k, name=f"Player {k:04d}", rating=r, federation="ITA")
        for k, r in enumerate(ratings, start=1)
    )
    roster = list(t.players.order_by("pairing_number"))
    score = {p.pk: 0 for p in roster}
    whites = {p.pk: 0 for p in roster}
    for number in range(1, rounds + 1):
        open_now = last_open and number == rounds
        status = RoundStatus.PUBLISHED if open_now else RoundStatus.CLOSED
        rnd = Round.objects.create(tournament=t, number=number, status=status)
        order = sorted(roster, key=lambda p: (-score[p.pk], p.pairing_number))
        pab = order.pop() if len(order) % 2 else None
        games = []
        for board, k in enumerate(range(0, len(order), 2), start=1):
            a, b = order[k], order[k + 1]
            white, black = (a, b) if whites[a.pk] <= whites[b.pk] else (b, a)
            whites[white.pk] += 1
            result = Result.PENDING if open_now else rng.choice(RESULTS)
            games.append(Game(round=rnd, board=board, white=white, black=black, result=result))
            score[white.pk] += POINTS.get(result, (0, 0))[0]
            score[black.pk] += POINTS.get(result, (0, 0))[1]
        games = Game.objects.bulk_create(games)
        entries = [RoundEntry(round=rnd, player_id=g.white_id, game=g) for g in games]
        entries += [RoundEntry(round=rnd, player_id=g.black_id, game=g) for g in games]
        if pab is not None:
            bye = Bye(round=rnd, player=pab, kind=ByeKind.PAIRING_ALLOCATED, requested=False)
            bye.save()  # one row: Bye.save keeps its entry
            score[pab.pk] += 10
        RoundEntry.objects.bulk_create(entries)
    return t
