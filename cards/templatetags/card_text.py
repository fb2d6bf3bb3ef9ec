"""`{{ card.text|card_text }}`: a card's text, escaped, its keyword brackets highlighted."""

import re

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

#: Keyword brackets as the games print them: 【起動】, 《ユニーク》, [Barrier] (no nesting).
KEYWORD = re.compile(r"【[^【】\n]{1,40}】|《[^《》\n]{1,40}》|\[[^\[\]\n]{1,40}\]")


@register.filter
def card_text(text: str) -> SafeString:
    parts: list[str] = []
    position = 0
    for match in KEYWORD.finditer(text or ""):
        parts.append(escape(text[position : match.start()]))
        parts.append(f'<mark class="keyword">{escape(match.group())}</mark>')
        position = match.end()
    parts.append(escape((text or "")[position:]))
    return mark_safe("".join(parts).replace("\n", "<br>"))  # every part above is escaped
