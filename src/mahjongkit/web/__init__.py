"""The web table: an ASGI app (FastAPI, WebSockets) over the engine, the bots and a database.

Start it with ``mahjongkit serve``; `mahjongkit.web.app.create_app` builds the app, over
`store` (SQLAlchemy, Alembic). Those two need the ``web`` extra; `table` (the game a
table plays, also behind ``mahjongkit play``) and `sheets` use the standard library
only. The core never imports this package.
"""
