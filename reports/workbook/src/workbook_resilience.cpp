// The Resilience sheet (docs/resilience.md §8–§13): per design, rebuild
// times, the odds of losing data, throughput with a D-box down, a WAN
// outage's backlog and catch-up, staging and flash endurance. Every figure is
// a formula over the design sheet and the Assumptions sheet, so an edited
// AFR, fill, rebuild share, outage or WAN moves it.
#include "podsizer/core/resilience.hpp"
#include "workbook_parts.hpp"

#include <cmath>
#include <functional>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace podsizer::wb {

namespace {

/// One metric row: per design a row of the formula map or the value the
/// engine computed.
struct Metric {
    std::string key;
    std::string label;
    Num num;
    std::string how;
};

/// A column's cell of a row: a value alone (no formula), or a row of the
/// formula map (`map` set: its template and figure, formula_map.def).
struct CellSpec {
    double value = 0.0;
    const FormulaRow* map = nullptr;
};
using Cell = std::optional<CellSpec>;

/// A design's column: its cells and what the engine computed.
struct Column {
    const Design* d = nullptr;
    const DesignResilience* r = nullptr;
    const DesignCells* cells = nullptr;
    int col = 0;
};

Cell value(double v) {
    return CellSpec{v};
}
/// The formula map's row `id`: its template and its figure of the column's design.
Cell mapped(std::string_view id) {
    return CellSpec{0.0, &formula_row(id)};
}
/// `cell` where `applies`, else not applicable ("n/a").
Cell when(bool applies, Cell cell) {
    return applies ? cell : std::nullopt;
}

class ResilienceSheet {
public:
    ResilienceSheet(xlsx::Book& book, xlsx::Sheet& sheet, const WorkbookInput& input,
                    const Assumptions& a, const CheckpointCells& ck)
        : book_(book), sheet_(sheet), input_(input), a_(a), ck_(ck) {}

    void write(const std::vector<Column>& cols);
    /// The row of an item written, such as "nines".
    int row_of(const std::string& key) const { return rows_.at(key); }

private:
    /// One row: the label, the formula of each column (nullopt: not
    /// applicable, shown as "n/a") with its cached value, and how.
    void row(const Metric& m, const std::vector<Column>& cols,
             const std::function<Cell(const Column&)>& f);
    /// A row whose every column is the formula map's "res_<key>".
    void row(const Metric& m, const std::vector<Column>& cols) {
        row(m, cols, [id = "res_" + m.key](const Column&) { return mapped(id); });
    }
    /// A formula map row's template filled for column `c` (formula_map.def,
    /// Resilience sheet).
    std::string fill(const FormulaRow& r, const Column& c) const;
    void section(const std::string& title);
    /// The title, the subtitle and the header row.
    void header(const std::vector<Column>& cols);
    /// docs/resilience.md §8: the inputs and the rebuild times.
    void rebuild_rows(const std::vector<Column>& cols);
    /// docs/resilience.md §8–§9: the drive term and P(loss | a D-box fails).
    void drive_loss_rows(const std::vector<Column>& cols);
    /// docs/resilience.md §9: D-box losses and the combined headline.
    void enclosure_rows(const std::vector<Column>& cols);
    /// docs/resilience.md §10: read and write with a D-box or a rack down.
    void state_rows(const std::vector<Column>& cols);
    /// docs/resilience.md §11: a WAN outage's backlog and catch-up.
    void outage_rows(const std::vector<Column>& cols);
    /// docs/resilience.md §11: cloud accounts and staging the dataset.
    void staging_rows(const std::vector<Column>& cols);
    /// docs/resilience.md §12: flash endurance.
    void endurance_rows(const std::vector<Column>& cols);
    /// Column widths, the frozen header and the print setup.
    void layout();
    /// The reference system whose accounts take the offsite copies, if any.
    const ReferenceSystem* reference() const;

