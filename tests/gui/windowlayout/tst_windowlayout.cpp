// The operator window as an operator meets it: the whole Station on every built-in stand-in
// (--emulate all), the window at 1280×720 and 1920×1080 in English, German and Simplified Chinese.
// For each: the key widgets are not clipped (each one's visible region covers its size hint):
// STOP, the six motor lights, the reported mode and thermal state, the four mode buttons, the link
// state lights, the reported pose; no dock tab title and no signal name is cut short; the motion
// platform is the first, selected tab of its area; 200 mouse moves over
// the plots leave the window's width alone while the cursor readout follows the live time. A
// screenshot of each lands in <build>/screenshots/ for a person to look at.
//
// Then the language switch: View → Language → Deutsch on a running English window retranslates
// every visible text at once; the widget tree is walked for English left over, recognised from
// the English source texts of translations/hilstation_de.ts (whole texts, texts with their %1
// filled in, and their words), with an allow-list: the vendor's mode names in parentheses, link
// and product names, signal names, units and texts that come from peers (events).
#include "../common/standinwindow.h"
#include "flightaxis/flightaxisemulator.h"
#include "station/options.h"
#include "station/station.h"
#include "testpaths.h"
#include "ui/docklayout.h"
#include "ui/mainwindow.h"
#include "ui/panels/dryrunpanel.h"
#include "ui/panels/motionpanel.h"
#include "ui/panels/plotspanel.h"
#include "ui/panels/sessionpanel.h"
#include "ui/translations.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QDeadlineTimer>
#include <QDockWidget>
#include <QFile>
#include <QGroupBox>
#include <QHeaderView>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QStatusBar>
#include <QTabBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextDocument>
#include <QToolButton>
#include <QTreeWidget>
#include <QXmlStreamReader>
#include <QtTest>
#include <algorithm>
#include <functional>

#include "testplatform.h"
#include <memory>
#include <qcustomplot.h>

using hil::MainWindow;

namespace {

/// "" when the visible region covers the widget's size hint (or its fixed size) from its
/// top-left, else what is wrong.
QString clipped(QWidget *w)
{
    if (!w)
        return QStringLiteral("missing");
    if (!w->isVisible())
        return QStringLiteral("%1 not visible").arg(w->objectName());
    // A fixed-size widget (the motor lights) needs its fixed size; anything else its size hint.
    const bool fixed = w->minimumSize() == w->maximumSize();
    QSize need = fixed ? w->minimumSize()
                       : w->sizeHint().expandedTo(w->minimumSize()).expandedTo(QSize(1, 1));
    // A label that wraps: the height its text needs at the width it has (its size hint is only
    // Qt's guess at a pleasant shape).
    if (auto *label = qobject_cast<QLabel *>(w); label && label->wordWrap())
        need = QSize(std::min(need.width(), w->width()), label->heightForWidth(w->width()));
    if (w->width() < need.width() || w->height() < need.height())
        return QStringLiteral("%1 squeezed: %2x%3 < hint %4x%5")
            .arg(w->objectName())
            .arg(w->width())
            .arg(w->height())
            .arg(need.width())
            .arg(need.height());
    const QRegion missing = QRegion(QRect(QPoint(0, 0), need)) - w->visibleRegion();
    if (!missing.isEmpty())
        return QStringLiteral("%1 clipped: %2 px not visible")
            .arg(w->objectName())
            .arg(missing.boundingRect().width() * missing.boundingRect().height());
    return {};
}

/// Saves a window picture with a 256-colour palette (a third of the size; docs/window.md shows
/// them).
bool saveShot(QWidget *w, const QString &path)
{
    return w->grab()
        .toImage()
        .convertToFormat(QImage::Format_Indexed8, Qt::ThresholdDither | Qt::AvoidDither)
        .save(path);
}

QString plain(const QString &text)
{
    if (!Qt::mightBeRichText(text))
        return text;
    QTextDocument doc;
    doc.setHtml(text);
    return doc.toPlainText();
}

struct English
{
    QStringList sources;                ///< source texts whose German differs
    QList<QRegularExpression> patterns; ///< the same with %1.. as wildcards
    QSet<QString> words;                ///< their words not also found in the German texts
};

English readEnglish(const QString &tsPath)
{
    English e;
    QFile f(tsPath);
    if (!f.open(QIODevice::ReadOnly))
        return e;
    QXmlStreamReader xml(&f);
    QString source, translation;
    QStringList germanTexts;
    QList<QPair<QString, QString>> pairs;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("source"))
            source = xml.readElementText();
        else if (xml.name() == QLatin1String("translation")) {
            translation = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            pairs.append({source, translation});
            germanTexts << translation;
        }
    }
    const QString german = germanTexts.join(QLatin1Char(' '));
    const QRegularExpression wordRe(QStringLiteral("[A-Za-z]{4,}"));
    for (const auto &p : qAsConst(pairs)) {
        QString src = p.first, de = p.second;
        src.remove(QLatin1Char('&'));
        de.remove(QLatin1Char('&'));
        if (de.isEmpty() || de == src)
            continue;
        e.sources << src;
        // escape() puts a backslash before each '%': every placeholder becomes a wildcard.
        QString pattern = QRegularExpression::escape(plain(src));
        pattern.replace(QRegularExpression(QStringLiteral("\\\\%L?(\\d|n)")), QStringLiteral(".*"));
        e.patterns << QRegularExpression(QLatin1Char('^') + pattern + QLatin1Char('$'));
        for (auto it = wordRe.globalMatch(plain(src)); it.hasNext();) {
            const QString w = it.next().captured();
            if (!german.contains(w, Qt::CaseInsensitive))
                e.words.insert(w.toLower());
        }
    }
    return e;
}

