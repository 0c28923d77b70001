// The review page: one player's review of a stored game (mahjongkit.web.reviews), asked
// for, its progress polled, then a summary, each hand's decisions, and the table at the
// decision chosen with the played and the preferred tile marked (board.js).
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const gameId = location.pathname.split("/").pop();
  const query = new URLSearchParams(location.search);
  const POLL_MS = 700;
  let record = null, review = null, player = null;
  let at = { hand: 0, decision: 0 };
  const replays = new Map();

  // An action of the review ("discard 5m", "chow 345m", "pass") in the reader's words.
  const ACTIONS = {
    discard: "discard {tile}",
    ting: "discard {tile} and declare ting",
    chow: "chow {tiles}",
    pung: "pung",
    kong: "kong",
    "concealed-kong": "concealed kong of {tile}",
    "promoted-kong": "add {tile} to a pung",
    win: "declare the win",
    pass: "pass",
  };
  // A reason by its code, filled from its parameters (docs/review.md, "In the web table");
  // a code not here, or a parameter missing, shows the reason's own English text.
  // The shanten reason has two: "slower_hand" where the played discard leaves the slower
  // hand, "discards" where it does not.
  const REASONS = {
    discards: "{tile} leaves shanten {shanten} with {useful} useful tiles; {preferred_tile} leaves shanten {preferred_shanten} with {preferred_useful}",
    slower_hand: "A slower hand: {tile} leaves shanten {shanten} with {useful} useful tiles; {preferred_tile} leaves shanten {preferred_shanten} with {preferred_useful}",
    missed_win: "Passed on a win of {points} points",
    danger: "Dangerous: {opponent} looks ready; {tile} deals in about {chance}% of the time, {preferred_tile} about {preferred_chance}%",
    value: "Value: {tile} keeps {plan} within reach (about {points} points), {preferred_tile} {preferred_plan} (about {preferred_points})",
    below_minimum: "A win of {points} points is below the minimum of {minimum}",
  };
  // The scorer bot's plans a value reason names (mahjongkit.review.reasons.PLANS).
  const PLANS = {
    none: "nothing in particular to play for",
    plain: "a plain win",
    special_forms: "Knitted or Orphans",
    seven_pairs: "Seven Pairs",
    all_pungs: "All Pungs",
    half_flush: "a Half Flush",
    full_flush: "a Full Flush",
    mixed_straight: "a Mixed Straight",
    pure_straight: "a Pure Straight",
    mixed_triple_chow: "a Mixed Triple Chow",
    mixed_shifted_chows: "Mixed Shifted Chows",
    pure_shifted_chows: "Pure Shifted Chows",
  };
  const SEAT_WINDS = ["East", "South", "West", "North"];

  function actionTiles(text) {
    const [kind, arg] = text.split(" ");
    if (!arg) return [];
    return kind === "chow" ? MJK.expandTiles(arg) : [arg];
  }

  function actionText(text) {
    const [kind, arg] = text.split(" ");
    if (!ACTIONS[kind]) return text;
    const tiles = actionTiles(text).map((x) => MJK.tileName(x));
    return t(ACTIONS[kind], { tile: tiles[0] || arg || "", tiles: I18N.lang === "en" ? arg : tiles.join("") });
  }

  // The action as text with its tiles' faces.
  function action(text) {
    const span = MJK.el("span", { class: "act" }, actionText(text));
    const tiles = actionTiles(text);
    if (tiles.length) span.append(" ", MJK.tiles_(tiles));
    return span;
  }

  // A tile ("5m") by its name, an action ("chow 123m", "pass") as the page says it.
  const tileOrAction = (x) => (typeof x !== "string" ? x : x.includes(" ") || ACTIONS[x] ? actionText(x) : MJK.tileName(x));
  const percent = (x) => (typeof x === "number" ? (Math.round(1000 * x) / 10).toFixed(1) : x);

  // A reason of the reviewer's (docs/review.md, "The reasons") as a template's code and
  // its parameters.
  function reasonParams(r) {
    if (r.code === "shanten") {
      const code = r.slower ? "slower_hand" : "discards";
      return [code, { tile: r.chosen_tile, shanten: r.chosen_shanten, useful: r.chosen_useful, preferred_tile: r.preferred_tile, preferred_shanten: r.preferred_shanten, preferred_useful: r.preferred_useful }];
    }
    if (r.code === "danger") {
      const winds = (r.threats || []).map((x) => t(SEAT_WINDS[x.seat]));
      const opponent = winds.length ? winds.join(I18N.lang === "en" ? ", " : "、") : undefined;
      return ["danger", { opponent, tile: r.chosen_tile, chance: percent(r.chosen_chance), preferred_tile: r.preferred_tile, preferred_chance: percent(r.preferred_chance) }];
    }
    if (r.code === "value") {
      const plan = (code) => (PLANS[code] ? t(PLANS[code]) : code);
      return ["value", { tile: r.chosen, plan: plan(r.chosen_plan), points: r.chosen_points === undefined ? undefined : Math.round(r.chosen_points), preferred_tile: r.preferred, preferred_plan: plan(r.preferred_plan), preferred_points: r.preferred_points === undefined ? undefined : Math.round(r.preferred_points) }];
    }
    return [r.code, { ...r }];
  }

  function reasonText(r) {
    if (typeof r === "string") return r;
    const [code, params] = reasonParams(r);
    const template = REASONS[code];
    const fallback = r.text || r.code || "";
    if (!template) return fallback;
    for (const k of ["tile", "preferred_tile"]) params[k] = tileOrAction(params[k]);
    const needed = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    if (!needed.every((k) => params[k] !== undefined && params[k] !== null)) return fallback;
    return t(template, params);
  }

  // A decision's reasons to show. Reasons given as objects are translated by their code;
  // reasons given as the reviewer's English sentences are shown as they are in English,
  // and said again from the decision's own figures in another language.
  function reasons(d) {
    const given = d.reasons || [];
    if (I18N.lang === "en" || given.every((r) => typeof r !== "string")) return given.map(reasonText);
    const said = [];
    const c = d.chosen_discard, p = d.preferred_discard;
    if (!d.agrees && c && p) {
      const slower = c.shanten > p.shanten || (c.shanten === p.shanten && c.useful < p.useful);
      said.push(reasonText({ code: slower ? "slower_hand" : "discards", tile: c.tile, shanten: c.shanten, useful: c.useful, preferred_tile: p.tile, preferred_shanten: p.shanten, preferred_useful: p.useful }));
    }
    if (d.win_points !== null && d.win_points !== undefined && !d.chosen.startsWith("win")) said.push(reasonText({ code: "missed_win", points: d.win_points }));
    return said.length >= given.length ? said : [...said, ...given.slice(said.length)];
  }

  const num = (x, digits = 1) => (Math.round(x * 10 ** digits) / 10 ** digits).toFixed(digits);
  const pct = (x) => `${Math.round(100 * x)}%`;
  const stat = (label, value, testid) => MJK.el("span", { class: "stat", "data-testid": testid }, `${label} `, MJK.el("b", {}, value));

  // -- the summary ---------------------------------------------------------------------
  function showSummary() {
    const box = $("summary");
    box.replaceChildren();
    const hands = review.hands;
    const all = hands.flatMap((h) => h.decisions);
    const s = review.summary || {};
    const agreement = s.agreement ?? (all.length ? all.filter((d) => d.agrees).length / all.length : 1);
    const lost = s.points_lost ?? hands.reduce((a, h) => a + h.points_lost, 0);
    const perHand = s.points_lost_per_hand ?? (hands.length ? lost / hands.length : 0);
    const clear = all.filter((d) => d.clear);
    const clearLost = s.clear_points_lost ?? hands.reduce((a, h) => a + h.clear_points_lost, 0);
    box.append(MJK.el("h2", {}, t("{name} · hands reviewed: {hands} · decisions: {decisions}", { name: record.names[player], hands: hands.length, decisions: all.length })));
    const stats = MJK.el("div", { class: "stats" });
    stats.append(
      stat(t("Agreement with the reviewer"), pct(agreement), "summary-agreement"),
      stat(t("Table points lost a hand"), num(perHand), "summary-lost"),
      stat(t("Clear mistakes"), t("{n} ({lost} table points)", { n: clear.length, lost: num(clearLost) }), "summary-clear"),
    );
    const bots = s.bot || {};
    const rate = (key, label, testid) => {
      if (typeof s[key] !== "number") return;
      const theirs = bots[key] ?? s[`bots_${key}`];
      const value = typeof theirs === "number" ? t("{mine} (the bots: {theirs})", { mine: pct(s[key]), theirs: pct(theirs) }) : pct(s[key]);
      stats.append(stat(label, value, testid));
    };
    rate("win_rate", t("Win rate"), "summary-win-rate");
    rate("deal_in_rate", t("Deal-in rate"), "summary-deal-in-rate");
    box.append(stats);
    const table = MJK.el("table", { class: "hands-table", "data-testid": "hands-table" });
    const rated = hands.some((h) => h.rating !== undefined && h.rating !== null);
    table.append(MJK.el("tr", {}, MJK.el("th", {}, t("Hand")), MJK.el("th", {}, t("Seat")), MJK.el("th", { class: "num" }, t("Decisions")), MJK.el("th", { class: "num" }, t("Agreement")), MJK.el("th", { class: "num" }, t("Lost")), MJK.el("th", { class: "num" }, t("Clear mistakes")), ...(rated ? [MJK.el("th", { class: "num" }, t("Rating"))] : [])));
    hands.forEach((h, i) => {
      const row = MJK.el("tr", { "data-testid": "hand-row", class: i === at.hand ? "current" : "", onclick: () => go(i, 0) },
        MJK.el("td", {}, t("hand {n}", { n: h.hand + 1 })),
        MJK.el("td", {}, t(SEAT_WINDS[h.seat])),
        MJK.el("td", { class: "num" }, h.decisions.length),
        MJK.el("td", { class: "num" }, pct(h.agreement)),
        MJK.el("td", { class: "num" }, `${num(h.points_lost)} ±${num(h.points_lost_stderr)}`),
        MJK.el("td", { class: "num" }, h.decisions.filter((d) => d.clear).length),
        ...(rated ? [MJK.el("td", { class: "num", "data-testid": "hand-rating" }, h.rating ?? "")] : []));
      table.append(row);
    });
    box.append(MJK.el("div", { class: "hands-wrap" }, table));
    for (const e of review.errors || []) box.append(MJK.el("p", { class: "error" }, t("hand {n} could not be reviewed: {message}", { n: e.hand + 1, message: e.message })));
  }

  // -- one hand's decisions ------------------------------------------------------------
  function showHand() {
    const h = review.hands[at.hand];
    $("hand").value = String(at.hand);
    $("hand-title").textContent = t("hand {n}", { n: h.hand + 1 });
    const line = $("hand-line");
    line.replaceChildren(t("Seat {wind} · {pct} as the reviewer · lost {lost} ±{stderr} ({clear} at clear mistakes)", { wind: t(SEAT_WINDS[h.seat]), pct: pct(h.agreement), lost: num(h.points_lost), stderr: num(h.points_lost_stderr), clear: num(h.clear_points_lost) }));
    if (h.rating !== undefined && h.rating !== null) line.append(" ", MJK.el("span", { class: "badge rating", "data-testid": "hand-rating-badge" }, t("rating {rating}", { rating: h.rating })));
    const list = $("decisions");
    list.replaceChildren();
    h.decisions.forEach((d, i) => {
      const kind = d.agrees ? "agrees" : d.clear ? "mistake clear" : "mistake";
      const what = MJK.el("span", { class: "what" }, action(d.chosen));
      if (!d.agrees) what.append(" → ", action(d.preferred));
      const item = MJK.el("li", { class: kind, "data-testid": "decision-item", "data-step": String(d.step), tabindex: "0", onclick: () => go(at.hand, i, true), onkeydown: (e) => { if (e.key === "Enter") go(at.hand, i, true); } },
        MJK.el("span", { class: "step" }, t("step {n}", { n: d.step })),
        what,
        // Points lost shown as taken away; a loss below 0 (the choice did better where
        // it was measured, docs/review.md) as a gain.
        MJK.el("span", { class: "lost" }, d.agrees ? "✓" : num(Math.abs(d.loss)) === num(0) ? num(0) : d.loss > 0 ? `−${num(d.loss)}` : `+${num(-d.loss)}`));
      const why = reasons(d);
      if (why.length && !d.agrees) item.append(MJK.el("span", { class: "why" }, why.join(" · ")));
      list.append(item);
    });
    $("no-decisions").hidden = h.decisions.length > 0;
    $("problems").textContent = (h.problems || []).map((p) => t("Not weighed: {problem}", { problem: p })).join(" · ");
    for (const [i, row] of [...document.querySelectorAll("[data-testid=hand-row]")].entries()) row.classList.toggle("current", i === at.hand);
  }

  async function replayOf(hand) {
    if (!replays.has(hand)) replays.set(hand, MJK.call("GET", `/api/games/${gameId}/replay/${hand}`));
    return replays.get(hand);
  }

  // -- one decision, and the table at it -------------------------------------------------
  async function showDecision(scroll) {
    const h = review.hands[at.hand];
    const d = h.decisions[at.decision];
    const box = $("decision");
    box.replaceChildren();
    for (const [i, li] of [...$("decisions").children].entries()) li.classList.toggle("current", i === at.decision);
    // The list scrolls by itself on a wide screen: keep the decision shown in view there.
    const list = $("decisions").closest(".list-box"), item = $("decisions").children[at.decision];
    if (item && list.scrollHeight > list.clientHeight + 4 && getComputedStyle(list).overflowY === "auto") {
      const top = item.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
      if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top - list.clientHeight / 3;
    }
    if (!d) { $("board").replaceChildren(); return; }
    box.append(MJK.el("h2", {}, t("hand {n}, step {step}", { n: h.hand + 1, step: d.step })));
    const choice = MJK.el("div", { class: "choice" });
    choice.append(
      MJK.el("span", { "data-testid": "decision-chosen" }, MJK.el("span", { class: "chosen-key" }), `${t("Played")}: `, action(d.chosen)),
      MJK.el("span", { "data-testid": "decision-preferred" }, MJK.el("span", { class: "preferred-key" }), `${t("The reviewer prefers")}: `, action(d.preferred)),
    );
    box.append(choice);
    const verdict = MJK.el("p", { "data-testid": "decision-verdict" });
    if (d.agrees) verdict.append(MJK.el("span", { class: "badge ok" }, t("as the reviewer")));
    else {
      verdict.append(t("Table points lost: {loss} ± {stderr}", { loss: num(d.loss), stderr: num(d.loss_stderr) }));
      if (d.clear) verdict.append(" ", MJK.el("span", { class: "badge clear", "data-testid": "clear-badge" }, t("clear mistake")));
    }
    box.append(verdict);
    const why = reasons(d);
    if (why.length) box.append(MJK.el("ul", { class: "reasons", "data-testid": "decision-reasons" }, ...why.map((r) => MJK.el("li", {}, r))));
    const table = MJK.el("table", { class: "candidates", "data-testid": "candidates" });
    table.append(MJK.el("tr", {}, MJK.el("th", {}, t("Candidate")), MJK.el("th", { class: "num" }, t("Mean")), MJK.el("th", { class: "num" }, "±"), MJK.el("th", {}, "")));
    const top = Math.max(1, ...d.candidates.map((c) => Math.abs(c.mean)));
    for (const c of [...d.candidates].sort((a, b) => b.mean - a.mean)) {
      const cls = [c.action === d.chosen ? "chosen" : "", c.action === d.preferred ? "preferred" : ""].join(" ").trim();
      const bar = MJK.el("span", { class: "bar" + (c.mean < 0 ? " neg" : ""), style: `width: ${Math.round(60 * Math.abs(c.mean) / top)}px` });
      table.append(MJK.el("tr", { class: cls, "data-testid": "candidate", "data-action": c.action },
        MJK.el("td", {}, action(c.action)), MJK.el("td", { class: "num" }, num(c.mean)), MJK.el("td", { class: "num" }, num(c.stderr)), MJK.el("td", {}, bar)));
    }
    box.append(MJK.el("div", { class: "hands-wrap" }, table),
      MJK.el("p", { class: "muted" }, t("Means in table points over {n} samples. The table below is as the replay shows it, every tile face up; the reviewer used only what {name} could see.", { n: d.samples, name: record.names[player] })));
    try {
      const data = await replayOf(h.hand);
      I18N.unit = data.unit;
      if (review.hands[at.hand] !== h || h.decisions[at.decision] !== d) return;  // moved on meanwhile
      const tileOf = (text) => (/^(discard|ting) /.test(text) ? text.split(" ")[1] : null);
      const tiles = [];
      if (tileOf(d.chosen)) tiles.push([tileOf(d.chosen), "mark-chosen", t("played")]);
      if (tileOf(d.preferred)) tiles.push([tileOf(d.preferred), "mark-preferred", t("the reviewer prefers")]);
      const frame = data.frames[Math.min(d.step, data.frames.length - 1)];
      // A claim decision (pass, chow, pung, kong, win on a discard): the discard it is about.
      const claiming = frame.actor !== null && frame.actor !== player && /^(pass|chow|pung|kong|win)\b/.test(d.chosen);
      const claim = claiming ? ["mark-claim", t("the discard to claim or pass")] : null;
      BOARD.render($("board"), data, frame, { player, tiles, claim });
    } catch (e) { $("error").textContent = e.message; }
    if (scroll && window.innerWidth < 900) $("decision").scrollIntoView({ block: "start" });
  }

  function go(hand, decision, scroll = false) {
    const changed = hand !== at.hand;
    at = { hand, decision };
    if (changed || !$("decisions").children.length) showHand();
    showDecision(scroll);
    updateButtons();
  }

  // Every decision not as the reviewer's, in play order: (hand, decision).
  function mistakes() {
    const out = [];
    review.hands.forEach((h, i) => h.decisions.forEach((d, j) => { if (!d.agrees) out.push([i, j]); }));
    return out;
  }
  const before = (a, b) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

  function updateButtons() {
    const list = mistakes(), here = [at.hand, at.decision];
    $("prev-mistake").disabled = !list.some((m) => before(m, here));
    $("next-mistake").disabled = !list.some((m) => before(here, m));
  }

  function step(delta) {
    let { hand, decision } = at;
    decision += delta;
    while (hand >= 0 && hand < review.hands.length && (decision < 0 || decision >= review.hands[hand].decisions.length)) {
      hand += delta;
      if (hand < 0 || hand >= review.hands.length) return;
      decision = delta > 0 ? 0 : review.hands[hand].decisions.length - 1;
    }
    go(hand, decision, false);
  }

  function showReview(r) {
    review = r;
    $("progress-box").hidden = true;
    $("review").hidden = false;
    if (!review.hands.length) { $("error").textContent = t("No hand could be reviewed."); return; }
    $("hand").replaceChildren(...review.hands.map((h, i) => MJK.el("option", { value: String(i) }, t("hand {n}", { n: h.hand + 1 }))));
    $("hand").disabled = false;
    showSummary();
    // Start at the first clear mistake, else the first mistake, else the first decision.
    const all = mistakes();
    const clear = all.find(([i, j]) => review.hands[i].decisions[j].clear);
    const [hand, decision] = clear || all[0] || [0, 0];
    at = { hand: -1, decision: 0 };
    go(hand, decision);
  }

  function showProgress(status) {
    $("progress-box").hidden = false;
    const text = $("progress-text");
    if (status.total === null || status.status === "queued") {
      text.textContent = t("Waiting for the server to start the review of {name}…", { name: record.names[player] });
      return;
    }
    text.textContent = t("Reviewing {name}: {done} of {total} decisions weighed", { name: record.names[player], done: status.done, total: status.total });
    $("progress").value = status.total ? status.done / status.total : 0;
  }

  async function follow(status) {
    while (status.status === "queued" || status.status === "running") {
      showProgress(status);
      await new Promise((r) => setTimeout(r, POLL_MS));
      status = await MJK.call("GET", `/api/games/${gameId}/reviews/${player}`);
    }
    if (status.status === "failed") {
      $("progress-box").hidden = true;
      $("error").textContent = t("The review failed: {message}", { message: status.error ? status.error.message : "" });
      return;
    }
    showReview(status.review);
  }

  (async () => {
    await I18N.ready;
    $("replay-link").href = `/replay/${gameId}`;
    try {
      await MJK.loadTiles();
      record = await MJK.call("GET", `/api/games/${gameId}/record`);
      const asked = {};
      if (/^[0-3]$/.test(query.get("player") || "")) asked.player = Number(query.get("player"));
      if (/^\d{1,4}$/.test(query.get("samples") || "")) asked.samples = Number(query.get("samples"));
      const status = await MJK.call("POST", `/api/games/${gameId}/reviews`, asked);
      player = status.player;
      record.names.forEach((n, i) => $("player").append(MJK.el("option", { value: String(i) }, MJK.who(n, record.seats[i]))));
      $("player").value = String(player);
      $("player").addEventListener("change", () => {
        query.set("player", $("player").value);
        location.search = query.toString();
      });
      $("hand").addEventListener("change", () => go(Number($("hand").value), 0));
      $("prev-mistake").addEventListener("click", () => { const m = mistakes().filter((x) => before(x, [at.hand, at.decision])).pop(); if (m) go(m[0], m[1], true); });
      $("next-mistake").addEventListener("click", () => { const m = mistakes().find((x) => before([at.hand, at.decision], x)); if (m) go(m[0], m[1], true); });
      document.addEventListener("keydown", (e) => {
        if (!review || ["SELECT", "INPUT"].includes(e.target.tagName)) return;
        if (e.key === "ArrowDown" || e.key === "ArrowRight") { e.preventDefault(); step(1); }
        if (e.key === "ArrowUp" || e.key === "ArrowLeft") { e.preventDefault(); step(-1); }
      });
      await follow(status);
    } catch (e) { $("error").textContent = e.message; }
  })();
})();
