// Help with your hand: the server's analysis of your own tiles (view.help, see
// mahjongkit/web/hand_help.py) shown under your hand in <section id="hand-help">:
// how far from ready, each wait with the copies you have not seen and what it scores
// against the ruleset's minimum, and on your turn the best discards. The section is
// redrawn only when the help changes, so a screen reader (aria-live) hears it once.
"use strict";
(() => {
  const t = window.t || ((s, p = {}) => s.replace(/\{(\w+)\}/g, (_, k) => p[k]));
  // Open by default where there is room (a desktop); on a phone the summary line alone,
  // so your seat stays in view above the dock. The player's choice is kept.
  const saved = localStorage.getItem("mjk-help-open");
  let shown = null, open = saved === null ? window.matchMedia("(min-width: 760px)").matches : saved === "1";

  // The section the table page puts under your hand; made here on a page without it.
  function section() {
    let box = document.getElementById("hand-help");
    if (!box) {
      const hand = document.getElementById("you-area") || document.querySelector("main");
      if (!hand) return null;
      box = MJK.el("section", { id: "hand-help", "aria-live": "polite" });
      hand.after(box);
    }
    box.dataset.testid = "hand-help";
    return box;
  }

  function distance(shanten) {
    if (shanten < 0) return t("Complete: you can win");
    if (shanten === 0) return t("Ready");
    return shanten === 1 ? t("1 tile from ready") : t("{n} tiles from ready", { n: shanten });
  }

  // "12 pts", "6 pts, below 8", or with flowers that do not count towards the minimum
  // (MCR) "10 pts, 7 without flowers: below 8"; "no win" when it is none.
  function points(p, minimum) {
    if (!p) return t("no win");
    if (p.qualifies || !minimum) return t("{n} pts", { n: p.total });
    if (p.counted !== p.total) {
      return t("{n} pts, {m} without flowers: below {min}", { n: p.total, m: p.counted, min: minimum });
    }
    return t("{n} pts, below {min}", { n: p.total, min: minimum });
  }

  function waitRow(w, minimum) {
    const ok = (w.discard && w.discard.qualifies) || (w.self_drawn && w.self_drawn.qualifies);
    const row = MJK.el("li", {
      class: "help-wait" + (ok ? "" : " below"),
      "data-testid": "help-wait",
      "data-tile": w.tile,
      "data-unseen": String(w.unseen),
    });
    row.append(
      MJK.tile(w.tile),
      MJK.el("span", { class: "help-unseen" },
        w.unseen === 1 ? t("1 left") : t("{n} left", { n: w.unseen })),
      MJK.el("span", { class: "help-points", "data-testid": "help-points" },
        t("on a discard: {a} · self-drawn: {b}", {
          a: points(w.discard, minimum),
          b: points(w.self_drawn, minimum),
        })),
    );
    return row;
  }

  function waitList(waits, minimum) {
    const list = MJK.el("ul", { class: "help-waits" });
    for (const w of waits) list.append(waitRow(w, minimum));
    return list;
  }

  function discardRow(d, minimum) {
    const row = MJK.el("li", { class: "help-discard", "data-testid": "help-discard", "data-tile": d.tile });
    const head = MJK.el("div", { class: "help-discard-head" });
    head.append(
      t("Discard"), " ", MJK.tile(d.tile), " → ",
      MJK.el("strong", {}, distance(d.shanten)),
      " ",
      MJK.el("span", { class: "muted" }, d.useful_count === 1
        ? t("(1 useful tile left)") : t("({n} useful tiles left)", { n: d.useful_count })),
    );
    row.append(head);
    if (d.waits.length) row.append(waitList(d.waits, minimum));
    return row;
  }

  window.renderHandHelp = (view) => {
    const box = section();
    if (!box) return;
    const help = view && view.help;
    if (view && view.unit && window.I18N) I18N.unit = view.unit;  // what the waits' points are counted in
    const key = help ? JSON.stringify(help) : null;
    if (key === shown) return;
    shown = key;
    box.replaceChildren();
    box.hidden = !help;
    if (!help) return;
    box.classList.add("card", "hand-help");
    // A disclosure the player can close (it stays as they left it): the summary alone
    // says how far from ready, the rest waits and discards.
    const details = MJK.el("details", { class: "help-details" });
    details.open = open;
    details.addEventListener("toggle", () => { open = details.open; localStorage.setItem("mjk-help-open", open ? "1" : "0"); });
    const summary = MJK.el("summary", {});
    summary.append(MJK.el("span", { class: "help-title" }, t("Your hand")), " · ",
      MJK.el("span", { class: "help-shanten", "data-testid": "help-shanten", "data-shanten": String(help.shanten) },
        help.discards && help.shanten === 0 ? t("Ready after the right discard") : distance(help.shanten)));
    details.append(summary);
    if (help.waits.length) {
      details.append(MJK.el("p", { class: "muted" }, help.minimum
        ? t("Waits (a win needs {min} points):", { min: help.minimum }) : t("Waits:")));
      details.append(waitList(help.waits, help.minimum));
    }
    if (help.discards && help.discards.length) {
      details.append(MJK.el("p", { class: "muted" }, t("Best discards:")));
      const list = MJK.el("ol", { class: "help-discards" });
      for (const d of help.discards.slice(0, 3)) list.append(discardRow(d, help.minimum));
      details.append(list);
    }
    box.append(details);
  };

  const style = document.createElement("style");
  style.textContent = `
    .hand-help { color: var(--ink, #1d1d1d); background: #fff; margin: .5em 0 0; }
    .hand-help summary { cursor: pointer; font-weight: 600; }
    .help-title { font-weight: 700; }
    .hand-help p { margin: .2em 0; }
    .help-shanten { font-weight: 600; }
    .help-waits, .help-discards { list-style: none; margin: .2em 0; padding: 0; }
    .help-wait { display: flex; flex-wrap: wrap; align-items: center; gap: .2em .6em; margin: .15em 0; }
    .help-wait.below .help-points { color: #a4161a; }
    .help-unseen { min-width: 3.5em; font-variant-numeric: tabular-nums; }
    .help-discard { margin: .3em 0; }
    .help-discard .help-waits { margin-left: 1.2em; }
    .help-discard-head { display: flex; flex-wrap: wrap; align-items: center; gap: .3em; }
  `;
  document.head.append(style);
})();
