"""What keeps the operator pages safe in a browser: the session cookie, CSRF tokens, and the
headers every page carries.

- The session is the operator API's own session token (argon2 password + TOTP login, idle and
  absolute timeouts), kept in a cookie the page's scripts cannot read (HttpOnly), sent only to
  this origin's own requests (SameSite=Strict), only over HTTPS or to localhost (Secure, with the
  ``__Host-`` prefix: no Domain, Path=/).
- Every form carries a CSRF token: an HMAC of the session token, so a page on another origin
  can neither read nor compute it; the login form, before there is a session, uses a random
  value in a cookie of its own (double submit). A POST without the right token, or with an
  Origin header that is not this site's, changes nothing.
- Every response says: scripts, styles, images, fonts and connections from this origin only
  (no inline script or style), no framing, no referrer to other sites, no caching of pages.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Awaitable, Callable

from aiohttp import web

SESSION_COOKIE = "__Host-callgate"
LOGIN_COOKIE = "__Host-callgate-login"
PLAIN_SESSION_COOKIE = "callgate"  # secure_cookie: false (no __Host- prefix without Secure)
PLAIN_LOGIN_COOKIE = "callgate-login"

CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
       "font-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; "
       "base-uri 'none'")
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    # same-origin, not no-referrer: with no-referrer a browser sends "Origin: null" on its
    # own form posts, and the origin check could not tell them from a forged one
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
}


class Cookies:
    def __init__(self, secure: bool) -> None:
        self.secure = secure
        self.session = SESSION_COOKIE if secure else PLAIN_SESSION_COOKIE
        self.login = LOGIN_COOKIE if secure else PLAIN_LOGIN_COOKIE

    def set(self, response: web.StreamResponse, name: str, value: str, max_age: int) -> None:
        response.set_cookie(name, value, max_age=max_age, path="/", httponly=True,
                            secure=self.secure, samesite="Strict")

    def clear(self, response: web.StreamResponse, name: str) -> None:
        response.del_cookie(name, path="/", secure=self.secure, httponly=True,
                            samesite="Strict")


def csrf_for(secret: str) -> str:
    """The form token for a session (or a login cookie): an HMAC only its holder can make."""
    return hmac.new(secret.encode(), b"callgate-ui-csrf", hashlib.sha256).hexdigest()


def csrf_ok(secret: str | None, sent: object) -> bool:
    return bool(secret) and isinstance(sent, str) and hmac.compare_digest(
        csrf_for(secret or ""), sent)


def new_login_secret() -> str:
    return secrets.token_urlsafe(32)


def same_origin(request: web.Request) -> bool:
    """A POST comes from one of this site's own pages: the browser's Sec-Fetch-Site says so, or
    its Origin names this site (scheme, host and port). A request with neither (an older
    browser, a script) is left to the CSRF token."""
    site = request.headers.get("Sec-Fetch-Site")
    if site is not None:
        return site == "same-origin"
    origin = request.headers.get("Origin")
    if origin is None:
        return True
    host = request.headers.get("Host", "")
    return origin in (f"{request.scheme}://{host}", f"https://{host}")


@web.middleware
async def headers(request: web.Request,
                  handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
                  ) -> web.StreamResponse:
    try:
        response = await handler(request)
    except web.HTTPException as e:  # the router's 404 and 405: plain text, same headers
        response = web.Response(status=e.status, text=f"{e.status}: {e.reason}")
        if "Allow" in e.headers:
            response.headers["Allow"] = e.headers["Allow"]
    response.headers.update(HEADERS)
    if "Cache-Control" not in response.headers:  # pages: never kept; static files say their own
        response.headers["Cache-Control"] = "no-store"
    return response


def redirect(location: str) -> web.Response:
    """303 See Other: after a POST, the browser GETs ``location``."""
    return web.Response(status=303, headers={"Location": location})
