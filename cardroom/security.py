"""The Permissions-Policy header (docs/security.md, "Headers"): a card room uses no camera,
microphone, location, payment, USB or motion sensor, so no page, nor anything it frames, may."""

from django.http import HttpRequest, HttpResponse
from django.utils.deprecation import MiddlewareMixin

PERMISSIONS_POLICY = ", ".join(
    f"{feature}=()"
    for feature in (
        "accelerometer",
        "camera",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "payment",
        "usb",
    )
)


class PermissionsPolicyMiddleware(MiddlewareMixin):
    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        response.headers.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        return response
