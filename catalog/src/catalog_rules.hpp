// The rules between the fields of a catalog entry, run after its rows are
// read (CatalogKind::finish): a default drive among the drive sizes, a
// switch's uplink among its port modes, a maximum draw at least the typical.
// They also read the structured fields (lists, roles, basis) they join.
// Private to podsizer::catalog.
#pragma once

#include "json_node.hpp"
#include "podsizer/core/catalog.hpp"

#include <string_view>

namespace podsizer::detail {

inline constexpr std::string_view kLeafUplinkExpected =
    "expected a fraction above 0 and below 1 that leaves a leaf at least one uplink port, such "
    "as 0.5";

// Structured fields and fields checked against earlier ones, each read in
// its row's place (CatalogField::read).
void read_drive_sizes(const Node& n, DBoxModel& d);
void read_default_drive(const Node& n, DBoxModel& d);
void read_max_data_strips(const Node& n, ErasureCodingRule& e);
void read_stripe_steps(const Node& n, ErasureCodingRule& e);
void read_port_modes(const Node& n, SwitchModel& s);
void read_ports(const Node& n, SwitchModel& s);
void read_downlink_fraction(const Node& n, SwitchModel& s);
void read_roles(const Node& n, SwitchModel& s);
void read_basis(const Node& n, PerformanceRule& r);
void read_accounts_raised(const Node& n, ReferenceSystem& r);
/// One of kPartRoles (docs/bom.md).
void read_part_role(const Node& n, Part& p);

// The checks after the rows and the sources (CatalogKind::finish).
/// C-nodes, D-boxes: the maximum draw, or typical x 1.3 as an assumption
/// (docs/model.md §10).
template <class M> void device_finish(const Node& n, M& m);
/// The leaf's uplink, then device_finish.
void switch_finish(const Node& n, SwitchModel& s);
/// A workload is a training-data one (all of accelerator, batch,
/// sample_size, compute_time and min_au) or a checkpoint one
/// (checkpoint_size), never both nor part of the first (docs/workloads.md §1).
void workload_finish(const Node& n, Workload& w);

} // namespace podsizer::detail
