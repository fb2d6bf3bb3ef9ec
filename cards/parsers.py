"""The API's JSON parser: a request body nested too deeply is a 400 like any other broken JSON.

DRF's parser turns `ValueError` into a 400, but Python's parser raises `RecursionError` on deeply
nested arrays: a 200 KB body of `[` made every JSON endpoint answer 500.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext
from rest_framework import parsers
from rest_framework.exceptions import ParseError


class JSONParser(parsers.JSONParser):
    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError(gettext("JSON parse error - nested too deeply")) from None
