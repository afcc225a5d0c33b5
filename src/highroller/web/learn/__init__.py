"""The tutorials in the browser: lessons worked out in the advice workers (`lessons`), for the routes
of `highroller.web.api.tutorial_api` and the page at /learn/GAME."""