/// Strips what may stay English: the vendor's mode names in parentheses, product and link
/// names, signal names (with '/' or '_'), units and numbers.
QString withoutAllowed(QString text)
{
    text = plain(text);
    text.remove(QRegularExpression(QStringLiteral("\\((OFF|LEVEL BRAKE|LOADING|CUEING)\\)")));
    for (const char *name :
         {"RealFlight", "RflySim", "PX4", "HIL Station", "LiDAR", "RGB", "FOV", "CSV", "PNG",
          "tlog", "MAVLink", "QGroundControl", "Esc", "English", "Deutsch", "SI", "AI"})
        text.remove(QLatin1String(name));
    text.remove(QRegularExpression(QStringLiteral("\\S*[/_]\\S*")));
    return text;
}

} // namespace

class TestWindowLayout : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void cleanup();
    void fitsTheScreen_data();
    void fitsTheScreen();
    void languageSwitchesAtOnce();
    void layoutsArePerScreenSize();
    void linksShowTheAddressInUse();
    void eventsFollowUnlessScrolledUp();

private:
    std::unique_ptr<MainWindow> makeWindow(QSize size) const { return m_rig.makeWindow(size); }
    /// Every link up; `flying`: also the platform cueing and the vehicle in the air (pictures).
    void waitForLiveState(MainWindow *w, bool flying = false);
    QStringList englishLeft(MainWindow *w, const English &english) const;

    hiltest::StandInWindow m_rig;
    hil::Station *station() const { return m_rig.station(); }
};

void TestWindowLayout::initTestCase()
{
    // Exactly what `hilstation --emulate all --raven-mode cueing` runs: the loop flying (the
    // PX4 stand-in takes off by itself) and the platform stand-in cueing, as the pictures show.
    QString error;
    QVERIFY2(m_rig.start({QStringLiteral("--emulate"), QStringLiteral("all"),
                          QStringLiteral("--raven-mode"), QStringLiteral("cueing")},
                         &error),
             qPrintable(error));
    QDir().mkpath(hil::testpaths::binaryDir() + QStringLiteral("/screenshots"));
}

void TestWindowLayout::cleanupTestCase()
{
    m_rig.stop();
}

void TestWindowLayout::cleanup()
{
    hiltest::StandInWindow::englishAgain();
}

void TestWindowLayout::waitForLiveState(MainWindow *w, bool flying)
{
    // Everything shows what the stand-ins report: the platform's mode and motors, every link up.
    auto *mode = w->findChild<QLabel *>(QStringLiteral("modeLabel"));
    QTRY_VERIFY_WITH_TIMEOUT(mode && mode->text() != QStringLiteral("—"), 15000);
    QTRY_VERIFY_WITH_TIMEOUT(
        w->findChild<QLabel *>(QStringLiteral("motorLight5"))->property("lit").toBool(), 15000);
    for (const char *link : {"flightaxis", "raven", "px4", "rflysim"})
        QTRY_VERIFY2_WITH_TIMEOUT(
            w->findChild<QLabel *>(QLatin1String(link) + QStringLiteral("StateLabel")), link,
            15000);
    if (flying) { // the platform cueing and the vehicle in the air, climbing or flying
        QTRY_VERIFY_WITH_TIMEOUT(mode->text().contains(QLatin1String("CUEING")), 15000);
        auto *rf = qobject_cast<hil::FlightAxisEmulator *>(
            station()->worker(QStringLiteral("emulator.flightaxis")));
        QVERIFY(rf);
        QTRY_VERIFY_WITH_TIMEOUT(-rf->modelState().positionNedM.z > 2.0, 30000);
    }
    // The rig strip's rates (a first figure after half a second of counters).
    for (QLabel *rate :
         w->findChildren<QLabel *>(QRegularExpression(QStringLiteral("^stripRate_"))))
        QTRY_VERIFY_WITH_TIMEOUT(!rate->text().contains(QChar(0x2026)), 5000);
    QTest::qWait(300); // a few refreshes: texts at their live length
}

