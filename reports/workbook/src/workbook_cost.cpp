// The Cost sheet (docs/cost.md §2–§3): what each design, its pods grown to a
// target and each reference column cost, as live formulas over the Prices
// sheet and the design sheets' counts, power and capacity, each cached with
// core's design_cost and cloud_cost. A part the book leaves unpriced says so
// and is left out of the totals, never counted as 0.
#include "podsizer/reports/cost_report.hpp"
#include "workbook_bom.hpp"
#include "workbook_parts.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <functional>
#include <optional>
#include <set>
#include <tuple>

namespace podsizer::wb {

namespace {

using xlsx::Num;
using xlsx::Role;

constexpr double kColumnWidth = 20;
constexpr double kLabelWidth = 46;

/// One column: a design, its pods grown to the target, or a reference
/// priced as the cloud store holding the column's usable capacity.
struct CostColumn {
    std::string name;
    ColumnKind kind = ColumnKind::design;
    const Design* design = nullptr;     ///< design and pods columns
    const DesignCells* cells = nullptr; ///< design and pods: the design's sheet
    std::size_t design_col = 0;         ///< pods: this table's column of the design
    std::size_t summary_col = 0;        ///< the Summary's column of it
    double pods = 1.0;
    std::optional<DesignCost> cost; ///< design and pods columns
    CloudCost cloud;                ///< the cloud store at the column's usable capacity
    double usable_tb = 0.0;
    double read_gbps = 0.0;
};

/// A cell: a formula with its cached number, a constant, or a text.
struct CostCell {
    enum Kind { formula, constant, text } kind = formula;
    std::string f;
    double value = 0.0;
    std::string shown;
    std::vector<std::string> assumed; ///< the assumed prices it rests on
};

CostCell num(std::string f, double v, std::vector<std::string> assumed = {}) {
    return {CostCell::formula, std::move(f), v, "", std::move(assumed)};
}

CostCell constant(double v) {
    return {CostCell::constant, "", v, "", {}};
}

CostCell text(std::string t) {
    return {CostCell::text, "", 0.0, std::move(t), {}};
}

/// A row: a section heading (no key) or one cell per column.
struct CostRow {
    std::string key;
    std::string label;
    Num num = Num::integer;
    std::function<CostCell(std::size_t)> of_design; ///< also pods, unless scaled
    std::function<CostCell(std::size_t)> of_reference;
    bool scale_pods = false; ///< pods: the pod count times the design column
};

std::vector<std::string> pick(const std::vector<std::string>& names,
                              const std::function<bool(const std::string&)>& keep) {
    std::vector<std::string> out;
    std::copy_if(names.begin(), names.end(), std::back_inserter(out), keep);
    return out;
}

bool is_item(const std::string& n) {
    return n.find('.') == std::string::npos;
}

/// A device kind of a design as the book prices it (core/src/cost.cpp).
struct Kind {
    const char* part; ///< core's part name
    const char* key;  ///< the quantity row
    const char* label;
    const std::string* id;
    std::optional<Capacity> drive;
    double count;
};

std::vector<Kind> kinds(const Design& d) {
    return {
        {"cnodes", "q_cnodes", "C-nodes", &d.cnode_model, std::nullopt,
         static_cast<double>(d.cnodes)},
        {"dboxes", "q_dboxes", "D-boxes", &d.dbox_model, d.drive_size,
         static_cast<double>(d.dboxes)},
        {"switches", "q_switches", "Switches", &d.switch_model, std::nullopt,
         static_cast<double>(d.switches())},
        {"racks", "q_racks", "Racks", &d.rack_model, std::nullopt, static_cast<double>(d.racks)}};
}

const CostPart* find_part(const DesignCost& c, const std::string& name) {
    for (const auto* parts : {&c.capex_parts, &c.opex_parts}) {
        for (const CostPart& p : *parts) {
            if (p.name == name) {
                return &p;
            }
        }
    }
    return nullptr;
}

const CostPart* find_cloud_part(const CloudCost& c, const std::string& name) {
    for (const CostPart& p : c.parts_per_year) {
        if (p.name == name) {
            return &p;
        }
    }
    return nullptr;
}

class CostTable {
public:
    CostTable(const WorkbookInput& in, const std::vector<DesignCells>& designs,
              const SummaryCells& sc)
        : input(in), book(*in.result->prices), summary(sc), item_names(price_item_names(book)) {
        build_columns(designs);
    }

