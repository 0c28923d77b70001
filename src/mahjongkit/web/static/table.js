// The table page: the lobby (new game) and the table itself, over one WebSocket.
"use strict";
const $ = (id) => document.getElementById(id);
let ws = null, view = null, selected = -1, claimKey = null, claimDeadline = 0, tableId = null;
let turnKey = null, turnDeadline = 0, watching = false;

// Why the server closed the table's socket, by its close code (docs/web.md); no reconnecting.
const CLOSED = {
  4403: "This link's seat token is not valid for this table.",
  4404: "No such table.",
  4406: "This page is not served by the table's server, which only lets its own pages (and the sites it names) open a table.",
  4429: "Too many messages were sent too fast: the server closed the connection. Reload the page to rejoin.",
  4503: "As many people are watching this table as it allows: try again later.",
  4410: "This table is closed: no one played at it for too long, so it was closed as abandoned. Its finished hands can still be replayed.",
};

function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
}
function act(action) { $("table-error").textContent = ""; send({ type: "action", action }); }

async function lobby() {
  $("lobby").hidden = false;
  await MJK.rulesets($("ruleset"));
  const bots = await MJK.call("GET", "/api/bots");
  const preferred = ["scorer", "efficient", "defender", "random"].find((b) => bots.includes(b)) || bots[0];
  // A blank name is the player's own (web.table.default_names), never a wind: the winds
  // move round the table after the first hand.
  const defaults = () => {
    const kinds = [0, 1, 2, 3].map((i) => $(`kind-${i}`).value);
    kinds.forEach((k, i) => {
      const bot = k.charAt(0).toUpperCase() + k.slice(1);
      const shared = kinds.filter((x) => x === k).length > 1;
      $(`name-${i}`).placeholder = k === "human" ? `Player ${i + 1}` : `${bot}${shared ? ` ${i + 1}` : ""} (bot)`;
    });
  };
  for (let i = 0; i < 4; i++) {
    const kind = MJK.el("select", { id: `kind-${i}`, "data-testid": `seat-kind-${i}` });
    kind.append(MJK.el("option", { value: "human" }, i === 0 ? "you / a person" : "a friend (open seat)"));
    for (const b of bots) kind.append(MJK.el("option", { value: b }, `bot: ${b}`));
    kind.value = i === 0 ? "human" : preferred;
    kind.addEventListener("change", defaults);
    const name = MJK.el("input", { id: `name-${i}`, "data-testid": `seat-name-${i}`, value: "", maxlength: "24" });
    $("seats").append(MJK.el("label", {}, `${"ESWN"[i]} seat`, name, kind));
  }
  defaults();
  $("new-game").addEventListener("click", async () => {
    $("lobby-error").textContent = "";
    try {
      const body = {
        ruleset: $("ruleset").value,
        hands: $("hands").value ? Number($("hands").value) : null,
        claim_timeout: Number($("claim-timeout").value || 15),
        turn_timeout: Number($("turn-timeout").value || 0),
        seats: [0, 1, 2, 3].map((i) => $(`kind-${i}`).value),
        names: [0, 1, 2, 3].map((i) => $(`name-${i}`).value),
      };
      const made = await MJK.call("POST", "/api/tables", body);
      const humans = made.seats.filter((s) => s.token);
      if (!humans.length) throw new Error("choose at least one person's seat");
      localStorage.setItem(`mjk-invites-${made.id}`, JSON.stringify(humans.slice(1)));
      localStorage.setItem(`mjk-watch-${made.id}`, made.watch_url);
      location.href = humans[0].url;
    } catch (e) { $("lobby-error").textContent = e.message; }
  });
}

function connect() {
  const token = localStorage.getItem(`mjk-token-${tableId}`);
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const who = watching ? "watch=1" : `token=${encodeURIComponent(token)}`;
  ws = new WebSocket(`${proto}://${location.host}/ws/tables/${tableId}?${who}`);
  ws.onopen = () => { $("status").textContent = "connected"; };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "state") { view = msg.view; render(); window.renderHandHelp?.(view); }
    else if (msg.type === "error") { $("table-error").textContent = msg.message; }
  };
  ws.onclose = (ev) => {
    $("status").textContent = "disconnected";
    const why = CLOSED[ev.code];
    if (why) $("table-error").textContent = why;
    if (ev.code === 4410) { closedTable(); return; }
    if (why) return;
    setTimeout(connect, 1500);  // reconnect: the server sends the full current view
  };
}

// A table closed as abandoned: nothing to play, only where to go next.
function closedTable() {
  for (const el of document.querySelectorAll("#table > :not(.bar):not(#table-error)")) el.hidden = true;
  $("status").textContent = "closed (abandoned)";
  $("table-error").append(" ", MJK.el("a", { href: `/replay/${tableId}`, "data-testid": "closed-replay" }, "Replay"), " · ", MJK.el("a", { href: "/history" }, "History"), " · ", MJK.el("a", { href: "/" }, "New game"));
}

