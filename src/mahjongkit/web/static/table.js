// The table page: the lobby (new game) and the table itself, over one WebSocket.
//
// Plain modern JavaScript, no build step: each part of the table is updated in place by
// keys (`sync`), so a focused or hovered button is never replaced; the bots' actions are
// played back one at a time from the view's events (`playback`) at the chosen pace.
"use strict";
// Every string a player reads goes through t(): English source text as the key, {name}
// placeholders; a translation module may define window.t before this file.
const t = window.t || ((s, p = {}) => s.replace(/\{(\w+)\}/g, (_, k) => p[k]));
const $ = (id) => document.getElementById(id);
let ws = null, tableId = null, watching = false;
let latest = null;   // the newest view from the server
let latestAt = 0;    // when it came: the server's timers run from then, not from the playback's end
let shown = null;    // the view on screen: the newest, or one rebuilt during a playback
let narrated = -1;   // the index of the last event shown
let queue = [], playing = false, myDrawAt = -1;  // myDrawAt: your latest draw still to show
let claimKey = null, claimDeadline = 0, turnKey = null, turnDeadline = 0, resultKey = null;
const recent = [];   // the strip of the last actions

// Why the server closed the table's socket, by its close code (docs/web.md); no reconnecting.
const CLOSED = {
  4403: "This link's seat token is not valid for this table.",
  4404: "No such table.",
  4406: "This page is not served by the table's server, which only lets its own pages (and the sites it names) open a table.",
  4429: "Too many messages were sent too fast: the server closed the connection. Reload the page to rejoin.",
  4503: "As many people are watching this table as it allows: try again later.",
  4410: "This table is closed: no one played at it for too long, so it was closed as abandoned. Its finished hands can still be replayed.",
};
const PACES = [[0, "instant"], [400, "quick (0.4 s)"], [700, "normal (0.7 s)"], [1100, "slow (1.1 s)"]];
const WIND_NAMES = { E: "East", S: "South", W: "West", N: "North" };
const WIND_LETTERS = { E: "E", S: "S", W: "W", N: "N" };  // the seat's disc: 东南西北 in Chinese
const SEATS = "ESWN";
function botKind(kind) { return MJK.botKind(kind); }
// A refusal as the player reads it: by its code where known, else the server's words.
const REFUSALS = {
  refused: "The table refused that.",
  rate_limited: "Too many messages at once: that one was not read.",
  not_text: "The page sent a message the table cannot read.",
  message_too_large: "That message is too large.",
  invalid_json: "The page sent a message the table cannot read.",
  unknown_type: "The page sent a message the table cannot read.",
  invalid_shape: "The page sent a message the table cannot read.",
  invalid_field: "A setting of the new game is not valid.",
  json_required: "The page sent a message the table cannot read.",
  server_error: "The server failed to do that; the table is as it was.",
  spectator: "You are watching: you cannot act at this table.",
  not_saved: "The table could not save that: try again.",
};
// The server's own words stay with it, in English: shown after the translation.
function refusal(code, message) {
  if (!REFUSALS[code] || I18N.lang === "en") return message;
  return t("{what} ({why})", { what: t(REFUSALS[code]), why: message });
}

function pace() {
  const v = Number(localStorage.getItem("mjk-pace"));
  return Number.isFinite(v) && localStorage.getItem("mjk-pace") !== null ? v : 700;
}

// -- keyed updates --------------------------------------------------------------------
// Make parent's children the items, in order, reusing the child with the same key:
// `make` builds a new one, `update` refreshes one (new or kept). Children are only moved
// when out of place, so focus and the element under the pointer stay.
function sync(parent, items, keyOf, make, update = () => {}) {
  const old = new Map();
  for (const c of [...parent.children]) old.set(c.dataset.key, c);
  items.forEach((item, i) => {
    const k = String(keyOf(item, i));
    let el = old.get(k);
    if (el) old.delete(k); else { el = make(item, i); el.dataset.key = k; }
    update(el, item, i);
    const at = parent.children[i];
    if (at !== el) parent.insertBefore(el, at || null);
  });
  for (const el of old.values()) el.remove();
}
function setText(el, text) { if (el.textContent !== text) el.textContent = text; }
function setClass(el, name) { if (el.className !== name) el.className = name; }
// A tile image whose face can change in place (a pond slot, a hand button's face).
function setTile(span, name, opts = {}) {
  const cls = "tile" + (opts.claimed ? " claimed" : "") + (opts.drawn ? " from-draw" : "") + (opts.extra ? " " + opts.extra : "");
  setClass(span, cls);
  if (span.dataset.tile !== name) {
    span.dataset.tile = name;
    span.innerHTML = MJK.tiles[name] || MJK.tiles.back;
  }
  const title = opts.title || (opts.drawn ? t("{tile}, thrown as drawn", { tile: name }) : name);
  if (span.title !== title) span.title = title;
  return span;
}
function tileEl(name, opts) { return setTile(document.createElement("span"), name, opts); }

// -- who sits where -------------------------------------------------------------------
function seatIndex(v, p) { return SEATS.indexOf(v.players[p].wind); }
// The player you see from: yourself, or East's first player when watching.
function me(v) { return v.player === null ? 0 : v.player; }
// Where player p sits on your screen: bottom (you), right (next in turn), top, left.
function place(v, p) {
  return ["bottom", "right", "top", "left"][(seatIndex(v, p) - seatIndex(v, me(v)) + 4) % 4];
}
function who(v, p) { return p === v.player ? t("You") : v.players[p].name; }
function whom(v, p) { return p === v.player ? t("you") : v.players[p].name; }

function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
}
function act(action) { setText($("table-error"), ""); send({ type: "action", action }); }
function announce(text) { setText($("announce"), text); }

