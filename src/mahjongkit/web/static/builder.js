// A hand built by clicking tiles, as a player lays it out (flowers, melds claimed or
// concealed, the concealed tiles, the winning tile last), kept in step with a notation
// field (docs/notation.md): a click rewrites the text, valid typed text rebuilds the tiles.
// Used by the scorer page and the scoresheet's entered hand.
"use strict";
const HandBuilder = (() => {
  const tr = (s, p = {}) => (window.t ? window.t(s, p) : s.replace(/\{(\w+)\}/g, (_, k) => p[k]));
  const HONOURS = "ESWNCFP";
  const Z = { 1: "E", 2: "S", 3: "W", 4: "N", 5: "P", 6: "F", 7: "C" };  // Tenhou order
  const suitOf = (tile) => (HONOURS.includes(tile) ? "z" : tile[1]);
  const rankOf = (tile) => Number(tile[0]);
  // A tile's name as its face says it ("5 of dots"); in Chinese in words (五筒).
  function nameOf(tile) {
    if (window.I18N && I18N.lang !== "en") return MJK.tileName(tile);
    const svg = (MJK.tiles && MJK.tiles[tile]) || "";
    const m = svg.match(/aria-label="([^"]+)"/);
    return m ? tr(m[1]) : tile;
  }
  // Tiles in notation, runs of one suit written once: ["1m","2m","E"] -> "12mE".
  function write(tiles) {
    let out = "", run = "", suit = "";
    const flush = () => { if (run) out += run + suit; run = ""; };
    for (const tile of tiles) {
      if (HONOURS.includes(tile)) { flush(); out += tile; suit = ""; continue; }
      if (tile[1] !== suit) { flush(); suit = tile[1]; }
      run += tile[0];
    }
    flush();
    return out;
  }

  // -- reading typed text -------------------------------------------------------------
  // A meld in brackets: its kind, tiles, whether it is concealed; null if not one.
  function readMeld(text) {
    const body = text.slice(1, -1).replace(",", "");
    let tiles, claim;
    let m = body.match(/^(\d{3,4})([mps])(\d?)$/);
    if (m) { tiles = m[1].split("").map((d) => d + m[2]); claim = m[3]; }
    else if ((m = body.match(/^([ESWNCFP]{3,4})(\d?)$/))) { tiles = m[1].split(""); claim = m[2]; }
    else if ((m = body.match(/^([1-7]{3,4})z(\d?)$/))) { tiles = m[1].split("").map((d) => Z[d]); claim = m[2]; }
    else return null;
    if (tiles.some((x) => x[0] === "0")) return null;
    const same = tiles.every((x) => x === tiles[0]);
    let kind = null;
    if (same) kind = tiles.length === 4 ? "kong" : "pung";
    else if (tiles.length === 3 && suitOf(tiles[0]) !== "z" && tiles.every((x, i) => x[1] === tiles[0][1] && rankOf(x) === rankOf(tiles[0]) + i)) kind = "chow";
    if (!kind) return null;
    return { kind, tiles, concealed: kind === "kong" && !claim, text };
  }
  // Typed notation as a built hand, or null where the text is not one the tiles can show
  // (the scorer's own reading then says what is wrong).
  function read(text, handSize) {
    const state = { flowers: [], melds: [], hand: [], winning: null };
    const re = /\s+|\[[^\]]*\]|\d+[mpsfz]|[ESWNCFP]/gy;
    let m, last = null, pos = 0;
    while (pos < text.length) {
      re.lastIndex = pos;
      m = re.exec(text);
      if (!m) return null;
      pos = re.lastIndex;
      const tok = m[0];
      if (/^\s+$/.test(tok)) continue;
      if (tok[0] === "[") {
        const meld = readMeld(tok);
        if (!meld) return null;
        state.melds.push(meld); last = "meld";
      } else if (tok.endsWith("f")) {
        for (const d of tok.slice(0, -1)) { if (d < "1" || d > "8") return null; state.flowers.push(d + "f"); }
        last = "flower";
      } else {
        let tiles;
        if (tok.endsWith("z")) tiles = tok.slice(0, -1).split("").map((d) => Z[d]);
        else if (HONOURS.includes(tok)) tiles = [tok];
        else tiles = tok.slice(0, -1).split("").map((d) => d + tok.slice(-1));
        if (tiles.some((x) => !x || x[0] === "0")) return null;
        tiles.forEach((tile, i) => {
          const prev = state.hand[state.hand.length - 1];
          // Joined to the tile before where the text wrote them in one run.
          const join = i > 0 || (HONOURS.includes(tile) && last === "honour" && prev && HONOURS.includes(prev.tile));
          state.hand.push({ tile, join });
        });
        last = HONOURS.includes(tok) ? "honour" : "tiles";
      }
    }
    // A complete hand's last tile is its winning tile (docs/notation.md).
    if (count(state) === handSize + 1 && (last === "tiles" || last === "honour") && state.hand.length) {
      state.winning = state.hand.pop().tile;
    }
    return state;
  }

  // -- the built hand -----------------------------------------------------------------
  const count = (s) => s.melds.length * 3 + s.hand.length + (s.winning ? 1 : 0);
  function copies(s, tile) {
    let n = s.hand.filter((x) => x.tile === tile).length + (s.winning === tile ? 1 : 0);
    for (const meld of s.melds) n += meld.tiles.filter((x) => x === tile).length;
    return n + s.flowers.filter((x) => x === tile).length;
  }
  function meldText(meld) {
    const body = write(meld.tiles);
    return `[${body}]`;
  }
  function text(s) {
    return (s.flowers.length ? write(s.flowers) : "") + s.melds.map((m) => m.text).join("")
      + writeHand(s.hand) + (s.winning || "");
  }
  // The concealed tiles, each run written as one group where the player made it one.
  function writeHand(hand) {
    let out = "", group = [];
    for (const { tile, join } of hand) {
      const prev = group[group.length - 1];
      if (!(join && prev && suitOf(prev) === suitOf(tile))) { out += write(group); group = []; }
      group.push(tile);
    }
    return out + write(group);
  }
  // What is wrong with the hand as built (the first thing), or "".
  function problem(s, rules) {
    const seen = new Set();
    for (const tile of [...s.hand.map((x) => x.tile), s.winning, ...s.melds.flatMap((m) => m.tiles), ...s.flowers]) {
      if (!tile || seen.has(tile)) continue;
      seen.add(tile);
      if (tile.endsWith("f") && copies(s, tile) > 1) return tr("{tile} is already in the hand: there is one of each flower and season.", { tile: nameOf(tile) });
      if (copies(s, tile) > 4) return tr("A fifth {tile}: there are only four of each tile.", { tile: nameOf(tile) });
    }
    if (rules && count(s) > rules.hand_size + 1) return tooMany(rules);
    if (rules && s.flowers.length && !rules.uses_flowers) return tr("{ruleset} is played without flowers.", { ruleset: rules.name });
    return "";
  }
  const tooMany = (rules) => tr("A hand holds at most {n} tiles under {ruleset} (a kong counts as three): remove one first.", { n: rules.hand_size + 1, ruleset: rules.name });

  // -- the page part --------------------------------------------------------------------
  const MODES = [["tile", "Tile in hand"], ["chow", "Chow"], ["pung", "Pung"], ["kong", "Kong"], ["winning", "Winning tile"]];
  const MODE_HINTS = {
    tile: "Click a tile to add it to the concealed hand; the tile that completes the hand is the winning tile.",
    chow: "Click the lowest tile of the chow.",
    pung: "Click the tile of the pung.",
    kong: "Click the tile of the kong.",
    winning: "Click the winning tile.",
  };
  // Each meld's caption and its remove button's name, one key each (no sentence pieced).
  const MELD_LABELS = {
    "chow claimed": ["claimed chow", "Remove the claimed chow {tiles}"],
    "pung claimed": ["claimed pung", "Remove the claimed pung {tiles}"],
    "kong claimed": ["claimed kong", "Remove the claimed kong {tiles}"],
    "kong concealed": ["concealed kong", "Remove the concealed kong {tiles}"],
  };

  /** Mount a builder in `box`, writing to the notation field `input`. `rules()` gives the
   * ruleset ({name, hand_size, uses_flowers}); `selfDrawn()` whether the last tile was
   * drawn; `onChange()` is called after each change. */
  function mount(box, { input, rules, selfDrawn = () => false, onChange = () => {} }) {
    let state = read("", 13);
    let mode = "tile", concealedMeld = false, message = "";
    // The parts are drawn again on each change; the count is a live region that stays.
    const parts = MJK.el("div", { class: "built-parts" });
    const status = MJK.el("small", { class: "muted count", "data-testid": "tile-count", role: "status" });
    const preview = MJK.el("div", { class: "built", "data-testid": "hand-preview" }, parts, status);
    const note = MJK.el("p", { class: "error", "data-testid": "builder-message", role: "alert" });
    const modes = MJK.el("div", { class: "modes", role: "radiogroup" });
    const claimBox = MJK.el("div", { class: "modes claim", role: "radiogroup" });
    const hint = MJK.el("p", { class: "muted hint", "data-testid": "builder-hint" });
    const palette = MJK.el("div", { class: "palette", "data-testid": "palette" });
    const back = MJK.el("button", { type: "button", class: "secondary", "data-testid": "builder-back" });
    const clear = MJK.el("button", { type: "button", class: "secondary", "data-testid": "builder-clear" });
    box.append(preview, note, modes, claimBox, hint, palette, MJK.el("p", {}, back, " ", clear));

    const group = `mode-${Math.random().toString(36).slice(2, 8)}`;
    for (const [key] of MODES) {
      const radio = MJK.el("input", { type: "radio", name: group, value: key, "data-testid": `mode-${key}` });
      radio.checked = key === mode;
      radio.addEventListener("change", () => { mode = key; render(); });
      modes.append(MJK.el("label", { class: "mode" }, radio, MJK.el("span", { "data-key": key })));
    }
    for (const [key, on] of [["claimed", false], ["concealed", true]]) {
      const radio = MJK.el("input", { type: "radio", name: group + "-c", value: key, "data-testid": `meld-${key}` });
      radio.checked = on === concealedMeld;
      radio.addEventListener("change", () => { concealedMeld = on; render(); });
      claimBox.append(MJK.el("label", { class: "mode" }, radio, MJK.el("span", { "data-key": key })));
    }

    function commit(next) {
      state = next;
      input.value = text(state);
      message = "";
      render();
      onChange();
    }
    function refuse(why) { message = why; render(); }

    // The tiles a click would add, or a refusal.
    function add(tile) {
      const r = rules();
      if (!state) return refuse(tr("The text above is not yet a hand the tiles can show: finish or correct it, or clear it, then click."));
      const next = { flowers: [...state.flowers], melds: [...state.melds], hand: [...state.hand], winning: state.winning };
      const max = r.hand_size + 1;
      if (tile.endsWith("f")) {
        next.flowers.push(tile);
      } else if (mode === "tile") {
        if (count(next) >= max) return refuse(tooMany(r));
        const prev = next.hand[next.hand.length - 1];
        if (count(next) === max - 1 && !next.winning) next.winning = tile;
        else next.hand.push({ tile, join: Boolean(prev && suitOf(prev.tile) === suitOf(tile)) });
      } else if (mode === "winning") {
        if (!next.winning && count(next) >= max) return refuse(tooMany(r));
        next.winning = tile;
      } else {
        let tiles;
        if (mode === "chow") {
          if (HONOURS.includes(tile)) return refuse(tr("A chow is three tiles in a row of one suit: winds and dragons cannot make one."));
          if (rankOf(tile) > 7) return refuse(tr("A chow runs up from the tile clicked: click its lowest tile (7 at most)."));
          tiles = [0, 1, 2].map((i) => `${rankOf(tile) + i}${tile[1]}`);
        } else tiles = Array(mode === "kong" ? 4 : 3).fill(tile);
        if (count(next) + 3 > max) return refuse(tooMany(r));
        if (concealedMeld && mode !== "kong") {
          // A concealed chow or pung is concealed tiles: written unbracketed, as one run.
          tiles.forEach((x, i) => next.hand.push({ tile: x, join: i > 0 }));
        } else {
          const meld = { kind: mode, tiles, concealed: concealedMeld };
          meld.text = meldText(meld);
          next.melds.push(meld);
        }
      }
      const why = problem(next, r);
      if (why) return refuse(why);
      commit(next);
    }
    // Remove a part; the focus goes to the part now in its place (a removal by a part's
    // own button), or stays where it is (⌫).
    function remove(part, index, moveFocus = true) {
      const next = { flowers: [...state.flowers], melds: [...state.melds], hand: [...state.hand], winning: state.winning };
      if (part === "flower") next.flowers.splice(index, 1);
      else if (part === "meld") next.melds.splice(index, 1);
      else if (part === "tile") {
        const [gone] = next.hand.splice(index, 1);  // the next tile starts a run where this one did
        if (next.hand[index] && !gone.join) next.hand[index] = { ...next.hand[index], join: false };
      }
      else next.winning = null;
      commit(next);
      if (!moveFocus) return;
      const buttons = preview.querySelectorAll("button.part");
      const focus = buttons[Math.min(focusIndex, buttons.length - 1)];
      (focus || palette.querySelector("button")).focus();
    }
    let focusIndex = 0;
    function partButton(part, index, tiles, label, opts = {}) {
      const b = MJK.el("button", { type: "button", class: `part part-${part}`, "data-testid": "part", "data-part": part, "aria-label": label, title: label });
      for (const tile of tiles) b.append(MJK.tile(tile, opts));
      const go = () => { focusIndex = [...preview.querySelectorAll("button.part")].indexOf(b); remove(part, index); };
      b.addEventListener("click", go);
      b.addEventListener("keydown", (e) => { if (e.key === "Delete" || e.key === "Backspace") { e.preventDefault(); go(); } });
      return b;
    }

    function render() {
      for (const span of modes.querySelectorAll("span[data-key]")) span.textContent = tr(MODES.find((m) => m[0] === span.dataset.key)[1]);
      for (const span of claimBox.querySelectorAll("span[data-key]")) span.textContent = span.dataset.key === "claimed" ? tr("claimed") : tr("concealed");
      claimBox.hidden = !["chow", "pung", "kong"].includes(mode);
      hint.textContent = tr(MODE_HINTS[mode]);
      back.textContent = tr("⌫ last tile");
      clear.textContent = tr("Clear");
      const r = rules();
      for (const b of palette.querySelectorAll("button")) {
        b.hidden = b.dataset.tile.endsWith("f") && !r.uses_flowers;
        b.setAttribute("aria-label", tr("Add {tile}", { tile: nameOf(b.dataset.tile) }));
      }
      parts.innerHTML = "";
      if (!state) {  // typed text the tiles cannot show: drawn as written
        parts.append(...MJK.handGroups(input.value));
        status.textContent = "";
        note.textContent = message;
        return;
      }
      const row = (cls, caption, ...items) => MJK.el("div", { class: `built-part ${cls}` }, MJK.el("div", { class: "tiles" }, ...items), MJK.el("small", { class: "muted" }, caption));
      if (state.flowers.length) {
        parts.append(row("flowers", tr("flowers"), ...state.flowers.map((f, i) => partButton("flower", i, [f], tr("Remove the flower {tile}", { tile: nameOf(f) })))));
      }
      state.melds.forEach((meld, i) => {
        const [caption, label] = MELD_LABELS[`${meld.kind} ${meld.concealed ? "concealed" : "claimed"}`];
        parts.append(row("meld", tr(caption), partButton("meld", i, meld.tiles, tr(label, { tiles: write(meld.tiles) }))));
      });
      if (state.hand.length) {
        parts.append(row("hand", tr("concealed"), ...state.hand.map((x, i) => partButton("tile", i, [x.tile], tr("Remove {tile}", { tile: nameOf(x.tile) })))));
      }
      if (state.winning) {
        const how = selfDrawn() ? tr("winning tile, self-drawn") : tr("winning tile, on a discard");
        parts.append(row("winning", how, partButton("winning", 0, [state.winning], tr("Remove the winning tile, {tile}", { tile: nameOf(state.winning) }))));
      }
      status.textContent = tr("{n} of {max} tiles", { n: count(state), max: r.hand_size + 1 });
      note.textContent = message || problem(state, r);
    }

    // The typed text read again: the tiles follow it where it is a hand they can show.
    function sync() {
      state = read(input.value, rules().hand_size);
      message = "";
      render();
    }

    // One row per suit, then the honours, then the flowers and seasons.
    const nine = (s) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((r) => r + s);
    const rows = [nine("m"), nine("p"), nine("s"), HONOURS.split(""), nine("f").slice(0, 8)];
    for (const tiles of rows) {
      const line = MJK.el("div", { class: "palette-row" });
      for (const tile of tiles) {
        const b = MJK.el("button", { type: "button", "data-testid": "palette-tile", "data-tile": tile, title: tile }, MJK.tile(tile));
        b.addEventListener("click", () => add(tile));
        line.append(b);
      }
      palette.append(line);
    }
    back.addEventListener("click", () => {
      if (!state) { input.value = input.value.replace(/(\d[mpsfz]|[ESWNCFP]|\[[^\]]*\])$/, ""); sync(); onChange(); return; }
      if (state.winning) remove("winning", 0, false);
      else if (state.hand.length) remove("tile", state.hand.length - 1, false);
      else if (state.melds.length) remove("meld", state.melds.length - 1, false);
      else if (state.flowers.length) remove("flower", state.flowers.length - 1, false);
    });
    clear.addEventListener("click", () => commit(read("", 13)));
    input.addEventListener("input", sync);
    sync();
    return { sync, render };
  }

  // -- how to write a hand ------------------------------------------------------------
  const EXAMPLES = [
    ["123m 456p 789s", "Suits: the numbers, then m for characters, p for dots, s for bamboos."],
    ["ESWN CFP", "Winds E S W N; dragons C red, F green, P white."],
    ["15f", "Flowers 1f-4f and seasons 5f-8f."],
    ["[123m2]", "A claimed chow in brackets; the digit says which tile was claimed (here the 2)."],
    ["[555p1]", "A claimed pung: 1, 2, 3 say from the left, opposite or right; [555p] if unknown."],
    ["[EEEE]", "A concealed kong: four tiles in brackets, no digit."],
    ["[123m2]456p789sEEE1s1s", "A whole hand: the last tile written is the winning tile."],
  ];
  /** The notation explained in a disclosure, each example drawn as tiles. */
  function help() {
    const rows = EXAMPLES.map(([code, what]) => MJK.el("div", { class: "example" },
      MJK.el("code", {}, code),
      MJK.el("span", { class: "tiles small" }, ...code.split(" ").flatMap((part) => MJK.handGroups(part))),
      MJK.el("span", { class: "what" }, tr(what))));
    return MJK.el("details", { class: "notation-help", "data-testid": "notation-help" },
      MJK.el("summary", {}, tr("How to write a hand")),
      MJK.el("p", {}, tr("Type the hand, or click tiles below. Melds you claimed go in brackets; concealed tiles are written as they are; the last tile is the winning tile.")),
      MJK.el("div", { class: "examples" }, ...rows),
      MJK.el("p", { class: "muted" }, tr("Tenhou's 1z-7z (E S W N, white, green, red) and the Unicode tile glyphs are read too.")));
  }

  /** A hand in notation drawn as a player lays it out: flowers apart, each meld, the
   * concealed tiles, the winning tile set apart (as written where the tiles cannot show it). */
  function draw(textIn, handSize) {
    const s = read(textIn, handSize);
    const box = MJK.el("div", { class: "tiles laid" });
    if (!s) { box.append(...MJK.handGroups(textIn)); return box; }
    if (s.flowers.length) box.append(MJK.el("span", { class: "group flowers" }, ...s.flowers.map((f) => MJK.tile(f))));
    for (const meld of s.melds) box.append(MJK.el("span", { class: "group" }, ...meld.tiles.map((x) => MJK.tile(x))));
    box.append(MJK.el("span", { class: "group" }, ...s.hand.map((x) => MJK.tile(x.tile))));
    if (s.winning) box.append(MJK.el("span", { class: "group winning", title: tr("Winning tile") }, MJK.tile(s.winning)));
    return box;
  }

  return { mount, help, draw, read, text, write };
})();
