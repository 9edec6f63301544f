// The cost arithmetic of docs/cost.md against hand calculations: list less
// discount per device, energy at facility power all year, space, support,
// TCO, present value, the cloud store and the value of recovered GPU-hours.
// The prices are made up for the test; only the arithmetic is checked.
#include "podsizer/core/cost.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

using namespace podsizer;

namespace {

/// The reference pod's counts and figures (README): 450 C-nodes, 180 D-boxes,
/// 20 + 16 switches, 29 racks, 702 kW typical, 1,109.16 kW facility.
Design pod() {
    Design d;
    d.cnode_model = "cnode-1u";
    d.dbox_model = "dbox-1u-22";
    d.switch_model = "switch-64x800g-2u";
    d.rack_model = "rack-42u-25kw";
    d.drive_size = of<Capacity>(61.44, units::TB);
    d.cnodes = 450;
    d.dboxes = 180;
    d.leaf_switches = 20;
    d.spine_switches = 16;
    d.racks = 29;
    d.power = of<Power>(702.0, units::kW);
    d.facility_power = of<Power>(1109.16, units::kW);
    d.usable = of<Capacity>(217.87, units::PB);
    d.read = of<Throughput>(10.8, units::TB_per_s);
    return d;
}

ItemPrice price(std::string id, double list, double discount = 0.0) {
    ItemPrice p;
    p.id = std::move(id);
    p.unit_price = list;
    p.discount = discount;
    p.support_share = 0.10;
    return p;
}

PriceBook book() {
    PriceBook b;
    b.currency = "USD";
    b.items = {price("cnode-1u", 20000.0, 0.10), price("dbox-1u-22", 150000.0),
               price("switch-64x800g-2u", 40000.0), price("rack-42u-25kw", 5000.0)};
    b.site.energy_per_kwh = 0.10;
    b.site.space_per_rack_month = 1000.0;
    b.site.years = 5;
    return b;
}

} // namespace

TEST_CASE("a design's CapEx, OpEx and TCO are the hand calculation") {
    const DesignCost c = design_cost(pod(), book());
    // CapEx: 450 x 20,000 x 0.9 + 180 x 150,000 + 36 x 40,000 + 29 x 5,000
    //      = 8,100,000 + 27,000,000 + 1,440,000 + 145,000 = 36,685,000.
    CHECK(c.part("cnodes") == Approx(8100000.0));
    CHECK(c.part("switches") == Approx(1440000.0));
    CHECK(c.capex == Approx(36685000.0));
    // Energy: 1,109.16 kW x 8,760 h x 0.10 = 971,624.16 a year.
    CHECK(c.part("energy") == Approx(971624.16));
    // Space: 29 racks x 1,000 x 12 = 348,000 a year.
    CHECK(c.part("space") == Approx(348000.0));
    // Support: 10 % of the net prices, 3,668,500 a year.
    CHECK(c.part("support") == Approx(3668500.0));
    CHECK_FALSE(c.part("licences"));
    CHECK(c.opex_per_year == Approx(971624.16 + 348000.0 + 3668500.0));
    // TCO over 5 years = CapEx + 5 x OpEx.
    CHECK(c.tco == Approx(36685000.0 + 5.0 * 4988124.16));
    CHECK(c.unpriced().empty());
    CHECK_FALSE(c.present_value);
    // Per usable TB a month: TCO / (217,870 TB x 60 months); per GB/s: / 10,800.
    CHECK(c.per_usable_tb_month == Approx(c.tco / (217870.0 * 60.0)));
    CHECK(c.per_read_gb_per_s == Approx(c.tco / 10800.0));
}

TEST_CASE("what the book does not price is said, never counted as zero") {
    PriceBook b = book();
    b.items.pop_back(); // no rack price
    b.site.energy_per_kwh.reset();
    b.items[0].support_share.reset();
    const DesignCost c = design_cost(pod(), b);
    CHECK_FALSE(c.part("racks"));
    CHECK_FALSE(c.part("energy"));
    CHECK_FALSE(c.part("support"));
    CHECK(c.unpriced() == std::vector<std::string>{"racks", "energy", "support"});
    // The totals hold the priced parts only.
    CHECK(c.capex == Approx(36685000.0 - 145000.0));
    CHECK(c.opex_per_year == Approx(348000.0));
}