// -- the lobby ------------------------------------------------------------------------
// Help with your hand: on when a bot plays (the server's default too), until the player
// sets it, even before the lobby is drawn; sent either way.
$("help").addEventListener("change", (e) => { e.target.dataset.set = "1"; });
async function lobby() {
  $("lobby").hidden = false;
  const help = $("help");
  // The help switch's note names the chosen ruleset's unit (番 or 台).
  const rulesets = await MJK.rulesets($("ruleset"));
  const unit = () => { I18N.unit = (rulesets.find((r) => r.name === $("ruleset").value) || {}).unit; };
  $("ruleset").addEventListener("change", unit);
  unit();
  const bots = await MJK.call("GET", "/api/bots");
  const preferred = ["scorer", "efficient", "defender", "random"].find((b) => bots.includes(b)) || bots[0];
  // A blank name is the player's own (web.table.default_names), never a wind: the winds
  // move round the table after the first hand.
  const defaults = () => {
    const kinds = [0, 1, 2, 3].map((i) => $(`kind-${i}`).value);
    kinds.forEach((k, i) => {
      const bot = k.charAt(0).toUpperCase() + k.slice(1);
      const shared = kinds.filter((x) => x === k).length > 1;
      $(`name-${i}`).placeholder = k === "human" ? t("Player {n}", { n: i + 1 }) : t("{bot} (bot)", { bot: `${I18N.lang === "en" ? bot : botKind(k)}${shared ? ` ${i + 1}` : ""}` });
    });
  };
  for (let i = 0; i < 4; i++) {
    const kind = MJK.el("select", { id: `kind-${i}`, "data-testid": `seat-kind-${i}` });
    kind.append(MJK.el("option", { value: "human" }, i === 0 ? t("you / a person") : t("a friend (open seat)")));
    for (const b of bots) kind.append(MJK.el("option", { value: b }, t("bot: {name}", { name: botKind(b) })));
    kind.value = i === 0 ? "human" : preferred;
    kind.addEventListener("change", defaults);
    const name = MJK.el("input", { id: `name-${i}`, "data-testid": `seat-name-${i}`, value: "", maxlength: "24" });
    $("seats").append(MJK.el("label", {}, t("{wind} seat", { wind: t(WIND_NAMES["ESWN"[i]]) }), name, kind));
  }
  defaults();
  const helpDefault = () => { if (!help.dataset.set) help.checked = [0, 1, 2, 3].some((i) => $(`kind-${i}`).value !== "human"); };
  for (let i = 0; i < 4; i++) $(`kind-${i}`).addEventListener("change", helpDefault);
  helpDefault();
  $("new-game").addEventListener("click", async () => {
    $("lobby-error").textContent = "";
    try {
      const body = {
        ruleset: $("ruleset").value,
        hands: $("hands").value ? Number($("hands").value) : null,
        claim_timeout: Number($("claim-timeout").value || 15),
        turn_timeout: Number($("turn-timeout").value || 0),
        seats: [0, 1, 2, 3].map((i) => $(`kind-${i}`).value),
        // A blank name is the server's English default; in another language, the placeholder.
        names: [0, 1, 2, 3].map((i) => $(`name-${i}`).value || (I18N.lang === "en" ? "" : $(`name-${i}`).placeholder)),
        help: $("help").checked,
      };
      const made = await MJK.call("POST", "/api/tables", body);
      const humans = made.seats.filter((s) => s.token);
      if (!humans.length) throw new Error(t("choose at least one person's seat"));
      localStorage.setItem(`mjk-invites-${made.id}`, JSON.stringify(humans.slice(1)));
      localStorage.setItem(`mjk-watch-${made.id}`, made.watch_url);
      location.href = humans[0].url;
    } catch (e) { $("lobby-error").textContent = refusal(e.code, e.message); }
  });
  // Enabled only now: a click before the bots and seats were read would do nothing.
  $("new-game").disabled = false;
}

// -- the socket -----------------------------------------------------------------------
function connect() {
  const token = localStorage.getItem(`mjk-token-${tableId}`);
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const whom = watching ? "watch=1" : `token=${encodeURIComponent(token)}`;
  ws = new WebSocket(`${proto}://${location.host}/ws/tables/${tableId}?${whom}`);
  ws.onopen = () => { setText($("status"), t("connected")); };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "state") { received(msg.view); window.renderHandHelp?.(msg.view); }
    else if (msg.type === "error") setText($("table-error"), refusal(msg.code, msg.message));
  };
  ws.onclose = (ev) => {
    setText($("status"), t("disconnected"));
    const why = CLOSED[ev.code];
    if (ev.code === 4410) { setText($("table-error"), t(why)); closedTable(); return; }
    if (why) { setText($("table-error"), t(why)); return; }
    setTimeout(connect, 1500);  // reconnect: the server sends the full current view
  };
}

// A table closed as abandoned: nothing to play, only where to go next.
function closedTable() {
  for (const el of document.querySelectorAll("#table > :not(.bar)")) el.hidden = true;
  const dock = $("dock"), error = $("table-error");
  dock.hidden = false;
  for (const el of dock.children) el.hidden = el !== error;
  setText($("status"), t("closed (abandoned)"));
  error.append(" ", MJK.el("a", { href: `/replay/${tableId}`, "data-testid": "closed-replay" }, t("Replay")), " · ", MJK.el("a", { href: "/history" }, t("History")), " · ", MJK.el("a", { href: "/" }, t("New game")));
}