    xlsx::Book& book_;
    xlsx::Sheet& sheet_;
    const WorkbookInput& input_;
    const Assumptions& a_;
    const CheckpointCells& ck_;
    int row_ = kHeaderRow + 1;
    int note_col_ = 0;
    std::map<std::string, int> rows_; ///< key -> row
};

void ResilienceSheet::section(const std::string& title) {
    ++row_;
    sheet_.text(row_, 0, title, book_.section());
    ++row_;
}

void ResilienceSheet::row(const Metric& m, const std::vector<Column>& cols,
                          const std::function<Cell(const Column&)>& f) {
    rows_[m.key] = row_;
    sheet_.text(row_, 0, m.label, book_.label());
    for (const Column& c : cols) {
        const auto cell = f(c);
        if (!cell) {
            sheet_.text(row_, c.col, "n/a", book_.label());
            continue;
        }
        if (cell->map != nullptr) {
            const std::size_t design =
                static_cast<std::size_t>(c.d - input_.result->designs.data());
            sheet_.mapped(row_, c.col, *cell->map, fill(*cell->map, c),
                          FigureSource{*c.d, *input_.catalog}, design, m.num);
        } else {
            sheet_.number(row_, c.col, cell->value, m.num, Role::value);
        }
    }
    sheet_.text(row_, note_col_, m.how, book_.label());
    ++row_;
}

std::string ResilienceSheet::fill(const FormulaRow& r, const Column& c) const {
    return fill_formula(r.templ, [&](std::string_view name) {
        const std::size_t colon = name.find(':');
        if (colon == std::string_view::npos) {
            return xlsx::cell(rows_.at(std::string(name)), c.col, false);
        }
        const std::string key(name.substr(colon + 1));
        const std::string_view kind = name.substr(0, colon);
        const DBoxModel* box = input_.catalog->dbox(c.d->dbox_model);
        const ReferenceSystem* ref = reference();
        if (kind == "sheet") {
            return c.cells->ref(key);
        }
        if (kind == "checkpoints") {
            const JobTable& t =
                ck_.of(static_cast<std::size_t>(c.d - input_.result->designs.data()));
            return key == "plan_wan" ? t.plan_wan_ref : t.plan_peak_ref;
        }
        if (kind == "db") {
            return a_.name("dbox", c.d->dbox_model, key);
        }
        if (kind == "ec") {
            return a_.name("ec", box->erasure_coding, key);
        }
        if (kind == "ref") {
            const bool raised = input_.scenario->cloud.raised_account_limit &&
                                ref->accounts_per_subscription_raised > 0;
            return a_.name("reference", ref->id,
                           key != "limit" ? key
                           : raised       ? "accounts_per_subscription_raised"
                                          : "accounts_per_subscription");
        }
        return a_.name("scenario", "scenario", key);
    });
}

void ResilienceSheet::enclosure_rows(const std::vector<Column>& cols) {
    const Assumptions& a = a_;
    // docs/resilience.md §9: enclosure events, and the headline combining
    // both terms (the Summary and the Slide link to its nines).
    row({"dbox_events", "D-box outages a year (per D-box)", Num::percent,
         "the scenario's, else the D-box's (Assumptions)"},
        cols, [&](const Column& c) -> Cell {
            return a.has("scenario", "scenario", "dbox_events") ? mapped("res_dbox_events_scenario")
                   : c.r->dbox_events > 0.0                     ? mapped("res_dbox_events")
                                                                : value(c.r->dbox_events);
        });
    // Losses, not outages, count against durability; a catalog without the
    // figure counts every event as a loss (docs/resilience.md §9).
    row({"dbox_losses", "D-box losses a year (per D-box)", Num::percent,
         "the scenario's, else the D-box's (Assumptions), else every outage"},
        cols, [&](const Column& c) -> Cell {
            return mapped(a.has("scenario", "scenario", "dbox_losses") ? "res_dbox_losses_scenario"
                          : a.has("dbox", c.d->dbox_model, "dbox_losses_per_year")
                              ? "res_dbox_losses"
                              : "res_dbox_losses_events");
        });
    row({"loss_year_dbox", "Annual loss probability, D-box losses", Num::scientific,
         "1 − EXP(−D-boxes x losses a year x P(loss | a D-box fails))"},
        cols);
    row({"loss_year_all", "Annual loss probability, drives and D-boxes", Num::scientific,
         "1 − (1 − drive term)(1 − D-box term), as a + b − a·b"},
        cols, [&](const Column& c) {
            return when(headline_annual_loss(*c.d).has_value(), mapped("res_loss_year_all"));
        });
    row({"nines", "Nines, drives and D-boxes (exponential rebuilds, serial repair)", Num::two,
         "−LOG10(annual loss probability, drives and D-boxes)"},
        cols, [&](const Column& c) {
            return when(headline_annual_loss(*c.d).value_or(0.0) > 0.0, mapped("res_nines"));
        });
    row({"largest_term", std::string(metric(MetricId::durability_largest_term).label), Num::text,
         "the larger of the two terms above: D-box losses or drive failures"},
        cols, [&](const Column& c) {
            return when(headline_annual_loss(*c.d) &&
                            metric(MetricId::durability_largest_term).cell(*c.d, false) != "n/a",
                        mapped("res_largest_term"));
        });
    row({"loss_year_fixed", "Drive term with fixed rebuild windows (Backblaze method)",
         Num::scientific, "N·AFR x P(K more of N − 1 fail within T_d); about K! lower"},
        cols, [&](const Column& c) { return value(c.r->fixed_window_annual_loss); });
}

void ResilienceSheet::state_rows(const std::vector<Column>& cols) {
    section("Throughput with a D-box or a rack down, the rebuild on the C-nodes");
    row({"degraded_read", "Read, one D-box down (TB/s)", Num::two,
         "(1 − ρ) x MIN(frontend, backend per D-box x (D − 1)); 0: the layout loses data"},
        cols, [&](const Column& c) -> Cell {
            return c.d->tolerates_dbox_loss ? mapped("res_degraded_read")
                                            : value(in(c.r->degraded_read, units::TB_per_s));
        });
    row({"degraded_write", "Write, one D-box down (TB/s)", Num::two, "likewise for write"}, cols,
        [&](const Column& c) -> Cell {
            return c.d->tolerates_dbox_loss ? mapped("res_degraded_write")
                                            : value(in(c.r->degraded_write, units::TB_per_s));
        });
    row({"rack_down_read", "Read, one rack down (TB/s)", Num::two,
         "(1 − ρ) x MIN(survivors' frontend, backend), costliest rack lost"},
        cols, [&](const Column& c) -> Cell {
            return when(c.r->survives_rack_loss, value(in(c.r->rack_down_read, units::TB_per_s)));
        });
    row({"rack_down_write", "Write, one rack down (TB/s)", Num::two, "likewise for write"}, cols,
        [&](const Column& c) -> Cell {
            return when(c.r->survives_rack_loss, value(in(c.r->rack_down_write, units::TB_per_s)));
        });
    // Only with checkpoint jobs (docs/resilience.md §10): the read beside
    // their write averaged over the interval.
    if (!input_.result->requirements.checkpoints.jobs.empty()) {
        row({"burst_read", "Read beside the checkpoints' average write (TB/s)", Num::two,
             "read x (1 − average checkpoint write / write): a device reads and writes from one "
             "budget"},
            cols, [&](const Column& c) -> Cell {
                return value(in(c.r->read_during_burst, units::TB_per_s));
            });
    }
}

void ResilienceSheet::header(const std::vector<Column>& cols) {
    note_col_ = kFirstCol + static_cast<int>(cols.size());
    sheet_.titles(
        "Resilience",
        {"Per design: rebuilds, the odds of losing data, throughput with a D-box down, a "
         "WAN outage and staging, flash endurance. Formulas over the design sheets and the "
         "Assumptions sheet: edit an input there and every row follows."});
    sheet_.text(kHeaderRow, 0, "Metric", book_.header_left());
    std::vector<std::tuple<std::string, double, double>> names;
    for (const Column& c : cols) {
        sheet_.text(kHeaderRow, c.col, c.d->name, book_.header());
        names.emplace_back(c.d->name, 16, 10.0); // 18 wide; bold text runs wider
    }
    sheet_.text(kHeaderRow, note_col_, "How", book_.header_left());
    // As high as the longest design name wraps: "HD exabyte, capacity only
    // (1:2)" was cut on paper (REVIEW-3 part B #6).
    sheet_.fit_height(kHeaderRow, names);
}

const ReferenceSystem* ResilienceSheet::reference() const {
    return input_.scenario != nullptr ? account_reference(*input_.scenario, *input_.catalog)
                                      : nullptr;
}

void ResilienceSheet::rebuild_rows(const std::vector<Column>& cols) {
    const bool afr = a_.has("scenario", "scenario", "afr");
    row({"afr", "Drive AFR", Num::percent, "the scenario's, else the D-box's (Assumptions)"}, cols,
        [&](const Column&) { return mapped(afr ? "res_afr_scenario" : "res_afr"); });
    row({"fill", "Fill", Num::percent, "share of the drives holding data (Assumptions)"}, cols);
    row({"rho", "Backend share for rebuilds", Num::percent, "ρ (Assumptions)"}, cols);
    row({"amp", "Rebuild reads (drives per drive)", Num::one,
         "the EC rule's rebuild read fraction x data strips"},
        cols);
    row({"drives_all", "Drives", Num::integer, "D-boxes x drives per D-box"}, cols);
    row({"rebuild_GBps", "Rebuild bandwidth (GB/s)", Num::one,
         "ρ x MIN(frontend read, backend read): read from every D-box, decoded on the C-nodes"},
        cols);
    row({"drive_rebuild_min", "Drive rebuild (min)", Num::one,
         "fill x drive size x rebuild reads / rebuild bandwidth"},
        cols);
    row({"dbox_rebuild_h", "D-box rebuild (h)", Num::one,
         "a D-box's data at ρ of the C-nodes or of the other D-boxes, the smaller"},
        cols, [&](const Column& c) -> Cell {
            return when(c.d->dboxes >= 2, mapped("res_dbox_rebuild_h"));
        });
}

void ResilienceSheet::drive_loss_rows(const std::vector<Column>& cols) {
    // The first-order rate Nλ·Π(N−i)λT_d (docs/resilience.md §2): Π_{i=1..K}(N−i)
    // is PERMUT(N−1, K). P = x(1 − x/2) for small x keeps the digits 1 − EXP(−x)
    // would lose; `podsizer resilience` gives the exact chain beside it.
    row({"loss_year", "Annual loss probability, drive failures (first order)", Num::scientific,
         "N·λ·PERMUT(N−1,K)·(λ·T_d)^K a year, λ = AFR per hour; an upper bound"},
        cols, [&](const Column& c) {
            return when(first_order_annual_loss(*c.d).has_value(), mapped("res_loss_year"));
        });
    row({"nines_drives", "Nines, drive failures (first order)", Num::two,
         "−LOG10(annual loss probability, drive failures)"},
        cols, [&](const Column& c) {
            return when(first_order_annual_loss(*c.d).value_or(0.0) > 0.0,
                        mapped("res_nines_drives"));
        });
    row({"dbox_loss", "P(loss | a D-box fails)", Num::scientific,
         "K − p + 1 more failures within T_box: GAMMADIST(N·λ·T_box, K − p + 1, 1, TRUE)"},
        cols, [&](const Column& c) -> Cell {
            return c.d->dboxes < 2 || c.d->strips_per_dbox > c.d->parity_strips
                       ? value(c.r->dbox_loss_given_failure)
                       : mapped("res_dbox_loss");
        });
}

void ResilienceSheet::outage_rows(const std::vector<Column>& cols) {
    const bool has_wan = a_.has("scenario", "scenario", "wan_Gbps");
    const bool jobs = !input_.result->requirements.checkpoints.jobs.empty();
    row({"offsite_Gbps", "Offsite copies (Gbps)", Num::one,
         "the checkpoint jobs' offsite rate (Checkpoints sheet)"},
        cols, [&](const Column& c) {
            return !jobs || c.d->requirements.checkpoints.jobs.empty()
                       ? value(in(c.r->offsite_write, units::Gbps))
                       : mapped("res_offsite_Gbps");
        });
    row({"backlog_PB", "Backlog after the outage (PB)", Num::two, "offsite rate x outage"}, cols);
    row({"kept_PB", "Checkpoints kept locally (PB)", Num::two,
         "at their peak, while the next is written (Checkpoints sheet)"},
        cols, [&](const Column& c) {
            return !jobs || c.d->requirements.checkpoints.jobs.empty()
                       ? value(in(c.r->retained, units::PB))
                       : mapped("res_kept_PB");
        });
    row({"local_need_PB", "Local capacity to ride it out (PB)", Num::two,
         "checkpoints kept + backlog + dataset to stage"},
        cols);
    if (has_wan) {
        row({"catch_up_h", "Catch-up on the WAN (h)", Num::one,
             "backlog / (WAN − offsite rate); n/a when it never drains"},
            cols, [&](const Column& c) -> Cell {
                return when(c.r->catch_up.has_value(), mapped("res_catch_up_h"));
            });
    }
}

void ResilienceSheet::staging_rows(const std::vector<Column>& cols) {
    const ReferenceSystem* ref = reference();
    const bool has_wan = a_.has("scenario", "scenario", "wan_Gbps");
    if (ref != nullptr && ref->account_capacity.base() > 0.0 && ref->account_ingress.base() > 0.0) {
        row({"accounts", "Cloud accounts (offsite rate, dataset)", Num::integer,
             "MAX(offsite rate / ingress, dataset / capacity), at most the subscription's "
             "limit"},
            cols);
    }
    if (has_wan) {
        const bool egress =
            rows_.count("accounts") != 0 && ref != nullptr && ref->account_egress.base() > 0.0;
        row({"staging_Gbps", "Staging rate (Gbps)", Num::integer,
             "MIN(WAN, accounts x egress, the design's write)"},
            cols, [&](const Column&) {
                return mapped(egress ? "res_staging_Gbps_egress" : "res_staging_Gbps");
            });
        row({"staging_days", "Staging the dataset (days)", Num::one, "dataset / staging rate"},
            cols, [&](const Column& c) -> Cell {
                return when(c.r->staging.has_value(), mapped("res_staging_days"));
            });
    }
}

void ResilienceSheet::endurance_rows(const std::vector<Column>& cols) {
    // docs/resilience.md §12: an average only for a stated workload.
    row({"average_GBps", "Write averaged over the day (GB/s)", Num::one,
         "the checkpoint jobs' size / interval; n/a without jobs (no stated workload)"},
        cols, [&](const Column& c) -> Cell {
            return when(c.r->has_checkpoints, value(in(c.r->average_write, units::GB_per_s)));
        });
    row({"dwpd_average", "Drive writes per day, checkpoint jobs' average", Num::three,
         "write x 86,400 s x stripe width / data strips / raw capacity"},
        cols, [&](const Column& c) -> Cell {
            return when(c.r->has_checkpoints, mapped("res_dwpd_average"));
        });
    row({"dwpd_peak", "Drive writes per day, at full write", Num::two,
         "the design's write all day"},
        cols);
    row({"rated_dwpd", "Rated drive writes per day", Num::two, "the D-box's drives (Assumptions)"},
        cols, [&](const Column& c) -> Cell {
            return when(c.r->rated_dwpd > 0.0, mapped("res_rated_dwpd"));
        });
}

void ResilienceSheet::layout() {
    sheet_.column_widths({{0, 0, 46}, {kFirstCol, note_col_ - 1, 18}, {note_col_, note_col_, 70}});
    sheet_.freeze(kHeaderRow + 1, 1);
    sheet_.print_setup(kHeaderRow);
}

void ResilienceSheet::write(const std::vector<Column>& cols) {
    header(cols);
    section("Rebuilds and the odds of losing data");
    rebuild_rows(cols);
    drive_loss_rows(cols);
    enclosure_rows(cols);

    state_rows(cols);
    section("A WAN outage, and staging");
    outage_rows(cols);
    staging_rows(cols);

    section("Flash endurance");
    endurance_rows(cols);
    layout();
}

// The rows the Summary and the Slide link to, their cached values the
// metric's (metrics.cpp): the read and write with a D-box down beside the
// intact figures (docs/model.md §5), and the headline durability.
const std::pair<MetricId, std::string> kLinked[] = {
    {MetricId::dbox_down_read, "degraded_read"},
    {MetricId::dbox_down_write, "degraded_write"},
    {MetricId::durability_nines, "nines"},
    {MetricId::durability_largest_term, "largest_term"},
};

} // namespace

