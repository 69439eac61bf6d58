// cpuref.c: the host CPU's own memcpy bandwidth and AVX2 FMA peak, printed
// next to radvbench's lavapipe figures (memory/copy, peak/fp32) so a reader
// sees how far lavapipe sits from the CPU it runs on. Build: see run.sh.
#include <immintrin.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec * 1e-9;
}

enum { COPY_BYTES = 256 << 20, FMA_STEPS = 20000000, CHAINS = 12 };
static char *src, *dst;
static int nthreads;
static volatile float one = 1.0f, tiny = 1e-7f; // not constants: no folding

static void *copy_part(void *arg) {
	long i = (long)arg;
	size_t part = COPY_BYTES / nthreads;
	memcpy(dst + i * part, src + i * part, part);
	return NULL;
}

static void *fma_chains(void *out) {
	__m256 m = _mm256_set1_ps(one), b = _mm256_set1_ps(tiny), acc[CHAINS];
	for (int j = 0; j < CHAINS; j++) acc[j] = _mm256_set1_ps((float)j);
	for (long i = 0; i < FMA_STEPS; i++)
		for (int j = 0; j < CHAINS; j++) acc[j] = _mm256_fmadd_ps(acc[j], m, b);
	__m256 s = acc[0];
	for (int j = 1; j < CHAINS; j++) s = _mm256_add_ps(s, acc[j]);
	_mm256_storeu_ps((float *)out, s);
	return NULL;
}

// best of reps runs of fn on t threads; returns the best time.
static double best_time(int t, void *(*fn)(void *), int reps) {
	double best = 1e30;
	static float out[8][8];
	for (int r = 0; r < reps; r++) {
		pthread_t th[8];
		double t0 = now();
		for (long i = 0; i < t; i++) pthread_create(&th[i], NULL, fn, fn == copy_part ? (void *)i : (void *)out[i]);
		for (int i = 0; i < t; i++) pthread_join(th[i], NULL);
		double dt = now() - t0;
		if (dt < best) best = dt;
	}
	return best;
}

int main(void) {
	src = malloc(COPY_BYTES);
	dst = malloc(COPY_BYTES);
	memset(src, 1, COPY_BYTES);
	memset(dst, 2, COPY_BYTES);
	for (int t = 1; t <= 2; t++) {
		nthreads = t;
		printf("memcpy 256 MiB, %d thread(s): %.1f GB/s (bytes read + written, best of 8)\n", t, 2.0 * COPY_BYTES / best_time(t, copy_part, 8) / 1e9);
	}
	for (int t = 1; t <= 2; t++)
		printf("fp32 AVX2 FMA, %d thread(s), %d chains: %.1f GFLOP/s (best of 5)\n", t, CHAINS,
			t * (double)FMA_STEPS * CHAINS * 8 * 2 / best_time(t, fma_chains, 5) / 1e9);
	return 0;
}
