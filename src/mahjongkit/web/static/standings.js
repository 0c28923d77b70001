// The end of a match on the table page: each player's final score, rank and table
// points, and how they were reached, read from the server's ranking (view.final.ranking,
// computed by mahjongkit.money.table_points): nothing is counted here. Under a ruleset
// without table points (Taiwanese: the highest score wins, seed 003 l.59) it says so and
// ranks by score.
"use strict";
(() => {
  const t = window.t || ((s, p = {}) => s.replace(/\{(\w+)\}/g, (_, k) => p[k]));
  const PLACES = ["1st", "2nd", "3rd", "4th"];  // English keys, translated at use
  const place = (n) => t(PLACES[n - 1]);

  // Names joined as the chosen language joins them ("North and West", "北家和西家").
  function listed(names) {
    const lang = (window.I18N && window.I18N.lang) || document.documentElement.lang || "en";
    try { return new Intl.ListFormat(lang, { type: "conjunction" }).format(names); } catch { return names.join(", "); }
  }

  // One line of the explanation: who holds which place with which score and, with table
  // points, what they get (a tie: the places' points added and shared).
  function line(v, g, who, points) {
    const you = g.players.includes(v.player);
    const at = place(g.places[0]);
    if (g.players.length > 1) {
      const names = [...g.players].sort((a, b) => (b === v.player) - (a === v.player)).map((p) => who(v, p));
      if (!points) return t("{names} tied for {place} with {score}", { names: listed(names), place: at, score: g.score });
      return t("{names} tied for {place} with {score}: they share {sum} = {total}, {share} each", {
        names: listed(names), place: at, score: g.score, sum: g.place_points.join("+"), total: g.total, share: g.share_text,
      });
    }
    const name = who(v, g.players[0]);
    if (!points) return you ? t("You are {place} with {score}", { place: at, score: g.score }) : t("{name} is {place} with {score}", { name, place: at, score: g.score });
    if (g.share === 1) return you ? t("You are {place} with {score}: 1 table point", { place: at, score: g.score }) : t("{name} is {place} with {score}: 1 table point", { name, place: at, score: g.score });
    return you
      ? t("You are {place} with {score}: {points} table points", { place: at, score: g.score, points: g.share_text })
      : t("{name} is {place} with {score}: {points} table points", { name, place: at, score: g.score, points: g.share_text });
  }

  // Fill `box` with the match's end; `who(v, p)` names a player as the table does.
  function render(box, v, who) {
    const ranking = v.final.ranking;
    const points = ranking.by === "table_points";
    box.replaceChildren(MJK.el("h2", {}, t("Match over")));
    const tb = MJK.el("table", { "data-testid": "final-table", class: "final-table" });
    tb.append(MJK.el("tr", {}, MJK.el("th", {}, t("Rank")), MJK.el("th", {}, t("Player")), MJK.el("th", { class: "num" }, t("Score")),
      ...(points ? [MJK.el("th", { class: "num" }, t("Table points"))] : [])));
    for (const g of ranking.groups) {
      const rank = g.players.length > 1 ? t("{place}, tied", { place: place(g.places[0]) }) : place(g.places[0]);
      for (const p of g.players) {
        tb.append(MJK.el("tr", { class: p === v.player ? "you-row" : "", "data-testid": "final-row", "data-player": String(p) },
          MJK.el("td", {}, rank), MJK.el("td", {}, who(v, p)), MJK.el("td", { class: "num" }, String(g.score)),
          ...(points ? [MJK.el("td", { class: "num", "data-testid": "final-table-points" }, g.share_text)] : [])));
      }
    }
    const rule = points
      ? t("Table points: {a} for 1st, {b} for 2nd, {c} for 3rd, {d} for 4th; players level on score share the points of the places they hold.", {
        a: ranking.place_points[0], b: ranking.place_points[1], c: ranking.place_points[2], d: ranking.place_points[3] })
      : t("No table points under {ruleset}: the highest score wins the game, and players level on score share a place.", { ruleset: v.ruleset_title ? t(v.ruleset_title) : v.ruleset });
    const how = MJK.el("ul", { class: "ranking", "data-testid": "ranking" });
    for (const g of ranking.groups) how.append(MJK.el("li", { "data-testid": "ranking-line" }, line(v, g, who, points)));
    box.append(tb, MJK.el("p", { class: "muted", "data-testid": "ranking-rule" }, rule), how);
  }

  window.MJK_STANDINGS = { render };
})();
