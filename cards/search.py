"""The card query language: `type:battle color:red cost<=3 -kw:barrier (set:BT20 or set:BT21)`.

In the spirit of Scryfall and NetrunnerDB. Free words and "quoted phrases" match card names (and
the start of card numbers); `field:value`, `field=value` and `field<value` (`<=`, `>`, `>=`) match one
fact; `-` negates a term or a group; `or` joins alternatives; parentheses group. Names and values are
folded (`cards.games.text.fold`: NFKC, case, width, kana), so `ｶﾞﾝﾀﾞﾑ` finds `ガンダム`.

`FIELDS` is the one table of what can be searched per game: the importer fills the search columns of
`Card` from it (`index_columns`), the query translator reads it, and the help page lists it. Every
query becomes plain ORM filters on those columns (LIKE, a regex per `field:value`, integer
comparisons), which behave alike on SQLite and PostgreSQL.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from django.db.models import F, IntegerField, Q, QuerySet
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Cast

from cards.games import base
from cards.games.blade_rondo.schema import KINDS
from cards.games.dbscg.schema import COLORS as DBSCG_COLORS
from cards.games.dbscg.schema import TYPES as DBSCG_TYPES
from cards.games.draws_troidal.schema import ATTRIBUTES
from cards.games.dreadnought.schema import SIZES
from cards.games.dreadnought.schema import TYPES as DREADNOUGHT_TYPES
from cards.games.gundam_war.schema import COLORS as GUNDAM_WAR_COLORS
from cards.games.gundam_war.schema import G_KINDS
from cards.games.gundam_war.schema import TYPES as GUNDAM_WAR_TYPES
from cards.games.registry import get_game
from cards.games.text import fold
from cards.models import Card

#: The generic card-text field of every game (`text:【起動】`, `o:barrier`, as Scryfall's `o:`).
TEXT_FIELD = ("text", "o", "テキスト")
#: A query longer than this is refused rather than translated.
MAX_QUERY_LENGTH = 500
#: At most this many terms, so one query cannot become an unbounded SQL statement.
MAX_TERMS = 40

Kind = Literal["name", "tag", "number"]
Getter = Callable[[base.Card], Iterable[Any]]


class QueryError(ValueError):
    """A query that cannot be understood; `position` is the character offset of the problem."""

    def __init__(self, message: str, position: int):
        self.message = message
        self.position = position
        super().__init__(f"{message} (at character {position + 1})")


@dataclass(frozen=True)
class Field:
    """One searchable fact of a game's cards.

    `kind` decides the operators: `name` and `tag` fields take `:` (contains) and `=` (exactly);
    `number` fields also compare. A number field lives in the `column` of `Card` named so (indexed),
    or else under its name in `Card.stats` (a small JSON, cheap to read per row). `value_aliases` maps another spelling of a value (folded)
    to the stored one, so `色:赤` finds `Red`.
    """

    name: str
    kind: Kind
    label: str
    values: Getter
    aliases: tuple[str, ...] = ()
    column: str | None = None
    choices: tuple[str, ...] = ()
    value_aliases: Mapping[str, str] = field(default_factory=dict)
    examples: tuple[str, ...] = ()
    #: What a card page shows, when it differs from what is searched (an `X` cost).
    shown: Getter | None = None

    @property
    def operators(self) -> tuple[str, ...]:
        return (":", "=", "<", "<=", ">", ">=") if self.kind == "number" else (":", "=")


def _facts(*columns: str, split: str | None = None) -> Getter:
    """The card's values in these data columns (lists flattened, `split` cells cut apart)."""

    def values(card: base.Card) -> list[Any]:
        found: list[Any] = []
        for column in columns:
            value = card[column]
            items = value if isinstance(value, (list, tuple)) else [value]
            for item in items:
                if item is None or item == "":
                    continue
                if split and isinstance(item, str):
                    found += [part.strip() for part in item.split(split) if part.strip()]
                else:
                    found.append(item)
        return found

    return values


def _number(card: base.Card) -> list[str]:
    return [card.number]


def _type(card: base.Card) -> list[str]:
    return [card.type] if card.type else []


