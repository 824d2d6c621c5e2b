// How int8 rows could keep float32's top 5, compared in plain JS on the local model's real vectors (paraphrase set:
// 50 tools, 106 queries; BFCL: 589 tools, 600 queries): the shipped per-row int8 ("plain"), the catalog mean
// subtracted first ("center"), each dimension scaled by its catalog spread ("scale"), both ("centerScale"), and
// rescoring the int8 top 20 with a 2-bit or 4-bit residual per value ("res2", "res4"). "given": the vectors as the
// model gives them; "jitter mean": the mean over 10 copies with small Gaussian noise added to every tool vector
// (seeds 2-11), so one lucky or unlucky near tie does not decide. "same" is the share of queries whose top-5 set
// is float32's; "rms" the score error (meaningless for res2/res4, whose rescored rows are offset to sort first).
//
//   npm run build && npx node bench/experiments/kernels/residual-bits.mjs      (about a minute)
import { createToolIndex } from "../../../dist/index.js";
import { localEmbeddingModel } from "../../../dist/local/index.js";
import { loadBfcl, loadParaphraseSet } from "../../lib/data.mjs";

const model = localEmbeddingModel();
await model.load();
async function vectorsOf(catalog, queries) {
  const rows = new Map();
  const rec = {
    ...model,
    provider: model.provider,
    modelId: model.modelId,
    specificationVersion: model.specificationVersion,
    maxEmbeddingsPerCall: model.maxEmbeddingsPerCall,
    supportsParallelCalls: model.supportsParallelCalls,
    async doEmbed(o) {
      const r = await model.doEmbed(o);
      o.values.forEach((v, i) => rows.set(v, r.embeddings[i]));
      return r;
    },
  };
  const index = createToolIndex(catalog, { embeddingModel: rec, strategy: "semantic" });
  await index.warmUp();
  const tools = [...rows.values()].map((v) => Float32Array.from(v));
  const q = (await model.doEmbed({ values: queries.map((x) => x.query) })).embeddings.map((v) => Float32Array.from(v));
  return { tools, q };
}
const unit = (v) => {
  let s = 0;
  for (const x of v) s += x * x;
  s = Math.sqrt(s);
  return v.map((x) => x / s);
};
function top5(scores) {
  return [...scores.keys()].sort((a, b) => scores[b] - scores[a] || a - b).slice(0, 5);
}
function scoresF32(T, q) {
  return T.map((t) => t.reduce((s, x, d) => s + x * q[d], 0));
}

// Quantizers: return a function(q) -> approx scores for all rows.
function plain(T) {
  const R = T.map((t) => {
    const m = Math.max(...t.map(Math.abs));
    const st = m / 127;
    return { c: t.map((x) => Math.round(x / st)), st };
  });
  return (q) => R.map(({ c, st }) => c.reduce((s, x, d) => s + x * q[d], 0) * st);
}
function scaled(T, center) {
  const D = T[0].length,
    n = T.length;
  const mu = new Float32Array(D);
  if (center) for (const t of T) for (let d = 0; d < D; d++) mu[d] += t[d] / n;
  const sd = new Float32Array(D);
  for (const t of T) for (let d = 0; d < D; d++) sd[d] += (t[d] - mu[d]) ** 2 / n;
  for (let d = 0; d < D; d++) sd[d] = Math.sqrt(sd[d]) || 1;
  const R = T.map((t) => {
    const y = t.map((x, d) => (x - mu[d]) / sd[d]);
    const m = Math.max(...y.map(Math.abs));
    const st = m / 127;
    return { c: y.map((x) => Math.round(x / st)), st };
  });
  return (q) => {
    const qs = q.map((x, d) => x * sd[d]);
    const base = q.reduce((s, x, d) => s + x * mu[d], 0);
    return R.map(({ c, st }) => base + c.reduce((s, x, d) => s + x * qs[d], 0) * st);
  };
}
function centerOnly(T) {
  const D = T[0].length,
    n = T.length;
  const mu = new Float32Array(D);
  for (const t of T) for (let d = 0; d < D; d++) mu[d] += t[d] / n;
  const R = T.map((t) => {
    const y = t.map((x, d) => x - mu[d]);
    const m = Math.max(...y.map(Math.abs));
    const st = m / 127;
    return { c: y.map((x) => Math.round(x / st)), st };
  });
  return (q) => {
    const base = q.reduce((s, x, d) => s + x * mu[d], 0);
    return R.map(({ c, st }) => base + c.reduce((s, x, d) => s + x * q[d], 0) * st);
  };
}
function residual(T, bits, depth) {
  const L = (1 << (bits - 1)) - 0.5; // levels each side, mid-rise
  const R = T.map((t) => {
    const m = Math.max(...t.map(Math.abs));
    const st = m / 127;
    const c = t.map((x) => Math.round(x / st));
    const rs = st / 2 / L;
    const r = t.map((x, d) => Math.max(-L, Math.min(L, Math.round((x - c[d] * st) / rs - 0.5) + 0.5)));
    return { c, st, r, rs };
  });
  return (q) => {
    const a = R.map(({ c, st }) => c.reduce((s, x, d) => s + x * q[d], 0) * st);
    const order = [...a.keys()].sort((i, j) => a[j] - a[i]).slice(0, depth);
    for (const i of order) {
      const { c, st, r, rs } = R[i];
      a[i] = c.reduce((s, x, d) => s + (x * st + r[d] * rs) * q[d], 0) + 10;
    }
    return a;
  };
}
function seeded(seed) {
  return () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
}
function gauss(r) {
  return Math.sqrt(-2 * Math.log(r() + 1e-12)) * Math.cos(2 * Math.PI * r());
}

for (const [label, cat, qs] of [
  ["paraphrase", loadParaphraseSet().catalog, loadParaphraseSet().queries],
  ["bfcl", loadBfcl().tools, loadBfcl().queries],
]) {
  const { tools, q } = await vectorsOf(cat, qs);
  const out = {};
  for (let trial = 0; trial < 11; trial++) {
    const r = seeded(trial + 1);
    const jit = trial === 0 ? 0 : 0.02;
    const T = tools.map((t) => unit(Float32Array.from(t, (x) => x + (jit * gauss(r)) / Math.sqrt(t.length))));
    const Q = q.map(unit);
    const variants = {
      plain: plain(T),
      center: centerOnly(T),
      scale: scaled(T, false),
      centerScale: scaled(T, true),
      res2: residual(T, 2, 20),
      res4: residual(T, 4, 20),
    };
    for (const [name, f] of Object.entries(variants)) {
      let same = 0,
        err = 0,
        cnt = 0;
      for (const qq of Q) {
        const e = scoresF32(T, qq),
          a = f(qq);
        const te = top5(e),
          ta = top5(a);
        if (te.join() === [...ta].join() || new Set([...te, ...ta]).size === 5) same++;
        e.forEach((x, i) => {
          err += (x - a[i]) ** 2;
          cnt++;
        });
      }
      (out[name] ??= []).push({ same: same / Q.length, rms: Math.sqrt(err / cnt), given: trial === 0 });
    }
  }
  for (const [name, list] of Object.entries(out)) {
    const g = list[0],
      j = list.slice(1);
    const mean = (k) => j.reduce((s, x) => s + x[k], 0) / j.length;
    console.log(
      label,
      tools.length,
      name,
      "given same",
      (g.same * 100).toFixed(1),
      "rms",
      g.rms.toExponential(2),
      "| jitter mean same",
      (mean("same") * 100).toFixed(2),
      "rms",
      mean("rms").toExponential(2),
    );
  }
}
