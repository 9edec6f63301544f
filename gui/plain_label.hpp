// Plain-text labels for text that changes on every edit. A label holding
// rich or selectable text lays out a whole QTextDocument several times per
// change (size hint, minimum size, height for width, paint); a plain one
// measures with the font metrics, which made an edit about a quarter cheaper
// on the fleet example (docs/gui.md, "Latency"). Colour comes from the
// palette, not a style sheet: setting a style sheet polishes the widget
// again each time, even to the same sheet.
#pragma once

#include <QColor>
#include <QLabel>
#include <QString>
#include <utility>
#include <vector>

namespace podsizer::gui {

/// A word-wrapped label that remembers its height at the last few widths
/// until its text or font changes. Qt's layouts ask a wrapped label for its
/// height again and again while they settle (QLabel keeps no such answer:
/// each one lays the text out anew); the ± panel's findings and the
/// requirement line were asked about 14 times an edit, a sixth of its work.
class WrappedLabel : public QLabel {
public:
    explicit WrappedLabel(QWidget* parent = nullptr);
    int heightForWidth(int width) const override;
    /// As wide as its longest line up to 80 average characters, as high as
    /// the text is there (QLabel's golden-ratio search lays the text out up
    /// to three times).
    QSize sizeHint() const override;
    /// One line of twelve average characters: a long wrapped text is not
    /// laid out at width 0, a word a line, only to learn its widest word.
    QSize minimumSizeHint() const override;

protected:
    void changeEvent(QEvent* event) override;

private:
    /// Forgets the heights and hint when the text is not the one they are for.
    void checkText() const;

    mutable QString text_;
    mutable QSize hint_;                               ///< the text the heights below are for
    mutable std::vector<std::pair<int, int>> heights_; ///< (width, height), newest last
};

/// Sets the text only when it differs (a new text lays the label out again).
void set_text_if_changed(QLabel* label, const QString& text);

/// Sets the text colour (QPalette::WindowText) only when it differs; an
/// invalid colour restores the application's.
void set_text_colour(QLabel* label, const QColor& colour);

/// A "Copy" entry in the label's context menu, for text a user may want
/// elsewhere (a requirement line, an error) that is not selectable.
void add_copy_action(QLabel* label);

} // namespace podsizer::gui
