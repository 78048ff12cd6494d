// MLX-LM (mlx_lm.generate, mlx_lm.server): the model it was given on the command
// line and the "Peak memory: X GB" line, which mlx_lm/generate.py prints as
// mx.get_peak_memory() / 1e9, i.e. decimal GB of everything MLX held at once
// (weights, KV cache and transient arrays together, so no single guest).
#include "runtimes/mlx/mlxlog.h"
#include "logs/logparser.h"
#include "logs/logtext.h"

namespace memplan {

namespace {

using namespace logtext;

class MlxParser final : public RuntimeLogParser {
public:
    std::string_view runtime() const override { return "mlx-lm"; }
    bool parseLine(std::string_view line, std::size_t lineNo, MeasuredRun &run) override
    {
        // "Peak memory: X GB", alone or after batch_generate's "[batch_generate] " tag.
        if (const auto v = after(line.substr(0, 40), "Peak memory: ")) {
            const auto s = leadingSize(line.substr(line.find("Peak memory: ") + 13), false);
            if (!s)
                return false;
            MeasuredFigure f;
            f.kind = "peak_memory";
            f.device = "gpu";
            f.gpu = 0;
            f.bytes = s->bytes;
            f.precision = s->precision;
            f.line = lineNo;
            run.figures.push_back(std::move(f));
            return true;
        }
        if (logtext::containsBy(line, "mlx_lm", 2)) {
            if (const auto m = after(line, "--model ")) {
                std::string_view p = trim(*m);
                if (run.model.name.empty())
                    run.model.name = std::string(p.substr(0, std::min<std::size_t>(p.find(' '), 200)));
            }
            return true;
        }
        if ((startsWith(line, "Prompt: ") || startsWith(line, "Generation: ")) && contains(line, "tokens-per-sec"))
            return true;
        return false;
    }
};

} // namespace

std::unique_ptr<RuntimeLogParser> makeMlxLogParser()
{
    return std::make_unique<MlxParser>();
}

} // namespace memplan