// -- pace and narration ---------------------------------------------------------------
// A new view: its events not yet shown are played back one at a time (a bot's action
// waits the pace, yours and every draw are instant); the first view, a new hand or a
// gap in the stream is shown at once.
function received(view) {
  const fresh = view.events.filter((e) => e.index > narrated);
  if (playing && !fresh.length && shown && view.hand_number === shown.hand_number) { latest = view; latestAt = Date.now(); return; }
  const behind = fresh.filter((e) => e.kind !== "deal").length > 60;  // a long wait: catch up at once
  const continuous = shown && !behind && fresh.length && fresh[0].index === narrated + 1 && view.hand_number === shown.hand_number;
  latest = view; latestAt = Date.now();
  if (behind) shown = null;
  if (shown && !continuous && view.hand_number !== shown.hand_number && view.phase !== "over") {
    // A new hand: from the deal on, the bots' first actions played back like any others.
    const deal = view.events.filter((e) => e.kind === "deal").pop();
    if (deal) {
      queue = view.events.filter((e) => e.index > deal.index);
      narrated = deal.index; myDrawAt = lastDraw(view, queue);
      shown = dealt(view, queue);
      const dealer = view.players.findIndex((x) => x.dealer);
      recent.push({ key: `hand${view.hand_number}`, text: t("Hand {n}: {name} deals", { n: view.hand_number, name: who(view, dealer) }), mine: false });
      if (!playing) playback(); else playing = true;
      return;
    }
  }
  if (!continuous) {
    queue = []; playing = false; myDrawAt = -1;
    if (view.events.length) narrated = view.events[view.events.length - 1].index;
    for (const e of fresh.slice(-6)) note(view, e, false);
    shown = view; render(view); return;
  }
  queue.push(...fresh.filter((e) => e.index > (queue.length ? queue[queue.length - 1].index : narrated)));
  myDrawAt = Math.max(myDrawAt, lastDraw(view, queue));
  if (!playing) playback();
}

// The sound each narrated event makes when sound is on (sound.js); none for the rest.
const SOUNDS = { discard: "discard", chow: "claim", pung: "claim", kong: "claim", "concealed-kong": "claim", "promoted-kong": "claim", win: "win" };
const PACED = new Set(["discard", "chow", "pung", "kong", "concealed-kong", "promoted-kong", "win", "flower"]);

async function playback() {
  playing = true;
  while (queue.length) {
    const e = queue.shift();
    if (e.index <= narrated) continue;
    narrated = e.index;
    shown = applyEvent(clone(shown), e, latest);
    const mine = e.player === latest.player;
    note(latest, e, !mine);
    window.MJK_SOUND?.play(SOUNDS[e.kind]);
    render(shown, queue.length > 0);
    const wait = pace();
    if (PACED.has(e.kind) && !mine && wait > 0 && queue.length) await sleep(e.kind === "flower" ? wait / 2 : wait);
    if (!playing) return;  // a fresh view replaced the playback
  }
  playing = false; myDrawAt = -1;
  shown = latest; render(latest);
}
// The table of a new view as it was dealt, before the events that followed: empty ponds,
// no melds or flowers, the wall with the drawn tiles back; hand sizes are the view's.
function dealt(v, events) {
  const d = clone(v);
  d.dealing = true;
  for (const p of d.players) { p.discards = []; p.meld_sets = []; p.hidden_kongs = 0; p.flowers = []; p.to_act = false; }
  d.wall_live += events.filter((e) => e.kind === "draw").length;
  d.last_discarder = null; d.last_discard = null;
  return d;
}
// The index of your last draw among events (-1: none): your drawn tile shows from then.
function lastDraw(v, events) {
  const mine = events.filter((e) => e.kind === "draw" && e.player === v.player && v.player !== null);
  return mine.length ? mine[mine.length - 1].index : -1;
}
function sleep(ms) { return new Promise((r) => setTimeout(r, ms)); }
function clone(v) { return JSON.parse(JSON.stringify(v)); }

// The table as it was after event e: the view before it with e applied; what the event
// does not say (a meld's layout, a drawn discard) is taken from the newest view.
function applyEvent(v, e, last) {
  v.you = clone(last.you);  // your hand as it is now: only your own actions change it
  if (v.pond) v.pond = last.pond.slice();
  const p = e.player;
  if (p === null) return v;
  const seat = v.players[p], final = last.players[p];
  const mine = p === v.player;
  const turnTo = (q) => v.players.forEach((s, i) => { s.to_act = i === q; });
  if (v.dealing) { v.you = clone(last.you); }
  const mineOrDealt = p === v.player || v.dealing;
  if (e.kind === "draw") {
    if (!mineOrDealt) seat.hand_size += 1;
    v.wall_live = Math.max(0, v.wall_live - 1);
    turnTo(p);
  } else if (e.kind === "flower") {
    if (e.tile) seat.flowers.push(e.tile);
    if (!mineOrDealt) seat.hand_size -= 1;
  } else if (e.kind === "discard") {
    if (!mineOrDealt) seat.hand_size -= 1;
    if (v.pond === null || v.pond === undefined) {
      const i = seat.discards.length;
      seat.discards.push([e.tile || "back", false, final.discards[i] ? final.discards[i][2] : false]);
    }
    v.last_discarder = p; v.last_discard = e.tile || v.last_discard;
    turnTo(-1);
  } else if (["chow", "pung", "kong"].includes(e.kind)) {
    if (!mineOrDealt) seat.hand_size -= e.kind === "kong" ? 3 : 2;
    const giver = e.from !== null ? v.players[e.from] : null;
    if (giver && giver.discards.length) giver.discards[giver.discards.length - 1][1] = true;
    seat.meld_sets = final.meld_sets.slice(0, seat.meld_sets.length + 1);
    v.last_discarder = null;
    turnTo(p);
  } else if (e.kind === "concealed-kong") {
    if (!mine) { if (!v.dealing) seat.hand_size -= 4; seat.hidden_kongs = Math.min(final.hidden_kongs, seat.hidden_kongs + 1); }
    else seat.meld_sets = final.meld_sets.slice(0, seat.meld_sets.length + 1);
  } else if (e.kind === "promoted-kong") {
    if (!mineOrDealt) seat.hand_size -= 1;
    seat.meld_sets = final.meld_sets.slice(0, seat.meld_sets.length);
  }
  return v;
}

