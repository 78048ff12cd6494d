#include "runtimes/ggml/ggmlrepackrate.h"

namespace memplan::runtimes {

Efficiency ggmlArmRepackPrefillRate()
{
    // Repack on ÷ off, pp256/pp512, from each pull request's own table (ggml-org/llama.cpp):
    // #17494 q4_K 8x4 (dot product), Apple M4 Max: 1.94 and 1.88; #18888 q6_K 8x8 (i8mm), M4:
    // 2.09-2.21 on Q6_K files; #19360 q6_K 8x4 (dot product), M4 Max 3.10 and 3.15, Raspberry
    // Pi 5 2.60 and 2.65; #18096 q8_0 (i8mm), M4 Max: 3.50-3.72. The middle is their median, the
    // range their spread.
    return {1.9, 2.6, 3.7};
}

} // namespace memplan::runtimes
