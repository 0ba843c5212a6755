/**
 * The passes of `citations.ts --dense`: CPU time of each of 11 passes of `find` over `text`,
 * best and median of the last eight (the first three warm up), printed as one JSON line.
 * Plain CommonJS so that it also runs alone, in a `node` process holding nothing but the
 * engine's bundle (as the extraction service's citation thread holds it):
 *
 *   node scripts/bench/dense-passes.cjs <bundle.cjs> <text file> <name>
 */
const { readFileSync } = require('node:fs');

function densePasses(name, text, find) {
  const cpu = [];
  let count = 0;
  for (let k = 0; k < 11; k++) {
    const t0 = process.cpuUsage();
    count = find(text).length;
    const used = process.cpuUsage(t0);
    if (k >= 3) cpu.push((used.user + used.system) / 1000);
  }
  cpu.sort((a, b) => a - b);
  const mb = text.length / 1e6;
  const at = (ms) => ({ ms: Math.round(ms), mbPerSec: +(mb / (ms / 1000)).toFixed(1), usPerCitation: +((ms * 1000) / count).toFixed(2) });
  console.log(JSON.stringify({ name, inputMB: +mb.toFixed(2), citations: count, charactersPerCitation: Math.round(text.length / count), best: at(cpu[0]), median: at(cpu[cpu.length >> 1]) }));
}

module.exports = { densePasses };

if (require.main === module) {
  const [bundle, textFile, name] = process.argv.slice(2);
  densePasses(name, readFileSync(textFile, 'utf8'), require(bundle).findCitations);
}
