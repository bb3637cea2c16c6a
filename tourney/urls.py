from django.contrib import admin
from django.urls import include, path

from tourney import views

urlpatterns = [
    path("", views.tournament_list, name="tournament_list"),
    path("t/<int:tournament_id>/", views.tournament_detail, name="tournament_detail"),
    path("t/<int:tournament_id>/rounds/<int:number>/", views.round_detail, name="round_detail"),
    path("t/<int:tournament_id>/rounds/<int:number>/pair/", views.round_pair, name="round_pair"),
    path("t/<int:tournament_id>/rounds/<int:number>/status/", views.round_status, name="round_status"),
    path("admin/", admin.site.urls),
    path("", include("tourney.urls_reports")),  # standings, crosstable, printouts, exports (issue 8)
]
