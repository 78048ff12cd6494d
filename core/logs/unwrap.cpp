#include "logs/unwrap.h"

#include "logs/logparser.h"
#include "logs/logtext.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <map>

namespace memplan {

namespace {

using namespace logtext;

/// Wrappers sit in a line's first bytes; nothing past this is looked at for them.
constexpr std::size_t kHead = 160;
/// Learned shapes longer than this (in symbols) are not wrappers but text.
constexpr std::size_t kMaxShape = 48;

/// Whether a line holds a control byte (escape, carriage return, tab) or an HTML entity's '&', which
/// the cleaning takes out. Eight bytes at a time: a byte below 0x20 borrows through its top bit when
/// 0x20 is taken from it (bytes from 0x80 up are excluded by ~x), and '&' is a zero byte after the xor.
bool needsCleaning(std::string_view s)
{
    constexpr std::uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    std::size_t i = 0;
    for (; i + 8 <= s.size(); i += 8) {
        std::uint64_t x;
        std::memcpy(&x, s.data() + i, 8);
        const std::uint64_t amp = x ^ (ones * '&');
        if ((((x - ones * 0x20) & ~x) | ((amp - ones) & ~amp)) & highs)
            return true;
    }
    for (; i < s.size(); ++i)
        if (static_cast<unsigned char>(s[i]) < 0x20 || s[i] == '&')
            return true;
    return false;
}

bool digit(char c)
{
    return c >= '0' && c <= '9';
}
bool letter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/// Number of digits at s[i..], at most `max`.
std::size_t digits(std::string_view s, std::size_t i, std::size_t max = 20)
{
    std::size_t n = 0;
    while (i + n < s.size() && n < max && digit(s[i + n]))
        ++n;
    return n;
}

/// "2024-12-04T10:00:00.123456789Z ", "2024-12-04 10:00:00,123 ", "[2025-03-10T15:07:20Z] ",
/// "2024/12/04 10:00:00 ": a date and time first (kubectl --timestamps, CI, Python logging).
std::size_t isoTimestamp(std::string_view s)
{
    std::size_t i = s.size() > 0 && s[0] == '[' ? 1 : 0;
    const std::size_t open = i;
    if (digits(s, i) != 4 || i + 10 > s.size() || (s[i + 4] != '-' && s[i + 4] != '/'))
        return 0;
    i += 5;
    if (digits(s, i) != 2 || s[i + 2] != s[open + 4])
        return 0;
    i += 3;
    if (digits(s, i) != 2)
        return 0;
    i += 2;
    if (i < s.size() && (s[i] == 'T' || s[i] == ' ')) {
        const std::size_t t = i + 1;
        if (digits(s, t) == 2 && t + 5 <= s.size() && s[t + 2] == ':' && digits(s, t + 3) == 2) {
            i = t + 5;
            if (i + 3 <= s.size() && s[i] == ':' && digits(s, i + 1) == 2)
                i += 3;
            if (i < s.size() && (s[i] == '.' || s[i] == ',') && digits(s, i + 1) > 0)
                i += 1 + digits(s, i + 1);
            if (i < s.size() && s[i] == 'Z')
                ++i;
            else if (i < s.size() && (s[i] == '+' || s[i] == '-') && digits(s, i + 1) == 2) {
                i += 3;
                if (i < s.size() && s[i] == ':')
                    ++i;
                i += digits(s, i, 2);
            }
        }
    }
    if (open && (i >= s.size() || s[i] != ']'))
        return 0;
    i += open;
    if (i < s.size() && s[i] != ' ')
        return 0;
    return i;
}

/// "| ERROR | stderr | " or "- vllm - INFO - ": short fields a logger puts after its timestamp
/// (s starts right after the timestamp).
std::size_t loggerFields(std::string_view s)
{
    if (s.size() < 4 || (s[0] != '|' && s[0] != '-') || s[1] != ' ')
        return 0;
    const char sep = s[0];
    std::size_t i = 2, taken = 0;
    for (int field = 0; field < 3; ++field) {
        std::size_t j = i;
        while (j < s.size() && j - i <= 24 && s[j] != ' ')
            ++j;
        // A logger's name or level, never a runtime's "function:" (llama_model_loader: - kv ...).
        if (j == i || j - i > 24 || s[j - 1] == ':')
            break;
        std::size_t k = j;
        while (k < s.size() && s[k] == ' ')
            ++k;
        if (k + 1 >= s.size() || s[k] != sep || s[k + 1] != ' ')
            break;
        taken = k + 2;
        i = taken;
        while (i < s.size() && s[i] == ' ')
            ++i;
    }
    return taken;
}

/// llama.cpp's own --log-timestamps --log-prefix: "0.01.072.940 I " (minutes, seconds, ms, us).
std::size_t llamaTimestamp(std::string_view s)
{
    std::size_t i = 0;
    int groups = 0;
    while (groups < 6) {
        const std::size_t n = digits(s, i, 8);
        if (!n)
            return 0;
        i += n;
        ++groups;
        if (i < s.size() && s[i] == '.')
            ++i;
        else
            break;
    }
    if (groups < 3 || i + 2 > s.size() || s[i] != ' ')
        return 0;
    if (i + 2 < s.size() && letter(s[i + 1]) && s[i + 2] == ' ')
        return i + 3;
    return i + 1;
}

/// mpirun's "[1,0]<stdout>:" (Open MPI --tag-output).
std::size_t mpiTag(std::string_view s, std::string_view *stream)
{
    if (s.empty() || s[0] != '[')
        return 0;
    std::size_t i = 1 + digits(s, 1);
    if (i == 1 || i >= s.size() || s[i] != ',')
        return 0;
    const std::size_t r = digits(s, i + 1);
    if (!r)
        return 0;
    i += 1 + r;
    if (i + 1 >= s.size() || s[i] != ']' || s[i + 1] != '<')
        return 0;
    const std::size_t close = s.substr(0, std::min<std::size_t>(s.size(), 40)).find(">:");
    if (close == std::string_view::npos)
        return 0;
    if (stream)
        *stream = s.substr(0, i + 1);
    return close + 2;
}

/// Docker compose "name  | " and journald "Mon DD hh:mm:ss host prog[pid]: ": the names they
/// carry tell interleaved processes apart.
std::string_view streamOf(std::string_view s)
{
    // '|' is rare in log text: find it first, then look at its neighbours.
    if (const std::size_t pipe = s.substr(0, std::min<std::size_t>(s.size(), 52)).find('|');
        pipe != std::string_view::npos && pipe > 1 && pipe + 1 < s.size() && s[pipe - 1] == ' ' && s[pipe + 1] == ' ' &&
        s[0] != ' ') {
        const std::size_t bar = pipe - 1;
        const std::string_view name = trim(s.substr(0, bar));
        bool word = !name.empty();
        for (char c : name)
            word = word && (letter(c) || digit(c) || c == '-' || c == '_' || c == '.');
        if (word)
            return name;
    }
    if (s.size() > 16 && letter(s[0]) && s[3] == ' ' && s[9] == ':') {
        const std::size_t close = s.substr(0, std::min<std::size_t>(s.size(), 120)).find("]: ");
        if (close != std::string_view::npos) {
            const std::size_t sp = s.substr(0, close).rfind(' ');
            if (sp != std::string_view::npos)
                return s.substr(sp + 1, close + 1 - sp - 1);
        }
    }
    return {};
}

/// ANSI escapes and CR removed, tabs and other control bytes as spaces (logtext::cleanLine's
/// rules), copying the plain spans between them in bulk.
void cleanInto(std::string_view raw, std::string &out)
{
    out.clear();
    out.reserve(raw.size());
    std::size_t i = 0;
    while (i < raw.size()) {
        std::size_t j = i;
        while (j < raw.size() && static_cast<unsigned char>(raw[j]) >= 0x20)
            ++j;
        out.append(raw.data() + i, j - i);
        if (j >= raw.size())
            break;
        const char c = raw[j];
        if (c == 0x1b) {
            // CSI "ESC [ params final" or a two-byte escape; skip either.
            if (j + 1 < raw.size() && raw[j + 1] == '[') {
                j += 2;
                while (j < raw.size() && !(raw[j] >= 0x40 && raw[j] <= 0x7e))
                    ++j;
            } else {
                ++j;
            }
        } else if (c != '\r' && c != 0) {
            out.push_back(' ');
        }
        i = j + 1;
    }
}

/// "&gt;" and friends, when a log was copied out of a web page's source.
void decodeEntities(std::string &s)
{
    if (s.find('&') == std::string::npos)
        return;
    static constexpr std::pair<std::string_view, char> kEntities[] = {
        {"&gt;", '>'}, {"&lt;", '<'}, {"&amp;", '&'}, {"&quot;", '"'}, {"&#39;", '\''}, {"&#x27;", '\''}};
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        bool done = false;
        if (s[i] == '&')
            for (const auto &[name, c] : kEntities)
                if (std::string_view(s).substr(i, name.size()) == name) {
                    out.push_back(c);
                    i += name.size() - 1;
                    done = true;
                    break;
                }
        if (!done)
            out.push_back(s[i]);
    }
    s.swap(out);
}

/// Markdown a paste brings along: "> " quotes and a one-cell table row "| text |".
std::string_view markdown(std::string_view s)
{
    for (int depth = 0; depth < 8 && !s.empty() && s[0] == '>'; ++depth)
        s = trim(s.substr(1));
    if (s.size() > 4 && s[0] == '|' && s.back() == '|') {
        // A one-cell row, or a row whose cell is a runtime line with bars of its own (llama.cpp's
        // memory breakdown); llama-bench's own table rows stay as they are.
        const std::string_view inner = trim(s.substr(1, s.size() - 2));
        if (inner.find('|') == std::string_view::npos || logtext::runtimeTextStart(inner) == 0)
            s = inner;
    }
    return s;
}

/// Length of a learned shape's match at the start of `s`, or 0.
std::size_t matchShape(std::string_view shape, std::string_view lineShape, const std::vector<std::size_t> &ends)
{
    if (shape.empty() || lineShape.size() < shape.size() || lineShape.substr(0, shape.size()) != shape)
        return 0;
    return ends[shape.size() - 1];
}

/// One round of the known scanners; returns the line with whatever they recognised taken off.
std::string_view knownWrappers(std::string_view line, std::string_view *stream)
{
    for (int round = 0; round < 8; ++round) {
        const std::string_view before = line;
        line = trim(line);
        if (stream && stream->empty() && round == 0)
            *stream = streamOf(line);
        if (const std::size_t n = isoTimestamp(line)) {
            line = trim(line.substr(n));
            line.remove_prefix(loggerFields(line));
        }
        if (const std::size_t n = llamaTimestamp(line))
            line.remove_prefix(n);
        if (const std::size_t n = mpiTag(line, stream))
            line.remove_prefix(n);
        line = markdown(stripPrefixes(line));
        if (line == before)
            break;
    }
    return trim(line);
}

} // namespace

