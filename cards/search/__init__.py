"""Card search in the database: the query language's syntax tree (`cards.games.query`) as ORM filters.

Each game's `fields.py` (`Game.search_fields`) is the one table of what can be searched: the
importer fills the search columns of `Card` from it (`index_columns`), the query translator reads
it, and the help page lists it. Every
query becomes plain ORM filters on those columns (LIKE, a regex per `field:value`, integer
comparisons), which behave alike on SQLite and PostgreSQL. On PostgreSQL, `field=value` and
`field:value` ask the tag index instead (migration 0009: the tags as an array with a GIN index, and
the vocabulary of tags, `SearchTag`), which finds the same cards without reading every row when the
value is too short for a trigram index (`set:EX`).

The package: `columns` (what the importer stores), `translate` (queries as filters, `search`),
`ordering` (sort orders and how a page of one is read), `examples` (the search boxes' and help
page's examples) and `display` (a card's fields as pages show them). Every public name is
importable from here.
"""

from __future__ import annotations

from cards.search.columns import fields, index_columns, number_order
from cards.search.display import (
    describe,
    facts,
    known_fields,
    row_columns,
    row_values,
    shown_values,
)
from cards.search.examples import (
    EXAMPLE_PARTS,
    HINT_EXAMPLES,
    choose_example,
    choose_hints,
    example_query,
    hint_examples,
    in_language,
    syntax_examples,
)
from cards.search.ordering import SORTS, PageOrder, ordered, page_order
from cards.search.translate import error_message, parse, search, type_word

__all__ = [
    "EXAMPLE_PARTS",
    "HINT_EXAMPLES",
    "SORTS",
    "PageOrder",
    "choose_example",
    "choose_hints",
    "describe",
    "error_message",
    "example_query",
    "facts",
    "fields",
    "hint_examples",
    "in_language",
    "index_columns",
    "known_fields",
    "number_order",
    "ordered",
    "page_order",
    "parse",
    "row_columns",
    "row_values",
    "search",
    "shown_values",
    "syntax_examples",
    "type_word",
]
