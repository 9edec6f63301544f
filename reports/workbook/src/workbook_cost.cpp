// The Cost sheet (docs/cost.md §2–§4): what each design, its pods grown to a
// target and each reference column cost. Each figure is a row of the formula
// map (formula_map.def, "Cost sheet") over the Prices sheet and the design
// sheets' counts, power and capacity, cached with core's design_cost and
// cloud_cost. A part the book leaves unpriced says so and is left out of
// the totals, never counted as 0.
#include "podsizer/reports/cost_report.hpp"
#include "workbook_bom.hpp"
#include "workbook_parts.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <set>
#include <tuple>

namespace podsizer::wb {

namespace {

constexpr double kColumnWidth = 20;
constexpr double kLabelWidth = 46;

/// One column: a design, its pods grown to the target, or a reference.
struct CostColumn {
    std::string name;
    ColumnKind kind = ColumnKind::design;
    const Design* design = nullptr;     ///< design and pods columns
    std::size_t design_index = 0;       ///< of the result (a reference: 0)
    const DesignCells* cells = nullptr; ///< design and pods: the design's sheet
    std::size_t design_col = 0;         ///< pods: this table's column of the design
    std::size_t summary_col = 0;        ///< the Summary's column of it
    int item = -1;                      ///< the comparison's column; -1 without
    CostFigures f;
};

/// When a row is on the sheet: always, with a comparison, space priced per
/// rack, not per rack, per kW, a part some column has, a discount rate,
/// GPU-hours recovered, egress by bands, flat egress.
enum class When { always, compared, rack, no_rack, kw, any_part, rate, recovered, bands, flat };

/// A row: a section heading (no key) or one cell per column. `design` and
/// `reference`: the map rows ("cost_" + it) of the two kinds of column
/// (null: none, a reference's n/a; "": a constant 0); "{}" in the label:
/// the book's currency; `rests`: the assumed prices its cells rest on, "*"
/// all of the column's, "items", "running" (but the years and the rate),
/// or names (a trailing '*' a prefix).
struct CostRow {
    const char* key;
    const char* label;
    Num num = Num::integer;
    const char* design = nullptr;
    const char* reference = nullptr;
    int flags = 0;
    const char* rests = "";
    When when = When::always;

