"""Account pages. Each view reads a form, calls a service, and answers with a page or a redirect."""

from django.contrib import messages
from django.contrib.auth import login, update_session_auth_hash
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import ValidationError
from django.forms import Form
from django.http import HttpRequest, HttpResponse, HttpResponseBase, HttpResponseRedirect, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse, reverse_lazy
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from games.accounts import services
from games.accounts.forms import (
    BoundedPasswordChangeForm,
    ClaimForm,
    GuestForm,
    RenameForm,
    SignUpForm,
)
from games.accounts.records import game_records, history_page
from games.accounts.sessions import end_user_sockets
from games.live.rate_limits import TOO_MANY_REQUESTS, client_address, refusal
from games.models import User
from games.tables.access import granted_table_ids, granted_tournament_ids
from games.tables.errors import TableError
from games.tables.tournament_standings import played_tournaments
from games.tables.wallet import balance, top_up_refusal
from games.tables.wallet import top_up as take_top_up

NEXT_MAX_LENGTH = 2000
# The backend a new account or guest is signed in with (django-axes' backend only watches).
MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"


class SignedInRequest(HttpRequest):
    """The request of a view that only a signed-in user reaches (``login_required``)."""

    user: User


def safe_next(request: HttpRequest) -> str:
    """The local URL a form asked to return to, or the lobby when it is missing or not ours."""
    candidate = request.POST.get("next") or request.GET.get("next") or ""
    if len(candidate) <= NEXT_MAX_LENGTH and url_has_allowed_host_and_scheme(
        candidate, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return candidate
    return reverse("lobby")


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("claim" if request.user.is_guest else "lobby")
    form = SignUpForm(_posted(request))
    if request.method == "POST" and form.is_valid():
        refused = refusal("signup", client_address(request.META))
        if refused:
            form.add_error(None, refused)
            return _form_page(request, "accounts/signup.html", form, status=TOO_MANY_REQUESTS)
        try:
            user = services.sign_up(
                username=form.cleaned_data["username"],
                password=form.cleaned_data["password1"],
                display_name=form.cleaned_data["display_name"],
            )
        except ValidationError as error:
            form.add_service_error(error)
        else:
            login(request, user, backend=MODEL_BACKEND)
            messages.success(request, _("Welcome, %(name)s.") % {"name": user.display_name})
            return redirect(safe_next(request))
    return _form_page(request, "accounts/signup.html", form)


class LoginView(auth_views.LoginView):
    template_name = "accounts/login.html"
    redirect_authenticated_user = True

    def post(self, request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        refused = refusal("login-address", client_address(request.META))
        if refused:
            form = self.get_form_class()(request)
            context = self.get_context_data(form=form, refusal=refused)
            return self.render_to_response(context, status=TOO_MANY_REQUESTS)
        return super().post(request, *args, **kwargs)

    def form_valid(self, form: AuthenticationForm) -> HttpResponse:
        response = super().form_valid(form)
        messages.success(self.request, _("Welcome back, %(name)s.") % {"name": self.request.user})
        return response


class PasswordChangeView(auth_views.PasswordChangeView):
    template_name = "accounts/password_change.html"
    form_class = BoundedPasswordChangeForm
    success_url = reverse_lazy("profile")
    request: SignedInRequest  # Django's view is login_required

    def dispatch(self, request: HttpRequest, *args: object, **kwargs: object) -> HttpResponseBase:
        if request.user.is_authenticated and request.user.is_guest:
            return redirect("claim")
        return super().dispatch(request, *args, **kwargs)

    def form_valid(self, form: Form) -> HttpResponse:
        response = super().form_valid(form)
        end_user_sockets(user_id=self.request.user.pk)
        messages.success(self.request, _("Your password has been changed."))
        return response


@login_required
@require_http_methods(["GET"])
def profile(request: SignedInRequest) -> HttpResponse:
    """The signed-in player's own profile."""
    return _profile_page(request, request.user)


@login_required
@require_http_methods(["GET"])
def player_profile(request: SignedInRequest, user_id: int) -> HttpResponse:
    """Another player's profile, open to every signed-in player (docs/accounts.md)."""
    if user_id == request.user.pk:
        return redirect("profile")
    return _profile_page(request, get_object_or_404(User, pk=user_id, is_active=True))


def _profile_page(request: SignedInRequest, owner: User) -> HttpResponse:
    page, matches = history_page(
        owner=owner,
        viewer=request.user,
        granted_table_ids=granted_table_ids(session=request.session),
        page=request.GET.get("page"),
    )
    return render(
        request,
        "accounts/profile.html",
        {
            "profile_user": owner,
            "own_profile": owner.pk == request.user.pk,
            "records": game_records(user=owner),
            "history_page": page,
            "history": matches,
            "tournaments": played_tournaments(
                owner=owner,
                viewer=request.user,
                granted_tournament_ids=granted_tournament_ids(session=request.session),
            ),
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def rename(request: SignedInRequest) -> HttpResponse:
    user = request.user
    form = RenameForm(_posted(request), initial={"display_name": user.display_name})
    if request.method == "POST" and form.is_valid():
        try:
            services.rename(user=user, display_name=form.cleaned_data["display_name"])
        except ValidationError as error:
            form.add_service_error(error)
        else:
            messages.success(request, _("Your name is now %(name)s.") % {"name": user.display_name})
            return redirect("profile")
    return _form_page(request, "accounts/rename.html", form)


@require_http_methods(["GET", "POST"])
def guest(request: HttpRequest) -> HttpResponse:
    next_url = safe_next(request)
    if request.user.is_authenticated:
        return HttpResponseRedirect(next_url)
    form = GuestForm(_posted(request))
    status = 200
    if request.method == "POST" and form.is_valid():
        refused = refusal("guest", client_address(request.META))
        if refused:
            form.add_error(None, refused)
            status = TOO_MANY_REQUESTS
    if request.method == "POST" and form.is_valid():
        try:
            user = services.create_guest(nickname=form.cleaned_data["nickname"])
        except ValidationError as error:
            form.add_service_error(error)
        else:
            login(request, user, backend=MODEL_BACKEND)
            messages.success(
                request,
                _("You play as %(name)s, a guest. Save your account to keep it.")
                % {"name": user.display_name},
            )
            return HttpResponseRedirect(next_url)
    return render(
        request,
        "accounts/guest.html",
        {"guest_form": form, "guest_next": next_url},
        status=status,
    )


@login_required
@require_http_methods(["GET", "POST"])
def claim(request: SignedInRequest) -> HttpResponse:
    user = request.user
    if not user.is_guest:
        return redirect("profile")
    form = ClaimForm(_posted(request))
    if request.method == "POST" and form.is_valid():
        try:
            account = services.claim_guest(
                user=user,
                username=form.cleaned_data["username"],
                password=form.cleaned_data["password1"],
            )
        except ValidationError as error:
            form.add_service_error(error)
        else:
            update_session_auth_hash(request, account)
            end_user_sockets(user_id=account.pk)
            messages.success(
                request,
                _("Your account is saved. Log in as %(username)s from now on.")
                % {"username": account.username},
            )
            return redirect("profile")
    return _form_page(request, "accounts/claim.html", form)


@login_required
@require_http_methods(["POST"])
def top_up(request: SignedInRequest) -> HttpResponse:
    """The free top-up, posted from the header's button (docs/wallet.md): back to the page it came
    from, with the chips given or the refusal as a message; asked by htmx (the button a house
    table's socket put in the header), the header's wallet again, with the message in it."""
    try:
        chips = take_top_up(request.user)
    except TableError as error:
        message, level = error.message, messages.ERROR
    else:
        message = ngettext(
            "You got %(count)d free chip.", "You got %(count)d free chips.", chips
        ) % {"count": chips}
        level = messages.SUCCESS
    if request.headers.get("HX-Request") == "true":
        context = {
            "chips": balance(request.user),
            "can_top_up": top_up_refusal(request.user) is None,
            "next": safe_next(request),
            "message": message,
        }
        return render(request, "partials/wallet.html", context)
    messages.add_message(request, level, message)
    return redirect(safe_next(request))


def _posted(request: HttpRequest) -> QueryDict | None:
    """The submitted fields of a POST, even an empty one, so that it shows its errors."""
    return request.POST if request.method == "POST" else None


def _form_page(
    request: HttpRequest, template: str, form: Form, *, status: int = 200
) -> HttpResponse:
    return render(request, template, {"form": form, "next": safe_next(request)}, status=status)