void TestWindowLayout::fitsTheScreen_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QSize>("size");
    for (const char *language : {"en", "de", "zh_CN"})
        for (const QSize size : {QSize(1152, 648), QSize(1280, 720), QSize(1920, 1080)})
            QTest::addRow("%s-%dx%d", language, size.width(), size.height())
                << QString::fromLatin1(language) << size;
}

void TestWindowLayout::fitsTheScreen()
{
    QFETCH(QString, language);
    QFETCH(QSize, size);
    QCOMPARE(hil::installTranslations(*qApp, language).left(2), language.left(2));
    auto w = makeWindow(size);
    QVERIFY(w);
    QCOMPARE(w->size(), size); // nothing in the window asks for more than the screen
    waitForLiveState(w.get(), true);

    // The motion platform: first tab of its area, selected, visible.
    QDockWidget *motion = w->dock(QStringLiteral("motionPanel"));
    QVERIFY(motion->isVisible() && !motion->visibleRegion().isEmpty());
    bool found = false;
    for (QTabBar *bar : w->findChildren<QTabBar *>()) {
        if (bar->count() < 2 || bar->tabText(0) != motion->windowTitle())
            continue;
        found = true;
        QCOMPARE(bar->currentIndex(), 0);
    }
    QVERIFY2(found, "the motion platform is the first tab of its dock area");
    // The events are in view: beside the links (wide) or the selected first tab (narrow).
    QDockWidget *session = w->dock(QStringLiteral("sessionPanel"));
    for (QTabBar *bar : w->findChildren<QTabBar *>())
        for (int i = 0; i < bar->count(); ++i)
            if (bar->tabText(i) == session->windowTitle())
                QCOMPARE(bar->currentIndex(), i);

    // What is cut, hidden or squeezed. Asked again until it is nothing or 5 s have passed: a
    // label whose text has just grown (the temperatures arriving) is laid out on the next
    // pass, later on a loaded machine; a layout that is wrong stays wrong.
    const auto findProblems = [&] {
        QStringList problems;
        QList<QWidget *> key{w->findChild<QWidget *>(QStringLiteral("stopButton")),
                             w->findChild<QWidget *>(QStringLiteral("motionStopButton")),
                             w->findChild<QWidget *>(QStringLiteral("modeLabel")),
                             w->findChild<QWidget *>(QStringLiteral("thermalLabel")),
                             w->findChild<QWidget *>(QStringLiteral("temperaturesLabel"))};
        for (int i = 0; i < 6; ++i)
            key << w->findChild<QWidget *>(QStringLiteral("motorLight%1").arg(i));
        for (const char *b :
             {"modeOffButton", "modeLevelBrakeButton", "modeLoadingButton", "modeCueingButton"})
            key << w->findChild<QWidget *>(QLatin1String(b));
        for (const char *link : {"flightaxis", "raven", "px4", "rflysim"})
            key << w->findChild<QWidget *>(QLatin1String(link) + QStringLiteral("StateLabel"));
        for (int i = 0; i < 6; ++i)
            key << w->findChild<QWidget *>(QStringLiteral("pose_") +
                                           QLatin1String(i < 3 ? (i == 0   ? "surge"
                                                                  : i == 1 ? "sway"
                                                                           : "heave")
                                                               : (i == 3   ? "roll"
                                                                  : i == 4 ? "pitch"
                                                                           : "yaw")));
        for (QWidget *k : qAsConst(key)) {
            const QString problem = clipped(k);
            if (!problem.isEmpty())
                problems << problem;
        }
        // The Motion panel's content as wide as its dock at most: a sideways scroll bar hides the
        // right-hand column (the mode buttons' right half, the pose values) behind it.
        for (QScrollArea *area : motion->findChildren<QScrollArea *>()) {
            // The cueing settings' axis table scrolls sideways on its own, by design.
            if (area->objectName() == QLatin1String("cueingAxesScroll") || !area->isVisible() ||
                !area->horizontalScrollBar()->isVisible())
                continue;
            QString widest;
            for (QWidget *c : area->widget()->findChildren<QWidget *>())
                if (c->isVisible() && c->minimumSizeHint().width() > area->viewport()->width() - 24)
                    widest += QStringLiteral(" %1(%2 %3)")
                                  .arg(qobject_cast<QGroupBox *>(c)
                                           ? qobject_cast<QGroupBox *>(c)->title()
                                       : c->objectName().isEmpty()
                                           ? QLatin1String(c->metaObject()->className())
                                           : c->objectName())
                                  .arg(c->minimumSizeHint().width())
                                  .arg(c->sizeHint().width());
            problems << QStringLiteral("Motion panel scrolls sideways: content %1 px in %2 px;%3")
                            .arg(area->widget()->minimumSizeHint().width())
                            .arg(area->viewport()->width())
                            .arg(widest);
        }
        // The status bar's session folder: whole, or cut in the middle with "…", never at the edge.
        if (auto *folder = w->findChild<QLabel *>(QStringLiteral("sessionFolderLabel"))) {
            const int room = folder->contentsRect().width();
            if (folder->fontMetrics().horizontalAdvance(folder->text()) > room ||
                (folder->text() != folder->toolTip() && !folder->text().contains(QChar(0x2026))))
                problems << QStringLiteral("session folder \"%1\" cut in %2 px")
                                .arg(folder->text())
                                .arg(room);
        } else {
            problems << QStringLiteral("sessionFolderLabel missing");
        }
        // No dock tab title cut to "Gi…", no signal name in the tree cut to "…".
        for (QTabBar *bar : w->findChildren<QTabBar *>())
            for (int i = 0; bar->isVisible() && i < bar->count(); ++i)
                if (bar->tabRect(i).width() <
                    bar->fontMetrics().horizontalAdvance(bar->tabText(i)) + 8)
                    problems << QStringLiteral("tab \"%1\" elided").arg(bar->tabText(i));
        auto *tree = w->findChild<QTreeWidget *>(QStringLiteral("signalTree"));
        // The widest name a group row shows, in this language ("angular_velocity", "Drehrate"), at
        // its depth. (A long series name may end in "…": its tooltip names it whole.)
        int nameNeeds = 0;
        QString widest;
        for (QTreeWidgetItemIterator it(tree); *it; ++it) {
            int depth = 1;
            for (QTreeWidgetItem *p = (*it)->parent(); p; p = p->parent())
                ++depth;
            const int needs = tree->fontMetrics().horizontalAdvance((*it)->text(0)) +
                              depth * tree->indentation() + 8;
            if ((*it)->childCount() > 0 && needs > nameNeeds) {
                nameNeeds = needs;
                widest = (*it)->text(0);
            }
        }
        if (tree->columnWidth(0) < nameNeeds)
            problems << QStringLiteral("signal names cut: %1 < %2 px (\"%3\")")
                            .arg(tree->columnWidth(0))
                            .arg(nameNeeds)
                            .arg(widest);
        return problems;
    };
    QStringList problems = findProblems();
    for (QDeadlineTimer settle(5000); !problems.isEmpty() && !settle.hasExpired();
         problems = findProblems())
        QTest::qWait(50);
    const QString shot =
        hil::testpaths::binaryDir() + QStringLiteral("/screenshots/window-%1-%2x%3.png")
                                          .arg(language)
                                          .arg(size.width())
                                          .arg(size.height());
    QVERIFY(saveShot(w.get(), shot));
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("; "))));

    // The Pilot panel raised (no pilot link runs here): its note, the set-up button and
    // RealFlight's channel map are whole; then the motion platform in front again.
    QDockWidget *pilot = w->dock(QStringLiteral("pilotPanel"));
    QVERIFY(pilot);
    pilot->raise();
    QTest::qWait(300); // a few refreshes: texts at their live length
    QVERIFY(pilot->isVisible() && !pilot->visibleRegion().isEmpty());
    for (const char *name :
         {"pilotNote", "pilotSetupButton", "pilotAileronChannel", "pilotElevatorChannel",
          "pilotThrottleChannel", "pilotRudderChannel", "pilotAileronReverse", "pilotRudderReverse",
          "pilotChannelsApply", "pilotManualControlLabel", "pilotPx4VerdictLabel",
          "pilotRealFlightLabel"}) {
        const QString problem = clipped(w->findChild<QWidget *>(QLatin1String(name)));
        if (!problem.isEmpty())
            problems << QLatin1String(name) + QStringLiteral(": ") + problem;
    }
    QVERIFY(saveShot(w.get(),
                     QString(shot).replace(QStringLiteral(".png"), QStringLiteral("-pilot.png"))));
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("; "))));
    // The Links panel: every Connect / Disconnect button shows its whole word (German's
    // "Trennen" was cut to "Trenne…" once its link ran).
    QDockWidget *links = w->dock(QStringLiteral("linksPanel"));
    links->raise();
    QTest::qWait(300);
    int buttons = 0;
    for (QPushButton *b : links->findChildren<QPushButton *>()) {
        if (!b->objectName().endsWith(QLatin1String("Connect")) || !b->isVisible())
            continue;
        ++buttons;
        if (b->fontMetrics().horizontalAdvance(b->text()) + 8 > b->width())
            problems << QStringLiteral("%1: \"%2\" in %3 px")
                            .arg(b->objectName(), b->text())
                            .arg(b->width());
    }
    QVERIFY(buttons >= 4);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("; "))));
    motion->raise();

    // 200 mouse moves over the plots: the readout follows, the window keeps its width.
    auto *plots = qobject_cast<hil::PlotsPanel *>(w->panel(QStringLiteral("plotsPanel")));
    QCustomPlot *plot = plots->plot();
    // However narrow the dock, the plots' tick labels never run into each other.
    plot->replot(QCustomPlot::rpImmediateRefresh);
    QStringList overlaps;
    for (QCPAxisRect *r : plot->axisRects())
        for (QCPAxis *a : {r->axis(QCPAxis::atBottom), r->axis(QCPAxis::atLeft)}) {
            if (!a->tickLabels())
                continue;
            const QVector<double> ticks = a->tickVector();
            const QVector<QString> labels = a->tickVectorLabels();
            const QFontMetrics fm(a->tickLabelFont());
            for (int i = 1; i < ticks.size() && i < labels.size(); ++i) {
                const double gap =
                    std::abs(a->coordToPixel(ticks[i]) - a->coordToPixel(ticks[i - 1]));
                const double need =
                    a->orientation() == Qt::Horizontal
                        ? (fm.horizontalAdvance(labels[i]) + fm.horizontalAdvance(labels[i - 1])) /
                                  2.0 +
                              4
                        : fm.height();
                if (gap < need)
                    overlaps << QStringLiteral("%1 and %2 %3 px apart")
                                    .arg(labels[i - 1], labels[i])
                                    .arg(gap);
            }
        }
    QVERIFY2(overlaps.isEmpty(), qPrintable(overlaps.join(QStringLiteral("; "))));
    const int width = w->width();
    const QRect area = plot->axisRect(0)->rect();
    for (int i = 0; i < 200; ++i) {
        // Back and forth over the whole plot area.
        const int x = area.left() + area.width() * (i < 100 ? i : 200 - i) / 100;
        const QPoint at(std::clamp(x, area.left() + 1, area.right() - 1),
                        area.top() + 20 + (i % 7) * 10);
        QTest::mouseMove(plot, at);
        if (i % 20 == 0)
            QCoreApplication::processEvents();
        QCOMPARE(w->width(), width);
    }
    // Rest near the live end, where every signal has data.
    QTest::mouseMove(plot, QPoint(area.left() + area.width() * 49 / 50, area.center().y()));
    QCoreApplication::processEvents();
    QCOMPARE(w->width(), width);
    QVERIFY(w->minimumSizeHint().width() <= size.width());
    auto *readout = plot->findChild<QLabel *>(QStringLiteral("cursorReadout"));
    QVERIFY(readout && readout->isVisible());
    // The series in the window's language ("position/n", "Position/N", "位置/北").
    const QString positionN =
        QCoreApplication::translate("hil::SignalWord", "position",
                                    "group: position in the NED frame") +
        QLatin1Char('/') +
        QCoreApplication::translate("hil::SignalWord", "n",
                                    "north axis (NED frame); keep it one letter");
    QTRY_VERIFY_WITH_TIMEOUT(readout->text().contains(positionN), 5000);
    // The mouse rests: the time under it moves on with the live plot, and the readout with it.
    const double t0 = plots->cursorTime();
    QVERIFY(!qIsNaN(t0));
    QTRY_VERIFY_WITH_TIMEOUT(plots->cursorTime() > t0 + 0.3, 10000);
    QCOMPARE(w->width(), width);
    QVERIFY(saveShot(w.get(),
                     QString(shot).replace(QStringLiteral(".png"), QStringLiteral("-cursor.png"))));
}

