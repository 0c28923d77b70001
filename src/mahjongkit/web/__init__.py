"""The web table: an ASGI app (FastAPI, WebSockets) over the engine, the bots and a database.

Start it with ``mahjongkit serve``; `mahjongkit.web.app.create_app` builds the app. This
package needs the ``web`` extra; the core never imports it.
"""
