#pragma once
// Token counts as people type them: "200000", "200,000", "32k", "128K", "1M",
// "1.5k", "8192 tok". Every place that takes a typed token count (the window's
// context and prefix boxes, the CLI) goes through this one parser, so "500k"
// never turns into 500 in one place and 512,000 in another.
//
// k/K and m/M are binary (x1024, x1048576): model cards and runtimes say "128K
// context" for 131,072 tokens and "1M" for 1,048,576 (Llama 3.1's
// max_position_embeddings is 131072; llama.cpp's --ctx-size 32k convention).

#include <cstdint>
#include <optional>
#include <string_view>

namespace memplan {

/// The count, or nothing for text that is not one (empty, negative, junk, overflow).
/// Group separators ',', '_', '\'' and spaces are ignored; '.' is the decimal point,
/// and a fraction is only allowed with a suffix ("1.5k" = 1536; "1.5" is not a count).
std::optional<std::uint64_t> parseTokenCount(std::string_view text);

} // namespace memplan
