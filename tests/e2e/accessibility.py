"""The automated accessibility check of the browser suite: axe-core (tests/e2e/vendor, MPL-2.0)
run in the page as it stands. Playwright evaluates it through the browser's debugging protocol,
which the page's Content-Security-Policy does not govern, so the site needs no exception."""

from pathlib import Path

from playwright.sync_api import Page

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
BLOCKING = ("serious", "critical")


def blocking_violations(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page, each with the elements at fault."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(AXE.read_text())
    result = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    return [
        f"{violation['id']} ({violation['impact']}): {violation['help']} at "
        + ", ".join(str(node["target"]) for node in violation["nodes"])
        for violation in result["violations"]
        if violation["impact"] in BLOCKING
    ]
