#include "ui/panels/sessionpanel.h"
#include "station/station.h"
#include "ui/eventtext.h"
#include "ui/panels/linkstyle.h"

#include <QDateTime>
#include <QDesktopServices>
#include <QDir>
#include <QEvent>
#include <QFile>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollBar>
#include <QSettings>
#include <QTreeWidget>
#include <QUrl>
#include <QVBoxLayout>

namespace hil {

SessionPanel::SessionPanel(Station *station, QWidget *parent)
    : Panel(QStringLiteral("sessionPanel"), station, parent), m_folder(new QLineEdit),
      m_events(new QTreeWidget)
{
    m_folder->setObjectName(QStringLiteral("sessionFolder"));
    m_folder->setReadOnly(true);
    m_folder->setFocusPolicy(Qt::ClickFocus); // no select-all highlight at start
    m_folder->setText(QDir::toNativeSeparators(station->sessionFolder())); // as Explorer shows it
    m_folder->setCursorPosition(0);
    auto *open = new QPushButton;
    open->setObjectName(QStringLiteral("openFolderButton"));
    connect(open, &QPushButton::clicked, this, [this] {
        if (!QDesktopServices::openUrl(
                QUrl::fromLocalFile(QDir::fromNativeSeparators(m_folder->text()))))
            emit errorRaised(tr("Could not open %1").arg(m_folder->text()));
    });
    m_events->setObjectName(QStringLiteral("eventList"));
    m_events->setRootIsDecorated(false);
    m_events->setUniformRowHeights(true);
    m_events->setAlternatingRowColors(true);
    m_events->header()->setStretchLastSection(true);
    m_events->setColumnWidth(0, 90);
    m_events->setColumnWidth(1, 110);
    auto *newSession = new QPushButton;
    newSession->setObjectName(QStringLiteral("newSessionButton"));
    retranslate([=] {
        open->setText(tr("Open folder"));
        m_events->setHeaderLabels({tr("Time"), tr("Source"), tr("Event")});
        newSession->setText(tr("New session"));
        newSession->setToolTip(tr("Finish this session folder and record on in a new one"));
        if (m_newEvents && m_newEvents->isVisible())
            placeNewEventsButton();
        retranslateEvents();
    });
    connect(newSession, &QPushButton::clicked, this,
            [this] { askNewSession(this->station(), this); });
    connect(station, &Station::sessionFolderChanged, this, &SessionPanel::setFolder);
    m_recorder = new QLabel;
    m_recorder->setObjectName(QStringLiteral("recorderCounters"));
    auto *top = new QHBoxLayout;
    top->addWidget(m_folder, 1);
    top->addWidget(open);
    top->addWidget(newSession);
    top->addWidget(m_recorder);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(m_events, 1);
    setUpFollowing();
    connect(station, &Station::eventRaised, this, &SessionPanel::addEvent);
    // Events from before this window (typed, so shown in the operator's language), from memory:
    // no file read in the GUI thread.
    for (const Station::TimedEvent &e : station->recentEvents())
        appendRow(e.utc.toLocalTime(), e.event);
}

bool SessionPanel::askNewSession(Station *station, QWidget *parent)
{
    const QString next = QDir::toNativeSeparators(station->nextSessionFolder());
    QMessageBox box(QMessageBox::Question, tr("New session"),
                    tr("Close this session's files and record on in a new folder?"),
                    QMessageBox::NoButton, parent);
    box.setObjectName(QStringLiteral("newSessionQuestion"));
    box.setInformativeText(
        tr("This session is closed in:\n%1\n\nThe new session records in:\n%2\n\nThe links "
           "and the platform go on as they are.")
            .arg(QDir::toNativeSeparators(station->sessionFolder()), next));
    QPushButton *start = box.addButton(tr("Start new session"), QMessageBox::AcceptRole);
    start->setObjectName(QStringLiteral("startNewSessionButton"));
    QPushButton *cancel = box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(cancel);
    box.exec();
    if (box.clickedButton() != start)
        return false;
    station->startNewSession(QDir::fromNativeSeparators(next));
    return true;
}

void SessionPanel::setFolder(const QString &folder)
{
    m_folder->setText(QDir::toNativeSeparators(folder));
    m_folder->setCursorPosition(0);
}

void SessionPanel::refreshSlow()
{
    const QJsonObject c = station()->recorderCounters();
    if (c.isEmpty()) {
        m_recorder->setText(tr("not recording"));
        return;
    }
    const qint64 dropped = qint64(c.value(QLatin1String("records_dropped")).toDouble());
    const qint64 errors = qint64(c.value(QLatin1String("write_errors")).toDouble());
    m_recorder->setText(tr("dropped %1, write errors %2").arg(dropped).arg(errors));
    m_recorder->setStyleSheet(dropped + errors > 0 ? QStringLiteral("color: #c0392b;") : QString());
}

QString SessionPanel::title() const
{
    return tr("Session");
}

void SessionPanel::addEvent(const Event &e)
{
    const QDateTime now = QDateTime::currentDateTime();
    if (m_sameFact.shows(e, now.toMSecsSinceEpoch()))
        appendRow(now, e);
}

void SessionPanel::setUpFollowing()
{
    // Following is decided from the scroll bar, not from item geometry: the list lays new rows
    // out later, so right after adding one "the last row is visible" is not yet true or false.
    // The range grows once the row is laid out; while following, that is when the list scrolls.
    m_newEvents = new QPushButton(m_events->viewport());
    m_newEvents->setObjectName(QStringLiteral("newEventsButton"));
    m_newEvents->setStyleSheet(
        QStringLiteral("QPushButton { background: #2e86c1; color: white; border-radius: 10px;"
                       " padding: 2px 10px; font-weight: bold; }"));
    m_newEvents->setCursor(Qt::PointingHandCursor);
    m_newEvents->hide();
    connect(m_newEvents, &QPushButton::clicked, this, [this] { setFollowing(true); });
    QScrollBar *bar = m_events->verticalScrollBar();
    connect(bar, &QScrollBar::rangeChanged, this, [this, bar](int, int max) {
        if (m_following)
            bar->setValue(max);
    });
    connect(bar, &QScrollBar::valueChanged, this, [this, bar](int value) {
        if (value >= bar->maximum())
            setFollowing(true); // back at the end, by the button, the wheel or the bar
        else if (!m_autoScrolling)
            m_following = false; // the operator scrolled up: stay where they are
    });
    m_events->viewport()->installEventFilter(this);
}

void SessionPanel::setFollowing(bool follow)
{
    m_following = follow;
    if (!follow)
        return;
    m_unseen = 0;
    m_newEvents->hide();
    m_autoScrolling = true;
    m_events->scrollToBottom();
    m_autoScrolling = false;
}

bool SessionPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_events->viewport() && event->type() == QEvent::Resize &&
        m_newEvents->isVisible())
        placeNewEventsButton();
    return Panel::eventFilter(watched, event);
}

