#include "ui/panels/linkspanel.h"
#include "model/tsan.h"
#include "station/station.h"
#include "ui/eventtext.h"
#include "ui/panels/linkstyle.h"
#include "ui/panels/sessionpanel.h"

#include <QCheckBox>
#include <QCompleter>
#include <QDateTime>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLineEdit>
#include <QLocale>
#include <QMetaMethod>
#include <QPushButton>
#include <QSettings>
#include <QStringListModel>
#include <QTableWidget>
#include <QThread>
#include <QVBoxLayout>
#include <algorithm>

namespace hil {

LinksPanel::LinksPanel(Station *station, QWidget *parent)
    : Panel(QStringLiteral("linksPanel"), station, parent), m_table(new QTableWidget(this))
{
    m_table->setObjectName(QStringLiteral("linksTable"));
    m_table->setColumnCount(ColCount);
    retranslate([this] {
        m_table->setHorizontalHeaderLabels({tr("Link"), tr("State"), tr("Address"), tr("Rate"),
                                            tr("Errors"), tr("Last event"), QString(),
                                            tr("Emulator")});
        m_table->horizontalHeaderItem(ColAddress)
            ->setToolTip(
                tr("The peer's address in use (the built-in emulator's real port when emulated); "
                   "type another one while the link is stopped, then Connect"));
        for (auto it = m_rows.begin(); it != m_rows.end(); ++it) {
            it->address->setPlaceholderText(addressHint(it.key()));
            it->emulator->setToolTip(tr("Run the built-in emulator of this peer on 127.0.0.1"));
            m_table->item(it->index, ColLink)
                ->setText(linkTitle(this->station()->registry(), it.key()));
        }
    });
    m_table->verticalHeader()->hide();
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setShowGrid(false);
    m_table->setAlternatingRowColors(true);
    m_table->setFocusPolicy(Qt::NoFocus);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 12);
    QHeaderView *h = m_table->horizontalHeader();
    h->setSectionResizeMode(QHeaderView::ResizeToContents);
    h->setSectionResizeMode(ColAddress, QHeaderView::Interactive);
    h->setSectionResizeMode(ColEvent, QHeaderView::Stretch);
    m_table->setColumnWidth(
        ColAddress,
        m_table->fontMetrics().horizontalAdvance(QStringLiteral("127.000.000.001:65535")) + 16);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_table);
    for (const LinkDescriptor &d : station->registry().all())
        row(d.name);
    connect(station, &Station::eventRaised, this, &LinksPanel::onEvent);
    for (const Station::TimedEvent &e : station->recentEvents())
        onEvent(e.event); // links started before the window
    retranslate([this] {
        for (const Row &r : std::as_const(m_rows))
            m_table->item(r.index, ColEvent)->setText(eventText(r.lastEvent));
    });
    refreshSlow();
}

QString LinksPanel::title() const
{
    return tr("Links");
}

void LinksPanel::offerChoices(QLineEdit *field, const std::function<QStringList()> &choices)
{
    // The list (e.g. the serial ports present) is read in a thread of its own: listing ports
    // reads udev/sysfs or the registry, and the GUI thread never waits on the system. The field
    // then completes from it; a typed address (a pty, a by-id link) stays accepted.
    auto *model = new QStringListModel(field);
    auto *completer = new QCompleter(model, field);
    completer->setCompletionMode(QCompleter::UnfilteredPopupCompletion);
    field->setCompleter(completer);
    auto result = std::make_shared<QStringList>();
    QThread *thread = QThread::create([choices, result] {
        *result = choices();
        HIL_TSAN_RELEASE(result.get()); // QThread::finished, queued to the field's thread
    });
    connect(thread, &QThread::finished, model, [model, result] {
        HIL_TSAN_ACQUIRE(result.get());
        model->setStringList(*result);
    });
    connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    thread->start();
}

QString LinksPanel::addressHint(const QString &link) const
{
    // What the address option takes, as its descriptor declares it: a host and port for the
    // network links, a device for the pilot's input ("realflight|joystick[:INDEX|NAME]"), a URL
    // for the lab.
    const LinkDescriptor *d = station()->registry().find(link);
    if (d)
        for (const OptionSpec &o : d->options)
            if (o.name == d->addressOption && !o.valueName.contains(QLatin1String("HOST")) &&
                !o.valueName.contains(QLatin1String("PORT")))
                return o.valueName.toLower();
    return tr("host:port");
}

