#pragma once
// Takes off what sits around a runtime's own text: the timestamps, levels, process and
// container names a log collector, a terminal or a web page puts before (and sometimes
// after) every line. Known shapes are read by small scanners (journald, docker compose,
// RFC 3339, llama.cpp's own "0.01.072.940 I ", vLLM's level and process prefixes, SGLang,
// mpirun, markdown quotes, fences and one-cell tables, HTML escapes, ANSI colour, CR, tabs).
// Any other wrapper is learned from the log itself: where a line holds a runtime's text
// further in, what comes before it is reduced to a shape (digits, letters, bracket groups,
// punctuation), and a shape that repeats is taken off every line that starts with it.
// Logs are untrusted: every step looks at a bounded head of a bounded line, so the work per
// byte is fixed whatever the input.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace memplan {

/// One line with its wrappers taken off.
struct UnwrappedLine {
    std::string_view text;   ///< valid until the next call to LogUnwrapper::next
    std::size_t lineNo = 0;  ///< 1-based line in the text
    std::string_view stream; ///< the container, program[pid] or mpirun rank the wrapper named; empty when none
};

class LogUnwrapper {
public:
    /// Reads a sample of the text (its head, then every 16th line) to learn repeated prefixes.
    explicit LogUnwrapper(std::string_view text);

    /// The next line; false at the end of the text.
    bool next(UnwrappedLine &out);

    /// Lines read so far (all of them, the skipped ones too).
    std::size_t linesRead() const { return m_lineNo; }
    /// True when a line longer than kMaxLogLineBytes was cut.
    bool cutLines() const { return m_cut; }
    /// The learned prefix shapes, most frequent first ("9.9.9.9 a " for llama.cpp's own prefix).
    const std::vector<std::string> &learnedShapes() const { return m_shapes; }

    /// One line through every step, with the given learned shapes (tests, the sample pass).
    static std::string_view unwrapLine(std::string_view raw, std::string &scratch,
                                       const std::vector<std::string> &shapes, std::string_view *stream = nullptr);

private:
    std::string_view m_text;
    std::size_t m_pos = 0;
    std::size_t m_lineNo = 0;
    bool m_cut = false;
    std::string m_scratch;
    std::vector<std::string> m_shapes;
};

namespace logtext {
/// The shape of a prefix: digit runs "9", letter runs "a", space runs " ", bracket groups "B",
/// parenthesis groups "P", angle groups "G", other bytes as themselves. At most maxBytes read;
/// `ends` receives the byte offset after each symbol.
std::string prefixShape(std::string_view s, std::size_t maxBytes, std::vector<std::size_t> *ends = nullptr);
/// The same into a buffer the caller keeps (no allocation once it has grown).
void shapeInto(std::string_view s, std::size_t maxBytes, std::string &out, std::vector<std::size_t> *ends);
/// Where a runtime's own text starts in a line's head (a known line opening at a word
/// boundary), or npos.
std::size_t runtimeTextStart(std::string_view line);
} // namespace logtext

} // namespace memplan