def _name(*more: str) -> Getter:
    others = _facts(*more)

    def values(card: base.Card) -> list[str]:
        return [card.name, *others(card)]

    return values


def _integers(getter: Getter) -> Getter:
    """Only the whole numbers of a column that may also hold a word (DBSCG's `X` energy cost)."""

    def values(card: base.Card) -> list[int]:
        return [v for v in getter(card) if isinstance(v, int) and not isinstance(v, bool)]

    return values


def _flags(**flags: str) -> Getter:
    """`is:` values: the flag word for every true yes/no column."""

    def values(card: base.Card) -> list[str]:
        return [word for column, word in flags.items() if card[column]]

    return values


def _aliases(pairs: Mapping[str, str]) -> dict[str, str]:
    return {fold(alias): fold(value) for alias, value in pairs.items()}


NAME = "name"
NUMBER = Field(
    "number",
    "tag",
    "Card number",
    _number,
    ("no", "番号", "カード番号"),
)


def _name_field(label: str, values: Getter) -> Field:
    return Field(NAME, "name", label, values, ("n", "名前", "カード名"))


def _type_field(
    choices: tuple[str, ...], value_aliases: Mapping[str, str], examples: tuple[str, ...]
) -> Field:
    """A game's card type, with the Japanese word for each type as a value alias."""
    return Field(
        "type",
        "tag",
        "Card type",
        _type,
        ("t", "種類", "タイプ"),
        choices=choices,
        value_aliases=_aliases(value_aliases),
        examples=examples,
    )


def _keyword_field(examples: tuple[str, ...]) -> Field:
    return Field(
        "kw",
        "tag",
        "Keyword",
        _facts("keywords"),
        ("keyword", "keywords", "キーワード"),
        examples=examples,
    )


