// The rows of a design sheet as data: each section is a list of typed items
// (label, value cell, how it is computed) that Items writes in order. A
// formula names earlier items as {key}; Items turns that into the cell ($B$n)
// the item went to. Internal to podsizer::reports (docs/architecture.md).
#pragma once

#include "workbook_parts.hpp"

#include <string>
#include <vector>

namespace podsizer::wb {

/// One row of a design sheet.
struct Item {
    enum class Kind {
        input,         ///< a number the user may change (blue)
        value,         ///< a number podsizer computed that is not a formula (the rack layout)
        text,          ///< a text value
        formula,       ///< a live formula with its cached number
        text_formula,  ///< a live formula with its cached text
        array_formula, ///< a live array formula with its cached number
    };
    Kind kind = Kind::text;
    std::string key; ///< what later formulas call it ({key}); empty: not referred to
    std::string label;
    std::string expr;    ///< the formula of the formula kinds; may hold {key} placeholders
    double number = 0.0; ///< the value, or the formula's cached result
    std::string shown;   ///< the text, or the text formula's cached result
    xlsx::Num num = xlsx::Num::integer;
    std::string how; ///< how it is computed, for people
    /// A finding: no value, its message across the value and how columns.
    bool span = false;
    /// The formula map's row of a formula kind (formula_map.hpp), which the
    /// item is written as; every formula item is made by mapped().
    const FormulaRow* map = nullptr;

    static Item input(std::string key, std::string label, double v, xlsx::Num num, std::string how);
    static Item value(std::string key, std::string label, double v, xlsx::Num num, std::string how);
    static Item text(std::string key, std::string label, std::string v, std::string how);
};

/// A titled run of items; a blank row comes before the title.
struct Section {
    std::string title; ///< empty: no heading (and, in practice, no items)
    std::vector<Item> items;
};

/// A formula's catalog figure capped by a line rate that may be unknown (0):
/// what a device delivers (docs/model.md §7).
inline std::string capped(const std::string& figure, const std::string& line) {
    return "IF(" + line + ">0,MIN(" + figure + "," + line + ")," + figure + ")";
}

struct DesignContext;

/// The formula map's row `id` (formula_map.def) as an item: its template with
/// the Assumptions names filled in (the {item} placeholders stay for Items to
/// fill), cached with the row's figure of the design; keyed by `id` unless
/// `key` is given.
Item mapped(const DesignContext& x, std::string_view id, std::string label, xlsx::Num num,
            std::string how, std::string key = {}, std::string_view need = {});

/// Whether `items` hold one with this key.
bool has_item(const std::vector<Item>& items, const std::string& key);

/// What every section of one design's sheet reads: the design, where its
/// figures are on Assumptions, and what lines up with it.
struct DesignContext {
    const Design& d;
    const DesignEntry& entry;
    const Assumptions& a;
    const Catalog& catalog;
    const Scenario* s; ///< null: no scenario
    const CheckpointCells& checkpoints;

    // Defined names of the design's catalog figures and of scenario inputs.
    std::string cn(const std::string& field) const { return a.name("cnode", d.cnode_model, field); }
    std::string db(const std::string& field) const { return a.name("dbox", d.dbox_model, field); }
    std::string sw(const std::string& field) const {
        return a.name("switch", d.switch_model, field);
    }
    std::string rk(const std::string& field) const { return a.name("rack", d.rack_model, field); }
    std::string ec(const std::string& field) const;
    /// A scenario input; on a project's site sized for its own needs, the
    /// site's own where it has one (its pod's GPUs, its usable need).
    std::string scenario(const std::string& field) const {
        if (entry.site != nullptr && a.has("site", site_id(*entry.site), field)) {
            return a.name("site", site_id(*entry.site), field);
        }
        return a.name("scenario", "scenario", field);
    }
    /// The GPU platform of the design's GPUs: the site's, else the fleet's.
    const std::string& platform() const {
        return entry.site != nullptr ? entry.site->platform : s->fleet->platform;
    }
    /// A site's own figure of a workload (`field`: "<id>_gpus", "<id>_speed"),
    /// when Assumptions lists one.
    bool has_site(const std::string& field) const {
        return entry.site != nullptr && a.has("site", site_id(*entry.site), field);
    }
    bool has_scenario(const std::string& field) const {
        return a.has("scenario", "scenario", field);
    }
};

/// The Requirement section: GPUs, required throughput and capacity, and
/// whether the design meets them (workbook_design_requirement.cpp).
Section requirement_section(const DesignContext& x);

} // namespace podsizer::wb
