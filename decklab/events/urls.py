"""Event pages."""

from django.urls import path

from decklab.events import views

app_name = "events"

urlpatterns = [
    path("events/", views.event_list, name="list"),
    path("events/new/", views.event_new, name="new"),
    path("events/<int:pk>/", views.event_detail, name="detail"),
    path("events/<int:pk>/register", views.event_register, name="register"),
    path("events/<int:pk>/drop", views.event_drop, name="drop"),
    path("events/<int:pk>/manage/", views.event_manage, name="manage"),
    path("events/<int:pk>/lock", views.event_lock, name="lock"),
    path("events/<int:pk>/rounds/new", views.round_start, name="round-start"),
    path("events/<int:pk>/rounds/<int:number>/", views.round_detail, name="round"),
    path("events/<int:pk>/rounds/<int:number>/result", views.result_post, name="result"),
    path("events/<int:pk>/standings/", views.standings, name="standings"),
    path("events/<int:pk>/lists/<str:username>/", views.list_detail, name="list-detail"),
    path("events/<int:pk>/lists/<str:username>/sheet.pdf", views.list_sheet, name="sheet"),
    path("events/<int:pk>/check/<str:username>/", views.deck_check, name="check"),
]
