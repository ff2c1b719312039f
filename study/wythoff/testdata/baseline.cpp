// Baseline for `kombi bench wythoff`: the thesis' own P-table methods in C++
// (Mijailović 2020, section 4), compiled with g++ -O2 and timed with
// std::chrono as the thesis did.
//
//   baseline algebraic A N checksum   Code 2 (double precision) for n = 0..N,
//                                     folding A_n into a checksum instead of
//                                     storing it: the fastest form of Code 2
//   baseline algebraic A N store      Code 2 as written: push_back into two
//                                     vectors (4 bytes per value, as the
//                                     thesis' int; unsigned here so that B_n
//                                     up to 4.29e9 still fits)
//   baseline recursive A N store      Code 1 as written: mex by scanning an
//                                     array of 2N+1 flags from the start
//                                     (quadratic)
//
// Output, one line: ms=<build time> checksum=<c> last=<A_N>,<B_N>, where c
// folds c = c*1000003 + A_n (mod 2^64) over n = 0..N, the same checksum as
// `kombi table wythoff --checksum` so the exactness of the result can be
// compared. The checksum of the stored tables is computed after the clock
// stops.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

static const uint64_t K = 1000003;

static int usage() {
    std::fprintf(stderr, "usage: baseline algebraic|recursive A N checksum|store\n");
    return 2;
}

int main(int argc, char **argv) {
    if (argc != 5) return usage();
    const char *method = argv[1];
    long long a = std::atoll(argv[2]);
    long long n = std::atoll(argv[3]);
    bool store = std::strcmp(argv[4], "store") == 0;
    if (a < 1 || n < 0 || (!store && std::strcmp(argv[4], "checksum") != 0)) return usage();

    uint64_t c = 0;
    uint64_t lastA = 0, lastB = 0;
    auto start = std::chrono::steady_clock::now();
    std::vector<unsigned> A, B;
    if (std::strcmp(method, "algebraic") == 0) {
        // Code 2.
        double alpha = (2 - a + std::sqrt((double)(a * a + 4))) / 2;
        double beta = alpha + a;
        if (store) {
            A.push_back(0);
            B.push_back(0);
            for (long long i = 1; i <= n; i++) {
                A.push_back(static_cast<unsigned>(std::floor(alpha * i)));
                B.push_back(static_cast<unsigned>(std::floor(beta * i)));
            }
        } else {
            for (long long i = 1; i <= n; i++) {
                uint64_t x = static_cast<uint64_t>(std::floor(alpha * i));
                c = c * K + x;
                lastA = x;
            }
            lastB = static_cast<uint64_t>(std::floor(beta * n));
        }
    } else if (std::strcmp(method, "recursive") == 0 && store) {
        // Code 1.
        std::vector<int> C(2 * n + 1, 0);
        A.push_back(0);
        B.push_back(0);
        for (long long i = 1; i <= n; i++) {
            auto it = std::find(C.begin() + 1, C.end(), 0);
            long long mex = it - C.begin();
            A.push_back(static_cast<unsigned>(mex));
            long long b = mex + a * i;
            B.push_back(static_cast<unsigned>(b));
            C[mex] = 1;
            if (b <= 2 * n) C[b] = 1;
        }
    } else {
        return usage();
    }
    auto stop = std::chrono::steady_clock::now();
    if (store) {
        for (size_t i = 0; i < A.size(); i++) c = c * K + A[i];
        lastA = A.back();
        lastB = B.back();
    }
    double ms = std::chrono::duration<double, std::milli>(stop - start).count();
    std::printf("ms=%.6f checksum=%llu last=%llu,%llu\n", ms, (unsigned long long)c,
                (unsigned long long)lastA, (unsigned long long)lastB);
    return 0;
}