bool has_resilience(const WorkbookInput& input) {
    if (input.scenario == nullptr) {
        return false;
    }
    for (const Design& d : input.result->designs) {
        if (d.resilience) {
            return true;
        }
    }
    return false;
}

void write_resilience(xlsx::Book& book, xlsx::Sheet& sheet, const WorkbookInput& input,
                      std::vector<DesignCells>& designs, const Assumptions& a,
                      const CheckpointCells& checkpoints) {
    std::vector<Column> cols;
    const std::vector<Design>& all = input.result->designs;
    for (std::size_t i = 0; i < all.size(); ++i) {
        if (all[i].resilience) {
            cols.push_back({&all[i], &*all[i].resilience, &designs[i],
                            kFirstCol + static_cast<int>(cols.size())});
        }
    }
    ResilienceSheet rs(book, sheet, input, a, checkpoints);
    rs.write(cols);
    for (const Column& c : cols) {
        DesignCells& cells = designs[static_cast<std::size_t>(c.d - all.data())];
        for (const auto& [id, row] : kLinked) {
            const podsizer::Metric& m = metric(id);
            const std::string key(m.sheet);
            const std::string text = m.cell(*c.d, false); // "n/a" where it does not apply
            if (text == "n/a") {
                continue;
            }
            cells.linked[key] = xlsx::ref(sheet.name(), rs.row_of(row), c.col);
            if (m.of_design != nullptr) {
                cells.numbers[key] = *m.of_design(*c.d);
            } else {
                cells.texts[key] = text;
            }
        }
    }
}

} // namespace podsizer::wb
