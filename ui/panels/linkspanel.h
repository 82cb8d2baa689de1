#pragma once
// LinksPanel: one row per link (RealFlight, motion platform, PX4, RflySim, and any other worker
// the Station runs): state light, address, rate, error count, last event, connect/disconnect
// and the built-in emulator switch. Address: while a link runs, the endpoint it really uses
// (from the worker's endpoints: an emulator's bound port, PX4's listen address), else the
// address typed or given on the command line. Generic over Station::snapshot(): it knows counter
// names only to sum errors and pick a rate, and a link's `sensors` list (the peer's streams it
// requested, each with its state: RflySim) to add "· sensors streaming/requested" to the State
// cell and each sensor's state to its tooltip. GUI thread; refreshes at 5 Hz.
//
// Connect/disconnect and the emulator switches are requests (signals) the window passes to the
// Station; neither waits. A link being stopped shows "stopping…" with its button disabled.
// Without a receiver the panel says so in the window's error bar.

#include "core/event.h"
#include "core/linkdescriptor.h"
#include "ui/panels/panel.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>

class QTableWidget;
class QLineEdit;
class QPushButton;
class QCheckBox;

namespace hil {

class LinksPanel : public Panel
{
    Q_OBJECT
public:
    explicit LinksPanel(Station *station, QWidget *parent = nullptr);
    QString title() const override;
    void load(QSettings &settings) override;
    void save(QSettings &settings) const override;
    void refreshSlow() override;

    /// The address typed for a link ("host:port").
    QString address(const QString &link) const;
    void setAddress(const QString &link, const QString &address);
    /// "host:port" of the peer a running link uses, from its endpoints object ("" if unknown).
    static QString endpointInUse(const LinkDescriptor &d, const QJsonObject &endpoints);

signals:
    void connectRequested(const QString &link, const QString &address);
    void disconnectRequested(const QString &link);
    void emulatorRequested(const QString &link, bool run);

private:
    enum Column {
        ColLink,
        ColState,
        ColAddress,
        ColRate,
        ColErrors,
        ColEvent,
        ColConnect,
        ColEmulator,
        ColCount
    };
    struct Row
    {
        int index = -1;
        QLineEdit *address = nullptr;
        QPushButton *connectButton = nullptr;
        QCheckBox *emulator = nullptr;
        Event lastEvent;         ///< shown through eventText(), again on a language change
        double lastCount = -1.0; ///< the throughput counter at the previous refresh
        qint64 lastCountMs = 0;
        double rateHz = -1.0; ///< derived when the link reports no rate_hz
    };
    double rateOf(Row &r, const LinkDescriptor *d, const QJsonObject &counters);
    Row &row(const QString &link);
    void updateRow(const QString &link, const QJsonObject &counters, bool running, bool emulated);
    void onEvent(const Event &e);
    void onConnectClicked(const QString &link);
    QString defaultAddress(const QString &link) const;
    /// The address field's placeholder: the syntax the link's address option declares.
    QString addressHint(const QString &link) const;
    /// The field completes from choices(), read in a thread of its own (never the GUI thread).
    static void offerChoices(QLineEdit *field, const std::function<QStringList()> &choices);
    QString withSensors(const QString &stateText, const QJsonArray &sensors) const;
    QString sensorsToolTip(const QJsonArray &sensors) const;

    QTableWidget *m_table;
    QHash<QString, Row> m_rows;
    QStringList m_order;
};

} // namespace hil
