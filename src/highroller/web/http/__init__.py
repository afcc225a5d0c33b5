"""The server's HTTP side, below the routes: the ASGI middlewares (security headers, body limit,
methods), the request rates and quotas, the one way a request is turned down (`errors`) and the words
it and the server say (`catalog`, `labels`, `i18n`), what a client may ask for (`checks`) and the
display names people type (`names`), the site's own files (`pages`, `boards`), and the server
process's protocol, event-loop watch and stop."""