namespace logtext {

std::string prefixShape(std::string_view s, std::size_t maxBytes, std::vector<std::size_t> *ends)
{
    std::string out;
    shapeInto(s, maxBytes, out, ends);
    return out;
}

void shapeInto(std::string_view s, std::size_t maxBytes, std::string &out, std::vector<std::size_t> *ends)
{
    out.clear();
    std::size_t i = 0;
    const std::size_t n = std::min(s.size(), maxBytes);
    auto group = [&](char close, char code) {
        const std::size_t end = s.substr(i, std::min<std::size_t>(n - i, 120)).find(close);
        if (end == std::string_view::npos)
            return false;
        i += end + 1;
        out.push_back(code);
        return true;
    };
    while (i < n && out.size() < kMaxShape + 1) {
        const char c = s[i];
        if (digit(c)) {
            while (i < n && digit(s[i]))
                ++i;
            out.push_back('9');
        } else if (letter(c)) {
            while (i < n && letter(s[i]))
                ++i;
            out.push_back('a');
        } else if (c == ' ') {
            while (i < n && s[i] == ' ')
                ++i;
            out.push_back(' ');
        } else if (static_cast<unsigned char>(c) >= 0x80) {
            while (i < n && static_cast<unsigned char>(s[i]) >= 0x80)
                ++i;
            out.push_back('u');
        } else if (!((c == '[' && group(']', 'B')) || (c == '(' && group(')', 'P')) || (c == '<' && group('>', 'G')))) {
            out.push_back(c);
            ++i;
        }
        if (ends)
            ends->push_back(i);
    }
}

std::size_t runtimeTextStart(std::string_view line)
{
    // Openings of the lines the parsers read (core/logs/*log.cpp); each starts a runtime's own text.
    static constexpr std::string_view kOpenings[] = {"llama_",
                                                     "load_tensors:",
                                                     "print_info:",
                                                     "llm_load_",
                                                     "load:",
                                                     "ggml_",
                                                     "sched_reserve:",
                                                     "graph_reserve:",
                                                     "alloc_tensor_range",
                                                     "common_init",
                                                     "srv ",
                                                     "main:",
                                                     "build:",
                                                     "system_info:",
                                                     "load_backend:",
                                                     "Device ",
                                                     "clip_",
                                                     "INFO ",
                                                     "WARNING ",
                                                     "ERROR ",
                                                     "DEBUG ",
                                                     "Model loading took",
                                                     "Memory profiling",
                                                     "# GPU blocks",
                                                     "GPU KV cache size",
                                                     "Maximum concurrency",
                                                     "Available KV cache",
                                                     "Loading model weights",
                                                     "torch.",
                                                     "ValueError:",
                                                     "time=",
                                                     "Load weight",
                                                     "KV Cache is allocated",
                                                     "server_args=",
                                                     "Peak memory:",
                                                     "Prompt:",
                                                     "Generation:",
                                                     "Error:",
                                                     "Traceback",
                                                     "CUDA error",
                                                     "Weight memory",
                                                     "Free memory",
                                                     "KV cache memory",
                                                     "Peak activation",
                                                     "Non-torch memory"};
    const std::string_view head = line.substr(0, std::min(line.size(), kHead));
    for (std::size_t i = 0; i < head.size(); ++i) {
        if (i > 0) {
            const char p = head[i - 1];
            if (p != ' ' && p != '|' && p != ':' && p != ']' && p != '>' && p != ')' && p != '*')
                continue;
        }
        const char c = head[i];
        if (!letter(c) && c != '#')
            continue;
        for (std::string_view o : kOpenings)
            if (o[0] == c && head.substr(i, o.size()) == o) {
                // A markdown bullet ("- **Model loading took:** ...", llm-d's summaries) is the
                // runtime's own text, not the wrapper's.
                std::size_t at = i;
                while (at > 0 && head[at - 1] == '*')
                    --at;
                if (at >= 2 && head.substr(at - 2, 2) == "- ")
                    at -= 2;
                return at;
            }
    }
    return std::string_view::npos;
}

} // namespace logtext

