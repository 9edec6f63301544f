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

/// A word-wrapped label that remembers its height at the last few widths,
/// and its size hint, for the last few shapes of its text (digit_shape.hpp):
/// until its font or style changes. Qt's layouts ask a wrapped label for its
/// height again and again while they settle, and QLabel keeps no answer:
/// each one lays the whole text out anew. The ± panel's findings and the
/// requirement line were asked about 11 times an edit, each time for a new
/// text (its figures changed) but one of a few shapes, a sixth of the edit's
/// work (docs/gui.md, "Latency").
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
    /// Takes the text's shape again when the text is not the one it was for.
    void checkText() const;

    struct Height {
        QString shape;
        int width;
        int height;
    };
    mutable QString text_;                                 ///< the text shape_ is of
    mutable QString shape_;                                ///< digit_shape(text_)
    mutable std::vector<Height> heights_;                  ///< newest last
    mutable std::vector<std::pair<QString, QSize>> hints_; ///< (shape, size hint), newest last
};

/// A one-line label (no word wrap) that remembers its size hints for the
/// last few shapes of its text (digit_shape.hpp), until its font or style
/// changes. The status bar's totals and timing change on every edit, and its
/// layout asks each for its hints several times: QLabel measures a new text
/// three times for them (sizes at no width, at any width and its own).
class SteadyLabel : public QLabel {
public:
    explicit SteadyLabel(QWidget* parent = nullptr);
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void changeEvent(QEvent* event) override;

private:
    struct Hints {
        QString shape;
        QSize hint;
        QSize minimum;
    };
    /// QLabel's hints for the text as it is, measured once per shape.
    const Hints& hintsNow() const;

    mutable QString text_;             ///< the text shape_ is of
    mutable QString shape_;            ///< digit_shape(text_)
    mutable std::vector<Hints> hints_; ///< newest last
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
