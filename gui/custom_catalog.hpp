// The user's own catalog entries, edited in the GUI's catalog tab: a
// `podsizer-catalog/1` document merged on top of the default catalog, exactly
// as `podsizer --catalog FILE` merges a file. Every check is the catalog
// reader's (merge_catalog_text, validate_catalog); this class only keeps the
// document and writes it back.
#pragma once

#include "podsizer/catalog/catalog_io.hpp"
#include "podsizer/core/catalog.hpp"

#include <QJsonObject>
#include <QString>
#include <optional>
#include <utility>
#include <vector>

namespace podsizer::gui {

/// A list of the catalog format: the key in the document ("dboxes") and the
/// kind reports' catalog views use for it ("dbox"), from the catalog's table
/// of kinds.
struct CatalogList {
    QString key;
    QString kind;
    QString label; ///< "D-boxes"
};
const std::vector<CatalogList>& catalog_lists();
/// The list whose view kind is `kind`; nullptr when unknown.
const CatalogList* list_of_kind(const QString& kind);

class CustomCatalog {
public:
    bool isEmpty() const;
    /// The file it was loaded from or saved to; empty when never saved.
    const QString& path() const { return path_; }

    /// (list key, id) of every entry, in document order.
    std::vector<std::pair<QString, QString>> entries() const;
    std::optional<QJsonObject> entry(const QString& list, const QString& id) const;
    /// Adds the entry, or replaces the one with the same id in the same list.
    void upsert(const QString& list, const QJsonObject& entry);
    bool remove(const QString& list, const QString& id);

    /// The document as the catalog reader takes it, keys in a readable order.
    QString text() const;

    /// The default catalog with this document merged and the whole checked.
    /// Throws InputError naming the file (or "custom catalog") and JSON path.
    Catalog build(Diagnostics* diag = nullptr) const;

    /// Reads and checks a catalog file; InputError when it is not one.
    static CustomCatalog load(const QString& path, Diagnostics* diag = nullptr);
    /// Writes atomically (temporary file, then rename); InputError on failure.
    void save(const QString& path);

    /// An entry of the default catalog as its data file has it.
    static std::optional<QJsonObject> defaultEntry(const QString& list, const QString& id);
    /// One entry as indented JSON with "id" and "name" first.
    static QString entryText(const QJsonObject& entry);

private:
    QString origin() const;
    QJsonObject doc_;
    QString path_;
};

} // namespace podsizer::gui