function meldGroup(meld) { return MJK.tiles_(MJK.meldTiles(meld)); }
// Another player's concealed tiles: one tile back and how many (keeps a phone row short).
function backs(n) {
  const g = MJK.el("span", { class: "group backs", "data-testid": "concealed-count" }, MJK.tile("back"));
  g.append(MJK.el("span", { class: "count" }, `×${n}`));
  return g;
}

function seatBox(p) {
  const info = view.players[p];
  const box = MJK.el("div", { class: "seat" + (info.to_act ? " turn" : ""), "data-testid": `seat-${p}` });
  const dealer = info.dealer ? MJK.el("span", { class: "dealer" }, " ★dealer") : "";
  box.append(MJK.el("div", { class: "seat-head" }, `${info.wind} · ${MJK.who(info.name, info.kind)} · ${info.score}`, dealer, info.ting ? " · ting" : ""));
  const row = MJK.el("div", { class: "tiles small" });
  row.append(backs(info.hand_size));
  for (const m of info.melds) row.append(meldGroup(m));
  for (let i = 0; i < info.hidden_kongs; i++) row.append(MJK.tiles_(["back", "back", "back", "back"]));
  if (info.flowers.length) row.append(MJK.tiles_(info.flowers));
  box.append(row);
  const disc = MJK.el("div", { class: "tiles small", "data-testid": `discards-${p}` });
  for (const [t, claimed, drawn] of info.discards) disc.append(MJK.tile(t, { claimed, drawn }));
  markLast(disc, p);
  box.append(disc);
  return box;
}

function markLast(row, p) {
  if (view.last_discarder === p && row.lastChild) {
    row.lastChild.classList.add("last-discard");
    row.lastChild.dataset.testid = "last-discard";
  }
}

// A table whose discards lie in the centre: one mixed group, no owner, no order; the
// last discard is named with its thrower (seed 003 lines 43, 45).
function renderPond(v) {
  const area = $("pond-area");
  area.hidden = !v.pond;
  if (!v.pond) return;
  const pond = $("pond"); pond.innerHTML = "";
  pond.append(MJK.tiles_(v.pond));
  const line = $("last-discard-line"); line.innerHTML = "";
  if (v.last_discard && v.last_discarder !== null) line.append(`· last: ${v.players[v.last_discarder].name} `, MJK.tile(v.last_discard));
}

function renderInfo(v) {
  $("info").textContent = `${v.ruleset} · hand ${v.hand_number}/${v.max_hands} · ${v.round} · prevalent wind ${v.prevalent_wind} · wall ${v.wall_live}`;
  // The wall's commitment, published at the deal; its seed and salt come after the hand.
  const c = $("commitment"), inPlay = v.commitment && !["between", "over"].includes(v.phase);
  c.hidden = !inPlay;
  if (inPlay) { c.textContent = `wall commitment ${v.commitment.sha256.slice(0, 16)}…`; c.title = `SHA-256 ${v.commitment.sha256}: the seed and salt are revealed when the hand ends`; }
}

function renderScores(v, me) {
  const sc = $("scores"); sc.innerHTML = "";
  sc.append(MJK.el("tr", {}, MJK.el("th", {}, "Player"), MJK.el("th", {}, "Wind"), MJK.el("th", { class: "num" }, "Score")));
  v.players.forEach((p, i) => sc.append(MJK.el("tr", { "data-testid": `score-row-${i}` }, MJK.el("td", { class: i === me ? "you-row" : "" }, p.name + (p.dealer ? " ★" : "")), MJK.el("td", {}, p.wind), MJK.el("td", { class: "num" }, p.score))));
  renderResult(v);
  const log = $("log"); log.innerHTML = "";
  for (const line of v.log) log.append(MJK.el("li", {}, line));
}

// A spectator sees the four seats (East first) and no one's concealed tiles.
function renderWatching(v) {
  renderInfo(v);
  const opp = $("opponents"); opp.innerHTML = "";
  for (const p of [0, 1, 2, 3]) opp.append(seatBox(p));
  renderPond(v);
  $("you-area").hidden = true; $("actions").innerHTML = ""; $("claim").hidden = true; $("keys-help").hidden = true;
  renderScores(v, null);
  $("status").textContent = v.phase === "over" ? "match over" : v.phase === "between" ? "hand over" : "watching";
}

