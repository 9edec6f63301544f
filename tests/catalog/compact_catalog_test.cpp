// The default catalog is read from catalog/data/*.json at build time and
// compiled in compact form (catalog/src/compact_catalog.hpp, issue 34): no run
// parses it. These tests hold the compiled catalog to the JSON it came from,
// field by field, and the compact form to every kind of value it carries.
#include "compact_catalog.hpp"
#include "podsizer/catalog/catalog_fields.hpp"
#include "podsizer/catalog/catalog_io.hpp"

#include <catch2/catch.hpp>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

using namespace podsizer;

namespace {

/// "list.id.field" for every row of the field table whose value differs
/// between `a` and `b`, "list.id" when only a member without a row differs,
/// and "list" when the lists differ in length.
template <class M>
void differences(const CatalogKind<M>& kind, const std::vector<M>& a, const std::vector<M>& b,
                 std::vector<std::string>& out) {
    const std::string list(kind.key);
    if (a.size() != b.size()) {
        out.push_back(list);
        return;
    }
    for (std::size_t i = 0; i < a.size(); ++i) {
        const std::size_t before = out.size();
        for (const CatalogField<M>& f : kind.fields) {
            bool same = true;
            if (f.type == CatalogType::source) {
                same = a[i].provenance.source == b[i].provenance.source;
            } else if (f.type == CatalogType::field_sources) {
                same = a[i].provenance.field_sources == b[i].provenance.field_sources;
            } else {
                std::visit(
                    [&](auto member) {
                        if constexpr (!std::is_same_v<decltype(member), std::monostate>) {
                            same = a[i].*member == b[i].*member;
                        }
                    },
                    f.member);
            }
            if (!same) {
                out.push_back(list + "." + a[i].id + "." + std::string(f.name));
            }
        }
        if (out.size() == before && !(a[i] == b[i])) {
            out.push_back(list + "." + a[i].id);
        }
    }
}

std::vector<std::string> differences(const Catalog& a, const Catalog& b) {
    std::vector<std::string> out;
    for_each_catalog_kind(
        [&](const auto& kind) { differences(kind, a.*kind.list, b.*kind.list, out); });
    if (!(a.defaults == b.defaults)) {
        out.emplace_back("defaults");
    }
    return out;
}

/// `c` through its compact form and back.
Catalog round_trip(const Catalog& c) {
    const detail::CompactCatalog compact = detail::compact_catalog(c);
    const std::vector<std::string_view> texts(compact.texts.begin(), compact.texts.end());
    return detail::expand_catalog(compact.numbers, texts);
}

} // namespace

TEST_CASE("the default catalog compiled at build time equals the one read from its JSON files, "
          "field by field") {
    const Catalog compiled = default_catalog();
    const Catalog read = default_catalog_from_json();
    CHECK(differences(compiled, read).empty());
    for (const std::string& d : differences(compiled, read)) {
        FAIL_CHECK("differs: " << d);
    }
    // Not two empty catalogs agreeing: the JSON files' entries are all there.
    CHECK(compiled.cnodes.size() == read.cnodes.size());
    CHECK(compiled.dboxes.size() >= 2); // dbox-1u-22 and dbox-2u-44-hd
    CHECK(compiled.references.size() >= 1);
    CHECK(compiled.defaults.rack == read.defaults.rack);
}

TEST_CASE("the field-by-field comparison names the field that differs") {
    const Catalog read = default_catalog_from_json();
    Catalog changed = read;
    changed.dboxes.front().drive_afr += 0.001;
    changed.cnodes.front().provenance.field_sources["read"] =
        Source{SourceKind::vendor, "a datasheet", ""};
    changed.erasure_coding.front().steps.push_back(StripeStep{1, 8});
    changed.defaults.failure_rate = "another";
    const std::vector<std::string> want{
        "cnodes." + read.cnodes.front().id + ".field_sources",
        "dboxes." + read.dboxes.front().id + ".drive_afr",
        "erasure_coding." + read.erasure_coding.front().id + ".steps",
        "defaults",
    };
    CHECK(differences(changed, read) == want);
    changed = read;
    changed.racks.pop_back();
    CHECK(differences(changed, read) == std::vector<std::string>{"racks"});
}