QStringList TestWindowLayout::englishLeft(MainWindow *w, const English &english) const
{
    QStringList texts;
    auto add = [&texts](QWidget *where, const QString &text) {
        if (!text.trimmed().isEmpty())
            texts << where->objectName() + QStringLiteral(": ") + text;
    };
    for (QWidget *c : w->findChildren<QWidget *>()) {
        if (!c->isVisible() || c->visibleRegion().isEmpty())
            continue;
        if (auto *l = qobject_cast<QLabel *>(c))
            add(c, l->text());
        else if (auto *b = qobject_cast<QAbstractButton *>(c))
            add(c, b->text());
        else if (auto *g = qobject_cast<QGroupBox *>(c))
            add(c, g->title());
        else if (auto *d = qobject_cast<QDockWidget *>(c))
            add(c, d->windowTitle());
        else if (auto *t = qobject_cast<QTabBar *>(c))
            for (int i = 0; i < t->count(); ++i)
                add(c, t->tabText(i));
        else if (auto *cb = qobject_cast<QComboBox *>(c))
            add(c, cb->currentText());
        else if (auto *sb = qobject_cast<QAbstractSpinBox *>(c))
            add(c, sb->text());
        else if (auto *le = qobject_cast<QLineEdit *>(c); le && le->text().isEmpty())
            add(c, le->placeholderText());
        else if (auto *h = qobject_cast<QHeaderView *>(c); h && h->model())
            for (int i = 0; i < h->count(); ++i)
                if (!h->isSectionHidden(i))
                    add(c, h->model()->headerData(i, h->orientation()).toString());
    }
    // The menus and every entry in them, submenus included (closed menus are not visible).
    std::function<void(const QList<QAction *> &)> entries = [&](const QList<QAction *> &actions) {
        for (QAction *a : actions) {
            if (a->isSeparator())
                continue;
            texts << QStringLiteral("menu: ") + a->text();
            if (a->menu())
                entries(a->menu()->actions());
        }
    };
    entries(w->menuBar()->actions());
    // The event the status bar shows for its few seconds.
    if (!w->statusBar()->currentMessage().isEmpty())
        texts << QStringLiteral("statusBar: ") + w->statusBar()->currentMessage();
    // The plots' own texts (axis labels, legends), which QCustomPlot paints and no widget holds.
    for (QCustomPlot *p : w->findChildren<QCustomPlot *>()) {
        if (!p->isVisible() || p->visibleRegion().isEmpty())
            continue;
        for (QCPAxisRect *r : p->axisRects())
            for (QCPAxis *a : r->axes())
                if (!a->label().isEmpty())
                    texts << p->objectName() + QStringLiteral(": ") + a->label();
        for (int l = 0; l < p->layerCount(); ++l)
            for (QCPLayerable *item : p->layer(l)->children())
                if (auto *legend = qobject_cast<QCPLegend *>(item); legend && legend->visible())
                    for (int i = 0; i < legend->itemCount(); ++i)
                        if (auto *pi = qobject_cast<QCPPlottableLegendItem *>(legend->item(i)))
                            texts << p->objectName() + QStringLiteral(": ") +
                                         pi->plottable()->name();
    }
    // The links table: link names and states (events in "Last event" come from peers).
    if (auto *table = w->findChild<QTableWidget *>(QStringLiteral("linksTable")))
        for (int r = 0; r < table->rowCount(); ++r)
            for (int c : {0, 1})
                if (table->item(r, c))
                    texts << QStringLiteral("linksTable: ") + table->item(r, c)->text();

    QStringList left;
    const QRegularExpression wordRe(QStringLiteral("[A-Za-z]{4,}"));
    for (const QString &entry : qAsConst(texts)) {
        const QString text = entry.section(QStringLiteral(": "), 1);
        QString bare = plain(text);
        bare.remove(QLatin1Char('&'));
        bool english_ = english.sources.contains(bare);
        for (const QRegularExpression &re : english.patterns)
            english_ = english_ || re.match(bare).hasMatch();
        const QString rest = withoutAllowed(bare);
        for (auto it = wordRe.globalMatch(rest); it.hasNext() && !english_;)
            english_ = english.words.contains(it.next().captured().toLower());
        if (english_)
            left << entry;
    }
    return left;
}

