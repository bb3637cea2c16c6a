"""``--generate``: write a random tournament, paired round by round by the chosen engine."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TextIO

from pairing.cli.common import UsageError, options_of, pair_state, resolve_system
from pairing.engine.generator import GeneratorConfig, generate
from pairing.engine.trf import write_trf


def run_generate(args: argparse.Namespace, stdout: TextIO) -> int:
    resolve_system(args, None)
    try:
        config = GeneratorConfig(
            players=args.players,
            rounds=args.rounds or 7,
            draw_rate=args.draw_rate,
            forfeit_rate=args.forfeit_rate,
            bye_rate=args.bye_rate,
            withdraw_rate=args.withdraw_rate,
            late_rate=args.late_rate,
            rating_high=args.rating_high,
            rating_low=args.rating_low,
            initial_colour={"white": "w", "black": "b"}.get(args.initial_colour or ""),
            name=f"Random tournament, seed {args.seed}, {args.system}",
        )
    except ValueError as exc:
        raise UsageError(str(exc)) from exc
    # The generator applies the acceleration itself (to write the XXA lines), so each
    # round's state reaches the engine with its virtual points and no option to redo them.
    plain = argparse.Namespace(**{**vars(args), "acceleration": "none"})
    spec = options_of(args).acceleration_spec if args.acceleration != "none" else None
    t = generate(config, args.seed, lambda state: pair_state(state, plain), acceleration=spec)
    Path(args.generate).write_text(write_trf(t, trf26=args.trf26), encoding="utf-8")
    stdout.write(f"{args.generate}: {len(t.players)} players, {config.rounds} rounds, seed {args.seed}\n")
    return 0