function render() {
  if (view.player === null) { renderWatching(view); return; }
  const v = view, me = v.player, mine = v.players[me];
  const legal = v.you.legal_actions;
  renderInfo(v);
  // Opponents in turn order after you: right, opposite, left.
  const opp = $("opponents"); opp.innerHTML = "";
  for (const k of [1, 2, 3]) opp.append(seatBox((me + k) % 4));
  renderPond(v);
  $("you-area").className = "you card" + (mine.to_act ? " turn" : "");
  $("you-head").textContent = `${mine.wind} · ${mine.name} (you) · ${mine.score}${mine.dealer ? " · dealer" : ""}${mine.ting ? " · ting" : ""}`;
  const exposed = $("your-exposed"); exposed.innerHTML = "";
  for (const m of mine.melds) exposed.append(meldGroup(m));
  if (mine.flowers.length) exposed.append(MJK.tiles_(mine.flowers));
  // Your hand: sorted, the drawn tile apart; a tile is a button where discarding it is legal.
  const hand = $("hand"); hand.innerHTML = "";
  const tiles = v.you.concealed.slice();
  if (v.you.last_tile) tiles.push(v.you.last_tile);
  if (selected >= tiles.length) selected = -1;
  tiles.forEach((t, i) => {
    const can = legal.includes(`discard ${t}`);
    const b = MJK.el("button", { class: "tile-button" + (i === selected ? " selected" : "") + (v.you.last_tile && i === tiles.length - 1 ? " drawn" : ""), "data-testid": "hand-tile", "data-tile": t, title: can ? `discard ${t}` : t });
    if (can) b.dataset.action = `discard ${t}`;
    b.disabled = !can;
    b.append(MJK.tile(t));
    b.addEventListener("click", () => act(`discard ${t}`));
    hand.append(b);
  });
  const disc = $("your-discards"); disc.innerHTML = "";
  for (const [t, claimed, drawn] of mine.discards) disc.append(MJK.tile(t, { claimed, drawn }));
  markLast(disc, me);
  // Actions other than a plain discard are buttons.
  const bar = $("actions"); bar.innerHTML = "";
  for (const a of legal) {
    if (a.startsWith("discard ")) continue;
    const label = a.startsWith("ting ") ? `ting, discard ${a.slice(5)}` : a;
    bar.append(MJK.el("button", { "data-testid": "action", "data-action": a, onclick: () => act(a) }, label));
  }
  if (v.phase === "between") bar.append(MJK.el("button", { "data-testid": "action", "data-action": "next", onclick: () => send({ type: "next" }) }, "Next hand"));
  // The claim window, with the table's timeout counted down.
  const claim = $("claim");
  if (v.claim_open) {
    const key = `${v.hand_number}:${v.log.length}:${v.claim_tile}`;
    if (key !== claimKey) { claimKey = key; claimDeadline = Date.now() + v.claim_timeout * 1000; }
    claim.hidden = false; claim.innerHTML = "";
    claim.append(`${v.players[v.claim_giver].name} gives `, MJK.tile(v.claim_tile), MJK.el("span", { id: "countdown" }, ""));
    tick();
  } else { claim.hidden = true; claimKey = null; }
  renderScores(v, me);
  $("status").textContent = v.phase === "over" ? "match over" : v.phase === "between" ? "hand over" : mine.to_act ? "your decision" : "waiting";
  // Your own turn, with the table's turn timeout counted down (then the drawn tile goes).
  if (mine.to_act && v.phase === "turn" && v.turn_timeout) {
    const key = `${v.hand_number}:${v.log.length}:${v.wall_live}`;
    const fresh = key !== turnKey;
    if (fresh) { turnKey = key; turnDeadline = Date.now() + v.turn_timeout * 1000; }
    turnTick(key, fresh);
  } else { turnKey = null; }
}

function turnTick(key, again) {
  if (turnKey !== key) return;
  const left = Math.max(0, Math.ceil((turnDeadline - Date.now()) / 1000));
  $("status").textContent = `your turn: ${left}s left (then the tile you drew is discarded)`;
  if (again && left > 0) setTimeout(() => turnTick(key, true), 500);
}

