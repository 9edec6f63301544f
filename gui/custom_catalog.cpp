#include "custom_catalog.hpp"

#include "podsizer/catalog/catalog_fields.hpp"
#include "podsizer/catalog/catalog_write.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/reports/atomic_file.hpp"
#include "qt_text.hpp"

#include <QJsonArray>
#include <QJsonDocument>

namespace podsizer::gui {

namespace {

std::string compact(const QJsonObject& o) {
    return QJsonDocument(o).toJson(QJsonDocument::Compact).toStdString();
}

} // namespace

const std::vector<CatalogList>& catalog_lists() {
    // The catalog's table of kinds (podsizer/catalog/catalog_fields.hpp).
    static const std::vector<CatalogList> lists = [] {
        std::vector<CatalogList> out;
        for (const CatalogKindName& k : catalog_kind_names()) {
            out.push_back({q(k.key), q(k.word), q(k.label)});
        }
        return out;
    }();
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
    // The catalog's own writer: lists in catalog order, "id" and "name" first.
    return QString::fromStdString(catalog_document_text(compact(doc_), "custom catalog"));
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
    write_file_atomically(path.toStdString(), text().toStdString());
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
    return QString::fromStdString(catalog_entry_text(compact(entry), "catalog entry"));
}

} // namespace podsizer::gui