TEST_CASE("a catalog with every kind of value comes back from its compact form unchanged") {
    Catalog c = default_catalog_from_json();
    // What the default catalog may lack: legacy stripe steps, a switch of
    // port modes and roles, 64-bit counts, per-GPU rules, texts with quotes,
    // backslashes, line breaks and UTF-8, negative zero and tiny quantities.
    ErasureCodingRule& ec = c.erasure_coding.front();
    ec.steps = {StripeStep{1, 4}, StripeStep{10, 8}};
    ec.max_dboxes = 1'000'000'000'000'000;
    SwitchModel& sw = c.switches.front();
    sw.port_modes = {PortMode{Throughput::from_base(25e9), 128},
                     PortMode{Throughput::from_base(1e11), 64}};
    sw.roles = static_cast<unsigned>(SwitchRole::super_spine);
    c.rules.front().basis = PerformanceRule::Basis::per_gpu;
    c.rules.front().read = Throughput::from_base(-0.0);
    c.cnodes.front().name = "C-node \"1U\" \\ line\nbreak \xc2\xa7 10 ?? end";
    c.cnodes.front().provenance.field_sources["write"] = Source{SourceKind::derived,
                                                                "docs/model.md \xc2\xa7"
                                                                "3",
                                                                "0.1 + 0.2"};
    c.dboxes.front().drive_sizes.push_back(Capacity::from_base(0.1 + 0.2));
    c.references.front().account_capacity = Capacity::from_base(5e-324);
    const Catalog back = round_trip(c);
    CHECK(differences(back, c).empty());
    CHECK(back.cnodes.front().name == c.cnodes.front().name);
    CHECK(back.dboxes.front().drive_sizes.back().base() == 0.1 + 0.2);
    CHECK(back.switches.front().port_modes.size() == 2);
}

TEST_CASE("the compact form's C++ text is exact for numbers and escapes every byte outside "
          "printable ASCII") {
    detail::CompactCatalog compact;
    compact.numbers = {3.0, -0.5, 0.0};
    // The quote, the backslash, "?", a line break and U+00A7 (bytes C2 A7),
    // then a digit that a shorter escape would swallow.
    compact.texts = {"x\"\\?\n\xc2\xa7"
                     "1",
                     "plain text"};
    const std::string source = detail::compact_catalog_source(compact);
    // 3 = 1.5 x 2^1, -0.5 = -1 x 2^-1 (hexadecimal floating literals).
    CHECK_THAT(source, Catch::Contains("    0x1.8p+1,\n    -0x1p-1,\n    0x0p+0,\n"));
    CHECK_THAT(source, Catch::Contains(R"("x\042\134\077\012\302\2471"sv)"));
    CHECK_THAT(source, Catch::Contains("\"plain text\"sv"));
    CHECK_THAT(source, Catch::Contains("std::array<double, 3> kNumbers"));
    CHECK_THAT(source, Catch::Contains("std::array<std::string_view, 2> kTexts"));
}

TEST_CASE("a compact form that does not match the field table is refused") {
    const detail::CompactCatalog compact = detail::compact_catalog(default_catalog_from_json());
    const std::vector<std::string_view> texts(compact.texts.begin(), compact.texts.end());
    std::vector<double> numbers = compact.numbers;
    numbers.pop_back();
    CHECK_THROWS_AS(detail::expand_catalog(numbers, texts), std::logic_error);
    numbers = compact.numbers;
    numbers.push_back(1.0);
    CHECK_THROWS_AS(detail::expand_catalog(numbers, texts), std::logic_error);
    CHECK_THROWS_AS(detail::expand_catalog(compact.numbers, std::span(texts).first(3)),
                    std::logic_error);
    CHECK_NOTHROW(detail::expand_catalog(compact.numbers, texts));
}
