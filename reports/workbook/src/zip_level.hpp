// The deflate level of the workbook's zip parts. libxlsxwriter 1.1.4 (Debian
// 12) compresses every part at zlib's default level 6 and offers no option
// for it; zip_level.cpp stands in front of the one minizip call that opens a
// part and passes the level chosen here. docs/performance.md, "The
// workbook's deflate level", has the measurement.
#pragma once

namespace podsizer::xlsx {

/// zlib's fastest level: the fleet comparison's workbook is written about
/// 11 % faster (whole process) and its file is about 17 % larger.
inline constexpr int kWorkbookDeflateLevel = 1;

/// The level the parts opened from now on are deflated at (1-9, or -1 for
/// zlib's default); Book sets kWorkbookDeflateLevel before its first part.
void set_deflate_level(int level);

} // namespace podsizer::xlsx
