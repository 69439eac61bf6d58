// sgemm.c: OpenBLAS SGEMM throughput on the host CPU, the reference the
// matmul figures on lavapipe are compared with (see run.sh). Prints the
// median GFLOP/s of REPS calls for each square size given.
#include <cblas.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cmp(const void *a, const void *b) {
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
	enum { REPS = 15 };
	for (int i = 1; i < argc; i++) {
		int n = atoi(argv[i]);
		float *a = malloc(sizeof(float) * n * n), *b = malloc(sizeof(float) * n * n), *c = malloc(sizeof(float) * n * n);
		for (long j = 0; j < (long)n * n; j++) {
			a[j] = (float)rand() / RAND_MAX * 2 - 1;
			b[j] = (float)rand() / RAND_MAX * 2 - 1;
		}
		double g[REPS];
		cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1, a, n, b, n, 0, c, n); // warm-up
		for (int r = 0; r < REPS; r++) {
			double t = now();
			cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1, a, n, b, n, 0, c, n);
			g[r] = 2.0 * n * n * n / (now() - t) / 1e9;
		}
		qsort(g, REPS, sizeof g[0], cmp);
		printf("openblas sgemm %dx%dx%d: median %.1f GFLOP/s (min %.1f, max %.1f, %d reps)\n", n, n, n, g[REPS / 2], g[0], g[REPS - 1], REPS);
		free(a);
		free(b);
		free(c);
	}
	return 0;
}