// What an event says, for the notice, the strip and the log; null where it says nothing.
const NARRATION = {
  discard: ["{name} discards {tile}", "You discard {tile}"],
  ting: ["{name} discards {tile} and declares ting", "You discard {tile} and declare ting"],
  flower: ["{name} shows the flower {tile}", "You show the flower {tile}"],
  chow: ["{name} chows {tile} from {from}", "You chow {tile} from {from}"],
  pung: ["{name} pungs {tile} from {from}", "You pung {tile} from {from}"],
  kong: ["{name} kongs {tile} from {from}", "You kong {tile} from {from}"],
  "concealed-kong": ["{name} declares a concealed kong", "You declare a concealed kong of {tile}"],
  "promoted-kong": ["{name} adds {tile} to a pung: kong", "You add {tile} to your pung: kong"],
  "discard-unseen": ["{name} discards a tile", "You discard a tile"],
  "ting-unseen": ["{name} discards a tile and declares ting", "You discard a tile and declare ting"],
  win: ["{name} wins on {tile}", "You win on {tile}"],
  "self-drawn": ["{name} wins, self-drawn {tile}", "You win, self-drawn {tile}"],
  "false-win": ["{name} declares a win that is not one", "You declare a win that is not one"],
  "invalid-claim": ["{name} claims {tile} for a set that cannot be made", "You claim {tile} for a set that cannot be made"],
  "illegal-action": ["{name} takes an action that is not allowed", "You take an action that is not allowed"],
};
function narration(v, e) {
  if (e.kind === "exhaustive-draw") return t("The wall is exhausted: the hand is drawn");
  let kind = e.kind;
  if (kind === "discard" && e.ting) kind = "ting";
  if ((kind === "discard" || kind === "ting") && e.tile === null) kind += "-unseen";  // an older centre discard
  if (kind === "win" && e.from === null) kind = "self-drawn";
  const pair = NARRATION[kind];
  if (!pair || e.player === null) return null;
  const mine = e.player === v.player;
  return t(pair[mine ? 1 : 0], { name: v.players[e.player].name, tile: MJK.tileName(e.tile) || "?", from: e.from === null ? "" : whom(v, e.from) });
}
// A line of the log: the narration, or a draw (its tile shown to the drawer alone).
function logLine(v, e) {
  if (e.kind === "draw") return e.player === v.player && e.tile ? t("You draw {tile}", { tile: MJK.tileName(e.tile) }) : t("{name} draws a tile", { name: v.players[e.player].name });
  return narration(v, e) || e.kind;
}
function note(v, e, highlight) {
  const text = narration(v, e);
  if (!text) return;
  const notice = $("notice");
  notice.replaceChildren(MJK.el("span", {}, text));
  if (e.tile && e.kind !== "concealed-kong") notice.append(" ", tileEl(e.tile));
  notice.classList.toggle("fresh", highlight);
  recent.push({ key: e.index, text, mine: e.player === v.player });
  while (recent.length > 6) recent.shift();
  sync($("strip"), recent, (r) => r.key, (r) => MJK.el("li", { class: r.mine ? "mine" : "" }, r.text));
}

// -- the table ------------------------------------------------------------------------
function seatEl(pos) {
  const box = $(`pos-${pos}`);
  if (!box.firstChild) {
    box.append(
      MJK.el("div", { class: "seat-head" }),
      MJK.el("div", { class: "seat-row" },
        MJK.el("span", { class: "backs", "data-testid": "concealed-count" }, tileEl("back"), MJK.el("span", { class: "count" })),
        MJK.el("span", { class: "melds" }),
        MJK.el("span", { class: "flowers", title: t("Flowers") })),
      MJK.el("div", { class: "seat-pond" }),
    );
    if (pos === "bottom") box.firstChild.id = "you-head";
  }
  return box;
}

function renderSeat(v, p, busy) {
  const info = v.players[p], pos = place(v, p), box = seatEl(pos);
  box.dataset.testid = `seat-${p}`;
  box.classList.toggle("turn", Boolean(info.to_act));
  box.classList.toggle("you", p === v.player);
  const head = box.querySelector(".seat-head");
  const parts = [
    [`wind w-${info.wind}`, t(WIND_LETTERS[info.wind]), t("Seat wind: {wind}", { wind: t(WIND_NAMES[info.wind]) })],
    ...(info.dealer ? [["badge dealer", t("Dealer"), t("Dealer")]] : []),
    ["name", p === v.player ? t("{name} (you)", { name: info.name }) : info.name, info.kind === "human" ? t("a person") : t("bot: {name}", { name: botKind(info.kind) })],
    ["score", String(info.score), t("Score")],
    ...(info.ting ? [["badge", t("ting"), t("ting")]] : []),
  ];
  sync(head, parts, (x) => x[0], (x) => MJK.el("span"), (el, x) => { setClass(el, x[0]); setText(el, x[1]); el.title = x[2]; });
  const backs = box.querySelector(".backs");
  backs.hidden = p === v.player;
  setText(backs.querySelector(".count"), `×${info.hand_size}`);
  // Melds: the claimed tile turned, on the side of the player it came from.
  const melds = [...info.meld_sets.map((m, i) => ({ key: `m${i}:${m.tiles.join("")}:${m.face_down}:${m.claimed}:${m.from}`, m })),
    ...Array.from({ length: info.hidden_kongs }, (_, i) => ({ key: `h${i}`, m: null }))];
  sync(box.querySelector(".melds"), melds, (x) => x.key, (x) => meldEl(v, p, x.m));
  sync(box.querySelector(".flowers"), info.flowers, (f, i) => `${i}${f}`, (f) => tileEl(f, { title: t("Flower {tile}", { tile: f }) }));
  // The pond: this player's discards in rows of six, the newest marked.
  const pond = box.querySelector(".seat-pond");
  pond.dataset.testid = `discards-${p}`;
  pond.hidden = v.pond !== null && v.pond !== undefined;
  const last = v.last_discarder === p ? info.discards.length - 1 : -1;
  sync(pond, info.discards, (d, i) => i, () => document.createElement("span"), (el, d, i) => {
    setTile(el, d[0], { claimed: d[1], drawn: d[2], extra: i === last ? "last-discard" : "" });
    if (i === last) el.dataset.testid = "last-discard"; else delete el.dataset.testid;
  });
}

