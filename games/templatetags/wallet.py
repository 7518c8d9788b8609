"""The wallet in the page header (docs/wallet.md): ``{% wallet_badge %}``, for a signed-in
player, shows his chips and, when he may take it, the free top-up's button."""

from typing import Any

from django import template

from games.tables.wallet import balance, top_up_refusal

register = template.Library()


@register.inclusion_tag("partials/wallet.html", takes_context=True)
def wallet_badge(context: template.Context) -> dict[str, Any]:
    request = context["request"]
    return {
        "chips": balance(request.user),
        "can_top_up": top_up_refusal(request.user) is None,
        "csrf_token": context.get("csrf_token"),
        "next": request.get_full_path(),
    }
