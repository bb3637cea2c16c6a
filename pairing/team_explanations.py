""" "Why this pairing?" for a match of a team event (C.04.6 2026) on the site: the team
explainer (pairing.engine.explain.team_round) on the round as its pairing was made
(pairing.adapter.team_round_as_paired), the lines of the match's two teams (or of the PAB's
team) in the reader's language. Only the engine's own pairing is explained, as for the
individual systems (pairing.explanations)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, gettext_lazy, ngettext

from pairing import adapter
from pairing.engine.explain.team_round import explain_team_round
from pairing.engine.explain.wording_team import describe_team
from pairing.engine.team.model import PrimaryScore
from pairing.explanations import NOT_EXPLAINED
from tourney.models import Round, TeamMatch

CHANGED = gettext_lazy(
    "The teams of this round have changed since it was paired: the engine's reasons cannot be worked out again."
)


def explain_team_match(rnd: Round, match: TeamMatch) -> list[str] | Any:
    """The lines of *match*'s teams, or why the round is not explained (a sentence to show)."""
    if not rnd.engine_pairing:
        return NOT_EXPLAINED["not_engine"]
    if adapter.describe_team_round(rnd) != rnd.engine_pairing:
        return NOT_EXPLAINED["by_hand"]
    try:
        team_round, pairing = adapter.team_round_as_paired(rnd)
        explained = explain_team_round(team_round, pairing)
    except adapter.IncompleteRound:
        return NOT_EXPLAINED["incomplete"]
    except (ValueError, KeyError):  # the round pairs otherwise now: a team withdrawn, a bye cancelled
        return CHANGED
    # the site keeps match points whole and game points in tenths (tourney.services.teams.MatchScore)
    scale = 1 if team_round.primary is PrimaryScore.MATCH_POINTS else 10
    wanted = [match.home.start_number] + ([] if match.is_bye else [match.away.start_number])
    by_tpn = {t.tpn: t for t in explained.teams}
    return [describe_team(by_tpn[tpn], explained, gettext, ngettext, scale) for tpn in wanted if tpn in by_tpn]
