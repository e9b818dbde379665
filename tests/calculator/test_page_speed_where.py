"""An htmx tap asks the script prefix and URLconf once (``markup.where``): the view's share link and the result
section's addresses are all written in the request's own prefix, as each asking for it would write them."""

import pytest
from django.urls import reverse

from calculator import result_html
from calculator.markup import where

HANDS = ("123m456p789s345m22z", "11123455678999m", "[555s2]1122233344s4s", "19m19p19s1234567z1m")


@pytest.mark.parametrize("prefix", ["/", "/sub/"])
@pytest.mark.parametrize("hand", HANDS)
def test_the_views_share_link_and_section_are_in_the_script_prefix(prefix, hand):
    from django.test import RequestFactory
    from django.urls import get_script_prefix, set_script_prefix

    from calculator import views

    request = RequestFactory().get("/", {"hand": hand}, HTTP_HX_REQUEST="true")
    request.htmx = True
    kept = get_script_prefix()
    set_script_prefix(prefix)
    try:
        context = views.page(request, request.GET, "")
        assert context["where"] == where()
        code = context["share_code"]
        assert context["share_url"] == request.build_absolute_uri(reverse("share", args=[code]))
        assert context["share_url"].startswith(f"http://testserver{prefix}h/")
        section = result_html.result_section(context)
        assert section == result_html.result_section({**context, "where": None})
        assert f'href="{prefix}h/' in section
    finally:
        set_script_prefix(kept)


def test_the_section_is_the_same_with_the_views_where_or_its_own():
    from django.http import QueryDict

    from calculator import presenters
    from calculator.forms import CalculatorForm

    for hand in HANDS:
        form = CalculatorForm(QueryDict(f"hand={hand}"))
        form.is_valid()
        with form.speaking():
            context = presenters.page_context(form, lambda text: text)
        assert context.get("share_code"), hand
        own = result_html.result_section(context)
        asked = result_html.result_section({**context, "where": where()})
        assert own == asked, hand
