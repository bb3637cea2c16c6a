"""Classify every disagreement between this Burstein engine and the witness corpus.

    .venv/bin/python tests/engine/burstein/classify_witness.py [--limit N] [--every K] FILES_OR_DIR

For each round the file is cut as ../shared/tools/check_pairings.py cuts it, paired
here with the 3.3 acceleration on, and compared with the recorded round. A differing
round is put in the first class that fits (see ``classify``); the verdicts, decided
from the C.04.4.2 text, are tests in test_burstein_witness_verdicts.py.
"""

from __future__ import annotations

import argparse
import collections
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))
sys.path.insert(0, str(HERE))

from run_engine import load_state  # noqa: E402

from pairing.engine import PairingOptions, pair  # noqa: E402
from pairing.engine.burstein.players import BursteinRound  # noqa: E402
from pairing.engine.burstein.score_groups import ScoreGroupPairer  # noqa: E402
from pairing.engine.state import PairingError, TournamentState  # noqa: E402

FIRST, WIDTH = 91, 10
ABSENT = set("HZF")


def blocks(line: str) -> list[str]:
    out, pos = [], FIRST
    while pos < len(line):
        out.append(line[pos : pos + 8].ljust(8))
        pos += WIDTH
    return out


def recorded(lines: list[str], rnd: int) -> tuple[set[tuple[int, int]], int | None]:
    pairs, bye = set(), None
    for line in lines:
        if not line.startswith("001"):
            continue
        b = blocks(line)
        if len(b) < rnd:
            continue
        blk, pid = b[rnd - 1], int(line[4:8])
        opp = int(blk[0:4]) if blk[0:4].strip() else 0
        if opp and blk[5] == "w":
            pairs.add((pid, opp))
        elif not opp and blk[7] == "U":
            bye = pid
    return pairs, bye


def cut(lines: list[str], rnd: int) -> str:
    out = []
    for line in lines:
        if not line.startswith("001"):
            out.append(line)
            continue
        b = blocks(line)
        kept = b[: rnd - 1]
        if len(b) >= rnd and not b[rnd - 1][0:4].strip().strip("0") and b[rnd - 1][7] in ABSENT:
            kept.append(b[rnd - 1])
        out.append((line[: FIRST - 2].ljust(FIRST - 2) + "".join("  " + x for x in kept)).rstrip())
    return "\n".join(out) + "\n"


def order_key(order: list[int], pairs, floater) -> tuple[int, ...]:
    """Where a combination stands in the 6.2/6.4 order: the choice made at each step."""
    mate = {}
    for a, b in pairs:
        mate[a], mate[b] = b, a
    remaining, key = list(order), []
    while remaining:
        top, rest = remaining[0], remaining[1:]
        if top == floater:
            key.append(len(rest))
            remaining = rest
            continue
        partner = mate[top]
        key.append(len(rest) - 1 - rest.index(partner))
        remaining = [p for p in rest if p != partner]
    return tuple(key)


def classify(state: TournamentState, ours: set, our_bye, theirs: set, their_bye) -> str:
    data = BursteinRound(state, burstein_acceleration=True, edition="2017")
    unordered = {frozenset(p) for p in ours}
    if {frozenset(p) for p in theirs} == unordered and our_bye == their_bye:
        return "colours-round1-5.1" if state.round_to_pair == 1 else "colours-5.4"
    for a, b in theirs:
        if not data.compatible(a, b):
            return "witness-breaks-3.1-5.2-5.3"
    if our_bye != their_bye:
        if their_bye is None or our_bye is None:
            return "bye-presence"
        key = data.rank_key
        return "witness-bye-not-first-in-4.2-4.3" if key(their_bye) < key(our_bye) else "OUR-BYE-LATER"
    pairer = ScoreGroupPairer(data)
    players = [p for p in data.ids if p != our_bye]
    pairer.pair(players)
    due = {p: data.colour[p].due for p in data.ids}

    def due_count(pairs) -> int:
        return sum(1 if due[a] is not None and due[a] is due[b] else 2 for a, b in pairs)

    for members, carried, mine, nxt in pairer.trace:
        inside = set(members)
        internal = [p for p in theirs if p[0] in inside and p[1] in inside]
        left = [p for p in members if not any(p in q for q in internal)]
        if {frozenset(p) for p in internal} == {frozenset(p) for p in mine.pairs} and left == (
            [mine.floater] if mine.floater is not None else []
        ):
            continue
        if carried is not None and carried in left:
            return "witness-floats-a-floater-again-6.3"
        if len(left) > 1:
            return "witness-more-floaters-than-6.3"
        floater = left[0] if left else None
        if floater is not None and not any(data.compatible(floater, p) for p in nxt):
            return "witness-floater-has-no-opponent-in-next-SG-6.6"
        mine_key = order_key(members, mine.pairs, mine.floater)
        their_key = order_key(members, internal, floater)
        theirs_due, ours_due = due_count(internal), due_count(mine.pairs)
        if theirs_due < ours_due:
            return "witness-fewer-due-colours-6.5"
        if theirs_due > ours_due:
            return "OUR-FEWER-DUE-COLOURS"
        if their_key > mine_key:
            return "witness-later-in-6.1-6.4-order"
        return "OUR-ORDER-LATER(6.6-lookahead?)"
    return "unexplained"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--every", type=int, default=1)
    ap.add_argument("--show", default="")
    a = ap.parse_args()
    files = []
    for p in map(Path, a.paths):
        files += sorted(p.glob("*.trf")) if p.is_dir() else [p]
    files = files[:: a.every]
    if a.limit:
        files = files[: a.limit]
    counts: collections.Counter[str] = collections.Counter()
    examples: dict[str, list[str]] = collections.defaultdict(list)
    agree = total = 0
    for path in files:
        lines = [x for x in path.read_text(errors="replace").splitlines() if x.strip()]
        rounds = max((len(blocks(x)) for x in lines if x.startswith("001")), default=0)
        for rnd in range(1, rounds + 1):
            theirs, their_bye = recorded(lines, rnd)
            if not theirs and their_bye is None:
                continue
            total += 1
            with tempfile.NamedTemporaryFile("w", suffix=".trf", delete=False) as tmp:
                tmp.write(cut(lines, rnd))
            state = load_state(tmp.name)
            Path(tmp.name).unlink()
            try:
                result = pair(state, "burstein", options=PairingOptions(acceleration="burstein"))
            except PairingError as error:
                counts["engine-error"] += 1
                examples["engine-error"].append(f"{path.name} r{rnd}: {error}")
                continue
            ours = {(b.white, b.black) for b in result.boards}
            if ours == theirs and result.bye == their_bye:
                agree += 1
                continue
            kind = classify(state, ours, result.bye, theirs, their_bye)
            counts[kind] += 1
            examples[kind].append(f"{path.name} r{rnd}")
    print(f"agree {agree} of {total} rounds ({len(files)} files)")
    for kind, n in counts.most_common():
        print(f"{n:5d}  {kind}   e.g. {', '.join(examples[kind][:4])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
