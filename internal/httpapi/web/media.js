// Songsmith playground: readers of the song's files (no build, no library).
// readZip lists a zip's entries (stored or deflated, as internal/studio
// writes its stems), readWAV reads a WAV into per-channel samples, readMIDI
// reads a Standard MIDI File into notes with times in seconds.
"use strict";
window.SongsmithMedia = (function () {
  // readZip returns [{name, data: Uint8Array}] from the central directory
  // (entries written streaming carry their sizes only there).
  async function readZip(buf) {
    const b = new Uint8Array(buf), v = new DataView(buf);
    let eocd = -1;
    for (let i = b.length - 22; i >= Math.max(0, b.length - 65557); i--) {
      if (v.getUint32(i, true) === 0x06054b50) { eocd = i; break; }
    }
    if (eocd < 0) throw new Error("not a zip file");
    const count = v.getUint16(eocd + 10, true);
    let p = v.getUint32(eocd + 16, true);
    const out = [];
    for (let n = 0; n < count; n++) {
      if (v.getUint32(p, true) !== 0x02014b50) throw new Error("bad zip directory");
      const method = v.getUint16(p + 10, true), size = v.getUint32(p + 20, true);
      const nameLen = v.getUint16(p + 28, true), extra = v.getUint16(p + 30, true), comment = v.getUint16(p + 32, true);
      const local = v.getUint32(p + 42, true);
      const name = new TextDecoder().decode(b.subarray(p + 46, p + 46 + nameLen));
      p += 46 + nameLen + extra + comment;
      const start = local + 30 + v.getUint16(local + 26, true) + v.getUint16(local + 28, true);
      const raw = b.subarray(start, start + size);
      let data;
      if (method === 0) data = raw;
      else if (method === 8) data = new Uint8Array(await new Response(new Blob([raw]).stream().pipeThrough(new DecompressionStream("deflate-raw"))).arrayBuffer());
      else throw new Error("zip method " + method + " of " + name + " is not supported");
      out.push({ name, data });
    }
    return out;
  }

  // readWAV returns {rate, channels: [Float32Array]} of a 16/24/32-bit PCM
  // or 32-bit float WAV.
  function readWAV(bytes) {
    const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const tag = (o) => String.fromCharCode(bytes[o], bytes[o + 1], bytes[o + 2], bytes[o + 3]);
    if (tag(0) !== "RIFF" || tag(8) !== "WAVE") throw new Error("not a WAV file");
    let fmt = null, data = null;
    for (let p = 12; p + 8 <= bytes.length;) {
      const id = tag(p), size = v.getUint32(p + 4, true);
      if (id === "fmt ") {
        let format = v.getUint16(p + 8, true);
        if (format === 0xFFFE) format = v.getUint16(p + 32, true); // extensible: the subformat's first bytes
        fmt = { format, channels: v.getUint16(p + 10, true), rate: v.getUint32(p + 12, true), bits: v.getUint16(p + 22, true) };
      } else if (id === "data") {
        data = { off: p + 8, size: Math.min(size, bytes.length - p - 8) };
      }
      p += 8 + size + (size & 1);
    }
    if (!fmt || !data) throw new Error("WAV without fmt or data");
    const bps = fmt.bits / 8, nc = fmt.channels, frames = Math.floor(data.size / (bps * nc));
    const ch = Array.from({ length: nc }, () => new Float32Array(frames));
    if (fmt.format === 3 && fmt.bits === 32) { // the stems: a typed view, deinterleaved
      const at = bytes.byteOffset + data.off;
      const all = at % 4 === 0 ? new Float32Array(bytes.buffer, at, frames * nc)
        : new Float32Array(bytes.slice(data.off, data.off + frames * nc * 4).buffer);
      for (let f = 0, i = 0; f < frames; f++) for (let c = 0; c < nc; c++) ch[c][f] = all[i++];
      return { rate: fmt.rate, channels: ch };
    }
    let read;
    if (fmt.format === 1 && fmt.bits === 16) read = (o) => v.getInt16(o, true) / 32768;
    else if (fmt.format === 1 && fmt.bits === 24) read = (o) => ((v.getInt8(o + 2) << 16) | (bytes[o + 1] << 8) | bytes[o]) / 8388608;
    else if (fmt.format === 1 && fmt.bits === 32) read = (o) => v.getInt32(o, true) / 2147483648;
    else throw new Error("WAV format " + fmt.format + "/" + fmt.bits + " bits is not supported");
    for (let f = 0, o = data.off; f < frames; f++) {
      for (let c = 0; c < nc; c++, o += bps) ch[c][f] = read(o);
    }
    return { rate: fmt.rate, channels: ch };
  }

  // readMIDI returns {duration, tracks: [{name, channel, notes: [{pitch,
  // start, end, velocity}]}]} with times in seconds (the file's tempo map).
  function readMIDI(buf) {
    const b = new Uint8Array(buf);
    const u32 = (o) => ((b[o] << 24) >>> 0) + (b[o + 1] << 16) + (b[o + 2] << 8) + b[o + 3];
    const u16 = (o) => (b[o] << 8) | b[o + 1];
    if (String.fromCharCode(b[0], b[1], b[2], b[3]) !== "MThd") throw new Error("not a MIDI file");
    const ntrk = u16(10), division = u16(12);
    if (division & 0x8000) throw new Error("SMPTE time is not supported");
    const tempos = [{ tick: 0, us: 500000 }];
    const raw = [];
    let p = 8 + u32(4);
    for (let t = 0; t < ntrk && p + 8 <= b.length; t++) {
      const end = p + 8 + u32(p + 4);
      let q = p + 8, tick = 0, status = 0;
      const tr = { name: "", channel: -1, events: [] };
      const vlq = () => { let x = 0, c; do { c = b[q++]; x = (x << 7) | (c & 0x7F); } while (c & 0x80 && q < end); return x; };
      while (q < end) {
        tick += vlq();
        let s = b[q];
        if (s & 0x80) q++; else s = status; // running status
        if (s === 0xFF) {
          const type = b[q++], len = vlq();
          if (type === 0x51 && len === 3) tempos.push({ tick, us: (b[q] << 16) | (b[q + 1] << 8) | b[q + 2] });
          if (type === 0x03 && !tr.name) tr.name = new TextDecoder().decode(b.subarray(q, q + len));
          q += len;
        } else if (s === 0xF0 || s === 0xF7) {
          q += vlq();
        } else {
          status = s;
          const kind = s & 0xF0, two = kind !== 0xC0 && kind !== 0xD0;
          const d1 = b[q++], d2 = two ? b[q++] : 0;
          if (kind === 0x90 || kind === 0x80) {
            tr.events.push({ tick, on: kind === 0x90 && d2 > 0, pitch: d1, velocity: d2, channel: s & 0x0F });
            tr.channel = s & 0x0F;
          }
        }
      }
      raw.push(tr);
      p = end;
    }
    tempos.sort((x, y) => x.tick - y.tick);
    // seconds of a tick through the tempo map
    const seg = [];
    let sec = 0;
    for (let i = 0; i < tempos.length; i++) {
      if (i > 0) sec += (tempos[i].tick - tempos[i - 1].tick) * tempos[i - 1].us / 1e6 / division;
      seg.push({ tick: tempos[i].tick, sec, us: tempos[i].us });
    }
    const at = (tick) => {
      let s = seg[0];
      for (const x of seg) { if (x.tick <= tick) s = x; else break; }
      return s.sec + (tick - s.tick) * s.us / 1e6 / division;
    };
    let duration = 0;
    const tracks = [];
    for (const tr of raw) {
      const open = new Map(), notes = [];
      for (const e of tr.events) {
        const k = e.channel * 128 + e.pitch;
        if (e.on) {
          if (!open.has(k)) open.set(k, []);
          open.get(k).push(e);
        } else if (open.has(k) && open.get(k).length) {
          const s = open.get(k).shift();
          notes.push({ pitch: e.pitch, start: at(s.tick), end: at(e.tick), velocity: s.velocity });
        }
      }
      for (const n of notes) duration = Math.max(duration, n.end);
      if (notes.length) tracks.push({ name: tr.name, channel: tr.channel, notes });
    }
    return { duration, tracks };
  }

  return { readZip, readWAV, readMIDI };
})();
