// The catalog tab: every model with its key figures and source (reports'
// catalog grids, the same text as `podsizer catalog list` and `show`), and
// the custom catalog: edit a copy of any entry as JSON, checked inline by the
// catalog reader as you type, applied on top of the default catalog, saved to
// and loaded from a catalog file (the same file `--catalog` takes).
#pragma once

#include <QString>
#include <QWidget>

class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QTableWidget;
class QTimer;

namespace podsizer::gui {

class Session;

class CatalogView : public QWidget {
    Q_OBJECT
public:
    explicit CatalogView(Session* session, QWidget* parent = nullptr);

    QTableWidget* list() const { return list_; }
    QTableWidget* figures() const { return figures_; }
    QPlainTextEdit* editor() const { return editor_; }
    QLabel* status() const { return status_; }

    /// Selects the model `id` of view kind `kind` ("dbox"); false when absent.
    bool selectEntry(const QString& kind, const QString& id);
    /// Puts a copy of the selected entry in the JSON editor.
    void editCopy();
    /// Checks the editor's JSON with the catalog reader now; true when valid.
    bool validateNow();
    /// Merges the edited entry into the custom catalog (and re-sizes).
    bool applyEdit();

public Q_SLOTS:
    void loadCatalogFile();
    void saveCatalogFile();

private:
    QWidget* modelList(QWidget* parent);
    QWidget* details(QWidget* parent);
    QWidget* customEditor(QWidget* parent);
    void connectEditing();
    void refresh();
    void showSelected();
    void refreshCustomList();
    void filter(const QString& text);

    Session* session_;
    QLineEdit* search_;
    QTableWidget* list_;
    QLabel* title_;
    QLabel* source_;
    QTableWidget* figures_;
    QListWidget* custom_;
    QLabel* editing_;
    QPlainTextEdit* editor_;
    QLabel* status_;
    QPushButton* copy_;
    QPushButton* apply_;
    QPushButton* remove_;
    QTimer* debounce_;
    QString edit_list_; ///< the catalog list the edited entry belongs to ("dboxes")
};

} // namespace podsizer::gui
