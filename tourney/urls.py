"""The site's addresses: the public pages, the desk, registration and setup (the reports'
ones in urls_reports.py). Public addresses are printed on sheets as QR codes: they never change."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from tourney.login_throttle import ThrottledLoginView
from tourney.views import accounts, checkin, desk, manual, public, rating_list, setup, team_why, teams, why

T = "t/<int:tournament_id>/"
R = T + "rounds/<int:number>/"

urlpatterns = [
    path("", public.tournament_list, name="tournament_list"),
    path("new/", setup.tournament_create, name="tournament_create"),
    path("import/", setup.tournament_import, name="tournament_import"),
    path("import/<int:job_id>/", setup.import_job, name="import_job"),
    # The FIDE rating list (site-wide).
    path("rating-list/", rating_list.rating_list_page, name="rating_list"),
    path("rating-list/imports/<int:import_id>/", rating_list.rating_list_job, name="rating_list_job"),
    path("rating-list/national/", rating_list.national_list_page, name="national_list"),
    # Public pages.
    path(T, public.tournament_detail, name="tournament_detail"),
    path(R, public.round_detail, name="round_detail"),
    path(R + "status/", desk.round_status, name="round_status"),
    path(R + "standings/", public.round_standings, name="round_standings"),
    path(T + "players/<int:player_id>/", public.player_card, name="player_card"),
    path(R + "why/", why.round_why, name="round_why"),
    path(R + "why/board/<int:board>/", why.board_why, name="board_why"),
    path(R + "why/player/<int:player_id>/", why.player_why, name="player_why"),
    path(R + "why-not/", why.why_not, name="why_not"),
    # The arbiter's round.
    path(R + "pair/", desk.round_pair, name="round_pair"),
    path(R + "exchange/", desk.round_exchange, name="round_exchange"),
    path(R + "publish/", desk.round_publish, name="round_publish"),
    path(R + "unpublish/", desk.round_unpublish, name="round_unpublish"),
    path(R + "result/", desk.round_result, name="round_result"),
    path(R + "close/", desk.round_close, name="round_close"),
    # Free changes of a draft pairing.
    path(R + "hand/opponent/", manual.hand_opponent, name="hand_opponent"),
    path(R + "hand/colours/", manual.hand_colours, name="hand_colours"),
    path(R + "hand/out/", manual.hand_out, name="hand_out"),
    path(R + "hand/in/", manual.hand_in, name="hand_in"),
    path(R + "hand/pab/", manual.hand_pab, name="hand_pab"),
    path(R + "published/agreement/", manual.published_agreement, name="published_agreement"),
    path(R + "published/late-entry/", manual.published_late_entry, name="published_late_entry"),
    # Check-in before the round is paired.
    path(R + "checkin/", checkin.checkin_desk, name="checkin_desk"),
    path(R + "checkin/number/", checkin.checkin_by_number, name="checkin_by_number"),
    path(R + "checkin/everyone/", checkin.checkin_everyone, name="checkin_everyone"),
    path(R + "checkin/<int:player_id>/present/", checkin.checkin_present, name="checkin_present"),
    path(R + "checkin/<int:player_id>/absent/", checkin.checkin_absent, name="checkin_absent"),
    path(R + "checkin/<int:player_id>/confirm/", checkin.checkin_confirm, name="checkin_confirm"),
    path(T + "checkin/codes/", checkin.checkin_codes, name="checkin_codes"),
    path("checkin/<str:token>/", checkin.self_checkin, name="self_checkin"),
    # Organizer and registration.
    path(T + "settings/", setup.tournament_settings, name="tournament_settings"),
    path(T + "draw-colour/", setup.draw_colour, name="draw_colour"),
    path(T + "appointments/", setup.appointments, name="appointments"),
    path(T + "appointments/<int:appointment_id>/dismiss/", setup.dismiss, name="dismiss"),
    path(T + "appointments/invite/", accounts.invite, name="invite"),
    path(T + "appointments/<int:appointment_id>/link/", accounts.invitation_link, name="invitation_link"),
    path(T + "registration/", setup.registration_page, name="registration"),
    path(T + "registration/add/", setup.player_add, name="player_add"),
    path(T + "registration/csv/", setup.player_csv, name="player_csv"),
    path(T + "registration/<int:player_id>/", setup.player_edit, name="player_edit"),
    path(T + "registration/<int:player_id>/withdraw/", setup.player_withdraw, name="player_withdraw"),
    path(T + "registration/<int:player_id>/reinstate/", setup.player_reinstate, name="player_reinstate"),
    path(T + "registration/renumber/", setup.renumber_players, name="renumber_players"),
    path(T + "registration/rating-list/", rating_list.list_search, name="list_search"),
    path(T + "registration/rating-list/add/", rating_list.player_from_list, name="player_from_list"),
    path(T + "registration/ratings/", rating_list.rating_update, name="rating_update"),
    path(T + "byes/", setup.bye_request, name="bye_request"),
    path(T + "byes/<int:bye_id>/cancel/", setup.bye_cancel, name="bye_cancel"),
    path(T + "prohibited/", setup.prohibit_pairing, name="prohibit_pairing"),
    path(T + "prohibited/<int:prohibited_id>/allow/", setup.allow_pairing, name="allow_pairing"),
    path(T + "audit/", setup.audit_log, name="audit"),
    # Team events (C.04.6).
    path(T + "teams/", teams.team_registration, name="team_registration"),
    path(T + "teams/csv/", teams.team_csv, name="team_csv"),
    path(T + "teams/standings/", teams.team_standings_page, name="team_standings"),
    path(T + "teams/byes/", teams.team_bye_request, name="team_bye_request"),
    path(T + "teams/prohibited/", teams.team_prohibit, name="team_prohibit"),
    path(T + "teams/prohibited/<int:team_prohibition_id>/allow/", teams.team_allow, name="team_allow"),
    path(T + "teams/byes/<int:team_bye_id>/cancel/", teams.team_bye_cancel, name="team_bye_cancel"),
    path(T + "teams/<int:team_id>/", teams.team_card, name="team_card"),
    path(T + "teams/<int:team_id>/roster/", teams.team_roster, name="team_roster"),
    path(R + "lineups/", teams.team_lineups, name="team_lineups"),
    path(R + "lineups/<int:team_id>/", teams.captain_lineup, name="captain_lineup"),
    path(T + "teams/<int:team_id>/captain/", teams.team_captain_invite, name="team_captain_invite"),
    path(R + "matches/", teams.team_round, name="team_round"),
    path(R + "matches/<int:match_id>/forfeit/", teams.match_forfeit, name="match_forfeit"),
    path(R + "matches/<int:match_id>/why/", team_why.team_match_why, name="team_match_why"),
    path(R + "matches/why-not/", team_why.team_why_not, name="team_why_not"),
    path(T + "teams/<int:team_id>/why-not/", team_why.team_card_why_not, name="team_card_why_not"),
    path("accounts/login/", ThrottledLoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/set-password/<uidb64>/<token>/", accounts.SetPasswordView.as_view(), name="set_password"),
    path("accounts/password/", accounts.ChangePasswordView.as_view(), name="change_password"),
    path("admin/", admin.site.urls),
    path("", include("tourney.urls_reports")),
]