function renderResult(v) {
  const box = $("result");
  const r = v.last_hand;
  if (!r || v.phase === "turn" || v.phase === "claim" || v.phase === "rob") { box.hidden = true; } else {
    box.hidden = false; box.innerHTML = "";
    const names = v.players.map((p) => p.name);
    box.append(MJK.el("h2", {}, `Hand ${r.hand_number} (${r.round}): ${r.kind === "win" ? "won" : r.kind}`));
    for (const w of r.wins) {
      const how = r.discarder === null ? "self-drawn" : `on ${names[r.discarder]}'s discard`;
      box.append(MJK.el("p", {}, `${names[w.player]} wins ${how}`));
      const tiles = MJK.el("div", { class: "tiles" });
      tiles.append(...MJK.handGroups(w.hand));
      box.append(tiles);
      const t = MJK.el("table", { "data-testid": "breakdown" });
      t.append(MJK.el("tr", {}, MJK.el("th", {}, "Fan"), MJK.el("th", { class: "num" }, "Points"), MJK.el("th", {}, "From")));
      for (const i of w.items) t.append(MJK.el("tr", {}, MJK.el("td", {}, `${i.name} ${i.chinese}`), MJK.el("td", { class: "num" }, i.count > 1 ? `${i.points}×${i.count}` : i.points), MJK.el("td", { class: "muted" }, i.sources.join(" "))));
      t.append(MJK.el("tr", {}, MJK.el("th", {}, "Total"), MJK.el("th", { class: "num", "data-testid": "breakdown-total" }, w.total), MJK.el("td", {})));
      box.append(t);
    }
    box.append(MJK.el("p", { class: "muted" }, "Money: " + r.net.map((n, i) => `${names[i]} ${n >= 0 ? "+" : ""}${n}`).join(", ")));
    if (r.commitment) {
      box.append(MJK.el("p", { class: "muted hex", "data-testid": "revealed-seed" },
        `Wall: commitment ${r.commitment.sha256} · seed ${r.commitment.seed} · salt ${r.commitment.salt} `,
        MJK.el("a", { href: `/replay/${tableId}` }, "check it")));
    }
  }
  const fin = $("final");
  if (v.over && v.final) {
    fin.hidden = false; fin.innerHTML = "";
    fin.append(MJK.el("h2", {}, "Match over"));
    const t = MJK.el("table", { "data-testid": "final-table" });
    t.append(MJK.el("tr", {}, MJK.el("th", {}, "Player"), MJK.el("th", { class: "num" }, "Score"), MJK.el("th", { class: "num" }, "Table points")));
    v.players.forEach((p, i) => t.append(MJK.el("tr", {}, MJK.el("td", {}, p.name), MJK.el("td", { class: "num" }, v.final.scores[i]), MJK.el("td", { class: "num" }, v.final.table_points[i]))));
    fin.append(t, MJK.el("p", {}, MJK.el("a", { href: `/replay/${tableId}` }, "Replay this game"), " · ", MJK.el("a", { href: "/" }, "New game")));
  } else fin.hidden = true;
}


function tick() {
  const el = document.getElementById("countdown");
  if (!el || $("claim").hidden) return;
  const left = Math.max(0, Math.ceil((claimDeadline - Date.now()) / 1000));
  el.textContent = ` — claim it? ${left}s left (then you pass)`;
  if (left > 0) setTimeout(tick, 500);
}

function invites() {
  const list = JSON.parse(localStorage.getItem(`mjk-invites-${tableId}`) || "[]");
  const watch = localStorage.getItem(`mjk-watch-${tableId}`);
  if (!list.length && !watch) return;
  const box = $("invites"); box.hidden = false;
  if (list.length) box.append(MJK.el("strong", {}, "Invite friends: "));
  for (const s of list) {
    const url = `${location.origin}${s.url}`;
    box.append(MJK.el("div", {}, `${s.name}'s seat: `, MJK.el("a", { href: url, "data-testid": `invite-${s.player}` }, url)));
  }
  if (watch) box.append(MJK.el("div", {}, "To watch (no one's tiles shown): ", MJK.el("a", { href: `${location.origin}${watch}`, "data-testid": "watch-link" }, `${location.origin}${watch}`)));
}

document.addEventListener("keydown", (e) => {
  if (!view || e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
  const legal = view.you.legal_actions;
  const buttons = [...document.querySelectorAll("#hand button")];
  const first = (kind) => legal.find((a) => a === kind || a.startsWith(kind + " "));
  const keyed = { w: "win", p: "pass", u: "pung", k: "kong", c: "chow" }[e.key];
  if (keyed && first(keyed)) { act(first(keyed)); return; }
  if (e.key === "n" && view.phase === "between") { send({ type: "next" }); return; }
  if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
    const n = buttons.length; if (!n) return;
    selected = e.key === "ArrowRight" ? (selected + 1) % n : (selected - 1 + n) % n;
    render(); return;
  }
  if (e.key === "Enter" && selected >= 0 && buttons[selected] && !buttons[selected].disabled) buttons[selected].click();
});

(async function main() {
  await MJK.loadTiles();
  const m = location.pathname.match(/^\/table\/([0-9a-f]+)/);
  if (!m) { lobby(); return; }
  tableId = m[1];
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get("token")) {
    localStorage.setItem(`mjk-token-${tableId}`, hash.get("token"));
    history.replaceState(null, "", location.pathname);  // keep the secret out of the address bar
  }
  $("table").hidden = false;
  watching = hash.has("watch");
  if (!watching && !localStorage.getItem(`mjk-token-${tableId}`)) {
    $("table-error").textContent = "Open this table with your seat's link, or watch it: ";
    $("table-error").append(MJK.el("a", { href: `/table/${tableId}#watch`, onclick: () => setTimeout(() => location.reload()) }, "watch"));
    return;
  }
  if (!watching) invites();
  connect();
})();
