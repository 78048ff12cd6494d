// Quantizes a GGUF with llama.cpp's own quantizer (llama_model_quantize in the
// libllama that node-llama-cpp ships), so a mixed file (Q4_K_M, Q5_K_M, ...) gets
// exactly the per-tensor types llama-quantize would give it. Used on the weight-less
// F16 files of make_gguf.py: the zeros quantize quickly and the result is a real
// mixed file whose buffers measure.cpp then reads. Build: README.md in this folder.
//
//   quantize IN.gguf OUT.gguf FTYPE [dry [imatrix]]   (FTYPE: llama_ftype number, 15 = Q4_K_M)
//
// "dry" is llama-quantize's --dry-run: every tensor's target type and size is printed and
// nothing is written, so the IQ mixes that need an importance matrix (IQ2_M, IQ3_XS,
// Q2_K_S) can be sized without one (recipe_sizes.py). "imatrix" passes an empty importance
// matrix: a dry run reads none of its data, but llama_tensor_get_type then takes the branches
// of a file made with one (IQ3_XXS, IQ4_XS, IQ4_NL and Q4_0 choose differently), as the IQ files
// people download are.
#include "llama.h"

#include <cstdio>
#include <cstdlib>
#include <string>

int main(int argc, char **argv)
{
    const bool dry = argc >= 5 && std::string(argv[4]) == "dry";
    const bool imatrix = argc == 6 && dry && std::string(argv[5]) == "imatrix";
    if (argc != 4 && !(argc == 5 && dry) && !(argc == 6 && imatrix)) {
        std::fprintf(stderr, "usage: quantize IN.gguf OUT.gguf FTYPE [dry [imatrix]]\n");
        return 2;
    }
    llama_backend_init();
    llama_model_quantize_params p = llama_model_quantize_default_params();
    p.ftype = static_cast<llama_ftype>(std::atoi(argv[3]));
    p.nthread = 2;
    p.dry_run = dry;
    static const llama_model_imatrix_data kNoEntries[] = {{nullptr, nullptr, 0}};
    if (imatrix)
        p.imatrix = kNoEntries;
    const unsigned rc = llama_model_quantize(argv[1], argv[2], &p);
    llama_backend_free();
    return rc == 0 ? 0 : 1;
}
