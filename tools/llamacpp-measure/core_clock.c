/* Measures the clock a core actually runs at (a virtual machine does not show it):
 * a chain of dependent 64-bit adds retires one add per cycle on every x86-64 core
 * since the Pentium 4's successors, so adds per second is cycles per second. It runs
 * on `threads` cores at once, since an all-core clock is lower than a one-core one.
 *
 *   cc -O2 -pthread core_clock.c -o core_clock && ./core_clock THREADS
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define ADDS 2000000000ULL

static void *chain(void *out)
{
    struct timespec a, b;
    uint64_t x = 0;
    clock_gettime(CLOCK_MONOTONIC, &a);
    for (uint64_t i = 0; i < ADDS / 8; ++i) /* eight dependent adds per iteration */
        __asm__ volatile("add $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\t"
                         "add $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\tadd $1, %0"
                         : "+r"(x));
    clock_gettime(CLOCK_MONOTONIC, &b);
    *(double *)out = (double)ADDS / ((double)(b.tv_sec - a.tv_sec) + 1e-9 * (double)(b.tv_nsec - a.tv_nsec));
    return NULL;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1;
    pthread_t t[64];
    double hz[64];
    if (n < 1 || n > 64)
        return 2;
    for (int i = 0; i < n; ++i)
        pthread_create(&t[i], NULL, chain, &hz[i]);
    for (int i = 0; i < n; ++i) {
        pthread_join(t[i], NULL);
        printf("thread %d: %.3f GHz\n", i, hz[i] / 1e9);
    }
    return 0;
}