void TestWindowLayout::languageSwitchesAtOnce()
{
    const English english =
        readEnglish(hil::testpaths::sourceDir() + QStringLiteral("/translations/hilstation_de.ts"));
    QVERIFY(english.sources.size() > 100);
    auto w = makeWindow(QSize(1280, 720));
    QVERIFY(w);
    waitForLiveState(w.get());
    // The Dry run panel with figures, plots and legends to translate.
    auto *dryRun = qobject_cast<hil::DryRunPanel *>(w->panel(QStringLiteral("dryRunPanel")));
    QVERIFY(dryRun);
    dryRun->openSource(QStringLiteral("maneuver:takeoff"));
    QTRY_VERIFY_WITH_TIMEOUT(dryRun->preview() && !dryRun->isBusy(), 30000);
    // The walk does find English in the English window (the check can fail).
    QVERIFY(englishLeft(w.get(), english).size() > 20);

    // View → Language → Deutsch, as the operator picks it.
    auto *deutsch = w->findChild<QAction *>(QStringLiteral("language_de"));
    QVERIFY(deutsch);
    auto *view = w->findChild<QMenu *>(QStringLiteral("viewMenu"));
    QVERIFY(view && view->actions().contains(
                        w->findChild<QMenu *>(QStringLiteral("languageMenu"))->menuAction()));
    deutsch->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(w->dock(QStringLiteral("plotsPanel"))->windowTitle(),
                              QStringLiteral("Telemetrie-Diagramme"), 5000);
    QTest::qWait(400); // two slow refreshes: texts composed from live values
    // Every panel once in front, so its texts are visible to the walk.
    QStringList left;
    for (const char *panel : {"gimbalPanel", "px4Panel", "pilotPanel", "statsPanel", "replayPanel",
                              "motionPanel", "sessionPanel", "dryRunPanel"}) {
        w->dock(QLatin1String(panel))->raise();
        QTest::qWait(300);
        for (const QString &e : englishLeft(w.get(), english))
            if (!left.contains(e))
                left << e;
    }
    QVERIFY(saveShot(w.get(), hil::testpaths::binaryDir() +
                                  QStringLiteral("/screenshots/window-switched-de.png")));
    QVERIFY2(left.isEmpty(),
             qPrintable(QStringLiteral("English left after switching to German:\n  ") +
                        left.join(QStringLiteral("\n  "))));
    // The mode names keep the vendor's word beside the translation.
    QCOMPARE(w->findChild<QPushButton *>(QStringLiteral("modeCueingButton"))->text(),
             QStringLiteral("Bewegung\n(CUEING)"));
    // And back to English, at once as well.
    w->findChild<QAction *>(QStringLiteral("language_en"))->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(w->dock(QStringLiteral("plotsPanel"))->windowTitle(),
                              QStringLiteral("Telemetry plots"), 5000);
    QCOMPARE(w->findChild<QPushButton *>(QStringLiteral("modeCueingButton"))->text(),
             QStringLiteral("CUEING"));
}

