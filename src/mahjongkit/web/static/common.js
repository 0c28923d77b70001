// Shared by every page: the tile images (drawn by the server's mahjongkit.svg), JSON calls.
"use strict";
// t() is /static/i18n.js's, loaded first; this stand-in keeps a page without it in English.
const tr = (s, p = {}) => (window.t ? window.t(s, p) : s.replace(/\{(\w+)\}/g, (_, k) => p[k]));
const MJK = {
  tiles: null,
  async loadTiles() {
    if (!MJK.tiles) MJK.tiles = await (await fetch("/api/tiles")).json();
    return MJK.tiles;
  },
  tile(name, opts = {}) {
    const span = document.createElement("span");
    span.className = "tile" + (opts.claimed ? " claimed" : "") + (opts.drawn ? " from-draw" : "");
    span.dataset.tile = name;
    span.title = opts.drawn ? tr("{tile}, thrown as drawn", { tile: name }) : name;
    span.innerHTML = MJK.tiles[name] || MJK.tiles.back;
    return span;
  },
  tiles_(names, opts = {}) {
    const div = document.createElement("span");
    div.className = "group";
    for (const n of names) div.appendChild(MJK.tile(n, opts));
    return div;
  },
  // "[123m2]" -> ["1m","2m","3m"]; "[EEE1]" -> ["E","E","E"]; "[5555p6]" -> four 5p
  meldTiles(text) {
    const body = text.replace(/[\[\]]/g, "");
    const m = body.match(/^(\d+)([mps])\d?$/);
    if (m) return m[1].split("").map((d) => d + m[2]);
    const h = body.match(/^([ESWNCFP])+\d?$/);
    if (h) return body.replace(/\d$/, "").split("");
    return [];
  },
  // "1f123m45pE" -> ["1f","1m","2m","3m","4p","5p","E"]; honours are single letters.
  expandTiles(text) {
    const out = []; let digits = "";
    for (const ch of text) {
      if (/\d/.test(ch)) digits += ch;
      else if ("mpsf".includes(ch)) { for (const d of digits) out.push(d + ch); digits = ""; }
      else if ("ESWNCFP".includes(ch)) out.push(ch);
    }
    return out;
  },
  // A hand in notation as tile groups: each meld, then the concealed tiles.
  handGroups(text) {
    const groups = (text.match(/\[[^\]]+\]/g) || []).map((m) => MJK.tiles_(MJK.meldTiles(m)));
    groups.push(MJK.tiles_(MJK.expandTiles(text.replace(/\[[^\]]+\]/g, ""))));
    return groups;
  },
  // A JSON call; a refusal ({"error": {"code", "message"}}) throws an Error with its code.
  async call(method, url, body, headers = {}) {
    const res = await fetch(url, {
      method,
      headers: body ? { "content-type": "application/json", ...headers } : headers,
      body: body ? JSON.stringify(body) : undefined,
    });
    const data = await res.json().catch(() => ({}));
    if (!res.ok) {
      const err = new Error((data.error && data.error.message) || res.statusText);
      err.code = data.error && data.error.code;
      throw err;
    }
    return data;
  },
  async rulesets(select) {
    const list = await MJK.call("GET", "/api/rulesets");
    select.innerHTML = "";
    for (const r of list) {
      const o = document.createElement("option");
      o.value = r.name;  // in Chinese the title alone: the short name is an English word
      o.textContent = window.I18N && I18N.lang !== "en" ? tr(r.title) : `${r.name} — ${r.title}`;
      select.appendChild(o);
    }
    return list;
  },
  // A player as the pages name them: their name, and the bot's kind where the name does
  // not already say it is a bot (a blank name is "Defender (bot)", web.table.default_names).
  who(name, kind) {
    if (kind === "human" || name.endsWith("(bot)")) return name;
    return tr("{name} (bot {kind})", { name, kind: MJK.botKind(kind) });
  },
  // A tile's name in words where the page is in Chinese ("8s" -> 八条), as notation in
  // English (the narration shows the tile's face beside it).
  TILE_WORDS: {
    m: "{n} of characters", p: "{n} of dots", s: "{n} of bamboos",
    n: ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine"],
    E: "East wind", S: "South wind", W: "West wind", N: "North wind",
    C: "Red dragon", F: "Green dragon", P: "White dragon",
    f: ["Plum", "Orchid", "Chrysanthemum", "Bamboo", "Spring", "Summer", "Autumn", "Winter"],
  },
  tileName(x) {
    if (!x || !window.I18N || I18N.lang === "en") return x;
    const words = MJK.TILE_WORDS, m = /^([1-9])([mpsf])$/.exec(x);
    if (m && m[2] === "f") return words.f[m[1] - 1] ? tr(words.f[m[1] - 1]) : x;
    if (m) return tr(words[m[2]], { n: tr(words.n[m[1] - 1]) });
    return "ESWNCFP".includes(x) ? tr(words[x]) : x;
  },
  // A bot's kind (the server's /api/bots name) as players read it.
  BOT_KINDS: { scorer: "scorer", efficient: "efficient", defender: "defender", searcher: "searcher", random: "random" },
  botKind(kind) { return MJK.BOT_KINDS[kind] ? tr(MJK.BOT_KINDS[kind]) : kind; },
  el(tag, attrs = {}, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (k === "class") e.className = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else if (k === "dataset") Object.assign(e.dataset, v);
      else e.setAttribute(k, v);
    }
    for (const c of children) e.append(c instanceof Node ? c : document.createTextNode(String(c)));
    return e;
  },
};
