"""Community card data pages (namespace `community`), mounted before `cards.urls`."""

from django.urls import path

from cards.community import views

app_name = "community"

urlpatterns = [
    path("cards/<slug:game>/propose/", views.propose, name="propose"),
    path("cards/<slug:game>/propose/file/", views.propose_file, name="propose-file"),
    path("cards/<slug:game>/coverage/", views.coverage_page, name="coverage"),
    path("cards/<slug:game>/download.<str:kind>", views.download, name="download"),
    # Gundam War numbers hold a `/` (`青/CH-1`), hence `path:`.
    path("cards/<slug:game>/history/<path:number>", views.history, name="history"),
    path("community/proposals/", views.mine, name="mine"),
    path("community/proposals/<int:pk>/", views.proposal_detail, name="proposal"),
    path("community/proposals/<int:pk>/image.png", views.proposal_image, name="proposal-image"),
    path("community/proposals/<int:pk>/review", views.review, name="review"),
    path("community/review/", views.queue, name="queue"),
    path("community/revisions/<int:pk>/revert", views.revert, name="revert"),
]