void TestWindowLayout::layoutsArePerScreenSize()
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("layout.ini"));
    const QRect available = QGuiApplication::primaryScreen()->availableGeometry();
    const QString here =
        QStringLiteral("window/layouts/") + hil::DockLayout::screenKey(available.size());
    {
        QSettings s(file, QSettings::IniFormat);
        auto w = std::make_unique<MainWindow>(station(), &s);
        w->resize(available.size() * 3 / 4);
        w->show();
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        w->dock(QStringLiteral("gimbalPanel"))->raise();
        w->dock(QStringLiteral("statsPanel"))->hide();
        // Closing parks the motion platform first (without blocking; the platform stand-in is
        // cueing: the operator says yes to the question); the layout is saved when the window
        // really closes.
        w->setQuitConfirmHook([] { return true; });
        w->close();
        QTRY_VERIFY_WITH_TIMEOUT(!w->isVisible(), 10000);
    }
    QSettings s(file, QSettings::IniFormat);
    QVERIFY(s.contains(here + QStringLiteral("/state")));
    {
        // The same screen: the layout comes back.
        auto w = std::make_unique<MainWindow>(station(), &s);
        w->show();
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        QVERIFY(w->dock(QStringLiteral("statsPanel"))->isHidden());
    }
    // Saved on a bigger screen only (its window does not fit this one): the default layout.
    for (const QString &key : s.allKeys())
        if (key.startsWith(here))
            s.remove(key);
    s.setValue(QStringLiteral("window/frame"),
               QRect(0, 0, available.width() + 640, available.height() + 360));
    {
        auto w = std::make_unique<MainWindow>(station(), &s);
        w->show();
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        QVERIFY(!w->dock(QStringLiteral("statsPanel"))->isHidden());
    }
    // A last layout that fits this screen is used where none was saved for it.
    s.setValue(QStringLiteral("window/frame"), QRect(available.topLeft(), available.size() / 2));
    {
        auto w = std::make_unique<MainWindow>(station(), &s);
        w->show();
        QVERIFY(QTest::qWaitForWindowExposed(w.get()));
        QVERIFY(w->dock(QStringLiteral("statsPanel"))->isHidden());
    }
    QVERIFY(hil::DockLayout::fitsScreen(QRect(0, 0, 1280, 720), QRect(0, 0, 1280, 720)));
    QVERIFY(!hil::DockLayout::fitsScreen(QRect(0, 0, 1920, 1080), QRect(0, 0, 1280, 720)));
}

