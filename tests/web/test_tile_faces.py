"""The 42 tile faces as Chromium draws them with the page's own style, at the sizes the
table shows them (hand, discards; desktop and phone) and twice as large: the picture in
docs/web.md (docs/images/tiles.png) is this test's ``tiles-2x.png``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mahjongkit.tiles import NAMES, NUM_TILES

pytest.importorskip("playwright")

ROWS = (range(0, 9), range(9, 18), range(18, 27), range(27, 34), range(34, 42))
SIZES = (
    ("desktop hand, 34 px", "34px"),
    ("desktop discards, 22 px", "22px"),
    ("phone hand, 25 px", "25px"),
    ("phone discards, 17 px", "17px"),
)


def tiles_page(server_url: str) -> str:
    """Every face in rows by suit, once per size, as `MJK.tile` puts it on the page."""
    sections = []
    for title, width in SIZES:
        rows = "".join(
            '<div class="row">'
            + "".join(f'<span class="tile" data-tile="{NAMES[t]}" data-face></span>' for t in row)
            + "</div>"
            for row in ROWS
        )
        sections.append(f'<section style="--tw:{width}"><h2>{title}</h2>{rows}</section>')
    return (
        "<!doctype html><html><head><meta charset='utf-8'>"
        f'<link rel="stylesheet" href="{server_url}/static/common.css">'
        "<style>body{margin:8px;background:#1f5e45;color:#fff;font:13px sans-serif;"
        "display:flex;flex-wrap:wrap;gap:4px 28px;align-items:flex-start}"
        "h2{font-size:13px;margin:6px 0 4px}.row{display:flex;gap:2px;margin-bottom:3px}"
        "</style></head><body>"
        + "".join(sections)
        + f"<script>fetch('{server_url}/api/tiles').then(r => r.json()).then(t => {{"
        "for (const s of document.querySelectorAll('[data-face]')) "
        "s.innerHTML = t[s.dataset.tile]; document.body.dataset.ready = '1'; });</script>"
        "</body></html>"
    )


def test_all_faces_render_in_chromium(server: Any, browser: Any, screenshots: Path) -> None:
    for scale, path in ((1, screenshots / "tiles-1x.png"), (2, screenshots / "tiles-2x.png")):
        context = browser.new_context(
            viewport={"width": 720, "height": 400}, device_scale_factor=scale
        )
        page = context.new_page()
        page.goto(server.url + "/static/common.css")  # same origin for the fetch
        page.set_content(tiles_page(server.url))
        page.wait_for_selector("body[data-ready]")
        faces = page.locator("[data-face] svg[role=img]")
        assert faces.count() == NUM_TILES * len(SIZES)
        labels = faces.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
        assert len(set(labels)) == NUM_TILES and "5 of dots" in labels
        first = page.locator("[data-face] svg").first.bounding_box()
        assert first is not None and round(first["width"]) == 34
        page.screenshot(path=str(path), full_page=True)
        context.close()
