#pragma once
// Korean particles after a substituted value (issue 33). A particle depends on the sound the
// word before it ends with: 책을 but 파일를 is wrong, "pdf를" but "GGUF를" and "vLLM을". A
// translation cannot know the value in advance, so it writes the particle as a pair right after
// the placeholder — "%1을(를)", "%1은(는)", "%1이(가)", "%1과(와)", "%1(으)로" — and the text is
// passed through withParticles() after the values are put in. The pair is also what a reader
// sees if a text ever misses this step, which is the usual Korean fallback and never wrong.
//
// The final sound is read from the last character of the value (closing quotes and brackets
// skipped): a Hangul syllable by its final consonant (ㄹ counted apart for 으로/로); a digit by
// its Korean reading (0 영, 1 일, 3 삼, 6 육, 7 칠, 8 팔 end in a consonant; 2 이, 4 사, 5 오,
// 9 구 do not; a number ending in 0 ends in 십/백/천/만/영, all consonants); a Latin letter by
// its Korean letter name (L 엘, M 엠, N 엔 and R 알 end in a consonant, every other letter's
// name in a vowel: F 에프, so "pdf를"), except the word endings "ng" (SGLang → 랭) and "ck"
// after a vowel, read as one syllable ("png" is spelled out: 를). Anything else (a symbol, an
// empty value) keeps the pair. One place, used by the window (memplan_text) and memplan-cli's say().

#include <QString>

#include <string>

namespace memplan::ui {

/// How a value's Korean reading ends.
enum class FinalSound {
    Vowel,     ///< no final consonant: 를, 는, 가, 와, 로
    Consonant, ///< a final consonant other than ㄹ: 을, 은, 이, 과, 으로
    Rieul,     ///< final ㄹ: 을, 은, 이, 과, but 로
    Unknown,   ///< cannot tell: the pair stays
};

/// The final sound of `word`'s Korean reading, from its last character (see above).
FinalSound finalSound(const QString &word);

/// `text` with every paired particle resolved by the word in front of it.
QString withParticles(const QString &text);
std::string withParticles(const std::string &text);

} // namespace memplan::ui
