"""Site URLs: each area owns its own URL module; the JSON API lives under /api/v1/."""

from django.conf import settings
from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

api_v1 = [
    path("", include("cards.urls_api")),
    path("", include("cards.community.urls_api")),
    path("", include("cards.urls_legality")),
    path("", include("decklab.decks.urls_api")),
    path("", include("decklab.goldfish.urls_api")),
]

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/v1/", include(api_v1)),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("accounts/", include("decklab.accounts.urls")),
    path("", include("decklab.decks.urls")),
    path("", include("decklab.goldfish.urls")),
    path("", include("cards.community.urls")),
    path("", include("cards.urls")),
]

if settings.DEBUG:
    from django.conf.urls.static import static

    urlpatterns += static(settings.MEDIA_URL, document_root=settings.MEDIA_ROOT)
