"""Colour preferences (C.04.6 art. 1.7) and colour allocation (art. 4).

There are no absolute preferences (Preface): a colour never keeps two teams apart, it only
counts in [C8] and [C9] and decides who of a pair has White on board 1.
"""

from __future__ import annotations

from dataclasses import dataclass

from pairing.engine.state import Colour
from pairing.engine.team.model import ColourPreferences, Match, Team, TeamRound

MILD = 1
STRONG = 2  # type B strong, and the one strength of a simple (type A) preference


@dataclass(frozen=True)
class Preference:
    colour: Colour | None = None
    strength: int = 0  # 0 none, MILD, STRONG


NO_PREFERENCE = Preference()


def preference(team: Team, round_: TeamRound) -> Preference:
    """Art. 1.7.1 (type A) and 1.7.2 (type B).

    Reading (docs/team.md, "strong before none"): the strong clauses are read before the
    type B sentence "no preference ... when its CD is zero when pairing for the last round",
    which closes the mild clauses only; a team on CD 0 with two Blacks last wants White strongly
    in the last round too.
    """
    if round_.preferences is ColourPreferences.NONE:
        return NO_PREFERENCE
    cd = team.colour_difference
    last_two = team.colours[-2:]
    if cd < -1 or (cd in (0, -1) and last_two == (Colour.BLACK, Colour.BLACK)):
        return Preference(Colour.WHITE, STRONG)
    if cd > 1 or (cd in (0, 1) and last_two == (Colour.WHITE, Colour.WHITE)):
        return Preference(Colour.BLACK, STRONG)
    if round_.preferences is ColourPreferences.TYPE_A:
        return NO_PREFERENCE  # 1.7.1: "in all other situations"
    if cd == -1:
        return Preference(Colour.WHITE, MILD)
    if cd == 1:
        return Preference(Colour.BLACK, MILD)
    if cd == 0 and team.colours and not round_.is_last_round:
        return Preference(team.colours[-1].opposite, MILD)
    return NO_PREFERENCE  # 1.7.2: no match yet, or CD 0 in the last round


def unfulfilled(a: Preference, b: Preference) -> tuple[int, int]:
    """The teams of the pair *a*-*b* whose preference is not fulfilled ([C8], art. 2.3.5) and
    whose strong one is not ([C9], art. 2.3.6, type B only), whatever art. 4 then decides:
    art. 4.3.2-4.3.3 grant every preference unless both want the same colour, and then
    4.3.4 grants a strong one over a mild one. Type A preferences are all STRONG here, so
    the caller counts [C9] for type B only."""
    if a.colour is None or b.colour is None or a.colour is not b.colour:
        return 0, 0
    return 1, int(a.strength == STRONG and b.strength == STRONG)


def first_team(a: Team, b: Team, round_: TeamRound) -> Team:
    """Art. 4.2: higher primary score, then higher secondary score (when the rules use it),
    then smaller TPN."""
    if round_.score(a) != round_.score(b):
        return a if round_.score(a) > round_.score(b) else b
    if round_.use_secondary and round_.secondary(a) != round_.secondary(b):
        return a if round_.secondary(a) > round_.secondary(b) else b
    return a if a.tpn < b.tpn else b


def allocate(a: Team, b: Team, round_: TeamRound) -> Match:
    """Art. 4.3: the colour of board 1, the first rule that applies deciding."""
    first = first_team(a, b, round_)
    other = b if first is a else a
    pf, po = preference(first, round_), preference(other, round_)

    def give(colour: Colour, rule: str) -> Match:
        if colour is Colour.WHITE:
            return Match(first.tpn, other.tpn, rule)
        return Match(other.tpn, first.tpn, rule)

    if first.played == 0 and other.played == 0:
        # 4.3.1 (reading: "yet to play a match" counts played matches, as 3.4.3 does)
        colour = round_.initial_colour if first.tpn % 2 else round_.initial_colour.opposite
        return give(colour, "4.3.1")
    if pf.colour is not None and po.colour is None:
        return give(pf.colour, "4.3.2")
    if pf.colour is None and po.colour is not None:
        return give(po.colour.opposite, "4.3.2")
    if pf.colour is not None and po.colour is not None and pf.colour is not po.colour:
        return give(pf.colour, "4.3.3")
    if round_.preferences is ColourPreferences.TYPE_B and pf.colour is not None and pf.strength != po.strength:
        # 4.3.4: both want the same colour here; the strong one is granted
        return give(pf.colour if pf.strength == STRONG else pf.colour.opposite, "4.3.4")
    cf, co = first.colour_difference, other.colour_difference
    if cf != co:
        return give(Colour.WHITE if cf < co else Colour.BLACK, "4.3.5")
    # 4.3.6: the histories hold played matches only (C.04.2 2026 art. 3.4), compared from the end
    for x, y in zip(reversed(first.colours), reversed(other.colours), strict=False):
        if x is not y:
            return give(x.opposite, "4.3.6")
    if pf.colour is not None:
        return give(pf.colour, "4.3.7")
    if first.colours:
        return give(first.colours[-1].opposite, "4.3.8")
    return give(other.colours[-1], "4.3.9")  # the other team alternates: first-team gets its last colour
