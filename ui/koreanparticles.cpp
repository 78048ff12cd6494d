#include "koreanparticles.h"

#include <array>

namespace memplan::ui {

namespace {

bool isHangulSyllable(QChar c)
{
    return c.unicode() >= 0xac00 && c.unicode() <= 0xd7a3;
}

FinalSound ofHangul(QChar c)
{
    const int jong = (c.unicode() - 0xac00) % 28; // the syllable's final consonant, 0 for none
    if (jong == 0)
        return FinalSound::Vowel;
    return jong == 8 ? FinalSound::Rieul : FinalSound::Consonant; // 8 is ㄹ
}

FinalSound ofDigit(const QString &word, qsizetype at)
{
    switch (word.at(at).unicode()) {
    case '0':
        return FinalSound::Consonant; // 영, or 십/백/천/만 for a round number
    case '1':
    case '7':
    case '8':
        return FinalSound::Rieul; // 일, 칠, 팔
    case '3':
    case '6':
        return FinalSound::Consonant; // 삼, 육
    default:
        return FinalSound::Vowel; // 이, 사, 오, 구
    }
}

FinalSound ofLatin(const QString &word, qsizetype at)
{
    const QChar c = word.at(at).toLower();
    const QChar before = at > 0 ? word.at(at - 1).toLower() : QChar();
    // Read as a word's last syllable, not spelled out, when a vowel comes before: "SGLang" ends in
    // 랭, "stack" in 택; "png" is spelled out (피엔지) and takes 를.
    const QChar third = at > 1 ? word.at(at - 2).toLower() : QChar();
    const bool vowelBefore = QStringLiteral("aeiou").contains(third);
    if (vowelBefore && ((c == u'g' && before == u'n') || (c == u'k' && before == u'c')))
        return FinalSound::Consonant;
    switch (c.unicode()) {
    case 'l':
    case 'r':
        return FinalSound::Rieul; // 엘, 알
    case 'm':
    case 'n':
        return FinalSound::Consonant; // 엠, 엔
    default:
        return FinalSound::Vowel; // 에이, 비, 씨, 디, 이, 에프, 지, …
    }
}

bool skipped(QChar c)
{
    static const QString closing = QStringLiteral("'\"’”)]」』>*`");
    return closing.contains(c) || c.isSpace();
}

struct Pair {
    QString written; ///< as the translation writes it
    QString afterConsonant;
    QString afterVowel;
    QString afterRieul;
};

const std::array<Pair, 5> &pairs()
{
    static const std::array<Pair, 5> p{{
        {QStringLiteral("을(를)"), QStringLiteral("을"), QStringLiteral("를"), QStringLiteral("을")},
        {QStringLiteral("은(는)"), QStringLiteral("은"), QStringLiteral("는"), QStringLiteral("은")},
        {QStringLiteral("이(가)"), QStringLiteral("이"), QStringLiteral("가"), QStringLiteral("이")},
        {QStringLiteral("과(와)"), QStringLiteral("과"), QStringLiteral("와"), QStringLiteral("과")},
        {QStringLiteral("(으)로"), QStringLiteral("으로"), QStringLiteral("로"), QStringLiteral("로")},
    }};
    return p;
}

} // namespace

FinalSound finalSound(const QString &word)
{
    qsizetype i = word.size() - 1;
    while (i >= 0 && skipped(word.at(i)))
        --i;
    if (i < 0)
        return FinalSound::Unknown;
    const QChar c = word.at(i);
    if (isHangulSyllable(c))
        return ofHangul(c);
    if (c >= u'0' && c <= u'9')
        return ofDigit(word, i);
    if ((c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z'))
        return ofLatin(word, i);
    return FinalSound::Unknown;
}

QString withParticles(const QString &text)
{
    if (!text.contains(u'(')) // every pair holds a bracket; most texts have none
        return text;
    QString out;
    out.reserve(text.size());
    qsizetype i = 0;
    while (i < text.size()) {
        const Pair *found = nullptr;
        for (const Pair &p : pairs())
            if (text.mid(i, p.written.size()) == p.written) {
                found = &p;
                break;
            }
        if (!found || out.isEmpty() || out.back().isSpace()) {
            out += text.at(i++);
            continue;
        }
        switch (finalSound(out)) {
        case FinalSound::Vowel:
            out += found->afterVowel;
            break;
        case FinalSound::Consonant:
            out += found->afterConsonant;
            break;
        case FinalSound::Rieul:
            out += found->afterRieul;
            break;
        case FinalSound::Unknown:
            out += found->written;
            break;
        }
        i += found->written.size();
    }
    return out;
}

std::string withParticles(const std::string &text)
{
    if (text.find('(') == std::string::npos)
        return text;
    return withParticles(QString::fromStdString(text)).toStdString();
}

} // namespace memplan::ui
