"""The card query language, parsed: text → a syntax tree whose nodes keep their positions.

`type:battle color:red cost<=3 -kw:barrier (set:BT20 or set:BT21)`, in the spirit of Scryfall and
NetrunnerDB. Free words and "quoted phrases" match card names (and the start of card numbers);
`field:value`, `field=value` and `field<value` (`<=`, `>`, `>=`) match one fact; `-` negates a term
or a group; `or` joins alternatives; parentheses group. Names and values are folded
(`cards.games.text.fold`: NFKC, case, width, kana), so `ｶﾞﾝﾀﾞﾑ` finds `ガンダム`.

Pure Python: `parse(fields, query)` checks the query against a game's search fields
(`Game.search_fields`) and answers a tree of `AllOf`, `AnyOf`, `Not`, `Words` and `Compare`, or
raises `QueryError` with the character position of the problem. `cards/search/` translates the
tree into ORM filters.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from cards.games.fields import Field
from cards.games.messages import gettext_noop
from cards.games.text import fold

#: A query longer than this is refused rather than translated.
MAX_QUERY_LENGTH = 500
#: At most this many terms, so one query cannot become an unbounded SQL statement.
MAX_TERMS = 40


class QueryError(ValueError):
    """A query that cannot be understood; `position` is the character offset of the problem."""

    def __init__(self, text: str, position: int, **values: object):
        #: `text` is marked for the site's catalogue (`gettext_noop`) and filled with `values`
        #: (`%(name)s`): `message` is the English, `cards.search.error_message` the reader's.
        self.text = text
        self.values = values
        self.message = text % values if values else text
        self.position = position
        super().__init__(f"{self.message} (at character {position + 1})")


# --- The syntax tree -------------------------------------------------------------------------


@dataclass(frozen=True)
class Words:
    """A free word or "phrase" (folded): part of a card name, or the start of its number."""

    position: int
    text: str


@dataclass(frozen=True)
class Compare:
    """`field operator value`: the value folded and its alias resolved; an `int` for numbers."""

    position: int
    field: Field
    operator: str
    value: str | int


@dataclass(frozen=True)
class Not:
    position: int
    node: Node


@dataclass(frozen=True)
class AllOf:
    """Every part holds (terms side by side). No parts: the empty query, every card."""

    parts: tuple[Node, ...]


@dataclass(frozen=True)
class AnyOf:
    """One of the parts holds (`or`)."""

    parts: tuple[Node, ...]


Node = Words | Compare | Not | AllOf | AnyOf


# --- Tokens ----------------------------------------------------------------------------------

#: Full-width and typographic spellings of the query syntax, as typed on Japanese keyboards.
_SYNTAX = str.maketrans(
    {
        "：": ":",
        "＝": "=",
        "＜": "<",
        "＞": ">",
        "（": "(",
        "）": ")",
        "＂": '"',
        "“": '"',
        "”": '"',
        "－": "-",
        "≦": "<",
        "≧": ">",
        "\u3000": " ",
    }
)
_OR_WORDS = {"or", "または"}


@dataclass(frozen=True)
class _Term:
    position: int
    negated: bool
    value: str
    value_position: int
    field: str | None = None
    operator: str | None = None
    operator_position: int = 0
    quoted: bool = False


@dataclass(frozen=True)
class _Token:
    kind: Literal["(", ")", "or", "not", "term"]
    position: int
    term: _Term | None = None


def _read_quoted(raw: str, start: int) -> tuple[str, int]:
    """The text between the quote at `start` and its closing quote; the position after it."""
    end = raw.find('"', start + 1)
    if end < 0:
        raise QueryError(gettext_noop("this quote is never closed"), start)
    return raw[start + 1 : end], end + 1


def _read_word(raw: str, start: int) -> int:
    """The end of a bare word: a space, or a `)` that closes no `(` opened inside the word."""
    depth = 0
    position = start
    while position < len(raw) and not raw[position].isspace():
        char = raw[position]
        if char == "(":
            depth += 1
        elif char == ")":
            if depth == 0:
                break
            depth -= 1
        elif char == '"':
            break
        position += 1
    return position


def _tokens(query: str) -> list[_Token]:
    raw = query.translate(_SYNTAX)  # one character for one: positions stay those of `query`
    tokens: list[_Token] = []
    position = 0
    while position < len(raw):
        char = raw[position]
        if char.isspace():
            position += 1
            continue
        if char in "()":
            tokens.append(_Token(char, position))  # type: ignore[arg-type]
            position += 1
            continue
        start = position
        negated = char == "-" and position + 1 < len(raw) and not raw[position + 1].isspace()
        if negated:
            position += 1
            if raw[position] == "(":
                tokens.append(_Token("not", start))
                continue
        term, position = _read_term(raw, start, position, negated)
        if not term.quoted and term.field is None and term.value.casefold() in _OR_WORDS:
            if negated:
                raise QueryError(gettext_noop("'-' cannot negate 'or'"), start)
            tokens.append(_Token("or", start))
        else:
            tokens.append(_Token("term", start, term))
    return tokens


def _read_term(raw: str, start: int, position: int, negated: bool) -> tuple[_Term, int]:
    if raw[position] == '"':
        value, end = _read_quoted(raw, position)
        return _Term(start, negated, value, position + 1, quoted=True), end
    end = _read_word(raw, position)
    word = raw[position:end]
    match = re.search(r"<=|>=|[:=<>]", word)
    if match is None:
        return _Term(start, negated, word, position), end
    name = word[: match.start()]
    operator = match.group()
    operator_position = position + match.start()
    if not name:
        raise QueryError(
            gettext_noop("'%(operator)s' needs a field name before it, e.g. color%(operator)s…"),
            start,
            operator=operator,
        )
    value_position = operator_position + len(operator)
    if value_position < len(raw) and raw[value_position] == '"':
        value, end = _read_quoted(raw, value_position)
        value_position += 1
        quoted = True
    else:
        end = _read_word(raw, value_position)
        value = raw[value_position:end]
        quoted = False
    return (
        _Term(
            start,
            negated,
            value,
            value_position,
            field=name,
            operator=operator,
            operator_position=operator_position,
            quoted=quoted,
        ),
        end,
    )


# --- Parsing ---------------------------------------------------------------------------------


def field_lookup(fields: tuple[Field, ...]) -> dict[str, Field]:
    """Every folded spelling (name and aliases) of the fields → the field."""
    lookup: dict[str, Field] = {}
    for item in fields:
        for spelling in (item.name, *item.aliases):
            lookup.setdefault(fold(spelling), item)
    return lookup


class _Parser:
    """Recursive descent: `or` binds looser than juxtaposition (and); `-` binds tightest."""

    def __init__(self, fields: tuple[Field, ...], query: str):
        self.known = fields
        self.query = query
        self.tokens = _tokens(query)
        self.index = 0
        self.fields = field_lookup(fields)
        terms = sum(1 for token in self.tokens if token.kind == "term")
        if terms > MAX_TERMS:
            raise QueryError(
                gettext_noop("too many terms (%(terms)d); at most %(limit)d"),
                0,
                terms=terms,
                limit=MAX_TERMS,
            )

    def parse(self) -> Node:
        if not self.tokens:
            return AllOf(())
        result = self._or()
        if self.index < len(self.tokens):
            token = self.tokens[self.index]
            raise QueryError(gettext_noop("this ')' has no matching '('"), token.position)
        return result

    def _peek(self) -> _Token | None:
        return self.tokens[self.index] if self.index < len(self.tokens) else None

    def _or(self) -> Node:
        first = self._peek()
        if first is not None and first.kind == "or":
            raise QueryError(gettext_noop("'or' needs a search term before it"), first.position)
        parts = [self._and()]
        while (token := self._peek()) is not None and token.kind == "or":
            self.index += 1
            following = self._peek()
            if following is None or following.kind in (")", "or"):
                raise QueryError(gettext_noop("'or' needs a search term after it"), token.position)
            parts.append(self._and())
        return parts[0] if len(parts) == 1 else AnyOf(tuple(parts))

    def _and(self) -> Node:
        parts = []
        while (token := self._peek()) is not None and token.kind not in (")", "or"):
            parts.append(self._unary())
        return parts[0] if len(parts) == 1 else AllOf(tuple(parts))

    def _unary(self) -> Node:
        token = self.tokens[self.index]
        self.index += 1
        if token.kind == "term":
            assert token.term is not None
            return self._term(token.term)
        negated = token.kind == "not"
        if negated:
            self.index += 1  # the "(" that follows the "-"
        opening = self.tokens[self.index - 1]
        closing = self._peek()
        if closing is not None and closing.kind == ")":
            raise QueryError(gettext_noop("these parentheses are empty"), opening.position)
        inner = self._or()
        closing = self._peek()
        if closing is None or closing.kind != ")":
            raise QueryError(gettext_noop("this '(' is never closed"), opening.position)
        self.index += 1
        return Not(token.position, inner) if negated else inner

    def _term(self, term: _Term) -> Node:
        node = self._compare(term) if term.field is not None else _words(term)
        return Not(term.position, node) if term.negated else node

    def _compare(self, term: _Term) -> Compare:
        assert term.field is not None and term.operator is not None
        item = self.fields.get(fold(term.field))
        if item is None:
            known = ", ".join(f.name for f in self.known)
            raise QueryError(
                gettext_noop("unknown field '%(field)s'; this game's fields are: %(known)s"),
                term.position,
                field=term.field,
                known=known,
            )
        value = fold(term.value)
        if not value:
            raise QueryError(
                gettext_noop("'%(term)s' needs a value"),
                term.value_position,
                term=term.field + term.operator,
            )
        if term.operator not in item.operators:
            raise QueryError(
                gettext_noop(
                    "'%(operator)s' compares numbers, and %(field)s is text: use ':' or '='"
                ),
                term.operator_position,
                operator=term.operator,
                field=item.name,
            )
        value = item.value_aliases.get(value, value)
        if item.kind == "number":
            return Compare(term.position, item, term.operator, _whole_number(item, term, value))
        return Compare(term.position, item, term.operator, value)


def _words(term: _Term) -> Words:
    value = fold(term.value)
    if not value:
        raise QueryError(gettext_noop("empty quotes: put a word between them"), term.position)
    return Words(term.position, value)


def _whole_number(item: Field, term: _Term, value: str) -> int:
    digits = value.replace(",", "")
    if not re.fullmatch(r"[+-]?\d{1,9}", digits):
        raise QueryError(
            gettext_noop("%(field)s is a number: '%(value)s' is not a whole number"),
            term.value_position,
            field=item.name,
            value=term.value,
        )
    return int(digits)


def parse(fields: tuple[Field, ...], query: str) -> Node:
    """The syntax tree of a query over these fields; `QueryError` (message, position) when it
    cannot be understood."""
    if len(query) > MAX_QUERY_LENGTH:
        raise QueryError(
            gettext_noop("the query is longer than %(limit)d characters"),
            MAX_QUERY_LENGTH,
            limit=MAX_QUERY_LENGTH,
        )
    control = re.search(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]", query)
    if control:
        raise QueryError(gettext_noop("the query holds a control character"), control.start())
    return _Parser(fields, query).parse()
