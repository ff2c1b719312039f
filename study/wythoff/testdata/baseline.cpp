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
//   baseline arithmetic A N store     Code 3 as written: the continued
//                                     fraction, the weights p and q, and the
//                                     p- and q-system representations of
//                                     1..N in two std::maps (the class's
//                                     members, not printed, declared as the
//                                     listing uses them). Code 3 stops at
//                                     the representations; after the clock
//                                     stops, A_n is read off them by the
//                                     thesis' Property 3 (A_n = I_p(R_q(n)),
//                                     less 1 when R_q(n) ends in an odd
//                                     number of zeros) for the checksum
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
#include <iterator>
#include <map>
#include <vector>

static const uint64_t K = 1000003;

static int usage() {
    std::fprintf(stderr, "usage: baseline algebraic|recursive|arithmetic A N checksum|store\n");
    return 2;
}

// Code 3 (section 4.3), line by line; the members are those the listing
// uses, with the types its calls need.
class Arithmetic {
  public:
    Arithmetic(int n, int a) : _n(n), _a(a) {}
    void arithmetic_characterization_of_P_Position() {
        alpha_continued_fractions();
        p_q_numerations();
        p_system_calculation();
        q_system_calculation();
    }
    // A returns A_i read off the representations (Property 3): not Code 3,
    // the check of what it computed.
    uint64_t A(int i) const {
        if (i == 0) return 0;
        const std::vector<int> &r = _q_system.at(i);
        uint64_t v = 0;
        for (std::vector<int>::size_type j = 0; j < r.size(); j++) v += (uint64_t)r[j] * (uint64_t)_p.at(r.size() - 1 - j);
        std::vector<int>::size_type zeros = 0;
        while (zeros < r.size() && r[r.size() - 1 - zeros] == 0) zeros++;
        return zeros % 2 ? v - 1 : v;
    }

  private:
    int _n, _a;
    std::vector<int> _alpha, _p, _q;
    std::map<int, std::vector<int>> _p_system, _q_system;

    void alpha_continued_fractions() {
        _alpha.push_back(1);
        std::fill_n(std::back_inserter(_alpha), _n, _a);
    }
    void p_q_numerations() {
        int p = 1;
        int q = 0;
        _p.push_back(1);
        _p.push_back(_alpha.at(1) * _p.at(0) + p);
        _q.push_back(1);
        _q.push_back(_alpha.at(1) * _q.at(0) + q);
        std::vector<int>::size_type index = 2;
        int memoize = _alpha.at(2) * _p.at(1) + _p.at(0);
        while (memoize <= _n) {
            memoize = _alpha.at(index) * _p.at(index - 1) + _p.at(index - 2);
            _p.push_back(memoize);
            _q.push_back(_alpha.at(index) * _q.at(index - 1) + _q.at(index - 2));
            index++;
        }
    }
    void p_system_calculation() {
        std::vector<int>::size_type size = 0;
        int index;
        for (int i = 1; i <= _n; i++) {
            int quotient = 0;
            int remainder = 0;
            // if the i is in the p, then initialize the vecor r with size zeors
            // example: i = 1, 1 is in p[0], r = {0}
            //          i = 3, 3 is in p[1], r = {0, 0}
            if (std::binary_search(_p.begin(), _p.end(), i)) {
                size++;
                index = i;
            }
            std::vector<int> r(size, 0);
            quotient = i / index;
            remainder = i % index;
            r.at(0) = quotient;
            if (remainder != 0)
                std::copy_backward(_p_system[remainder].begin(), _p_system[remainder].end(), r.end());
            _p_system.insert(std::pair<int, std::vector<int>>(i, r));
        }
    }
    void q_system_calculation() {
        std::vector<int>::size_type size = 0;
        int index;
        for (int i = 1; i <= _n; i++) {
            int quotient = 0;
            int remainder = 0;
            if (std::binary_search(_q.begin(), _q.end(), i)) {
                size++;
                index = i;
            }
            std::vector<int> r(size, 0);
            quotient = i / index;
            remainder = i % index;
            r.at(0) = quotient;
            if (remainder != 0) {
                std::copy_backward(_q_system[remainder].begin(), _q_system[remainder].end(), r.end());
            }
            _q_system.insert(std::pair<int, std::vector<int>>(i, r));
        }
    }
};

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
    } else if (std::strcmp(method, "arithmetic") == 0 && store && n >= 2 && n <= 1000000000) {
        // Code 3.
        Arithmetic code3((int)n, (int)a);
        code3.arithmetic_characterization_of_P_Position();
        auto stop = std::chrono::steady_clock::now();
        for (long long i = 0; i <= n; i++) c = c * K + code3.A((int)i);
        lastA = code3.A((int)n);
        double ms = std::chrono::duration<double, std::milli>(stop - start).count();
        std::printf("ms=%.6f checksum=%llu last=%llu,0\n", ms, (unsigned long long)c, (unsigned long long)lastA);
        return 0;
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