function meldEl(v, p, m) {
  const g = MJK.el("span", { class: "group meld" });
  if (m === null) { for (let i = 0; i < 4; i++) g.append(tileEl("back")); g.title = t("Concealed kong"); return g; }
  const tiles = m.tiles.slice();
  if (m.face_down) { g.append(tileEl("back"), tileEl(tiles[1]), tileEl(tiles[2]), tileEl("back")); g.title = t("Concealed kong"); return g; }
  let at = -1;
  if (m.claimed && m.from !== null) {
    tiles.splice(tiles.indexOf(m.claimed), 1);
    const rel = (seatIndex(v, m.from) - seatIndex(v, p) + 4) % 4;  // 3 left, 2 opposite, 1 right
    // The player opposite you faces you, so their left is your right: their melds are
    // drawn as you see them across the table, the turned tile on the giver's side.
    const mirrored = place(v, p) === "top";
    at = rel === 2 ? 1 : (rel === 3) !== mirrored ? 0 : tiles.length;
    tiles.splice(at, 0, m.claimed);
    g.title = t("{tile} claimed from {name}", { tile: m.claimed, name: whom(v, m.from) });
  }
  tiles.forEach((x, i) => g.append(tileEl(x, { extra: i === at ? "turned" : "" })));
  return g;
}

function renderCentre(v) {
  const wind = t(WIND_NAMES[v.prevalent_wind] || v.prevalent_wind);
  const items = [
    ["prevalent", t("{wind} round", { wind }), t("Prevalent wind: {wind}", { wind })],
    ["hand", t("Hand {n} of {max}", { n: v.hand_number, max: v.max_hands }), v.round],
    ["wall", t("Wall {n}", { n: v.wall_live }), t("Tiles left to draw")],
    ...(v.dead_wall ? [["dead", t("Dead wall {n}", { n: v.dead_wall }), t("Tiles kept back at the end of the wall")]] : []),
  ];
  sync($("centre-info"), items, (x) => x[0], () => MJK.el("span"), (el, x) => { setText(el, x[1]); el.title = x[2]; el.dataset.testid = `centre-${x[0]}`; });
  // A table whose discards lie in the centre: one mixed group, no owner, no order; the
  // last discard is named with its thrower (seed 003 lines 43, 45).
  const area = $("pond-area");
  area.hidden = !v.pond;
  if (!v.pond) return;
  sync($("pond"), v.pond, (x, i) => i, () => document.createElement("span"), (el, x) => setTile(el, x));
  const line = $("last-discard-line");
  line.replaceChildren();
  if (v.last_discard && v.last_discarder !== null) line.append(t("· last: {name}", { name: who(v, v.last_discarder) }), " ", tileEl(v.last_discard, { extra: "last-discard" }));
}

function renderInfo(v) {
  setText($("info"), v.ruleset_title ? t(v.ruleset_title) : v.ruleset);
  // Whether this table gives each person help with their hand (chosen at its creation).
  const helpState = $("help-state");
  helpState.hidden = v.help_on === undefined;
  setText(helpState, v.help_on ? t("Help on") : t("Help off"));
  helpState.title = v.help_on ? t("This table shows each person the analysis of their own hand") : t("This table gives no help with your hand");
  // The wall's commitment, published at the deal; its seed and salt come after the hand.
  const c = $("commitment"), inPlay = v.commitment && !["between", "over"].includes(v.phase);
  c.hidden = !inPlay;
  if (inPlay) { setText(c, t("wall commitment {hash}…", { hash: v.commitment.sha256.slice(0, 16) })); c.title = t("SHA-256 {hash}: the seed and salt are revealed when the hand ends", { hash: v.commitment.sha256 }); }
}

// An action as a player reads it: a word and the tiles it would make.
function actionLabel(v, a) {
  const [kind, arg] = a.split(" ");
  const claim = v.claim_tile;
  switch (kind) {
    case "win": return [t("Win"), []];
    case "pass": return [t("Pass"), []];
    case "pung": return [t("Pung"), [claim, claim, claim]];
    case "kong": return [t("Kong"), [claim, claim, claim, claim]];
    case "chow": return [t("Chow"), MJK.expandTiles(arg)];
    case "concealed-kong": return [t("Concealed kong"), [arg, arg, arg, arg]];
    case "promoted-kong": return [t("Add to pung"), [arg, arg, arg, arg]];
    case "ting": return [t("Ting, discarding"), [arg]];
    case "result": return [t("Show the result"), []];
    default: return [a, []];
  }
}

