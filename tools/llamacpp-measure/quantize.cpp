// Quantizes a GGUF with llama.cpp's own quantizer (llama_model_quantize in the
// libllama that node-llama-cpp ships), so a mixed file (Q4_K_M, Q5_K_M, ...) gets
// exactly the per-tensor types llama-quantize would give it. Used on the weight-less
// F16 files of make_gguf.py: the zeros quantize quickly and the result is a real
// mixed file whose buffers measure.cpp then reads. Build: README.md in this folder.
//
//   quantize IN.gguf OUT.gguf FTYPE   (FTYPE: llama_ftype number, 15 = Q4_K_M)
#include "llama.h"

#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv)
{
    if (argc != 4) {
        std::fprintf(stderr, "usage: quantize IN.gguf OUT.gguf FTYPE\n");
        return 2;
    }
    llama_backend_init();
    llama_model_quantize_params p = llama_model_quantize_default_params();
    p.ftype = static_cast<llama_ftype>(std::atoi(argv[3]));
    p.nthread = 2;
    const unsigned rc = llama_model_quantize(argv[1], argv[2], &p);
    llama_backend_free();
    return rc == 0 ? 0 : 1;
}
