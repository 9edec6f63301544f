#include "custom_catalog.hpp"

#include "input_field.hpp"
#include "podsizer/core/errors.hpp"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>
#include <QStringList>
#include <algorithm>
#include <cmath>

namespace podsizer::gui {

namespace {

QString json_string(const QString& s) {
    // QJsonDocument does the escaping; strip the array brackets around it.
    const QByteArray a = QJsonDocument(QJsonArray{s}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(a.mid(1, a.size() - 2));
}

QString pad(int indent) {
    return QString(indent * 2, QLatin1Char(' '));
}

QStringList ordered_keys(const QJsonObject& o, const QStringList& first, const QStringList& last) {
    QStringList keys;
    for (const QString& k : first) {
        if (o.contains(k)) {
            keys << k;
        }
    }
    QStringList middle;
    for (const QString& k : o.keys()) {
        if (!first.contains(k) && !last.contains(k)) {
            middle << k;
        }
    }
    keys << middle;
    for (const QString& k : last) {
        if (o.contains(k)) {
            keys << k;
        }
    }
    return keys;
}

QString to_text(const QJsonValue& v, int indent, const QStringList& first = {"id", "name"},
                const QStringList& last = {"source", "field_sources"}) {
    switch (v.type()) {
    case QJsonValue::Object: {
        const QJsonObject o = v.toObject();
        if (o.isEmpty()) {
            return "{}";
        }
        QStringList parts;
        for (const QString& k : ordered_keys(o, first, last)) {
            parts << pad(indent + 1) + json_string(k) + ": " + to_text(o.value(k), indent + 1);
        }
        return "{\n" + parts.join(",\n") + "\n" + pad(indent) + "}";
    }
    case QJsonValue::Array: {
        const QJsonArray a = v.toArray();
        if (a.isEmpty()) {
            return "[]";
        }
        QStringList parts;
        for (const QJsonValue& e : a) {
            parts << pad(indent + 1) + to_text(e, indent + 1);
        }
        return "[\n" + parts.join(",\n") + "\n" + pad(indent) + "]";
    }
    case QJsonValue::String:
        return json_string(v.toString());
    case QJsonValue::Double: {
        const double d = v.toDouble();
        if (std::floor(d) == d && std::abs(d) < 1e15) {
            return QString::number(static_cast<qint64>(d));
        }
        return number_text(d);
    }
    case QJsonValue::Bool:
        return v.toBool() ? "true" : "false";
    default:
        return "null";
    }
}

} // namespace

const std::vector<CatalogList>& catalog_lists() {
    static const std::vector<CatalogList> lists{
        {"cnodes", "cnode", "C-nodes"},
        {"dboxes", "dbox", "D-boxes"},
        {"erasure_coding", "erasure_coding", "Erasure coding"},
        {"switches", "switch", "Switches"},
        {"racks", "rack", "Racks"},
        {"gpu_platforms", "gpu_platform", "GPU platforms"},
        {"performance_rules", "performance_rule", "Performance rules"},
        {"references", "reference", "Reference systems"},
        {"failure_rates", "failure_rate", "Failure rates"},
    };
    return lists;
}

const CatalogList* list_of_kind(const QString& kind) {
    for (const CatalogList& l : catalog_lists()) {
        if (l.kind == kind) {
            return &l;
        }
    }
    return nullptr;
}

bool CustomCatalog::isEmpty() const {
    for (const CatalogList& l : catalog_lists()) {
        if (!doc_.value(l.key).toArray().isEmpty()) {
            return false;
        }
    }
    return !doc_.contains("defaults");
}

std::vector<std::pair<QString, QString>> CustomCatalog::entries() const {
    std::vector<std::pair<QString, QString>> out;
    for (const CatalogList& l : catalog_lists()) {
        for (const QJsonValue& e : doc_.value(l.key).toArray()) {
            out.emplace_back(l.key, e.toObject().value("id").toString());
        }
    }
    return out;
}

std::optional<QJsonObject> CustomCatalog::entry(const QString& list, const QString& id) const {
    for (const QJsonValue& e : doc_.value(list).toArray()) {
        if (e.toObject().value("id").toString() == id) {
            return e.toObject();
        }
    }
    return std::nullopt;
}

void CustomCatalog::upsert(const QString& list, const QJsonObject& entry) {
    QJsonArray a = doc_.value(list).toArray();
    const QString id = entry.value("id").toString();
    bool replaced = false;
    for (qsizetype i = 0; i < a.size(); ++i) {
        if (a.at(i).toObject().value("id").toString() == id) {
            a.replace(i, entry);
            replaced = true;
        }
    }
    if (!replaced) {
        a.append(entry);
    }
    doc_.insert(list, a);
}

bool CustomCatalog::remove(const QString& list, const QString& id) {
    QJsonArray a = doc_.value(list).toArray();
    for (qsizetype i = 0; i < a.size(); ++i) {
        if (a.at(i).toObject().value("id").toString() == id) {
            a.removeAt(i);
            if (a.isEmpty()) {
                doc_.remove(list);
            } else {
                doc_.insert(list, a);
            }
            return true;
        }
    }
    return false;
}

QString CustomCatalog::text() const {
    QJsonObject doc = doc_;
    doc.insert("schema", "podsizer-catalog/1");
    QStringList first{"schema"};
    for (const CatalogList& l : catalog_lists()) {
        first << l.key;
    }
    first << "defaults";
    // Top level in catalog order; entries inside with "id" and "name" first.
    QStringList parts;
    for (const QString& k : ordered_keys(doc, first, {})) {
        parts << pad(1) + json_string(k) + ": " + to_text(doc.value(k), 1);
    }
    return "{\n" + parts.join(",\n") + "\n}\n";
}

QString CustomCatalog::origin() const {
    return path_.isEmpty() ? QStringLiteral("custom catalog") : path_;
}

Catalog CustomCatalog::build(Diagnostics* diag) const {
    // The default catalog is parsed once; each build merges onto a copy.
    static const Catalog base = default_catalog();
    Catalog c = base;
    if (!isEmpty()) {
        const std::string where = origin().toStdString();
        merge_catalog_text(c, text().toStdString(), where, diag);
        validate_catalog(c, where);
    }
    return c;
}

CustomCatalog CustomCatalog::load(const QString& path, Diagnostics* diag) {
    const std::string text = read_text_file(path.toStdString());
    // The reader decides what is valid, with the file's name in its messages.
    Catalog probe = default_catalog();
    merge_catalog_text(probe, text, path.toStdString(), diag);
    validate_catalog(probe, path.toStdString());
    CustomCatalog cc;
    cc.doc_ = QJsonDocument::fromJson(QByteArray::fromStdString(text)).object();
    cc.doc_.remove("schema");
    cc.path_ = path;
    return cc;
}

void CustomCatalog::save(const QString& path) {
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly)) {
        throw InputError(path.toStdString(), "cannot write: " + f.errorString().toStdString());
    }
    f.write(text().toUtf8());
    if (!f.commit()) {
        throw InputError(path.toStdString(), "cannot write: " + f.errorString().toStdString());
    }
    path_ = path;
}

std::optional<QJsonObject> CustomCatalog::defaultEntry(const QString& list, const QString& id) {
    for (const EmbeddedFile& file : embedded_catalog_files()) {
        const QJsonObject doc =
            QJsonDocument::fromJson(
                QByteArray(file.text.data(), static_cast<qsizetype>(file.text.size())))
                .object();
        for (const QJsonValue& e : doc.value(list).toArray()) {
            if (e.toObject().value("id").toString() == id) {
                return e.toObject();
            }
        }
    }
    return std::nullopt;
}

QString CustomCatalog::entryText(const QJsonObject& entry) {
    return to_text(entry, 0);
}

} // namespace podsizer::gui
