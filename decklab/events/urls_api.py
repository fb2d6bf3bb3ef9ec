"""Event API URLs (under /api/v1/), CONTRACT §7."""

from django.urls import path

from decklab.events import apis

urlpatterns = [
    path("events", apis.EventListApi.as_view(), name="api-events"),
    path("events/<int:pk>", apis.EventDetailApi.as_view(), name="api-event"),
    path(
        "events/<int:pk>/registrations",
        apis.RegistrationListApi.as_view(),
        name="api-event-registrations",
    ),
    path(
        "events/<int:pk>/registrations/me",
        apis.MyRegistrationApi.as_view(),
        name="api-event-my-registration",
    ),
    path(
        "events/<int:pk>/registrations/<str:username>",
        apis.RegistrationDetailApi.as_view(),
        name="api-event-registration",
    ),
    path(
        "events/<int:pk>/registrations/<str:username>/lock",
        apis.RegistrationLockApi.as_view(),
        name="api-event-registration-lock",
    ),
    path(
        "events/<int:pk>/registrations/<str:username>/check",
        apis.DeckCheckApi.as_view(),
        name="api-event-deck-check",
    ),
    path("events/<int:pk>/lock", apis.LockApi.as_view(), name="api-event-lock"),
    path("events/<int:pk>/rounds", apis.RoundListApi.as_view(), name="api-event-rounds"),
    path(
        "events/<int:pk>/rounds/<int:number>", apis.RoundDetailApi.as_view(), name="api-event-round"
    ),
    path(
        "events/<int:pk>/rounds/<int:number>/results",
        apis.ResultApi.as_view(),
        name="api-event-results",
    ),
    path("events/<int:pk>/standings", apis.StandingsApi.as_view(), name="api-event-standings"),
    path("events/<int:pk>/export", apis.ExportApi.as_view(), name="api-event-export"),
]
