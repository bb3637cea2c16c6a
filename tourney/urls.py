from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from tourney import views, views_manage

T = "t/<int:tournament_id>/"
R = T + "rounds/<int:number>/"

urlpatterns = [
    path("", views.tournament_list, name="tournament_list"),
    path("new/", views_manage.tournament_create, name="tournament_create"),
    path("import/", views_manage.tournament_import, name="tournament_import"),
    # Public pages.
    path(T, views.tournament_detail, name="tournament_detail"),
    path(R, views.round_detail, name="round_detail"),
    path(R + "status/", views.round_status, name="round_status"),
    path(R + "standings/", views.round_standings, name="round_standings"),
    path(T + "players/<int:player_id>/", views.player_card, name="player_card"),
    # The arbiter's round.
    path(R + "pair/", views.round_pair, name="round_pair"),
    path(R + "exchange/", views.round_exchange, name="round_exchange"),
    path(R + "publish/", views.round_publish, name="round_publish"),
    path(R + "result/", views.round_result, name="round_result"),
    path(R + "close/", views.round_close, name="round_close"),
    # Organizer and registration.
    path(T + "settings/", views_manage.tournament_settings, name="tournament_settings"),
    path(T + "draw-colour/", views_manage.draw_colour, name="draw_colour"),
    path(T + "appointments/", views_manage.appointments, name="appointments"),
    path(T + "appointments/<int:appointment_id>/dismiss/", views_manage.dismiss, name="dismiss"),
    path(T + "registration/", views_manage.registration_page, name="registration"),
    path(T + "registration/add/", views_manage.player_add, name="player_add"),
    path(T + "registration/csv/", views_manage.player_csv, name="player_csv"),
    path(T + "registration/<int:player_id>/", views_manage.player_edit, name="player_edit"),
    path(T + "registration/<int:player_id>/withdraw/", views_manage.player_withdraw, name="player_withdraw"),
    path(T + "registration/<int:player_id>/reinstate/", views_manage.player_reinstate, name="player_reinstate"),
    path(T + "byes/", views_manage.bye_request, name="bye_request"),
    path(T + "byes/<int:bye_id>/cancel/", views_manage.bye_cancel, name="bye_cancel"),
    path(T + "audit/", views_manage.audit_log, name="audit"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
    path("", include("tourney.urls_reports")),  # standings, crosstable, printouts, exports (issue 8)
]
