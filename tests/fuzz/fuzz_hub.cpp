// libFuzzer target: a Hugging Face hub's answers (issue 35). The bytes before the first NUL
// are the file-list answer of /api/models/...; the bytes after it are what the server sends
// for every file the planner then asks for (config.json, safetensors or GGUF headers).
// parseHubListing() must accept or refuse the list with an InputError; chooseHubFiles() and
// importFromSource() must then finish with a model or an InputError/OverflowError. A crash,
// a sanitizer report or any other exception is a finding. No network, no files.
#include "bytes.h"
#include "error.h"
#include "import/ggufsplitname.h"
#include "import/hublisting.h"
#include "import/hubreference.h"
#include "import/modelsource.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace {

// Every listed file holds the same bytes: the part of the input after the NUL.
class FuzzSource : public memplan::ModelFileSource {
public:
    FuzzSource(const std::vector<std::string> &files, std::string_view content) : m_files(files), m_content(content) {}
    std::string displayName(const std::string &file) const override { return "fuzz/" + file; }
    bool exists(const std::string &file) const override
    {
        return std::find(m_files.begin(), m_files.end(), file) != m_files.end();
    }
    std::uint64_t fileSize(const std::string &) override { return m_content.size(); }
    std::size_t read(const std::string &, std::uint64_t offset, std::uint8_t *dst, std::size_t n) override
    {
        if (offset >= m_content.size())
            return 0;
        const std::size_t got = std::min<std::size_t>(n, m_content.size() - std::size_t(offset));
        std::memcpy(dst, m_content.data() + offset, got);
        return got;
    }

private:
    const std::vector<std::string> &m_files;
    std::string_view m_content;
};

void chooseAndImport(const std::vector<std::string> &files, memplan::HubReference ref, std::string_view content)
{
    try {
        const std::vector<std::string> chosen = memplan::chooseHubFiles(files, ref);
        FuzzSource source(files, content);
        (void)memplan::importFromSource(source, chosen, ref.text(), "model");
    } catch (const memplan::InputError &) {
    } catch (const memplan::OverflowError &) {
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view input(reinterpret_cast<const char *>(data), size);
    const std::size_t nul = std::min(input.find('\0'), input.size());
    const std::string_view listing = input.substr(0, nul);
    const std::string_view content = nul < input.size() ? input.substr(nul + 1) : std::string_view();

    // The same text as a typed reference: refused or parsed, never more.
    (void)memplan::parseHubReference(std::string(listing.substr(0, 4096)));
    std::vector<std::string> files;
    try {
        files = memplan::parseHubListing(listing, "fuzz (file list)");
    } catch (const memplan::InputError &) {
        return 0;
    }
    for (const std::string &f : files)
        (void)memplan::parseGgufSplitName(f);
    memplan::HubReference ref;
    ref.repo = "fuzz/model";
    chooseAndImport(files, ref, content); // config + safetensors, or the default quantization
    ref.quant = "Q8_0";
    chooseAndImport(files, ref, content);
    ref.quant.clear();
    for (std::size_t i = 0; i < files.size() && i < 3; ++i) {
        ref.file = files[i];
        chooseAndImport(files, ref, content);
    }
    return 0;
}
