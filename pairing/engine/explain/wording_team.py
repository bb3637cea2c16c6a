"""The team answers (C.04.6, 2026) in words a captain understands, citing the article.

As :mod:`.wording`: English templates marked for translation, put into the caller's
language by *translate* (and *ngettext* for the counted ones); the Italian is in locale/it.
Scores are the engine's numbers; *scale* is how many make a point (10 for the TRF reader
and the web, whose scores are tenths; 1 for the generator's match points).
"""

from __future__ import annotations

from pairing.engine.explain import team_round as R
from pairing.engine.explain import team_why_not as T
from pairing.engine.explain.wording import (
    COLOURS,
    NGettext,
    Plural,
    Translate,
    counted,
    gettext_noop,
    ngettext_noop,
)
from pairing.engine.team.model import ColourPreferences, PrimaryScore

POINTS = {
    PrimaryScore.MATCH_POINTS: ngettext_noop("{points} match point", "{points} match points"),
    PrimaryScore.GAME_POINTS: ngettext_noop("{points} game point", "{points} game points"),
}


def points(value, primary: PrimaryScore, scale: int, translate: Translate, ngettext: NGettext | None) -> str:
    """A score with its unit, "1 match point", "2.5 game points"."""
    number = value / scale
    text = f"{number:g}"
    return counted(POINTS[primary], 1 if number == 1 else 2, translate, ngettext).format(points=text)


# --- why not team X against team Y? ---------------------------------------------------------

REASONS = {
    T.PAIRED: gettext_noop("Teams {a} and {b} are paired together in this round."),
    T.NOT_IN_ROUND: gettext_noop("Teams {a} and {b} are not both paired in this round (absent, withdrawn or a bye)."),
    T.MET_BEFORE: gettext_noop("Teams {a} and {b} have already met: two teams shall not meet twice ({rule})."),
    T.FORBIDDEN: gettext_noop("The rules of the competition forbid the pair {a}-{b} ({rule})."),
    T.NO_COMPLETION: gettext_noop(
        "With {a}-{b} paired, the other teams cannot all be paired without a second meeting, the "
        "pairing-allocated-bye going to a team that may receive it ({rule})."
    ),
    T.WORSE: gettext_noop("With {a}-{b} paired, the pairing first differs at {step}, where {what} ({rule})."),
    T.EQUAL: gettext_noop(
        "With {a}-{b} paired, the pairing first differs at {step}, where it is as good by every criterion; "
        "the engine's choice comes first in the order the rules generate them ({rule})."
    ),
    T.NOT_WORSE: gettext_noop(
        "With {a}-{b} paired, the round is paired otherwise and this explanation does not find it worse "
        "({rule}); the engine's procedure chose otherwise."
    ),
}
MET_IN_ROUND = gettext_noop("Teams {a} and {b} met in round {round}: two teams shall not meet twice ({rule}).")
STEP_BYE = gettext_noop("the pairing-allocated-bye")
STEP_BRACKET = gettext_noop("bracket {bracket} ({points})")

# WORSE: what gets worse with the pair; the PAB terms name both receivers.
WORSENED: dict[str, str | Plural] = {
    T.PAB_SCORE: gettext_noop(
        "it would go to {forced_bye} ({forced_value}) instead of {bye} ({value}): the lowest score first"
    ),
    T.PAB_MATCHES: gettext_noop(
        "it would go to {forced_bye} instead of {bye}, of the same score: the most matches played first "
        "({forced_value} against {value})"
    ),
    T.PAB_TPN: gettext_noop(
        "it would go to {forced_bye} instead of {bye}, of the same score and matches played: the largest TPN first"
    ),
    "C4": ngettext_noop("{count} more upfloater is needed", "{count} more upfloaters are needed"),
    "C5": gettext_noop("the upfloaters have lower scores"),
    "C6": gettext_noop(
        "what is left of the following scoregroup can no longer be paired with the fewest upfloaters its size allows"
    ),
    "C7": ngettext_noop(
        "{count} more upfloater was a floater in the previous round",
        "{count} more upfloaters were floaters in the previous round",
    ),
    "C8": ngettext_noop(
        "{count} more team does not get its colour preference",
        "{count} more teams do not get their colour preference",
    ),
    "C9": ngettext_noop(
        "{count} more team does not get its strong colour preference",
        "{count} more teams do not get their strong colour preference",
    ),
    "C10": ngettext_noop(
        "{count} more team that was a floater in the previous round meets an upfloater",
        "{count} more teams that were floaters in the previous round meet an upfloater",
    ),
}
PAIRS_CONCERNED = gettext_noop("the pairs concerned: {pairs}")


