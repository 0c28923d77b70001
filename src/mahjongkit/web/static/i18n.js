// The pages' languages: English (the source text, used as the key), 简体中文 and 繁體中文.
//
// t(key, params) gives the English key (with {name} placeholders filled) in the chosen language;
// the page names its catalogue parts on <html data-i18n="common table">, each a JSON file
// /static/i18n/<part>.json of {"English": {"zh-Hans": "…", "zh-Hant": "…"}}. Elements whose
// whole text is a string carry data-t (attributes: data-t-title, data-t-placeholder,
// data-t-aria-label). A page's start-up awaits I18N.ready. See docs/web.md, "Languages".
//
// A translation may say {unit} where the key says nothing of it: the unit a hand's points
// are counted in, which belongs to the ruleset, not the script (番 under MCR, 台 on the
// Taiwanese sheets, in either script). The page sets I18N.unit = "fan" | "tai" from the
// server's `unit` once it knows the ruleset; until then the script's own (番 in 简体中文,
// 台 in 繁體中文).
"use strict";
(() => {
  const LANGS = [["en", "English"], ["zh-Hans", "简体中文"], ["zh-Hant", "繁體中文"]];
  const KEY = "mjk-lang";
  const strings = new Map();
  const UNITS = { fan: "番", tai: "台" };

  // A saved choice, else the browser's first Chinese or English preference, else English.
  function choose() {
    let saved = null;
    try { saved = localStorage.getItem(KEY); } catch (e) { /* storage blocked: not saved */ }
    if (LANGS.some(([code]) => code === saved)) return saved;
    for (const tag of navigator.languages || [navigator.language || "en"]) {
      const low = String(tag).toLowerCase();
      if (/^zh-(tw|hk|mo|hant)\b/.test(low)) return "zh-Hant";
      if (low === "zh" || low.startsWith("zh-")) return "zh-Hans";
      if (low === "en" || low.startsWith("en-")) return "en";
    }
    return "en";
  }

  const lang = choose();
  const defaultUnit = lang === "zh-Hant" ? "tai" : "fan";
  let unit = defaultUnit;

  function fill(text, params) {
    return text.replace(/\{(\w+)\}/g, (whole, k) => (params && k in params ? String(params[k]) : whole));
  }

  function t(key, params = {}) {
    if (lang === "en") return fill(key, params);
    const entry = strings.get(key);
    if (!entry || !entry[lang]) { I18N.missing.add(key); return fill(key, params); }
    return fill(entry[lang], { unit: UNITS[unit], ...params });
  }

  // Whether a key's translation names the unit (so changes with the ruleset).
  function saysUnit(key) {
    const entry = strings.get(key);
    return Boolean(entry && entry[lang] && entry[lang].includes("{unit}"));
  }

  // The data-t texts and attributes under root; with `unitOnly`, those naming the unit.
  function translate(root, unitOnly = false) {
    for (const el of root.querySelectorAll("[data-t]")) {
      if (!el.dataset.t) el.dataset.t = el.textContent.trim();
      if (!unitOnly || saysUnit(el.dataset.t)) el.textContent = t(el.dataset.t);
    }
    for (const attr of ["title", "placeholder", "aria-label"]) {
      for (const el of root.querySelectorAll(`[data-t-${attr}]`)) {
        const key = el.getAttribute(`data-t-${attr}`);
        if (!unitOnly || saysUnit(key)) el.setAttribute(attr, t(key));
      }
    }
  }

  // The switch in the page's <nav>: choosing saves the language and reloads the page.
  function addSwitch() {
    const nav = document.querySelector("nav");
    if (!nav || nav.querySelector("[data-testid=language]")) return;
    const label = document.createElement("label");
    label.className = "language";
    const name = document.createElement("span");
    name.className = "visually-hidden";
    name.textContent = t("Language");
    const select = document.createElement("select");
    select.dataset.testid = "language";
    for (const [code, text] of LANGS) {
      const o = document.createElement("option");
      o.value = code; o.textContent = text; o.lang = code;
      select.append(o);
    }
    select.value = lang;
    select.addEventListener("change", () => {
      try { localStorage.setItem(KEY, select.value); } catch (e) { /* reload alone */ }
      location.reload();
    });
    label.append(name, select);
    nav.append(label);
  }

  async function load() {
    const parts = (document.documentElement.dataset.i18n || "common").split(/\s+/).filter(Boolean);
    if (lang !== "en") {
      const catalogues = await Promise.all(parts.map((p) =>
        fetch(`/static/i18n/${p}.json`).then((r) => (r.ok ? r.json() : {})).catch(() => ({}))));
      for (const c of catalogues) for (const [k, v] of Object.entries(c)) strings.set(k, v);
    }
    document.documentElement.lang = lang;
    if (document.readyState === "loading") await new Promise((r) => document.addEventListener("DOMContentLoaded", r, { once: true }));
    translate(document);
    addSwitch();
  }

  const I18N = {
    lang,
    languages: LANGS,
    missing: new Set(),
    // A server object's name in the chosen language: its `names` if sent, else `name`.
    name(obj) { return (obj.names && obj.names[lang]) || obj.name; },
    // The ruleset's unit, "fan" or "tai" (anything else: the script's own); setting it
    // rewrites the page's data-t texts that name it. t() fills {unit} from it.
    get unit() { return unit; },
    set unit(code) {
      const chosen = Object.keys(UNITS).includes(code) ? code : defaultUnit;
      if (chosen === unit) return;
      unit = chosen;
      if (lang !== "en" && document.readyState !== "loading") translate(document, true);
    },
    // The unit as written: 番 or 台.
    get unitWord() { return UNITS[unit]; },
    translate,
    set(code) {
      try { localStorage.setItem(KEY, code); } catch (e) { /* reload alone */ }
      location.reload();
    },
  };
  I18N.ready = load();
  window.t = t;
  window.I18N = I18N;
})();
