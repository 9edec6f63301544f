#include "digit_shape.hpp"

#include <QFont>
#include <QFontMetricsF>
#include <QHash>
#include <array>
#include <memory>
#include <vector>

namespace podsizer::gui {

namespace {

bool is_digit(QChar c) {
    return c >= QLatin1Char('0') && c <= QLatin1Char('9');
}

/// What is known of one font's digits.
struct DigitFacts {
    QFont font;
    bool uniform = false; ///< one advance, and every pair of digits as wide as two
    /// A character below 128: 0 not yet measured, 1 every digit kerns alike
    /// with it, 2 not. Others in `other`.
    std::array<unsigned char, 128> ascii{};
    QHash<char16_t, bool> other;
};

/// Measures every digit before and after `c`: the pair's advance must not
/// depend on the digit (no kerning pair such as "1," tells digits apart).
bool neighbour_is_neutral(const QFontMetricsF& fm, QChar c) {
    const QString s(c);
    const qreal before = fm.horizontalAdvance(s + QLatin1Char('0'));
    const qreal after = fm.horizontalAdvance(QLatin1Char('0') + s);
    for (char d = '1'; d <= '9'; ++d) {
        if (fm.horizontalAdvance(s + QLatin1Char(d)) != before ||
            fm.horizontalAdvance(QLatin1Char(d) + s) != after) {
            return false;
        }
    }
    return true;
}

DigitFacts& facts_of(const QFont& font) {
    // The GUI thread alone measures text, in a handful of fonts (compared
    // whole: QFont::key() builds a string, too slow for every cell).
    static std::vector<std::unique_ptr<DigitFacts>> known;
    for (const auto& f : known) {
        if (f->font == font) {
            return *f;
        }
    }
    auto facts = std::make_unique<DigitFacts>();
    facts->font = font;
    const QFontMetricsF fm(font);
    const qreal zero = fm.horizontalAdvance(QLatin1Char('0'));
    facts->uniform = true;
    for (char a = '0'; a <= '9' && facts->uniform; ++a) {
        facts->uniform = fm.horizontalAdvance(QLatin1Char(a)) == zero;
        for (char b = '0'; b <= '9' && facts->uniform; ++b) {
            const QString pair = QString(QLatin1Char(a)) + QLatin1Char(b);
            facts->uniform = fm.horizontalAdvance(pair) == 2 * zero;
        }
    }
    known.push_back(std::move(facts));
    return *known.back();
}

/// Whether every digit kerns alike with `c`, measured once per font.
bool neutral(DigitFacts& facts, QChar c) {
    const char16_t u = c.unicode();
    if (u < facts.ascii.size()) {
        if (facts.ascii[u] == 0) {
            facts.ascii[u] = neighbour_is_neutral(QFontMetricsF(facts.font), c) ? 1 : 2;
        }
        return facts.ascii[u] == 1;
    }
    auto known = facts.other.find(u);
    if (known == facts.other.end()) {
        known = facts.other.insert(u, neighbour_is_neutral(QFontMetricsF(facts.font), c));
    }
    return *known;
}

} // namespace

bool digits_share_one_width(const QFont& font) {
    return facts_of(font).uniform;
}

QString digit_shape(const QString& text, const QFont& font) {
    DigitFacts& facts = facts_of(font);
    if (!facts.uniform) {
        return text;
    }
    QString shape = text;
    const qsizetype n = text.size();
    for (qsizetype i = 0; i < n; ++i) {
        if (!is_digit(text[i])) {
            continue;
        }
        // Each neighbour that is not a digit is checked once per font.
        for (const qsizetype j : {i - 1, i + 1}) {
            if (j < 0 || j >= n || is_digit(text[j])) {
                continue;
            }
            if (text[j].isSurrogate() || !neutral(facts, text[j])) {
                return text; // measured as it is (a surrogate: half a character)
            }
        }
        shape[i] = QLatin1Char('0');
    }
    return shape;
}

} // namespace podsizer::gui
