// How much the one postings reader (`FoodPin.postings` in core.js) costs against the loop written
// in place, at a million postings decoded into a hits table: the reader calling a target's method
// (as shipped) and calling a callback (as first written). Alternated, median of 9 rounds.
//
//     node bench/postings-decode.js
//
// The reader is copied here as core.js writes it (core.js needs a browser's window to load).
"use strict";
function postings(deltas, target) { for (let i = 0, value = 0; i < deltas.length; i++) { value += deltas[i]; target.add(value >> 3, value & 7); } }
function postingsCallback(deltas, visit) { for (let i = 0, value = 0; i < deltas.length; i++) { value += deltas[i]; visit(value >> 3, value & 7); } }

const n = 1000000, deltas = Array.from({ length: n }, (_, i) => (i === 0 ? 5 : i % 3 === 0 ? 16 : 8));
const best = new Uint8Array(2 * n + 16);
const hits = { count: 0, add(position, field) { if (best[position] === 0) this.count++; best[position] = field + 1; } };
const variants = {
  "in place": () => { for (let i = 0, value = 0; i < deltas.length; i++) { value += deltas[i]; hits.add(value >> 3, value & 7); } },
  "reader, a target's method": () => postings(deltas, hits),
  "reader, a callback": () => postingsCallback(deltas, (position, field) => hits.add(position, field)),
};
const times = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
for (let round = 0; round < 9; round++) {
  for (const [name, run] of Object.entries(variants)) {
    best.fill(0);
    hits.count = 0;
    const start = process.hrtime.bigint();
    run();
    times[name].push(Number(process.hrtime.bigint() - start) / 1e6);
  }
}
for (const [name, list] of Object.entries(times)) {
  list.sort((a, b) => a - b);
  console.log(`${name}: median ${list[4].toFixed(2)} ms (${list[0].toFixed(2)}–${list[8].toFixed(2)})`);
}
