// Pieces shared by the extrapolation, comparison and optimiser reports:
// plain numbers for machines and compact JSON summaries. Private to
// podsizer::reports (nothing outside sees nlohmann::json).
#pragma once

#include "podsizer/core/design.hpp"
#include "podsizer/core/extrapolation.hpp"
#include "podsizer/reports/plain_number.hpp"

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace podsizer::detail {

using ojson = nlohmann::ordered_json;

/// Three significant digits: "118", "17.8", "0.841", "2,750"; from 10^6 up and
/// below 10^-3 in scientific notation without exponent padding: "3.04e7",
/// "3.29e-8" ({fmt}, never the locale); "∞" when not finite (format_number).
std::string three_significant(double v);

/// `j` with every -0.0 made 0.0 (nlohmann writes "-0.0"; a non-finite number
/// is already written null): what every JSON report is dumped through, so no
/// figure reaches a machine as "-0.0" (third red-team round, defect 8).
template <class Json> Json without_negative_zero(Json j) {
    if (j.is_number_float() && j.template get<double>() == 0.0) {
        return Json(0.0);
    }
    if (j.is_structured()) {
        for (auto& item : j) {
            item = without_negative_zero(std::move(item));
        }
    }
    return j;
}

/// A JSON report as every command writes it: without_negative_zero,
/// indented by 2, a newline at the end.
inline std::string json_text(ojson j) {
    return without_negative_zero(std::move(j)).dump(2) + "\n";
}

/// 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, ...
std::string ordinal(std::int64_t n);

/// 0.1 -> "10 %", 0.025 -> "2.5 %".
std::string percent_text(double fraction);

/// A source of a figure: {kind, ref, note}.
ojson source_json(const Source& s);

/// {severity, code, message}
ojson finding_json(const Finding& f);
ojson findings_json(const std::vector<Finding>& fs);

/// Sets `assumptions` (every assumed catalog figure the headline figures
/// rest on) and `assumptions_by_metric` (metric key -> ids, only metrics
/// resting on one) of a design or a reference (docs/model.md §14).
void add_assumptions(ojson& j, const std::vector<AssumedFigure>& of);
/// The `assumptions_by_metric` object alone.
ojson assumptions_by_metric_json(const std::vector<AssumedFigure>& of);

/// A design's bill of materials and key figures (no rack layout), SI units
/// in the keys as in the sizing report.
ojson design_summary_json(const Design& d);

/// Each design's summary (or what `write` writes of it), with its `cost`
/// block when there is a price book (docs/cost.md; no cost block at all
/// without one): the one place a design's record gains its cost.
ojson priced_summary_json(const Design& d, const PriceBook* prices,
                          ojson (*write)(const Design&) = design_summary_json);
ojson priced_summaries_json(const std::vector<Design>& designs,
                            const std::optional<PriceBook>& prices,
                            ojson (*write)(const Design&) = design_summary_json);

/// A design's resilience (docs/resilience.md §8–§13), SI units in the keys:
/// the `resilience` command's per-design object and `size`'s `resilience`.
ojson resilience_json(const DesignResilience& r);

/// The `extrapolation` object of the CLI contract: target_bytes, pods_exact,
/// pods, total_usable_bytes, racks, power_w, read_bytes_per_s,
/// write_bytes_per_s, and more (defined in extrapolation_report.cpp).
ojson extrapolation_json(const Extrapolation& e);

/// A design's verdict (docs/model.md §15): status, sentence and checks, each
/// with its need, delivered figure, state and result.
ojson verdict_json(const Design& d);

/// "Verdict:" and one sentence a design (named when there are several).
std::string verdict_lines(const std::vector<Design>& designs);

/// "  [severity] subject: message" lines under a "Findings:" heading; empty
/// when there are none.
std::string findings_block(const std::vector<std::pair<std::string, Finding>>& fs);

/// The same block as a fenced code block for Markdown; empty when there are none.
std::string findings_markdown(const std::vector<std::pair<std::string, Finding>>& fs);

} // namespace podsizer::detail