void SessionPanel::placeNewEventsButton()
{
    m_newEvents->setText(tr("%n new ↓", nullptr, m_unseen));
    m_newEvents->adjustSize();
    const QSize area = m_events->viewport()->size();
    m_newEvents->move((area.width() - m_newEvents->width()) / 2,
                      area.height() - m_newEvents->height() - 6);
    m_newEvents->raise();
}

namespace {
// Item data on the event column: what eventText() needs to write the row again.
constexpr int kIdRole = Qt::UserRole + 1;
constexpr int kArgsRole = Qt::UserRole + 2;
constexpr int kEnglishRole = Qt::UserRole + 3;
constexpr int kSourceRole = Qt::UserRole + 4; // on the source column: the event's own source
} // namespace

QString SessionPanel::sourceText(const QString &source) const
{
    // A link's events under its name as the window shows it ("PX4 ground station"), a stand-in's
    // ("emulator.px4") marked as such; anything else ("station", "lab") as it is.
    const QString emulator = QStringLiteral("emulator.");
    if (source.startsWith(emulator) && station()->registry().find(source.mid(emulator.size())))
        return tr("%1 (stand-in)")
            .arg(linkTitle(station()->registry(), source.mid(emulator.size())));
    return linkTitle(station()->registry(), source);
}

void SessionPanel::retranslateEvents()
{
    for (int i = 0; i < m_events->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = m_events->topLevelItem(i);
        const QString source = item->data(1, kSourceRole).toString();
        item->setText(1, sourceText(source));
        const QString id = item->data(2, kIdRole).toString();
        if (id.isEmpty())
            continue;
        item->setText(
            2, eventText(Event{source, id, Severity::Info, item->data(2, kEnglishRole).toString(),
                               item->data(2, kArgsRole).toStringList()}));
    }
}

void SessionPanel::appendRow(const QDateTime &local, const Event &e)
{
    const Severity severity = e.severity;
    const QString &id = e.id;
    auto *item = new QTreeWidgetItem(
        {local.toString(QStringLiteral("HH:mm:ss.zzz")), sourceText(e.source), eventText(e)});
    item->setData(1, kSourceRole, e.source);
    item->setToolTip(1, e.source); // events.log's name for it
    item->setData(2, kIdRole, e.id);
    item->setData(2, kArgsRole, e.args);
    item->setData(2, kEnglishRole, e.text);
    if (severity != Severity::Info) {
        const QColor color =
            severity == Severity::Error ? QColor(0xc0, 0x39, 0x2b) : QColor(0x9a, 0x67, 0x00);
        for (int c = 0; c < 3; ++c)
            item->setForeground(c, color);
    }
    item->setData(0, Qt::UserRole, int(severity));
    if (!id.isEmpty())
        item->setToolTip(2, id);
    m_events->addTopLevelItem(item);
    while (m_events->topLevelItemCount() > kMaxEvents)
        delete m_events->takeTopLevelItem(0);
    if (m_following) {
        m_autoScrolling = true;
        m_events->scrollToBottom();
        m_autoScrolling = false;
    } else {
        ++m_unseen;
        placeNewEventsButton();
        m_newEvents->show();
    }
}

bool SessionPanel::isFollowing() const
{
    return m_following;
}
int SessionPanel::unseenEvents() const
{
    return m_unseen;
}

int SessionPanel::eventCount() const
{
    return m_events->topLevelItemCount();
}

void SessionPanel::load(QSettings &s)
{
    const QByteArray header = s.value(QStringLiteral("header")).toByteArray();
    if (!header.isEmpty())
        m_events->header()->restoreState(header);
}

void SessionPanel::save(QSettings &s) const
{
    s.setValue(QStringLiteral("header"), m_events->header()->saveState());
}

void SessionPanel::showStartFailure(QWidget *parent, const QString &error)
{
    QMessageBox box(QMessageBox::Critical, tr("HIL Station cannot start"),
                    tr("Nothing was started and nothing is recorded:\n\n%1\n\n"
                       "Choose a folder that can be written (--log-dir) and start again.")
                        .arg(error),
                    QMessageBox::Close, parent);
    box.setObjectName(QStringLiteral("startFailureDialog"));
    box.exec();
}

} // namespace hil
