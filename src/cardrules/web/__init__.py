"""A game's table in the browser: the app behind ``cardrules serve``.

:func:`cardrules.web.app.create_app` makes a `Starlette <https://www.starlette.io>`_
app of a :class:`~cardrules.table.Table`: a page at ``/`` (plain HTML, CSS and
JavaScript, no build step) and a websocket at ``/ws`` that passes the table's messages
to each seat's tabs and their moves back to the table. The page works for every game
of the library from the table's messages alone, so it is also an example of a client of
:class:`~cardrules.table.Table`.

This package needs the ``web`` extra (``pip install "cardrules[web]"``: Starlette and
uvicorn); ``import cardrules`` never imports it.
"""

from __future__ import annotations

__all__: list[str] = []
