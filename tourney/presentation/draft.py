"""The facts that explain a draft pairing to the arbiter: each player's score before the
round, colour preference (pairing.engine.common.colours; Dubov's own, C.04.4.1 A.5) and the
floats of the earlier rounds as the tournament's system and edition define them:

- Dutch (C.04.3 A.4, 2017; C.04.3 1.4, 2026): a downfloat or an upfloat in each of the
  two previous rounds (its criteria C.14-C.21 read both). A round not played is a
  downfloat in the 2017 reading; in the 2026 text only for the PAB receiver and a player
  who scored more than a loss without playing (pairing.engine.dutch.players.float_in_round);
- Dubov (C.04.4.1 A.3, A.7, C.10): upfloats only, the system has no downfloaters
  (pairing.engine.dubov.players.upfloat_history);
- Lim (C.04.4.3 3.10): whether the player floated in the previous round, up or down
  (pairing.engine.lim.players.LimRound.floated_last_round);
- Burstein (C.04.4.2): its criteria read no earlier float, so none is shown;
- Double-Swiss (C.04.5): no colour preference, but the game-1 colour of each earlier
  match (1.6, what Article 4 allocates by) and whether the player floated in the previous
  match (1.5; [C7], [C8]), from pairing.engine.double_swiss.matches.contenders.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from pairing import adapter
from pairing.engine.aro import aros
from pairing.engine.common.colours import Strength, colour_preference
from pairing.engine.common.editions import EDITION_2017
from pairing.engine.double_swiss.matches import contenders
from pairing.engine.dubov.players import dubov_colour_preference, upfloat_history
from pairing.engine.dutch.players import Float, float_in_round
from pairing.engine.lim.players import LimRound
from pairing.engine.state import Colour, PairingError
from tourney.models import PairingSystem, Round


@dataclass(frozen=True)
class Explanation:
    score: int
    preference: str
    floats: str | None  # None: the system reads no earlier float
    aro: int | None = None  # Dubov only: the ARO it pairs by (C.04.4.1 A.6)


_STRENGTH = {
    Strength.ABSOLUTE: gettext_lazy("absolute"),
    Strength.STRONG: gettext_lazy("strong"),
    Strength.MILD: gettext_lazy("mild"),
}
_ARROW = {Float.DOWN: "↓", Float.UP: "↑", Float.NONE: "·"}

FloatMarks = Callable[[adapter.TournamentState, str], dict[int, str]]


def _previous_two(state: adapter.TournamentState) -> list[int]:
    return [r for r in (state.round_to_pair - 2, state.round_to_pair - 1) if r >= 1]


def _dutch_floats(state: adapter.TournamentState, edition: str) -> dict[int, str]:
    rounds = _previous_two(state)
    return {p.id: "".join(_ARROW[float_in_round(state, p.id, r, edition)] for r in rounds) for p in state.players}


def _dubov_floats(state: adapter.TournamentState, edition: str) -> dict[int, str]:
    rounds = _previous_two(state)
    out = {}
    for p in state.players:
        upfloats = upfloat_history(state, p.id)
        out[p.id] = "".join("↑" if r <= len(upfloats) and upfloats[r - 1] else "·" for r in rounds)
    return out


def _lim_floats(state: adapter.TournamentState, edition: str) -> dict[int, str]:
    previous = state.round_to_pair - 1
    if previous < 1:
        return {p.id: "" for p in state.players}
    floated = LimRound(state, edition).floated_last_round
    out = {}
    for p in state.players:
        mark = "·"
        if p.id in floated:  # 3.10 asks only whether he floated; the arrow says which way
            opponent = p.history[previous - 1].opponent
            down = state.score_before(p.id, previous) > state.score_before(opponent, previous)
            mark = "↓" if down else "↑"
        out[p.id] = mark
    return out


_FLOAT_MARKS: dict[str, FloatMarks] = {
    PairingSystem.DUTCH: _dutch_floats,
    PairingSystem.DUBOV: _dubov_floats,
    PairingSystem.LIM: _lim_floats,
}


def draft_edition(rnd: Round) -> str:
    """The edition that paired the draft (the tournament's when the round does not say)."""
    return rnd.rules_edition or adapter.pairing_edition(rnd.tournament)


def explanations(rnd: Round) -> dict[int, Explanation]:
    """Per pairing number: score before the round, colour preference, and the floats of the
    previous rounds as the tournament's system and edition define them (see the module)."""
    try:
        state, _warnings = adapter.prepared_state(rnd)
    except (adapter.IncompleteRound, PairingError):  # an unfinished past: nothing to explain
        return {}
    system = rnd.tournament.pairing_system
    if system == PairingSystem.DOUBLE_SWISS:
        return _double_swiss_explanations(state)
    preference_of = dubov_colour_preference if system == PairingSystem.DUBOV else colour_preference
    marks = _FLOAT_MARKS.get(system)
    floats = marks(state, draft_edition(rnd)) if marks else {}
    ratings = aros(state) if system == PairingSystem.DUBOV else {}  # A.6: Dubov pairs by them
    out = {}
    for p in state.players:
        pref = preference_of(p)
        text = "–"
        if pref.colour is not None:
            colour = _("W") if pref.colour is Colour.WHITE else _("B")
            text = f"{colour} {_STRENGTH.get(pref.strength, '')}".strip()
        out[p.id] = Explanation(state.pairing_score(p.id), text, floats.get(p.id) if marks else None, ratings.get(p.id))
    return out


def _double_swiss_explanations(state: adapter.TournamentState) -> dict[int, Explanation]:
    """A Double-Swiss draft: the score in game points, the game-1 colours of the earlier
    matches (1.6, oldest first) and a float in the previous match (1.5)."""
    try:
        field = contenders(state)
    except PairingError:
        return {}
    initials = {Colour.WHITE: _("W"), Colour.BLACK: _("B")}
    return {
        c.id: Explanation(c.score, "".join(initials[k] for k in c.colours) or "–", "↕" if c.floated else "·")
        for c in field
    }


def floats_shown(system: str) -> bool:
    """Whether the draft of *system* shows earlier floats (Burstein's criteria read none)."""
    return system in _FLOAT_MARKS or system == PairingSystem.DOUBLE_SWISS


def floats_legend(system: str, edition: str) -> str:
    """What the floats column means for *system* under *edition*, in the reader's language."""
    if system == PairingSystem.DUTCH and edition == EDITION_2017:
        return _(
            "floats: the two previous rounds (C.04.3 A.4), ↓ downfloat, ↑ upfloat, · none; "
            "a round not played counts as a downfloat."
        )
    if system == PairingSystem.DUTCH:
        return _(
            "floats: the two previous rounds (C.04.3 2026), ↓ downfloat, ↑ upfloat, · none; "
            "a round not played is a downfloat only for the pairing-allocated bye or when it "
            "scored more than a loss (not for a forfeit loss, a zero-point bye or an absence)."
        )
    if system == PairingSystem.DUBOV:
        return _(
            "floats: the two previous rounds (C.04.4.1 A.3), ↑ upfloat (paired with a higher score), "
            "· none; the Dubov system has no downfloats."
        )
    if system == PairingSystem.LIM:
        return _(
            "floats: the previous round (C.04.4.3 3.10), ↓ paired with a lower score, "
            "↑ with a higher one, · none; a round not played is no float."
        )
    if system == PairingSystem.DOUBLE_SWISS:
        return _(
            "Double-Swiss: points are game points; the colours are each earlier match's game-1 colour "
            "(C.04.5 1.6); ↕ floated in the previous match (1.5), · did not."
        )
    return _("The Burstein system reads no earlier float: none is shown.")