QString LinksPanel::defaultAddress(const QString &link) const
{
    // The descriptor's address option as given on the command line: an endpoint or a host.
    const LinkDescriptor *d = station()->registry().find(link);
    if (!d || d->addressOption.isEmpty() || !station()->options().links.has(d->addressOption))
        return {};
    const QVariant v = station()->options().links.value(d->addressOption);
    if (v.userType() == qMetaTypeId<SerialPortSpec>()) {
        const SerialPortSpec s = v.value<SerialPortSpec>();
        return QStringLiteral("serial:") + s.path +
               (s.baud == SerialPortSpec::kDefaultBaud ? QString()
                                                       : QStringLiteral(":%1").arg(s.baud));
    }
    return v.userType() == qMetaTypeId<Endpoint>() ? endpointText(v.value<Endpoint>())
                                                   : v.toString();
}

LinksPanel::Row &LinksPanel::row(const QString &link)
{
    auto it = m_rows.find(link);
    if (it != m_rows.end())
        return it.value();
    Row r;
    r.index = m_table->rowCount();
    m_table->insertRow(r.index);
    auto *name = new QTableWidgetItem(linkTitle(station()->registry(), link));
    name->setToolTip(link);
    m_table->setItem(r.index, ColLink, name);
    for (int c : {ColState, ColRate, ColErrors, ColEvent})
        m_table->setItem(r.index, c, new QTableWidgetItem);
    m_table->item(r.index, ColRate)->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_table->item(r.index, ColErrors)->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    r.address = new QLineEdit(defaultAddress(link));

    r.address->setObjectName(link + QStringLiteral("Address"));
    r.address->setPlaceholderText(addressHint(link));
    r.address->setFrame(false);
    if (const LinkDescriptor *d = station()->registry().find(link); d && d->addressChoices)
        offerChoices(r.address, d->addressChoices);
    m_table->setCellWidget(r.index, ColAddress, r.address);
    r.connectButton = new QPushButton(tr("Connect"));
    r.connectButton->setAutoDefault(false);
    r.connectButton->setFlat(true);
    r.connectButton->setObjectName(link + QStringLiteral("Connect"));
    connect(r.connectButton, &QPushButton::clicked, this, [this, link] { onConnectClicked(link); });
    m_table->setCellWidget(r.index, ColConnect, r.connectButton);
    r.emulator = new QCheckBox;
    r.emulator->setObjectName(link + QStringLiteral("Emulator"));
    r.emulator->setToolTip(tr("Run the built-in emulator of this peer on 127.0.0.1"));
    connect(r.emulator, &QCheckBox::clicked, this, [this, link](bool on) {
        if (isSignalConnected(QMetaMethod::fromSignal(&LinksPanel::emulatorRequested)))
            emit emulatorRequested(link, on);
        else
            emit errorRaised(
                tr("%1: emulators are started from the command line (--emulate) in this version")
                    .arg(linkTitle(station()->registry(), link)));
    });
    m_table->setCellWidget(r.index, ColEmulator, r.emulator);
    m_order << link;
    return m_rows.insert(link, r).value();
}

void LinksPanel::onConnectClicked(const QString &link)
{
    // A stopping link has no worker any more: Connect, which the Station refuses with a reason.
    const bool running = station()->worker(link) != nullptr;
    const QMetaMethod sig = running ? QMetaMethod::fromSignal(&LinksPanel::disconnectRequested)
                                    : QMetaMethod::fromSignal(&LinksPanel::connectRequested);
    if (!isSignalConnected(sig)) {
        emit errorRaised(
            tr("%1: connecting from the window is not available yet; use the command line")
                .arg(linkTitle(station()->registry(), link)));
        return;
    }
    if (running)
        emit disconnectRequested(link);
    else
        emit connectRequested(link, address(link));
}

