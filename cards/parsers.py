"""The API's JSON parser: a request body nested too deeply is a 400 like any other broken JSON.

DRF's parser turns `ValueError` into a 400, but Python's parser raises `RecursionError` on deeply
nested arrays: a 200 KB body of `[` made every JSON endpoint answer 500. A body saved by an editor
that starts it with a UTF-8 byte-order mark is read without it (RFC 8259 §8.1 lets a parser ignore
it), as the command line and text bodies already read decklists.
"""

from __future__ import annotations

import codecs
import io
import json
from typing import Any

from django.utils.translation import gettext
from rest_framework import parsers
from rest_framework.exceptions import ParseError

from cards.games import jsontext
from cards.languages import translated


class JSONParser(parsers.JSONParser):
    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        body = stream.read()  # bounded: RequestBodyLimit refused larger bodies before the view
        if body.startswith(codecs.BOM_UTF8):
            body = body[len(codecs.BOM_UTF8) :]
        try:
            return super().parse(io.BytesIO(body), media_type, parser_context)
        except RecursionError:
            raise ParseError(gettext("JSON parse error - nested too deeply")) from None
        except ParseError as error:
            # DRF words Python's message in English; say where and why in the reader's words.
            cause = error.__context__
            if not isinstance(cause, json.JSONDecodeError):
                raise
            raise ParseError(
                gettext("JSON parse error - %(error)s")
                % {"error": translated(jsontext.problem(cause))}
            ) from None