void TestWindowLayout::linksShowTheAddressInUse()
{
    auto w = makeWindow(QSize(1920, 1080));
    QVERIFY(w);
    waitForLiveState(w.get());
    // Each link's Address is the peer it really uses: the stand-ins' ports, bound at run time
    // (never the "host:port" placeholder).
    const QJsonObject emulators =
        station()->snapshot().value(QStringLiteral("emulators")).toObject();
    const auto port = [&](const char *emulator, const char *key) {
        return emulators.value(QLatin1String(emulator))
            .toObject()
            .value(QStringLiteral("endpoints"))
            .toObject()
            .value(QLatin1String(key))
            .toInt();
    };
    const std::pair<const char *, int> expected[] = {
        {"flightaxis", port("emulator.flightaxis", "port")},
        {"raven", port("emulator.raven", "port")},
        {"rflysim", port("emulator.rflysim", "request_port")}};
    for (const auto &e : expected) {
        QVERIFY2(e.second > 0, e.first);
        auto *address =
            w->findChild<QLineEdit *>(QLatin1String(e.first) + QStringLiteral("Address"));
        QTRY_COMPARE_WITH_TIMEOUT(address->text(), QStringLiteral("127.0.0.1:%1").arg(e.second),
                                  5000);
    }
    // PX4 connects to us: the address we listen on, the port the PX4 stand-in dialled.
    const QString px4Server = emulators.value(QStringLiteral("emulator.px4"))
                                  .toObject()
                                  .value(QStringLiteral("endpoints"))
                                  .toObject()
                                  .value(QStringLiteral("server"))
                                  .toString();
    QVERIFY(!px4Server.isEmpty());
    QTRY_COMPARE_WITH_TIMEOUT(w->findChild<QLineEdit *>(QStringLiteral("px4Address"))->text(),
                              px4Server, 5000);
}

