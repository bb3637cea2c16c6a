""" "Why this pairing?" for a match of a team event (C.04.6 2026) on the site: the team
explainer (pairing.engine.explain.team_round) on the round as its pairing was made
(pairing.adapter.team_round_as_paired), the lines of the match's two teams (or of the PAB's
team) in the reader's language. Only the engine's own pairing is explained, as for the
individual systems (pairing.explanations).

"Why not team X against team Y?" is asked as the players' "why not" is: answered at once
when an absolute criterion answers (pairing.engine.explain.team_why_not.answer_at_once),
else by the same job on the worker, cache, pending marker and share of the public
(pairing.services.ask_team_why_not; the job is pairing.explanations.work_out)."""

from __future__ import annotations

import dataclasses
import hashlib
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext, gettext_lazy, ngettext

from pairing import adapter, explanations
from pairing.engine.explain.team_round import explain_team_round
from pairing.engine.explain.team_why_not import TeamWhyNot, answer_at_once, why_not_team
from pairing.engine.explain.wording_team import describe_team, describe_why_not
from pairing.engine.team.history import TeamResult
from pairing.engine.team.model import PrimaryScore, TeamPairing, TeamRound
from pairing.explanations import NOT_EXPLAINED
from tourney.models import Round, TeamMatch

CHANGED = gettext_lazy(
    "The teams of this round have changed since it was paired: the engine's reasons cannot be worked out again."
)


KIND = "whyteam"  # the cache's name for the teams' questions; the job's kind (pairing.tasks)


@dataclass(frozen=True)
class TeamExplainable:
    """A team round the engine can explain: the round as it was paired, its pairing and the
    teams' rounds before it (which name the round two teams met)."""

    round: Round
    team_round: TeamRound
    pairing: TeamPairing
    histories: dict[int, list[TeamResult]]

    @property
    def scale(self) -> int:
        # the site keeps match points whole and game points in tenths (tourney.services.teams.MatchScore)
        return 1 if self.team_round.primary is PrimaryScore.MATCH_POINTS else 10

    @property
    def fingerprint(self) -> str:
        """Everything a team answer depends on, hashed, the same in any process (the
        opponents sorted: a frozenset's order is not its content)."""
        teams = [dataclasses.replace(t, opponents=tuple(sorted(t.opponents))) for t in self.team_round.teams]
        text = repr((teams, dataclasses.replace(self.team_round, teams=()), self.pairing))
        return hashlib.sha256(text.encode()).hexdigest()[:32]

    def at_once(self, a: int, b: int) -> TeamWhyNot | None:
        return answer_at_once(self.team_round, a, b, self.pairing, self.histories)


def team_explainable(rnd: Round) -> TeamExplainable | Any:
    """The round's explainer inputs, or why it has none (a sentence to show)."""
    if not rnd.engine_pairing:
        return NOT_EXPLAINED["not_engine"]
    if adapter.describe_team_round(rnd) != rnd.engine_pairing:
        return NOT_EXPLAINED["by_hand"]
    try:
        team_round, pairing = adapter.team_round_as_paired(rnd)
    except adapter.IncompleteRound:
        return NOT_EXPLAINED["incomplete"]
    except (ValueError, KeyError):  # the round pairs otherwise now: a team withdrawn, a bye cancelled
        return CHANGED
    return TeamExplainable(rnd, team_round, pairing, adapter.team_results(rnd.tournament, rnd.number))


def explain_team_match(rnd: Round, match: TeamMatch) -> list[str] | Any:
    """The lines of *match*'s teams, or why the round is not explained (a sentence to show)."""
    ex = team_explainable(rnd)
    if not isinstance(ex, TeamExplainable):
        return ex
    try:
        explained = explain_team_round(ex.team_round, ex.pairing)
    except (ValueError, KeyError):  # the round pairs otherwise now: a team withdrawn, a bye cancelled
        return CHANGED
    wanted = [match.home.start_number] + ([] if match.is_bye else [match.away.start_number])
    by_tpn = {t.tpn: t for t in explained.teams}
    return [describe_team(by_tpn[tpn], explained, gettext, ngettext, ex.scale) for tpn in wanted if tpn in by_tpn]


def describe_answer(answer: TeamWhyNot, ex: TeamExplainable) -> str:
    return describe_why_not(answer, gettext, ngettext, ex.scale)


def answer_key(ex: TeamExplainable, a: int, b: int) -> str:
    return explanations.question_key(KIND, ex.round.pk, ex.fingerprint, a, b)


def run_job(key: str, round_id: int, a: int, b: int, fingerprint: str) -> str:
    """The teams' "why not" job (pairing.tasks.why_not_task): the round paired again with
    the pair forced (a round the engine pairs otherwise now fails the job, and the page
    says so)."""
    rnd = Round.objects.select_related("tournament").filter(pk=round_id).first()
    current = team_explainable(rnd) if rnd is not None else None
    return explanations.work_out(
        key, fingerprint, current, lambda ex: why_not_team(ex.team_round, a, b, ex.pairing, ex.histories)
    )