TEST_CASE("space per kW, licences per usable TB, and a D-box priced with its drive") {
    PriceBook b = book();
    b.site.space_per_rack_month.reset();
    b.site.space_per_kw_month = 150.0;
    b.items[1].licence_per_usable_tb_year = 20.0;
    ItemPrice with_drive = price("dbox-1u-22", 180000.0);
    with_drive.drive = of<Capacity>(61.44, units::TB);
    b.items.push_back(with_drive);
    const DesignCost c = design_cost(pod(), b);
    // 702 kW typical x 150 x 12 = 1,263,600 a year.
    CHECK(c.part("space") == Approx(1263600.0));
    // The drive option's entry wins over the model's: 180 x 180,000; its
    // entry has no licence, so none is charged.
    CHECK(c.part("dboxes") == Approx(32400000.0));
    CHECK_FALSE(c.part("licences"));
    b.items.pop_back();
    // 217,870 TB x 20 = 4,357,400 a year.
    CHECK(design_cost(pod(), b).part("licences") == Approx(4357400.0));
}

TEST_CASE("a present value discounts each year's running cost") {
    // 100 now and 10 at the end of each of 2 years at 10 %: 100 + 10/1.1 +
    // 10/1.21 = 117.355...
    CHECK(present_value(100.0, 10.0, 2, 0.10) == Approx(100.0 + 10.0 / 1.1 + 10.0 / 1.21));
    PriceBook b = book();
    b.site.discount_rate = 0.08;
    const DesignCost c = design_cost(pod(), b);
    REQUIRE(c.present_value);
    CHECK(*c.present_value < c.tco);
    CHECK(*c.present_value == Approx(present_value(c.capex, c.opex_per_year, 5, 0.08)));
}

TEST_CASE("the cloud store at the same usable capacity: storage, egress and operations") {
    PriceBook b = book();
    b.cloud.tier = "hot";
    b.cloud.per_gb_month = {{"hot", 0.018}, {"cool", 0.01}};
    b.cloud.egress_per_gb = 0.05;
    b.cloud.per_10k_operations = 0.004;
    b.cloud.read_out_share_per_month = 0.10;
    b.cloud.request_size = of<Capacity>(4.0, units::MB);
    const Capacity usable = of<Capacity>(217.87, units::PB);
    const CloudCost c = cloud_cost(usable, b);
    // 217,870,000 GB x 0.018 x 12 = 47,059,920 a year.
    const double gb = 217870000.0;
    CHECK(c.parts_per_year.at(0).amount == Approx(gb * 0.018 * 12));
    // 10 % a month read out: 21,787,000 GB x 12 x 0.05.
    CHECK(c.parts_per_year.at(1).amount == Approx(gb * 0.10 * 12 * 0.05));
    // Operations: 261,444,000 GB a year / 4 MB = 6.5361e10, / 10,000 x 0.004.
    CHECK(c.parts_per_year.at(2).amount == Approx(gb * 0.10 * 12 * 1e9 / 4e6 / 1e4 * 0.004));
    CHECK(c.tco == Approx(5 * c.per_year));
    b.cloud.tier = "archive";
    CHECK(cloud_cost(usable, b).unpriced() == std::vector<std::string>{"storage"});
}

TEST_CASE("goodput recovered is priced at the book's GPU-hour") {
    PriceBook b = book();
    CHECK_FALSE(recovered_gpu_hours_value(0.9, 0.85, 41472, b));
    b.gpu_hour = 2.0;
    // 5 points of goodput on 41,472 GPUs: 0.05 x 41,472 x 8,760 h x 2.0.
    CHECK(*recovered_gpu_hours_value(0.9, 0.85, 41472, b) == Approx(0.05 * 41472 * 8760 * 2.0));
}

TEST_CASE("n pods cost n times one pod, and per TB-month and per GB/s stay") {
    PriceBook b = book();
    b.site.discount_rate = 0.08;
    const DesignCost one = design_cost(pod(), b);
    const DesignCost five = scaled_cost(one, 5);
    CHECK(five.capex == Approx(5 * 36685000.0));
    CHECK(five.part("energy") == Approx(5 * 971624.16));
    CHECK(five.opex_per_year == Approx(5 * one.opex_per_year));
    CHECK(five.tco == Approx(5 * one.tco));
    CHECK(*five.present_value == Approx(5 * *one.present_value));
    CHECK(five.per_usable_tb_month == one.per_usable_tb_month);
    CHECK(five.per_read_gb_per_s == one.per_read_gb_per_s);
}

