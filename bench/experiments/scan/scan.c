// The C reference for the raw scan benchmark: N dot products over a row-major float32 slab,
// then the top 5 by a simple insertion loop. bench/experiments/scan/scan.mjs compiles it with
//   gcc -O3 -march=native -o <tmp> bench/experiments/scan/scan.c
// and runs `<tmp> N D [RUNS]`; it prints { "n", "d", "runs", "medianMs", "naiveMs", "top" } as JSON,
// `top` being the ids of the best five rows (scan.mjs checks the wasm scan finds the same ones).
//
// The dot product keeps 32 partial sums. Without -ffast-math, gcc may not reorder a single
// running sum, so `sum += a[i] * b[i]` compiles to a scalar chain bound by the adder's latency
// (timed too, as `naiveMs`); independent sums are the plain-C way to let it use SIMD lanes.
// 32 was the fastest count on the bench machine (Zen 5 VM with AVX-512, 10,000 x 1,536:
// 8 sums 3.0 ms, one 256-bit FMA chain; 16 sums 1.45 ms; 32 sums 1.24 ms; 64 sums 1.27 ms),
// so the C row is the best plain C found, not a straw man.
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define TOP 5
#define LANES 32

// Seed shared with scan.mjs (C_SEED there).
static uint32_t prng_state = 0x9e3779b9u;

// mulberry32 (scripts/seeded-random.mjs) mapped to [-1, 1) in float arithmetic, so scan.mjs can rebuild
// the same slab: Math.fround(Math.fround(next()) * 2 - 1).
static float next_uniform(void) {
  uint32_t t = (prng_state += 0x6d2b79f5u);
  t = (t ^ (t >> 15)) * (t | 1u);
  t ^= t + ((t ^ (t >> 7)) * (t | 61u));
  t ^= t >> 14;
  return (float)t / 4294967296.0f * 2.0f - 1.0f;
}

// Each run's best score is stored here, so the compiler cannot drop a repetition.
static volatile float sink;

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static float dot_lanes(const float *restrict row, const float *restrict query, size_t d) {
  float acc[LANES] = {0};
  size_t i = 0;
  for (; i + LANES <= d; i += LANES) {
    for (size_t j = 0; j < LANES; j++) acc[j] += row[i + j] * query[i + j];
  }
  float sum = 0;
  for (size_t j = 0; j < LANES; j++) sum += acc[j];
  for (; i < d; i++) sum += row[i] * query[i];
  return sum;
}

static float dot_naive(const float *restrict row, const float *restrict query, size_t d) {
  float sum = 0;
  for (size_t i = 0; i < d; i++) sum += row[i] * query[i];
  return sum;
}

// Keeps the best TOP scores, best first, ties by lower index (the order toolsift's topK uses).
static void top5(const float *scores, size_t n, uint32_t *ids, float *best) {
  size_t size = 0;
  for (size_t i = 0; i < n; i++) {
    float s = scores[i];
    if (size == TOP && !(s > best[TOP - 1])) continue;
    size_t at = size < TOP ? size++ : TOP - 1;
    while (at > 0 && s > best[at - 1]) {
      best[at] = best[at - 1];
      ids[at] = ids[at - 1];
      at--;
    }
    best[at] = s;
    ids[at] = (uint32_t)i;
  }
}

static int compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double median_ms(float (*dot)(const float *restrict, const float *restrict, size_t), const float *slab,
                        const float *query, float *scores, size_t n, size_t d, int runs, uint32_t *ids) {
  double *times = malloc(sizeof(double) * (size_t)runs);
  float best[TOP];
  for (int run = -5; run < runs; run++) {  // five untimed warm-up runs
    double start = now_ms();
    for (size_t r = 0; r < n; r++) scores[r] = dot(slab + r * d, query, d);
    top5(scores, n, ids, best);
    double elapsed = now_ms() - start;
    if (run >= 0) times[run] = elapsed;
    sink = best[0];
  }
  qsort(times, (size_t)runs, sizeof(double), compare_doubles);
  double median = runs % 2 ? times[runs / 2] : (times[runs / 2 - 1] + times[runs / 2]) / 2;
  free(times);
  return median;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s N D [RUNS]\n", argv[0]);
    return 2;
  }
  size_t n = strtoul(argv[1], NULL, 10), d = strtoul(argv[2], NULL, 10);
  int runs = argc > 3 ? atoi(argv[3]) : 50;
  if (n == 0 || d == 0 || runs <= 0) {
    fprintf(stderr, "N, D and RUNS must be positive\n");
    return 2;
  }
  size_t slab_bytes = (n * d * sizeof(float) + 63) & ~(size_t)63;
  float *slab = aligned_alloc(64, slab_bytes);
  float *query = aligned_alloc(64, (d * sizeof(float) + 63) & ~(size_t)63);
  float *scores = aligned_alloc(64, (n * sizeof(float) + 63) & ~(size_t)63);
  if (!slab || !query || !scores) {
    fprintf(stderr, "out of memory\n");
    return 1;
  }
  for (size_t i = 0; i < n * d; i++) slab[i] = next_uniform();
  for (size_t i = 0; i < d; i++) query[i] = next_uniform();
  uint32_t ids[TOP] = {0}, naive_ids[TOP] = {0};
  double lanes = median_ms(dot_lanes, slab, query, scores, n, d, runs, ids);
  double naive = median_ms(dot_naive, slab, query, scores, n, d, runs, naive_ids);
  printf("{ \"n\": %zu, \"d\": %zu, \"runs\": %d, \"medianMs\": %.4f, \"naiveMs\": %.4f, \"top\": [", n, d, runs, lanes,
         naive);
  size_t found = n < TOP ? n : TOP;
  for (size_t i = 0; i < found; i++) printf("%s%u", i ? ", " : "", ids[i]);
  printf("] }\n");
  free(slab);
  free(query);
  free(scores);
  return 0;
}
