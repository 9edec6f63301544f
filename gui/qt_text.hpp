// UTF-8 text as a QString: the one conversion every view makes.
#pragma once

#include <QString>
#include <string_view>

namespace podsizer::gui {

inline QString q(std::string_view s) {
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

} // namespace podsizer::gui
