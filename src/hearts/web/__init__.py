"""The table in the browser with nothing installed: ``hearts web build DIR`` writes it as static files.

- :mod:`~hearts.web.host`: the table that runs in the page (Pyodide), one
  person against bots, answering the web client as ``hearts serve`` does.
- :mod:`~hearts.web.build`: the folder: the client, the game's modules,
  Pyodide's runtime, the offline cache and the installable app.
- :mod:`~hearts.web.cli`: the command line.

Standard library only (the page has no NumPy): the host uses the server's
modules that are standard library only (:mod:`hearts.server.forms`,
:mod:`~hearts.server.table`, :mod:`~hearts.server.projection`, ...).
"""