    /// Core's part it prices; empty when none.
    std::string part() const;
};

/// Pods: the pod count times the design column. Priced: core's part of the
/// key's name after its section ("capex_cables": cables); a cell with no
/// amount is "unpriced". Cloud: the assumed prices of the cloud store's.
constexpr int S = 1, P = 2, C = 4;
constexpr Num I = Num::integer, N1 = Num::one;
constexpr When A = When::any_part;
// clang-format off
const CostRow kRows[] = {
    {"", "What is priced"},
    {"q_pods", "Pods", I, nullptr, nullptr, 0, "", When::compared},
    {"q_cnodes", "C-nodes", I, "cnodes", nullptr, S},
    {"q_dboxes", "D-boxes", I, "dboxes", nullptr, S},
    {"q_switches", "Switches", I, "switches", nullptr, S},
    {"q_racks", "Racks", I, "racks", nullptr, S},
    {"q_usable_TB", "Usable capacity (TB)", N1, "usable_TB", "ref_usable_TB", S},
    {"q_read_GBps", "Delivered read (GB/s)", N1, "read_GBps", "ref_read_GBps", S},
    {"q_facility_kW", "Facility power (kW)", N1, "facility_kW", nullptr, S},
    {"q_basis_kW", "Power on the basis (kW)", N1, "basis_kW", nullptr, S, "", When::kw},
    {"", "CapEx"},
    {"capex_cnodes", "  C-nodes ({})", I, "capex_cnodes", nullptr, S | P, "kind"},
    {"capex_dboxes", "  D-boxes ({})", I, "capex_dboxes", nullptr, S | P, "kind"},
    {"capex_switches", "  Switches ({})", I, "capex_switches", nullptr, S | P, "kind"},
    {"capex_racks", "  Racks ({})", I, "capex_racks", nullptr, S | P, "kind"},
    {"capex_management_switches", "  Management switches ({})", I, "management_switches", nullptr, S | P, "bill", A},
    {"capex_pdus_and_cords", "  PDUs and power cords ({})", I, "pdus_and_cords", nullptr, S | P, "bill", A},
    {"capex_rail_kits", "  Rail kits ({})", I, "rail_kits", nullptr, S | P, "bill", A},
    {"capex_cables", "  Cables ({})", I, "cables", nullptr, S | P, "bill", A},
    {"capex_transceivers", "  Transceivers ({})", I, "transceivers", nullptr, S | P, "bill", A},
    {"capex", "CapEx ({})", I, "capex", "", S, "items"},
    {"", "OpEx a year"},
    {"opex_energy", "  Energy a year ({})", I, "energy", nullptr, S | P, "site.energy_per_kwh"},
    {"opex_space", "  Space a year ({})", I, "space_rack", nullptr, S | P, "site.space_per_*", When::rack},
    {"opex_space", "  Space a year ({})", I, "space_kW", nullptr, S | P, "site.space_per_*", When::no_rack},
    {"opex_support", "  Support a year ({})", I, "support", nullptr, S | P, "items"},
    {"opex_licences", "  Licences a year ({})", I, "licences", nullptr, S | P, "items", A},
    {"opex", "OpEx a year ({})", I, "opex", "ref_opex", S, "running"},
    {"", "Over the analysis"},
    {"years", "Years of the analysis", I, "years", "years", C, "site.years"},
    {"tco", "TCO = CapEx + years x OpEx a year ({})", I, "tco", "ref_tco", 0, "*"},
    {"pv", "Present value at the discount rate ({})", I, "pv", "ref_pv", 0, "*", When::rate},
    {"per_tb_month", "Per usable TB-month ({})", Num::two, "per_tb_month", "per_tb_month", 0, "*"},
    {"per_read", "Per GB/s of read (intact) ({})", I, "per_read", "per_read", 0, "*"},
    {"", "Goodput in money (docs/cost.md §4; not in any total)", I, nullptr, nullptr, 0, "", When::recovered},
    {"gpu_h_reference", "Reference write: the rule's, before checkpoints (TB/s)", Num::two, nullptr, nullptr, 0, "", When::recovered},
    {"gpu_h_recovered", "GPU-hours a day recovered over it", I, nullptr, nullptr, S, "", When::recovered},
    {"gpu_h_value", "Value a year = GPU-h a day x 365 x GPU-hour price ({})", I, "gpu_h_value", nullptr, S, "gpu_hour", When::recovered},
    {"", "The cloud store at the same usable capacity (docs/cost.md §3)"},
    {"cloud_storage", "  Storage a year ({})", I, "cloud_storage", "cloud_storage", P | C, "cloud.per_gb_month"},
    {"cloud_egress", "  Egress a year ({})", I, "cloud_egress_bands", "cloud_egress_bands", P | C, "cloud.egress cloud.read_out_share_per_month", When::bands},
    {"cloud_egress", "  Egress a year ({})", I, "cloud_egress", "cloud_egress", P | C, "cloud.egress_per_gb cloud.read_out_share_per_month", When::flat},
    {"cloud_operations", "  Read operations a year ({})", I, "cloud_operations", "cloud_operations", P | C, "cloud.per_10k_operations cloud.request_size cloud.read_out_share_per_month"},
    {"cloud_year", "Cloud a year ({})", I, "cloud_year", "cloud_year", C, "running"},
    {"cloud_tco", "Cloud TCO = years x a year ({})", I, "cloud_tco", "cloud_tco", C, "*"},
    {"cloud_tco_without_egress", "Cloud TCO without egress = years x (storage + operations) ({})", I, "cloud_tco_without_egress", "cloud_tco_without_egress", C, "*"},
    {"cloud_pv", "Cloud present value ({})", I, "cloud_pv", "cloud_pv", C, "*", When::rate},
    {"unpriced", "Unpriced (left out of the totals)", Num::text},
};
// clang-format on

std::string CostRow::part() const {
    const std::string_view k = key;
    return (flags & P) != 0 ? std::string(k.substr(k.find('_') + 1)) : std::string();
}

/// The map's row "cost_" + id.
const FormulaRow& map_row(std::string_view id) {
    return formula_row("cost_" + std::string(id));
}

/// A cell: a row of the map with the placeholders it fills itself, a
/// constant, or a text.
struct CostCell {
    enum Kind { formula, constant, text } kind = formula;
    const FormulaRow* row = nullptr;
    std::map<std::string, std::string> fills{}; ///< {lines}, {terms}, {list}, ...
    int part = -1;                              ///< the FigureSource's
    double value = 0.0;
    std::string shown{};
    std::vector<std::string> assumed{}; ///< the assumed prices it rests on
};

CostCell constant(double v) {
    return {CostCell::constant, nullptr, {}, -1, v, "", {}};
}

CostCell text(std::string t) {
    return {CostCell::text, nullptr, {}, -1, 0.0, std::move(t), {}};
}

bool is_item(const std::string& n) {
    return n.find('.') == std::string::npos;
}

/// The assumed prices among `names` a row's rule keeps (CostRow::rests).
std::vector<std::string> rests_on(const std::vector<std::string>& names, std::string_view rule) {
    std::vector<std::string> out;
    for (const std::string& n : names) {
        bool keep = rule == "*" || (rule == "items" && is_item(n)) ||
                    (rule == "running" && n != "site.years" && n != "site.discount_rate");
        for (std::size_t at = 0; !keep && at < rule.size();) {
            const std::size_t end = std::min(rule.find(' ', at), rule.size());
            const std::string_view name = rule.substr(at, end - at);
            keep = name.ends_with('*') ? n.starts_with(name.substr(0, name.size() - 1)) : n == name;
            at = end + 1;
        }
        if (keep) {
            out.push_back(n);
        }
    }
    return out;
}

/// Core's part `name` of the column's cost, or (`cloud`) its cloud store's.
const CostPart* find_part(const CostFigures& f, const std::string& name, bool cloud) {
    for (const auto* parts : cloud ? std::vector{&f.cloud.parts_per_year}
                                   : std::vector{&f.cost->capex_parts, &f.cost->opex_parts}) {
        for (const CostPart& p : *parts) {
            if (p.name == name) {
                return &p;
            }
        }
    }
    return nullptr;
}

class CostTable {
public:
    CostTable(const WorkbookInput& in, const std::vector<DesignCells>& designs,
              const SummaryCells& sc);