FIELDS: dict[str, tuple[Field, ...]] = {
    "dbscg": (
        _name_field("Name (either side)", _name("name_back")),
        NUMBER,
        _type_field(
            DBSCG_TYPES,
            {
                "リーダー": "Leader",
                "バトル": "Battle",
                "エクストラ": "Extra",
                "ユニゾン": "Unison",
            },
            ("type:battle", "type=z-leader", "種類:リーダー"),
        ),
        Field(
            "color",
            "tag",
            "Colour",
            _facts("colors"),
            ("c", "colour", "colors", "色"),
            choices=DBSCG_COLORS,
            value_aliases=_aliases(
                {
                    "赤": "Red",
                    "青": "Blue",
                    "緑": "Green",
                    "黄": "Yellow",
                    "黒": "Black",
                    "白": "White",
                }
            ),
            examples=("color:red", "-color:black", "色:赤"),
        ),
        Field(
            "cost",
            "number",
            "Energy cost",
            _integers(_facts("energy_cost")),
            ("e", "energy", "コスト", "エナジー"),
            column="cost",
            shown=_facts("energy_cost"),
            examples=("cost<=3", "cost=0"),
        ),
        Field(
            "power",
            "number",
            "Power (front side)",
            _facts("power"),
            ("p", "パワー"),
            column="power",
            examples=("power>=15000",),
        ),
        Field(
            "combo",
            "number",
            "Combo power",
            _facts("combo_power"),
            ("combo_power", "コンボ", "コンボパワー"),
            examples=("combo>=10000",),
        ),
        Field(
            "combocost",
            "number",
            "Combo cost",
            _facts("combo_cost"),
            ("combo_cost", "コンボコスト"),
            examples=("combocost=0",),
        ),
        Field(
            "spec",
            "tag",
            "Specified cost (colour letters)",
            _facts("specified_cost"),
            ("specified", "specified_cost", "指定コスト"),
            examples=("spec=RR",),
        ),
        Field("set", "tag", "Set", _facts("set"), ("s", "弾", "セット"), examples=("set:BT20",)),
        Field(
            "rarity", "tag", "Rarity", _facts("rarity"), ("r", "レアリティ"), examples=("r=scr",)
        ),
        Field(
            "trait",
            "tag",
            "Special trait",
            _facts("traits"),
            ("traits", "特徴"),
            examples=("trait:saiyan",),
        ),
        Field(
            "character",
            "tag",
            "Character",
            _facts("characters", split="//"),
            ("char", "characters", "キャラ", "キャラクター"),
            examples=("char:goku",),
        ),
        Field("era", "tag", "Era", _facts("era", split="//"), ("時代",), examples=("era:broly",)),
        _keyword_field(('kw:"super combo"', "kw=barrier")),
    ),
    "gundam_war": (
        _name_field(
            "Name (with or without model number)",
            lambda card: [card.name, *_facts("model_number")(card)],
        ),
        NUMBER,
        Field(
            "model",
            "tag",
            "Model number (型番)",
            _facts("model_number"),
            ("model_number", "型番"),
            examples=("model:RX-78",),
        ),
        _type_field(
            GUNDAM_WAR_TYPES,
            {
                "ユニット": "UNIT",
                "キャラクター": "CHARACTER",
                "キャラ": "CHARACTER",
                "オペレーション": "OPERATION",
                "コマンド": "COMMAND",
                "ジェネレーション": "G",
                "generation": "G",
            },
            ("type:unit", "種類:ユニット"),
        ),
        Field(
            "color",
            "tag",
            "Colour",
            _facts("color"),
            ("c", "colour", "色"),
            choices=GUNDAM_WAR_COLORS,
            value_aliases=_aliases(
                {
                    "blue": "青",
                    "green": "緑",
                    "black": "黒",
                    "red": "赤",
                    "brown": "茶",
                    "white": "白",
                    "purple": "紫",
                }
            ),
            examples=("色:青", "color:blue"),
        ),
        Field("set", "tag", "Set", _facts("set"), ("s", "弾", "セット"), examples=("set:1st",)),
        Field(
            "g",
            "tag",
            "G kind",
            _facts("g_kind"),
            ("g_kind", "gkind"),
            choices=G_KINDS,
            examples=("g=special",),
        ),
        _keyword_field(("kw:ユニーク",)),
        Field(
            "cost",
            "number",
            "Total cost",
            _facts("total_cost"),
            ("total", "total_cost", "合計コスト", "コスト"),
            column="cost",
            examples=("cost<=3",),
        ),
        Field(
            "colorcost",
            "number",
            "Colour cost",
            _facts("color_cost"),
            ("color_cost", "色コスト"),
            examples=("colorcost>=2",),
        ),
    ),
    "dreadnought": (
        _name_field("Name or epithet (二つ名)", _name("epithet")),
        NUMBER,
        Field("epithet", "tag", "Epithet (二つ名)", _facts("epithet"), ("二つ名",), examples=()),
        Field("version", "tag", "Version", _facts("version"), ("バージョン",)),
        _type_field(
            DREADNOUGHT_TYPES,
            {"caster": "キャスター", "unit": "ユニット", "code": "コード", "arms": "アームズ"},
            ("種類:ユニット", "type:caster"),
        ),
        Field(
            "cluster",
            "tag",
            "Cluster (a caster's colour, or a card's construction condition)",
            _facts("cluster"),
            ("c", "color", "colour", "色", "クラスタ", "クラスター"),
            value_aliases=_aliases(
                {"red": "赤", "blue": "青", "yellow": "黄", "black": "黒", "green": "緑"}
            ),
            examples=("cluster:青", "cluster=赤赤"),
        ),
        Field(
            "size", "tag", "Size", _facts("size"), ("サイズ",), choices=SIZES, examples=("size=S",)
        ),
        Field(
            "bp",
            "number",
            "BP",
            _facts("bp"),
            ("power", "p"),
            column="power",
            examples=("bp>=5",),
        ),
        Field("hp", "number", "HP", _facts("hp"), (), examples=("hp>=3",)),
        Field("speed", "tag", "Speed", _facts("speed"), ("sp", "スピード"), examples=("speed=A",)),
        Field(
            "cost",
            "number",
            "Log cost",
            _facts("log_cost"),
            ("log", "log_cost", "ログ", "ログコスト", "コスト"),
            column="cost",
            examples=("cost<=1",),
        ),
        Field(
            "limit",
            "tag",
            "Deck limit (デッキ構築【…】)",
            _facts("deck_limit"),
            ("deck_limit", "デッキ構築"),
            examples=("limit=10",),
        ),
    ),
    "blade_rondo": (
        _name_field("Name", _name()),
        NUMBER,
        Field(
            "kind",
            "tag",
            "Kind",
            _facts("kind"),
            ("type", "t", "種類"),
            choices=KINDS,
            examples=("kind=magical",),
        ),
        Field(
            "set",
            "tag",
            "Set deck",
            _facts("sets"),
            ("sets", "s", "セット"),
            examples=("set:bladeRondo",),
        ),
        Field(
            "cost",
            "number",
            "Cost",
            _facts("cost"),
            ("コスト",),
            column="cost",
            examples=("cost>=3",),
        ),
        Field(
            "is",
            "tag",
            "Flags",
            _flags(limited="limited"),
            (),
            choices=("limited",),
            value_aliases=_aliases({"リミテッド": "limited"}),
            examples=("is:limited", "-is:limited"),
        ),
    ),
    "draws_troidal": (
        _name_field("Name", _name()),
        NUMBER,
        Field(
            "attr",
            "tag",
            "Attribute",
            _facts("attribute"),
            ("attribute", "属性"),
            choices=ATTRIBUTES,
            examples=("attr:水", "attr=陽"),
        ),
        Field(
            "power",
            "number",
            "Power",
            _facts("power"),
            ("p", "パワー"),
            column="power",
            examples=("power>=5",),
        ),
        Field("risk", "number", "Risk", _facts("risk"), ("リスク",), examples=("risk<=2",)),
        Field("guard", "number", "Guard", _facts("guard"), ("ガード",)),
    ),
}

