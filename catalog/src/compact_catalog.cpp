// The compact form of a catalog (compact_catalog.hpp). One walk over the
// catalog field table serves both directions: the encoder reads each value
// and appends it, the decoder overwrites it with the next one, so the two
// cannot disagree on the order.
#include "compact_catalog.hpp"

#include "podsizer/catalog/catalog_fields.hpp"

#include <charconv>
#include <cmath>
#include <fmt/format.h>
#include <stdexcept>
#include <type_traits>

namespace podsizer::detail {

namespace {

/// Appends every value it is shown; leaves the catalog as it is.
struct Encoder {
    static constexpr bool decoding = false;
    CompactCatalog out;

    void number(double& d) {
        if (!std::isfinite(d)) {
            throw std::logic_error("the compact catalog holds finite numbers only");
        }
        out.numbers.push_back(d);
    }
    void text(std::string& s) { out.texts.push_back(s); }
};

/// Overwrites every value it is shown with the next one of its list.
struct Decoder {
    static constexpr bool decoding = true;
    std::span<const double> numbers;
    std::span<const std::string_view> texts;
    std::size_t next_number = 0;
    std::size_t next_text = 0;

    void number(double& d) {
        if (next_number == numbers.size()) {
            throw std::logic_error("the compact catalog ends early (numbers)");
        }
        d = numbers[next_number++];
    }
    void text(std::string& s) {
        if (next_text == texts.size()) {
            throw std::logic_error("the compact catalog ends early (texts)");
        }
        s = texts[next_text++];
    }
};

template <class IO> void value(IO& io, std::string& s) {
    io.text(s);
}

/// Counts, flags and enums travel as numbers: every count of a catalog is
/// below 10^15 and so exact in a double.
template <class IO, class V>
requires std::is_arithmetic_v<V> || std::is_enum_v<V>
void value(IO& io, V& v) {
    if constexpr (std::is_enum_v<V>) {
        auto u = static_cast<std::underlying_type_t<V>>(v);
        value(io, u);
        v = static_cast<V>(u);
    } else {
        auto d = static_cast<double>(v);
        io.number(d);
        v = static_cast<V>(d);
    }
}

template <class IO, Dimension D> void value(IO& io, Quantity<D>& q) {
    double d = q.base();
    io.number(d);
    q = Quantity<D>::from_base(d);
}

template <class IO> void value(IO& io, StripeStep& s) {
    value(io, s.min_dboxes);
    value(io, s.data_strips);
}

template <class IO> void value(IO& io, PortMode& p) {
    value(io, p.speed);
    value(io, p.ports);
}

/// A list: its length, then its elements.
template <class IO, class E> void value(IO& io, std::vector<E>& list) {
    std::size_t n = list.size();
    value(io, n);
    list.resize(n);
    for (E& e : list) {
        value(io, e);
    }
}

template <class IO> void value(IO& io, Source& s) {
    value(io, s.kind);
    value(io, s.ref);
    value(io, s.note);
}

template <class IO> void value(IO& io, std::map<std::string, Source>& sources) {
    std::size_t n = sources.size();
    value(io, n);
    if constexpr (IO::decoding) {
        for (std::size_t i = 0; i < n; ++i) {
            std::string field;
            Source s;
            value(io, field);
            value(io, s);
            sources.emplace(std::move(field), std::move(s));
        }
    } else {
        for (auto& [field, s] : sources) {
            std::string name = field;
            value(io, name);
            value(io, s);
        }
    }
}

/// One row of the field table: its member, or the entry's sources.
template <class IO, class M> void field(IO& io, const CatalogField<M>& f, M& m) {
    if (f.type == CatalogType::source) {
        value(io, m.provenance.source);
        return;
    }
    if (f.type == CatalogType::field_sources) {
        value(io, m.provenance.field_sources);
        return;
    }
    std::visit(
        [&](auto member) {
            if constexpr (!std::is_same_v<decltype(member), std::monostate>) {
                value(io, m.*member);
            }
        },
        f.member);
}

template <class IO> void walk(IO& io, Catalog& c) {
    for_each_catalog_kind([&](const auto& kind) {
        auto& list = c.*kind.list;
        std::size_t n = list.size();
        value(io, n);
        list.resize(n);
        for (auto& entry : list) {
            for (const auto& f : kind.fields) {
                field(io, f, entry);
            }
        }
    });
    value(io, c.defaults.rack);
    value(io, c.defaults.network_switch);
    value(io, c.defaults.failure_rate);
}

/// `s` as the body of a C++ string literal: printable ASCII as it is (but
/// for the quote, the backslash and "?", which could start a trigraph), every
/// other byte as a three-digit octal escape, which no following digit extends.
std::string escaped(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (const char ch : s) {
        const auto b = static_cast<unsigned char>(ch);
        if (b >= 0x20 && b < 0x7f && ch != '"' && ch != '\\' && ch != '?') {
            out.push_back(ch);
        } else {
            out += fmt::format("\\{:03o}", b);
        }
    }
    return out;
}

/// `d` as a hexadecimal floating literal ("0x1.8p+1" for 3): exact, and made
/// by std::to_chars, which no locale changes ({fmt}'s "{:a}" wrote "0x1,8p+1"
/// under de_DE.UTF-8).
std::string hex_literal(double d) {
    char text[64];
    const auto end = std::to_chars(text, text + sizeof text, d, std::chars_format::hex).ptr;
    std::string digits(text, end);
    const bool negative = !digits.empty() && digits.front() == '-';
    return (negative ? "-0x" : "0x") + digits.substr(negative ? 1 : 0);
}

} // namespace

CompactCatalog compact_catalog(const Catalog& catalog) {
    Encoder io;
    Catalog copy = catalog; // the walk takes each value by reference, and leaves it
    walk(io, copy);
    return std::move(io.out);
}

Catalog expand_catalog(std::span<const double> numbers, std::span<const std::string_view> texts) {
    Decoder io{.numbers = numbers, .texts = texts};
    Catalog c;
    walk(io, c);
    if (io.next_number != numbers.size() || io.next_text != texts.size()) {
        throw std::logic_error("the compact catalog has values the field table does not read");
    }
    return c;
}

std::string compact_catalog_source(const CompactCatalog& compact) {
    std::string out =
        "// Generated at build time by podsizer_compact_catalog from catalog/data/*.json\n"
        "// (catalog/src/compact_catalog.hpp); do not edit.\n"
        "#include \"compact_catalog.hpp\"\n\n#include <array>\n\n"
        "namespace podsizer::detail {\n\nnamespace {\n\nusing namespace std::literals;\n\n";
    out += fmt::format("constexpr std::array<double, {}> kNumbers{{\n", compact.numbers.size());
    for (const double d : compact.numbers) {
        out += "    " + hex_literal(d) + ",\n";
    }
    out += "};\n\n";
    out +=
        fmt::format("constexpr std::array<std::string_view, {}> kTexts{{\n", compact.texts.size());
    for (const std::string& s : compact.texts) {
        out += fmt::format("    \"{}\"sv,\n", escaped(s));
    }
    out += "};\n\n} // namespace\n\n"
           "std::span<const double> default_catalog_numbers() {\n    return kNumbers;\n}\n\n"
           "std::span<const std::string_view> default_catalog_texts() {\n    return kTexts;\n}\n\n"
           "} // namespace podsizer::detail\n";
    return out;
}

} // namespace podsizer::detail
