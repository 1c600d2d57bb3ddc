// assimp-retro benchmarks: timing in thread CPU time, best of rounds.
#pragma once

#include <algorithm>
#include <ctime>

namespace bench_timing {

// CPU seconds of this thread: unlike wall time it does not count the time
// the thread waits while other processes run (the machine may be shared).
inline double ThreadSeconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

// Updates `best` (seconds per call of `action`) with one more round of calls
// lasting at least `seconds` of CPU time.
template <typename Action>
void TimeRound(Action action, double seconds, double &best) {
    unsigned calls = 0;
    const double start = ThreadSeconds();
    double elapsed = 0;
    do {
        action();
        ++calls;
        elapsed = ThreadSeconds() - start;
    } while (elapsed < seconds);
    best = std::min(best, elapsed / calls);
}

} // namespace bench_timing