#: The ways to order a card list: name → model field path.
SORTS: dict[str, str] = {
    "number": "number_order",
    "name": "name",
    "type": "type",
    "cost": "cost",
    "power": "power",
}


def fields(game_slug: str) -> tuple[Field, ...]:
    """The searchable fields of a game; `UnknownGame` for a slug not in the registry."""
    get_game(game_slug)
    return FIELDS[game_slug]


def _field_lookup(game_slug: str) -> dict[str, Field]:
    lookup: dict[str, Field] = {}
    for item in fields(game_slug):
        for spelling in (item.name, *item.aliases):
            lookup.setdefault(fold(spelling), item)
    return lookup


# --- Search columns --------------------------------------------------------------------------

_SEPARATOR = "|"


def _tag_text(value: Any) -> str:
    return fold(str(value)).replace(_SEPARATOR, "/")


def index_columns(game_slug: str, card: base.Card) -> dict[str, Any]:
    """The search columns of `Card` for one card: folded names, folded `|field:value|` tags,
    the indexed integer columns (`cost`, `power`) and the other numbers (`stats`)."""
    names: list[str] = []
    tags: list[str] = []
    numbers: dict[str, int | None] = {"cost": None, "power": None}
    stats: dict[str, int] = {}
    for item in fields(game_slug):
        values = list(item.values(card))
        if item.kind == "name":
            names += [_tag_text(v) for v in values]
        elif item.kind == "tag":
            tags += [f"{item.name}:{_tag_text(v)}" for v in values]
        elif values and item.column:
            numbers[item.column] = int(values[0])
        elif values:
            stats[item.name] = int(values[0])
    return {
        "number_order": number_order(card.number),
        "name_folded": _wrap(dict.fromkeys(names)),
        "tags": _wrap(dict.fromkeys(tags)),
        "stats": stats,
        **numbers,
    }


def number_order(number: str) -> str:
    """A key that sorts card numbers as people do: BT1-023 before BT10-001 (digit runs padded).

    Cut to its column's length: padding can make a valid 64-character number several times longer,
    which PostgreSQL refuses; past the first runs the order hardly matters.
    """
    padded = re.sub(r"\d+", lambda digits: digits[0].zfill(8), fold(number))
    return padded[: Card._meta.get_field("number_order").max_length]