std::string_view LogUnwrapper::unwrapLine(std::string_view raw, std::string &scratch,
                                          const std::vector<std::string> &shapes, std::string_view *stream)
{
    // Most lines need no cleaning: read them in place.
    std::string_view line = raw;
    if (needsCleaning(raw)) {
        cleanInto(raw, scratch);
        decodeEntities(scratch);
        line = scratch;
    }
    line = markdown(trim(line));
    // Reused between lines: most lines are checked against the learned shapes.
    thread_local std::vector<std::size_t> ends;
    thread_local std::string lineShape;
    for (int round = 0; round < 6; ++round) {
        line = knownWrappers(line, stream);
        if (shapes.empty() || line.empty())
            break;
        ends.clear();
        shapeInto(line, kHead, lineShape, &ends);
        std::size_t cut = 0;
        for (const std::string &shape : shapes)
            cut = std::max(cut, matchShape(shape, lineShape, ends));
        if (cut == 0 || cut >= line.size())
            break;
        line.remove_prefix(cut);
    }
    return line;
}

LogUnwrapper::LogUnwrapper(std::string_view text) : m_text(text)
{
    // Learn: in sample lines whose runtime text starts further in, the shape of what comes before.
    std::map<std::string, std::size_t> counts;
    std::size_t pos = 0, lineNo = 0, sampled = 0, clean = 0;
    std::string scratch;
    const std::vector<std::string> none;
    while (pos < text.size() && sampled < 20000) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos)
            end = text.size();
        const std::string_view raw = text.substr(pos, std::min(end - pos, kMaxLogLineBytes));
        pos = end + 1;
        ++lineNo;
        if (lineNo > 4000 && lineNo % 16 != 0)
            continue;
        ++sampled;
        const std::string_view line = unwrapLine(raw, scratch, none);
        const std::size_t at = runtimeTextStart(line);
        clean += at == 0 ? 1 : 0;
        if (at == 0 || at == std::string_view::npos)
            continue;
        std::string shape = prefixShape(line, at);
        // A wrapper has some mark besides words and spaces (a digit, a bracket, a bar, a colon).
        if (shape.size() > kMaxShape || shape.find_first_not_of("a ") == std::string::npos)
            continue;
        if (counts.size() < 256 || counts.count(shape))
            ++counts[shape];
    }
    std::vector<std::pair<std::size_t, std::string>> ranked;
    // A shape seen twice is a wrapper; seen once, only when no line of the sample was bare (a short
    // excerpt in which one line is the runtime's).
    for (auto &[shape, n] : counts)
        if (n >= 2 || clean == 0)
            ranked.emplace_back(n, shape);
    std::sort(ranked.begin(), ranked.end(), [](auto &a, auto &b) { return a.first > b.first; });
    for (std::size_t i = 0; i < ranked.size() && i < 8; ++i)
        m_shapes.push_back(ranked[i].second);
}

