"""Template filters for the engine's words in the page's language (calculator/lang.py).

``{% load words %}``, then ``{{ tile.zh|zh }}``: an engine text (简体) as the page writes 中文 (繁體 on a
繁體 page); ``{{ LANGUAGE_CODE|html_lang }}``: the ``lang`` attribute of a language code (zh-Hans,
zh-Hant, en); ``{{ LANGUAGE_CODE|zh_lang }}``: the ``lang`` of 中文 text on the page (zh-Hant on a 繁體
page, else zh-Hans).
"""

from __future__ import annotations

from django import template

from .. import lang

register = template.Library()


@register.filter
def zh(text: object) -> str:
    return lang.zh(str(text)) if text is not None else ""


@register.filter
def zh_lang(code: object) -> str:
    """The ``lang`` attribute of 中文 text on a page in ``code``: zh-Hant on a 繁體 page, else zh-Hans."""
    return lang.html_lang(lang.HANT if str(code).lower() == lang.HANT else "zh-hans")


@register.filter
def html_lang(code: object) -> str:
    return lang.html_lang(str(code) if code is not None else "")