def _wrap(values: Iterable[str]) -> str:
    """`|a|b|`: every value between separators, so a LIKE can match one value exactly."""
    joined = _SEPARATOR.join(values)
    return f"{_SEPARATOR}{joined}{_SEPARATOR}" if joined else ""


# --- Query parsing ---------------------------------------------------------------------------

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
_OPERATORS = ("<=", ">=", ":", "=", "<", ">")
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
        raise QueryError("this quote is never closed", start)
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
                raise QueryError("'-' cannot negate 'or'", start)
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
        raise QueryError(f"'{operator}' needs a field name before it, e.g. color{operator}…", start)
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


class _Parser:
    """Recursive descent: `or` binds looser than juxtaposition (and); `-` binds tightest."""

    def __init__(self, game_slug: str, query: str):
        self.game_slug = game_slug
        self.query = query
        self.tokens = _tokens(query)
        self.index = 0
        self.fields = _field_lookup(game_slug)
        terms = sum(1 for token in self.tokens if token.kind == "term")
        if terms > MAX_TERMS:
            raise QueryError(f"too many terms ({terms}); at most {MAX_TERMS}", 0)

    def parse(self) -> Q:
        if not self.tokens:
            return Q()
        result = self._or()
        if self.index < len(self.tokens):
            token = self.tokens[self.index]
            raise QueryError("this ')' has no matching '('", token.position)
        return result

    def _peek(self) -> _Token | None:
        return self.tokens[self.index] if self.index < len(self.tokens) else None

    def _or(self) -> Q:
        first = self._peek()
        if first is not None and first.kind == "or":
            raise QueryError("'or' needs a search term before it", first.position)
        result = self._and()
        while (token := self._peek()) is not None and token.kind == "or":
            self.index += 1
            following = self._peek()
            if following is None or following.kind in (")", "or"):
                raise QueryError("'or' needs a search term after it", token.position)
            result |= self._and()
        return result

    def _and(self) -> Q:
        result = Q()
        while (token := self._peek()) is not None and token.kind not in (")", "or"):
            result &= self._unary()
        return result

    def _unary(self) -> Q:
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
            raise QueryError("these parentheses are empty", opening.position)
        inner = self._or()
        closing = self._peek()
        if closing is None or closing.kind != ")":
            raise QueryError("this '(' is never closed", opening.position)
        self.index += 1
        return ~inner if negated else inner

    def _term(self, term: _Term) -> Q:
        condition = self._field_condition(term) if term.field is not None else _free(term)
        return ~condition if term.negated else condition

    def _field_condition(self, term: _Term) -> Q:
        assert term.field is not None and term.operator is not None
        if fold(term.field) in TEXT_FIELD and fold(term.value):
            # Every game's card text (user-entered, `Card.text_folded`): a phrase anywhere in it.
            return Q(text_folded__contains=fold(term.value))
        item = self.fields.get(fold(term.field))
        if item is None:
            known = ", ".join(f.name for f in fields(self.game_slug))
            raise QueryError(
                f"unknown field '{term.field}'; this game's fields are: {known}", term.position
            )
        value = fold(term.value)
        if not value:
            raise QueryError(f"'{term.field}{term.operator}' needs a value", term.value_position)
        if term.operator not in item.operators:
            raise QueryError(
                f"'{term.operator}' compares numbers, and {item.name} is text: use ':' or '='",
                term.operator_position,
            )
        value = item.value_aliases.get(value, value)
        if item.kind == "number":
            return _number_condition(item, term, value)
        if item.kind == "name":
            exact = f"{_SEPARATOR}{_tag_text(value)}{_SEPARATOR}"
            if term.operator == "=":
                return Q(name_folded__contains=exact)
            return Q(name_folded__contains=_tag_text(value))
        tag = f"{item.name}:{_tag_text(value)}"
        if term.operator == "=":
            return Q(tags__contains=f"{_SEPARATOR}{tag}{_SEPARATOR}")
        # `:` — the value anywhere inside one of this field's tags, never across two tags. Only
        # a regex can say "not across" (and it is a Python call per row on SQLite), so cheap
        # LIKEs go first: a tag that starts with the value needs no regex, and a row that holds
        # the value nowhere is out before the regex runs.
        text = _tag_text(value)
        pattern = rf"\|{_regex_literal(item.name)}:[^|]*{_regex_literal(text)}"
        starts = Q(tags__contains=f"{_SEPARATOR}{item.name}:{text}")
        return starts | (Q(tags__contains=text) & Q(tags__regex=pattern))