    const WorkbookInput& input;
    const PriceBook& book;
    const SummaryCells& summary;
    std::vector<std::string> item_names;
    std::vector<CostColumn> cols;
    std::vector<std::pair<const CostRow*, int>> rows; ///< those shown, at their row
    int end = 0;                                      ///< the row after the last
    std::map<std::string, int> row_of;
    std::map<std::string, std::string> last; ///< a section's last part: "capex", "opex"

    /// This table's cell of `key` in column c.
    std::string at(const std::string& key, std::size_t c) const {
        return xlsx::cell(row_of.at(key), kFirstCol + static_cast<int>(c));
    }
    /// The Summary's cell of `key` in column c; empty when it has no such row.
    std::string summary_at(const std::string& key, std::size_t c) const {
        auto it = summary.rows.find(key);
        if (it == summary.rows.end()) {
            return {};
        }
        return xlsx::ref(summary.sheet, it->second,
                         summary.first_design_col + static_cast<int>(cols[c].summary_col));
    }
    /// The defined name of a book item's figure, by the item's address.
    std::string item_name(const ItemPrice* p, const char* field) const {
        return item_names.at(static_cast<std::size_t>(p - book.items.data())) + field;
    }
    bool shown(const CostRow& r) const;

private:
    void add(const ComparisonColumn* cc, int k, std::size_t design, const DesignCells* cells);
};

CostTable::CostTable(const WorkbookInput& in, const std::vector<DesignCells>& designs,
                     const SummaryCells& sc)
    : input(in), book(*in.result->prices), summary(sc), item_names(price_item_names(book)) {
    if (in.comparison == nullptr) {
        for (std::size_t i = 0; i < designs.size(); ++i) {
            add(nullptr, -1, i, &designs[i]);
        }
    } else {
        for (const ComparisonColumn& cc : in.comparison->columns) {
            const bool ref = cc.kind == ColumnKind::reference;
            add(&cc, static_cast<int>(&cc - in.comparison->columns.data()), ref ? 0 : cc.source,
                ref ? nullptr : &designs.at(cc.source));
        }
    }
    end = kHeaderRow + 1;
    for (const CostRow& r : kRows) {
        const bool section = *r.key == '\0';
        if (!shown(r)) {
            continue;
        }
        end += section ? 1 : 0; // a blank row before each section
        if (!section) {
            row_of[r.key] = end;
        }
        rows.emplace_back(&r, end++);
        if ((r.flags & P) != 0 && (r.flags & C) == 0) { // the section's last part
            last[std::string(r.key).substr(0, std::string_view(r.key).find('_'))] = r.key;
        }
    }
}

void CostTable::add(const ComparisonColumn* cc, int k, std::size_t design,
                    const DesignCells* cells) {
    CostColumn c;
    const Design& d = input.result->designs.at(design);
    c.name = cc != nullptr && cc->kind != ColumnKind::design ? cc->name : d.name;
    c.kind = cc != nullptr ? cc->kind : ColumnKind::design;
    c.design = cells != nullptr ? &d : nullptr;
    c.design_index = design;
    c.cells = cells;
    c.summary_col = cc != nullptr ? static_cast<std::size_t>(k) : cols.size();
    c.item = k;
    c.f = cost_figures(input, k, d);
    for (std::size_t j = 0; j < cols.size() && c.kind == ColumnKind::pods; ++j) {
        if (cols[j].kind == ColumnKind::design && cols[j].design == &d) {
            c.design_col = j;
        }
    }
    cols.push_back(std::move(c));
}

bool CostTable::shown(const CostRow& r) const {
    switch (r.when) {
    case When::compared:
        return input.comparison != nullptr;
    case When::rack:
        return book.site.space_per_rack_month.has_value();
    case When::no_rack:
        return !book.site.space_per_rack_month;
    case When::kw:
        return !book.site.space_per_rack_month && book.site.space_per_kw_month;
    case When::any_part:
        return std::any_of(cols.begin(), cols.end(), [&r](const CostColumn& c) {
            return c.f.cost && find_part(c.f, r.part(), false) != nullptr;
        });
    case When::rate:
        return book.site.discount_rate.has_value();
    case When::recovered:
        return std::any_of(cols.begin(), cols.end(),
                           [](const CostColumn& c) { return c.f.cost && c.f.cost->recovered; });
    case When::bands:
        return book.cloud.egress.has_value();
    case When::flat:
        return !book.cloud.egress;
    case When::always:
        break;
    }
    return true;
}

/// A device kind of a design as core prices it (core/src/cost.cpp).
struct Kind {
    std::string key; ///< the quantity row
    const std::string* id;
    std::optional<Capacity> drive;
    double count;
};

std::vector<Kind> kinds(const Design& d) {
    return {{"q_cnodes", &d.cnode_model, std::nullopt, static_cast<double>(d.cnodes)},
            {"q_dboxes", &d.dbox_model, d.drive_size, static_cast<double>(d.dboxes)},
            {"q_switches", &d.switch_model, std::nullopt, static_cast<double>(d.switches())},
            {"q_racks", &d.rack_model, std::nullopt, static_cast<double>(d.racks)}};
}

/// A net price as the formulas write it: list x (1 - discount).
std::string net(const CostTable& t, const ItemPrice* p) {
    return t.item_name(p, "_list") + "*(1-" + t.item_name(p, "_discount") + ")";
}

/// A device kind's CapEx (`part`): no price for none of them is nothing to buy.
CostCell device_cell(const CostTable& t, const CostColumn& col, const std::string& part,
                     CostCell cell) {
    for (const Kind& k : kinds(*col.design)) {
        if (k.key == "q_" + part) {
            const ItemPrice* p = t.book.item(*k.id, k.drive);
            if (p == nullptr) {
                return constant(0.0);
            }
            cell.fills = {{"list", t.item_name(p, "_list")},
                          {"discount", t.item_name(p, "_discount")}};
            cell.assumed = rests_on(col.f.cost->assumed, *k.id);
        }
    }
    return cell;
}

/// A group of the bill's parts: the sum over its priced lines of the BOM
/// sheet's quantity x net price, so editing a quantity on the BOM sheet or a
/// price on the Prices sheet moves CapEx.
CostCell bill_cell(const CostTable& t, const CostColumn& col, const std::string& part,
                   CostCell cell) {
    static const std::map<std::string, std::string> kCategory{{"management_switches", "Management"},
                                                              {"pdus_and_cords", "Power"},
                                                              {"rail_kits", "Rails"},
                                                              {"cables", "Cables"},
                                                              {"transceivers", "Transceivers"}};
    const Design& d = *col.design;
    const std::vector<int> rows = bom_line_rows(*t.input.result, col.design_index);
    std::string f;
    for (std::size_t i = 0; i < d.bom->lines.size() && i < rows.size(); ++i) {
        const BomLine& l = d.bom->lines[i];
        const ItemPrice* p = l.category == kCategory.at(part) && !l.in_capex && !l.item.empty()
                                 ? t.book.item(l.item)
                                 : nullptr;
        // The lines core prices (bom_line_price: not those counted by the
        // rack when there is no rack count).
        if (p == nullptr || l.quantity <= 0 || !bom_line_price(l, d, t.book)) {
            continue;
        }
        f += (f.empty() ? "" : "+") + xlsx::ref(kBomSheet, rows[i], kBomQuantityCol) + "*" +
             net(t, p);
        if (p->source.kind == SourceKind::assumption) {
            cell.assumed.push_back(l.item);
        }
    }
    cell.fills["lines"] = f.empty() ? "0" : f;
    return cell;
}

/// Support or licences a year: a sum over the device kinds the design has,
/// of one unit's support (an amount, or a share of the net price) or the
/// usable TB's licence.
CostCell running_cell(const CostTable& t, const CostColumn& col, std::size_t c, bool licence,
                      CostCell cell) {
    std::string f;
    for (const Kind& k : kinds(*col.design)) {
        const ItemPrice* p = t.book.item(*k.id, k.drive);
        // Racks no device fits: a support priced at zero adds nothing, any
        // other leaves the part unpriced.
        const bool uncounted = k.id == &col.design->rack_model && !col.design->racks_fit;
        if (k.count <= 0.0 || p == nullptr || uncounted) {
            continue;
        }
        if (licence && p->licence_per_usable_tb_year) {
            f += (f.empty() ? "" : "+") + t.at("q_usable_TB", c) + "*" + t.item_name(p, "_licence");
        } else if (!licence) {
            f += (f.empty() ? "" : "+") + t.at(k.key, c) + "*" +
                 (p->support_per_year ? t.item_name(p, "_support")
                                      : t.item_name(p, "_support_share") + "*" + net(t, p));
        }
    }
    cell.fills["terms"] = f.empty() ? "0" : f;
    return cell;
}

/// Egress a year through the Prices sheet's bands (docs/cost.md §3).
std::string egress_bands(const CloudEgress& e, const std::string& usable_tb) {
    const std::string month = "(" + usable_tb + "*1000*price_cloud_read_out_share)";
    std::string sum;
    for (std::size_t i = 0; i < e.tiers.size(); ++i) {
        const std::string floor =
            i == 0 ? std::string("0") : fmt::format("price_cloud_egress_top_{}", i);
        const std::string top = e.tiers[i].up_to
                                    ? fmt::format("MIN({},price_cloud_egress_top_{})", month, i + 1)
                                    : month;
        sum += fmt::format("{}MAX(0,{}-{})*price_cloud_egress_per_GB_{}", i == 0 ? "" : "+", top,
                           floor, i + 1);
    }
    return sum;
}

/// The key of the template's first {prefix:key}, empty when none.
std::string placeholder(std::string_view templ, std::string_view prefix) {
    const std::size_t at = templ.find("{" + std::string(prefix) + ":");
    if (at == std::string_view::npos) {
        return {};
    }
    const std::size_t from = at + prefix.size() + 2;
    return std::string(templ.substr(from, templ.find('}', from) - from));
}

FigureSource source(const CostTable& t, const CostColumn& col, int part = -1) {
    FigureSource s{t.input.result->designs.at(col.design_index),
                   *t.input.catalog,
                   col.item,
                   nullptr,
                   part,
                   &t.input};
    s.costs = &col.f;
    return s;
}

/// Column c's cell of row r, from the map's row `id`.
CostCell column_cell(const CostTable& t, const CostRow& r, std::size_t c, const char* id) {
    const CostColumn& col = t.cols[c];
    const std::string key = r.key;
    const bool ref = col.kind == ColumnKind::reference;
    if (ref && id == nullptr) {
        return text("n/a");
    }
    if (key.starts_with("gpu_h_")) { // the goodput model's figures (docs/cost.md §4)
        const auto& rec = col.f.cost->recovered;
        if (!rec || (key == "gpu_h_value" && !rec->value_per_year)) {
            return text(rec ? "unpriced" : "-");
        }
        if (key != "gpu_h_value") {
            return constant(key == "gpu_h_reference" ? in(rec->reference_write, units::TB_per_s)
                                                     : rec->per_day);
        }
    }
    if (key == "q_pods") {
        const std::string s = t.summary_at("pods", c);
        return col.kind == ColumnKind::design || s.empty()
                   ? constant(col.f.pods)
                   : CostCell{CostCell::formula, &map_row("pods_count")};
    }
    if (id == nullptr) {
        return text("n/a");
    }
    if (*id == '\0') {
        return constant(0.0);
    }
    CostCell cell{CostCell::formula, &map_row(id)};
    // Racks when no device fits the rack (Design::racks_fit): "n/a" on the
    // design sheet, and the engine leaves whatever is priced per rack
    // unpriced (core/src/cost.cpp), so no formula reads this cell.
    const std::string linked = placeholder(cell.row->templ, "design");
    if (!linked.empty() && col.cells->numbers.count(linked) == 0) {
        return text("n/a");
    }
    const std::string summary = placeholder(cell.row->templ, "summary");
    if (!summary.empty() && t.summary_at(summary, c).empty()) {
        return constant(cell.row->number(source(t, col)));
    }
    const bool cloud = (r.flags & C) != 0;
    if ((r.flags & P) != 0) {
        const CostPart* p = find_part(col.f, r.part(), cloud);
        const std::string rests = r.rests;
        if (p == nullptr) {
            // No such line in this design's bill, no licence in the book.
            return rests == "bill"    ? constant(0.0)
                   : rests == "items" ? text("none in the book")
                                      : text("unpriced");
        }
        if (!p->amount) {
            return text("unpriced");
        }
        if (rests == "kind") {
            return device_cell(t, col, r.part(), std::move(cell));
        }
        if (rests == "bill") {
            return bill_cell(t, col, r.part(), std::move(cell));
        }
    }
    cell.assumed = rests_on(cloud || ref ? col.f.cloud.assumed : col.f.cost->assumed, r.rests);
    if (key == "opex_support" || key == "opex_licences") {
        return running_cell(t, col, c, key == "opex_licences", std::move(cell));
    }
    if (key == "cloud_egress" && t.book.cloud.egress) {
        cell.fills["bands"] = egress_bands(*t.book.cloud.egress, t.at("q_usable_TB", c));
    }
    return cell;
}

/// A cell: a reference column's, a pods column's (the pod count times the
/// design column, core/src/comparison.cpp's scaled_cost), or the design's.
CostCell cell_at(const CostTable& t, const CostRow& r, std::size_t c) {
    const CostColumn& col = t.cols[c];
    if (col.kind == ColumnKind::reference) {
        return column_cell(t, r, c, r.reference);
    }
    if (col.kind != ColumnKind::pods || (r.flags & S) == 0) {
        return column_cell(t, r, c, r.design);
    }
    CostCell one = column_cell(t, r, col.design_col, r.design);
    if (one.kind == CostCell::text) {
        return one;
    }
    const int part =
        r.design == nullptr ? -1 : static_cast<int>(&map_row(r.design) - formula_map().data());
    one.row = &map_row("pods");
    one.fills = {{"one_pod", t.at(r.key, col.design_col)}};
    one.part = part;
    one.kind = CostCell::formula;
    return one;
}

std::string unpriced_text(const CostColumn& col) {
    std::vector<std::string> names =
        col.f.cost ? unpriced_figures(*col.f.cost) : std::vector<std::string>{};
    for (const std::string& n : col.f.cloud.unpriced()) {
        names.push_back("cloud " + n);
    }
    std::string out;
    for (const std::string& n : names) {
        out += (out.empty() ? "" : ", ") + n;
    }
    return out.empty() ? "-" : out;
}

std::string assumed_comment(const std::vector<std::string>& names) {
    std::string text =
        "Rests on prices the price book marks ASSUMPTION (illustrative, not a quote):";
    for (const std::string& n : names) {
        text += "\n" + n;
    }
    return text + "\nSee the Prices sheet.";
}

/// Column c's cell of row r at (row, col): a formula of the map, its
/// placeholders filled, shaded with a comment when it rests on assumed prices.
void write_cell(xlsx::Book& book, xlsx::Sheet& sheet, const CostTable& t, const CostRow& r,
                std::size_t c, int row, const CostCell& cell) {
    const int col = kFirstCol + static_cast<int>(c);
    if (cell.kind != CostCell::formula) {
        cell.kind == CostCell::text ? sheet.text(row, col, cell.shown, book.text_value())
                                    : sheet.number(row, col, cell.value, r.num, Role::value);
        return;
    }
    const CostColumn& column = t.cols[c];
    auto fill = [&](std::string_view name) -> std::string {
        const std::string n(name);
        if (const auto it = cell.fills.find(n); it != cell.fills.end()) {
            return it->second;
        }
        if (n.starts_with("design:")) {
            return column.cells->ref(n.substr(7));
        }
        if (n.starts_with("summary:")) {
            return t.summary_at(n.substr(8), c);
        }
        return t.at(n == "last" ? t.last.at(r.key) : n, c);
    };
    sheet.mapped(row, col, *cell.row, fill_formula(cell.row->templ, fill),
                 source(t, column, cell.part), column.design_index, r.num, nullptr,
                 cell.assumed.empty() ? Role::formula : Role::assumed);
    if (!cell.assumed.empty()) {
        sheet.comment(row, col, assumed_comment(cell.assumed));
    }
}

/// One row at `row`; adds the assumed prices its cells rest on to `assumed`.
void write_cost_row(xlsx::Book& book, xlsx::Sheet& sheet, const CostTable& t, const CostRow& r,
                    int row, std::set<std::string>& assumed) {
    const bool section = *r.key == '\0';
    std::string label = r.label;
    if (const std::size_t at = label.find("{}"); at != std::string::npos) {
        label.replace(at, 2, t.book.currency);
    }
    sheet.text(row, 0, label, section ? book.section() : book.label());
    for (std::size_t c = 0; c < t.cols.size(); ++c) {
        const int col = kFirstCol + static_cast<int>(c);
        if (section) {
            sheet.text(row, col, "", book.section());
        } else if (r.num == Num::text) {
            sheet.text(row, col, unpriced_text(t.cols[c]), book.text_value());
        } else {
            const CostCell cell = cell_at(t, r, c);
            write_cell(book, sheet, t, r, c, row, cell);
            assumed.insert(cell.assumed.begin(), cell.assumed.end());
        }
    }
}
void write_cost_header(xlsx::Book& book, xlsx::Sheet& sheet, const CostTable& t) {
    sheet.titles("Cost",
                 {"What each column costs in " + t.book.currency +
                      " from the prices on the Prices sheet (docs/cost.md). Every figure is a "
                      "formula: edit a price there, or a count on a design sheet, and it follows.",
                  "A part the price book does not price says \"unpriced\" and is left out of the "
                  "totals; it is never counted as 0."});
    sheet.text(kHeaderRow, 0, "Figure", book.header_left());
    std::vector<std::tuple<std::string, double, double>> names;
    for (std::size_t c = 0; c < t.cols.size(); ++c) {
        sheet.text(kHeaderRow, kFirstCol + static_cast<int>(c), t.cols[c].name, book.header());
        names.emplace_back(t.cols[c].name, kColumnWidth, 10.0);
    }
    sheet.fit_height(kHeaderRow, names); // long design names wrap
}

void write_cost_footer(xlsx::Book& book, xlsx::Sheet& sheet, const CostTable& t, int row,
                       const std::set<std::string>& assumed) {
    // Each note across the table's width, wrapped: one long line would run
    // off the printed page (print_setup fits the table's columns to it).
    const int last = kFirstCol + static_cast<int>(t.cols.size()) - 1;
    const double width = kLabelWidth + kColumnWidth * static_cast<double>(t.cols.size());
    auto note = [&](const std::string& s) {
        sheet.merged_text(row++, 0, last, width, s, book.subtitle_wrapped());
    };
    if (!assumed.empty()) {
        std::string line = "Shaded: rests on prices the price book marks ASSUMPTION "
                           "(illustrative, not a quote):";
        for (auto it = assumed.begin(); it != assumed.end(); ++it) {
            line += " " + *it + (std::next(it) == assumed.end() ? "." : ",");
        }
        note(line);
    }
    std::vector<const DesignCost*> costs;
    for (const CostColumn& c : t.cols) {
        costs.push_back(c.kind == ColumnKind::design && c.f.cost ? &*c.f.cost : nullptr);
    }
    const std::string recovered = recovered_note(costs, t.book, true);
    for (std::size_t at = 0; at < recovered.size();) {
        const std::size_t end = recovered.find('\n', at);
        note(recovered.substr(at, end - at));
        at = end + 1;
    }
    note("Energy = facility power x 8,760 h x the price per kWh; pods columns are the pod "
         "count x one pod; a reference column is the cloud store holding its usable "
         "capacity (no CapEx, no energy).");
    sheet.column_width(0, 0, kLabelWidth);
    sheet.column_width(kFirstCol, last, kColumnWidth);
    sheet.freeze(kHeaderRow + 1, 1);
    sheet.print_setup(kHeaderRow);
}

} // namespace

CostCells write_cost(xlsx::Book& book, xlsx::Sheet& sheet, const WorkbookInput& input,
                     const std::vector<DesignCells>& designs, const SummaryCells& summary) {
    const CostTable t(input, designs, summary);
    write_cost_header(book, sheet, t);
    std::set<std::string> assumed;
    for (const auto& [r, row] : t.rows) {
        write_cost_row(book, sheet, t, *r, row, assumed);
    }
    write_cost_footer(book, sheet, t, t.end + 1, assumed);
    CostCells out{sheet.name(), t.row_of.at("tco"), kFirstCol, t.book.site.years, {}, {}};
    for (const CostColumn& c : t.cols) {
        const bool cloud = c.kind == ColumnKind::reference;
        out.tco.push_back(cloud ? c.f.cloud.tco : c.f.cost->tco);
        out.assumed.push_back(!(cloud ? c.f.cloud.assumed : c.f.cost->assumed).empty());
    }
    return out;
}

} // namespace podsizer::wb