void LinksPanel::onEvent(const Event &e)
{
    auto it = m_rows.find(e.source);
    if (it == m_rows.end())
        return;
    it->lastEvent = e;
    m_table->item(it->index, ColEvent)->setText(eventText(e));
}

void LinksPanel::refreshSlow()
{
    const QJsonObject snap = station()->snapshot();
    const QJsonObject links = snap.value(QLatin1String("links")).toObject();
    for (auto it = links.begin(); it != links.end(); ++it)
        row(it.key());
    // A stopped worker stays in the snapshot (with its last counters) until restarted: whether
    // it runs is asked of the Station, typed.
    for (const QString &link : qAsConst(m_order))
        updateRow(link, links.value(link).toObject(), station()->linkState(link).has_value(),
                  station()->linkState(QStringLiteral("emulator.") + link).has_value());
}

void LinksPanel::updateRow(const QString &link, const QJsonObject &counters, bool running,
                           bool emulated)
{
    Row &r = row(link);
    const ShownState state = running ? station()->linkState(link) : std::nullopt;
    QTableWidgetItem *stateItem = m_table->item(r.index, ColState);
    stateItem->setIcon(stateIcon(state));
    const QJsonArray sensors =
        running ? counters.value(QLatin1String("sensors")).toArray() : QJsonArray();
    stateItem->setText(sensors.isEmpty() ? stateText(state)
                                         : withSensors(stateText(state), sensors));
    stateItem->setToolTip(sensors.isEmpty() ? QString() : sensorsToolTip(sensors));
    const LinkDescriptor *d = station()->registry().find(link);
    const double rate = running ? rateOf(r, d, counters) : -1.0;
    m_table->item(r.index, ColRate)
        ->setText(rate >= 0 ? tr("%1 Hz").arg(QLocale().toString(rate, 'f', 1))
                            : QStringLiteral("–"));
    // The errors column sums the counters the link's schema calls errors.
    double errors = 0;
    if (d)
        for (const CounterSpec &c : d->counters)
            if (c.kind == CounterSpec::Kind::Error)
                errors += counters.value(c.name).toDouble();
    QTableWidgetItem *errorItem = m_table->item(r.index, ColErrors);
    errorItem->setText(running ? QString::number(errors, 'f', 0) : QStringLiteral("–"));
    errorItem->setForeground(errors > 0 ? QBrush(faultColor()) : QBrush());
    m_table->item(r.index, ColLink)
        ->setToolTip(
            running ? QString::fromUtf8(QJsonDocument(counters).toJson(QJsonDocument::Indented))
                    : link);
    // Stopping (a platform parks, RealFlight gets its transmitter back): nothing to click
    // until it has stopped; the light and the state word say what is going on.
    const bool stopping = state == LinkState::Stopping;
    r.connectButton->setText(stopping  ? tr("Stopping…")
                             : running ? tr("Disconnect")
                                       : tr("Connect"));
    r.connectButton->setEnabled(!stopping);
    r.emulator->setChecked(emulated);
    const QJsonObject ep = counters.value(QLatin1String("endpoints")).toObject();
    r.address->setToolTip(
        ep.isEmpty() ? QString()
                     : QString::fromUtf8(QJsonDocument(ep).toJson(QJsonDocument::Compact)));
    // While the link runs, the field shows the endpoint it really uses (an emulator's port is
    // only known once it has bound); stopped, it keeps what was typed for the next Connect.
    const QString inUse = running && d ? endpointInUse(*d, ep) : QString();
    if (!inUse.isEmpty() && !r.address->hasFocus()) {
        if (r.address->text() != inUse)
            r.address->setText(inUse);
    }
}

namespace {
int streamingCount(const QJsonArray &sensors)
{
    return int(std::count_if(sensors.begin(), sensors.end(), [](const QJsonValue &v) {
        return v.toObject().value(QLatin1String("state")).toString() == QLatin1String("streaming");
    }));
}
} // namespace

QString LinksPanel::withSensors(const QString &stateText, const QJsonArray &sensors) const
{
    return tr("%1 · sensors %2/%3", "link state · sensors streaming/requested")
        .arg(stateText)
        .arg(streamingCount(sensors))
        .arg(sensors.size());
}