def describe_why_not(
    answer: T.TeamWhyNot, translate: Translate = lambda t: t, ngettext: NGettext | None = None, scale: int = 10
) -> str:
    """*answer* in words, through the caller's *translate* (and *ngettext* for counts)."""
    fields: dict[str, object] = {"a": answer.a, "b": answer.b, "rule": answer.rule}
    if answer.reason in (T.WORSE, T.EQUAL):
        if answer.bracket:
            score = points(answer.score, answer.primary, scale, translate, ngettext)
            fields["step"] = translate(STEP_BRACKET).format(bracket=answer.bracket, points=score)
        else:
            fields["step"] = translate(STEP_BYE)
    if answer.reason == T.WORSE:
        template = WORSENED[answer.term]
        mine, theirs = answer.values
        if answer.byes is not None:
            value, forced_value = mine, theirs
            if answer.term == T.PAB_SCORE:
                value = points(mine, answer.primary, scale, translate, ngettext)
                forced_value = points(theirs, answer.primary, scale, translate, ngettext)
            what = translate(template).format(  # type: ignore[arg-type]
                bye=answer.byes[0], forced_bye=answer.byes[1], value=value, forced_value=forced_value
            )
        elif answer.term == "C5":
            what = translate(template)  # type: ignore[arg-type]
        else:
            count = abs(theirs - mine)
            what = counted(template, count, translate, ngettext).format(count=count)
        if answer.culprits:
            pairs = ", ".join(f"{x}-{y}" for x, y in answer.culprits)
            what += "; " + translate(PAIRS_CONCERNED).format(pairs=pairs)
        fields["what"] = what
    if answer.reason == T.MET_BEFORE and answer.round_met is not None:
        return translate(MET_IN_ROUND).format(round=answer.round_met, **fields)
    return translate(REASONS[answer.reason]).format(**fields)


# --- the round team by team -------------------------------------------------------------------

