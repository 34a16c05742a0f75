// Songsmith playground: music for picture. On the drawn song, the energy
// each section played (the timeline's sections[].energy) as a curve over
// the sections, and each hit point as a marker where it landed, with the
// time asked beside it; a button puts a hit at the playhead into the
// request. In the options, a pad to draw the energy curve (seconds left to
// right, energy up) and to place hits: it writes the JSON of the Energy
// and Hit points fields, and draws what is typed there.
"use strict";
window.SongsmithPicture = (function () {
  const $ = (id) => document.getElementById(id);
  const el = {
    lane: $("view-energy"), canvas: $("energy-canvas"), hits: $("view-hits"), hitsNote: $("view-hits-note"),
    addKind: $("hit-kind"), add: $("hit-add"), addNote: $("hit-add-note"),
    energy: $("opt-energy"), hitsField: $("opt-hits"), duration: $("opt-duration"), bpm: $("opt-bpm"),
    pad: $("energy-pad"), padNote: $("pad-note"), padClear: $("pad-clear"), padMode: $("pad-mode"),
    kinds: document.querySelectorAll("#pad-kinds button"),
  };
  const KINDS = ["drop", "stop", "accent", "end"];
  const css = (name) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  const fmt = (t) => { t = Math.max(0, t || 0); return Math.floor(t / 60) + ":" + (t % 60).toFixed(2).padStart(5, "0"); };
  const signed = (x) => (x >= 0 ? "+" : "−") + Math.abs(x).toFixed(3) + " s";
  function size(canvas) {
    const r = canvas.getBoundingClientRect(), d = window.devicePixelRatio || 1;
    const w = Math.max(1, Math.round(r.width * d)), h = Math.max(1, Math.round(r.height * d));
    if (canvas.width !== w || canvas.height !== h) { canvas.width = w; canvas.height = h; }
    return { w, h, d };
  }
  function hitColor(kind) { return { drop: "--err", stop: "--muted", accent: "--accent", end: "--ok" }[kind] || "--accent"; }

  // --- the song: energy lane and hit markers ----------------------------------
  let tl = null, dur = 0;
  // paintEnergy draws each section's energy as a filled step (0 at the
  // bottom, 1 at the top) joined into one line over the sections.
  function paintEnergy() {
    if (!tl || el.lane.hidden) return;
    const { w, h, d } = size(el.canvas), g = el.canvas.getContext("2d");
    g.clearRect(0, 0, w, h);
    const x = (t) => (t / dur) * w, pad = 2 * d, y = (e) => pad + (1 - e) * (h - 2 * pad);
    g.fillStyle = css("--line");
    for (const e of [0.25, 0.5, 0.75]) g.fillRect(0, Math.round(y(e)), w, 1);
    const secs = tl.sections || [];
    g.fillStyle = css("--accent");
    g.globalAlpha = 0.28;
    for (const sc of secs) g.fillRect(x(sc.start), y(sc.energy), Math.max(1, x(sc.end) - x(sc.start)), h - y(sc.energy));
    g.globalAlpha = 1;
    g.strokeStyle = css("--accent");
    g.lineWidth = 2.5 * d;
    g.beginPath();
    secs.forEach((sc, i) => {
      if (i === 0) g.moveTo(x(sc.start), y(sc.energy)); else g.lineTo(x(sc.start), y(sc.energy));
      g.lineTo(x(sc.end), y(sc.energy));
    });
    g.stroke();
    el.canvas.dataset.energy = secs.map((sc) => sc.energy).join(",");
  }
  // hitLines marks the hits on the waveform (g its context, x seconds to
  // pixels, h its height): a solid line where each landed, a dashed one at
  // the time asked.
  function hitLines(g, x, h) {
    if (!tl) return;
    const d = window.devicePixelRatio || 1;
    for (const hit of tl.hits || []) {
      g.strokeStyle = css(hitColor(hit.kind));
      g.lineWidth = 1.5 * d;
      g.setLineDash([4 * d, 3 * d]);
      g.beginPath(); g.moveTo(x(hit.asked), 0); g.lineTo(x(hit.asked), h); g.stroke();
      g.setLineDash([]);
      g.lineWidth = 3 * d;
      g.beginPath(); g.moveTo(x(hit.at), 0); g.lineTo(x(hit.at), h); g.stroke();
    }
    g.setLineDash([]);
  }
  function describe(hit) {
    return hit.kind + " asked at " + fmt(hit.asked) + ", landed at " + fmt(hit.at) + " (bar " + hit.bar + ", moved " + signed(hit.moved) + ")";
  }
  // show takes the song's timeline (or null) and its length in seconds.
  function show(timeline, seconds, seek) {
    tl = timeline; dur = seconds || 0;
    const secs = (tl && tl.sections) || [];
    el.lane.hidden = !secs.length || !secs.some((sc) => typeof sc.energy === "number");
    el.lane.setAttribute("aria-label", "Energy played: " + secs.map((sc) => sc.label + " " + Math.round(100 * (sc.energy || 0)) + "%").join(", "));
    const hits = (tl && tl.hits) || [];
    el.hits.replaceChildren();
    for (const hit of hits) {
      const asked = document.createElement("span");
      asked.className = "hit-asked";
      asked.style.left = (hit.asked / dur * 100) + "%";
      const b = document.createElement("button");
      b.type = "button";
      b.className = "hit";
      b.style.left = (hit.at / dur * 100) + "%";
      b.style.setProperty("--c", "var(" + hitColor(hit.kind) + ")");
      Object.assign(b.dataset, { kind: hit.kind, at: String(hit.at), asked: String(hit.asked), bar: String(hit.bar), moved: String(hit.moved) });
      b.textContent = hit.kind;
      b.title = describe(hit);
      b.setAttribute("aria-label", "Play from the " + describe(hit));
      b.addEventListener("click", () => seek(hit.at));
      el.hits.append(asked, b);
    }
    el.hits.hidden = !hits.length;
    el.hitsNote.hidden = !hits.length;
    el.hitsNote.textContent = hits.length ? "Hits (solid where each landed, dashed where asked): " + hits.map(describe).join("; ") + "." : "";
    paintEnergy();
  }
  function clear() { tl = null; el.lane.hidden = true; el.hits.hidden = true; el.hitsNote.hidden = true; el.hits.replaceChildren(); }

  // --- the request: hits and energy in the options ---------------------------
  const parse = (f, d) => { try { const v = JSON.parse(f.value); return v; } catch (e) { return d; } };
  const hitsOf = () => { const v = parse(el.hitsField, []); return Array.isArray(v) ? v.filter((h) => h && typeof h.at === "number") : []; };
  function setHits(list) {
    list.sort((a, b) => a.at - b.at);
    el.hitsField.value = list.length ? JSON.stringify(list) : "";
    paintPad();
  }
  el.add.addEventListener("click", () => {
    const t = Math.round(window.SongsmithView.now() * 100) / 100;
    if (t <= 0) { el.addNote.textContent = "Move the playhead past the start first."; return; }
    setHits(hitsOf().filter((h) => Math.abs(h.at - t) > 0.05).concat({ at: t, kind: el.addKind.value }));
    el.addNote.textContent = "Added a " + el.addKind.value + " at " + fmt(t) + " to the Hit points option: Generate or Edit uses it.";
  });

  // The pad spans the song's length: the Length option, else 30 s.
  const span = () => Math.max(4, Number(el.duration.value) || 30);
  const barSeconds = () => 4 * 60 / (Number(el.bpm.value) || 120);
  let mode = "energy", kind = "drop", stroke = null;
  // curveOf is the Energy field as points {at, value} in seconds (a curve
  // by bar at the Tempo option, else 120 bpm), or null.
  function curveOf() {
    const v = parse(el.energy, null);
    if (!Array.isArray(v)) return null;
    return v.filter((p) => p && typeof p.value === "number")
      .map((p) => ({ at: typeof p.at === "number" ? p.at : ((p.bar || 1) - 1) * barSeconds(), value: p.value }));
  }
  function paintPad() {
    const { w, h, d } = size(el.pad), g = el.pad.getContext("2d"), D = span();
    const x = (t) => t / D * w, y = (e) => 4 * d + (1 - e) * (h - 8 * d);
    g.clearRect(0, 0, w, h);
    g.fillStyle = css("--line");
    for (let t = 0; t <= D; t += D > 60 ? 10 : 5) g.fillRect(Math.round(x(t)), 0, 1, h);
    for (const e of [0.25, 0.5, 0.75]) g.fillRect(0, Math.round(y(e)), w, 1);
    g.fillStyle = css("--muted");
    g.font = (11 * d) + "px system-ui, sans-serif";
    g.fillText("0 s", 3 * d, h - 4 * d);
    const end = D + " s";
    g.fillText(end, w - g.measureText(end).width - 3 * d, h - 4 * d);
    const pts = stroke ? stroke.points : curveOf();
    const obj = !pts && parse(el.energy, null);
    el.padNote.textContent = obj && typeof obj === "object" ? "The energy is typed per section: it is drawn on the song's sections once it is made." : "";
    if (pts && pts.length) {
      g.strokeStyle = css("--accent");
      g.lineWidth = 2.5 * d;
      g.beginPath();
      g.moveTo(0, y(pts[0].value));
      for (const p of pts) g.lineTo(x(p.at), y(p.value));
      g.lineTo(w, y(pts[pts.length - 1].value));
      g.stroke();
    }
    for (const hit of hitsOf()) {
      g.fillStyle = css(hitColor(hit.kind));
      g.fillRect(Math.round(x(hit.at)) - d, 0, 2 * d, h);
      g.fillText(hit.kind, x(hit.at) + 3 * d, 12 * d);
    }
    el.pad.dataset.points = String(pts ? pts.length : 0);
    el.pad.dataset.hits = String(hitsOf().length);
  }
  // at maps a pointer event to the pad's seconds and energy.
  function at(ev) {
    const r = el.pad.getBoundingClientRect(), D = span();
    const f = Math.max(0, Math.min(1, (ev.clientX - r.left) / r.width)), e = Math.max(0, Math.min(1, 1 - (ev.clientY - r.top) / r.height));
    return { at: Math.round(f * D * 10) / 10, value: Math.round(e * 100) / 100, f };
  }
  // A stroke replaces the curve within its time range and keeps the rest;
  // its points are one every 1/32 of the pad (the API takes up to 64).
  el.pad.addEventListener("pointerdown", (ev) => {
    const p = at(ev);
    if (mode === "hits") {
      const near = hitsOf().findIndex((h) => Math.abs(h.at - p.at) < span() / 60);
      const list = hitsOf();
      if (near >= 0) list.splice(near, 1); else if (p.at > 0) list.push({ at: p.at, kind });
      setHits(list);
      return;
    }
    el.pad.setPointerCapture(ev.pointerId);
    stroke = { from: p.at, to: p.at, samples: new Map([[Math.round(p.f * 32), p.value]]), old: curveOf() || [] };
    strokePoints();
    paintPad();
  });
  el.pad.addEventListener("pointermove", (ev) => {
    if (!stroke) return;
    const p = at(ev);
    stroke.from = Math.min(stroke.from, p.at); stroke.to = Math.max(stroke.to, p.at);
    stroke.samples.set(Math.round(p.f * 32), p.value);
    strokePoints();
    paintPad();
  });
  function strokePoints() {
    const D = span(), mine = [...stroke.samples].map(([i, v]) => ({ at: Math.round(i / 32 * D * 10) / 10, value: v }));
    const keep = stroke.old.filter((p) => p.at < stroke.from - D / 64 || p.at > stroke.to + D / 64);
    const all = keep.concat(mine).sort((a, b) => a.at - b.at);
    stroke.points = all.filter((p, i) => i === 0 || p.at > all[i - 1].at).slice(0, 64);
  }
  const endStroke = () => {
    if (!stroke) return;
    const pts = stroke.points;
    stroke = null;
    el.energy.value = JSON.stringify(pts.map((p) => ({ at: p.at, value: p.value })));
    paintPad();
  };
  el.pad.addEventListener("pointerup", endStroke);
  el.pad.addEventListener("pointercancel", endStroke);
  el.padClear.addEventListener("click", () => { el.energy.value = ""; el.hitsField.value = ""; paintPad(); });
  el.padMode.addEventListener("click", () => {
    mode = mode === "energy" ? "hits" : "energy";
    el.padMode.setAttribute("aria-pressed", String(mode === "hits"));
    el.pad.dataset.mode = mode;
    for (const b of el.kinds) b.disabled = mode !== "hits";
  });
  for (const b of el.kinds) {
    b.disabled = true;
    b.addEventListener("click", () => {
      kind = b.dataset.kind;
      for (const o of el.kinds) o.setAttribute("aria-pressed", String(o === b));
    });
  }
  for (const f of [el.energy, el.hitsField, el.duration, el.bpm]) f.addEventListener("input", paintPad);
  const details = el.pad.closest("details");
  if (details) details.addEventListener("toggle", paintPad);
  new ResizeObserver(() => { paintPad(); paintEnergy(); }).observe(el.pad);
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => { paintPad(); paintEnergy(); });

  return { show, clear, paintEnergy, hitLines, paintPad, KINDS };
})();
