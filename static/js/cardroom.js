// Every page: htmx requests carry the CSRF token from the page's <meta name="csrf-token">, so no
// inline attribute or script is needed (the Content-Security-Policy allows neither).
document.addEventListener("htmx:configRequest", (event) => {
  const token = document.querySelector('meta[name="csrf-token"]');
  if (token) { event.detail.headers["X-CSRFToken"] = token.content; }
});
