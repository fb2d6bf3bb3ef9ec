"""Discovery pages: the meta, players' profiles, and the social actions of a shared deck. The
public decks search keeps its address in the deck app's URLs (`decks:public`, CONTRACT §6)."""

from django.urls import path

from decklab.discovery.views import meta, social

app_name = "discovery"

urlpatterns = [
    path("meta/<slug:game>/", meta.meta, name="meta"),
    path("players/<str:username>/", social.player, name="player"),
    path("d/<str:code>/seen", social.seen, name="seen"),
    path("d/<str:code>/like", social.like, name="like"),
    path("d/<str:code>/tags", social.tags, name="tags"),
]