QString LinksPanel::sensorsToolTip(const QJsonArray &sensors) const
{
    QStringList lines{tr("%1 of %2 requested sensors streaming")
                          .arg(streamingCount(sensors))
                          .arg(sensors.size())};
    for (const QJsonValue &v : sensors) {
        const QJsonObject o = v.toObject();
        const QString state = o.value(QLatin1String("state")).toString();
        const QString shown = state == QLatin1String("streaming")   ? tr("streaming")
                              : state == QLatin1String("silent")    ? tr("silent")
                              : state == QLatin1String("requested") ? tr("requested, no frame yet")
                                                                    : state;
        lines << tr("SeqID %1, TypeID %2, port %3: %4 (%5 frames, %6 requests)")
                     .arg(o.value(QLatin1String("seq_id")).toInt())
                     .arg(o.value(QLatin1String("type_id")).toInt())
                     .arg(o.value(QLatin1String("port")).toInt())
                     .arg(
                         shown,
                         QLocale().toString(o.value(QLatin1String("frames")).toDouble(), 'f', 0),
                         QLocale().toString(o.value(QLatin1String("requests")).toDouble(), 'f', 0));
    }
    return lines.join(QLatin1Char('\n'));
}

QString LinksPanel::endpointInUse(const LinkDescriptor &d, const QJsonObject &ep)
{
    // The endpoints() keys the descriptor names for the peer's host and port.
    const QString h = ep.value(d.endpointHostKey).toString();
    const int p = ep.value(d.endpointPortKey).toInt(-1);
    if (h.isEmpty() || p < 0)
        return {};
    return endpointText(Endpoint{h, quint16(p)});
}

double LinksPanel::rateOf(Row &r, const LinkDescriptor *d, const QJsonObject &counters)
{
    // A rate the link computes itself wins; else the rate of its throughput counter.
    if (!d)
        return -1.0;
    for (const CounterSpec &c : d->counters)
        if (c.kind == CounterSpec::Kind::Rate && counters.value(c.name).isDouble())
            return counters.value(c.name).toDouble();
    for (const CounterSpec &c : d->counters) {
        if (c.kind != CounterSpec::Kind::Throughput)
            continue;
        const QJsonValue v = counters.value(c.name);
        if (!v.isDouble())
            continue;
        const qint64 nowMs = QDateTime::currentMSecsSinceEpoch();
        const double dtS = (nowMs - r.lastCountMs) * 1e-3;
        if (r.lastCount >= 0 && dtS >= 0.5) { // counters refresh at 10 Hz: average over >= 0.5 s
            const double hz = std::max(0.0, v.toDouble() - r.lastCount) / dtS;
            r.rateHz = r.rateHz < 0 ? hz : 0.5 * r.rateHz + 0.5 * hz;
        }
        if (r.lastCount < 0 || dtS >= 0.5) {
            r.lastCount = v.toDouble();
            r.lastCountMs = nowMs;
        }
        return r.rateHz;
    }
    return -1.0;
}

QString LinksPanel::address(const QString &link) const
{
    const auto it = m_rows.constFind(link);
    return it == m_rows.constEnd() ? QString() : it->address->text();
}

void LinksPanel::setAddress(const QString &link, const QString &address)
{
    row(link).address->setText(address);
}

void LinksPanel::load(QSettings &s)
{
    // The command line wins over a remembered address.
    for (const QString &link : qAsConst(m_order)) {
        const QString saved = s.value(QStringLiteral("address/") + link).toString();
        if (defaultAddress(link).isEmpty() && !saved.isEmpty())
            setAddress(link, saved);
    }
    const QByteArray header = s.value(QStringLiteral("header")).toByteArray();
    if (!header.isEmpty())
        m_table->horizontalHeader()->restoreState(header);
}

void LinksPanel::save(QSettings &s) const
{
    for (const QString &link : m_order)
        if (!station()->isEmulatorRunning(
                link)) // an emulator's port is new every run: not worth keeping
            s.setValue(QStringLiteral("address/") + link, address(link));
    s.setValue(QStringLiteral("header"), m_table->horizontalHeader()->saveState());
}

} // namespace hil
