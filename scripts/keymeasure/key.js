// Reads mono 44.1 kHz float32 little-endian files named on the command line
// and prints, per file, Essentia's KeyExtractor key, scale and strength.
// Needs the npm package essentia.js (0.1.3) in NODE_PATH.
const fs = require('fs');
const { Essentia, EssentiaWASM } = require('essentia.js');
const essentia = new Essentia(EssentiaWASM);
for (const f of process.argv.slice(2)) {
  const b = fs.readFileSync(f);
  const x = new Float32Array(b.buffer, b.byteOffset, b.length / 4);
  const v = essentia.arrayToVector(x);
  const k = essentia.KeyExtractor(v);
  console.log(`${f}\t${k.key}\t${k.scale}\t${k.strength.toFixed(3)}`);
  v.delete();
}
