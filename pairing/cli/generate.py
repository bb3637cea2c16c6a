"""``--generate``: write a random tournament, paired round by round by the chosen engine."""

from __future__ import annotations

import argparse
import json
import tomllib
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import TextIO

from pairing.cli.common import UsageError, options_of, pair_state, resolve_system
from pairing.engine.double_swiss.events import EventConfig, event
from pairing.engine.generator import GeneratorConfig, generate
from pairing.engine.trf import write_trf
from pairing.engine.trf.double_swiss import tournament_of
from pairing.engine.trf.trf26 import tiebreak_codes


def read_config(path: str) -> dict[str, object]:
    """Generator settings from a JSON or TOML file (by its extension; else tried as JSON, then
    TOML), keys as the options' names with - or _."""
    text = Path(path).read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text) if path.endswith(".toml") else json.loads(text)
    except (ValueError, tomllib.TOMLDecodeError) as exc:
        raise UsageError(f"{path}: not a JSON or TOML table of generator settings ({exc})") from exc
    if not isinstance(data, dict):
        raise UsageError(f"{path}: not a table of generator settings")
    return {key.replace("-", "_"): value for key, value in data.items()}


def scoring_items(text: str) -> tuple[tuple[str, int], ...]:
    """``W=3,D=1`` -> (("W", 30), ("D", 10)): XXS codes and their points in tenths."""
    items = []
    for item in text.replace(" ", ",").split(","):
        if not item:
            continue
        code, _, points = item.partition("=")
        try:
            tenths = Decimal(points.strip()) * 10
        except InvalidOperation:
            tenths = Decimal("0.5")  # not a number: refused below
        if not code.strip() or tenths != tenths.to_integral_value():
            raise UsageError(f"--scoring: bad item {item!r}: expected CODE=POINTS, points in tenths")
        items.append((code.strip().upper(), int(tenths)))
    return tuple(items)


def config_of(args: argparse.Namespace) -> GeneratorConfig:
    try:
        kinds = tuple(float(w) for w in str(args.bye_kinds).split(","))
        return GeneratorConfig(
            players=args.players,
            rounds=args.rounds or 7,
            draw_rate=args.draw_rate,
            forfeit_rate=args.forfeit_rate,
            bye_rate=args.bye_rate,
            withdraw_rate=args.withdraw_rate,
            late_rate=args.late_rate,
            forfeit_count=args.forfeit_count,
            bye_count=args.bye_count,
            withdraw_count=args.withdraw_count,
            late_count=args.late_count,
            bye_kinds=kinds,  # type: ignore[arg-type]
            unrated_rate=args.unrated_rate,
            expectation=args.expectation,
            rating_high=args.rating_high,
            rating_low=args.rating_low,
            initial_colour={"white": "w", "black": "b"}.get(args.initial_colour or ""),
            scoring=scoring_items(args.scoring),
            tiebreaks=tiebreak_codes(args.tiebreaks) if args.tiebreaks else (),
            start_date=args.start_date,
            tournament_type=f"FIDE_{args.system.upper()}_{args.edition}"
            + ("_BAKU" if args.acceleration == "baku" else ""),
            name=f"Random tournament, seed {args.seed}, {args.system} {args.edition}",
        )
    except ValueError as exc:
        raise UsageError(str(exc)) from exc


def run_generate(args: argparse.Namespace, stdout: TextIO) -> int:
    resolve_system(args, None)
    if args.system == "double_swiss":
        return _generate_double_swiss(args, stdout)
    config = config_of(args)
    # The generator applies the acceleration itself (to write the XXA lines), so each
    # round's state reaches the engine with its virtual points and no option to redo them.
    plain = argparse.Namespace(**{**vars(args), "acceleration": "none"})
    spec = options_of(args).acceleration_spec if args.acceleration != "none" else None
    t = generate(config, args.seed, lambda state: pair_state(state, plain), acceleration=spec, edition=args.edition)
    Path(args.generate).write_text(write_trf(t, trf26=args.trf26), encoding="utf-8")
    stdout.write(f"{args.generate}: {len(t.players)} players, {config.rounds} rounds, seed {args.seed}\n")
    return 0


def _generate_double_swiss(args: argparse.Namespace, stdout: TextIO) -> int:
    """A Double-Swiss event (C.04.5): results per game, single forfeited games and matches
    forfeited in both games, written two columns per match (docs/double-swiss.md, "TRF")."""
    config = EventConfig(
        players=args.players,
        matches=args.rounds or 7,
        draw_rate=args.draw_rate,
        forfeit_rate=args.forfeit_rate,
        bye_rate=args.bye_rate,
    )
    _, final = event(config, args.seed, lambda state: pair_state(state, args))
    name = f"Random Double-Swiss event, seed {args.seed}"
    Path(args.generate).write_text(write_trf(tournament_of(final, name), trf26=args.trf26), encoding="utf-8")
    stdout.write(f"{args.generate}: {config.players} players, {config.matches} matches, seed {args.seed}\n")
    return 0
