// The table at one step of a finished hand, every tile shown: each player's wind, name,
// tiles (melds and flowers set apart) and discards. The replay page shows every step with
// it; the review page shows the step of a decision, the decision's tiles marked.
"use strict";
const BOARD = {
  // A seat's disc: E S W N, 东南西北 in Chinese.
  WIND_LETTERS: { E: "E", S: "S", W: "W", N: "N" },
  // Draw `frame` (a step of the replay API's `frames`) of the hand `data` into `board`.
  // `marks` ({player, tiles: [[tile, class, title], ...]}) outlines a tile of each kind
  // named in that player's concealed tiles (the review's played and preferred discards),
  // and that player, about to decide, is the one outlined (else the one who just acted);
  // `marks.claim` ([class, title]) rings the last discard of the player who just acted
  // (the tile a claim decision is about).
  render(board, data, frame, marks = null) {
    const tr = window.t || ((s) => s);
    board.replaceChildren();
    const acting = marks ? marks.player : frame.actor;
    frame.players.forEach((p, i) => {
      const box = MJK.el("div", { class: "card seat" + (acting === i ? " acting" : ""), "data-testid": `replay-seat-${i}` });
      const head = MJK.el("div", { class: "seat-head" });
      head.append(
        MJK.el("span", { class: "wind" + (i === data.dealer ? " dealer" : ""), "data-testid": "replay-wind", title: i === data.dealer ? tr("dealer") : "" }, tr(BOARD.WIND_LETTERS[p.wind] || p.wind)),
        MJK.el("strong", { "data-testid": "replay-name" }, data.names[i]),
        MJK.el("span", { class: "muted" }, i === data.dealer ? tr("dealer") : ""),
      );
      box.append(head);
      const row = MJK.el("div", { class: "tiles" });
      const concealed = MJK.tiles_(p.concealed);
      if (marks && marks.player === i) BOARD.mark(concealed, marks.tiles);
      row.append(concealed);
      for (const m of p.melds) row.append(MJK.tiles_(MJK.meldTiles(m)));
      if (p.flowers.length) row.append(MJK.tiles_(p.flowers));
      box.append(row);
      const d = MJK.el("div", { class: "tiles small" });
      for (const tile of p.discards) d.append(MJK.tile(tile));
      if (marks && marks.claim && frame.actor === i && d.lastChild) {
        d.lastChild.classList.add(marks.claim[0]);
        d.lastChild.title = `${d.lastChild.title} · ${marks.claim[1]}`;
      }
      box.append(d);
      board.append(box);
    });
  },
  // Outline the last tile of each kind named (the one a player would throw), with its
  // class and title; two marks on the same tile both show.
  mark(group, tiles) {
    for (const [tile, cls, title] of tiles) {
      const found = [...group.children].filter((s) => s.dataset.tile === tile).pop();
      if (!found) continue;
      found.classList.add(cls);
      found.dataset.mark = (found.dataset.mark ? found.dataset.mark + " " : "") + cls;
      found.title = found.title === tile ? title : `${found.title} · ${title}`;
    }
  },
};
