"""The generation order D.1-D.3, as low-order weight fields below the quality criteria.

Among the pairings of best quality, B.8 takes the one generated first. Instead of
walking candidates, each step of the order becomes a field that a maximum-weight
matching maximises once the quality fields are fixed:

* MDP-Pairing (B.7, D.3): the set of MDPs paired is the lexicographically lowest
  by BSN (one bit per MDP, lower BSN worth more); then, MDP by MDP in BSN order,
  the opponent with the lowest BSN (D.1 transposition order of S2).
* Remainder (B.6, D.2, D.1): the higher-ranked player of each pair is its S1
  member, since the earliest exchange that yields a set of pairs puts him there.
  Fields in order: (a) most pairs topped by an original S1R player (fewest
  exchanges); (b) lowest sum of the tops' BSNs (smallest sum difference); (c) the
  highest BSNs moved out of S1R; (d) the lowest BSNs moved in from S2R; then the
  transposition: the first top's opponent lowest, then the second's, and so on.
"""

from __future__ import annotations


def _digit_bits(count: int) -> int:
    return (count + 1).bit_length()


class MdpOrder:
    """Tie-break weights for the MDP-Pairing of a heterogeneous bracket."""

    def __init__(self, mdp_count: int, bracket_end: int) -> None:
        self.mdps = mdp_count
        self.residents = bracket_end - mdp_count
        self.digit = _digit_bits(self.residents)
        self.choice_width = self.mdps * self.digit + 2
        self.width = self.mdps + 2 + self.choice_width

    def weight(self, mdp: int, resident_index: int) -> int:
        """*mdp* is the MDP's BSN-1; *resident_index* the resident's position among residents."""
        which = 1 << (self.mdps - 1 - mdp)
        opponent = (self.residents - resident_index) << (self.digit * (self.mdps - 1 - mdp))
        return (which << self.choice_width) + opponent


class RemainderOrder:
    """Tie-break weights for a homogeneous bracket or a remainder."""

    def __init__(self, remainder_size: int, pairs: int) -> None:
        self.size = remainder_size
        self.pairs = pairs  # S1R holds the first *pairs* players of the remainder
        n = remainder_size
        self.digit = _digit_bits(n)
        self.transposition_width = n * self.digit + 2
        self.moved_in_width = n + 2
        self.moved_out_width = n + 2
        self.sum_width = (n * n + 1).bit_length() + 2
        self.count_width = (n + 1).bit_length() + 2
        self.width = (
            self.count_width + self.sum_width + self.moved_out_width + self.moved_in_width + self.transposition_width
        )

    def weight(self, top: int, bottom: int) -> int:
        """*top* < *bottom* are positions in the remainder (its BSN order)."""
        in_s1 = top < self.pairs
        w = int(in_s1)  # (a)
        w = (w << self.sum_width) - top  # (b)
        w = (w << self.moved_out_width) - ((1 << top) if in_s1 else 0)  # (c)
        w = (w << self.moved_in_width) + (0 if in_s1 else 1 << (self.size - 1 - top))  # (d)
        transposition = (self.size - bottom) << (self.digit * (self.size - 1 - top))
        return (w << self.transposition_width) + transposition