void TestWindowLayout::eventsFollowUnlessScrolledUp()
{
    auto w = makeWindow(QSize(1280, 720));
    QVERIFY(w);
    auto *session = qobject_cast<hil::SessionPanel *>(w->panel(QStringLiteral("sessionPanel")));
    auto *list = w->findChild<QTreeWidget *>(QStringLiteral("eventList"));
    QTRY_VERIFY_WITH_TIMEOUT(list->isVisible(), 5000);
    QScrollBar *bar = list->verticalScrollBar();
    auto addEvents = [this](int n, const QString &what) {
        for (int i = 0; i < n; ++i)
            emit station()->eventRaised(hil::Event{QStringLiteral("raven"),
                                                   QStringLiteral("test.event"),
                                                   hil::Severity::Info, what.arg(i)});
    };
    addEvents(60, QStringLiteral("mode LOADING %1"));
    // Following: the newest row is in view once the list has laid it out.
    QTRY_VERIFY_WITH_TIMEOUT(bar->maximum() > 0 && bar->value() == bar->maximum(), 5000);
    QVERIFY(session->isFollowing());
    // The operator scrolls up (a click in the scroll bar above its handle: a page up): new
    // events no longer move the list...
    QTest::mouseClick(bar, Qt::LeftButton, {}, QPoint(bar->width() / 2, bar->height() / 4));
    QTRY_VERIFY_WITH_TIMEOUT(bar->value() < bar->maximum(), 5000);
    QVERIFY(!session->isFollowing());
    const int where = bar->value();
    // The stand-ins raise events of their own at any time (a slow build's loop guard, links):
    // the count is of every event since the operator scrolled up, ours among them.
    const int before = session->unseenEvents();
    addEvents(3, QStringLiteral("mode CUEING %1"));
    QTest::qWait(100);
    QCOMPARE(bar->value(), where);
    // ...and a button counts them; clicking it returns to the end and follows again.
    auto *more = w->findChild<QPushButton *>(QStringLiteral("newEventsButton"));
    QVERIFY(more && more->isVisible());
    const int unseen = session->unseenEvents();
    QVERIFY2(unseen >= before + 3, qPrintable(QString::number(unseen)));
    QVERIFY2(more->text().startsWith(QString::number(unseen) + QLatin1Char(' ')),
             qPrintable(more->text()));
    QTest::mouseClick(more, Qt::LeftButton);
    QVERIFY(!more->isVisible());
    QTRY_COMPARE_WITH_TIMEOUT(bar->value(), bar->maximum(), 5000);
    QVERIFY(session->isFollowing());
    addEvents(5, QStringLiteral("STOP %1"));
    QTRY_VERIFY_WITH_TIMEOUT(
        list->topLevelItem(list->topLevelItemCount() - 1)->text(2) == QStringLiteral("STOP 4") &&
            bar->value() == bar->maximum() &&
            !list->visualItemRect(list->topLevelItem(list->topLevelItemCount() - 1)).isEmpty(),
        5000);
}

QTEST_MAIN(TestWindowLayout)
#include "tst_windowlayout.moc"
