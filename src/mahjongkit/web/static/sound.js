// Optional sound at the table: off by default, kept per browser (localStorage
// `mjk-sound`), switched in the table's bar. A short sound for a discard, a claim (or a
// kong declared), your turn and a win, synthesised with the Web Audio API: no audio file
// is loaded. The table page calls MJK_SOUND.play(kind) as its playback narrates each
// event; window.MJK_SOUNDS counts the sounds played, by kind (the tests read it).
"use strict";
(() => {
  const KEY = "mjk-sound";
  const counts = { discard: 0, claim: 0, turn: 0, win: 0 };
  window.MJK_SOUNDS = counts;
  let ctx = null;
  const on = () => localStorage.getItem(KEY) === "1";

  // The audio context, made on first use; a browser keeps it suspended until the page
  // has had a click or a key, so it is resumed at each use and at each gesture.
  function context() {
    const Audio = window.AudioContext || window.webkitAudioContext;
    if (!Audio) return null;
    if (!ctx) ctx = new Audio();
    if (ctx.state === "suspended") ctx.resume().catch(() => {});
    return ctx;
  }

  // One tone: its frequency (Hz), start and length (s), peak volume, wave, and the
  // factor its pitch slides by.
  function tone(ac, freq, at, length, peak, type = "sine", slide = 1) {
    const osc = ac.createOscillator(), gain = ac.createGain();
    const start = ac.currentTime + at;
    osc.type = type;
    osc.frequency.setValueAtTime(freq, start);
    if (slide !== 1) osc.frequency.exponentialRampToValueAtTime(freq * slide, start + length);
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(peak, start + 0.006);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
    osc.connect(gain).connect(ac.destination);
    osc.start(start);
    osc.stop(start + length + 0.02);
  }

  const SOUNDS = {
    // a tile set down: a short knock
    discard: (ac) => { tone(ac, 1500, 0, 0.045, 0.18, "triangle", 0.4); tone(ac, 240, 0, 0.07, 0.25); },
    // a claim: two quick rising notes
    claim: (ac) => { tone(ac, 440, 0, 0.09, 0.12, "square"); tone(ac, 660, 0.085, 0.13, 0.12, "square"); },
    // your turn: a soft bell
    turn: (ac) => { tone(ac, 880, 0, 0.35, 0.16); tone(ac, 1760, 0, 0.2, 0.04); },
    // a win: a rising arpeggio
    win: (ac) => [523, 659, 784, 1047].forEach((f, i) => tone(ac, f, i * 0.09, 0.35, 0.16, "triangle")),
  };

  function play(kind) {
    if (!on() || !SOUNDS[kind]) return;
    const ac = context();
    if (!ac) return;
    SOUNDS[kind](ac);
    counts[kind] += 1;
  }

  // The switch: a checkbox showing the stored choice and keeping the new one.
  function control(input) {
    input.checked = on();
    input.addEventListener("change", () => {
      localStorage.setItem(KEY, input.checked ? "1" : "0");
      if (input.checked) context();  // the click is the gesture that lets sound start
    });
  }

  for (const kind of ["pointerdown", "keydown"]) {
    document.addEventListener(kind, () => { if (on()) context(); }, { passive: true });
  }
  // The audio context's state: "none" before the first sound, then "running" once the
  // browser lets it play ("suspended" before a gesture).
  const state = () => (ctx ? ctx.state : "none");
  window.MJK_SOUND = { play, control, on, state };
})();
