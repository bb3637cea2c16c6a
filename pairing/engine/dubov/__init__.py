"""The Dubov system, revised text approved in Batumi 2018 (C.04.4.1).

Modules, one job each: ``players`` (what the rules know of a player: ARO A.6, colour
preference A.5, upfloats A.7), ``field`` (who may meet whom: C.1, C.3, forbidden pairs, as
bitsets), ``criteria`` (C.1-C.10), ``bye`` (B.0), ``upfloaters``
(B.1/B.2, D.1), ``groups`` (B.3, B.5, D.2 order), ``shifters`` (B.4), ``transpositions``
(B.6, D.3), ``colours`` (E.0-E.4), ``round`` (A.8), ``graphs`` (the matching tools).
The test oracle, a literal sieve over every candidate, is tests/engine/oracles/dubov_reference.py.
"""

from pairing.engine.dubov.round import EDITIONS, pair_round

__all__ = ["EDITIONS", "pair_round"]
