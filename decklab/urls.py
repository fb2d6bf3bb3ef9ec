"""Site URLs: each area owns its own URL module; the JSON API lives under /api/v1/."""

from csp.decorators import csp_update
from django.conf import settings
from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path, re_path
from drf_spectacular.views import SpectacularSwaggerSplitView

from decklab import api
from decklab.health import healthz
from decklab.schema import CachedSchemaView

api_v1: list[URLPattern | URLResolver] = [
    path("", include("cards.urls_api")),
    path("", include("cards.community.urls_api")),
    path("", include("cards.urls_legality")),
    path("", include("decklab.decks.urls_api")),
    path("", include("decklab.collections.urls_api")),
    path("", include("decklab.goldfish.urls_api")),
    path("", include("decklab.events.urls_api")),
    path("", include("decklab.discovery.urls_api")),
    path("", include("decklab.accounts.urls_api")),
    # Last: any other address under /api/v1/ is a JSON 404, never the site's HTML page.
    re_path(r"^", api.not_found, name="api-not-found"),
]

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("api/v1/", include(api_v1)),
    # Built once per process and language (decklab/schema.py), not on every request.
    path("api/schema/", CachedSchemaView.as_view(), name="api-schema"),
    # The split view serves Swagger UI's start script as a file (the Content-Security-Policy
    # forbids inline scripts); its page keeps a small inline <style>, allowed on this page only.
    path(
        "api/docs/",
        csp_update({"style-src": ["'unsafe-inline'"]})(
            SpectacularSwaggerSplitView.as_view(
                url_name="api-schema", template_name="api_docs.html"
            )
        ),
        name="api-docs",
    ),
    path("accounts/", include("decklab.accounts.urls")),
    path("", include("decklab.decks.urls")),
    path("", include("decklab.discovery.urls")),
    path("", include("decklab.collections.urls")),
    path("", include("decklab.goldfish.urls")),
    path("", include("decklab.events.urls")),
    path("", include("cards.community.urls")),
    path("", include("cards.urls")),
]

if settings.DEBUG:
    from django.conf.urls.static import static

    urlpatterns += static(settings.MEDIA_URL, document_root=settings.MEDIA_ROOT)

#: A 500 under /api/ is JSON like the API's other errors (decklab.middleware.server_error).
handler500 = "decklab.middleware.server_error"