function renderYou(v, busy) {
  const area = $("you-area");
  area.hidden = v.player === null;
  $("keys-help").hidden = v.player === null;
  if (v.player === null) { $("actions").replaceChildren(); $("claim").hidden = true; return; }
  const legal = busy ? [] : v.you.legal_actions;
  // Your hand: sorted, the drawn tile apart; a tile is a button where discarding it is legal.
  const tiles = v.you.concealed.map((x, i, all) => ({ tile: x, key: `${x}#${all.slice(0, i).filter((y) => y === x).length}` }));
  if (v.you.last_tile && narrated >= myDrawAt) tiles.push({ tile: v.you.last_tile, key: "drawn", drawn: true });
  const hand = $("hand");
  hand.style.setProperty("--n", Math.max(tiles.length, 14));
  sync(hand, tiles, (x) => x.key,
    () => { const b = MJK.el("button", { class: "tile-button", "data-testid": "hand-tile", type: "button" }, document.createElement("span")); b.addEventListener("click", () => { if (b.dataset.action) act(b.dataset.action); }); return b; },
    (b, x) => {
      const can = legal.includes(`discard ${x.tile}`);
      setClass(b, "tile-button" + (x.drawn ? " drawn" : ""));
      b.dataset.tile = x.tile;
      if (can) b.dataset.action = `discard ${x.tile}`; else delete b.dataset.action;
      b.setAttribute("aria-disabled", String(!can));
      b.tabIndex = can ? 0 : -1;
      const label = can ? t("Discard {tile}", { tile: x.tile }) : x.tile;
      if (b.getAttribute("aria-label") !== label) { b.setAttribute("aria-label", label); b.title = label; }
      setTile(b.firstChild, x.tile);
    });
  // Actions other than a plain discard are buttons, showing the tiles they would make;
  // Win stands out, Pass is quiet.
  const acts = legal.filter((a) => !a.startsWith("discard "));
  if (!busy && (v.phase === "between" || v.over) && $("result").hidden && v.last_hand) acts.push("result");
  sync($("actions"), acts, (a) => a,
    (a) => {
      const b = MJK.el("button", { "data-testid": a === "result" ? "show-result" : "action", "data-action": a, type: "button" });
      b.addEventListener("click", () => { if (a === "result") { resultKey = null; render(latest); } else act(a); });
      return b;
    },
    (b, a) => {
      const [word, shows] = actionLabel(v, a);
      const kind = a.split(" ")[0];
      setClass(b, "act act-" + kind + (kind === "pass" ? " secondary" : ""));
      if (b.dataset.shows !== shows.join() + word) {
        b.dataset.shows = shows.join() + word;
        b.replaceChildren(MJK.el("span", { class: "word" }, word));
        if (shows.length) b.append(MJK.el("span", { class: "group small" }, ...shows.map((x) => tileEl(x, { extra: x === v.claim_tile && kind === "chow" ? "claimed-tile" : "" }))));
        b.setAttribute("aria-label", shows.length ? `${word} ${shows.join(" ")}` : word);
      }
    });
  // The claim window, with the table's timeout counted down.
  const claim = $("claim");
  if (v.claim_open && !busy) {
    const key = `${v.hand_number}:${narrated}:${v.claim_tile}`;
    if (key !== claimKey) {
      claimKey = key; claimDeadline = latestAt + v.claim_timeout * 1000;
      claim.replaceChildren(t("{name} discards", { name: who(v, v.claim_giver) }), " ", tileEl(v.claim_tile, { extra: "last-discard" }), MJK.el("span", { id: "countdown" }));
      const options = acts.filter((a) => a !== "pass").map((a) => actionLabel(v, a)[0].toLowerCase());
      announce(t("{name} discards {tile}: you may {options} or pass", { name: who(v, v.claim_giver), tile: MJK.tileName(v.claim_tile), options: options.join(", ") }));
      window.MJK_SOUND?.play("turn");
      tick();
    }
    claim.hidden = false;
  } else { claim.hidden = true; claimKey = null; }
}

function render(v, busy = false) {
  I18N.unit = v.unit;  // 番 or 台 in what follows: the ruleset's, in either script
  renderInfo(v);
  for (const p of [0, 1, 2, 3]) renderSeat(v, p, busy);
  renderCentre(v);
  renderResult(v, busy);
  renderYou(v, busy);
  const log = $("log");
  sync(log, v.events.filter((e) => e.kind !== "deal" && e.index <= narrated), (e) => e.index, (e) => MJK.el("li", {}, logLine(v, e)));
  if (busy) { setText($("status"), t("the others are playing")); return; }
  const mine = v.player !== null && v.players[v.player];
  setText($("status"), v.phase === "over" ? t("match over") : v.phase === "between" ? t("hand over") : v.player === null ? t("watching") : mine.to_act ? t("your decision") : t("waiting"));
  // Your own turn, with the table's turn timeout counted down (then the drawn tile goes).
  if (mine && mine.to_act && v.phase === "turn") {
    const key = `${v.hand_number}:${narrated}:${v.wall_live}`;
    if (key !== turnKey) {
      turnKey = key;
      turnDeadline = latestAt + (v.turn_timeout || 0) * 1000;
      announce(v.you.legal_actions.includes("win") ? t("Your turn: you can win, or discard a tile") : t("Your turn: discard a tile"));
      window.MJK_SOUND?.play("turn");
      if (v.turn_timeout) turnTick(key);
    }
  } else turnKey = null;
}

function turnTick(key) {
  if (turnKey !== key) return;
  const left = Math.max(0, Math.ceil((turnDeadline - Date.now()) / 1000));
  setText($("status"), t("your turn: {left}s left (then the tile you drew is discarded)", { left }));
  if (left > 0) setTimeout(() => turnTick(key), 500);
}

function tick() {
  const el = document.getElementById("countdown");
  if (!el || $("claim").hidden) return;
  const left = Math.max(0, Math.ceil((claimDeadline - Date.now()) / 1000));
  setText(el, " " + t("— claim it? {left}s left (then you pass)", { left }));
  if (left > 0) setTimeout(tick, 500);
}

