// The key Essentia (essentia.js, AGPL-3.0, used as an outside tool only)
// estimates for each 16-bit PCM WAV named on the command line: one line
// "file<TAB>key scale<TAB>strength" per file (KeyExtractor, bgate profile).
// essentia.js must be installed where node finds it:
//   npm install --prefix /tmp/essentia essentia.js@0.1.3
//   NODE_PATH=/tmp/essentia/node_modules node scripts/essentia-key.js song.wav
const fs = require('fs');
const { Essentia, EssentiaWASM } = require('essentia.js');
const essentia = new Essentia(EssentiaWASM);
function readWav(p) {
  const b = fs.readFileSync(p);
  let off = 12, fmt = null, data = null;
  while (off + 8 <= b.length) {
    const id = b.toString('ascii', off, off + 4), size = b.readUInt32LE(off + 4);
    if (id === 'fmt ') fmt = { ch: b.readUInt16LE(off + 10), rate: b.readUInt32LE(off + 12), bits: b.readUInt16LE(off + 22) };
    if (id === 'data') data = b.subarray(off + 8, off + 8 + size);
    off += 8 + size + (size & 1);
  }
  const n = data.length / 2 / fmt.ch, mono = new Float32Array(n);
  for (let i = 0; i < n; i++) { let s = 0; for (let c = 0; c < fmt.ch; c++) s += data.readInt16LE((i * fmt.ch + c) * 2); mono[i] = s / fmt.ch / 32768; }
  return { mono, rate: fmt.rate };
}
for (const p of process.argv.slice(2)) {
  const { mono, rate } = readWav(p);
  const v = essentia.arrayToVector(mono);
  const k = essentia.KeyExtractor(v, true, 4096, 4096, 12, 3500, 60, 25, 0.2, 'bgate', rate);
  console.log(p + '\t' + k.key + ' ' + k.scale + '\t' + k.strength.toFixed(3));
  v.delete();
}
