"""The OpenAPI document at `/api/schema/`, built once per process and language.

drf-spectacular walks every endpoint and serializer to build it: 1.1–1.4 s, on every request
(issue 25). The document depends only on the code and the language of its texts, so each process
keeps one per language: built in gunicorn's master before it forks (`decklab.wsgi.warm_up`), or on
a process's first request for a language it has not built yet. A deploy starts new processes, which
is the only way the code, and so the document, changes; the development server restarts on a
change of code too.
"""

from __future__ import annotations

import threading
from typing import Any

from django.conf import settings
from django.utils import translation
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.views import SpectacularAPIView
from rest_framework.response import Response

_documents: dict[tuple[str, str | None], dict[str, Any]] = {}
_building = threading.Lock()


def api_document(version: str | None = None) -> dict[str, Any]:
    """The public OpenAPI document in the active language, built on its first call per process."""
    key = (translation.get_language() or settings.LANGUAGE_CODE, version)
    document = _documents.get(key)
    if document is None:
        with _building:  # two threads of a cold worker build it once
            document = _documents.get(key)
            if document is None:
                generator = SchemaGenerator(api_version=version)
                document = _documents[key] = generator.get_schema(request=None, public=True)
    return document


def build_api_documents() -> None:
    """Build the document in every language of the site (gunicorn's master, `warm_up`)."""
    for code, _ in settings.LANGUAGES:
        with translation.override(code):
            api_document()


class CachedSchemaView(SpectacularAPIView):
    """`SpectacularAPIView` answering from `api_document` instead of generating per request."""

    def _get_schema_response(self, request):
        version = self.api_version or request.version or self._get_version_parameter(request)
        return Response(
            data=api_document(version),
            headers={
                "Content-Disposition": f'inline; filename="{self._get_filename(request, version)}"'
            },
        )
