"""Card pages: `/`, `/cards/<game>/…` (names in the `cards` namespace), `/cards/upload/`."""

from django.urls import include, path

from cards import views

card_patterns = [
    path("upload/", views.upload_cards, name="upload"),
    path("upload/<int:pk>/", views.upload_progress, name="upload-progress"),
    path("<slug:game>/", views.card_list, name="list"),
    path("<slug:game>/help/", views.search_help, name="help"),
    # Gundam War numbers hold a `/` (`青/CH-1`), hence `path:`.
    path("<slug:game>/card/<path:number>", views.card_detail, name="detail"),
    path("<slug:game>/face/<path:number>.png", views.card_face, name="face"),
    path("<slug:game>/image/<path:number>", views.card_image, name="image"),
]

urlpatterns = [
    path("", views.home, name="home"),
    path("rules/<slug:game>/", views.rules_page, name="rules"),
    path("cards/", include((card_patterns, "cards"))),
]
