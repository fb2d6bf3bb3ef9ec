"""`{% cite violation game_slug %}`: a violation's rule citations as links to the rules page.

English keeps the rule text as the game states it, with each `RULES.md §N` turned into a link to
`/rules/<game>/#rN`; Japanese shows the Japanese text of each cited rule, linked the same way.
"""

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from cards.games import ruletext
from cards.rule_links import citations

register = template.Library()


@register.simple_tag
def cite(violation, game_slug: str) -> SafeString:
    rule = violation.get("rule", "") if isinstance(violation, dict) else violation.rule
    cited = citations(game_slug, rule)
    if get_language() == "ja" and cited:
        return format_html_join(
            " ",
            '<a href="{}">§{}</a> {}',
            ((url, number, text.text("ja")) for number, url, text in cited),
        )
    urls = {number: url for number, url, _ in cited}
    pieces = []
    last = 0
    for match in ruletext.CITATION.finditer(rule):
        number = match.group(1)
        if number not in urls:
            continue
        start = match.start()
        prefix = rule[last:start]
        if prefix.endswith("RULES.md "):
            prefix = prefix[: -len("RULES.md ")]
        pieces.append(format_html("{}", prefix))
        pieces.append(format_html('<a href="{}">§{}</a>', urls[number], number))
        last = match.end()
    pieces.append(format_html("{}", rule[last:]))
    return SafeString("".join(pieces))
