// The beat Essentia (essentia.js 0.1.3, AGPL-3.0, run as an outside
// program only) hears in one audio file, as JSON on stdout: {bpm,
// confidence, ticks (beat times, s), seconds (the excerpt's length)}.
// RhythmExtractor2013 (multifeature, 40-208 bpm) on ffmpeg's mono 44.1 kHz
// decoding of 60 s from 15 s in, or from the start of a file shorter than
// 75 s. mixmeter.EssentiaRhythm runs it as `node essentia-rhythm.js FILE
// MODULES`, MODULES the node_modules folder holding essentia.js.
const { execFileSync } = require('child_process');
const { Essentia, EssentiaWASM } = require(require('path').join(process.argv[3], 'essentia.js'));
const essentia = new Essentia(EssentiaWASM);
const p = process.argv[2];
const dur = parseFloat(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', p]).toString());
const ss = dur >= 75 ? 15 : 0;
const raw = execFileSync('ffmpeg', ['-v', 'error', '-nostdin', '-ss', String(ss), '-t', '60', '-i', p, '-f', 'f32le', '-ac', '1', '-ar', '44100', '-'], { maxBuffer: 1 << 30 });
const x = new Float32Array(raw.buffer, raw.byteOffset, raw.length / 4);
const v = essentia.arrayToVector(x);
const r = essentia.RhythmExtractor2013(v, 208, 'multifeature', 40);
const ticks = Array.from(essentia.vectorToArray(r.ticks));
console.log(JSON.stringify({ bpm: r.bpm, confidence: r.confidence, ticks: ticks, seconds: x.length / 44100 }));
v.delete();
