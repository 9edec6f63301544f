#include "xlsx_package.hpp"

#include <cstdint>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <zlib.h>

namespace {

std::uint32_t le(const std::string& b, std::size_t at, int bytes) {
    if (at + static_cast<std::size_t>(bytes) > b.size()) {
        throw std::runtime_error("zip: truncated");
    }
    std::uint32_t v = 0;
    for (int i = bytes - 1; i >= 0; --i) {
        v = (v << 8) | static_cast<unsigned char>(b[at + static_cast<std::size_t>(i)]);
    }
    return v;
}

std::string inflate_raw(const std::string& in, std::size_t size) {
    std::string out(size, '\0');
    z_stream z{};
    if (inflateInit2(&z, -MAX_WBITS) != Z_OK) {
        throw std::runtime_error("zip: inflateInit2");
    }
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
    z.avail_in = static_cast<uInt>(in.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    const int rc = inflate(&z, Z_FINISH);
    inflateEnd(&z);
    if (rc != Z_STREAM_END || z.total_out != size) {
        throw std::runtime_error("zip: bad deflate stream");
    }
    return out;
}

void put(std::string& b, std::uint32_t v, int bytes) {
    for (int i = 0; i < bytes; ++i) {
        b += static_cast<char>((v >> (8 * i)) & 0xFF);
    }
}

/// The fields a local header and a central directory entry share, from
/// "version needed" to the extra field's length (APPNOTE 4.3.7).
std::string common_fields(const std::string& name, const std::string& content) {
    std::string b;
    put(b, 20, 2);   // version needed: 2.0
    put(b, 0, 2);    // flags
    put(b, 0, 2);    // stored
    put(b, 0, 2);    // time
    put(b, 0x21, 2); // date: 1980-01-01
    put(b,
        static_cast<std::uint32_t>(crc32(0L, reinterpret_cast<const Bytef*>(content.data()),
                                         static_cast<uInt>(content.size()))),
        4);
    put(b, static_cast<std::uint32_t>(content.size()), 4);
    put(b, static_cast<std::uint32_t>(content.size()), 4);
    put(b, static_cast<std::uint32_t>(name.size()), 2);
    put(b, 0, 2); // extra field
    return b;
}

} // namespace

void write_xlsx_parts(const std::string& path, const std::map<std::string, std::string>& parts) {
    std::string out;
    std::string central;
    for (const auto& [name, content] : parts) {
        const auto offset = static_cast<std::uint32_t>(out.size());
        const std::string fields = common_fields(name, content);
        put(out, 0x04034b50, 4);
        out += fields + name + content;
        put(central, 0x02014b50, 4);
        put(central, 20, 2); // version made by
        central += fields;
        put(central, 0, 2); // comment
        put(central, 0, 2); // disk
        put(central, 0, 2); // internal attributes
        put(central, 0, 4); // external attributes
        put(central, offset, 4);
        central += name;
    }
    const auto at = static_cast<std::uint32_t>(out.size());
    out += central;
    put(out, 0x06054b50, 4);
    put(out, 0, 4); // this disk, the directory's disk
    put(out, static_cast<std::uint32_t>(parts.size()), 2);
    put(out, static_cast<std::uint32_t>(parts.size()), 2);
    put(out, static_cast<std::uint32_t>(central.size()), 4);
    put(out, at, 4);
    put(out, 0, 2); // comment
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    f.write(out.data(), static_cast<std::streamsize>(out.size()));
    if (!f) {
        throw std::runtime_error("zip: cannot write " + path);
    }
}

std::map<std::string, std::string> read_xlsx_parts(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    const std::string b((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    if (b.size() < 22) {
        throw std::runtime_error("zip: too short to be an archive");
    }
    // End of central directory: the last "PK\5\6" record.
    std::size_t eocd = std::string::npos;
    for (std::size_t i = b.size() - 22 + 1; i-- > 0 && b.size() - i <= 22 + 65535;) {
        if (le(b, i, 4) == 0x06054b50) {
            eocd = i;
            break;
        }
    }
    if (eocd == std::string::npos) {
        throw std::runtime_error("zip: no end of central directory");
    }
    const std::uint32_t entries = le(b, eocd + 10, 2);
    std::size_t at = le(b, eocd + 16, 4);
    std::map<std::string, std::string> parts;
    for (std::uint32_t e = 0; e < entries; ++e) {
        if (le(b, at, 4) != 0x02014b50) {
            throw std::runtime_error("zip: bad central directory entry");
        }
        const std::uint32_t method = le(b, at + 10, 2);
        const std::uint32_t crc = le(b, at + 16, 4);
        const std::uint32_t csize = le(b, at + 20, 4);
        const std::uint32_t usize = le(b, at + 24, 4);
        const std::uint32_t nlen = le(b, at + 28, 2);
        const std::uint32_t xlen = le(b, at + 30, 2);
        const std::uint32_t clen = le(b, at + 32, 2);
        const std::uint32_t local = le(b, at + 42, 4);
        const std::string name = b.substr(at + 46, nlen);
        at += 46 + nlen + xlen + clen;

        if (le(b, local, 4) != 0x04034b50) {
            throw std::runtime_error("zip: bad local header for " + name);
        }
        const std::size_t data = local + 30 + le(b, local + 26, 2) + le(b, local + 28, 2);
        if (data + csize > b.size()) {
            throw std::runtime_error("zip: truncated part " + name);
        }
        const std::string raw = b.substr(data, csize);
        std::string content;
        if (method == 0) {
            content = raw;
        } else if (method == 8) {
            content = inflate_raw(raw, usize);
        } else {
            throw std::runtime_error("zip: unknown compression for " + name);
        }
        const auto actual = static_cast<std::uint32_t>(crc32(
            0L, reinterpret_cast<const Bytef*>(content.data()), static_cast<uInt>(content.size())));
        if (actual != crc) {
            throw std::runtime_error("zip: CRC mismatch in " + name);
        }
        if (!parts.emplace(name, std::move(content)).second) {
            throw std::runtime_error("zip: part listed twice: " + name);
        }
    }
    return parts;
}