// -- results --------------------------------------------------------------------------
const REASONS = {
  "win": "the hand", "die on the wall": "die on the wall", "robbed kong": "robbing a kong",
  "concealed kong": "a concealed kong", "mixed bouquet": "a mixed bouquet", "full bouquet": "a full bouquet",
  "seven flowers": "seven flowers", "eight flowers": "eight flowers", "chasing tiles": "chasing tiles",
  "triple dice": "triple dice", "dead hand": "the dead-hand pot", "pot collected": "the pot collected",
  "pot returned": "the pot returned", "false win": "a false win", "illegal action": "an illegal action",
  "unrevealed concealed kong": "an unrevealed concealed kong", "penalty": "a penalty",
};
// Why a hand ended without a winner: the server's reason, by its kind where it names a seat.
const END_REASONS = {
  "the wall is exhausted": "The wall is exhausted.",
  "no tile left to replace": "No tile is left to replace a kong or flower.",
};
function endReason(r) {
  if (END_REASONS[r.reason]) return t(END_REASONS[r.reason]);
  if (r.kind === "void") return t("The hand is void: a false win was declared.");
  if (r.kind === "penalty") return t("The hand ended on a penalty.");
  return r.reason;
}
function account(v, x) { return x === "pot" ? t("the pot") : whom(v, x); }

function winCard(v, r, w) {
  const card = MJK.el("div", { class: "win", "data-testid": "win" });
  const how = r.discarder === null ? t("self-drawn") : r.discarder === v.player ? t("on your discard") : t("on {name}'s discard", { name: v.players[r.discarder].name });
  const title = w.player === v.player ? t("You win {points} points, {how}", { points: w.total, how }) : t("{name} wins {points} points, {how}", { name: v.players[w.player].name, points: w.total, how });
  card.append(MJK.el("h2", { class: "win-title" }, title));
  // The hand in its sets, the winning tile marked in its set and shown apart, flowers apart.
  const row = MJK.el("div", { class: "tiles win-hand", "data-testid": "win-hand" });
  let marked = false;
  const sets = w.sets && w.sets.length ? w.sets : [MJK.expandTiles(w.hand.replace(/\d+f/, ""))];
  for (const set of sets) {
    const g = MJK.el("span", { class: "group" });
    for (const x of set) {
      const win = !marked && x === r.winning_tile && set === sets.find((s) => s.includes(r.winning_tile));
      if (win) marked = true;
      g.append(tileEl(x, { extra: win ? "winning" : "" }));
    }
    row.append(g);
  }
  card.append(row);
  const apart = MJK.el("div", { class: "tiles win-apart" });
  if (r.winning_tile) apart.append(MJK.el("span", { class: "muted" }, t("Winning tile")), tileEl(r.winning_tile, { extra: "winning" }));
  if (w.flowers && w.flowers.length) apart.append(MJK.el("span", { class: "muted" }, t("Flowers")), MJK.el("span", { class: "group", "data-testid": "win-flowers" }, ...w.flowers.map((f) => tileEl(f))));
  card.append(apart);
  const tb = MJK.el("table", { "data-testid": "breakdown", class: "fans" });
  tb.append(MJK.el("tr", {}, MJK.el("th", {}, t("Fan")), MJK.el("th", { class: "num" }, t("Points")), MJK.el("th", {}, t("From"))));
  for (const i of w.items) tb.append(MJK.el("tr", { "data-testid": "fan" }, MJK.el("td", {}, I18N.name(i), ...(I18N.lang === "en" ? [" ", MJK.el("span", { class: "muted", lang: "zh" }, i.chinese)] : [])), MJK.el("td", { class: "num" }, i.count > 1 ? `${i.points}×${i.count}` : String(i.points)), sourcesEl(i.sources)));
  tb.append(MJK.el("tr", {}, MJK.el("th", {}, t("Total")), MJK.el("th", { class: "num", "data-testid": "breakdown-total" }, String(w.total)), MJK.el("td", {})));
  card.append(tb);
  return card;
}

// The sets (or tiles) a fan was earned by, as small tiles; text where not tiles.
function sourcesEl(sources) {
  const td = MJK.el("td", { class: "sources" });
  for (const src of sources) {
    const tiles = src.startsWith("[") ? MJK.meldTiles(src) : MJK.expandTiles(src);
    td.append(tiles.length ? MJK.el("span", { class: "group", title: src }, ...tiles.map((x) => tileEl(x))) : MJK.el("span", { class: "muted" }, src + " "));
  }
  return td;
}

// Payments as a list, each with its reason: "North pays you 8 for the win".
function paymentList(v, payments, testid) {
  const list = MJK.el("ul", { class: "payments", "data-testid": `${testid}s` });
  for (const p of payments) {
    const reason = t(REASONS[p.reason] || p.reason);
    list.append(MJK.el("li", { "data-testid": testid }, p.payer === v.player
      ? t("You pay {payee} {amount} for {reason}", { payee: account(v, p.payee), amount: p.amount, reason })
      : t("{payer} pays {payee} {amount} for {reason}", { payer: p.payer === "pot" ? t("The pot") : v.players[p.payer].name, payee: account(v, p.payee), amount: p.amount, reason })));
  }
  return list;
}