bool LogUnwrapper::next(UnwrappedLine &out)
{
    while (m_pos < m_text.size()) {
        std::size_t end = m_text.find('\n', m_pos);
        if (end == std::string_view::npos)
            end = m_text.size();
        std::string_view raw = m_text.substr(m_pos, end - m_pos);
        m_pos = end + 1;
        ++m_lineNo;
        if (raw.size() > kMaxLogLineBytes) {
            raw = raw.substr(0, kMaxLogLineBytes);
            m_cut = true;
        }
        // Most lines of a long log are generation output or progress dots: skip those cheaply. An
        // excerpt's "..." (or "…") where lines were left out is kept: a reader that looks at which line
        // follows which must know the two were not adjacent.
        if (raw.size() < 4 && trim(raw) != "..." && trim(raw) != "\u2026")
            continue;
        // A markdown code fence is not a line of the log.
        const std::string_view t = trim(raw);
        if (t.size() >= 3 && (t.substr(0, 3) == "```" || t.substr(0, 3) == "~~~")) {
            continue;
        }
        out.stream = {};
        out.text = unwrapLine(raw, m_scratch, m_shapes, &out.stream);
        out.lineNo = m_lineNo;
        if (!out.text.empty())
            return true;
    }
    return false;
}

} // namespace memplan
