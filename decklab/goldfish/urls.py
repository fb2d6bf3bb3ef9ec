"""Site URLs of simulation runs: the form, the run page and its live progress fragment."""

from django.urls import path

from decklab.goldfish import views

app_name = "goldfish"

urlpatterns = [
    path("goldfish/new/", views.new_run, name="new"),
    path("goldfish/runs/<int:pk>/", views.run_page, name="run"),
    path("goldfish/runs/<int:pk>/progress/", views.run_progress, name="run-progress"),
]