function renderResult(v, busy) {
  const box = $("result");
  const r = v.last_hand;
  const showing = r && !busy && (v.phase === "between" || v.phase === "over");
  if (!showing) { box.hidden = true; resultKey = null; return; }
  const key = `${r.hand_number}:${v.over}`;
  if (key === resultKey) return;  // built once per result: focus and scroll stay
  resultKey = key;
  const body = $("result-body");
  body.replaceChildren();
  if (!r.wins.length) {
    body.append(MJK.el("h2", { id: "result-title" }, t("Hand {n} ({round}) is drawn", { n: r.hand_number, round: r.round })));
    if (r.reason) body.append(MJK.el("p", {}, endReason(r)));
  } else {
    body.append(MJK.el("p", { class: "muted" }, t("Hand {n} ({round})", { n: r.hand_number, round: r.round })));
    for (const w of r.wins) body.append(winCard(v, r, w));
    body.querySelector("h2").id = "result-title";  // the dialog's name: the first win (ids are unique)
  }
  // Every payment with its reason, then each player's change and score.
  const pay = paymentList(v, r.payments, "payment");
  if (!r.payments.length) pay.append(MJK.el("li", {}, t("No money moves")));
  body.append(MJK.el("h3", {}, t("Money")), pay);
  const net = MJK.el("table", { class: "net", "data-testid": "net" });
  net.append(MJK.el("tr", {}, MJK.el("th", {}, t("Player")), MJK.el("th", { class: "num" }, t("This hand")), MJK.el("th", { class: "num" }, t("Score"))));
  v.players.forEach((p, i) => net.append(MJK.el("tr", { class: i === v.player ? "you-row" : "" }, MJK.el("td", {}, who(v, i)), MJK.el("td", { class: "num" }, (r.net[i] > 0 ? "+" : "") + r.net[i]), MJK.el("td", { class: "num" }, String(r.scores_after[i])))));
  body.append(net);
  if (r.commitment) {
    body.append(MJK.el("p", { class: "muted hex", "data-testid": "revealed-seed" },
      t("Wall: commitment {hash} · seed {seed} · salt {salt}", { hash: r.commitment.sha256, seed: r.commitment.seed, salt: r.commitment.salt }), " ",
      MJK.el("a", { href: `/replay/${tableId}` }, t("check it"))));
  }
  const fin = $("final");
  if (v.over && v.final) {
    fin.hidden = false;
    MJK_STANDINGS.render(fin, v, who);  // final scores, ranks and table points explained
    // What closes the match after its last hand (a dead-hand pot still on the table is
    // returned to those who paid into it, seed 004 l.462-472): the final scores include it.
    const closing = v.final.closing_payments || [];
    if (closing.length) fin.append(MJK.el("h3", {}, t("When the match ends")), paymentList(v, closing, "closing-payment"));
    fin.append(MJK.el("p", {}, MJK.el("a", { href: `/replay/${tableId}` }, t("Replay this game")), " · ", MJK.el("a", { href: "/" }, t("New game"))));
  } else fin.hidden = true;
  const bar = $("result-actions");
  bar.replaceChildren();
  if (v.phase === "between" && v.player !== null) bar.append(MJK.el("button", { "data-testid": "action", "data-action": "next", type: "button", class: "act-next", onclick: () => send({ type: "next" }) }, t("Next hand")));
  bar.append(MJK.el("button", { type: "button", class: "secondary", "data-testid": "see-table", onclick: () => { box.hidden = true; render(latest); } }, t("See the table")));
  box.hidden = false;
  box.querySelector(".overlay-card").scrollTop = 0;
  const first = bar.querySelector("button");
  if (first) first.focus({ preventScroll: true });
  const headline = body.querySelector("h2");
  announce(headline ? headline.textContent : t("Hand over"));
}

function invites() {
  const list = JSON.parse(localStorage.getItem(`mjk-invites-${tableId}`) || "[]");
  const watch = localStorage.getItem(`mjk-watch-${tableId}`);
  if (!list.length && !watch) return;
  const box = $("invites"); box.hidden = false;
  if (list.length) box.append(MJK.el("strong", {}, t("Invite friends:") + " "));
  for (const s of list) {
    const url = `${location.origin}${s.url}`;
    box.append(MJK.el("div", {}, t("{name}'s seat:", { name: s.name }) + " ", MJK.el("a", { href: url, "data-testid": `invite-${s.player}` }, url)));
  }
  if (watch) box.append(MJK.el("div", {}, t("To watch (no one's tiles shown):") + " ", MJK.el("a", { href: `${location.origin}${watch}`, "data-testid": "watch-link" }, `${location.origin}${watch}`)));
}

// -- keys -----------------------------------------------------------------------------
document.addEventListener("keydown", (e) => {
  if (!latest || latest.player === null || e.altKey || e.ctrlKey || e.metaKey) return;
  if (["INPUT", "SELECT", "TEXTAREA"].includes(e.target.tagName)) return;
  if (e.key === "n" && latest.phase === "between") { send({ type: "next" }); return; }
  if (playing) return;
  const legal = latest.you.legal_actions;
  const first = (kind) => legal.find((a) => a === kind || a.startsWith(kind + " "));
  const keyed = { w: "win", p: "pass", u: "pung", k: "kong", c: "chow" }[e.key];
  if (keyed && first(keyed)) { act(first(keyed)); return; }
  if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
    const buttons = [...document.querySelectorAll("#hand button[data-action]")];
    const n = buttons.length; if (!n) return;
    const at = buttons.indexOf(document.activeElement);
    const next = at < 0 ? (e.key === "ArrowRight" ? 0 : n - 1) : (at + (e.key === "ArrowRight" ? 1 : n - 1)) % n;
    buttons[next].focus();
    e.preventDefault();
  }
});

function paceControl() {
  const sel = $("pace");
  for (const [ms, label] of PACES) sel.append(MJK.el("option", { value: String(ms) }, t(label)));
  const now = pace();
  sel.value = PACES.some(([ms]) => ms === now) ? String(now) : "700";
  sel.addEventListener("change", () => localStorage.setItem("mjk-pace", sel.value));
}

(async function main() {
  await I18N.ready;
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
  paceControl();
  MJK_SOUND.control($("sound"));
  watching = hash.has("watch");
  if (!watching && !localStorage.getItem(`mjk-token-${tableId}`)) {
    setText($("table-error"), t("Open this table with your seat's link, or watch it:") + " ");
    $("table-error").append(MJK.el("a", { href: `/table/${tableId}#watch`, onclick: () => setTimeout(() => location.reload()) }, t("watch")));
    return;
  }
  if (!watching) invites();
  connect();
})();
