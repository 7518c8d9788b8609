"""The site speaks Spanish first; the header's switch turns it to English and it stays so."""

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e


def test_language_switch_turns_the_site_to_english(open_person: Callable[..., Page]) -> None:
    visitor = open_person()
    visitor.goto("/")
    expect(visitor.locator("html")).to_have_attribute("lang", "es")
    spanish_heading = visitor.locator("h1").inner_text()

    visitor.select_option("#language-switch select[name=language]", "en")
    visitor.click("#language-submit")
    expect(visitor.locator("html")).to_have_attribute("lang", "en")
    expect(visitor.locator("h1")).not_to_have_text(spanish_heading)

    visitor.goto("/accounts/login/")
    expect(visitor.locator("html")).to_have_attribute("lang", "en")
