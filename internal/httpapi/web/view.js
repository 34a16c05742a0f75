// Songsmith playground: the finished song drawn. Its waveform (the song
// decoded with the Web Audio API) with the sections marked and named, the
// chords along it (the timeline output), a playhead that moves as it plays,
// a click (or the arrow keys) to seek; with stems, a mixer (mute and solo
// per part, played in sync through one AudioContext); with MIDI, the notes
// of each part as a piano roll.
"use strict";
window.SongsmithView = (function () {
  const M = window.SongsmithMedia, P = window.SongsmithPicture;
  const $ = (id) => document.getElementById(id);
  const el = {
    view: $("view"), facts: $("view-facts"), play: $("view-play"), time: $("view-time"), now: $("view-chord"),
    wave: $("view-wave"), canvas: $("wave-canvas"), head: $("playhead"), done: $("wave-played"),
    sections: $("view-sections"), chords: $("view-chords"), note: $("view-note"),
    mixer: $("mixer"), parts: $("mixer-parts"), srcSong: $("listen-song"), srcStems: $("listen-stems"),
    mixNote: $("mixer-note"), mixLoad: $("mixer-load"), listen: $("listen"), rollBox: $("roll-box"), roll: $("roll"), rollHead: $("roll-head"), legend: $("roll-legend"),
    player: $("player"),
  };
  let s = null; // the song on show: {duration, peaks, timeline, stems, midi, token}
  let mode = "song"; // what plays: the song's <audio>, or the stems
  let ctx = null; // the one AudioContext of the stems
  let stemsAt = 0, stemsStart = 0, stemsPlaying = false, sources = [];
  let raf = 0;

  const fmt = (t) => { t = Math.max(0, t || 0); return Math.floor(t / 60) + ":" + String(Math.floor(t % 60)).padStart(2, "0"); };
  const css = (name) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  const kind = (label) => String(label || "").replace(/\s*\d+$/, "").toLowerCase();
  const KINDS = ["intro", "verse", "pre-chorus", "chorus", "bridge", "drop", "build", "breakdown", "outro", "solo"];
  const hue = (k) => { const i = KINDS.indexOf(k); return i >= 0 ? (i * 47 + 260) % 360 : ([...k].reduce((a, c) => a + c.charCodeAt(0), 0) * 37) % 360; };
  const dark = () => matchMedia("(prefers-color-scheme: dark)").matches;
  const sectionColor = (k, a) => "hsla(" + hue(k) + ", 70%, " + (dark() ? "60%" : "50%") + ", " + a + ")";
  const PART_COLORS = [0, 210, 120, 35, 285, 175, 330, 60, 250];
  const partColor = (i) => "hsl(" + PART_COLORS[i % PART_COLORS.length] + ", 70%, " + (dark() ? "65%" : "42%") + ")";

  // --- the clock ------------------------------------------------------------
  function now() {
    if (!s) return 0;
    if (mode === "stems") return Math.min(s.duration, stemsPlaying ? stemsAt + (ctx.currentTime - stemsStart) : stemsAt);
    return el.player.currentTime || 0;
  }
  function playing() { return mode === "stems" ? stemsPlaying : !el.player.paused && !el.player.ended; }
  function seek(t) {
    if (!s) return;
    t = Math.max(0, Math.min(s.duration, t));
    if (mode === "stems") {
      const was = stemsPlaying;
      stopStems();
      stemsAt = t;
      if (was) startStems();
    } else {
      el.player.currentTime = t;
    }
    draw();
  }
  async function toggle() {
    if (!s) return;
    if (mode === "stems") { if (stemsPlaying) { stemsAt = now(); stopStems(); } else await startStems(); }
    else if (el.player.paused) await el.player.play().catch(() => {});
    else el.player.pause();
    draw();
  }
  function loop() {
    draw();
    raf = playing() ? requestAnimationFrame(loop) : 0;
    if (!raf && mode === "stems" && stemsPlaying && now() >= s.duration) { stopStems(); stemsAt = 0; draw(); }
  }
  function kick() { if (!raf) raf = requestAnimationFrame(loop); }
  for (const ev of ["play", "pause", "seeked", "timeupdate", "ended"]) el.player.addEventListener(ev, () => { if (mode === "song") { draw(); kick(); } });

  // draw moves the playhead (waveform and piano roll), the time, the
  // current chord and section, and the slider's value.
  let lastSec = -1;
  function draw() {
    if (!s) return;
    const t = now(), f = s.duration > 0 ? Math.min(1, t / s.duration) : 0;
    const pct = (f * 100).toFixed(3) + "%";
    el.head.style.left = pct;
    el.done.style.width = pct;
    el.rollHead.style.left = pct;
    el.head.dataset.time = t.toFixed(3);
    el.play.textContent = playing() ? "Pause" : "Play";
    el.play.setAttribute("aria-pressed", String(playing()));
    const sec = Math.floor(t);
    if (sec !== lastSec) {
      lastSec = sec;
      el.time.textContent = fmt(t) + " / " + fmt(s.duration);
      el.wave.setAttribute("aria-valuenow", String(sec));
      const at = (list) => (list || []).find((x) => t >= x.start && t < x.end);
      const sct = s.timeline && at(s.timeline.sections), ch = s.timeline && at(s.timeline.chords);
      el.wave.setAttribute("aria-valuetext", fmt(t) + (sct ? ", " + sct.label : "") + (ch ? ", " + ch.symbol : ""));
      el.now.textContent = ch ? ch.symbol : "";
      for (const b of el.sections.children) b.classList.toggle("on", !!sct && b.dataset.label === sct.label);
    }
  }

  // --- the waveform ---------------------------------------------------------
  // peaksOf reduces a decoded song to n [min, max] pairs (both channels).
  function peaksOf(buf, n) {
    const a = buf.getChannelData(0), b = buf.numberOfChannels > 1 ? buf.getChannelData(1) : a;
    const per = Math.max(1, Math.floor(a.length / n)), out = new Float32Array(n * 2);
    for (let i = 0; i < n; i++) {
      let lo = 0, hi = 0;
      for (let j = i * per, e = Math.min(a.length, j + per); j < e; j++) {
        const x = a[j], y = b[j];
        if (x < lo) lo = x; if (x > hi) hi = x; if (y < lo) lo = y; if (y > hi) hi = y;
      }
      out[2 * i] = lo; out[2 * i + 1] = hi;
    }
    return out;
  }
  function size(canvas) {
    const r = canvas.getBoundingClientRect(), d = window.devicePixelRatio || 1;
    const w = Math.max(1, Math.round(r.width * d)), h = Math.max(1, Math.round(r.height * d));
    if (canvas.width !== w || canvas.height !== h) { canvas.width = w; canvas.height = h; }
    return { w, h, d };
  }
  function paintWave() {
    if (!s) return;
    const { w, h } = size(el.canvas), g = el.canvas.getContext("2d");
    g.clearRect(0, 0, w, h);
    const x = (t) => (t / s.duration) * w;
    const secs = (s.timeline && s.timeline.sections) || [];
    secs.forEach((sc, i) => {
      g.fillStyle = sectionColor(kind(sc.label), i % 2 ? 0.16 : 0.24);
      g.fillRect(x(sc.start), 0, Math.max(1, x(sc.end) - x(sc.start)), h);
    });
    g.fillStyle = css("--line");
    for (const db of (s.timeline && s.timeline.downbeats) || []) g.fillRect(Math.round(x(db)), h - 4, 1, 4);
    if (!s.peaks) return;
    const n = s.peaks.length / 2, mid = h / 2, fg = css("--fg");
    g.fillStyle = fg;
    g.globalAlpha = 0.85;
    for (let px = 0; px < w; px++) {
      const i = Math.min(n - 1, Math.floor((px / w) * n));
      const lo = s.peaks[2 * i], hi = s.peaks[2 * i + 1];
      const top = mid - hi * mid * 0.95, bot = mid - lo * mid * 0.95;
      g.fillRect(px, top, 1, Math.max(1, bot - top));
    }
    g.globalAlpha = 1;
    P.hitLines(g, x, h);
    el.canvas.dataset.peaks = String(n);
  }
  function showSections() {
    el.sections.replaceChildren();
    const secs = (s.timeline && s.timeline.sections) || [];
    for (const sc of secs) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "section";
      b.dataset.label = sc.label;
      b.dataset.start = String(sc.start);
      b.style.left = (sc.start / s.duration * 100) + "%";
      b.style.width = ((sc.end - sc.start) / s.duration * 100) + "%";
      b.style.setProperty("--c", sectionColor(kind(sc.label), 1));
      b.textContent = sc.label;
      b.title = sc.label + " at " + fmt(sc.start);
      b.setAttribute("aria-label", "Play from the " + sc.label + " (" + fmt(sc.start) + ")");
      b.addEventListener("click", () => { seek(sc.start); if (!playing()) toggle(); });
      el.sections.append(b);
    }
    el.chords.replaceChildren();
    for (const c of (s.timeline && s.timeline.chords) || []) {
      const span = document.createElement("span");
      span.className = "chord";
      span.style.left = (c.start / s.duration * 100) + "%";
      span.style.width = ((c.end - c.start) / s.duration * 100) + "%";
      span.textContent = c.symbol;
      span.title = c.symbol + " at " + fmt(c.start);
      span.dataset.start = String(c.start);
      el.chords.append(span);
    }
    el.chords.hidden = !el.chords.children.length;
    el.sections.hidden = !el.sections.children.length;
    fitChords();
  }
  // fitChords hides the symbols that do not fit their chord's width (a
  // long song on a phone): their titles still name them.
  function fitChords() {
    for (const c of el.chords.children) c.classList.toggle("tight", c.scrollWidth > c.clientWidth + 1);
    for (const b of el.sections.children) b.classList.toggle("tight", b.scrollWidth > b.clientWidth + 1);
  }
  const at = (ev, box) => { const r = box.getBoundingClientRect(); return (ev.clientX - r.left) / r.width * s.duration; };
  el.wave.addEventListener("click", (ev) => { if (s) seek(at(ev, el.wave)); });
  el.roll.addEventListener("click", (ev) => { if (s) seek(at(ev, el.roll)); });
  el.wave.addEventListener("keydown", (ev) => {
    if (!s) return;
    const secs = ((s.timeline && s.timeline.sections) || []).map((x) => x.start);
    const t = now();
    const next = { ArrowRight: t + 5, ArrowLeft: t - 5, Home: 0, End: s.duration,
      PageDown: secs.find((x) => x > t + 0.01), PageUp: [...secs].reverse().find((x) => x < t - 1) }[ev.key];
    if (ev.key === " " || ev.key === "Enter") { ev.preventDefault(); toggle(); return; }
    if (next === undefined) return;
    ev.preventDefault();
    seek(next);
  });
  el.play.addEventListener("click", toggle);

  // --- stems: a mixer --------------------------------------------------------
  function gains() {
    if (!s || !s.stems) return;
    const solo = s.stems.some((p) => p.solo);
    for (const p of s.stems) {
      const g = p.muted || (solo && !p.solo) ? 0 : 1;
      p.gain = g;
      if (p.node) p.node.gain.value = g;
      p.row.dataset.gain = String(g);
      p.row.classList.toggle("silent", g === 0);
    }
  }
  function stopStems() {
    for (const n of sources) { try { n.stop(); } catch (e) { /* not started */ } n.disconnect(); }
    sources = [];
    stemsPlaying = false;
  }
  // startStems starts every stem at the same instant of the one context,
  // from stemsAt.
  async function startStems() {
    if (!s || !s.stems) return;
    if (!ctx) ctx = new AudioContext();
    if (ctx.state === "suspended") await ctx.resume();
    if (!s.master) {
      s.master = ctx.createGain();
      s.master.gain.value = s.stemsScale;
      s.master.connect(ctx.destination);
    }
    const when = ctx.currentTime + 0.05;
    for (const p of s.stems) {
      if (!p.buffer) {
        p.buffer = new AudioBuffer({ length: p.pcm.channels[0].length, numberOfChannels: p.pcm.channels.length, sampleRate: p.pcm.rate });
        p.pcm.channels.forEach((c, i) => p.buffer.copyToChannel(c, i));
      }
      if (!p.node) { p.node = ctx.createGain(); p.node.connect(s.master); }
      const src = ctx.createBufferSource();
      src.buffer = p.buffer;
      src.connect(p.node);
      src.start(when, Math.min(stemsAt, p.buffer.duration));
      sources.push(src);
    }
    gains();
    stemsStart = when;
    stemsPlaying = true;
    kick();
  }
  function setMode(m) {
    if (!s || m === mode) return;
    const t = now();
    if (mode === "stems") { stopStems(); } else el.player.pause();
    mode = m;
    if (m === "stems") stemsAt = t; else el.player.currentTime = t;
    el.view.dataset.mode = m;
    draw();
  }
  el.srcSong.addEventListener("change", () => setMode("song"));
  el.srcStems.addEventListener("change", () => setMode("stems"));
  el.player.addEventListener("play", () => { if (mode === "stems") { el.srcSong.checked = true; setMode("song"); } });

  // STEMS_AUTO is the largest stems zip loaded without asking (bytes): a
  // long song's stems are hundreds of MB, held in the browser's memory.
  const STEMS_AUTO = 100e6;
  async function loadStems(url, token, asked) {
    el.mixNote.textContent = "Loading the stems…";
    el.mixLoad.hidden = true;
    const res = await fetch(url);
    if (!res.ok) throw new Error("HTTP " + res.status);
    const size = Number(res.headers.get("Content-Length") || 0);
    if (!asked && size > STEMS_AUTO) {
      res.body.cancel();
      el.mixNote.textContent = "";
      el.mixLoad.textContent = "Load the stems into the mixer (" + Math.round(size / 1e6) + " MB)";
      el.mixLoad.onclick = () => loadStems(url, token, true).catch((e) => { el.mixNote.textContent = "Could not load the stems (" + (e.message || e) + ")."; });
      el.mixLoad.hidden = false;
      el.mixer.hidden = false;
      return;
    }
    const files = await M.readZip(await res.arrayBuffer());
    if (!s || s.token !== token) return;
    const parts = files.filter((f) => /\.wav$/i.test(f.name)).map((f) => ({ name: f.name.replace(/^\d+-/, "").replace(/\.wav$/i, ""), pcm: M.readWAV(f.data) }));
    // the stems are not mastered: scale their sum below full scale
    let peak = 0;
    const len = Math.max(...parts.map((p) => p.pcm.channels[0].length));
    for (let c = 0; c < 2; c++) {
      for (let i = 0; i < len; i += 2) {
        let x = 0;
        for (const p of parts) { const ch = p.pcm.channels[Math.min(c, p.pcm.channels.length - 1)]; if (i < ch.length) x += ch[i]; }
        peak = Math.max(peak, Math.abs(x));
      }
    }
    s.stemsScale = peak > 0.89 ? 0.89 / peak : 1;
    s.stems = parts;
    el.parts.replaceChildren();
    parts.forEach((p, i) => {
      const li = document.createElement("li");
      li.className = "part";
      li.dataset.part = p.name;
      const sw = document.createElement("span");
      sw.className = "swatch";
      sw.style.background = partColor(i);
      sw.dataset.i = String(i);
      const name = document.createElement("span");
      name.className = "part-name";
      name.textContent = p.name;
      const mute = document.createElement("button"), solo = document.createElement("button");
      for (const [b, word, key] of [[mute, "Mute", "muted"], [solo, "Solo", "solo"]]) {
        b.type = "button";
        b.className = "secondary toggle " + key;
        b.textContent = word[0];
        b.setAttribute("aria-pressed", "false");
        b.setAttribute("aria-label", word + " " + p.name);
        b.title = word + " " + p.name;
        b.addEventListener("click", () => {
          p[key] = !p[key];
          b.setAttribute("aria-pressed", String(p[key]));
          gains();
        });
      }
      li.append(sw, name, mute, solo);
      p.row = li;
      el.parts.append(li);
    });
    gains();
    el.mixNote.textContent = parts.length + " parts. Listen to the stems to mix them: M mutes a part, S solos it.";
    el.listen.hidden = false;
    el.mixer.hidden = false;
  }

  // --- MIDI: a piano roll ------------------------------------------------------
  function paintRoll() {
    if (!s || !s.midi) return;
    const tracks = s.midi.tracks;
    el.roll.style.height = Math.max(120, tracks.length * 34) + "px";
    const { w, h, d } = size(el.roll), g = el.roll.getContext("2d");
    g.clearRect(0, 0, w, h);
    const lane = h / tracks.length, x = (t) => (t / s.duration) * w;
    tracks.forEach((tr, i) => {
      const y0 = i * lane;
      g.fillStyle = i % 2 ? "transparent" : css("--line");
      g.globalAlpha = 0.35;
      g.fillRect(0, y0, w, lane);
      g.globalAlpha = 1;
      let lo = 127, hi = 0;
      for (const n of tr.notes) { lo = Math.min(lo, n.pitch); hi = Math.max(hi, n.pitch); }
      const span = Math.max(1, hi - lo + 1), nh = Math.max(1.5 * d, Math.min(6 * d, (lane - 4 * d) / span));
      g.fillStyle = partColor(i);
      for (const n of tr.notes) {
        const y = y0 + 2 * d + (hi - n.pitch) / span * (lane - 4 * d - nh) + (span === 1 ? (lane - 4 * d - nh) / 2 : 0);
        g.globalAlpha = 0.45 + 0.55 * (n.velocity / 127);
        g.fillRect(x(n.start), y, Math.max(1.5 * d, x(n.end) - x(n.start) - 0.5 * d), nh);
      }
      g.globalAlpha = 1;
    });
    el.roll.dataset.notes = String(tracks.reduce((a, t) => a + t.notes.length, 0));
  }
  async function loadMIDI(url, token) {
    const res = await fetch(url);
    if (!res.ok) throw new Error("HTTP " + res.status);
    const midi = M.readMIDI(await res.arrayBuffer());
    if (!s || s.token !== token) return;
    // The players' noises (GM breath and fret noise tracks after the
    // parts, internal/music/midinoise.go) are not parts: no lane of their own.
    midi.tracks = midi.tracks.filter((tr) => tr.name !== "breath noise" && tr.name !== "fret noise");
    s.midi = midi;
    el.legend.replaceChildren(...midi.tracks.map((tr, i) => {
      const li = document.createElement("li");
      const sw = document.createElement("span");
      sw.className = "swatch";
      sw.style.background = partColor(i);
      sw.dataset.i = String(i);
      li.append(sw, document.createTextNode((tr.name || "part " + (i + 1)) + " · " + tr.notes.length + " notes"));
      return li;
    }));
    el.rollBox.hidden = false;
    el.roll.setAttribute("aria-label", "Piano roll: the notes of " + midi.tracks.length + " parts");
    paintRoll();
  }

  // --- show ------------------------------------------------------------------
  function clear() {
    stopStems();
    if (raf) cancelAnimationFrame(raf);
    raf = 0;
    s = null;
    mode = "song";
    el.srcSong.checked = true;
    el.view.hidden = true;
    el.mixer.hidden = true;
    el.listen.hidden = true;
    el.mixLoad.hidden = true;
    el.rollBox.hidden = true;
    el.parts.replaceChildren();
    el.legend.replaceChildren();
    el.note.textContent = "";
    P.clear();
  }
  // show draws result r (a completed job's result).
  async function show(r) {
    clear();
    const token = {};
    s = { token, duration: r.duration || 0, peaks: null, timeline: null, stems: null, midi: null };
    lastSec = -1;
    el.view.hidden = false;
    el.view.dataset.mode = "song";
    el.view.dataset.ready = "";
    el.facts.textContent = fmt(s.duration) + " · " + Math.round(r.bpm) + " bpm";
    el.wave.setAttribute("aria-valuemax", String(Math.round(s.duration)));
    el.sections.replaceChildren();
    el.chords.replaceChildren();
    const problems = [];
    const load = async (what, f) => { try { await f(); } catch (e) { problems.push(what + " (" + (e.message || e) + ")"); } };
    const jobs = [
      load("the waveform", async () => {
        const res = await fetch(r.song_url);
        if (!res.ok) throw new Error("HTTP " + res.status);
        const buf = await new OfflineAudioContext(1, 1, 44100).decodeAudioData(await res.arrayBuffer());
        if (s && s.token === token) s.peaks = peaksOf(buf, 2000);
      }),
    ];
    if (r.timeline_url) {
      jobs.push(load("the timeline", async () => {
        const res = await fetch(r.timeline_url);
        if (!res.ok) throw new Error("HTTP " + res.status);
        const tl = await res.json();
        if (!s || s.token !== token) return;
        s.timeline = tl;
        const bits = [tl.key && tl.key.name, tl.meter && tl.meter.signature].filter(Boolean);
        el.facts.textContent = bits.concat(el.facts.textContent).join(" · ");
        showSections();
        P.show(tl, s.duration, (t) => { seek(t); if (!playing()) toggle(); });
      }));
    }
    if (r.stems_url) jobs.push(load("the stems", () => loadStems(r.stems_url, token)));
    if (r.midi_url) jobs.push(load("the MIDI file", () => loadMIDI(r.midi_url, token)));
    await Promise.all(jobs);
    if (!s || s.token !== token) return;
    if (!r.timeline_url) el.note.textContent = "Ask for the timeline (Options, Extra files) to see the sections and chords along the song.";
    if (problems.length) el.note.textContent = "Could not load " + problems.join(", ") + ".";
    lastSec = -1; // the current chord and section, now known
    paintWave();
    paintRoll();
    draw();
    el.view.dataset.ready = "true";
  }
  new ResizeObserver(() => { if (s) { paintWave(); paintRoll(); fitChords(); P.paintEnergy(); } }).observe(el.view);
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => {
    for (const sw of document.querySelectorAll("#view .swatch[data-i]")) sw.style.background = partColor(Number(sw.dataset.i));
    if (s) { paintWave(); paintRoll(); P.paintEnergy(); }
  });

  return { show, clear, seek, now };
})();
