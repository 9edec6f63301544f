#include "plain_label.hpp"

#include "digit_shape.hpp"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QEvent>
#include <QFontMetrics>
#include <QGuiApplication>
#include <QLabel>
#include <QPalette>
#include <algorithm>

namespace podsizer::gui {

WrappedLabel::WrappedLabel(QWidget* parent) : QLabel(parent) {
    setWordWrap(true);
    setTextFormat(Qt::PlainText);
}

namespace {

/// Sizes a label remembers: the shapes an edit moves a text between (a
/// figure crossing a power of ten, a plural) times the few widths Qt's
/// layouts try while they settle (about four).
constexpr std::size_t kRemembered = 16;

} // namespace

void WrappedLabel::checkText() const {
    if (text() != text_) {
        text_ = text();
        shape_ = digit_shape(text_, font());
    }
}

QSize WrappedLabel::sizeHint() const {
    checkText();
    for (const auto& [shape, hint] : hints_) {
        if (shape == shape_) {
            return hint;
        }
    }
    const QFontMetrics fm(font());
    int longest = 0;
    for (const QString& line : text().split('\n')) {
        longest = std::max(longest, fm.horizontalAdvance(line));
    }
    const QMargins m = contentsMargins();
    const int extra = m.left() + m.right() + 2 * std::max(0, indent()) + 2 * margin();
    const int width = std::min(longest, 80 * fm.averageCharWidth()) + extra;
    const QSize hint(width, heightForWidth(width));
    if (hints_.size() == kRemembered) {
        hints_.erase(hints_.begin());
    }
    hints_.emplace_back(shape_, hint);
    return hint;
}

QSize WrappedLabel::minimumSizeHint() const {
    const QFontMetrics fm(font());
    const QMargins m = contentsMargins();
    return {std::min(sizeHint().width(), 12 * fm.averageCharWidth()),
            text().isEmpty() ? 0 : fm.lineSpacing() + m.top() + m.bottom() + 2 * margin()};
}

int WrappedLabel::heightForWidth(int width) const {
    checkText();
    for (const Height& h : heights_) {
        if (h.width == width && h.shape == shape_) {
            return h.height;
        }
    }
    const int height = QLabel::heightForWidth(width);
    if (heights_.size() == kRemembered) {
        heights_.erase(heights_.begin());
    }
    heights_.push_back({shape_, width, height});
    return height;
}

void WrappedLabel::changeEvent(QEvent* event) {
    // A new font, style or margins measure differently.
    text_.clear();
    shape_.clear();
    heights_.clear();
    hints_.clear();
    QLabel::changeEvent(event);
}

SteadyLabel::SteadyLabel(QWidget* parent) : QLabel(parent) {
    setTextFormat(Qt::PlainText);
}

const SteadyLabel::Hints& SteadyLabel::hintsNow() const {
    if (text() != text_) {
        text_ = text();
        shape_ = digit_shape(text_, font());
    }
    for (const Hints& h : hints_) {
        if (h.shape == shape_) {
            return h;
        }
    }
    if (hints_.size() == kRemembered) {
        hints_.erase(hints_.begin());
    }
    hints_.push_back({shape_, QLabel::sizeHint(), QLabel::minimumSizeHint()});
    return hints_.back();
}

QSize SteadyLabel::sizeHint() const {
    return hintsNow().hint;
}

QSize SteadyLabel::minimumSizeHint() const {
    return hintsNow().minimum;
}

void SteadyLabel::changeEvent(QEvent* event) {
    // A new font, style or margins measure differently.
    text_.clear();
    shape_.clear();
    hints_.clear();
    QLabel::changeEvent(event);
}

void set_text_if_changed(QLabel* label, const QString& text) {
    if (label->text() != text) {
        label->setText(text);
    }
}

void set_text_colour(QLabel* label, const QColor& colour) {
    const QColor wanted =
        colour.isValid() ? colour : QApplication::palette(label).color(QPalette::WindowText);
    if (label->palette().color(QPalette::WindowText) == wanted) {
        return;
    }
    QPalette p = label->palette();
    p.setColor(QPalette::WindowText, wanted);
    label->setPalette(p);
}

void add_copy_action(QLabel* label) {
    auto* copy = new QAction(QObject::tr("Copy"), label);
    copy->setObjectName("copy-text");
    QObject::connect(copy, &QAction::triggered, label,
                     [label] { QGuiApplication::clipboard()->setText(label->text()); });
    label->addAction(copy);
    label->setContextMenuPolicy(Qt::ActionsContextMenu);
}

} // namespace podsizer::gui