TEAM = gettext_noop("Team {team} ({points}): paired in bracket {bracket} ({bracket_points})")
FLOATS = {
    "up": gettext_noop("meets {opponent} ({opponent_points}), a higher score: it is an upfloater"),
    "down": gettext_noop("meets {opponent} ({opponent_points}), an upfloater from a lower score"),
    "": gettext_noop("meets {opponent} ({opponent_points})"),
}
NEED: dict[str, str | Plural] = {
    R.ODD: gettext_noop(
        "its bracket's scoregroup has an odd number of teams and takes one upfloater, the fewest ({rule})"
    ),
    R.ILLEGAL: ngettext_noop(
        "its bracket's scoregroup takes {count} upfloater: with fewer, it or the teams left cannot all be "
        "paired ({rule})",
        "its bracket's scoregroup takes {count} upfloaters: with fewer, it or the teams left cannot all be "
        "paired ({rule})",
    ),
}
SCORES = {
    False: gettext_noop("the upfloaters of the highest scores available ({rule})"),
    True: gettext_noop("upfloaters of higher scores give no legal pairing, so these scores ({rule})"),
}
CHOSEN = {
    R.FIRST: gettext_noop("its set of upfloaters is the first legal one in the order of {rule}"),
    R.BY_C6: gettext_noop(
        "each legal set of upfloaters before its set in the order of {order} leaves the following "
        "scoregroup unpairable ({rule})"
    ),
    R.BY_C7: gettext_noop(
        "each legal set of upfloaters before its set in the order of {order} has more teams that were "
        "floaters in the previous round ({rule})"
    ),
    R.BY_C6_C7: gettext_noop(
        "each legal set of upfloaters before its set in the order of {order} leaves the following "
        "scoregroup unpairable or has more teams that were floaters in the previous round ({rule})"
    ),
}
PAIRS_BY = {
    "C8": gettext_noop(
        "the bracket's first legal pairing leaves more colour preferences unfulfilled: its pairs are the "
        "first best pairing ({rule}, 3.6.4)"
    ),
    "C9": gettext_noop(
        "the bracket's first legal pairing leaves more strong colour preferences unfulfilled: its pairs are "
        "the first best pairing ({rule}, 3.6.4)"
    ),
    "C10": gettext_noop(
        "the bracket's first legal pairing has more floaters of the previous round meeting upfloaters: its "
        "pairs are the first best pairing ({rule}, 3.6.4)"
    ),
}
COLOUR_RULES = {
    "4.3.1": gettext_noop(
        "{colour} on board 1: neither team has played a match, the initial colour and the first-team's TPN "
        "decide ({rule})"
    ),
    "4.3.2": gettext_noop("{colour} on board 1: the one colour preference of the two is granted ({rule})"),
    "4.3.3": gettext_noop("{colour} on board 1: both colour preferences are granted ({rule})"),
    "4.3.4": gettext_noop(
        "{colour} on board 1: both prefer the same colour, the strong preference is granted over the mild one ({rule})"
    ),
    "4.3.5": gettext_noop("{colour} on board 1: the team with the lower colour difference has White ({rule})"),
    "4.3.6": gettext_noop(
        "{colour} on board 1: going back through their matches, the latest one in which their colours "
        "differed decides, each team alternating ({rule})"
    ),
    "4.3.7": gettext_noop("{colour} on board 1: the first-team's colour preference is granted ({rule})"),
    "4.3.8": gettext_noop("{colour} on board 1: the first-team alternates its last colour ({rule})"),
    "4.3.9": gettext_noop("{colour} on board 1: the other team alternates its last colour ({rule})"),
}
PREFERENCES = {
    ColourPreferences.TYPE_A: gettext_noop("type A preferences, 1.7.1"),
    ColourPreferences.TYPE_B: gettext_noop("type B preferences, 1.7.2"),
    ColourPreferences.NONE: gettext_noop("no colour preferences, 1.7"),
}
BYE = gettext_noop(
    "Team {team} ({points}): receives the pairing-allocated-bye, given, before any bracket is paired, to the team "
    "of the lowest score, then of the most matches played, then of the largest TPN ({rule})"
)
BYE_DECIDED = {
    "": gettext_noop("it is the only team that may receive it"),
    T.PAB_SCORE: gettext_noop("it comes before {next}, who has a higher score ({rule})"),
    T.PAB_MATCHES: gettext_noop("it comes before {next}, of the same score, who has played fewer matches ({rule})"),
    T.PAB_TPN: gettext_noop(
        "it comes before {next}, of the same score and matches played, who has a smaller TPN ({rule})"
    ),
}
BYE_BARRED = gettext_noop(
    "{teams} came first but already had a pairing-allocated-bye, a forfeit win or a full-point bye ({rule})"
)
BYE_ILLEGAL = gettext_noop("{teams} came first but would leave the other teams with no legal pairing ({rule})")


