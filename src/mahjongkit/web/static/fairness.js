// The wall's commitment checked in the browser itself: SHA-256 (crypto.subtle) of the
// text docs/fairness.md defines, built here from the revealed fields, never taken from
// the server's own copy of it.
"use strict";
const FAIR = {
  SCHEME: "mahjongkit-wall/1",
  text(c) {
    return `${c.scheme}\nruleset ${c.ruleset}\nhand ${c.hand}\nseed ${c.seed}\nsalt ${c.salt}\n`;
  },
  async sha256(text) {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
    return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
  },
  // {ok: true|false|null, hash, why}: null when nothing can be checked here.
  async check(c) {
    if (!c) return { ok: null, why: tr("this hand was dealt before walls were committed to") };
    if (c.seed == null || c.salt == null) return { ok: null, why: tr("the seed and salt are not revealed yet") };
    if (c.scheme !== FAIR.SCHEME) return { ok: false, why: tr("unknown scheme {scheme}", { scheme: c.scheme }) };
    if (!(window.crypto && crypto.subtle)) {
      return { ok: null, why: tr("this browser offers SHA-256 only on https or localhost pages") };
    }
    if (!/^[0-9a-f]{64}$/.test(c.seed) || !/^[0-9a-f]{32}$/.test(c.salt)) {
      return { ok: false, why: tr("the seed or salt is not lower-case hex of the right length") };
    }
    const hash = await FAIR.sha256(FAIR.text(c));
    return hash === c.sha256
      ? { ok: true, hash, why: tr("the revealed seed and salt hash to the commitment") }
      : { ok: false, hash, why: tr("the revealed seed and salt hash to {hash}, not to the commitment", { hash }) };
  },
};
