#include "errortext.h"
#include "koreanparticles.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <span>
#include <vector>

namespace memplan::ui {

namespace {

constexpr char kContext[] = "ErrorText";
const char *const kNamedBy = QT_TRANSLATE_NOOP("ErrorText", "(named by %1)");

struct ReasonText {
    const char *pattern; ///< anchored regular expression over core's English reason; (...) captures a value
    const char *text;    ///< the ErrorText source, %1.. for the captures
    bool list;           ///< the capture is an English "a, b or c" list: its "or" becomes a comma
};

// The reasons core raises (core/files/inputfile.cpp, jsonutil.cpp, scenariojson.cpp, resolve.cpp,
// catalog.cpp, the importers, the preset readers), most specific first. The English sources
// equal core's wording, so an untranslated run prints exactly what core wrote.
const ReasonText kReasons[] = {
    {R"(^does not exist$)", QT_TRANSLATE_NOOP("ErrorText", "does not exist"), false},
    {R"(^is a symbolic link to a file that does not exist$)",
     QT_TRANSLATE_NOOP("ErrorText", "is a symbolic link to a file that does not exist"), false},
    {R"(^is a folder, not a file$)", QT_TRANSLATE_NOOP("ErrorText", "is a folder, not a file"), false},
    {R"(^is not a regular file \(a FIFO, socket or device\); only regular files are read$)",
     QT_TRANSLATE_NOOP("ErrorText", "is not a regular file (a FIFO, socket or device); only regular files are read"),
     false},
    {R"(^no file name given$)", QT_TRANSLATE_NOOP("ErrorText", "no file name given"), false},
    {R"(^cannot be opened for reading$)", QT_TRANSLATE_NOOP("ErrorText", "cannot be opened for reading"), false},
    {R"(^cannot be opened for reading \((.*)\)$)", QT_TRANSLATE_NOOP("ErrorText", "cannot be opened for reading (%1)"),
     false},
    {R"(^cannot be read$)", QT_TRANSLATE_NOOP("ErrorText", "cannot be read"), false},
    {R"(^cannot be read \((.*)\)$)", QT_TRANSLATE_NOOP("ErrorText", "cannot be read (%1)"), false},
    {R"(^is not a readable file$)", QT_TRANSLATE_NOOP("ErrorText", "is not a readable file"), false},
    {R"(^could not be read whole$)", QT_TRANSLATE_NOOP("ErrorText", "could not be read whole"), false},
    {R"(^cannot be written$)", QT_TRANSLATE_NOOP("ErrorText", "cannot be written"), false},
    {R"(^cannot be replaced$)", QT_TRANSLATE_NOOP("ErrorText", "cannot be replaced"), false},
    {R"(^is larger than (.*)$)", QT_TRANSLATE_NOOP("ErrorText", "is larger than %1"), false},
    {R"(^is not valid JSON: (.*)$)", QT_TRANSLATE_NOOP("ErrorText", "is not valid JSON: %1"), false},
    {R"(^is not valid JSON \((.*)\)$)", QT_TRANSLATE_NOOP("ErrorText", "is not valid JSON (%1)"), false},
    {R"(^is not usable JSON \((.*)\)$)", QT_TRANSLATE_NOOP("ErrorText", "is not usable JSON (%1)"), false},
    {R"(^unexpected JSON content \((.*)\)$)", QT_TRANSLATE_NOOP("ErrorText", "unexpected JSON content (%1)"), false},
    {R"(^has a value of the wrong type \((.*)\)$)",
     QT_TRANSLATE_NOOP("ErrorText", "has a value of the wrong type (%1)"), false},
    {R"(^is nested deeper than (\d+) levels$)", QT_TRANSLATE_NOOP("ErrorText", "is nested deeper than %1 levels"),
     false},
    {R"(^JSON is nested more than (\d+) levels deep$)",
     QT_TRANSLATE_NOOP("ErrorText", "JSON is nested more than %1 levels deep"), false},
    {R"(^appears twice in the same object \(each key may be given once\)$)",
     QT_TRANSLATE_NOOP("ErrorText", "appears twice in the same object (each key may be given once)"), false},
    {R"(^is a number too large to represent$)", QT_TRANSLATE_NOOP("ErrorText", "is a number too large to represent"),
     false},
    {R"(^must be between (\S+) and (\S+)$)", QT_TRANSLATE_NOOP("ErrorText", "must be between %1 and %2"), false},
    {R"(^must be a whole number between (\S+) and (\S+)$)",
     QT_TRANSLATE_NOOP("ErrorText", "must be a whole number between %1 and %2"), false},
    {R"(^must be from (\S+) to (\S+)$)", QT_TRANSLATE_NOOP("ErrorText", "must be from %1 to %2"), false},
    {R"(^must be positive$)", QT_TRANSLATE_NOOP("ErrorText", "must be positive"), false},
    {R"(^must be a non-negative whole number$)", QT_TRANSLATE_NOOP("ErrorText", "must be a non-negative whole number"),
     false},
    {R"(^must be true or false$)", QT_TRANSLATE_NOOP("ErrorText", "must be true or false"), false},
    {R"(^must be a string$)", QT_TRANSLATE_NOOP("ErrorText", "must be a string"), false},
    {R"(^must be a list$)", QT_TRANSLATE_NOOP("ErrorText", "must be a list"), false},
    {R"(^must be a JSON object$)", QT_TRANSLATE_NOOP("ErrorText", "must be a JSON object"), false},
    {R"(^must be a number$)", QT_TRANSLATE_NOOP("ErrorText", "must be a number"), false},
    {R"(^must be a byte count$)", QT_TRANSLATE_NOOP("ErrorText", "must be a byte count"), false},
    {R"(^must be \[low, high\]$)", QT_TRANSLATE_NOOP("ErrorText", "must be [low, high]"), false},
    {R"(^must be \[low, middle, high\]$)", QT_TRANSLATE_NOOP("ErrorText", "must be [low, middle, high]"), false},
    {R"(^must be 1 to 64 characters$)", QT_TRANSLATE_NOOP("ErrorText", "must be 1 to 64 characters"), false},
    {R"(^must be a layer count, auto \(-1\) or all \(-2\)$)",
     QT_TRANSLATE_NOOP("ErrorText", "must be a layer count, auto (-1) or all (-2)"), false},
    {R"(^must be a whole number of MiB, -1 \(no limit\) or 0 \(off\)$)",
     QT_TRANSLATE_NOOP("ErrorText", "must be a whole number of MiB, -1 (no limit) or 0 (off)"), false},
    {R"(^must be one of (.*)$)", QT_TRANSLATE_NOOP("ErrorText", "must be one of %1"), true},
    {R"(^must be ([A-Za-z0-9_.\-]+(?:, [A-Za-z0-9_.\-]+)*,? or [A-Za-z0-9_.\-]+)$)",
     QT_TRANSLATE_NOOP("ErrorText", "must be %1"), true},
    {R"(^must be a list of model types$)", QT_TRANSLATE_NOOP("ErrorText", "must be a list of model types"), false},
    {R"(^must be a list of layer kinds$)", QT_TRANSLATE_NOOP("ErrorText", "must be a list of layer kinds"), false},
    {R"(^entries must be strings$)", QT_TRANSLATE_NOOP("ErrorText", "entries must be strings"), false},
    {R"(^entries must be layer numbers$)", QT_TRANSLATE_NOOP("ErrorText", "entries must be layer numbers"), false},
    {R"(^must list one entry per layer$)", QT_TRANSLATE_NOOP("ErrorText", "must list one entry per layer"), false},
    {R"(^has (\d+) entries for (\d+) layers$)", QT_TRANSLATE_NOOP("ErrorText", "has %1 entries for %2 layers"), false},
    {R"(^is missing$)", QT_TRANSLATE_NOOP("ErrorText", "is missing"), false},
    {R"(^is too large$)", QT_TRANSLATE_NOOP("ErrorText", "is too large"), false},
    {R"(^is too large \(at most (.*)\)$)", QT_TRANSLATE_NOOP("ErrorText", "is too large (at most %1)"), false},
    {R"(^is too large a number \((.*)\)$)", QT_TRANSLATE_NOOP("ErrorText", "is too large a number (%1)"), false},
    {R"(^is not a known key$)", QT_TRANSLATE_NOOP("ErrorText", "is not a known key"), false},
    {R"(^is not a known key \(use config.json names such as num_key_value_heads\)$)",
     QT_TRANSLATE_NOOP("ErrorText", "is not a known key (use config.json names such as num_key_value_heads)"), false},
    {R"(^'(.*)' is not a known model preset$)", QT_TRANSLATE_NOOP("ErrorText", "'%1' is not a known model preset"),
     false},
    {R"(^'(.*)' is not a known hardware preset$)",
     QT_TRANSLATE_NOOP("ErrorText", "'%1' is not a known hardware preset"), false},
    {R"(^'(.*)' is not a known runtime profile$)",
     QT_TRANSLATE_NOOP("ErrorText", "'%1' is not a known runtime profile"), false},
    {R"(^'(.*)' is not a known format$)", QT_TRANSLATE_NOOP("ErrorText", "'%1' is not a known format"), false},
    {R"(^'(.*)' is not a known format \(see `memplan-cli formats`\)$)",
     QT_TRANSLATE_NOOP("ErrorText", "'%1' is not a known format (see `memplan-cli formats`)"), false},
    {R"(^'(.*)' is not a CPU platform preset$)", QT_TRANSLATE_NOOP("ErrorText", "'%1' is not a CPU platform preset"),
     false},
    {R"(^'(.*)' names no hardware preset$)", QT_TRANSLATE_NOOP("ErrorText", "'%1' names no hardware preset"), false},
    {R"(^'(.*)' is not a known engine \((?:use )?(.*)\)$)",
     QT_TRANSLATE_NOOP("ErrorText", "'%1' is not a known engine (%2)"), false},
    {R"(^'(.*)' is not a known origin$)", QT_TRANSLATE_NOOP("ErrorText", "'%1' is not a known origin"), false},
    {R"(^'(.*)' is not a release name of ([^(]*)$)", QT_TRANSLATE_NOOP("ErrorText", "'%1' is not a release name of %2"),
     false},
    {R"(^'(.*)' is not a KV cache type \(use (.*)\)$)",
     QT_TRANSLATE_NOOP("ErrorText", "'%1' is not a KV cache type (use %2)"), false},
    {R"(^'(.*)' is not a Hugging Face repository id \(org/name\)$)",
     QT_TRANSLATE_NOOP("ErrorText", "'%1' is not a Hugging Face repository id (org/name)"), false},
    {R"(^'(.*)' is not a branch, tag or commit name$)",
     QT_TRANSLATE_NOOP("ErrorText", "'%1' is not a branch, tag or commit name"), false},
    {R"(^'(.*)' may only use lowercase letters, digits, '-', '\.' and '_'$)",
     QT_TRANSLATE_NOOP("ErrorText", "'%1' may only use lowercase letters, digits, '-', '.' and '_'"), false},
    {R"(^'(.*)' is already defined by (.*); this file is ignored$)",
     QT_TRANSLATE_NOOP("ErrorText", "'%1' is already defined by %2; this file is ignored"), false},
    {R"(^'(.*)' has no architecture \(add its config.json\)$)",
     QT_TRANSLATE_NOOP("ErrorText", "'%1' has no architecture (add its config.json)"), false},
    {R"(^'(.*)' has no architecture \(no config.json\)$)",
     QT_TRANSLATE_NOOP("ErrorText", "'%1' has no architecture (no config.json)"), false},
    {R"(^is '(.*)', written by a newer or unknown version$)",
     QT_TRANSLATE_NOOP("ErrorText", "is '%1', written by a newer or unknown version"), false},
    {R"(^is '(.*)', written by a newer or unknown version; this program reads '(.*)'$)",
     QT_TRANSLATE_NOOP("ErrorText", "is '%1', written by a newer or unknown version; this program reads '%2'"), false},
    {R"(^is '(.*)'; this version reads '(.*)'$)", QT_TRANSLATE_NOOP("ErrorText", "is '%1'; this version reads '%2'"),
     false},
    {R"(^must be '(.*)' \(found '(.*)'\)$)", QT_TRANSLATE_NOOP("ErrorText", "must be '%1' (found '%2')"), false},
    {R"(^is not '(.*)'$)", QT_TRANSLATE_NOOP("ErrorText", "is not '%1'"), false},
    {R"(^is not a setting of the (.*) runtime$)", QT_TRANSLATE_NOOP("ErrorText", "is not a setting of the %1 runtime"),
     false},
    {R"(^the theory profile models no runtime, so it has no release$)",
     QT_TRANSLATE_NOOP("ErrorText", "the theory profile models no runtime, so it has no release"), false},
    {R"(^needs \"preset\", \"file\", \"hub\" or inline config.json keys$)",
     QT_TRANSLATE_NOOP("ErrorText", "needs \"preset\", \"file\", \"hub\" or inline config.json keys"), false},
    {R"(^needs a preset, a file or inline config.json keys$)",
     QT_TRANSLATE_NOOP("ErrorText", "needs a preset, a file or inline config.json keys"), false},
    {R"(^cannot be combined with model.preset or model.file \(one source of the model\)$)",
     QT_TRANSLATE_NOOP("ErrorText", "cannot be combined with model.preset or model.file (one source of the model)"),
     false},
    {R"(^names a file and a quantization; give one of them$)",
     QT_TRANSLATE_NOOP("ErrorText", "names a file and a quantization; give one of them"), false},
    {R"(^cannot exceed workload.context_tokens$)",
     QT_TRANSLATE_NOOP("ErrorText", "cannot exceed workload.context_tokens"), false},
    {R"(^cannot exceed capacity_bytes$)", QT_TRANSLATE_NOOP("ErrorText", "cannot exceed capacity_bytes"), false},
    {R"(^cannot exceed the device's capacity$)", QT_TRANSLATE_NOOP("ErrorText", "cannot exceed the device's capacity"),
     false},
    {R"(^cannot exceed the machine's memory$)", QT_TRANSLATE_NOOP("ErrorText", "cannot exceed the machine's memory"),
     false},
    {R"(^is missing \(a custom machine needs its memory size\)$)",
     QT_TRANSLATE_NOOP("ErrorText", "is missing (a custom machine needs its memory size)"), false},
    {R"(^must be discrete_gpu, unified or cpu when no preset is given$)",
     QT_TRANSLATE_NOOP("ErrorText", "must be discrete_gpu, unified or cpu when no preset is given"), false},
    {R"(^is required \(a number above 0, per device\)$)",
     QT_TRANSLATE_NOOP("ErrorText", "is required (a number above 0, per device)"), false},
    {R"(^is required: a price without a source is not shown$)",
     QT_TRANSLATE_NOOP("ErrorText", "is required: a price without a source is not shown"), false},
    {R"(^must be a three-letter ISO 4217 code such as USD, EUR or KRW$)",
     QT_TRANSLATE_NOOP("ErrorText", "must be a three-letter ISO 4217 code such as USD, EUR or KRW"), false},
    {R"(^must be at least 1 \(leave the key out for multi-head attention\)$)",
     QT_TRANSLATE_NOOP("ErrorText", "must be at least 1 (leave the key out for multi-head attention)"), false},
    {R"(^needs ZeRO stage 3 or FSDP full/hybrid shard$)",
     QT_TRANSLATE_NOOP("ErrorText", "needs ZeRO stage 3 or FSDP full/hybrid shard"), false},
    {R"(^needs training.tensor_parallel of 2 or more$)",
     QT_TRANSLATE_NOOP("ErrorText", "needs training.tensor_parallel of 2 or more"), false},
    {R"(^cannot be combined with training.zero_stage \(pick one sharding scheme\)$)",
     QT_TRANSLATE_NOOP("ErrorText", "cannot be combined with training.zero_stage (pick one sharding scheme)"), false},
    {R"(^exceeds hardware.count \((\d+) GPUs\)$)", QT_TRANSLATE_NOOP("ErrorText", "exceeds hardware.count (%1 GPUs)"),
     false},
    {R"(^must be below the model's (\d+) layers$)",
     QT_TRANSLATE_NOOP("ErrorText", "must be below the model's %1 layers"), false},
    {R"(^is larger than the model's (\d+) layers$)",
     QT_TRANSLATE_NOOP("ErrorText", "is larger than the model's %1 layers"), false},
    {R"(^needs a mixture-of-experts model; (.*) is dense$)",
     QT_TRANSLATE_NOOP("ErrorText", "needs a mixture-of-experts model; %1 is dense"), false},
    {R"(^names no module$)", QT_TRANSLATE_NOOP("ErrorText", "names no module"), false},
    {R"(^'(.*)' has no LLaMA-Adapter method; LitGPT's finetune_adapter and finetune_adapter_v2 have \(runtime preset litgpt\)$)",
     QT_TRANSLATE_NOOP("ErrorText", "'%1' has no LLaMA-Adapter method; LitGPT's finetune_adapter and "
                                    "finetune_adapter_v2 have (runtime preset litgpt)"),
     false},
    {R"(^LLaMA-Adapter's prompt attention over multi-head latent attention \((.*)\) is not modelled$)",
     QT_TRANSLATE_NOOP("ErrorText", "LLaMA-Adapter's prompt attention over multi-head latent attention (%1) is not "
                                    "modelled"),
     false},
    {R"(^must be latent, latent_with_v or per_head$)",
     QT_TRANSLATE_NOOP("ErrorText", "must be latent, latent_with_v or per_head"), false},
    {R"(^holds no config.json, \*\.safetensors or \*\.gguf file$)",
     QT_TRANSLATE_NOOP("ErrorText", "holds no config.json, *.safetensors or *.gguf file"), false},
    {R"(^is not a GGUF, safetensors or config.json file$)",
     QT_TRANSLATE_NOOP("ErrorText", "is not a GGUF, safetensors or config.json file"), false},
    {R"(^is a folder, not a GGUF file$)", QT_TRANSLATE_NOOP("ErrorText", "is a folder, not a GGUF file"), false},
    {R"(^the file is shorter than the 8-byte header length$)",
     QT_TRANSLATE_NOOP("ErrorText", "the file is shorter than the 8-byte header length"), false},
    {R"(^the header could not be read$)", QT_TRANSLATE_NOOP("ErrorText", "the header could not be read"), false},
    {R"(^the header is not a JSON object$)", QT_TRANSLATE_NOOP("ErrorText", "the header is not a JSON object"), false},
    {R"(^names shard '(.*)', which is missing$)", QT_TRANSLATE_NOOP("ErrorText", "names shard '%1', which is missing"),
     false},
    {R"(^is not \"clip\": this is not a projector \(mmproj\) file$)",
     QT_TRANSLATE_NOOP("ErrorText", "is not \"clip\": this is not a projector (mmproj) file"), false},
    {R"(^is missing, so the hyper-parameters cannot be found$)",
     QT_TRANSLATE_NOOP("ErrorText", "is missing, so the hyper-parameters cannot be found"), false},
    {R"(^a quantized V cache needs flash attention in llama.cpp \(set flash_attn to true\)$)",
     QT_TRANSLATE_NOOP("ErrorText", "a quantized V cache needs flash attention in llama.cpp (set flash_attn to true)"),
     false},
    {R"(^is llama.cpp's projector file; other runtimes load the checkpoint's own tower$)",
     QT_TRANSLATE_NOOP("ErrorText", "is llama.cpp's projector file; other runtimes load the checkpoint's own tower"),
     false},
    {R"(^at most 32 candidates at once$)", QT_TRANSLATE_NOOP("ErrorText", "at most 32 candidates at once"), false},
    {R"(^has an empty entry in '(.*)'$)", QT_TRANSLATE_NOOP("ErrorText", "has an empty entry in '%1'"), false},
    {R"(^'(.*)': the count after ':' must be 1 to 64$)",
     QT_TRANSLATE_NOOP("ErrorText", "'%1': the count after ':' must be 1 to 64"), false},
};

// Warnings the model importers attach (core/import): the same treatment, file names kept.
const ReasonText kWarnings[] = {
    {R"(^vocab_size is not in the config; (\S+)'s default (\d+) was used$)",
     QT_TRANSLATE_NOOP("ErrorText", "vocab_size is not in the config; %1's default %2 was used"), false},
    {R"(^the metadata does not describe an architecture the planner can use \((.*)\)$)",
     QT_TRANSLATE_NOOP("ErrorText", "the metadata does not describe an architecture the planner can use (%1)"), false},
    {R"(^(\d+) tensors are stored as integers \(packed quantized weights such as GPTQ/AWQ qweight or MXFP4 blocks, or their scales and indices\); the parameter count sums the stored elements of floating-point tensors only, while the weight bytes are exact$)",
     QT_TRANSLATE_NOOP("ErrorText",
                       "%1 tensors are stored as integers (packed quantized weights such as GPTQ/AWQ qweight or MXFP4 "
                       "blocks, or their scales and indices); the parameter count sums the stored elements of "
                       "floating-point tensors only, while the weight bytes are exact"),
     false},
    {R"(^(\d+) tensors of weight_map are not in the shards that it names$)",
     QT_TRANSLATE_NOOP("ErrorText", "%1 tensors of weight_map are not in the shards that it names"), false},
    {R"(^metadata.total_size is (\d+) bytes but the shards' tensors hold (\d+)$)",
     QT_TRANSLATE_NOOP("ErrorText", "metadata.total_size is %1 bytes but the shards' tensors hold %2"), false},
    {R"(^several safetensors indexes; read (.*)$)",
     QT_TRANSLATE_NOOP("ErrorText", "several safetensors indexes; read %1"), false},
    {R"(^the GGUF files were not read; the safetensors checkpoint was sized instead$)",
     QT_TRANSLATE_NOOP("ErrorText", "the GGUF files were not read; the safetensors checkpoint was sized instead"),
     false},
    {R"(^the architecture's parameter count cannot be computed: (.*)$)",
     QT_TRANSLATE_NOOP("ErrorText", "the architecture's parameter count cannot be computed: %1"), false},
    {R"(^the architecture describes (\d+) parameters but the tensors hold (\d+) \(vision towers, extra heads or packed weights make them differ\)$)",
     QT_TRANSLATE_NOOP("ErrorText", "the architecture describes %1 parameters but the tensors hold %2 (vision towers, "
                                    "extra heads or packed weights make them differ)"),
     false},
    {R"(^tensor '(.*)' has dtype (\S+), which the planner does not know; its stored bytes are counted as they are$)",
     QT_TRANSLATE_NOOP(
         "ErrorText",
         "tensor '%1' has dtype %2, which the planner does not know; its stored bytes are counted as they are"),
     false},
    {R"(^(\S+) varies by layer; the widest value (\d+) was used$)",
     QT_TRANSLATE_NOOP("ErrorText", "%1 varies by layer; the widest value %2 was used"), false},
    {R"(^token_embd.weight has (\d+) rows for (\S+) tokens; the table's size was used$)",
     QT_TRANSLATE_NOOP("ErrorText", "token_embd.weight has %1 rows for %2 tokens; the table's size was used"), false},
};

std::vector<QRegularExpression> compile(std::span<const ReasonText> table)
{
    std::vector<QRegularExpression> out;
    for (const ReasonText &r : table)
        out.emplace_back(QString::fromUtf8(r.pattern));
    return out;
}

/// A table with its expressions compiled once (thread-safe: the hub import reads errors off the GUI thread).
struct Table {
    std::span<const ReasonText> rows;
    const std::vector<QRegularExpression> &res;
};

Table reasons()
{
    static const std::vector<QRegularExpression> res = compile(kReasons);
    return {kReasons, res};
}

Table warnings()
{
    static const std::vector<QRegularExpression> res = compile(kWarnings);
    return {kWarnings, res};
}

int matchIndex(const QString &reason, QRegularExpressionMatch *match, const Table &table)
{
    for (std::size_t i = 0; i < table.res.size(); ++i)
        if (auto m = table.res[i].match(reason); m.hasMatch()) {
            *match = m;
            return int(i);
        }
    return -1;
}

QString translatedWith(const std::string &reason, const Table &table)
{
    const QString english = QString::fromStdString(reason);
    QRegularExpressionMatch m;
    const int i = matchIndex(english, &m, table);
    if (i < 0)
        return english;
    const ReasonText &r = table.rows[std::size_t(i)];
    const QString translated = QCoreApplication::translate(kContext, r.text);
    if (translated == QLatin1String(r.text))
        return english; // no Korean loaded: core's own words
    // One pass over the text, so a captured value that itself holds "%2" is not replaced again.
    QString out;
    for (qsizetype k = 0; k < translated.size(); ++k) {
        const QChar next = k + 1 < translated.size() ? translated.at(k + 1) : QChar();
        const int c = next.digitValue();
        if (translated.at(k) == u'%' && c >= 1 && c <= m.lastCapturedIndex()) {
            QString value = m.captured(c);
            if (r.list)
                value.replace(QStringLiteral(" or "), QStringLiteral(", "));
            out += value;
            ++k;
        } else {
            out += translated.at(k);
        }
    }
    return withParticles(out); // "'%1'은(는)": the value decides
}

} // namespace

QString inputReasonText(const std::string &reason)
{
    return translatedWith(reason, reasons());
}

QString importWarningText(const std::string &warning)
{
    const QString direct = translatedWith(warning, warnings());
    if (direct != QString::fromStdString(warning))
        return direct;
    // "model.safetensors: tensor 'x' has dtype …": the file name stays, the rest is translated.
    const std::size_t colon = warning.find(": ");
    if (colon == std::string::npos)
        return direct;
    return QString::fromStdString(warning.substr(0, colon + 2)) + importWarningText(warning.substr(colon + 2));
}

QString inputErrorText(const ErrorInfo &info)
{
    QString out;
    if (!info.file.empty())
        out += QString::fromStdString(info.file) + QStringLiteral(": ");
    if (!info.field.empty())
        out += QString::fromStdString(info.field) + QStringLiteral(": ");
    out += inputReasonText(info.reason);
    if (!info.namedBy.empty())
        out += QLatin1Char(' ') +
               QCoreApplication::translate(kContext, kNamedBy).arg(QString::fromStdString(info.namedBy));
    return out;
}

int inputReasonPatternCount()
{
    return int(std::size(kReasons));
}

const char *inputReasonPatternSource(int i)
{
    return i >= 0 && i < inputReasonPatternCount() ? kReasons[i].text : nullptr;
}

bool inputReasonKnown(const std::string &reason)
{
    QRegularExpressionMatch m;
    return matchIndex(QString::fromStdString(reason), &m, reasons()) >= 0;
}

} // namespace memplan::ui