def _free(term: _Term) -> Q:
    """A free word or phrase: part of a name, or the start of a card number."""
    value = _tag_text(term.value)
    if not value:
        raise QueryError("empty quotes: put a word between them", term.position)
    return Q(name_folded__contains=value) | Q(tags__contains=f"{_SEPARATOR}number:{value}")


_COMPARISONS = {":": "exact", "=": "exact", "<": "lt", "<=": "lte", ">": "gt", ">=": "gte"}


def _number_condition(item: Field, term: _Term, value: str) -> Q:
    digits = value.replace(",", "")
    if not re.fullmatch(r"[+-]?\d{1,9}", digits):
        raise QueryError(
            f"{item.name} is a number: '{term.value}' is not a whole number", term.value_position
        )
    lookup = _COMPARISONS[term.operator or ":"]
    target = item.column or f"_n_{item.name}"
    return Q(**{f"{target}__{lookup}": int(digits)})


def _regex_literal(text: str) -> str:
    """`text` as a regex literal that means the same to Python's `re` (SQLite) and PostgreSQL."""
    return "".join(f"\\{c}" if c.isascii() and not c.isalnum() else c for c in text)


def parse(game_slug: str, query: str) -> Q:
    """The filter for a query; `QueryError` (message, position) when it cannot be understood."""
    if len(query) > MAX_QUERY_LENGTH:
        raise QueryError(
            f"the query is longer than {MAX_QUERY_LENGTH} characters", MAX_QUERY_LENGTH
        )
    control = re.search(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]", query)
    if control:
        raise QueryError("the query holds a control character", control.start())
    return _Parser(game_slug, query).parse()


def search(game_slug: str, query: str) -> QuerySet[Card]:
    """The cards of a game that match `query` (all of them for an empty query)."""
    condition = parse(game_slug, query)
    cards = Card.objects.filter(game=game_slug)
    # Number facts without a column of their own are read from the small `stats` JSON (an alias
    # costs nothing unless the filter uses it). A missing key casts to SQL NULL on both databases,
    # so it never compares true.
    stat_numbers = {
        f"_n_{item.name}": Cast(KeyTextTransform(item.name, "stats"), IntegerField())
        for item in fields(game_slug)
        if item.kind == "number" and not item.column
    }
    return cards.alias(**stat_numbers).filter(condition)


def ordered(cards: QuerySet[Card], sort: str, descending: bool = False) -> QuerySet[Card]:
    """Cards in a `SORTS` order (cards without the value last), then by number."""
    path = SORTS.get(sort, SORTS["number"])
    expression = F(path).desc(nulls_last=True) if descending else F(path).asc(nulls_last=True)
    return cards.order_by(expression, SORTS["number"])


def facts(game_slug: str, card: base.Card) -> list[tuple[str, str]]:
    """(label, value) for every field the card has a value for, names and number aside: what
    card pages and generated faces show."""
    shown = []
    for item in fields(game_slug):
        if item.name in (NAME, NUMBER.name):
            continue
        values = [str(v) for v in (item.shown or item.values)(card)]
        if values:
            shown.append((item.label, " / ".join(dict.fromkeys(values))))
    return shown


def describe(item: Field) -> dict[str, Any]:
    """A field as the help page and the API show it."""
    return {
        "name": item.name,
        "label": item.label,
        "kind": item.kind,
        "aliases": list(item.aliases),
        "operators": list(item.operators),
        "choices": list(item.choices),
        "examples": list(item.examples),
    }


def known_fields(game_slug: str) -> list[dict[str, Any]]:
    return [describe(item) for item in fields(game_slug)]
