"""My cards: `/collection/<game>/…`, a collection's unlisted page, and a deck's owned/needed actions."""

from django.urls import path

from decklab.collections import views

app_name = "collections"

urlpatterns = [
    path("collection/<slug:game>/", views.mine, name="mine"),
    path("collection/<slug:game>/set", views.set_quantity, name="set"),
    path("collection/<slug:game>/paste", views.paste, name="paste"),
    path("collection/<slug:game>/product", views.product, name="product"),
    path("collection/<slug:game>/import", views.import_csv, name="import"),
    path("collection/<slug:game>/export.csv", views.export_csv, name="export"),
    path("collection/<slug:game>/share", views.share, name="share"),
    path("collection/<slug:game>/trades", views.trades, name="trades"),
    path("collection/<slug:game>/offer", views.offer, name="offer"),
    path("collection/<slug:game>/offers", views.offers, name="offers"),
    path("collection/<slug:game>/buildable", views.buildable, name="buildable"),
    path("collection/shared/<str:code>", views.shared, name="shared"),
    path("d/<str:code>/holdings", views.holdings, name="holdings"),
    path("d/<str:code>/wish", views.wish, name="wish"),
    path("d/<str:code>/built", views.built, name="built"),
]