def describe_team(
    team: R.TeamExplanation,
    explained: R.TeamRoundExplanation,
    translate: Translate = lambda t: t,
    ngettext: NGettext | None = None,
    scale: int = 10,
) -> str:
    """One team's line: its bracket, how it floated and why, its board-1 colour and the
    rule; or the PAB and why."""
    primary = explained.primary

    def pts(value) -> str:
        return points(value, primary, scale, translate, ngettext)

    if team.opponent is None:
        bye = explained.bye
        assert bye is not None
        parts = [translate(BYE).format(team=team.tpn, points=pts(team.score), rule="3.4")]
        if bye.barred:
            teams = ", ".join(str(t) for t in sorted(bye.barred))
            parts.append(translate(BYE_BARRED).format(teams=teams, rule=R.ARTICLES["C2"]))
        if bye.illegal:
            teams = ", ".join(str(t) for t in sorted(bye.illegal))
            parts.append(translate(BYE_ILLEGAL).format(teams=teams, rule="3.4.1"))
        parts.append(translate(BYE_DECIDED[bye.decided_by]).format(next=bye.next, rule=bye.decided_by))
        return "; ".join(parts) + "."
    bracket = explained.brackets[team.bracket - 1]
    parts = [
        translate(TEAM).format(
            team=team.tpn, points=pts(team.score), bracket=team.bracket, bracket_points=pts(team.bracket_score)
        ),
        translate(FLOATS[team.float]).format(opponent=team.opponent, opponent_points=pts(team.opponent_score)),
    ]
    if team.float == "up" and bracket.upfloat is not None:
        parts += upfloat_parts(bracket.upfloat, translate, ngettext)
    if bracket.pairs_by != R.FIRST_LEGAL:  # else the first legal pairing by identifier (3.6.2-3.6.3)
        parts.append(translate(PAIRS_BY[bracket.pairs_by]).format(rule=R.ARTICLES[bracket.pairs_by]))
    assert team.colour is not None
    colour_rule = f"{team.colour_rule}; {translate(PREFERENCES[explained.preferences])}"
    parts.append(
        translate(COLOUR_RULES[team.colour_rule]).format(colour=translate(COLOURS[team.colour]), rule=colour_rule)
    )
    return "; ".join(parts) + "."


def upfloat_parts(reason: R.UpfloatReason, translate: Translate, ngettext: NGettext | None) -> list[str]:
    """Why the bracket took upfloaters, how many, of which scores, and which set."""
    need_rule = (
        R.ARTICLES["C4"] if reason.need == R.ODD else f"{R.ARTICLES['C4']}; {R.ARTICLES['C1']}; {R.ARTICLES['C3']}"
    )
    parts = [counted(NEED[reason.need], reason.count, translate, ngettext).format(count=reason.count, rule=need_rule)]
    scores_rule = R.ARTICLES["C5"] if not reason.better_scores_illegal else f"{R.ARTICLES['C5']}; {R.ARTICLES['C3']}"
    parts.append(translate(SCORES[reason.better_scores_illegal]).format(rule=scores_rule))
    order = R.ARTICLES["order_upfloaters"]
    chosen_rule = {
        R.FIRST: order,
        R.BY_C6: R.ARTICLES["C6"],
        R.BY_C7: R.ARTICLES["C7"],
        R.BY_C6_C7: f"{R.ARTICLES['C6']}; {R.ARTICLES['C7']}",
    }[reason.chosen_by]
    parts.append(translate(CHOSEN[reason.chosen_by]).format(order=order, rule=chosen_rule))
    return parts


def describe_team_round(
    explained: R.TeamRoundExplanation,
    translate: Translate = lambda t: t,
    ngettext: NGettext | None = None,
    scale: int = 10,
) -> list[str]:
    return [describe_team(t, explained, translate, ngettext, scale) for t in explained.teams]


def templates() -> list[str | Plural]:
    """Every template of this module, for the catalogue test."""
    out: list[str | Plural] = [*POINTS.values()]
    for group in (REASONS, WORSENED, FLOATS, NEED, SCORES, CHOSEN, PAIRS_BY, COLOUR_RULES, PREFERENCES, BYE_DECIDED):
        out += list(group.values())
    return [*out, MET_IN_ROUND, STEP_BYE, STEP_BRACKET, PAIRS_CONCERNED, TEAM, BYE, BYE_BARRED, BYE_ILLEGAL]