    const WorkbookInput& input;
    const PriceBook& book;
    const SummaryCells& summary;
    std::vector<std::string> item_names;
    std::vector<CostColumn> cols;
    std::map<std::string, int> row_of;

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

private:
    void add_design(std::size_t i, const DesignCells& cells, std::size_t summary_col);
    void build_columns(const std::vector<DesignCells>& designs);
};

void CostTable::add_design(std::size_t i, const DesignCells& cells, std::size_t summary_col) {
    const Design& d = input.result->designs.at(i);
    CostColumn c;
    c.name = d.name;
    c.design = &d;
    c.cells = &cells;
    c.summary_col = summary_col;
    c.cost = design_cost(d, book);
    c.cloud = cloud_cost(d.usable, book);
    c.usable_tb = in(d.usable, units::TB);
    c.read_gbps = in(d.read, units::GB_per_s);
    cols.push_back(std::move(c));
}

void CostTable::build_columns(const std::vector<DesignCells>& designs) {
    const Comparison* cmp = input.comparison;
    if (cmp == nullptr) {
        for (std::size_t i = 0; i < designs.size(); ++i) {
            add_design(i, designs[i], i);
        }
        return;
    }
    for (std::size_t k = 0; k < cmp->columns.size(); ++k) {
        const ComparisonColumn& cc = cmp->columns[k];
        if (cc.kind == ColumnKind::design) {
            add_design(cc.source, designs.at(cc.source), k);
            continue;
        }
        CostColumn c;
        c.name = cc.name;
        c.kind = cc.kind;
        c.summary_col = k;
        if (cc.kind == ColumnKind::pods) {
            const Design& d = input.result->designs.at(cc.source);
            c.design = &d;
            c.cells = &designs.at(cc.source);
            for (std::size_t j = 0; j < cols.size(); ++j) {
                if (cols[j].kind == ColumnKind::design && cols[j].design == &d) {
                    c.design_col = j;
                }
            }
            c.pods = static_cast<double>(cc.pods);
            // core/src/comparison.cpp: n pods cost n times one pod.
            c.cost = scaled_cost(design_cost(d, book), cc.pods);
            c.cloud = cloud_cost(d.usable * c.pods, book);
            c.usable_tb = in(d.usable, units::TB) * c.pods;
            c.read_gbps = in(d.read, units::GB_per_s) * c.pods;
        } else {
            c.cloud = cc.cloud_cost ? *cc.cloud_cost : cloud_cost(cc.usable(), book);
            c.usable_tb = in(cc.usable(), units::TB);
            c.read_gbps = in(cc.read(), units::GB_per_s);
        }
        cols.push_back(std::move(c));
    }
}

/// The design sheet's `key`.
CostCell link(const CostColumn& col, const std::string& key) {
    const auto it = col.cells->numbers.find(key);
    if (it == col.cells->numbers.end()) {
        // Racks when no device fits the rack (Design::racks_fit): "n/a" on the
        // design sheet, and the engine leaves whatever is priced per rack
        // unpriced (core/src/cost.cpp), so no formula reads this cell.
        return text("n/a");
    }
    return num("=" + col.cells->ref(key), it->second);
}

// ------------------------------------------------------------ rows

std::vector<CostRow> quantity_rows(const CostTable& t) {
    std::vector<CostRow> rows;
    rows.push_back({"", "What is priced", Num::integer, {}, {}, false});
    if (t.input.comparison != nullptr) {
        rows.push_back({"q_pods",
                        "Pods",
                        Num::integer,
                        [&t](std::size_t c) {
                            const std::string s = t.summary_at("pods", c);
                            if (t.cols[c].kind == ColumnKind::design || s.empty()) {
                                return constant(t.cols[c].pods);
                            }
                            return num("=" + s, t.cols[c].pods);
                        },
                        {},
                        false});
    }
    const std::pair<const char*, const char*> counts[] = {
        {"cnodes", "C-nodes"}, {"dboxes", "D-boxes"}, {"switches", "Switches"}, {"racks", "Racks"}};
    for (const auto& [key, label] : counts) {
        rows.push_back({std::string("q_") + key,
                        label,
                        Num::integer,
                        [&t, k = key](std::size_t c) { return link(t.cols[c], k); },
                        {},
                        true});
    }
    rows.push_back({"q_usable_TB", "Usable capacity (TB)", Num::one,
                    [&t](std::size_t c) {
                        const CostColumn& col = t.cols[c];
                        return num("=" + col.cells->ref("usable_PB") + "*1000", col.usable_tb);
                    },
                    [&t](std::size_t c) {
                        const std::string s = t.summary_at("usable_PB", c);
                        return s.empty() ? constant(t.cols[c].usable_tb)
                                         : num("=" + s + "*1000", t.cols[c].usable_tb);
                    },
                    true});
    rows.push_back({"q_read_GBps", "Delivered read (GB/s)", Num::one,
                    [&t](std::size_t c) { return link(t.cols[c], "read_GBps"); },
                    [&t](std::size_t c) {
                        const std::string s = t.summary_at("read_TBps", c);
                        return s.empty() ? constant(t.cols[c].read_gbps)
                                         : num("=" + s + "*1000", t.cols[c].read_gbps);
                    },
                    true});
    rows.push_back({"q_facility_kW",
                    "Facility power (kW)",
                    Num::one,
                    [&t](std::size_t c) { return link(t.cols[c], "facility_kW"); },
                    {},
                    true});
    if (!t.book.site.space_per_rack_month && t.book.site.space_per_kw_month) {
        rows.push_back({"q_basis_kW",
                        "Power on the basis (kW)",
                        Num::one,
                        [&t](std::size_t c) { return link(t.cols[c], "basis_kW"); },
                        {},
                        true});
    }
    return rows;
}

/// " (USD)" after a label of an amount.
std::string in_currency(const CostTable& t, const std::string& label) {
    return label + " (" + t.book.currency + ")";
}

/// A device kind's CapEx in a design column: count × list × (1 − discount).
CostCell capex_cell(const CostTable& t, std::size_t c, std::size_t k) {
    const CostColumn& col = t.cols[c];
    const Kind kind = kinds(*col.design)[k];
    const CostPart* part = find_part(*col.cost, kind.part);
    if (part == nullptr || !part->amount) {
        return text("unpriced");
    }
    const ItemPrice* p = t.book.item(*kind.id, kind.drive);
    if (p == nullptr) {
        return constant(0.0); // none of them, and no price: nothing to buy
    }
    return num("=" + t.at(kind.key, c) + "*" + t.item_name(p, "_list") + "*(1-" +
                   t.item_name(p, "_discount") + ")",
               *part->amount,
               pick(col.cost->assumed, [&](const std::string& n) { return n == *kind.id; }));
}

/// The bill's part groups as core prices them (core/src/cost.cpp bill_parts).
struct BillGroup {
    const char* part;     ///< core's part name
    const char* category; ///< BomLine::category
    const char* label;
};
constexpr BillGroup kBillGroups[] = {{"management_switches", "Management", "Management switches"},
                                     {"pdus_and_cords", "Power", "PDUs and power cords"},
                                     {"rail_kits", "Rails", "Rail kits"},
                                     {"cables", "Cables", "Cables"},
                                     {"transceivers", "Transceivers", "Transceivers"}};

/// A group of the bill's parts in a design column: the sum over its priced
/// lines of the BOM sheet's quantity × list × (1 − discount), so editing a
/// quantity on the BOM sheet or a price on the Prices sheet moves CapEx.
CostCell bill_cell(const CostTable& t, std::size_t c, const BillGroup& g) {
    const CostColumn& col = t.cols[c];
    const CostPart* part = find_part(*col.cost, g.part);
    if (part == nullptr) {
        return constant(0.0); // no such line in this design's bill
    }
    if (!part->amount) {
        return text("unpriced");
    }
    const Design& d = *col.design;
    const auto design = static_cast<std::size_t>(&d - t.input.result->designs.data());
    const std::vector<int> rows = bom_line_rows(*t.input.result, design);
    std::string f;
    std::vector<std::string> assumed;
    for (std::size_t i = 0; i < d.bom->lines.size() && i < rows.size(); ++i) {
        const BomLine& l = d.bom->lines[i];
        const ItemPrice* p = l.category == g.category && !l.in_capex && !l.item.empty()
                                 ? t.book.item(l.item)
                                 : nullptr;
        // The lines core prices (bom_line_price: not those counted by the
        // rack when there is no rack count).
        if (p == nullptr || l.quantity <= 0 || !bom_line_price(l, d, t.book)) {
            continue;
        }
        f += (f.empty() ? "=" : "+") + xlsx::ref(kBomSheet, rows[i], kBomQuantityCol) + "*" +
             t.item_name(p, "_list") + "*(1-" + t.item_name(p, "_discount") + ")";
        if (p->source.kind == SourceKind::assumption) {
            assumed.push_back(l.item);
        }
    }
    return num(f.empty() ? "=0" : f, *part->amount, std::move(assumed));
}

bool any_bill_part(const CostTable& t, const char* name) {
    return std::any_of(t.cols.begin(), t.cols.end(), [name](const CostColumn& c) {
        return c.cost && find_part(*c.cost, name) != nullptr;
    });
}

std::vector<CostRow> capex_rows(const CostTable& t) {
    std::vector<CostRow> rows;
    rows.push_back({"", "CapEx", Num::integer, {}, {}, false});
    const Kind names[] = {{"cnodes", "", "C-nodes", nullptr, {}, 0},
                          {"dboxes", "", "D-boxes", nullptr, {}, 0},
                          {"switches", "", "Switches", nullptr, {}, 0},
                          {"racks", "", "Racks", nullptr, {}, 0}};
    for (std::size_t k = 0; k < std::size(names); ++k) {
        rows.push_back({std::string("capex_") + names[k].part,
                        in_currency(t, std::string("  ") + names[k].label),
                        Num::integer,
                        [&t, k](std::size_t c) { return capex_cell(t, c, k); },
                        {},
                        true});
    }
    std::string last = "capex_racks";
    for (const BillGroup& g : kBillGroups) {
        if (!any_bill_part(t, g.part)) {
            continue;
        }
        last = std::string("capex_") + g.part;
        rows.push_back({last,
                        in_currency(t, std::string("  ") + g.label),
                        Num::integer,
                        [&t, &g](std::size_t c) { return bill_cell(t, c, g); },
                        {},
                        true});
    }
    rows.push_back({"capex", in_currency(t, "CapEx"), Num::integer,
                    [&t, last](std::size_t c) {
                        return num("=SUM(" + t.at("capex_cnodes", c) + ":" + t.at(last, c) + ")",
                                   t.cols[c].cost->capex, pick(t.cols[c].cost->assumed, is_item));
                    },
                    [](std::size_t) { return constant(0.0); }, true});
    return rows;
}

/// One unit's support a year as a formula: an amount, or a share of the net price.
std::string support_unit(const CostTable& t, const ItemPrice& p) {
    if (p.support_per_year) {
        return t.item_name(&p, "_support");
    }
    return t.item_name(&p, "_support_share") + "*" + t.item_name(&p, "_list") + "*(1-" +
           t.item_name(&p, "_discount") + ")";
}

/// Support or licences a year: a sum over the device kinds the design has.
CostCell running_cell(const CostTable& t, std::size_t c, bool licence) {
    const CostColumn& col = t.cols[c];
    const CostPart* part = find_part(*col.cost, licence ? "licences" : "support");
    if (part == nullptr) {
        return text("none in the book"); // no licence priced: no cost, not an unpriced one
    }
    if (!part->amount) {
        return text("unpriced");
    }
    std::string f;
    for (const Kind& k : kinds(*col.design)) {
        const ItemPrice* p = t.book.item(*k.id, k.drive);
        // Racks no device fits: a support priced at zero adds nothing, any
        // other leaves the part unpriced above.
        const bool uncounted = k.id == &col.design->rack_model && !col.design->racks_fit;
        if (k.count <= 0.0 || p == nullptr || uncounted) {
            continue;
        }
        if (licence && p->licence_per_usable_tb_year) {
            f += (f.empty() ? "" : "+") + t.at("q_usable_TB", c) + "*" + t.item_name(p, "_licence");
        } else if (!licence) {
            f += (f.empty() ? "" : "+") + t.at(k.key, c) + "*" + support_unit(t, *p);
        }
    }
    return num("=" + (f.empty() ? std::string("0") : f), *part->amount,
               pick(col.cost->assumed, is_item));
}

CostCell energy_cell(const CostTable& t, std::size_t c) {
    const DesignCost& cost = *t.cols[c].cost;
    const CostPart* part = find_part(cost, "energy");
    if (!part->amount) {
        return text("unpriced");
    }
    // A year of 365 days: 8,760 h (docs/cost.md §2).
    return num("=" + t.at("q_facility_kW", c) + "*8760*price_energy_per_kWh", *part->amount,
               pick(cost.assumed, [](const std::string& n) { return n == "site.energy_per_kwh"; }));
}

CostCell space_cell(const CostTable& t, std::size_t c) {
    const DesignCost& cost = *t.cols[c].cost;
    const CostPart* part = find_part(cost, "space");
    if (!part->amount) {
        return text("unpriced");
    }
    const std::vector<std::string> assumed =
        pick(cost.assumed, [](const std::string& n) { return n.rfind("site.space_per_", 0) == 0; });
    if (t.book.site.space_per_rack_month) {
        return num("=" + t.at("q_racks", c) + "*price_space_per_rack_month*12", *part->amount,
                   assumed);
    }
    return num("=" + t.at("q_basis_kW", c) + "*price_space_per_kW_month*12", *part->amount,
               assumed);
}

bool any_licence(const CostTable& t) {
    return std::any_of(t.cols.begin(), t.cols.end(), [](const CostColumn& c) {
        return c.cost && find_part(*c.cost, "licences") != nullptr;
    });
}

bool running(const std::string& n) {
    return n != "site.years" && n != "site.discount_rate";
}

std::vector<CostRow> opex_rows(const CostTable& t) {
    std::vector<CostRow> rows;
    rows.push_back({"", "OpEx a year", Num::integer, {}, {}, false});
    rows.push_back({"opex_energy",
                    in_currency(t, "  Energy a year"),
                    Num::integer,
                    [&t](std::size_t c) { return energy_cell(t, c); },
                    {},
                    true});
    rows.push_back({"opex_space",
                    in_currency(t, "  Space a year"),
                    Num::integer,
                    [&t](std::size_t c) { return space_cell(t, c); },
                    {},
                    true});
    rows.push_back({"opex_support",
                    in_currency(t, "  Support a year"),
                    Num::integer,
                    [&t](std::size_t c) { return running_cell(t, c, false); },
                    {},
                    true});
    const bool licences = any_licence(t);
    if (licences) {
        rows.push_back({"opex_licences",
                        in_currency(t, "  Licences a year"),
                        Num::integer,
                        [&t](std::size_t c) { return running_cell(t, c, true); },
                        {},
                        true});
    }
    const std::string last = licences ? "opex_licences" : "opex_support";
    rows.push_back({"opex", in_currency(t, "OpEx a year"), Num::integer,
                    [&t, last](std::size_t c) {
                        const DesignCost& cost = *t.cols[c].cost;
                        return num("=SUM(" + t.at("opex_energy", c) + ":" + t.at(last, c) + ")",
                                   cost.opex_per_year, pick(cost.assumed, running));
                    },
                    [&t](std::size_t c) {
                        const CloudCost& k = t.cols[c].cloud;
                        return num("=" + t.at("cloud_year", c), k.per_year,
                                   pick(k.assumed, running));
                    },
                    true});
    return rows;
}

/// TCO over the usable TB-months, for any column: its TCO over its capacity.
CostCell per_tb_month(const CostTable& t, std::size_t c, double cached,
                      std::vector<std::string> assumed) {
    const std::string tb = t.at("q_usable_TB", c);
    return num("=IF(" + tb + ">0," + t.at("tco", c) + "/(" + tb + "*" + t.at("years", c) +
                   "*12),0)",
               cached, std::move(assumed));
}

CostCell per_read(const CostTable& t, std::size_t c, double cached,
                  std::vector<std::string> assumed) {
    const std::string read = t.at("q_read_GBps", c);
    return num("=IF(" + read + ">0," + t.at("tco", c) + "/" + read + ",0)", cached,
               std::move(assumed));
}

double cloud_per_read(const CostColumn& col) {
    return col.read_gbps > 0.0 ? col.cloud.tco / col.read_gbps : 0.0;
}

double per_tb_month_of(const CostColumn& col, double tco, int years) {
    const double tb_months = col.usable_tb * years * 12.0;
    return tb_months > 0.0 ? tco / tb_months : 0.0;
}

std::vector<CostRow> total_rows(const CostTable& t) {
    const int years = t.book.site.years;
    std::vector<CostRow> rows;
    rows.push_back({"", "Over the analysis", Num::integer, {}, {}, false});
    auto years_cell = [&t, years](std::size_t) {
        return num("=price_years", years,
                   pick(t.cols.front().cloud.assumed,
                        [](const std::string& n) { return n == "site.years"; }));
    };
    rows.push_back({"years", "Years of the analysis", Num::integer, years_cell, years_cell, false});
    rows.push_back(
        {"tco", in_currency(t, "TCO = CapEx + years x OpEx a year"), Num::integer,
         [&t](std::size_t c) {
             const DesignCost& cost = *t.cols[c].cost;
             return num("=" + t.at("capex", c) + "+" + t.at("years", c) + "*" + t.at("opex", c),
                        cost.tco, pick(cost.assumed, [](auto&) { return true; }));
         },
         [&t](std::size_t c) {
             return num("=" + t.at("cloud_tco", c), t.cols[c].cloud.tco, t.cols[c].cloud.assumed);
         },
         false});
    if (t.book.site.discount_rate) {
        rows.push_back({"pv", in_currency(t, "Present value at the discount rate"), Num::integer,
                        [&t](std::size_t c) {
                            const DesignCost& cost = *t.cols[c].cost;
                            // PV(): OpEx a year at the end of each year, as core's present_value.
                            return num("=" + t.at("capex", c) + "-PV(price_discount_rate," +
                                           t.at("years", c) + "," + t.at("opex", c) + ")",
                                       cost.present_value.value_or(0.0), cost.assumed);
                        },
                        [&t](std::size_t c) {
                            return num("=" + t.at("cloud_pv", c),
                                       t.cols[c].cloud.present_value.value_or(0.0),
                                       t.cols[c].cloud.assumed);
                        },
                        false});
    }
    rows.push_back({"per_tb_month", in_currency(t, "Per usable TB-month"), Num::two,
                    [&t](std::size_t c) {
                        const DesignCost& cost = *t.cols[c].cost;
                        return per_tb_month(t, c, cost.per_usable_tb_month, cost.assumed);
                    },
                    [&t, years](std::size_t c) {
                        const CostColumn& col = t.cols[c];
                        return per_tb_month(t, c, per_tb_month_of(col, col.cloud.tco, years),
                                            col.cloud.assumed);
                    },
                    false});
    rows.push_back({"per_read", in_currency(t, "Per GB/s of read (intact)"), Num::integer,
                    [&t](std::size_t c) {
                        const DesignCost& cost = *t.cols[c].cost;
                        return per_read(t, c, cost.per_read_gb_per_s, cost.assumed);
                    },
                    [&t](std::size_t c) {
                        return per_read(t, c, cloud_per_read(t.cols[c]), t.cols[c].cloud.assumed);
                    },
                    false});
    return rows;
}

bool any_recovered(const CostTable& t) {
    return std::any_of(t.cols.begin(), t.cols.end(),
                       [](const CostColumn& c) { return c.cost && c.cost->recovered; });
}

/// The recovered GPU-hours of a design column (docs/cost.md §4): the
/// goodput model's figure, a value podsizer computed (not a formula), and
/// the reference write it is measured against.
CostCell recovered_cell(const CostTable& t, std::size_t c, bool reference) {
    const auto& r = t.cols[c].cost->recovered;
    if (!r) {
        return text("-");
    }
    return constant(reference ? in(r->reference_write, units::TB_per_s) : r->per_day);
}

/// Their value a year: a live formula over the Prices sheet's GPU-hour.
CostCell recovered_value_cell(const CostTable& t, std::size_t c) {
    const DesignCost& cost = *t.cols[c].cost;
    if (!cost.recovered) {
        return text("-");
    }
    if (!cost.recovered->value_per_year) {
        return text("unpriced");
    }
    return num("=" + t.at("gpu_h_recovered", c) + "*365*price_gpu_hour",
               *cost.recovered->value_per_year,
               pick(cost.assumed, [](const std::string& n) { return n == "gpu_hour"; }));
}

std::vector<CostRow> recovered_rows(const CostTable& t) {
    std::vector<CostRow> rows;
    if (!any_recovered(t)) {
        return rows;
    }
    rows.push_back(
        {"", "Goodput in money (docs/cost.md §4; not in any total)", Num::integer, {}, {}, false});
    rows.push_back({"gpu_h_reference",
                    "Reference write: the rule's, before checkpoints (TB/s)",
                    Num::two,
                    [&t](std::size_t c) { return recovered_cell(t, c, true); },
                    {},
                    false});
    rows.push_back({"gpu_h_recovered",
                    "GPU-hours a day recovered over it",
                    Num::integer,
                    [&t](std::size_t c) { return recovered_cell(t, c, false); },
                    {},
                    true});
    rows.push_back({"gpu_h_value",
                    in_currency(t, "Value a year = GPU-h a day x 365 x GPU-hour price"),
                    Num::integer,
                    [&t](std::size_t c) { return recovered_value_cell(t, c); },
                    {},
                    true});
    return rows;
}

/// The usable capacity in GB read out a year, as a formula.
std::string read_out_gb(const CostTable& t, std::size_t c) {
    return t.at("q_usable_TB", c) + "*1000*price_cloud_read_out_share*12";
}

/// Egress a year through the Prices sheet's bands: 12 × Σ the month's GB
/// within each band (between the band before's top and its own) × the
/// band's price (docs/cost.md §3).
std::string egress_formula(const CloudEgress& e, const std::string& usable_tb) {
    const std::string month = "(" + usable_tb + "*1000*price_cloud_read_out_share)";
    std::string sum;
    for (std::size_t i = 0; i < e.tiers.size(); ++i) {
        const std::string n = fmt::format("{}", i + 1);
        const std::string floor =
            i == 0 ? std::string("0") : fmt::format("price_cloud_egress_top_{}", i);
        const std::string top =
            e.tiers[i].up_to ? "MIN(" + month + ",price_cloud_egress_top_" + n + ")" : month;
        sum += (i == 0 ? "" : "+") +
               ("MAX(0," + top + "-" + floor + ")*price_cloud_egress_per_GB_") + n;
    }
    return "=12*(" + sum + ")";
}

CostCell cloud_part_cell(const CostTable& t, std::size_t c, const char* name) {
    const CloudCost& k = t.cols[c].cloud;
    const CostPart* part = find_cloud_part(k, name);
    if (part == nullptr || !part->amount) {
        return text("unpriced");
    }
    const std::string n = name;
    auto uses = [&](std::initializer_list<const char*> fields) {
        return pick(k.assumed, [fields](const std::string& a) {
            return std::any_of(fields.begin(), fields.end(),
                               [&](const char* f) { return a == std::string("cloud.") + f; });
        });
    };
    if (n == "storage") {
        return num("=" + t.at("q_usable_TB", c) +
                       "*1000*INDEX(price_cloud_tier_prices,MATCH(\"Per GB-month, tier \"&"
                       "price_cloud_tier,price_cloud_tier_labels,0))*12",
                   *part->amount, uses({"per_gb_month"}));
    }
    if (n == "egress" && t.book.cloud.egress) {
        return num(egress_formula(*t.book.cloud.egress, t.at("q_usable_TB", c)), *part->amount,
                   uses({"egress", "read_out_share_per_month"}));
    }
    if (n == "egress") {
        return num("=" + read_out_gb(t, c) + "*price_cloud_egress_per_GB", *part->amount,
                   uses({"egress_per_gb", "read_out_share_per_month"}));
    }
    return num("=" + read_out_gb(t, c) +
                   "*1E9/price_cloud_request_bytes/1E4*price_cloud_per_10k_operations",
               *part->amount,
               uses({"per_10k_operations", "request_size", "read_out_share_per_month"}));
}

std::vector<CostRow> cloud_rows(const CostTable& t) {
    std::vector<CostRow> rows;
    rows.push_back({"",
                    "The cloud store at the same usable capacity (docs/cost.md §3)",
                    Num::integer,
                    {},
                    {},
                    false});
    const std::pair<const char*, const char*> parts[] = {
        {"storage", "  Storage a year"},
        {"egress", "  Egress a year"},
        {"operations", "  Read operations a year"}};
    for (const auto& [name, label] : parts) {
        // An init-capture: clang 14 (the asan preset) cannot capture a
        // structured binding by name.
        auto cell = [&t, n = name](std::size_t c) { return cloud_part_cell(t, c, n); };
        rows.push_back(
            {std::string("cloud_") + name, in_currency(t, label), Num::integer, cell, cell, false});
    }
    auto year = [&t](std::size_t c) {
        const CloudCost& k = t.cols[c].cloud;
        return num("=SUM(" + t.at("cloud_storage", c) + ":" + t.at("cloud_operations", c) + ")",
                   k.per_year, pick(k.assumed, running));
    };
    rows.push_back({"cloud_year", in_currency(t, "Cloud a year"), Num::integer, year, year, false});
    auto tco = [&t](std::size_t c) {
        const CloudCost& k = t.cols[c].cloud;
        return num("=" + t.at("years", c) + "*" + t.at("cloud_year", c), k.tco, k.assumed);
    };
    rows.push_back(
        {"cloud_tco", in_currency(t, "Cloud TCO = years x a year"), Num::integer, tco, tco, false});
    auto without = [&t](std::size_t c) {
        const CloudCost& k = t.cols[c].cloud;
        return num("=" + t.at("years", c) + "*SUM(" + t.at("cloud_storage", c) + "," +
                       t.at("cloud_operations", c) + ")",
                   k.tco_without_egress, k.assumed);
    };
    rows.push_back({"cloud_tco_without_egress",
                    in_currency(t, "Cloud TCO without egress = years x (storage + operations)"),
                    Num::integer, without, without, false});
    if (t.book.site.discount_rate) {
        auto pv = [&t](std::size_t c) {
            const CloudCost& k = t.cols[c].cloud;
            return num("=-PV(price_discount_rate," + t.at("years", c) + "," +
                           t.at("cloud_year", c) + ")",
                       k.present_value.value_or(0.0), k.assumed);
        };
        rows.push_back(
            {"cloud_pv", in_currency(t, "Cloud present value"), Num::integer, pv, pv, false});
    }
    return rows;
}

std::string joined(const std::vector<std::string>& names, const char* none) {
    std::string out;
    for (const std::string& n : names) {
        out += (out.empty() ? "" : ", ") + n;
    }
    return out.empty() ? none : out;
}

CostRow unpriced_row() {
    return {"unpriced", "Unpriced (left out of the totals)", Num::text, {}, {}, false};
}

CostCell cell_at(const CostTable& t, const CostRow& r, std::size_t c) {
    const CostColumn& col = t.cols[c];
    if (col.kind == ColumnKind::reference) {
        return r.of_reference ? r.of_reference(c) : text("n/a");
    }
    if (col.kind == ColumnKind::pods && r.scale_pods) {
        CostCell d = r.of_design(col.design_col);
        if (d.kind == CostCell::text) {
            return d;
        }
        // core/src/comparison.cpp: n pods cost n times one pod (scaled_cost).
        d.f = "=" + t.at("q_pods", c) + "*" + t.at(r.key, col.design_col);
        d.value *= col.pods;
        d.kind = CostCell::formula;
        return d;
    }
    return r.of_design(c);
}

std::string unpriced_text(const CostColumn& col) {
    std::vector<std::string> names =
        col.cost ? unpriced_figures(*col.cost) : std::vector<std::string>{};
    for (const std::string& n : col.cloud.unpriced()) {
        names.push_back("cloud " + n);
    }
    return joined(names, "-");
}

std::string assumed_comment(const std::vector<std::string>& names) {
    std::string text =
        "Rests on prices the price book marks ASSUMPTION (illustrative, not a quote):";
    for (const std::string& n : names) {
        text += "\n" + n;
    }
    return text + "\nSee the Prices sheet.";
}

void write_cell(xlsx::Book& book, xlsx::Sheet& sheet, int row, int col, const CostCell& cell,
                Num num) {
    switch (cell.kind) {
    case CostCell::text:
        sheet.text(row, col, cell.shown, book.text_value());
        return;
    case CostCell::constant:
        sheet.number(row, col, cell.value, num, Role::value);
        return;
    case CostCell::formula:
        sheet.formula(row, col, cell.f, cell.value, num,
                      cell.assumed.empty() ? Role::formula : Role::assumed);
        if (!cell.assumed.empty()) {
            sheet.comment(row, col, assumed_comment(cell.assumed));
        }
        return;
    }
}

/// One row at `row`; adds the assumed prices its cells rest on to `assumed`.
void write_cost_row(xlsx::Book& book, xlsx::Sheet& sheet, const CostTable& t, const CostRow& r,
                    int row, std::set<std::string>& assumed) {
    const bool section = r.key.empty();
    sheet.text(row, 0, r.label, section ? book.section() : book.label());
    for (std::size_t c = 0; c < t.cols.size(); ++c) {
        const int col = kFirstCol + static_cast<int>(c);
        if (section) {
            sheet.text(row, col, "", book.section());
        } else if (r.key == "unpriced") {
            sheet.text(row, col, unpriced_text(t.cols[c]), book.text_value());
        } else {
            const CostCell cell = cell_at(t, r, c);
            write_cell(book, sheet, row, col, cell, r.num);
            assumed.insert(cell.assumed.begin(), cell.assumed.end());
        }
    }
}

void write_cost_header(xlsx::Book& book, xlsx::Sheet& sheet, const CostTable& t) {
    sheet.text(0, 0, "Cost", book.title());
    sheet.text(1, 0,
               "What each column costs in " + t.book.currency +
                   " from the prices on the Prices sheet (docs/cost.md). Every figure is a "
                   "formula: edit a price there, or a count on a design sheet, and it follows.",
               book.subtitle());
    sheet.text(2, 0,
               "A part the price book does not price says \"unpriced\" and is left out of the "
               "totals; it is never counted as 0.",
               book.subtitle());
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
        costs.push_back(c.kind == ColumnKind::design && c.cost ? &*c.cost : nullptr);
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
    CostTable t(input, designs, summary);
    std::vector<CostRow> rows = quantity_rows(t);
    for (auto* more : {&capex_rows, &opex_rows, &total_rows, &recovered_rows, &cloud_rows}) {
        for (CostRow& r : more(t)) {
            rows.push_back(std::move(r));
        }
    }
    rows.push_back(unpriced_row());
    std::vector<int> at;
    int row = kHeaderRow + 1;
    for (const CostRow& r : rows) {
        row += r.key.empty() ? 1 : 0; // a blank row before each section
        if (!r.key.empty()) {
            t.row_of[r.key] = row;
        }
        at.push_back(row++);
    }
    write_cost_header(book, sheet, t);
    std::set<std::string> assumed;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        write_cost_row(book, sheet, t, rows[i], at[i], assumed);
    }
    write_cost_footer(book, sheet, t, row + 1, assumed);
    CostCells out{sheet.name(), t.row_of.at("tco"), kFirstCol, t.book.site.years, {}, {}};
    const CostRow& tco =
        *std::find_if(rows.begin(), rows.end(), [](const CostRow& r) { return r.key == "tco"; });
    for (std::size_t c = 0; c < t.cols.size(); ++c) {
        const CostCell cell = cell_at(t, tco, c);
        out.tco.push_back(cell.value);
        out.assumed.push_back(!cell.assumed.empty());
    }
    return out;
}

} // namespace podsizer::wb
