"""A static file server on loopback for the browser tests of the static build: it counts the bytes it sends."""

from __future__ import annotations

import functools
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

#: the types a static host gives these files (module scripts must be JavaScript, WebAssembly must be application/wasm)
TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm", ".webmanifest": "application/manifest+json"}


class StaticServer:
    """Serves ``root`` at ``base`` (http://127.0.0.1:PORT/) until :meth:`stop`; :attr:`sent` counts bytes per path."""

    def __init__(self, root: Path) -> None:
        self.sent: dict[str, int] = {}
        server = self

        class Handler(SimpleHTTPRequestHandler):
            extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **TYPES}

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
                pass

            def copyfile(self, source: Any, outputfile: Any) -> None:
                data = source.read()
                server.sent[self.path] = server.sent.get(self.path, 0) + len(data)
                outputfile.write(data)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(root)))
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def total(self) -> int:
        return sum(self.sent.values())

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