TEST_CASE("a cost names the prices it rests on that the book marks ASSUMPTION") {
    PriceBook b = book();
    // Every item's source defaults to an assumption; the site's too.
    b.site.provenance.field_sources["energy_per_kwh"] = Source{SourceKind::spec, "EIA", ""};
    b.items[0].source = Source{SourceKind::vendor, "quote 1", ""};
    const DesignCost c = design_cost(pod(), b);
    // cnode-1u is quoted and energy public: neither is named; the rest are.
    CHECK(c.assumed == std::vector<std::string>{"dbox-1u-22", "switch-64x800g-2u", "rack-42u-25kw",
                                                "site.space_per_rack_month", "site.years"});
    b.cloud.per_gb_month = {{"hot", 0.02}};
    b.cloud.tier = "hot";
    CHECK(cloud_cost(of<Capacity>(1.0, units::PB), b).assumed ==
          std::vector<std::string>{"cloud.per_gb_month", "site.years"});
}

namespace {

BomLine line(std::string category, std::string item, std::int64_t n, bool devices = false) {
    BomLine l;
    l.category = std::move(category);
    l.item = std::move(item);
    l.quantity = n;
    l.in_capex = devices;
    return l;
}

/// `d` with a bill: its devices as counted, then the given parts.
Design with_bill(Design d, std::vector<BomLine> parts) {
    DesignBom b;
    b.lines = {line("C-nodes", d.cnode_model, d.cnodes, true),
               line("D-boxes", d.dbox_model, d.dboxes, true),
               line("Switches", d.switch_model, d.switches(), true),
               line("Racks", d.rack_model, d.racks, true)};
    b.lines.insert(b.lines.end(), parts.begin(), parts.end());
    d.bom = b;
    return d;
}

} // namespace

TEST_CASE("a growth step orders the parts its bill has beyond the one before, priced") {
    // docs/cost.md §8. Before: one pod with 100 DACs on two lines (60 + 40),
    // 20 transceivers, 10 PDUs. After: two pods, each with 130 DACs, 15
    // transceivers, 12 PDUs and 5 rail kits (new). By hand, in totals:
    // DACs 260 - 100 = 160, transceivers 30 - 20 = 10, PDUs 24 - 10 = 14,
    // rail kits 10 - 0 = 10; at 150, 900, 2,000 and 80 (the rail kit left
    // unpriced in the second book).
    Design small = pod();
    Design big = pod();
    big.cnodes = 500;
    const Design before =
        with_bill(small, {line("Cables", "dac", 60), line("Cables", "dac", 40),
                          line("Transceivers", "optic", 20), line("Power", "pdu", 10)});
    const Design after =
        with_bill(big, {line("Cables", "dac", 130), line("Transceivers", "optic", 15),
                        line("Power", "pdu", 12), line("Rails", "rail", 5)});
    PriceBook b = book();
    b.items.push_back(price("dac", 150.0));
    b.items.push_back(price("optic", 900.0));
    b.items.push_back(price("pdu", 2000.0));
    PriceBook all = b;
    all.items.push_back(price("rail", 80.0));

    const PartsOrder priced = parts_ordered(before, 1, after, 2, all);
    CHECK(priced.amount == Approx(160 * 150.0 + 10 * 900.0 + 14 * 2000.0 + 10 * 80.0));
    CHECK(priced.unpriced.empty());

    const PartsOrder partly = parts_ordered(before, 1, after, 2, b);
    CHECK(partly.amount == Approx(160 * 150.0 + 10 * 900.0 + 14 * 2000.0));
    CHECK(partly.unpriced == std::vector<std::string>{"rail_kits"});

    // One pod after: 15 transceivers against 20 orders none (nothing is
    // returned), 130 DACs against 100 orders 30.
    const PartsOrder one = parts_ordered(before, 1, after, 1, all);
    CHECK(one.amount == Approx(30 * 150.0 + 0 * 900.0 + 2 * 2000.0 + 5 * 80.0));

    // A design whose counts are not its bill's (a copy with changed counts)
    // orders nothing: its bill is not its own.
    Design stale = after;
    stale.dboxes += 1;
    CHECK(parts_ordered(before, 1, stale, 1, all).amount == 0.0);
}
