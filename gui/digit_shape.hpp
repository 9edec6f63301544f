// A figure's shape: its text with every digit made '0'. Where the font sets
// every digit alike beside its neighbours (one advance, no kerning that
// tells digits apart), "41,472 GPUs" and "40,896 GPUs" measure, wrap and
// elide alike, so a width or a height measured once for the shape holds for
// every figure of that shape. An edit changes figures, rarely their shapes:
// measuring by shape is what lets a label or a table answer Qt's repeated
// size questions without laying its text out again (docs/gui.md, "Latency").
#pragma once

#include <QString>

class QFont;

namespace podsizer::gui {

/// `text` with each digit made '0' when `font` sets the ten digits alike
/// beside the text's other characters (checked once per font and
/// neighbouring character, by measuring each pair); otherwise `text` itself,
/// which is always safe to measure by.
QString digit_shape(const QString& text, const QFont& font);

/// Whether the ten digits of `font` are one advance wide and kern alike
/// with each other (the condition for any digit_shape other than the text).
bool digits_share_one_width(const QFont& font);

} // namespace podsizer::gui
