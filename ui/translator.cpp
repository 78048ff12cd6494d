#include "translator.h"

#include <QByteArray>

namespace memplan::ui {

namespace {
// Where lupdate files tr() calls made from free helper functions of this namespace.
constexpr char kNamespaceContext[] = "memplan::ui";
} // namespace

QString FallbackTranslator::translate(const char *context, const char *sourceText, const char *disambiguation,
                                      int n) const
{
    QString t = QTranslator::translate(context, sourceText, disambiguation, n);
    if (!t.isNull() || !context)
        return t;
    const QByteArray ctx(context);
    const qsizetype colon = ctx.lastIndexOf("::");
    if (colon >= 0) {
        t = QTranslator::translate(ctx.mid(colon + 2).constData(), sourceText, disambiguation, n);
        if (!t.isNull())
            return t;
    }
    return QTranslator::translate(kNamespaceContext, sourceText, disambiguation, n);
}

} // namespace memplan::ui
